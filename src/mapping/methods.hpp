// Factories of the mapping methods this concern provides, called by the method table
// (src/strat/method_table.cpp). Each factory reads its parameters from MethodParams (ranges are
// checked there) and returns an immutable method that can be applied any number of times.
//
// Recommended default strategy: dual recursive bipartitioning, then k-way refinement of the
// full mapping cost on the result, i.e. the sequence of the two methods with their defaults:
//     drb{policy=biggest,runs=2,coarse=120,tries=4,passes=8} then kway{passes=6,levels=30}
// (written in the strategy grammar's sequence syntax, e.g. "drb;kway").
#pragma once

#include "mapping/method.hpp"

namespace tartan {

// Dual Recursive Bipartitioning (seed 001 §2): a queue of jobs, each splitting a target domain in
// two and its vertices between the halves with a multilevel bipartitioner (heavy-edge coarsening,
// greedy growing from several seeds, FM refinement on mapping costs, cocycle edges toward already
// placed vertices counted). Fills every free parttab entry; fixed vertices stay on their terminal.
// Parameters:
//   policy  = biggest | breadth | depth   job order (default biggest: largest subgraph first)
//   runs    = independent multilevel bipartitions per job, the best kept (default 2, 1..100)
//   coarse  = vertices below which a job's graph is not coarsened further (default 120, 2..1e6)
//   ratio   = stop coarsening when a level keeps more than this share of vertices (default 0.8)
//   tries   = initial bipartitions grown from different seeds, best kept (default 4, 1..100)
//   passes  = FM passes per level (default 8, 0..100)
//   moves   = FM moves without improvement before a pass stops (default 400, 1..1e6; hill-climbing out of local minima on regular meshes)
MethodPtr make_drb_method(const MethodParams& params);
extern const char* const kDrbKeys[];  // null-terminated

// Multilevel k-way refinement of a complete mapping on the full cost (sum of edge weight x
// terminal distance): the graph is coarsened with each vertex's terminal as a constraint, then,
// from the coarsest level to the finest, boundary vertices move to a terminal of one of their
// neighbours when the cost decreases and the target loads stay within the tolerance. Fixed
// vertices never move.
// Parameters:
//   passes  = passes over the boundary vertices per level (default 6, 0..100); stops early
//             when a pass gains nothing.
//   levels  = coarse levels at most (default 30, 0..100; 0: the finest level only).
MethodPtr make_kway_method(const MethodParams& params);
extern const char* const kKwayKeys[];  // null-terminated

}  // namespace tartan
