// Domain trees of the tree-shaped targets (see domain_tree.hpp).
#include "arch/domain_tree.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "arch/arch_numbers.hpp"
#include "common/error.hpp"

namespace tartan {

namespace {

std::string str(Num value) { return std::to_string(value); }

}  // namespace

DomainTree::DomainTree(std::vector<Links> links, std::vector<Num> terminal_node,
                       const std::vector<Num>& terminal_weight)
    : terminal_node_(std::move(terminal_node)) {
  const Num count = static_cast<Num>(links.size());
  nodes_.resize(links.size());
  root_ = -1;
  for (Num d = 0; d < count; ++d) {
    const Links& l = links[index(d)];
    for (Num linked : {l.father, l.son0, l.son1})
      if (linked < -1 || linked >= count)
        fail_format("domain " + str(d) + " is linked to domain " + str(linked) + ", outside [0, " +
                    str(count) + ")");
    if ((l.son0 < 0) != (l.son1 < 0)) fail_format("domain " + str(d) + " has a single son");
    for (Num son : {l.son0, l.son1})
      if (son >= 0 && links[index(son)].father != d)
        fail_format("domain " + str(son) + " is a son of domain " + str(d) + " but names domain " +
                    str(links[index(son)].father) + " as its father");
    if (l.father < 0) {
      if (root_ >= 0) fail_format("domains " + str(root_) + " and " + str(d) + " are both roots");
      root_ = d;
    }
    nodes_[index(d)].links = l;
  }
  if (root_ < 0) fail_format("no domain is the root");

  // Preorder ranges by an explicit stack (trees of unbalanced targets can be deep).
  std::vector<char> seen(index(count), 0);
  std::vector<std::pair<Num, bool>> stack{{root_, false}};  // (node, closing)
  Num next = 0;
  while (!stack.empty()) {
    const auto [d, closing] = stack.back();
    stack.pop_back();
    Node& node = nodes_[index(d)];
    if (closing) {
      node.preorder_end = next;
      continue;
    }
    if (seen[index(d)]) fail_format("domain " + str(d) + " is reached twice from the root");
    seen[index(d)] = 1;
    node.preorder = next++;
    stack.emplace_back(d, true);
    if (node.links.son0 >= 0) {
      stack.emplace_back(node.links.son1, false);
      stack.emplace_back(node.links.son0, false);
    }
  }
  if (next != count) fail_format(str(count - next) + " domains are not reachable from the root");

  std::vector<Num> leaf_terminal(index(count), -1);
  for (Num t = 0; t < terminal_count(); ++t) {
    const Num d = terminal_node_[index(t)];
    if (d < 0 || d >= count || !is_leaf(d) || leaf_terminal[index(d)] >= 0)
      fail_format("terminal " + str(t) + " is not alone in a leaf domain");
    leaf_terminal[index(d)] = t;
  }
  // Sizes, capacities and smallest terminals bottom-up: sons follow their father in preorder.
  std::vector<Num> by_preorder(index(count));
  for (Num d = 0; d < count; ++d) by_preorder[index(nodes_[index(d)].preorder)] = d;
  for (Num k = count - 1; k >= 0; --k) {
    const Num d = by_preorder[index(k)];
    Node& node = nodes_[index(d)];
    if (is_leaf(d)) {
      const Num t = leaf_terminal[index(d)];
      if (t < 0) fail_format("leaf domain " + str(d) + " holds no terminal");
      node.size = 1;
      node.weight = terminal_weight[index(t)];
      node.min_terminal = t;
      continue;
    }
    const Node& s0 = nodes_[index(node.links.son0)];
    const Node& s1 = nodes_[index(node.links.son1)];
    node.size = s0.size + s1.size;
    node.weight = checked_add(s0.weight, s1.weight, "domain capacity");
    node.min_terminal = std::min(s0.min_terminal, s1.min_terminal);
  }
}

Num DomainTree::node_of(const Domain& dom, const char* kind) const {
  const std::int64_t node = dom.word[0];
  if (node < 0 || node >= static_cast<std::int64_t>(nodes_.size()))
    fail_invalid("domain " + std::to_string(node) + " does not belong to this " + kind + " target");
  return static_cast<Num>(node);
}

Domain TreeArchitecture::terminal_domain(Num terminal) const {
  if (terminal < 0 || terminal >= size())
    fail_invalid("terminal " + std::to_string(terminal) + " is outside [0, " +
                 std::to_string(size()) + ")");
  return DomainTree::domain(tree_.terminal_node(terminal));
}

bool TreeArchitecture::bipartition(const Domain& dom, Domain& part0, Domain& part1) const {
  const Num node = node_of(dom);
  if (tree_.is_leaf(node)) return false;
  part0 = DomainTree::domain(tree_.son0(node));
  part1 = DomainTree::domain(tree_.son1(node));
  return true;
}

void TreeArchitecture::check_domain(const Domain& dom) const {
  node_of(dom);
  for (int w = 1; w < Domain::kWords; ++w)
    if (dom.word[static_cast<std::size_t>(w)] != 0)
      fail_invalid(std::string("malformed ") + kind_name() + " domain (extra words set)");
}

void TreeArchitecture::set_terminal_labels(const std::vector<Num>& labels) {
  bool identity = true;
  for (std::size_t t = 0; t < labels.size(); ++t) identity = identity && labels[t] == Num(t);
  if (identity) {
    labels_.clear();
    return;
  }
  labels_ = labels;
}

Num TreeArchitecture::labelled_terminal(Num label) const {
  if (labels_.empty()) return label >= 0 && label < size() ? label : -1;
  const auto at = std::lower_bound(labels_.begin(), labels_.end(), label);
  return at != labels_.end() && *at == label ? static_cast<Num>(at - labels_.begin()) : -1;
}

}  // namespace tartan
