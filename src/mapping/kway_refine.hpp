// k-way refinement of a complete mapping on the full cost, sum over edges of weight x terminal
// distance (the "kway" method, see methods.hpp).
#pragma once

#include <cstdint>
#include <vector>

#include "mapping/method.hpp"

namespace tartan {

struct KwayOptions {
  int passes = 6;
};

// Largest acceptable load of each terminal: its share of the total load (by terminal weight)
// times 1 + imbalance, and never less than that share rounded up.
std::vector<std::int64_t> terminal_capacities(const Architecture& arch, std::int64_t total_load,
                                              double imbalance);

// Sum over edges of weight x terminal distance of a complete mapping.
std::int64_t mapping_cost(const Graph& graph, const Architecture& arch,
                          const std::vector<Num>& parttab);

// Improves ctx.parttab (complete on entry) in place; first moves vertices out of overloaded
// terminals, then moves boundary vertices wherever the cost decreases within the capacities.
// Returns the cost of the result.
std::int64_t run_kway_refine(MappingContext& ctx, const KwayOptions& options);

}  // namespace tartan
