// Sub-targets (sub): a list of terminals of any fixed-size target, in the order a batch
// scheduler hands them out, possibly scattered and disconnected. Part k is the k-th listed
// terminal; distances between terminals are the original target's.
//
// The domains are the nodes of a bipartitioning tree over the listed terminals, built as in
// seed 001 §3.2-3.3: the original kind's deterministic matching (TargetMatcher: hypercube
// projection, grid round-robin in the bounding box, tree-leaf sibling pairing, ...) coarsens
// the listed terminals level by level; the coarsening tree, whose one-child nodes are merged
// into their child, is the bipartitioning tree. Kinds without a matcher (sub itself) are
// restricted instead: their own bipartition tree, keeping only branches with listed terminals,
// compacted the same way. Storage is linear in the list: 2·n − 1 nodes of a DomainTree.
//
// Distance between non-terminal domains: each node keeps the smallest domain of the original
// target containing its terminals (the `join` of its children's), and the distance is the
// original kind's distance between those domains: centres of bounding boxes on grids, fixed
// bits on hypercubes, exact common ancestors on tree-leaves. This costs what the original
// kind's domain distance costs (O(dimensions), no allocation), tends to the exact distance as
// domains shrink, and is exact between terminals. (An average over all pairs of terminals would
// be quadratic to precompute; one representative terminal per domain ignores domain extent.)
//
// Links (network.hpp): the original target's, with its routes (a route may pass through
// terminals that are not listed, as real traffic between allocated nodes does). Nodes: the
// listed terminals first (node k = terminal k), then the original's other nodes in their order.
#include <algorithm>
#include <ostream>
#include <utility>

#include "arch/arch_factory.hpp"
#include "arch/arch_numbers.hpp"
#include "arch/arch_registry.hpp"
#include "arch/domain_tree.hpp"
#include "arch/network.hpp"

namespace tartan {
namespace {

// The tree as it is built: leaves 0..n-1 are the listed terminals, internal nodes follow.
struct BuildTree {
  explicit BuildTree(int domain_words) : words(domain_words) {}
  int words;
  std::vector<Num> left, right;  // -1 for leaves
  std::vector<std::int64_t> region;

  Num add(Num left_child, Num right_child, const Domain& dom) {
    left.push_back(left_child);
    right.push_back(right_child);
    region.insert(region.end(), dom.word.begin(), dom.word.begin() + words);
    return Num(left.size() - 1);
  }
  Domain region_of(Num node) const {
    Domain dom;
    std::copy_n(region.begin() + std::ptrdiff_t(node) * words, words, dom.word.begin());
    return dom;
  }
};

// Domains are the nodes of the tree as built (leaves 0..n-1 are the listed terminals); the
// region of node d, the smallest parent domain holding its terminals, is region_[d·words_, ...).
class SubArch final : public TreeArchitecture, public Network {
 public:
  SubArch(ArchPtr parent, const std::vector<Num>& terminals)
      : parent_(std::move(parent)), listed_(terminals), words_(parent_->domain_words()) {
    check_list();
    BuildTree tree(words_);
    for (Num terminal : listed_) tree.add(-1, -1, parent_->terminal_domain(terminal));
    std::unique_ptr<TargetMatcher> matcher = parent_->make_matcher(listed_);
    if (matcher)
      coarsen(*matcher, tree);
    else
      restrict(tree);
    std::vector<DomainTree::Links> links(tree.left.size());
    for (std::size_t d = 0; d < links.size(); ++d) {
      links[d].son0 = tree.left[d];
      links[d].son1 = tree.right[d];
      if (tree.left[d] >= 0) links[tree.left[d]].father = links[tree.right[d]].father = Num(d);
    }
    std::vector<Num> leaf(listed_.size()), weight(listed_.size());
    for (std::size_t k = 0; k < listed_.size(); ++k) {
      leaf[k] = Num(k);
      weight[k] = parent_->terminal_weight(listed_[k]);
    }
    set_tree(DomainTree(std::move(links), std::move(leaf), weight));
    region_ = std::move(tree.region);
    parent_network_ = parent_->network();
    if (parent_network_ != nullptr) {
      sorted_listed_ = listed_;
      std::sort(sorted_listed_.begin(), sorted_listed_.end());
      position_of_sorted_.resize(listed_.size());
      std::vector<std::pair<Num, Num>> order;
      for (std::size_t k = 0; k < listed_.size(); ++k) order.emplace_back(listed_[k], Num(k));
      std::sort(order.begin(), order.end());
      for (std::size_t i = 0; i < order.size(); ++i) position_of_sorted_[i] = order[i].second;
    }
  }

