#include "strat/remap.hpp"

#include <algorithm>
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

// A variable-sized target has no fixed terminals to balance moves against (KwayState needs
// them), so nothing refines there: of the fresh mapping and the old one (when it maps every
// vertex and agrees with the fixed ones) the cheaper in communication + migration wins, the old
// one on a tie. The old mapping was made for the same target, so its parts are as balanced as
// the fresh ones' bipartitions.
void remap_variable(const Graph& graph, const Architecture& arch, const std::vector<Num>& old,
                    const MigrationCost& migration, const std::vector<bool>& fixed,
                    std::vector<Num>& parttab, std::vector<Num> fresh) {
  bool old_usable = true;
  for (std::size_t v = 0; v < old.size() && old_usable; ++v)
    old_usable = old[v] != -1 && (fixed.empty() || !fixed[v] || old[v] == parttab[v]);
  if (old_usable) {
    const DistanceOracle distance(arch);
    const double fresh_total = static_cast<double>(mapping_cost(graph, distance, fresh.data())) +
                               migration_cost(migration, fresh);
    const double old_total = static_cast<double>(mapping_cost(graph, distance, old.data()));
    if (old_total <= fresh_total) {
      parttab = old;
      return;
    }
  }
  parttab = std::move(fresh);
}

}  // namespace

void run_remap(const Strategy& strategy, const Graph& graph, const Architecture& arch,
               const std::vector<Num>& old, const std::vector<Num>& load, double weight,
               std::vector<Num>& parttab, const std::vector<bool>& fixed) {
  if (!(weight >= 0.0)) fail_invalid("the migration weight must be >= 0");
  const bool variable = arch.variable_sized();
  const Num k = arch.size();
  const auto n = static_cast<std::size_t>(graph.vertnbr);
  if (old.size() != n) fail_invalid("the old mapping must have one entry per vertex");
  for (Num v = 0; v < graph.vertnbr; ++v) {
    if (variable ? old[v] == 0 || old[v] < -1 : old[v] < -1 || old[v] >= k)
      fail_invalid("old mapping: vertex " + std::to_string(graph.label(v)) + " is on terminal " +
                   std::to_string(old[v]) + ", outside the target" +
                   (variable ? std::string(" (variable-sized: domain numbers are >= 1)")
                             : "'s " + std::to_string(k) + " terminals"));
    if (!load.empty() && load[v] < 0)
      fail_invalid("migration load of vertex " + std::to_string(graph.label(v)) +
                   " is negative");
  }
  const MigrationCost migration{&old, load.empty() ? nullptr : &load, weight};

  // Candidate 1: the strategy's own mapping.
  std::vector<Num> fresh = parttab;
  run_strategy(strategy, graph, arch, fresh, fixed);
  if (variable) {
    remap_variable(graph, arch, old, migration, fixed, parttab, std::move(fresh));
    return;
  }

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
  // Candidate 3 (without fixed vertices, which pin terminals): the fresh mapping with its
  // terminals renamed after the old mapping's (overlap_relabelling). Its parts are the fresh
  // ones, so on targets where the renaming is a symmetry (complete graphs, and often tori and
  // hypercubes) it costs the same communication while migrating far less.
  // Candidate 4 (same condition): renamed by the target symmetry that overlaps most
  // (symmetric_relabelling: meshes, tori, hypercubes), which keeps the communication cost.
  std::vector<std::vector<Num>> renamed;
  if (fixed.empty() || std::find(fixed.begin(), fixed.end(), true) == fixed.end()) {
    for (const std::vector<Num>& perm : {overlap_relabelling(migration, fresh, k),
                                         symmetric_relabelling(arch, migration, fresh)}) {
      if (perm.empty()) continue;
      renamed.emplace_back(n);
      for (std::size_t v = 0; v < n; ++v) renamed.back()[v] = perm[fresh[v]];
    }
  }
  double fresh_total = 0.0;
  double kept_total = 0.0;
  std::vector<Num> from_fresh = improve(std::move(fresh), fresh_total);
  std::vector<Num> from_kept = improve(std::move(kept), kept_total);
  for (std::vector<Num>& candidate : renamed) {
    double renamed_total = 0.0;
    std::vector<Num> from_renamed = improve(std::move(candidate), renamed_total);
    if (renamed_total < fresh_total) {
      from_fresh = std::move(from_renamed);
      fresh_total = renamed_total;
    }
  }
  parttab = fresh_total < kept_total ? std::move(from_fresh) : std::move(from_kept);
}

}  // namespace tartan
