// Targets of hwloc topologies (model in hwloc_topology.hpp). The only file including hwloc.h.
#include "arch/hwloc_topology.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <unordered_map>
#include <utility>

#include "arch/arch_factory.hpp"
#include "common/error.hpp"
#include "io/text_reader.hpp"

#if HAVE_HWLOC
#include <hwloc.h>
#endif

namespace tartan {

namespace {

constexpr const char* kLevelClassNames[kHwlocLevelClassCount] = {"core",    "cache",   "group",
                                                                 "package", "machine", "cluster"};

// Parses a cost value: a whole integer, >= 1, within Num.
Num parse_cost_value(const std::string& item, const std::string& value, const std::string& text) {
  const auto bad = [&](const char* why) -> Num {
    fail_format("hwloc cost string \"" + text + "\": item \"" + item + "\": " + why);
  };
  if (value.empty()) return bad("missing value after '='");
  Num parsed = 0;
  switch (io::parse_num(value.data(), value.data() + value.size(), parsed)) {
    case io::ParseStatus::not_a_number: return bad("the cost must be a positive integer");
    case io::ParseStatus::overflow: return bad("the cost is too large");
    case io::ParseStatus::ok: break;
  }
  if (parsed < 1) return bad("the cost must be at least 1");
  return parsed;
}

}  // namespace

const char* hwloc_level_class_name(HwlocLevelClass level) {
  return kLevelClassNames[static_cast<int>(level)];
}

HwlocCosts parse_hwloc_costs(const std::string& text, HwlocCosts base) {
  std::size_t position = 0;
  while (position < text.size()) {
    const auto is_separator = [](char c) {
      return c == ',' || std::isspace(static_cast<unsigned char>(c));
    };
    if (is_separator(text[position])) {
      ++position;
      continue;
    }
    std::size_t end = position;
    while (end < text.size() && !is_separator(text[end])) ++end;
    const std::string item = text.substr(position, end - position);
    position = end;

    const std::size_t equals = item.find('=');
    if (equals == std::string::npos)
      fail_format("hwloc cost string \"" + text + "\": item \"" + item +
                  "\" is not of the form class=cost");
    const std::string key = item.substr(0, equals);
    const auto* found = std::find_if(std::begin(kLevelClassNames), std::end(kLevelClassNames),
                                     [&](const char* name) { return key == name; });
    if (found == std::end(kLevelClassNames))
      fail_format("hwloc cost string \"" + text + "\": unknown level class \"" + key +
                  "\" (expected core, cache, group, package, machine or cluster)");
    base.cost[found - std::begin(kLevelClassNames)] =
        parse_cost_value(item, item.substr(equals + 1), text);
  }
  return base;
}

HwlocCosts hwloc_costs_from_environment() {
  const char* text = std::getenv("TARTAN_HWLOC_COSTS");
  if (text == nullptr) return HwlocCosts{};
  try {
    return parse_hwloc_costs(text);
  } catch (const Error& error) {
    fail(error.code(), std::string("environment variable TARTAN_HWLOC_COSTS: ") + error.what());
  }
}

ArchPtr target_from_pu_tree(const PuTree& tree, const HwlocCosts& costs) {
  const std::size_t pu_count = tree.paths.size();
  const std::size_t depth_count = tree.levels.size();
  if (pu_count == 0) fail_invalid("the topology has no allowed PU");
  if (pu_count > static_cast<std::size_t>(std::numeric_limits<Num>::max()))
    fail(ErrorCode::overflow, "the topology has more PUs than TARTAN_Num can count");

  // Largest arity per depth; the tleaf keeps the depths that branch.
  std::vector<Num> arity(depth_count, 1);
  for (std::size_t pu = 0; pu < pu_count; ++pu) {
    const std::vector<Num>& path = tree.paths[pu];
    if (path.size() != depth_count)
      fail_invalid("PU " + std::to_string(pu) + " has a path of " + std::to_string(path.size()) +
                   " ranks in a tree of " + std::to_string(depth_count) + " levels");
    for (std::size_t depth = 0; depth < depth_count; ++depth) {
      if (path[depth] < 0 || path[depth] == std::numeric_limits<Num>::max())
        fail_invalid("PU " + std::to_string(pu) + " has an invalid rank at depth " +
                     std::to_string(depth));
      arity[depth] = std::max(arity[depth], path[depth] + 1);
    }
  }

  std::vector<Num> sizes;
  std::vector<Num> link_costs;
  std::vector<std::size_t> kept_depths;
  Num leaf_count = 1;
  for (std::size_t depth = 0; depth < depth_count; ++depth) {
    if (arity[depth] == 1) continue;
    if (__builtin_mul_overflow(leaf_count, arity[depth], &leaf_count))
      fail(ErrorCode::overflow,
           "the regular tree of this topology has more leaves than TARTAN_Num can count");
    kept_depths.push_back(depth);
    sizes.push_back(arity[depth]);
    link_costs.push_back(costs.of(tree.levels[depth]));
  }
  if (sizes.empty()) {  // a single PU: a one-leaf tree
    sizes.push_back(1);
    link_costs.push_back(costs.of(HwlocLevelClass::core));
  }

  // Leaf of each PU in the regular tree: its ranks read as a mixed-radix number, top first.
  std::vector<Num> leaves(pu_count);
  bool identity = static_cast<Num>(pu_count) == leaf_count;
  for (std::size_t pu = 0; pu < pu_count; ++pu) {
    Num leaf = 0;
    for (std::size_t depth : kept_depths) leaf = leaf * arity[depth] + tree.paths[pu][depth];
    leaves[pu] = leaf;
    identity = identity && leaf == static_cast<Num>(pu);
  }

  ArchPtr regular = make_tleaf(sizes, link_costs);
  if (identity) return regular;

  std::vector<Num> sorted(leaves);
  std::sort(sorted.begin(), sorted.end());
  const auto repeated = std::adjacent_find(sorted.begin(), sorted.end());
  if (repeated != sorted.end())
    fail_invalid("two PUs have the same path in the topology tree (leaf " +
                 std::to_string(*repeated) + ")");
  return make_sub(regular, leaves);
}

#if HAVE_HWLOC

bool hwloc_supported() { return true; }

namespace {

// Owns an hwloc topology for a scope.
class Topology {
 public:
  Topology() {
    if (hwloc_topology_init(&topology_) != 0)
      fail(ErrorCode::no_memory, "hwloc could not initialise a topology");
    // Only processing objects matter; I/O discovery is slow and irrelevant here.
    hwloc_topology_set_io_types_filter(topology_, HWLOC_TYPE_FILTER_KEEP_NONE);
    hwloc_topology_set_type_filter(topology_, HWLOC_OBJ_MISC, HWLOC_TYPE_FILTER_KEEP_NONE);
  }
  ~Topology() { hwloc_topology_destroy(topology_); }
  Topology(const Topology&) = delete;
  Topology& operator=(const Topology&) = delete;
  hwloc_topology_t get() const { return topology_; }

