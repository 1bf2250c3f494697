#include "strat/remap.hpp"

#include <string>
#include <utility>

#include "arch/distance_oracle.hpp"
#include "common/error.hpp"
#include "mapping/balance.hpp"
#include "mapping/mapping_start.hpp"
#include "mapping/migration.hpp"

namespace tartan {

namespace {

// Passes of refine_with_migration per candidate: the moves it makes are few after the first
// passes (each one lowers the total), ten bound the time on graphs where gains keep trickling.
constexpr int kMigrationPasses = 10;

}  // namespace

void run_remap(const Strategy& strategy, const Graph& graph, const Architecture& arch,
               const std::vector<Num>& old, const std::vector<Num>& load, double weight,
               std::vector<Num>& parttab, const std::vector<bool>& fixed) {
  if (arch.variable_sized())
    fail_invalid("remapping needs a target with a fixed number of terminals");
  if (!(weight >= 0.0)) fail_invalid("the migration weight must be >= 0");
  const Num k = arch.size();
  const auto n = static_cast<std::size_t>(graph.vertnbr);
  if (old.size() != n) fail_invalid("the old mapping must have one entry per vertex");
  for (Num v = 0; v < graph.vertnbr; ++v) {
    if (old[v] < -1 || old[v] >= k)
      fail_invalid("old mapping: vertex " + std::to_string(graph.label(v)) + " is on terminal " +
                   std::to_string(old[v]) + ", outside the target's " + std::to_string(k) +
                   " terminals");
    if (!load.empty() && load[v] < 0)
      fail_invalid("migration load of vertex " + std::to_string(graph.label(v)) +
                   " is negative");
  }
  const MigrationCost migration{&old, load.empty() ? nullptr : &load, weight};

  // Candidate 1: the strategy's own mapping.
  std::vector<Num> fresh = parttab;
  run_strategy(strategy, graph, arch, fresh, fixed);

  // Candidate 2: the old mapping, with the fixed vertices where they must be.
  std::vector<Num> kept = old;
  for (std::size_t v = 0; v < n; ++v)
    if (!fixed.empty() && fixed[v]) kept[v] = parttab[v];

  const CsrGraph csr = csr_from_graph(graph);
  const DistanceOracle distance(arch);
  const std::vector<std::int64_t> capacity =
      terminal_capacities(arch, total_vertex_load(graph), strategy.imbalance);
  std::vector<char> pinned(n, 0);
  for (std::size_t v = 0; v < fixed.size(); ++v) pinned[v] = fixed[v] ? 1 : 0;
  Random random(strategy.seed);
  std::vector<bool> no_fixed;
  MappingContext ctx{graph, arch, kept, no_fixed, strategy.imbalance, random, nullptr};
  complete_mapping(ctx, csr, capacity);

  auto improve = [&](std::vector<Num> part, double& total) {
    KwayState state(csr, distance, std::move(part), capacity);
    repair_overload(state, pinned);
    refine_with_migration(state, pinned, migration, kMigrationPasses);
    total = static_cast<double>(state.cost()) + migration_cost(migration, state.part());
    return state.release_part();
  };
  double fresh_total = 0.0;
  double kept_total = 0.0;
  std::vector<Num> from_fresh = improve(std::move(fresh), fresh_total);
  std::vector<Num> from_kept = improve(std::move(kept), kept_total);
  parttab = fresh_total < kept_total ? std::move(from_fresh) : std::move(from_kept);
}

}  // namespace tartan
