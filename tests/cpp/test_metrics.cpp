// Mapping statistics against figures worked out by hand from the definitions (FORMATS.md,
// doc/strategy.md), including the cases where SCOTCH's gmtst is wrong.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "arch/arch_factory.hpp"
#include "common/error.hpp"
#include "graph/graph_builder.hpp"
#include "mapping/kway_state.hpp"
#include "metrics/mapping_stats.hpp"

namespace tartan {
namespace {

std::unique_ptr<Graph> graph_of(Num n, std::vector<WeightedEdge> edges, bool weighted,
                                std::vector<Num> loads = {}) {
  CsrArrays arrays = csr_from_edges(n, std::move(edges), weighted);
  arrays.velotab = std::move(loads);
  return make_owned_graph(std::move(arrays), 0);
}

std::unique_ptr<Graph> ring6() {
  return graph_of(6, {{0, 1, 1}, {1, 2, 1}, {2, 3, 1}, {3, 4, 1}, {4, 5, 1}, {5, 0, 1}}, false);
}

TEST(MappingStats, RingOnCompleteGraph) {
  auto graph = ring6();
  auto arch = make_complete(6);
  const std::vector<Num> parts = {0, 0, 2, 2, 4, 4};
  const MappingStats s = compute_mapping_stats(*graph, *arch, parts.data());
  EXPECT_EQ(s.parts_used, 3);
  EXPECT_EQ(s.target_size, 6);
  EXPECT_EQ(s.load_min, 2);
  EXPECT_EQ(s.load_max, 2);
  EXPECT_DOUBLE_EQ(s.load_avg, 2.0);
  EXPECT_DOUBLE_EQ(s.load_dlt, 0.0);
  EXPECT_DOUBLE_EQ(s.load_maxavg, 1.0);
  EXPECT_EQ(s.neighbours_min, 2);
  EXPECT_EQ(s.neighbours_max, 2);
  EXPECT_EQ(s.neighbours_sum, 6);
  EXPECT_EQ(s.edges, 6);
  EXPECT_EQ(s.dilation, 3);
  EXPECT_EQ(s.cost, 3);
  EXPECT_EQ(s.cut_weight, 3);
  EXPECT_DOUBLE_EQ(s.dilation_ratio(), 0.5);
  EXPECT_DOUBLE_EQ(s.delta(), 1.0);
  ASSERT_EQ(s.weight_at_distance.size(), 2u);
  EXPECT_DOUBLE_EQ(s.load_share(0), 0.5);
  EXPECT_DOUBLE_EQ(s.load_share(1), 0.5);
  EXPECT_EQ(s.diameter_min, 2);  // two vertices joined by an edge: 1 hop, counted as 2
  EXPECT_EQ(s.diameter_max, 2);
  EXPECT_EQ(format_stats_text(s),
            "M\tProcessors 3/6 (0.5)\n"
            "M\tTarget min=2\tmax=2\tavg=2\tdlt=0\tmaxavg=1\n"
            "M\tNeighbors min=2\tmax=2\tsum=6\n"
            "M\tCommDilat=0.500000\t(3)\n"
            "M\tCommExpan=0.500000\t(3)\n"
            "M\tCommCutSz=0.500000\t(3)\n"
            "M\tCommDelta=1.000000\n"
            "M\tCommLoad[0]=0.500000\n"
            "M\tCommLoad[1]=0.500000\n"
            "M\tPartDiam\tmin=2\tmax=2\tavg=2.000000\n");
}

// SCOTCH renumbers the used terminals 0, 2, 4 into 0, 1, 2 before taking distances and reports
// a cost of 4 on this path-shaped target; the true distances are 2, 2 and 4.
TEST(MappingStats, UnusedTerminalsKeepTheirTrueDistances) {
  auto graph = ring6();
  auto arch = make_mesh({6, 1});
  const std::vector<Num> parts = {0, 0, 2, 2, 4, 4};
  const MappingStats s = compute_mapping_stats(*graph, *arch, parts.data());
  EXPECT_EQ(s.cost, 8);
  EXPECT_EQ(s.dilation, 8);
  EXPECT_EQ(mapping_cost(*graph, DistanceOracle(*arch), parts.data()), 8);
  ASSERT_EQ(s.weight_at_distance.size(), 5u);
  EXPECT_EQ(s.weight_at_distance[2], 2);
  EXPECT_EQ(s.weight_at_distance[4], 1);
}

TEST(MappingStats, WeightsLoadsAndDelta) {
  // Path 0-1-2-3 with edge weights 5, 1, 3 and vertex loads 4, 0, 2, 2 on a 1x3 mesh.
  auto graph = graph_of(4, {{0, 1, 5}, {1, 2, 1}, {2, 3, 3}}, true, {4, 0, 2, 2});
  auto arch = make_mesh({3, 1});
  const std::vector<Num> parts = {0, 2, 2, 1};
  const MappingStats s = compute_mapping_stats(*graph, *arch, parts.data());
  // Loads: terminal 0: 4, terminal 1: 2, terminal 2: 0 + 2 = 2; avg 8/3.
  EXPECT_EQ(s.parts_used, 3);
  EXPECT_EQ(s.load_min, 2);
  EXPECT_EQ(s.load_max, 4);
  EXPECT_DOUBLE_EQ(s.load_avg, 8.0 / 3.0);
  EXPECT_DOUBLE_EQ(s.load_dlt, (4.0 / 3 + 2.0 / 3 + 2.0 / 3) / 8.0);
  EXPECT_DOUBLE_EQ(s.load_maxavg, 1.5);
  // Edges: (0,1) d=2 w=5, (1,2) d=0 w=1, (2,3) d=1 w=3.
  EXPECT_EQ(s.dilation, 3);
  EXPECT_EQ(s.cost, 13);
  EXPECT_EQ(s.edge_weight, 9);
  EXPECT_EQ(s.cut_weight, 8);
  EXPECT_DOUBLE_EQ(s.expansion_ratio(), 13.0 / 9.0);
  EXPECT_DOUBLE_EQ(s.dilation_ratio(), 1.0);
  EXPECT_DOUBLE_EQ(s.delta(), 13.0 * 3 / (9.0 * 3));
  EXPECT_DOUBLE_EQ(s.load_share(0), 1.0 / 9);
  EXPECT_DOUBLE_EQ(s.load_share(1), 3.0 / 9);
  EXPECT_DOUBLE_EQ(s.load_share(2), 5.0 / 9);
  // Terminal 0 touches 2; 1 touches 2; 2 touches 0 and 1.
  EXPECT_EQ(s.neighbours_min, 1);
  EXPECT_EQ(s.neighbours_max, 2);
  EXPECT_EQ(s.neighbours_sum, 4);
}

TEST(MappingStats, DisconnectedPartsSumTheirPieces) {
  // Part 0 holds the path 0-1-2 (3 vertices across) and the pair 3-4 (2): 3 + 2 = 5.
  auto graph = graph_of(6, {{0, 1, 1}, {1, 2, 1}, {2, 5, 1}, {5, 3, 1}, {3, 4, 1}}, false);
  auto arch = make_complete(2);
  const std::vector<Num> parts = {0, 0, 0, 0, 0, 1};
  const MappingStats s = compute_mapping_stats(*graph, *arch, parts.data());
  EXPECT_EQ(s.diameter_max, 5);
  EXPECT_EQ(s.diameter_min, 1);
  EXPECT_DOUBLE_EQ(s.diameter_avg, 3.0);
}

TEST(MappingStats, PartialMappingsCountMappedVerticesOnly) {
  auto graph = ring6();
  auto arch = make_complete(6);
  const std::vector<Num> parts = {0, 1, 2, 2, -1, -1};
  const MappingStats s = compute_mapping_stats(*graph, *arch, parts.data());
  EXPECT_EQ(s.parts_used, 3);
  EXPECT_EQ(s.edges, 3);  // (0,1) (1,2) (2,3)
  EXPECT_EQ(s.cost, 2);
  EXPECT_EQ(s.load_max, 2);
}

TEST(MappingStats, FarDistancesShareTheLastBin) {
  auto graph = ring6();
  auto arch = make_tleaf({2, 3}, {1000, 1});
  const std::vector<Num> parts = {0, 1, 2, 3, 4, 5};
  const MappingStats s = compute_mapping_stats(*graph, *arch, parts.data());
  ASSERT_EQ(s.weight_at_distance.size(), MappingStats::kLoadBins);
  EXPECT_EQ(s.weight_at_distance.back(), 2);  // edges (2,3) and (5,0) at distance 1001
  EXPECT_EQ(s.weight_at_distance[1], 4);
  EXPECT_EQ(s.cost, 4 + 2 * 1001);
}

TEST(MappingStats, ZeroLoadPartsAreUsedAndNoEdgesIsFine) {
  auto graph = graph_of(3, {}, false, {0, 1, 1});
  auto arch = make_complete(4);
  const std::vector<Num> parts = {3, 0, 0};
  const MappingStats s = compute_mapping_stats(*graph, *arch, parts.data());
  EXPECT_EQ(s.parts_used, 2);
  EXPECT_EQ(s.load_min, 0);
  EXPECT_EQ(s.edges, 0);
  EXPECT_DOUBLE_EQ(s.expansion_ratio(), 0.0);
  EXPECT_EQ(s.diameter_max, 2);  // two isolated vertices in terminal 0
  const std::string json = format_stats_json(s);
  for (const char* key : {"\"processors\"", "\"target\"", "\"neighbors\"", "\"comm_expan\"",
                          "\"comm_load\"", "\"part_diam\""})
    EXPECT_NE(json.find(key), std::string::npos) << key;
}

TEST(MappingStats, RejectsTerminalsOutsideTheTarget) {
  auto graph = ring6();
  auto arch = make_complete(4);
  const std::vector<Num> parts = {0, 1, 2, 3, 4, 0};
  try {
    compute_mapping_stats(*graph, *arch, parts.data());
    ADD_FAILURE() << "accepted terminal 4 of a 4-terminal target";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::invalid);
    EXPECT_NE(std::string(error.what()).find("vertex 4 is mapped to terminal 4"),
              std::string::npos)
        << error.what();
  }
  const std::vector<Num> negative = {0, -2, 0, 0, 0, 0};
  EXPECT_THROW(compute_mapping_stats(*graph, *arch, negative.data()), Error);
}

}  // namespace
}  // namespace tartan
