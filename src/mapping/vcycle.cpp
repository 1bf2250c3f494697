// The single V-cycle mapper (the "vcycle" method, see methods.hpp and doc/strategy.md): Karypis
// and Kumar's multilevel k-way scheme ("Multilevel k-way partitioning scheme for irregular
// graphs") applied to mapping, as Walshaw and Cross do in "Multilevel mesh partitioning for
// heterogeneous communication networks": the whole graph is coarsened once, the coarsest graph
// mapped onto the target, and the mapping projected level by level, each level refined on the
// full mapping cost. DRB coarsens and refines the whole graph again at each of its log2(k)
// bipartitioning levels; here the graph is coarsened and refined once.
//
// The coarse vertices are what the coarsest mapping's boundaries are drawn with, and a mapping
// of the coarsest graph costs as much as its projection: heavy-edge matching in a random order
// grows ragged aggregates, through which no cut is flat, and the refinement on the way up,
// whose moves must each pay and fit in the capacities, flattens only part of it (a 100^3 mesh
// onto torus 8^3: 594 K at the coarsest level, 322 K after refinement, drb on the graph itself
// 241 K). Matched in a breadth-first numbering of the graph instead (Cuthill and McKee's, each
// coarse level numbered as its first fine vertices), ties going to the lowest number, the
// aggregates of a mesh are nearly regular blocks: 245 to 251 K after refinement, however the
// file numbers the mesh and orders each vertex's neighbours (bench/README, "Breadth-first
// matching in the V-cycle").
#include <algorithm>
#include <cmath>
#include <string>

#include "arch/distance_oracle.hpp"
#include "common/error.hpp"
#include "graph/subgraph.hpp"
#include "graph/traversal.hpp"
#include "mapping/balance.hpp"
#include "mapping/drb.hpp"
#include "mapping/kway_refine.hpp"
#include "mapping/kway_state.hpp"
#include "mapping/mapping_start.hpp"
#include "mapping/methods.hpp"
#include "partition/multilevel.hpp"

