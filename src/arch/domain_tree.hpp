// The domains of the tree-shaped targets (deco 0, deco 2, sub): a full binary tree whose
// leaves are the terminals, one each; a domain is a node (Domain::word[0]). Kinds number their
// nodes as they like (files keep theirs); the tree adds what every such kind answers the same
// way: sizes, capacities, smallest terminals, and preorder ranges, so that inclusion is one
// comparison. TreeArchitecture implements those Architecture members once.
#pragma once

#include <utility>
#include <vector>

#include "arch/architecture.hpp"
#include "common/num.hpp"

namespace tartan {

class DomainTree {
 public:
  struct Links {
    Num father = -1;           // -1 at the root
    Num son0 = -1, son1 = -1;  // both -1 at a leaf
  };

  DomainTree() = default;
  // links: every node's father and sons; terminal_node[t]: the leaf of terminal t, of capacity
  // terminal_weight[t]. Throws Error(format) naming the node unless the links form one full
  // binary tree (every son's father its father, one root, every node reached once) whose
  // leaves hold the terminals one each, and Error(overflow) if a capacity sum exceeds Num.
  DomainTree(std::vector<Links> links, std::vector<Num> terminal_node,
             const std::vector<Num>& terminal_weight);

  Num node_count() const { return static_cast<Num>(nodes_.size()); }
  Num terminal_count() const { return static_cast<Num>(terminal_node_.size()); }
  Num root() const { return root_; }
  Num terminal_node(Num terminal) const { return terminal_node_[index(terminal)]; }
  const std::vector<Num>& terminal_nodes() const { return terminal_node_; }

  Num father(Num node) const { return nodes_[index(node)].links.father; }
  Num son0(Num node) const { return nodes_[index(node)].links.son0; }
  Num son1(Num node) const { return nodes_[index(node)].links.son1; }
  bool is_leaf(Num node) const { return son0(node) < 0; }
  Num size(Num node) const { return nodes_[index(node)].size; }      // terminals below
  Num weight(Num node) const { return nodes_[index(node)].weight; }  // their capacity
  Num min_terminal(Num node) const { return nodes_[index(node)].min_terminal; }
  // The subtree of a node is the preorder range [preorder, preorder_end).
  Num preorder(Num node) const { return nodes_[index(node)].preorder; }
  Num preorder_end(Num node) const { return nodes_[index(node)].preorder_end; }
  bool includes(Num outer, Num inner) const {
    return preorder(outer) <= preorder(inner) && preorder(inner) < preorder_end(outer);
  }

  static Domain domain(Num node) {
    Domain dom;
    dom.word[0] = node;
    return dom;
  }
  // The node of a domain; Error(invalid) naming kind unless dom is a domain of this tree.
  Num node_of(const Domain& dom, const char* kind) const;

 private:
  static std::size_t index(Num value) { return static_cast<std::size_t>(value); }

  struct Node {
    Links links;
    Num size = 0, weight = 0, min_terminal = 0;
    Num preorder = 0, preorder_end = 0;
  };
  std::vector<Node> nodes_;
  std::vector<Num> terminal_node_;
  Num root_ = 0;
};

// The Architecture members a tree-shaped target answers from its DomainTree. A kind derives
// from it, gives its tree to set_tree() in its constructor, and adds distances and saving.
class TreeArchitecture : public Architecture {
 public:
  Num size() const override { return tree_.terminal_count(); }
  Domain first_domain() const override { return DomainTree::domain(tree_.root()); }
  Domain terminal_domain(Num terminal) const override;
  Num domain_number(const Domain& dom) const override { return tree_.min_terminal(node_of(dom)); }
  Num domain_size(const Domain& dom) const override { return tree_.size(node_of(dom)); }
  Num domain_weight(const Domain& dom) const override { return tree_.weight(node_of(dom)); }
  bool bipartition(const Domain& dom, Domain& part0, Domain& part1) const override;
  bool domain_includes(const Domain& outer, const Domain& inner) const override {
    return tree_.includes(node_of(outer), node_of(inner));
  }
  Num terminal_weight(Num terminal) const override {
    return tree_.weight(node_of(terminal_domain(terminal)));
  }
  int domain_words() const override { return 1; }
  void check_domain(const Domain& dom) const override;
  bool numbered_by_position() const override { return labels_.empty(); }
  Num terminal_label(Num terminal) const override {
    return labels_.empty() ? terminal : labels_[static_cast<std::size_t>(terminal)];
  }
  Num labelled_terminal(Num label) const override;

 protected:
  void set_tree(DomainTree tree) { tree_ = std::move(tree); }
  // Numbers terminal t by labels[t] (increasing, non-negative: SCOTCH's deco numbering) instead
  // of by position; an identity list keeps the positions.
  void set_terminal_labels(const std::vector<Num>& labels);
  const DomainTree& tree() const { return tree_; }
  Num node_of(const Domain& dom) const { return tree_.node_of(dom, kind_name()); }

 private:
  DomainTree tree_;
  std::vector<Num> labels_;  // empty when terminals are numbered by position
};

}  // namespace tartan
