// The hierarchy of a tree-shaped target read from its distances (DistanceOracle): terminals in
// nested blocks of consecutive terminals, each level's blocks of equal size, the distance of two
// terminals set by the smallest block holding both -- every tleaf is such a target, and so is a
// complete graph (one level). Shared by `bottomup` and `msec`.
#pragma once

#include <vector>

#include "arch/distance_oracle.hpp"
#include "common/num.hpp"

namespace tartan {

// Block sizes of the hierarchy, bottom first: blocks[0] = 1 < blocks[1] < ... = k, each
// dividing the next; level_distance[i] is the distance of two terminals whose smallest common
// block is of size blocks[i + 1]. Empty when the target is not such a hierarchy.
struct Hierarchy {
  std::vector<Num> blocks;
  std::vector<Num> level_distance;
};

// Reads the hierarchy from one row of distances (terminal 0 to all) and checks every terminal
// against the first terminal of each of its blocks: O(k · levels) distances, O(k) memory.
Hierarchy infer_hierarchy(const DistanceOracle& distance);

}  // namespace tartan
