// The load bound every mapping method keeps, written once: a domain of the target (a terminal,
// or a set of terminals for DRB's halves) may hold at most its share of the total load, by
// capacity, times 1 + imbalance, and never less than that share rounded up (so that a
// tolerance of 0 stays feasible with unit loads).
#pragma once

#include <cstdint>
#include <vector>

#include "arch/architecture.hpp"

namespace tartan {

// Largest acceptable load of a domain of capacity `weight` out of `weight_sum` when the whole
// target holds total_load.
std::int64_t load_capacity(std::int64_t total_load, std::int64_t weight, std::int64_t weight_sum,
                           double imbalance);

// load_capacity of every terminal of arch (terminals of capacity 0 get 0; a target whose
// capacities are all 0 counts every terminal as 1).
std::vector<std::int64_t> terminal_capacities(const Architecture& arch, std::int64_t total_load,
                                              double imbalance);

}  // namespace tartan
