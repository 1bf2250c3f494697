// msec, the multisection along the target's hierarchy (src/mapping/msec.cpp): the hierarchy it
// reads (shared with bottomup), its level splits (clusters that fit one top block are not cut
// at the top level), the balance of every level and terminal, the fallback to drb on targets
// without a hierarchy, and the same mapping for any thread count.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "arch/arch_factory.hpp"
#include "arch/distance_oracle.hpp"
#include "mapping/balance.hpp"
#include "mapping/hierarchy.hpp"
#include "mapping/kway_state.hpp"
#include "mapping/methods.hpp"
#include "mapping_test_graphs.hpp"

using namespace tartan;
using tartan_test::edge_graph;
using tartan_test::grid_graph;
using tartan_test::TestParams;

namespace {

std::vector<Num> map_with(const char* method, const Graph& graph, const Architecture& arch,
                          double imbalance, int threads = 1, const TestParams& params = TestParams{}) {
  MethodPtr m = std::string(method) == "msec" ? make_msec_method(params) : make_drb_method(params);
  std::vector<Num> part;
  const std::vector<bool> fixed;
  Random random(7);
  MappingContext ctx{graph, arch, part, fixed, imbalance, random, nullptr, threads};
  m->apply(ctx);
  return part;
}

// Four 8 x 8 grids joined in a ring by single edges (vertex 0 of grid g to vertex 63 of the
// previous one): 256 vertices.
std::unique_ptr<Graph> four_clusters() {
  std::vector<WeightedEdge> edges;
  for (Num g = 0; g < 4; ++g) {
    const Num base = 64 * g;
    for (Num y = 0; y < 8; ++y)
      for (Num x = 0; x < 8; ++x) {
        const Num v = base + x + 8 * y;
        if (x + 1 < 8) edges.push_back({v, v + 1, 1});
        if (y + 1 < 8) edges.push_back({v, v + 8, 1});
      }
    edges.push_back({base, (base + 256 - 1) % 256, 1});
  }
  return edge_graph(256, std::move(edges));
}

}  // namespace

TEST(Msec, HierarchyOfTleafBottomFirst) {
  const Hierarchy h = infer_hierarchy(DistanceOracle(*make_tleaf({4, 2, 3}, {100, 10, 1})));
  EXPECT_EQ(h.blocks, (std::vector<Num>{1, 3, 6, 24}));
  EXPECT_EQ(h.level_distance.size(), 3u);
  EXPECT_TRUE(infer_hierarchy(DistanceOracle(*make_torus({4, 4}))).blocks.empty());
}

TEST(Msec, TopLevelSplitFollowsClusters) {
  // tleaf 4 x 4: each cluster of 64 fits one top block of 4 terminals; only the 4 ring edges
  // may cross the top level.
  const auto graph = four_clusters();
  const ArchPtr arch = make_tleaf({4, 4}, {100, 1});
  const std::vector<Num> part = map_with("msec", *graph, *arch, 0.03);
  Num top_cut = 0;
  for (Num v = 0; v < graph->vertnbr; ++v)
    for (Num arc = graph->begin(v); arc < graph->end(v); ++arc)
      if (part[v] / 4 != part[graph->neighbour(arc)] / 4) ++top_cut;
  EXPECT_LE(top_cut, 2 * 4);  // arcs: each ring edge twice
}

TEST(Msec, EveryLevelAndTerminalWithinTheBound) {
  // 48 x 48 grid onto tleaf 3 x 4 x 4 (48 terminals, 48 vertices each), 3 % tolerance.
  const auto graph = grid_graph(48, 48);
  const ArchPtr arch = make_tleaf({3, 4, 4}, {100, 10, 1});
  const double imbalance = 0.03;
  const std::vector<Num> part = map_with("msec", *graph, *arch, imbalance);
  std::vector<std::int64_t> load(48, 0);
  for (Num v = 0; v < graph->vertnbr; ++v) {
    ASSERT_GE(part[v], 0);
    ASSERT_LT(part[v], 48);
    ++load[part[v]];
  }
  const std::int64_t total = graph->vertnbr;
  for (Num t = 0; t < 48; ++t) EXPECT_LE(load[t], load_capacity(total, 1, 48, imbalance)) << t;
  // Each block of each level holds at most its share times 1 + the tolerance.
  for (Num block : {16, 4}) {
    for (Num first = 0; first < 48; first += block) {
      std::int64_t sum = 0;
      for (Num t = first; t < first + block; ++t) sum += load[t];
      EXPECT_LE(sum, load_capacity(total, block, 48, imbalance)) << block << " " << first;
    }
  }
}

TEST(Msec, NoWorseThanDrbOnAHierarchy) {
  const auto graph = grid_graph(48, 48);
  const ArchPtr arch = make_tleaf({3, 4, 4}, {100, 10, 1});
  const DistanceOracle distance(*arch);
  const std::int64_t msec = mapping_cost(*graph, distance, map_with("msec", *graph, *arch, 0.03).data());
  const std::int64_t drb = mapping_cost(*graph, distance, map_with("drb", *graph, *arch, 0.03).data());
  EXPECT_LE(msec, drb * 105 / 100);
}

TEST(Msec, DrbOnTargetsWithoutHierarchy) {
  // As the default strategy runs drb: jobs adjacent first, 8 runs for the blind jobs of tori.
  const auto graph = grid_graph(20, 20);
  TestParams params;
  params.values["runs"] = "3";
  TestParams as_default = params;
  as_default.values["policy"] = "breadth";
  as_default.values["unwrapped"] = "8";
  for (const ArchPtr& arch : {make_torus({4, 4}), make_hypercube(4), make_mesh({2, 8})}) {
    const std::vector<Num> msec = map_with("msec", *graph, *arch, 0.03, 1, params);
    EXPECT_EQ(msec, map_with("drb", *graph, *arch, 0.03, 1, as_default));
    EXPECT_NE(msec, map_with("drb", *graph, *arch, 0.03, 1, params));
  }
}

TEST(Msec, SameMappingForAnyThreadCount) {
  const auto graph = grid_graph(64, 64);  // jobs of 2000 vertices and more run on threads
  const ArchPtr arch = make_tleaf({4, 4, 2}, {100, 10, 1});
  const std::vector<Num> one = map_with("msec", *graph, *arch, 0.03, 1);
  EXPECT_EQ(one, map_with("msec", *graph, *arch, 0.03, 2));
  EXPECT_EQ(one, map_with("msec", *graph, *arch, 0.03, 3));
}
