// The geometry of the machine behind a target, for pictures (`tartan draw target`): how its
// terminals sit in a grid, a hypercube or a tree. It is read from the kind's DistanceForm, the
// closed form the distances already come from, so every kind with a geometric distance has a
// shape and no kind has to describe itself twice. A `sub` target has the shape of the target it
// restricts, with its terminals placed where they are in that whole machine.
#pragma once

#include <vector>

#include "arch/architecture.hpp"
#include "common/num.hpp"

namespace tartan {

struct ArchShape {
  enum class Kind { none, mesh, torus, hypercube, tree };
  Kind kind = Kind::none;
  // mesh, torus: nodes per dimension; hypercube: 2 per dimension; tree: children per node of
  // each level, top first; none: empty.
  std::vector<Num> dims;
  // Terminals of the whole machine (product of dims; the terminal count for none).
  Num node_count = 0;
  // place[t]: position of terminal t in the whole machine: grid number x0 + x1·dims[0] + ...,
  // hypercube node, leaf index left to right.
  std::vector<Num> place;
};

// The shape of arch; variable-sized kinds have none, with no terminals.
ArchShape arch_shape(const Architecture& arch);

// The place of every node of arch's network (network.hpp: terminals, then switches) in the
// whole machine of arch_shape: a terminal at its ArchShape::place, a tree-leaf's switch at
// node_count + its rank among the inner nodes by depth then left to right (the root first).
// A sub's nodes follow network.hpp's rule: its listed terminals, then its original's other
// nodes in their order. Error(not_supported) for kinds without links, and for kinds whose
// switches have no place in the drawing (target graphs).
std::vector<Num> node_places(const Architecture& arch);

}  // namespace tartan
