// Tree-leaf targets: tleaf (levels of a tree, top first, each with a number of children per
// node and a link cost; the terminals are the leaves in level order) and ltleaf (the same, with
// the leaves of each block of permnbr consecutive leaves renumbered: the leaf at position i of
// a block is terminal permtab[i] of that block, as in SCOTCH).
// Distance between two leaves: the link costs of every level crossed on the way up to their
// lowest common ancestor are summed (FORMATS.md). A domain is a run of sibling nodes at one
// depth; between disjoint domains every pair of leaves has the same common ancestor, so the
// distance is exact; for a domain and a domain inside it, it is half (rounded up) of the
// largest distance inside the outer one (seed 001), and 0 for a domain and itself.
//
// Links (network.hpp): every node of the tree above the leaves is a switch, numbered after the
// terminals by depth then left to right (the root is node size()). Every other node (terminal
// or switch) has a link up to its father, 2·c, and one down from it, 2·c + 1, where c is the
// node's number (less one for switches, the root having no link). Routes go up to the lowest
// common ancestor and down: 2 hops per level climbed, whatever the levels' link costs.
#include <algorithm>
#include <ostream>

#include "arch/arch_factory.hpp"
#include "arch/arch_numbers.hpp"
#include "arch/arch_registry.hpp"
#include "arch/network.hpp"

namespace tartan {
namespace {

// Domain words: [0] depth (0 = root, levels = leaves), [1] first node at that depth (nodes of a
// depth numbered left to right), [2] number of consecutive sibling nodes. Canonical form: a run
// of all the children of a node is that node, and a single node with one child is its child.
constexpr int kDepth = 0, kFirst = 1, kCount = 2;

class TreeLeafArch final : public Architecture, public Network {
 public:
  TreeLeafArch(const std::vector<Num>& sizes, const std::vector<Num>& costs,
               const std::vector<Num>& permutation)
      : sizes_(sizes), costs_(costs), permutation_(permutation) {
    if (sizes.empty()) fail_invalid("tree-leaf with no level");
    if (costs.size() != sizes.size())
      fail_invalid("tree-leaf with " + std::to_string(sizes.size()) + " level sizes but " +
                   std::to_string(costs.size()) + " link costs");
    levels_ = Num(sizes.size());
    leaves_below_.assign(sizes.size() + 1, 1);
    cost_from_.assign(sizes.size() + 1, 0);
    for (std::size_t k = sizes.size(); k-- > 0;) {
      require_at_least(sizes[k], 1, "tree-leaf size of level " + std::to_string(k));
      require_at_least(costs[k], 0, "tree-leaf link cost of level " + std::to_string(k));
      leaves_below_[k] = checked_mul(leaves_below_[k + 1], sizes[k], "number of tree-leaf terminals");
      cost_from_[k] = checked_add(cost_from_[k + 1], costs[k], "sum of tree-leaf link costs");
    }
    if (!permutation.empty()) set_permutation();
    switches_before_.assign(sizes.size() + 1, 0);
    for (std::size_t k = 0; k < sizes.size(); ++k)
      switches_before_[k + 1] = checked_add(switches_before_[k], leaves_below_[0] / leaves_below_[k],
                                            "number of tree-leaf nodes");
    node_count_ = checked_add(size(), switches_before_[sizes.size()], "number of tree-leaf nodes");
  }

  const char* kind_name() const override { return permutation_.empty() ? "tleaf" : "ltleaf"; }
  Num size() const override { return leaves_below_[0]; }

  Domain first_domain() const override { return canonical(0, 0, 1); }
  Domain terminal_domain(Num terminal) const override {
    if (terminal < 0 || terminal >= size())
      fail_invalid("terminal " + std::to_string(terminal) + " out of range [0, " +
                   std::to_string(size()) + ")");
    return run(levels_, leaf_of(terminal), 1);
  }
  Num domain_number(const Domain& dom) const override {
    const Num first = first_leaf(dom);
    if (permutation_.empty()) return first;
    const Num block = permnbr(), block_start = first - first % block;
    if (dom.word[kDepth] <= block_depth_) return first;  // whole blocks: their first terminal
    Num smallest = block;
    for (Num leaf = first; leaf < end_leaf(dom); ++leaf)
      smallest = std::min(smallest, permutation_[leaf - block_start]);
    return block_start + smallest;
  }
  Num domain_size(const Domain& dom) const override {
    return Num(dom.word[kCount]) * leaves_below_[dom.word[kDepth]];
  }
  Num domain_weight(const Domain& dom) const override { return domain_size(dom); }
  Num terminal_weight(Num) const override { return 1; }

