// Heavy-edge matching and contraction (src/graph/coarsening.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "mapping_test_graphs.hpp"
#include "partition/multilevel.hpp"

using namespace tartan;
using tartan_test::grid_graph;

namespace {

std::int64_t total_arc_weight(const CsrGraph& g) {
  return std::accumulate(g.adjwgt.begin(), g.adjwgt.end(), std::int64_t{0});
}

bool is_symmetric(const CsrGraph& g) {
  for (Num v = 0; v < g.vertex_count(); ++v)
    for (Num a = g.xadj[v]; a < g.xadj[v + 1]; ++a) {
      const Num u = g.adjncy[a];
      if (u == v) return false;
      bool found = false;
      for (Num b = g.xadj[u]; b < g.xadj[u + 1]; ++b)
        if (g.adjncy[b] == v) found = found || g.adjwgt[b] == g.adjwgt[a];
      if (!found) return false;
    }
  return true;
}

// Checks that mate is a matching of g's edges (each vertex paired with a neighbour or single)
// whose count is the function's result; returns the number of singles.
Num check_matching(const CsrGraph& g, const std::vector<Num>& mate, Num count) {
  Num pairs = 0, singles = 0;
  for (Num v = 0; v < g.vertex_count(); ++v) {
    EXPECT_GE(mate[v], 0);
    if (mate[v] < 0) return -1;
    EXPECT_EQ(mate[mate[v]], v);
    if (mate[v] == v) {
      ++singles;
      continue;
    }
    ++pairs;
    bool adjacent = false;
    for (Num a = g.xadj[v]; a < g.xadj[v + 1]; ++a) adjacent = adjacent || g.adjncy[a] == mate[v];
    EXPECT_TRUE(adjacent) << "vertex " << v << " matched with a non-neighbour";
  }
  EXPECT_EQ(count, pairs / 2 + singles);
  return singles;
}

}  // namespace

TEST(Coarsening, CsrFromGraphCopiesWeights) {
  auto graph = grid_graph(5, 4, true);
  const CsrGraph csr = csr_from_graph(*graph);
  EXPECT_EQ(csr.vertex_count(), 20);
  EXPECT_EQ(csr.arc_count(), graph->edgenbr);
  EXPECT_EQ(csr.total_vertex_weight(), 5 * 4 + 2 * 4);  // loads 1,2,1,2,1 per row
  EXPECT_TRUE(is_symmetric(csr));
}

TEST(Coarsening, MatchingIsValid) {
  const CsrGraph g = csr_from_graph(*grid_graph(30, 17, true));
  Random random(7);
  std::vector<Num> mate;
  const Num count = heavy_edge_matching(g, random, MatchingOptions{}, mate);
  check_matching(g, mate, count);
  EXPECT_LT(count, g.vertex_count() * 7 / 10);  // a grid matches well
}

TEST(Coarsening, ShuffleInRunsKeepsEachRunTogether) {
  // 10 runs of 7 values and a last one of 3: the result is the runs in some order, each run's
  // values contiguous and permuted within it; one run alone is an ordinary shuffle.
  std::vector<Num> values(73);
  std::iota(values.begin(), values.end(), Num{0});
  Random random(5);
  std::vector<Num> shuffled = values;
  random.shuffle_in_runs(shuffled, 7);
  std::vector<Num> sorted = shuffled;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, values);
  std::vector<int> runs_seen(11, 0);
  for (std::size_t i = 0; i < shuffled.size();) {
    const Num run = shuffled[i] / 7;
    const std::size_t length = run == 10 ? 3 : 7;
    ++runs_seen[run];
    for (std::size_t j = i; j < i + length; ++j) ASSERT_EQ(shuffled[j] / 7, run) << "position " << j;
    i += length;
  }
  EXPECT_EQ(runs_seen, std::vector<int>(11, 1));
  EXPECT_NE(shuffled, values);

  std::vector<Num> one_run = values, plain = values;
  Random a(9), c(9);
  a.shuffle_in_runs(one_run, 100);
  c.shuffle(plain);
  EXPECT_EQ(one_run, plain);
}

TEST(Coarsening, MatchingAboveTheLocalOrderSizeIsValidAndMaximal) {
  // A 400 x 400 grid (160000 vertices) is visited in runs (kLocalOrderVertices): still a valid
  // matching, maximal (no two adjacent vertices both single), the same for the same seed and
  // not for another.
  const CsrGraph g = csr_from_graph(*grid_graph(400, 400, false));
  ASSERT_GT(g.vertex_count(), kLocalOrderVertices);
  std::vector<Num> mate, again, other;
  Random random(3), same(3), different(4);
  const Num count = heavy_edge_matching(g, random, MatchingOptions{}, mate);
  const Num singles = check_matching(g, mate, count);
  EXPECT_LT(singles, g.vertex_count() / 5);
  for (Num v = 0; v < g.vertex_count(); ++v) {
    if (mate[v] != v) continue;
    for (Num a = g.xadj[v]; a < g.xadj[v + 1]; ++a)
      EXPECT_NE(mate[g.adjncy[a]], g.adjncy[a]) << "single neighbours " << v << " and " << g.adjncy[a];
  }
  heavy_edge_matching(g, same, MatchingOptions{}, again);
  EXPECT_EQ(again, mate);
  heavy_edge_matching(g, different, MatchingOptions{}, other);
  EXPECT_NE(other, mate);
}

