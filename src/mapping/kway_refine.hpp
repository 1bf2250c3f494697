// Multilevel k-way refinement of a complete mapping on the full cost, sum over edges of weight x
// terminal distance (the "kway" method, see methods.hpp and doc/strategy.md).
#pragma once

#include <cstdint>
#include <vector>

#include "common/random.hpp"
#include "mapping/kway_state.hpp"
#include "mapping/method.hpp"

namespace tartan {

// PassScope::around_moves makes every pass after the first visit only the vertices the pass
// before moved and their neighbours, whose gains those moves changed (Walshaw and Cross's
// active vertices, "Mesh partitioning: a multilevel balancing and refinement algorithm"): much
// cheaper on big graphs, where a tenth of the boundary moves in the first pass, but blind to
// the moves the loads alone opened elsewhere (bump and 4elt: 0.1 to 0.5 % dearer).
enum class PassScope { whole_boundary, around_moves };

struct KwayOptions {
  // Greedy passes over the boundary vertices of each level (stops early when one moves nothing).
  int passes = 6;
  // Coarse levels at most (0: refine the graph itself only).
  int levels = 30;
  // Hill climbing after the greedy passes of each level: moves past a pass's cheapest point
  // before it stops (0: none).
  Num climb = 0;
  // Which vertices the greedy passes after a level's first visit.
  PassScope scope = PassScope::whole_boundary;
  // Multilevel cycles at most: each coarsens anew around the previous cycle's mapping, with
  // another matching, and refines it again; they stop when one lowers the cost no more.
  int cycles = 1;
};

// Improves ctx.parttab (complete on entry) in place, multilevel: the graph is coarsened with the
// mapping as a constraint (only vertices of the same terminal merge; fixed vertices only with
// fixed ones of their terminal), then each level from the coarsest to the finest is refined by
// the same greedy routine and its mapping projected onto the next finer level. The routine moves
// whole coarse vertices out of overloaded terminals, and boundary vertices to a neighbour's
// terminal when the cost decreases within the capacities (those of the finest graph), or without
// change of cost toward a less loaded terminal; a move blocked by a full terminal is made when a
// vertex of that terminal near the mover can leave for a terminal with room and the pair of
// moves decreases the cost. Up to options.cycles such cycles run, each from the last one's
// mapping (Sanders and Schulz's iterated V-cycles, "Engineering multilevel graph partitioning
// algorithms": another matching's coarse vertices carry other regions across the borders),
// until one lowers the cost no more. Returns the cost of the result. On a variable-sized target
// the (complete) mapping is left as it is.
std::int64_t run_kway_refine(MappingContext& ctx, const KwayOptions& options);

// The greedy refinement of one level, what run_kway_refine does on every level of its hierarchy
// and the single V-cycle (vcycle.cpp) on every level of its own: up to `passes` passes over the
// boundary vertices not pinned (pinned[v] != 0), in a seeded random order, each vertex moved as
// described above within state's capacities; stops early when a pass moves nothing.
void refine_kway_level(KwayState& state, const std::vector<char>& pinned, Random& random,
                       int passes, Num patience = 0,
                       PassScope scope = PassScope::whole_boundary);

}  // namespace tartan
