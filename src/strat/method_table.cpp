// The public mapping methods. A new heuristic adds its file in src/mapping, its factory and key
// list to src/mapping/methods.hpp, and one line here; doc/strategy.md documents its parameters.
#include "strat/method_table.hpp"

#include "mapping/methods.hpp"

namespace tartan {

const MethodTable& mapping_method_table() {
  static const MethodTable table = {
      {"drb", "dual recursive bipartitioning (multilevel, FM refinement on mapping costs)",
       kDrbKeys, make_drb_method},
      {"kway", "k-way refinement of a complete mapping on the full communication cost",
       kKwayKeys, make_kway_method},
  };
  return table;
}

const MethodEntry* find_method(const MethodTable& table, const std::string& name) {
  for (const MethodEntry& entry : table)
    if (name == entry.name) return &entry;
  return nullptr;
}

}  // namespace tartan
