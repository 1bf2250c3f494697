// The shared mapping machinery: KwayState's incremental quantities against recomputation after
// random moves and swaps, the multilevel driver's hierarchy and V-cycle, and the load bound
// every method holds per terminal (mapping/balance.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "arch/arch_factory.hpp"
#include "arch/distance_oracle.hpp"
#include "mapping/balance.hpp"
#include "mapping/drb.hpp"
#include "mapping/kway_refine.hpp"
#include "mapping/kway_state.hpp"
#include "mapping_test_graphs.hpp"
#include "partition/multilevel.hpp"

namespace tartan {
namespace {

using tartan_test::grid_graph;
using I64 = std::int64_t;

// Everything KwayState maintains, recomputed from its graph and mapping.
void expect_consistent(const KwayState& state, Num terminals) {
  const CsrGraph& g = state.graph();
  EXPECT_EQ(state.cost(), state.recomputed_cost());
  std::vector<I64> load(static_cast<std::size_t>(terminals), 0);
  for (Num v = 0; v < g.vertex_count(); ++v) load[state.terminal(v)] += g.vwgt[v];
  for (Num t = 0; t < terminals; ++t) EXPECT_EQ(state.load(t), load[t]) << "terminal " << t;
  Num boundary = 0;
  for (Num v = 0; v < g.vertex_count(); ++v) {
    bool foreign = false;
    for (Num arc = g.xadj[v]; arc < g.xadj[v + 1]; ++arc)
      foreign = foreign || (g.adjncy[arc] != v && state.terminal(g.adjncy[arc]) != state.terminal(v));
    EXPECT_EQ(state.on_boundary(v), foreign) << "vertex " << v;
    boundary += foreign;
  }
  EXPECT_EQ(static_cast<Num>(state.boundary().size()), boundary);
}

CsrGraph weighted_grid_with_loop(Num nx, Num ny) {
  CsrGraph g = csr_from_graph(*grid_graph(nx, ny, true));
  // A self loop on vertex 0 must be ignored by every quantity.
  CsrGraph looped;
  looped.vwgt = g.vwgt;
  looped.xadj.assign(1, 0);
  for (Num v = 0; v < g.vertex_count(); ++v) {
    for (Num arc = g.xadj[v]; arc < g.xadj[v + 1]; ++arc) {
      looped.adjncy.push_back(g.adjncy[arc]);
      looped.adjwgt.push_back(g.adjwgt[arc]);
    }
    if (v == 0) {
      looped.adjncy.push_back(0);
      looped.adjwgt.push_back(7);
    }
    looped.xadj.push_back(looped.arc_count());
  }
  return looped;
}

TEST(KwayState, RandomMovesAndSwapsMatchRecomputation) {
  const CsrGraph g = weighted_grid_with_loop(9, 7);
  for (const ArchPtr& arch : {make_torus({3, 4}), make_tleaf({2, 3}, {10, 1}), make_hypercube(3)}) {
    const DistanceOracle distance(*arch);
    const Num k = arch->size();
    Random random(11);
    std::vector<Num> part(static_cast<std::size_t>(g.vertex_count()));
    for (Num& p : part) p = static_cast<Num>(random.below(static_cast<std::uint64_t>(k)));
    KwayState state(g, distance, part, std::vector<I64>(static_cast<std::size_t>(k), 1000));
    expect_consistent(state, k);
    for (int step = 0; step < 400; ++step) {
      const Num v = static_cast<Num>(random.below(static_cast<std::uint64_t>(g.vertex_count())));
      const I64 before = state.cost();
      if (step % 3 == 0) {
        const Num u = static_cast<Num>(random.below(static_cast<std::uint64_t>(g.vertex_count())));
        const I64 gain = state.swap_gain(u, v);
        EXPECT_EQ(state.swap(u, v), -gain);
      } else {
        const Num t = static_cast<Num>(random.below(static_cast<std::uint64_t>(k)));
        const I64 gain = state.move_gain(v, t);
        // The gain from the neighbour-terminal list agrees with move_gain.
        state.neighbour_terminals(v);
        EXPECT_EQ(state.cost_toward(state.terminal(v)) - state.cost_toward(t), gain);
        EXPECT_EQ(state.move(v, t), -gain);
      }
      EXPECT_EQ(state.cost(), state.recomputed_cost()) << arch->kind_name() << " step " << step;
      (void)before;
    }
    expect_consistent(state, k);
  }
}

TEST(KwayState, FitsAndOverloadFollowCapacities) {
  const CsrGraph g = csr_from_graph(*grid_graph(4, 1));
  const ArchPtr arch = make_complete(2);
  const DistanceOracle distance(*arch);
  KwayState state(g, distance, {0, 0, 0, 1}, std::vector<I64>{2, 2});
  EXPECT_TRUE(state.overloaded(0));
  EXPECT_TRUE(state.fits(2, 1));
  EXPECT_EQ(state.cost(), 1);
  EXPECT_EQ(state.move(2, 1), 0);  // the cut moves from 2-3 to 1-2
  EXPECT_FALSE(state.overloaded(0));
  EXPECT_FALSE(state.fits(1, 1));
  EXPECT_EQ(state.swap(0, 3), 2);  // 1 0 1 0 along the path: three cut edges
  EXPECT_EQ(state.cost(), 3);
  expect_consistent(state, 2);
}

// On a target too big for per-terminal arrays the bounds are computed on demand and the loads
// kept for the terminals in use only; the state behaves as with a table.
TEST(KwayState, HugeTargetKeepsOnlyTheTerminalsInUse) {
  const CsrGraph g = csr_from_graph(*grid_graph(4, 1));
  const ArchPtr arch = make_complete(2147483647);
  const DistanceOracle distance(*arch);
  const TerminalCapacities capacity(*arch, 4, 0.0);
  ASSERT_FALSE(capacity.dense());
  EXPECT_EQ(capacity[0], 1);
  EXPECT_EQ(capacity[2147483646], 1);
  KwayState state(g, distance, {5, 5, 2000000000, 7}, capacity);
  EXPECT_FALSE(state.dense());
  EXPECT_TRUE(state.overloaded(5));
  EXPECT_EQ(state.load(123456), 0);
  EXPECT_EQ(state.loaded_terminals(), (std::vector<Num>{5, 7, 2000000000}));
  EXPECT_EQ(state.cost(), 2);
  EXPECT_TRUE(state.fits(1, 123456));
  EXPECT_EQ(state.move(1, 123456), 1);
  EXPECT_FALSE(state.overloaded(5));
  EXPECT_EQ(state.loaded_terminals(), (std::vector<Num>{5, 7, 123456, 2000000000}));
  EXPECT_EQ(state.cost(), state.recomputed_cost());
  // A target of at most kDenseTerminals terminals keeps its table.
  EXPECT_TRUE(TerminalCapacities(*make_complete(64), 4, 0.0).dense());
}

TEST(Multilevel, HierarchyKeepsClassesAndTheVCycleProjects) {
  auto graph = grid_graph(30, 30);
  const CsrGraph g = csr_from_graph(*graph);
  std::vector<Num> classes(static_cast<std::size_t>(g.vertex_count()));
  for (Num v = 0; v < g.vertex_count(); ++v) classes[v] = (v % 30) < 15 ? 0 : 1;
  CoarseningPlan plan;
  plan.stop_at = 40;
  Random random(3);
  PhaseLog log;
  const MultilevelHierarchy levels(g, &classes, plan, random, {&log, "c", "i", "r"});
  ASSERT_GT(levels.coarse_levels(), 2);
  EXPECT_LE(levels.graph(levels.coarse_levels()).vertex_count(), 900);
  for (int l = 0; l < levels.coarse_levels(); ++l) {
    const std::vector<Num>& up = levels.to_coarser(l);
    for (Num v = 0; v < levels.graph(l).vertex_count(); ++v)
      EXPECT_EQ(levels.classes(l)[v], levels.classes(l + 1)[up[v]]) << "level " << l;
    std::vector<I64> weight(levels.graph(l).vwgt.begin(), levels.graph(l).vwgt.end()), coarse;
    levels.restrict_sum(l, weight, coarse);
    for (Num c = 0; c < levels.graph(l + 1).vertex_count(); ++c)
      EXPECT_EQ(coarse[c], levels.graph(l + 1).vwgt[c]);
  }
  // The cycle solves on the coarsest level, then projects and refines every finer one.
  std::vector<Num> solution;
  std::vector<int> refined;
  multilevel_cycle(
      levels, solution,
      [&](int level, std::vector<Num>& s) { s = levels.classes(level); },
      [&](int level, std::vector<Num>& s) {
        refined.push_back(level);
        EXPECT_EQ(s.size(), static_cast<std::size_t>(levels.graph(level).vertex_count()));
      },
      {&log, "c", "i", "r"});
  EXPECT_EQ(solution, classes);
  ASSERT_EQ(static_cast<int>(refined.size()), levels.coarse_levels());
  EXPECT_EQ(refined.back(), 0);
  ASSERT_EQ(log.phases().size(), 3u);
  EXPECT_EQ(log.phases()[0].name, "c");
}

// Every terminal within its own bound (load_capacity of its share), for DRB alone and with
// k-way refinement, over tolerances from strict to loose, unit and varied vertex loads.
TEST(LoadBound, HeldPerTerminalByEveryMethod) {
  struct Case {
    std::unique_ptr<Graph> graph;
    ArchPtr arch;
  };
  std::vector<Case> cases;
  cases.push_back({grid_graph(48, 48), make_tleaf({4, 2, 16}, {100, 10, 1})});
  cases.push_back({grid_graph(40, 40, true), make_hypercube(5)});
  cases.push_back({grid_graph(33, 31), make_torus({4, 3, 2})});
  for (const Case& c : cases) {
    I64 total = 0, heaviest = 0;
    for (Num v = 0; v < c.graph->vertnbr; ++v) {
      total += c.graph->vertex_load(v);
      heaviest = std::max<I64>(heaviest, c.graph->vertex_load(v));
    }
    for (double imbalance : {0.01, 0.05, 0.3, 1.0}) {
      const std::vector<I64> cap = terminal_capacities(*c.arch, total, imbalance);
      for (bool refine : {false, true}) {
        std::vector<Num> part;
        const std::vector<bool> fixed;
        Random random(5);
        MappingContext ctx{*c.graph, *c.arch, part, fixed, imbalance, random};
        run_drb(ctx, DrbOptions{});
        if (refine) run_kway_refine(ctx, KwayOptions{});
        std::vector<I64> load(cap.size(), 0);
        for (Num v = 0; v < c.graph->vertnbr; ++v) load[part[v]] += c.graph->vertex_load(v);
        // With unit loads the bound is exact; with varied loads a terminal may exceed it by
        // less than one vertex (the split cannot always hit it).
        const I64 slack = heaviest - 1;
        for (std::size_t t = 0; t < cap.size(); ++t)
          EXPECT_LE(load[t], cap[t] + slack)
              << c.arch->kind_name() << " bal=" << imbalance << (refine ? " drb;kway" : " drb")
              << " terminal " << t;
      }
    }
  }
}

}  // namespace
}  // namespace tartan