  const char* kind_name() const override { return "sub"; }
  Num terminal_distance(Num a, Num b) const override {
    return parent_->terminal_distance(listed_[a], listed_[b]);
  }
  DistanceForm distance_form() const override { return DistanceForm::sub(*parent_, listed_); }
  Num domain_distance(const Domain& a, const Domain& b) const override {
    const Num node_a = node_of(a), node_b = node_of(b);
    if (tree().is_leaf(node_a) && tree().is_leaf(node_b))
      return parent_->terminal_distance(listed_[tree().min_terminal(node_a)],
                                        listed_[tree().min_terminal(node_b)]);
    return parent_->domain_distance(region(node_a), region(node_b));
  }

  const Network* network() const override { return parent_network_ ? this : nullptr; }
  Num node_count() const override { return parent_network_->node_count(); }
  LinkIndex link_count() const override { return parent_network_->link_count(); }
  Num hops(Num from, Num to) const override {
    return parent_network_->hops(listed_[from], listed_[to]);
  }
  void route(Num from, Num to, std::vector<LinkIndex>& links) const override {
    parent_network_->route(listed_[from], listed_[to], links);
  }
  double link_bandwidth(LinkIndex link) const override {
    return parent_network_->link_bandwidth(link);
  }
  std::pair<Num, Num> link_ends(LinkIndex link) const override {
    const std::pair<Num, Num> ends = parent_network_->link_ends(link);
    return {node_of_parent(ends.first), node_of_parent(ends.second)};
  }

  void save(std::ostream& out) const override {
    out << "sub " << listed_.size() << '\n';
    for (std::size_t k = 0; k < listed_.size(); ++k)
      out << parent_->terminal_label(listed_[k]) << ((k + 1) % 16 == 0 || k + 1 == listed_.size() ? '\n' : ' ');
    parent_->save(out);
  }

 private:
  Domain region(std::int64_t index) const {
    Domain dom;
    std::copy_n(region_.begin() + index * words_, words_, dom.word.begin());
    return dom;
  }

  // This target's number of node p of the original one.
  Num node_of_parent(Num p) const {
    const auto it = std::lower_bound(sorted_listed_.begin(), sorted_listed_.end(), p);
    const Num below = Num(it - sorted_listed_.begin());
    if (it != sorted_listed_.end() && *it == p) return position_of_sorted_[std::size_t(below)];
    return Num(listed_.size()) + p - below;
  }

  void check_list() const {
    if (parent_->variable_sized())
      fail_invalid(std::string("sub of a variable-sized target (") + parent_->kind_name() + ")");
    if (listed_.empty()) fail_invalid("sub with no terminal");
    const Num parent_size = parent_->size();
    std::vector<std::pair<Num, Num>> sorted;  // (terminal, position)
    sorted.reserve(listed_.size());
    for (std::size_t k = 0; k < listed_.size(); ++k) {
      if (listed_[k] < 0 || listed_[k] >= parent_size)
        fail_invalid("sub terminal " + std::to_string(k) + " is " + std::to_string(listed_[k]) +
                     ", out of range [0, " + std::to_string(parent_size) + ") of the " +
                     parent_->kind_name() + " target");
      sorted.emplace_back(listed_[k], Num(k));
    }
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t i = 1; i < sorted.size(); ++i)
      if (sorted[i].first == sorted[i - 1].first)
        fail_invalid("sub terminals " + std::to_string(sorted[i - 1].second) + " and " +
                     std::to_string(sorted[i].second) + " are both terminal " +
                     std::to_string(sorted[i].first));
  }