  Num terminal_distance(Num a, Num b) const override {
    return leaf_distance(leaf_of(a), leaf_of(b));
  }
  DistanceForm distance_form() const override {
    return DistanceForm::tree_leaf(leaves_below_, cost_from_,
                                   permutation_.empty() ? nullptr : &inverse_);
  }
  Num domain_distance(const Domain& a, const Domain& b) const override {
    const Num a_first = first_leaf(a), a_end = end_leaf(a);
    const Num b_first = first_leaf(b), b_end = end_leaf(b);
    if (a_end <= b_first || b_end <= a_first) return leaf_distance(a_first, b_first);
    if (a_first == b_first && a_end == b_end) return 0;
    // Nested: half the largest distance inside the larger one.
    const Domain& outer = (a_end - a_first >= b_end - b_first) ? a : b;
    const Num inside = outer.word[kCount] == 1 ? cost_from_[outer.word[kDepth]]
                                               : cost_from_[outer.word[kDepth] - 1];
    return (inside + 1) / 2;
  }

  bool bipartition(const Domain& dom, Domain& part0, Domain& part1) const override {
    Num depth = Num(dom.word[kDepth]), first = Num(dom.word[kFirst]), count = Num(dom.word[kCount]);
    if (count == 1) {
      if (depth == levels_) return false;
      first *= sizes_[depth];
      count = sizes_[depth];
      ++depth;
    }
    const Num half = (count + 1) / 2;
    part0 = canonical(depth, first, half);
    part1 = canonical(depth, first + half, count - half);
    return true;
  }
  bool domain_includes(const Domain& outer, const Domain& inner) const override {
    return first_leaf(inner) >= first_leaf(outer) && end_leaf(inner) <= end_leaf(outer);
  }
  Domain join(const Domain& a, const Domain& b) const override {
    const Num low = std::min(first_leaf(a), first_leaf(b));
    const Num high = std::max(end_leaf(a), end_leaf(b)) - 1;
    Num depth = levels_;  // deepest depth where low and high share their ancestor
    while (low / leaves_below_[depth] != high / leaves_below_[depth]) --depth;
    if (depth == levels_) return run(depth, low, 1);
    const Num child_leaves = leaves_below_[depth + 1];
    return canonical(depth + 1, low / child_leaves, high / child_leaves - low / child_leaves + 1);
  }
  int domain_words() const override { return 3; }
  void check_domain(const Domain& dom) const override {
    const std::int64_t depth = dom.word[kDepth], first = dom.word[kFirst], count = dom.word[kCount];
    bool valid = depth >= 0 && depth <= levels_ && first >= 0 && count >= 1;
    if (valid) {
      const Num nodes = leaves_below_[0] / leaves_below_[depth];
      valid = first < nodes && count <= nodes - first;
      if (valid && depth > 0)  // siblings: one parent
        valid = first / sizes_[depth - 1] == (first + count - 1) / sizes_[depth - 1];
    }
    if (valid) valid = canonical(Num(depth), Num(first), Num(count)) == dom;
    if (!valid) fail_invalid(std::string("not a domain of this ") + kind_name() + " target");
  }

  std::unique_ptr<TargetMatcher> make_matcher(const std::vector<Num>&) const override {
    return std::make_unique<SiblingMatcher>(*this);
  }

