// What a target kind tells DistanceOracle about its terminal distances (Architecture::
// distance_form), so that the oracle computes them by a closed form instead of one virtual call
// per query. A form points into its architecture's own members: it is valid as long as the
// architecture is.
#pragma once

#include <vector>

#include "common/num.hpp"

namespace tartan {

class Architecture;

struct DistanceForm {
  enum class Kind {
    generic,    // ask Architecture::terminal_distance (deco 0, deco 2, varcmplt, varhcub)
    complete,   // 1 between distinct terminals (cmplt, cmpltw)
    hypercube,  // Hamming distance of the terminal numbers (hcub)
    grid,       // meshes and tori: per dimension |xa - xb|, or the shorter way round a ring, summed
    tree_leaf,  // tleaf, ltleaf: cost of the levels below the lowest common ancestor
    sub,        // the parent's distance between the listed terminals
  };
  Kind kind = Kind::generic;
  // generic: one answer costs far more than a cache probe (deco 2 merges walk profiles), so the
  // oracle keeps a bounded cache of the pairs it has answered.
  bool costly = false;

  // grid: terminal x0 + x1·dims[0] + x2·dims[0]·dims[1] + ...; wrap for tori.
  const std::vector<Num>* dims = nullptr;
  bool wrap = false;

  // tree_leaf, over depths 0 (root) to L (leaves): leaves_below[d] leaves under a node of depth
  // d, cost_from[d] the distance between two leaves whose lowest common ancestor has depth d.
  // ltleaf: leaves are renumbered by blocks of leaf_in_block->size() consecutive leaves, and
  // terminal t is the leaf at position (*leaf_in_block)[t % block] of its block (null for tleaf).
  const std::vector<Num>* leaves_below = nullptr;
  const std::vector<Num>* cost_from = nullptr;
  const std::vector<Num>* leaf_in_block = nullptr;

  // sub: terminal k is terminal (*parent_terminals)[k] of *parent.
  const Architecture* parent = nullptr;
  const std::vector<Num>* parent_terminals = nullptr;

  static DistanceForm of_kind(Kind kind) {
    DistanceForm form;
    form.kind = kind;
    return form;
  }
  static DistanceForm costly_generic() {
    DistanceForm form;
    form.costly = true;
    return form;
  }
  static DistanceForm grid(const std::vector<Num>& dims, bool wrap) {
    DistanceForm form = of_kind(Kind::grid);
    form.dims = &dims;
    form.wrap = wrap;
    return form;
  }
  static DistanceForm tree_leaf(const std::vector<Num>& leaves_below,
                                const std::vector<Num>& cost_from,
                                const std::vector<Num>* leaf_in_block) {
    DistanceForm form = of_kind(Kind::tree_leaf);
    form.leaves_below = &leaves_below;
    form.cost_from = &cost_from;
    form.leaf_in_block = leaf_in_block;
    return form;
  }
  static DistanceForm sub(const Architecture& parent, const std::vector<Num>& parent_terminals) {
    DistanceForm form = of_kind(Kind::sub);
    form.parent = &parent;
    form.parent_terminals = &parent_terminals;
    return form;
  }
};

}  // namespace tartan