 private:
  hwloc_topology_t topology_ = nullptr;
};

// The class of the level formed by the children of the objects at depth `depth`.
HwlocLevelClass level_class_at(hwloc_topology_t topology, int depth) {
  if (hwloc_get_depth_type(topology, depth + 1) == HWLOC_OBJ_MACHINE)
    return HwlocLevelClass::cluster;
  const hwloc_obj_type_t type = hwloc_get_depth_type(topology, depth);
  if (type == HWLOC_OBJ_CORE) return HwlocLevelClass::core;
  if (hwloc_obj_type_is_cache(type)) return HwlocLevelClass::cache;
  if (type == HWLOC_OBJ_PACKAGE) return HwlocLevelClass::package;
  if (type == HWLOC_OBJ_MACHINE) return HwlocLevelClass::machine;
  if (type == HWLOC_OBJ_GROUP) {
    // A group inside a package (dies, sub-NUMA clusters) or one gathering packages.
    hwloc_obj_t first = hwloc_get_obj_by_depth(topology, depth, 0);
    const bool inside_package =
        first != nullptr && hwloc_get_ancestor_obj_by_type(topology, HWLOC_OBJ_PACKAGE, first);
    return inside_package ? HwlocLevelClass::group : HwlocLevelClass::machine;
  }
  return HwlocLevelClass::group;  // HWLOC_OBJ_DIE and any future kind inside a package
}

// The PU tree of a loaded topology.
PuTree tree_of(hwloc_topology_t topology) {
  const int pu_depth = hwloc_get_type_depth(topology, HWLOC_OBJ_PU);
  if (pu_depth < 0) fail_invalid("the topology has no PU");
  const unsigned pu_count = hwloc_get_nbobjs_by_depth(topology, pu_depth);
  if (pu_count == 0) fail_invalid("the topology has no allowed PU");

  PuTree tree;
  for (int depth = 0; depth < pu_depth; ++depth)
    tree.levels.push_back(level_class_at(topology, depth));
  tree.paths.assign(pu_count, std::vector<Num>(pu_depth, 0));

  // A branch may skip a depth (no object of that depth above some PUs); the PU then counts
  // its nearest deeper ancestor at that depth too, which keeps the partitions nested.
  std::vector<hwloc_obj_t> ancestors;
  std::vector<hwloc_obj_t> node_at(pu_depth + 1);
  // Per node: its last child seen and how many distinct children so far. PUs come in logical
  // order, a depth-first order, so each node's children arrive contiguously.
  std::unordered_map<hwloc_obj_t, std::pair<hwloc_obj_t, Num>> children_seen;
  for (unsigned pu = 0; pu < pu_count; ++pu) {
    ancestors.clear();
    for (hwloc_obj_t obj = hwloc_get_obj_by_depth(topology, pu_depth, pu); obj != nullptr;
         obj = obj->parent)
      ancestors.push_back(obj);
    std::size_t index = 0;
    for (int depth = pu_depth; depth >= 0; --depth) {
      while (index + 1 < ancestors.size() && ancestors[index + 1]->depth >= depth) ++index;
      node_at[depth] = ancestors[index];
    }
    for (int depth = 0; depth < pu_depth; ++depth) {
      auto& seen = children_seen[node_at[depth]];
      if (seen.first != node_at[depth + 1]) {
        seen.first = node_at[depth + 1];
        ++seen.second;
      }
      tree.paths[pu][depth] = seen.second - 1;
    }
  }
  return tree;
}

void load(const Topology& topology, const std::string& what) {
  if (hwloc_topology_load(topology.get()) != 0)
    fail_format("hwloc could not load " + what + ": " + std::strerror(errno) +
                " (set HWLOC_XML_VERBOSE=1 or HWLOC_SYNTHETIC_VERBOSE=1 to see hwloc's reason)");
}

}  // namespace

PuTree hwloc_machine_tree() {
  // hwloc's default flags (no HWLOC_TOPOLOGY_FLAG_INCLUDE_DISALLOWED) already drop the PUs
  // outside the allowed set (cgroup/cpuset); the process's binding is deliberately not applied
  // (HWLOC_TOPOLOGY_FLAG_RESTRICT_TO_CPUBINDING): a rank bound to one core still wants the
  // target of the whole allocation.
  Topology topology;
  if (hwloc_topology_load(topology.get()) != 0)
    fail(ErrorCode::io, std::string("hwloc could not discover this machine: ") +
                            std::strerror(errno));
  return tree_of(topology.get());
}

PuTree hwloc_xml_tree(const std::string& path) {
  // hwloc's own failure does not tell a missing file from a malformed one: look first.
  std::FILE* probe = std::fopen(path.c_str(), "rb");
  if (probe == nullptr)
    fail(ErrorCode::io, "cannot open hwloc XML file \"" + path + "\": " + std::strerror(errno));
  std::fclose(probe);
  Topology topology;
  if (hwloc_topology_set_xml(topology.get(), path.c_str()) != 0)
    fail_format("hwloc rejected the XML file \"" + path + "\": " + std::strerror(errno));
  load(topology, "the XML file \"" + path + "\"");
  return tree_of(topology.get());
}

PuTree hwloc_synthetic_tree(const std::string& description) {
  Topology topology;
  if (hwloc_topology_set_synthetic(topology.get(), description.c_str()) != 0)
    fail_format("hwloc rejected the synthetic description \"" + description +
                "\" (expected levels such as \"pack:2 numa:2 core:8 pu:2\"; set "
                "HWLOC_SYNTHETIC_VERBOSE=1 to see hwloc's reason)");
  load(topology, "the synthetic description \"" + description + "\"");
  return tree_of(topology.get());
}

#else  // !HAVE_HWLOC

bool hwloc_supported() { return false; }

namespace {
[[noreturn]] void fail_without_hwloc() {
  fail(ErrorCode::not_supported,
       "this Tartan was built without hwloc: targets of machine topologies are unavailable "
       "(install hwloc >= 2.0 and configure --with-hwloc)");
}
}  // namespace

PuTree hwloc_machine_tree() { fail_without_hwloc(); }
PuTree hwloc_xml_tree(const std::string&) { fail_without_hwloc(); }
PuTree hwloc_synthetic_tree(const std::string&) { fail_without_hwloc(); }

#endif  // HAVE_HWLOC

ArchPtr hwloc_machine_target(const HwlocCosts& costs) {
  return target_from_pu_tree(hwloc_machine_tree(), costs);
}

ArchPtr hwloc_xml_target(const std::string& path, const HwlocCosts& costs) {
  return target_from_pu_tree(hwloc_xml_tree(path), costs);
}

ArchPtr hwloc_synthetic_target(const std::string& description, const HwlocCosts& costs) {
  return target_from_pu_tree(hwloc_synthetic_tree(description), costs);
}

}  // namespace tartan
