// Recursive bisection of the graph and the target together: the job of a target domain splits
// the domain with the target's own bipartition (Architecture::bipartition, the domain tree) and
// the domain's vertices between the two halves with the multilevel bipartitioner of DRB, on
// the edges it cuts only (no cost toward vertices already placed, unlike drb), until a domain
// is one terminal. Hoefler and Snir, "Generic topology mapping strategies for large-scale
// parallel architectures" §3.2, map this way; seed 000's Top-Down is its one-to-one case.
// Shared by `topdown` (exact vertex counts) and `recursive` (loads within the tolerance).
#pragma once

#include <vector>

#include "common/num.hpp"
#include "mapping/method.hpp"
#include "partition/bipartition.hpp"

namespace tartan {

enum class BisectionCounts {
  exact,  // each half gets exactly as many vertices as it has terminals (vertex loads ignored)
  loads   // each half gets the free load in proportion to its weight, within ctx.imbalance
};

// Maps `vertices` (free vertices of ctx, 0-based) onto the whole target; the fixed vertices of
// ctx keep their terminals and count in their halves. Exact counts need as many free vertices
// as terminals without a fixed vertex (one_to_one.hpp checks it). With loads a half may end
// above its bound when the bipartitioner misses it: callers relieve the terminals afterwards.
void recursive_bisection(MappingContext& ctx, std::vector<Num> vertices, BisectionCounts counts,
                         const BipartitionOptions& options, const MultilevelPhases& phases);

}  // namespace tartan
