// Remapping (TARTAN_graphRemap): a new mapping of a graph that also pays for moving vertices
// away from an old mapping (mapping/migration.hpp gives the cost).
#pragma once

#include <vector>

#include "common/num.hpp"
#include "strat/strategy.hpp"

namespace tartan {

// Computes parttab (vertnbr entries) minimising communication cost + weight x migrated load
// against old (vertnbr entries, -1 or a terminal of arch; other values: Error(invalid)).
// load: per-vertex migration loads (>= 0) or empty (1 each); weight >= 0. With fixed
// non-empty, vertices with fixed[v] keep parttab[v]. Candidates, each improved by
// refine_with_migration: the strategy's fresh mapping, the same with its terminals renamed
// after the old mapping's (overlap_relabelling, and symmetric_relabelling where the kind's
// symmetries are enumerated; only without fixed vertices), and the old
// mapping itself (its unplaced vertices placed, its overloaded terminals relieved); the
// cheapest in that total wins (the old one on a tie, the fresh one before the renamed one).
// On a variable-sized target (old: -1 or domain numbers >= 1) the candidates are not refined: the fresh mapping, or the old one when it maps every vertex,
// agrees with the fixed ones and is no dearer in that total. Deterministic for a given
// strategy seed.
void run_remap(const Strategy& strategy, const Graph& graph, const Architecture& arch,
               const std::vector<Num>& old, const std::vector<Num>& load, double weight,
               std::vector<Num>& parttab, const std::vector<bool>& fixed);

}  // namespace tartan