TEST(Coarsening, MatchingPrefersHeavyEdges) {
  // Path 0-1-2-3 with weights 1, 9, 1: 1 and 2 must be matched together.
  std::vector<WeightedEdge> edges = {{0, 1, 1}, {1, 2, 9}, {2, 3, 1}};
  const CsrGraph g = csr_from_graph(*tartan_test::edge_graph(4, edges));
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    Random random(seed);
    std::vector<Num> mate;
    heavy_edge_matching(g, random, MatchingOptions{}, mate);
    if (mate[0] != 1 && mate[3] != 2) {
      EXPECT_EQ(mate[1], 2) << "seed " << seed;
    }
  }
}

TEST(Coarsening, MatchingInIndexOrderPairsAGridRegularly) {
  // Visiting a 6 x 4 grid row by row, every vertex of an even column pairs with its right-hand
  // neighbour (equal edges, equal weights: the first neighbour met wins), whatever the seed.
  const CsrGraph g = csr_from_graph(*grid_graph(6, 4, false));
  MatchingOptions options;
  options.visit_in_order = true;
  for (std::uint64_t seed : {1u, 2u}) {
    Random random(seed);
    std::vector<Num> mate;
    EXPECT_EQ(heavy_edge_matching(g, random, options, mate), 12);
    for (Num v = 0; v < g.vertex_count(); v += 2) EXPECT_EQ(mate[v], v + 1) << "vertex " << v;
  }
}

TEST(Coarsening, ContractionPreservesWeights) {
  const CsrGraph fine = csr_from_graph(*grid_graph(23, 19, true));
  Random random(3);
  std::vector<Num> mate;
  const Num count = heavy_edge_matching(fine, random, MatchingOptions{}, mate);
  const CoarseLevel level = contract(fine, mate, count);
  const CsrGraph& coarse = level.graph;
  EXPECT_EQ(coarse.vertex_count(), count);
  EXPECT_EQ(coarse.total_vertex_weight(), fine.total_vertex_weight());
  std::int64_t inside_pairs = 0;
  for (Num v = 0; v < fine.vertex_count(); ++v)
    for (Num a = fine.xadj[v]; a < fine.xadj[v + 1]; ++a)
      if (level.fine_to_coarse[fine.adjncy[a]] == level.fine_to_coarse[v]) inside_pairs += fine.adjwgt[a];
  EXPECT_EQ(total_arc_weight(coarse), total_arc_weight(fine) - inside_pairs);
  EXPECT_TRUE(is_symmetric(coarse));
  for (Num v = 0; v < fine.vertex_count(); ++v) {
    ASSERT_GE(level.fine_to_coarse[v], 0);
    ASSERT_LT(level.fine_to_coarse[v], count);
    EXPECT_EQ(level.fine_to_coarse[v], level.fine_to_coarse[mate[v]]);
  }
}

TEST(Coarsening, SameSeedSameHierarchy) {
  const CsrGraph fine = csr_from_graph(*grid_graph(40, 40));
  Random a(11), b(11), c(12);
  const CoarseLevel la = coarsen_once(fine, a, MatchingOptions{});
  const CoarseLevel lb = coarsen_once(fine, b, MatchingOptions{});
  const CoarseLevel lc = coarsen_once(fine, c, MatchingOptions{});
  EXPECT_EQ(la.fine_to_coarse, lb.fine_to_coarse);
  EXPECT_EQ(la.graph.adjncy, lb.graph.adjncy);
  EXPECT_NE(la.fine_to_coarse, lc.fine_to_coarse);
}

