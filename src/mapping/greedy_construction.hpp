// The greedy one-to-one constructions of seed 000 §2 on the sparse communication graph (O(n + m)
// memory, distances from the DistanceOracle, no n x n matrix): at each step the unplaced vertex
// with the largest communication toward placed vertices (first step and ties: the largest total
// communication volume, then the lowest number) takes a free terminal chosen by the rule:
//   muller_merbach  the terminal of smallest distance sum to the terminals taken (first step,
//                   nothing fixed: to all terminals) -- Müller-Merbach's construction;
//   greedy_all_c    the terminal of smallest communication-weighted distance to the vertex's
//                   placed neighbours, sum of w(v,u) x dist(t, terminal(u)) -- GreedyAllC of
//                   Glantz et al.; Müller-Merbach's choice when no neighbour is placed yet.
// Ties go to the smaller distance sum, then the lower terminal. O(n) distance queries per step
// (one row), plus one row per placed neighbour with greedy_all_c: O(n^2) and O(n x m) in all.
#pragma once

#include "mapping/method.hpp"

namespace tartan {

enum class GreedyRule { muller_merbach, greedy_all_c };

// One-to-one rule of one_to_one.hpp; fixed vertices count as placed from the start.
void greedy_one_to_one(MappingContext& ctx, GreedyRule rule, const char* method);

}  // namespace tartan
