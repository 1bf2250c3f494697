// The variable-sized hypercube (varhcub, SCOTCH's vhcub): a domain of depth l of
// variable_tree.hpp is a sub-cube with l fixed coordinates (its label's bits below the leading
// one). The distance between two domains is the Hamming distance of the coordinates both fix
// plus half (rounded down) of those only one fixes: the expected hop count, a free coordinate
// differing from a fixed one half of the time.
#include "arch/arch_factory.hpp"
#include "arch/arch_registry.hpp"
#include "arch/variable_tree.hpp"

namespace tartan {
namespace {

class VariableHypercubeArch final : public VariableTreeArch {
 public:
  const char* kind_name() const override { return "varhcub"; }
  Num domain_distance(const Domain& a, const Domain& b) const override {
    std::int64_t depth_a = a.word[kDepth], depth_b = b.word[kDepth];
    std::uint64_t label_a = std::uint64_t(a.word[kLabel]), label_b = std::uint64_t(b.word[kLabel]);
    if (depth_a > depth_b) {
      label_a >>= depth_a - depth_b;
    } else {
      label_b >>= depth_b - depth_a;
    }
    const std::int64_t unequal = depth_a > depth_b ? depth_a - depth_b : depth_b - depth_a;
    return Num(__builtin_popcountll(label_a ^ label_b) + unequal / 2);
  }
};

}  // namespace

ArchPtr make_variable_hypercube() { return std::make_shared<VariableHypercubeArch>(); }

ArchPtr read_variable_hypercube(io::TextReader&) { return make_variable_hypercube(); }

}  // namespace tartan