// A hierarchy continued from a prefix has the prefix's levels (the same graphs, not copies)
// and then its own, coarsened from the prefix's coarsest graph as a hierarchy of that graph
// would be with the same generator.
TEST(Coarsening, HierarchyContinuedFromAPrefix) {
  const CsrGraph grid = csr_from_graph(*grid_graph(60, 50));
  CoarseningPlan plan;
  plan.stop_at = 40;
  plan.max_vertex_weight = 120;
  CoarseningPlan early = plan;
  early.stop_at = grid.vertex_count() / 4;
  Random prefix_random(5);
  const MultilevelHierarchy prefix(grid, nullptr, early, prefix_random);
  ASSERT_GE(prefix.coarse_levels(), 1);
  ASSERT_LE(prefix.graph(prefix.coarse_levels()).vertex_count(), early.stop_at);
  Random continued_random(9), alone_random(9);
  const MultilevelHierarchy continued(prefix, plan, continued_random);
  const CsrGraph& middle = prefix.graph(prefix.coarse_levels());
  const MultilevelHierarchy alone(middle, nullptr, plan, alone_random);
  ASSERT_GT(alone.coarse_levels(), 0);
  ASSERT_EQ(continued.coarse_levels(), prefix.coarse_levels() + alone.coarse_levels());
  for (int level = 0; level <= prefix.coarse_levels(); ++level)
    EXPECT_EQ(&continued.graph(level), &prefix.graph(level)) << "level " << level;
  for (int level = 0; level < prefix.coarse_levels(); ++level)
    EXPECT_EQ(&continued.to_coarser(level), &prefix.to_coarser(level));
  for (int level = 0; level < alone.coarse_levels(); ++level) {
    const int at = prefix.coarse_levels() + level;
    EXPECT_EQ(continued.to_coarser(at), alone.to_coarser(level)) << "level " << at;
    EXPECT_EQ(continued.graph(at + 1).adjncy, alone.graph(level + 1).adjncy);
    EXPECT_EQ(continued.graph(at + 1).vwgt, alone.graph(level + 1).vwgt);
  }
  EXPECT_LE(continued.graph(continued.coarse_levels()).vertex_count(), plan.stop_at * 2);
  EXPECT_EQ(continued.graph(continued.coarse_levels()).total_vertex_weight(),
            grid.total_vertex_weight());
}

// Hierarchies built one after another with one HierarchyStorage (as DRB's bisections are) are
// those built without it, level for level, and the later ones reuse the earlier ones' room:
// the finest coarse level of the second hierarchy lies in the first one's arrays.
TEST(Coarsening, HierarchyStorageLendsItsRoomAndChangesNothing) {
  const CsrGraph big = csr_from_graph(*grid_graph(60, 50));
  const CsrGraph small = csr_from_graph(*grid_graph(20, 30, true));
  CoarseningPlan plan;
  plan.stop_at = 40;
  plan.max_vertex_weight = 120;
  HierarchyStorage storage;
  const Num* first_arcs = nullptr;
  for (const CsrGraph* graph : {&big, &small, &big}) {
    Random with(21), without(21);
    const MultilevelHierarchy lent(*graph, nullptr, plan, with, {}, &storage);
    const MultilevelHierarchy own(*graph, nullptr, plan, without);
    ASSERT_EQ(lent.coarse_levels(), own.coarse_levels());
    ASSERT_GT(lent.coarse_levels(), 2);
    for (int level = 0; level < own.coarse_levels(); ++level) {
      EXPECT_EQ(lent.to_coarser(level), own.to_coarser(level)) << "level " << level;
      EXPECT_EQ(lent.graph(level + 1).xadj, own.graph(level + 1).xadj);
      EXPECT_EQ(lent.graph(level + 1).adjncy, own.graph(level + 1).adjncy);
      EXPECT_EQ(lent.graph(level + 1).adjwgt, own.graph(level + 1).adjwgt);
      EXPECT_EQ(lent.graph(level + 1).vwgt, own.graph(level + 1).vwgt);
    }
    if (first_arcs == nullptr)
      first_arcs = lent.graph(1).adjncy.data();
    else
      EXPECT_EQ(lent.graph(1).adjncy.data(), first_arcs) << "the finest level's room not reused";
    EXPECT_EQ(with.next(), without.next());
  }
  EXPECT_FALSE(storage.spare.empty());
}

TEST(Coarsening, ClassesAndWeightLimitAreRespected) {
  const CsrGraph fine = csr_from_graph(*grid_graph(16, 16, true));
  std::vector<Num> cls(static_cast<std::size_t>(fine.vertex_count()));
  for (Num v = 0; v < fine.vertex_count(); ++v) cls[v] = (v % 16) < 8 ? 0 : (v % 3 == 0 ? -1 : 1);
  MatchingOptions options;
  options.vertex_class = &cls;
  options.max_vertex_weight = 3;
  Random random(5);
  std::vector<Num> coarse_class;
  const CoarseLevel level = coarsen_once(fine, random, options, &coarse_class);
  std::vector<Num> seen(static_cast<std::size_t>(level.graph.vertex_count()), -1);
  for (Num v = 0; v < fine.vertex_count(); ++v) {
    const Num c = level.fine_to_coarse[v];
    if (cls[v] != -1) {
      if (seen[c] != -1) {
        EXPECT_EQ(seen[c], cls[v]) << "classes 0 and 1 merged";
      }
      seen[c] = cls[v];
      EXPECT_EQ(coarse_class[c], cls[v]);
    }
  }
  for (Num w : level.graph.vwgt) EXPECT_LE(w, 3);
}

TEST(Coarsening, EdgelessGraphStaysSingle) {
  CsrGraph g;
  g.vwgt.assign(5, 1);
  g.xadj.assign(6, 0);
  Random random(1);
  std::vector<Num> mate;
  EXPECT_EQ(heavy_edge_matching(g, random, MatchingOptions{}, mate), 5);
  const CoarseLevel level = contract(g, mate, 5);
  EXPECT_EQ(level.graph.vertex_count(), 5);
  EXPECT_EQ(level.graph.arc_count(), 0);
}