namespace tartan {

namespace {

using I64 = std::int64_t;

struct VcycleOptions {
  Num coarse = 64;    // vertices per terminal at which coarsening stops
  int passes = 4;     // greedy passes per level
  int runs = 2;       // multilevel bipartitions per DRB job on the coarsest graph
  int tree_runs = 0;  // drb's treeruns on the coarsest graph
};

// Coarsening stops when a level keeps more than this share of the vertices of the one below it
// (heavy vertices and the weight cap leave few pairs to match).
constexpr double kMinShrink = 0.9;
// A coarse vertex may weigh at most this multiple of the mean weight of the coarsest level's
// vertices (Karypis and Kumar bound it likewise, so that the coarsest graph stays balanceable).
constexpr double kWeightCapRatio = 1.5;

void run_vcycle(MappingContext& ctx, const VcycleOptions& options) {
  validate_context(ctx, true);
  // The coarsest graph is mapped as the default strategy's drb maps (breadth, blind jobs on a
  // torus making 8 runs, two initial bipartitions), with the runs and tree runs asked for.
  DrbOptions drb;
  drb.runs = options.runs;
  drb.policy = JobPolicy::breadth;
  drb.unwrapped_runs = 8;
  drb.bipartition.tries = 2;
  drb.tree_runs = options.tree_runs;
  // A variable-sized target has no terminal count to coarsen toward nor loads to balance: drb
  // maps onto it as it is (its parts follow the graph).
  if (ctx.arch.variable_sized()) {
    run_drb(ctx, drb);
    return;
  }
  const Graph& graph = ctx.graph;
  const Num n = graph.vertnbr;
  const Num k = ctx.arch.size();
  const I64 total = total_vertex_load(graph);
  const std::vector<char> pinned_fine = pinned_vertices(ctx);
  // Vertex i of the hierarchy's finest level, finest, is vertex order[i] of the graph.
  std::vector<Num> order;
  CsrGraph finest;
  {
    PhaseLog::Timer timer(ctx.phases, "vcycle numbering");
    order = breadth_first_numbering(graph);
    finest = csr_from_graph(graph, order);
  }

  // Fixed vertices merge only with fixed vertices of the same terminal (class = terminal), free
  // ones only with free ones (class k): a coarse vertex is fixed exactly when its vertices are.
  const bool any_fixed = std::find(pinned_fine.begin(), pinned_fine.end(), 1) != pinned_fine.end();
  std::vector<Num> classes;
  if (any_fixed) {
    classes.resize(static_cast<std::size_t>(n));
    for (Num i = 0; i < n; ++i) classes[i] = pinned_fine[order[i]] ? ctx.parttab[order[i]] : k;
  }
  CoarseningPlan plan;
  plan.in_order = true;
  const double stop = static_cast<double>(options.coarse) * static_cast<double>(k);
  plan.stop_at = stop >= static_cast<double>(n) ? n : static_cast<Num>(stop);
  plan.max_kept = kMinShrink;
  plan.max_vertex_weight = std::max<I64>(
      1, static_cast<I64>(std::ceil(kWeightCapRatio * static_cast<double>(total) /
                                    static_cast<double>(std::max<Num>(plan.stop_at, 1)))));
  const MultilevelPhases phases{ctx.phases, "vcycle coarsen", "vcycle initial", "vcycle refine"};
  const MultilevelHierarchy levels(finest, any_fixed ? &classes : nullptr, plan, ctx.random,
                                   phases);

  const TerminalCapacities capacity(ctx.arch, total, ctx.imbalance);
  const DistanceOracle distance(ctx.arch);
  std::vector<char> pinned;
  auto level_pinned = [&](int level) {
    const std::vector<Num>& cls = levels.classes(level);
    pinned.assign(static_cast<std::size_t>(levels.graph(level).vertex_count()), 0);
    for (std::size_t c = 0; c < cls.size(); ++c) pinned[c] = cls[c] < k;
  };
  // The load bound of a coarse level is relaxed by its heaviest vertex (Walshaw and Cross relax
  // it likewise): with the finest level's bound, a coarse vertex heavier than a terminal's slack
  // could only move into a terminal lighter than the mean, and the coarse levels, whose moves
  // carry whole regions, would move next to nothing. Each finer level tightens the bound; the
  // refinement moves vertices out of the terminals above it, and the finest level has the
  // true bound. (Huge targets, whose bounds are computed on demand, keep the true bound.)
  auto heaviest = [&](int level) -> I64 {
    const std::vector<Num>& w = levels.graph(level).vwgt;
    return w.empty() ? 0 : *std::max_element(w.begin(), w.end());
  };
  auto level_capacity = [&](int level) {
    if (level == 0 || !capacity.dense()) return capacity;
    const I64 slack = heaviest(level);
    std::vector<I64> table(static_cast<std::size_t>(k));
    for (Num t = 0; t < k; ++t) table[t] = capacity[t] + slack;
    return TerminalCapacities(std::move(table));
  };
  auto refine = [&](int level, std::vector<Num>& part) {
    level_pinned(level);
    KwayState state(levels.graph(level), distance, std::move(part), level_capacity(level));
    refine_kway_level(state, pinned, ctx.random, options.passes, 0, PassScope::around_moves);
    // The finest level's vertices are the lightest: what the coarser ones could not balance
    // is repaired there.
    if (level == 0) repair_overload(state, pinned);
    part = state.release_part();
  };
  // The coarsest graph is mapped by drb itself (its loads are the coarse vertex weights, its
  // fixed vertices those made of fixed ones), then refined like every other level.
  auto solve = [&](int level, std::vector<Num>& part) {
    const CsrGraph& coarsest = levels.graph(level);
    Graph view;
    view_csr_as_graph(coarsest, view);
    view.velotab = coarsest.vwgt.data();
    level_pinned(level);
    const Num count = coarsest.vertex_count();
    std::vector<bool> fixed(pinned.begin(), pinned.end());
    part.assign(static_cast<std::size_t>(count), -1);
    for (Num c = 0; c < count; ++c)
      if (pinned[c]) part[c] = levels.classes(level)[c];
    // drb splits the tolerance between its log2(k) bipartitioning levels: with the true one, the
    // bipartitions of the last levels, a few dozen coarse vertices each, could move hardly a
    // vertex (m3-100 onto torus 8^3: 0.11 % a level, less than one coarse vertex) and cut
    // badly (bench/README, "Single V-cycle"). On a coarse graph its terminals may hold one
    // heaviest vertex more, as the refined coarse levels may; the graph itself (nothing
    // coarsened) keeps the true tolerance.
    const double relaxed =
        level == 0 ? ctx.imbalance
                   : ctx.imbalance + static_cast<double>(heaviest(level)) *
                                         static_cast<double>(k) /
                                         static_cast<double>(std::max<I64>(total, 1));
    MappingContext coarse_ctx{view,       ctx.arch,   part,       fixed, std::min(1.0, relaxed),
                              ctx.random, ctx.phases, ctx.threads};
    run_drb(coarse_ctx, drb);
    refine(level, part);
  };
  std::vector<Num> mapped;  // in the hierarchy's numbering
  multilevel_cycle(levels, mapped, solve, refine, phases);
  for (Num i = 0; i < n; ++i) ctx.parttab[order[i]] = mapped[i];
}

class VcycleMethod : public MappingMethod {
 public:
  explicit VcycleMethod(const VcycleOptions& options) : options_(options) {}
  void apply(MappingContext& ctx) const override { run_vcycle(ctx, options_); }

 private:
  VcycleOptions options_;
};

}  // namespace

const char* const kVcycleKeys[] = {"coarse", "passes", "runs", "treeruns", nullptr};

MethodPtr make_vcycle_method(const MethodParams& params) {
  VcycleOptions options;
  options.coarse = params.integer("coarse", options.coarse, 1, 1000000);
  options.passes = static_cast<int>(params.integer("passes", options.passes, 0, 100));
  options.runs = static_cast<int>(params.integer("runs", options.runs, 1, 100));
  options.tree_runs = static_cast<int>(params.integer("treeruns", options.tree_runs, 0, 100));
  return std::make_unique<VcycleMethod>(options);
}

}  // namespace tartan
