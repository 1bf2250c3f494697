// The variable-sized complete graph (varcmplt, SCOTCH's vcmplt): the domains of
// variable_tree.hpp, at distance 0 from themselves and 1 from every other domain.
#include "arch/arch_factory.hpp"
#include "arch/arch_registry.hpp"
#include "arch/variable_tree.hpp"

namespace tartan {
namespace {

class VariableCompleteArch final : public VariableTreeArch {
 public:
  const char* kind_name() const override { return "varcmplt"; }
  Num domain_distance(const Domain& a, const Domain& b) const override {
    return a.word[kLabel] == b.word[kLabel] ? 0 : 1;
  }
};

}  // namespace

ArchPtr make_variable_complete() { return std::make_shared<VariableCompleteArch>(); }

ArchPtr read_variable_complete(io::TextReader&) { return make_variable_complete(); }

}  // namespace tartan
