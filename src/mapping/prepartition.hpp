// Multicore pre-partitioning (Hoefler and Snir, "Generic topology mapping strategies for
// large-scale parallel architectures" §3.4 and §4.2): when terminals host several vertices
// (multicore nodes), the graph is first partitioned into one part per terminal, each part's
// load by the terminal's capacity (its weight: slots), with few cut edge weights; the quotient
// graph (parts as vertices, the weights of the edges between two parts summed) is then mapped
// by the mapper, and every vertex follows its part. The `pre=1` parameter of greedy, recursive
// and rcm.
#pragma once

#include "common/method_params.hpp"
#include "mapping/method.hpp"
#include "partition/bipartition.hpp"

namespace tartan {

// Reads the `pre` parameter (0 or 1, default 0).
bool read_prepartition_flag(const MethodParams& params);

// When ctx has more vertices than the target has terminals and no fixed vertex: partitions the
// graph (recursive bisection by capacities over a complete graph of the terminals' weights, the
// bipartitioner's options), maps the quotient graph with mapper (which sees as many vertices as
// terminals, so does not pre-partition again), projects the result back and relieves the
// terminals above their load bound; returns true. Otherwise does nothing and returns false.
bool map_prepartitioned(MappingContext& ctx, const MappingMethod& mapper,
                        const BipartitionOptions& options);

}  // namespace tartan
