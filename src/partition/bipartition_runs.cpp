#include "partition/bipartition_runs.hpp"

#include <algorithm>
#include <optional>

#include "common/parallel.hpp"

namespace tartan {

namespace {
// Four runs or more of a graph of at least kSharedLevelsFrom vertices share its finest levels,
// down to 1 / kSharedShrink of its vertices.
constexpr int kSharedLevelsRuns = 4;
constexpr Num kSharedLevelsFrom = 20000;
constexpr Num kSharedShrink = 4;
}  // namespace

int best_of_bipartitions(const BipartitionProblem& problem, const BipartitionOptions& options,
                         int count, int only_run, int threads, Random& random,
                         std::vector<BipartitionRun>& runs, PhaseLog* log,
                         const MultilevelPhases& names, RunLevels levels) {
  if (runs.size() < static_cast<std::size_t>(count)) runs.resize(static_cast<std::size_t>(count));
  // Seeds drawn before any run starts, in run order: the thread count cannot change them.
  for (int run = 0; run < count; ++run) runs[run].random.reseed(random.next());
  const int first = only_run >= 0 ? only_run : 0;
  // Runs differ only by their generators: where the bipartitioner draws from none, every run
  // would find the first run's bipartition, and ties keep the first. One run, the seeds drawn
  // as above, then gives the same result (the last of drb's jobs are this small: 76 vertices
  // onto two terminals for bump onto 256).
  const bool runs_alike = !bipartition_draws_random(*problem.graph, options);
  const int made = only_run >= 0 || runs_alike ? 1 : count;
  // Four runs or more share the finest levels of their hierarchies, coarsened once down to a
  // quarter of the graph with a generator of their own (drawn after the runs', whether one run
  // or all are made), and differ in the coarser levels, their initial bipartitions and every
  // level's FM: drb's dear jobs on trees (treeruns=8) of graphs of 5 x 10^4 to 3 x 10^5
  // vertices, 0.995 to 1.015 x the cost for 0.73 to 0.86 x the CPU time (0.83 to 0.9 x the
  // wall time). Two runs that share them fall together more often into a dear cut (the 256^2
  // mesh onto hcub 10, seeds 0-7: 1.07 x the cost), smaller graphs saved no time, and msec's
  // many runs (-c q) lost 1.7 to 2.9 % on random geometric graphs of 2^15 vertices (bench/README,
  // "Runs sharing their finest levels").
  std::optional<MultilevelHierarchy> shared;
  const Num vertices = problem.graph->vertex_count();
  if (levels == RunLevels::shared_on_big_graphs && count >= kSharedLevelsRuns && !runs_alike &&
      vertices >= kSharedLevelsFrom) {
    CoarseningPlan plan = bipartition_coarsening_plan(*problem.graph, options);
    plan.stop_at = std::max<Num>(plan.stop_at, vertices / kSharedShrink);
    Random shared_random(random.next());
    MultilevelPhases phases = names;
    phases.log = log;
    shared.emplace(*problem.graph, nullptr, plan, shared_random, phases,
                   &runs[first].workspace.shared);
  }
  // The runs of one lane (common/parallel.hpp) use one hierarchy storage, that of its first
  // run, so that the room kept is one hierarchy's per thread rather than per run.
  const int lanes = parallel_lanes(made, threads);
  parallel_for(made, threads, [&](int index) {
    const int run = first + index;
    BipartitionRun& state = runs[run];
    state.log.clear();
    MultilevelPhases phases = names;
    phases.log = log != nullptr ? &state.log : nullptr;
    state.cost = multilevel_bipartition(problem, options, state.random, state.workspace,
                                        state.side, phases,
                                        &runs[first + index % lanes].workspace.hierarchy,
                                        shared ? &*shared : nullptr);
    std::int64_t load[2];
    bipartition_loads(*problem.graph, state.side, load);
    state.excess = std::max<std::int64_t>(0, load[0] - problem.capacity[0]) +
                   std::max<std::int64_t>(0, load[1] - problem.capacity[1]);
  });
  int best = first;
  for (int run = first; run < first + made; ++run) {
    const BipartitionRun& state = runs[run];
    if (log != nullptr) log->merge(state.log);
    if (state.excess < runs[best].excess ||
        (state.excess == runs[best].excess && state.cost < runs[best].cost))
      best = run;
  }
  return best;
}

}  // namespace tartan