  const Network* network() const override { return this; }
  Num node_count() const override { return node_count_; }
  LinkIndex link_count() const override { return 2 * (LinkIndex(node_count_) - 1); }
  Num hops(Num from, Num to) const override {
    Num a = leaf_of(from), b = leaf_of(to), climbed = 0;
    for (Num depth = levels_; a != b; ++climbed) {
      --depth;
      a /= sizes_[depth];
      b /= sizes_[depth];
    }
    return 2 * climbed;
  }
  void route(Num from, Num to, std::vector<LinkIndex>& links) const override {
    Num a = leaf_of(from), b = leaf_of(to);
    Num depth = levels_;
    for (; a != b; --depth) {
      links.push_back(2 * link_child(node_at(depth, a)));  // up from a's ancestor
      a /= sizes_[depth - 1];
      b /= sizes_[depth - 1];
    }
    // Down links, from the common ancestor to `to`: climb again from `to`, then reverse.
    const std::size_t first_down = links.size();
    Num c = leaf_of(to);
    for (Num k = levels_; k > depth; --k) {
      links.push_back(2 * link_child(node_at(k, c)) + 1);
      c /= sizes_[k - 1];
    }
    std::reverse(links.begin() + std::ptrdiff_t(first_down), links.end());
  }
  std::pair<Num, Num> link_ends(LinkIndex link) const override {
    check_link_index(link, link_count());
    const Num child = Num(link / 2) < size() ? Num(link / 2) : Num(link / 2) + 1;
    Num depth = levels_, position;
    if (child < size()) {
      position = leaf_of(child);
    } else {
      const Num rank = child - size();
      depth = 0;
      while (switches_before_[depth + 1] <= rank) ++depth;
      position = rank - switches_before_[depth];
    }
    const Num father = node_at(depth - 1, position / sizes_[depth - 1]);
    return link % 2 == 0 ? std::make_pair(child, father) : std::make_pair(father, child);
  }

  void save(std::ostream& out) const override {
    out << kind_name() << ' ' << levels_;
    for (std::size_t k = 0; k < sizes_.size(); ++k) out << ' ' << sizes_[k] << ' ' << costs_[k];
    if (!permutation_.empty()) {
      out << '\n' << permnbr();
      for (Num terminal : permutation_) out << ' ' << terminal;
    }
    out << '\n';
  }

 private:
  // Pairs consecutive siblings at the deepest level that still has several children per node,
  // odd counts leaving the last child alone and the first one alternately; a level reduced to
  // one child per node disappears. Labels are leaf positions (ltleaf permutation applied).
  class SiblingMatcher final : public TargetMatcher {
   public:
    explicit SiblingMatcher(const TreeLeafArch& tree) : tree_(tree), children_(tree.sizes_) {}
    std::int64_t finest_label(Num terminal) const override { return tree_.leaf_of(terminal); }
    bool coarsen_level() override {
      std::size_t level = children_.size();
      while (level > 0 && children_[level - 1] == 1) --level;
      if (level == 0) return false;
      level_ = level - 1;
      previous_ = children_[level_];
      offset_ = 0;
      if (previous_ % 2 == 1) {
        offset_ = start_low_ ? 1 : 0;
        start_low_ = !start_low_;
      }
      children_[level_] = (previous_ + 1) / 2;
      return true;
    }
    std::int64_t coarse_label(std::int64_t label) const override {
      // Levels below level_ have one child each here, so label = parent · previous_ + child.
      return (label / previous_) * children_[level_] + (label % previous_ + offset_) / 2;
    }

   private:
    const TreeLeafArch& tree_;
    std::vector<Num> children_;  // children per node of each level, at the current level
    std::size_t level_ = 0;
    Num previous_ = 1;
    Num offset_ = 0;
    bool start_low_ = false;
  };

  void set_permutation() {
    const Num count = Num(permutation_.size());
    block_depth_ = -1;
    for (Num k = levels_; k >= 0; --k)
      if (leaves_below_[k] == count) block_depth_ = k;
    if (block_depth_ < 0)
      fail_invalid("permutation of " + std::to_string(count) +
                   " entries: must be 1 or the number of leaves under the nodes of some level");
    inverse_.assign(permutation_.size(), -1);
    for (Num i = 0; i < count; ++i) {
      const Num terminal = permutation_[i];
      if (terminal < 0 || terminal >= count)
        fail_invalid("permutation entry " + std::to_string(i) + " is " +
                     std::to_string(terminal) + ", out of range [0, " + std::to_string(count) +
                     ")");
      if (inverse_[terminal] >= 0)
        fail_invalid("permutation entries " + std::to_string(inverse_[terminal]) + " and " +
                     std::to_string(i) + " are both " + std::to_string(terminal) +
                     ": not a permutation");
      inverse_[terminal] = i;
    }
  }

  // Node number of the tree node at `position` (left to right) of a depth.
  Num node_at(Num depth, Num position) const {
    if (depth == levels_) return terminal_at(position);
    return size() + switches_before_[depth] + position;
  }
  // The terminal at a leaf position (inverse of leaf_of).
  Num terminal_at(Num leaf) const {
    if (permutation_.empty()) return leaf;
    const Num block = permnbr();
    return leaf - leaf % block + permutation_[leaf % block];
  }
  // Number c of a non-root node in the link numbering (links 2·c up and 2·c + 1 down).
  LinkIndex link_child(Num node) const { return node < size() ? node : node - 1; }

