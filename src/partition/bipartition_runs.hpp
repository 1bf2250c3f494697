// Several multilevel bipartitions of one problem, the best kept: what a mapper does when one
// run of the bipartitioner is not enough (`drb`, `msec`). Each run draws from a generator of its
// own, seeded from the caller's in run order, and has its own workspace and phase log, so runs
// proceed side by side on threads with the same result whatever the thread count
// (common/parallel.hpp). On big graphs the runs may share the finest levels of their
// hierarchies (coarsened once, before the runs start) and differ from there on.
#pragma once

#include <cstdint>
#include <vector>

#include "common/phase_log.hpp"
#include "common/random.hpp"
#include "partition/bipartition.hpp"

namespace tartan {

// What one run works with and finds.
struct BipartitionRun {
  Random random;
  BipartitionWorkspace workspace;
  PhaseLog log;
  std::vector<std::uint8_t> side;
  std::int64_t cost = 0;    // partial cost (bipartition.hpp)
  std::int64_t excess = 0;  // load above the capacities, both sides summed
};

// Runs `count` (>= 1) multilevel bipartitions of problem on up to `threads` threads, reusing
// runs (grown to count) across calls; merges their phase logs into log (may be null) in run
// order. Returns the index of the best run: least excess, then least cost, then first.
// only_run (0..count-1; -1: all) makes that run alone, with the seed it draws among count, and
// returns it: processes that each make one run of the same count, the best kept by the same
// rule, find what one process making them all finds.
// With RunLevels::shared_on_big_graphs, four runs or more of a graph of 2 x 10^4 vertices or
// more share its finest levels (coarsened once, down to a quarter of its vertices, from a generator
// drawn after the runs' seeds); with RunLevels::own each run coarsens the whole graph itself.
enum class RunLevels { own, shared_on_big_graphs };
int best_of_bipartitions(const BipartitionProblem& problem, const BipartitionOptions& options,
                         int count, int only_run, int threads, Random& random,
                         std::vector<BipartitionRun>& runs, PhaseLog* log,
                         const MultilevelPhases& names, RunLevels levels);

}  // namespace tartan