  // Bottom-up: coarsen with the kind's matching until one vertex is left.
  void coarsen(TargetMatcher& matcher, BuildTree& tree) const {
    std::vector<std::pair<std::int64_t, Num>> vertices;  // (label, tree node)
    vertices.reserve(listed_.size());
    for (std::size_t k = 0; k < listed_.size(); ++k)
      vertices.emplace_back(matcher.finest_label(listed_[k]), Num(k));
    std::vector<std::pair<std::int64_t, Num>> coarser;
    while (vertices.size() > 1) {
      if (!matcher.coarsen_level())
        fail(ErrorCode::internal, std::string("the ") + parent_->kind_name() +
                                      " matching stopped with several vertices left");
      for (auto& vertex : vertices) vertex.first = matcher.coarse_label(vertex.first);
      std::stable_sort(vertices.begin(), vertices.end(),
                       [](const auto& a, const auto& b) { return a.first < b.first; });
      coarser.clear();
      for (std::size_t i = 0; i < vertices.size();) {
        std::size_t end = i + 1;
        while (end < vertices.size() && vertices[end].first == vertices[i].first) ++end;
        if (end - i > 2)
          fail(ErrorCode::internal, std::string("the ") + parent_->kind_name() +
                                        " matching merged more than two vertices");
        if (end - i == 1) {
          coarser.push_back(vertices[i]);  // matched with no listed terminal: compacted away
        } else {
          const Num a = vertices[i].second, b = vertices[i + 1].second;
          const Domain joined = parent_->join(tree.region_of(a), tree.region_of(b));
          coarser.emplace_back(vertices[i].first, tree.add(a, b, joined));
        }
        i = end;
      }
      vertices.swap(coarser);
    }
  }

  // Top-down: the parent's own bipartition tree restricted to the listed terminals.
  void restrict(BuildTree& tree) const {
    struct Task {
      Domain dom;
      std::vector<Num> parts;
      Num father;  // node whose child this task fills (-1: root)
      bool right;
    };
    std::vector<Task> tasks;
    std::vector<Num> all(listed_.size());
    for (std::size_t k = 0; k < all.size(); ++k) all[k] = Num(k);
    tasks.push_back(Task{parent_->first_domain(), std::move(all), -1, false});
    while (!tasks.empty()) {
      Task task = std::move(tasks.back());
      tasks.pop_back();
      Num made;
      if (task.parts.size() == 1) {
        made = task.parts[0];
      } else {
        std::vector<Num> side0, side1;
        Domain dom = task.dom, part0, part1;
        for (;;) {
          if (!parent_->bipartition(dom, part0, part1))
            fail(ErrorCode::internal, "a terminal domain holds several sub terminals");
          side0.clear();
          side1.clear();
          for (Num part : task.parts)
            (parent_->domain_includes(part0, parent_->terminal_domain(listed_[part])) ? side0 : side1)
                .push_back(part);
          if (side0.empty()) {
            dom = part1;
          } else if (side1.empty()) {
            dom = part0;
          } else {
            break;
          }
        }
        made = tree.add(-1, -1, dom);
        tasks.push_back(Task{part1, std::move(side1), made, true});
        tasks.push_back(Task{part0, std::move(side0), made, false});
      }
      if (task.father >= 0) (task.right ? tree.right : tree.left)[task.father] = made;
    }
  }

  ArchPtr parent_;
  std::vector<Num> listed_;        // part k -> terminal of parent_
  int words_;                      // words of parent_'s domains
  std::vector<std::int64_t> region_;  // per node: words_ words of its parent_ domain
  const Network* parent_network_ = nullptr;  // null: the original has no links
  std::vector<Num> sorted_listed_;           // listed_ in increasing order
  std::vector<Num> position_of_sorted_;      // position in listed_ of each sorted_listed_ entry
};

}  // namespace

ArchPtr make_sub(ArchPtr original, const std::vector<Num>& terminals) {
  if (!original) fail_invalid("sub of no target");
  if (original->numbered_by_position() || original->variable_sized())
    return std::make_shared<SubArch>(std::move(original), terminals);
  std::vector<Num> positions(terminals.size());
  for (std::size_t k = 0; k < terminals.size(); ++k) {
    positions[k] = original->labelled_terminal(terminals[k]);
    if (positions[k] < 0)
      fail_invalid("sub terminal " + std::to_string(k) + " is " + std::to_string(terminals[k]) +
                   ", not a terminal number of the " + original->kind_name() + " target");
  }
  return std::make_shared<SubArch>(std::move(original), positions);
}

ArchPtr read_sub(io::TextReader& reader) {
  const Num count = reader.read_num_at_least("sub terminal count", 1);
  std::vector<Num> terminals;
  for (Num k = 0; k < count; ++k) terminals.push_back(reader.read_num("sub terminal"));
  const std::int64_t list_line = reader.token_line();
  ArchPtr original = read_target(reader);
  try {
    return make_sub(std::move(original), terminals);
  } catch (const Error& error) {
    reader.fail_at(error.code(), list_line, error.what());  // the list is what is wrong
  }
}

}  // namespace tartan