  Num permnbr() const { return Num(permutation_.size()); }
  Num leaf_of(Num terminal) const {
    if (permutation_.empty()) return terminal;
    const Num block = permnbr();
    return terminal - terminal % block + inverse_[terminal % block];
  }
  Num first_leaf(const Domain& dom) const {
    return Num(dom.word[kFirst]) * leaves_below_[dom.word[kDepth]];
  }
  Num end_leaf(const Domain& dom) const {
    return Num(dom.word[kFirst] + dom.word[kCount]) * leaves_below_[dom.word[kDepth]];
  }
  Num leaf_distance(Num a, Num b) const {
    Num depth = levels_;
    while (a != b) {
      --depth;
      a /= sizes_[depth];
      b /= sizes_[depth];
    }
    return cost_from_[depth];
  }

  static Domain run(Num depth, Num first, Num count) {
    Domain dom;
    dom.word[kDepth] = depth;
    dom.word[kFirst] = first;
    dom.word[kCount] = count;
    return dom;
  }
  Domain canonical(Num depth, Num first, Num count) const {
    if (depth > 0 && count >= 2 && count == sizes_[depth - 1]) {  // all children: the parent
      first /= count;
      count = 1;
      --depth;
    }
    while (count == 1 && depth < levels_ && sizes_[depth] == 1) ++depth;  // only child
    return run(depth, first, count);
  }

  Num levels_ = 0;
  std::vector<Num> sizes_, costs_;
  std::vector<Num> permutation_;  // ltleaf: leaf position in a block -> terminal in the block
  std::vector<Num> inverse_;      // terminal in a block -> leaf position
  Num block_depth_ = 0;           // depth of the nodes whose leaves form one block
  std::vector<Num> leaves_below_; // leaves under a node of each depth
  std::vector<Num> cost_from_;    // cost_from_[k]: sum of the link costs of levels k..levels-1
  std::vector<Num> switches_before_;  // switches at depths above k (k = levels: all of them)
  Num node_count_ = 0;               // terminals and switches
};

}  // namespace

ArchPtr make_tleaf(const std::vector<Num>& sizes, const std::vector<Num>& link_costs) {
  return std::make_shared<TreeLeafArch>(sizes, link_costs, std::vector<Num>());
}

ArchPtr make_ltleaf(const std::vector<Num>& sizes, const std::vector<Num>& link_costs,
                    const std::vector<Num>& permutation) {
  if (permutation.empty()) fail_invalid("ltleaf permutation has no entry");
  return std::make_shared<TreeLeafArch>(sizes, link_costs, permutation);
}

namespace {

void read_levels(io::TextReader& reader, std::vector<Num>& sizes, std::vector<Num>& costs) {
  const Num levels = reader.read_num_at_least("number of tree-leaf levels", 1);
  for (Num k = 0; k < levels; ++k) {
    sizes.push_back(reader.read_num_at_least("tree-leaf level size", 1));
    costs.push_back(reader.read_num_at_least("tree-leaf link cost", 0));
  }
}

}  // namespace

ArchPtr read_tleaf(io::TextReader& reader) {
  std::vector<Num> sizes, costs;
  read_levels(reader, sizes, costs);
  return reader.located([&] { return make_tleaf(sizes, costs); });
}

ArchPtr read_ltleaf(io::TextReader& reader) {
  std::vector<Num> sizes, costs;
  read_levels(reader, sizes, costs);
  const Num count = reader.read_num_at_least("ltleaf permutation size", 1);
  Num leaves = 1;
  for (Num size : sizes)
    leaves =
        reader.located([&] { return checked_mul(leaves, size, "number of tree-leaf terminals"); });
  if (count > leaves)
    reader.fail_at_token(ErrorCode::format, "ltleaf permutation size '" + std::to_string(count) +
                                                "' exceeds the " + std::to_string(leaves) +
                                                " terminals");
  std::vector<Num> permutation;
  for (Num i = 0; i < count; ++i)
    permutation.push_back(reader.read_num("ltleaf permutation entry"));
  return reader.located([&] { return make_ltleaf(sizes, costs, permutation); });
}

}  // namespace tartan
