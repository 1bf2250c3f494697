// What the two variable-sized kinds (arch_vcmplt.cpp, arch_vhcub.cpp) share: as many terminals
// as the mapping needs. A domain is a node of an unbounded binary tree labelled as a heap (root
// 1, children 2i and 2i+1); its number is its label, and every domain has size and weight 1
// (SCOTCH's values), so that the two halves of any bipartition weigh the same. Each kind gives
// its name and its distance.
#pragma once

#include <ostream>
#include <string>

#include "arch/arch_numbers.hpp"
#include "arch/architecture.hpp"
#include "common/error.hpp"

namespace tartan {

class VariableTreeArch : public Architecture {
 public:
  // Domain words: [0] depth, [1] label (2^depth <= label < 2^(depth+1)).
  static constexpr int kDepth = 0, kLabel = 1;
  // Deepest depth whose labels fit in Num.
  static constexpr std::int64_t kMaxDepth = kNumValueBits - 1;

  Num size() const override { return 0; }
  bool variable_sized() const override { return true; }

  Domain first_domain() const override { return node(0, 1); }
  Domain terminal_domain(Num terminal) const override {
    if (terminal < 1)
      fail_invalid("terminal " + std::to_string(terminal) + " of a variable-sized target: "
                   "numbers are domain labels, at least 1");
    return node(63 - __builtin_clzll(std::uint64_t(terminal)), terminal);
  }
  Num domain_number(const Domain& dom) const override { return Num(dom.word[kLabel]); }
  Num domain_size(const Domain&) const override { return 1; }
  Num domain_weight(const Domain&) const override { return 1; }
  Num terminal_weight(Num) const override { return 1; }

  bool bipartition(const Domain& dom, Domain& part0, Domain& part1) const override {
    if (dom.word[kDepth] >= kMaxDepth) return false;
    part0 = node(dom.word[kDepth] + 1, 2 * dom.word[kLabel]);
    part1 = node(dom.word[kDepth] + 1, 2 * dom.word[kLabel] + 1);
    return true;
  }
  bool domain_includes(const Domain& outer, const Domain& inner) const override {
    return inner.word[kDepth] >= outer.word[kDepth] &&
           (inner.word[kLabel] >> (inner.word[kDepth] - outer.word[kDepth])) == outer.word[kLabel];
  }
  Domain join(const Domain& a, const Domain& b) const override {
    std::int64_t depth = a.word[kDepth] < b.word[kDepth] ? a.word[kDepth] : b.word[kDepth];
    std::int64_t label_a = a.word[kLabel] >> (a.word[kDepth] - depth);
    std::int64_t label_b = b.word[kLabel] >> (b.word[kDepth] - depth);
    while (label_a != label_b) {
      label_a >>= 1;
      label_b >>= 1;
      --depth;
    }
    return node(depth, label_a);
  }
  int domain_words() const override { return 2; }
  void check_domain(const Domain& dom) const override {
    const std::int64_t depth = dom.word[kDepth], label = dom.word[kLabel];
    if (depth < 0 || depth > kMaxDepth || label < 1 ||
        63 - __builtin_clzll(std::uint64_t(label)) != depth)
      fail_invalid(std::string("not a domain of this ") + kind_name() + " target");
  }

  void save(std::ostream& out) const override { out << kind_name() << '\n'; }

 protected:
  static Domain node(std::int64_t depth, std::int64_t label) {
    Domain dom;
    dom.word[kDepth] = depth;
    dom.word[kLabel] = label;
    return dom;
  }
};

}  // namespace tartan
