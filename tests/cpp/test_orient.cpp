// orient (src/mapping/orient.cpp): a block mirrored, turned or flipped (hypercube) with respect
// to its neighbours is put back, a domain holding a fixed vertex keeps its orientation, the cost
// never rises and the loads never change, other targets are left alone, bad input is refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "arch/arch_factory.hpp"
#include "arch/distance_oracle.hpp"
#include "mapping/methods.hpp"
#include "mapping_test_graphs.hpp"

using namespace tartan;
using tartan_test::grid_graph;
using tartan_test::grid_graph_nd;
using tartan_test::TestParams;

namespace {

std::int64_t mapping_cost(const Graph& graph, const Architecture& arch,
                          const std::vector<Num>& part) {
  const DistanceOracle distance(arch);
  std::int64_t cost = 0;
  for (Num v = 0; v < graph.vertnbr; ++v)
    for (Num arc = graph.begin(v); arc < graph.end(v); ++arc)
      cost += graph.arc_weight(arc) * distance(part[v], part[graph.neighbour(arc)]);
  return cost / 2;
}

std::vector<Num> sorted_loads(const std::vector<Num>& part, Num terminals) {
  std::vector<Num> load(static_cast<std::size_t>(terminals), 0);
  for (Num t : part) ++load[t];
  std::sort(load.begin(), load.end());
  return load;
}

void orient(const Graph& graph, const Architecture& arch, std::vector<Num>& part,
            const std::vector<bool>& fixed = {}, const TestParams& params = TestParams{}) {
  MethodPtr method = make_orient_method(params);
  Random random(1);
  MappingContext ctx{graph, arch, part, fixed, 0.01, random};
  method->apply(ctx);
}

// The 8 x 8 grid in 2 x 2 blocks, block (bx, by) on terminal place(bx, by) of a 4 x 4 target.
template <typename Place>
std::vector<Num> block_mapping(Place place) {
  std::vector<Num> part(64);
  for (Num v = 0; v < 64; ++v) {
    const Num bx = (v % 8) / 2, by = (v / 8) / 2;
    part[v] = place(bx, by);
  }
  return part;
}

}  // namespace

TEST(Orient, MirroredHalfReflectedBack) {
  // Aligned blocks cost 48 (24 edges across each direction's cuts, 1 hop each). With the left
  // half (the target's first bipartition, x < 2) mirrored along y, the 8 edges across the middle
  // cost 4, 2, 2, 4 hops by pairs: 64.
  const auto graph = grid_graph(8, 8);
  const ArchPtr arch = make_mesh({4, 4});
  std::vector<Num> part =
      block_mapping([](Num bx, Num by) { return bx + 4 * (bx < 2 ? 3 - by : by); });
  ASSERT_EQ(mapping_cost(*graph, *arch, part), 64);
  const std::vector<Num> loads = sorted_loads(part, 16);
  orient(*graph, *arch, part);
  EXPECT_EQ(mapping_cost(*graph, *arch, part), 48);
  EXPECT_EQ(sorted_loads(part, 16), loads);
}

TEST(Orient, TurnAlongATorusRing) {
  // On a 4 x 4 torus the right half (x >= 2) spans the y ring: its contents turned by one
  // terminal along y put every edge across the middle 2 hops long (56); only turning back
  // restores 48, no reflection does.
  const auto graph = grid_graph(8, 8);
  const ArchPtr arch = make_torus({4, 4});
  std::vector<Num> part =
      block_mapping([](Num bx, Num by) { return bx + 4 * (bx >= 2 ? (by + 1) % 4 : by); });
  ASSERT_EQ(mapping_cost(*graph, *arch, part), 56);
  orient(*graph, *arch, part);
  EXPECT_EQ(mapping_cost(*graph, *arch, part), 48);
}

TEST(Orient, HypercubeSubcubeFlippedBack) {
  // hcub 4 is the grid 2 x 2 x 2 x 2: block (bx, by) on gray(bx) + 4 gray(by) puts every cut
  // edge on 1 bit, 48. Flipping bit 0 in the subcube of bit 3 set (the first bipartition's second
  // half) puts the 8 edges across its boundary on 2 bits: 56.
  const auto graph = grid_graph(8, 8);
  const ArchPtr arch = make_hypercube(4);
  auto gray = [](Num i) { return i ^ (i >> 1); };
  std::vector<Num> part = block_mapping([&](Num bx, Num by) {
    const Num t = gray(bx) + 4 * gray(by);
    return (t & 8) != 0 ? t ^ 1 : t;
  });
  ASSERT_EQ(mapping_cost(*graph, *arch, part), 56);
  orient(*graph, *arch, part);
  EXPECT_EQ(mapping_cost(*graph, *arch, part), 48);
}

TEST(Orient, DomainWithAFixedVertexKeepsItsOrientation) {
  // Vertex 0 sits in the mirrored left half and is fixed: the right half is mirrored instead,
  // which aligns both as well.
  const auto graph = grid_graph(8, 8);
  const ArchPtr arch = make_mesh({4, 4});
  std::vector<Num> part =
      block_mapping([](Num bx, Num by) { return bx + 4 * (bx < 2 ? 3 - by : by); });
  std::vector<bool> fixed(64, false);
  fixed[0] = true;
  const Num fixed_terminal = part[0];
  orient(*graph, *arch, part, fixed);
  EXPECT_EQ(part[0], fixed_terminal);
  EXPECT_EQ(mapping_cost(*graph, *arch, part), 48);
}

TEST(Orient, NeverCostlierLoadsKeptDeterministic) {
  // drb's mappings of a 12^3 mesh onto a 4^3 torus and a 4 x 4 x 4 mesh, several seeds.
  const auto graph = grid_graph_nd({12, 12, 12}, false);
  for (bool wrap : {true, false}) {
    const ArchPtr arch = wrap ? make_torus({4, 4, 4}) : make_mesh({4, 4, 4});
    for (std::uint64_t seed : {1, 2, 3}) {
      std::vector<Num> part;
      const std::vector<bool> none;
      Random random(seed);
      MappingContext ctx{*graph, *arch, part, none, 0.01, random};
      make_drb_method(TestParams{})->apply(ctx);
      const std::int64_t before = mapping_cost(*graph, *arch, part);
      const std::vector<Num> loads = sorted_loads(part, arch->size());
      std::vector<Num> again = part;
      orient(*graph, *arch, part);
      orient(*graph, *arch, again);
      EXPECT_LE(mapping_cost(*graph, *arch, part), before) << "seed " << seed;
      EXPECT_EQ(sorted_loads(part, arch->size()), loads);
      EXPECT_EQ(part, again);
    }
  }
}

TEST(Orient, OtherTargetsLeftAlone) {
  const auto graph = grid_graph(8, 8);
  const std::vector<Num> start =
      block_mapping([](Num bx, Num by) { return (bx * 5 + by * 3) % 16; });
  for (const ArchPtr& arch : {make_tleaf({4, 4}, {10, 1}), make_complete(16)}) {
    std::vector<Num> part = start;
    orient(*graph, *arch, part);
    EXPECT_EQ(part, start) << arch->kind_name();
  }
}

TEST(Orient, BadInputRefused) {
  const auto graph = grid_graph(8, 8);
  const ArchPtr arch = make_mesh({4, 4});
  std::vector<Num> part = block_mapping([](Num bx, Num by) { return bx + 4 * by; });
  part[5] = -1;
  EXPECT_THROW(orient(*graph, *arch, part), Error);
  part[5] = 0;
  TestParams params;
  params.values["passes"] = "101";
  EXPECT_THROW(make_orient_method(params), Error);
}
