#include "partition/bipartition_runs.hpp"

#include <algorithm>

#include "common/parallel.hpp"

namespace tartan {

int best_of_bipartitions(const BipartitionProblem& problem, const BipartitionOptions& options,
                         int count, int only_run, int threads, Random& random,
                         std::vector<BipartitionRun>& runs, PhaseLog* log,
                         const MultilevelPhases& names) {
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
                                        &runs[first + index % lanes].workspace.hierarchy);
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
