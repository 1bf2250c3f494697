// Deveci et al.'s mappers (umpa_greedy, umpa_wh, umpa_mc, umpa_mmc; seed 004) on small graphs
// built in code and sparse allocations of a torus: permutations in one-to-one problems, loads
// within the bound with several vertices per terminal, fixed vertices kept, each refinement never
// worse than its start on the figure it refines (and better on these cases, with bounds
// measured), the same seed giving the same mapping, and targets without links refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "arch/arch_factory.hpp"
#include "arch/distance_oracle.hpp"
#include "common/error.hpp"
#include "mapping/balance.hpp"
#include "mapping/kway_state.hpp"
#include "mapping/mapping_start.hpp"
#include "mapping/methods.hpp"
#include "metrics/network_stats.hpp"
#include "mapping_test_graphs.hpp"

using namespace tartan;
using tartan_test::grid_graph_nd;
using tartan_test::TestParams;

namespace {

MethodPtr make(const std::string& name, const TestParams& params = TestParams{}) {
  if (name == "umpa_greedy") return make_umpa_greedy_method(params);
  if (name == "umpa_wh") return make_umpa_wh_method(params);
  if (name == "umpa_mc") return make_umpa_mc_method(params);
  return make_umpa_mmc_method(params);
}

void apply(const std::string& name, const Graph& graph, const Architecture& arch,
           std::vector<Num>& part, double imbalance = 0.0, const std::vector<bool>& fixed = {},
           std::uint64_t seed = 1) {
  Random random(seed);
  MappingContext ctx{graph, arch, part, fixed, imbalance, random};
  make(name)->apply(ctx);
}

// 64 nodes of a 8x8x8 torus taken as runs of 1..6 consecutive nodes at pseudo-random places.
ArchPtr scattered_torus() {
  std::vector<Num> nodes;
  std::vector<char> taken(512, 0);
  Random random(7);
  while (nodes.size() < 64) {
    const Num start = static_cast<Num>(random.below(512));
    const Num length = 1 + static_cast<Num>(random.below(6));
    for (Num v = start; v < start + length && nodes.size() < 64; ++v)
      if (!taken[v % 512]) {
        taken[v % 512] = 1;
        nodes.push_back(v % 512);
      }
  }
  return make_sub(make_torus({8, 8, 8}), nodes);
}

bool is_permutation(const std::vector<Num>& part) {
  std::vector<Num> sorted = part;
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t i = 0; i < sorted.size(); ++i)
    if (sorted[i] != Num(i)) return false;
  return true;
}

NetworkStats figures(const Graph& graph, const Architecture& arch, const std::vector<Num>& part) {
  return compute_network_stats(graph, arch, part.data());
}

std::vector<Num> identity(Num n) {
  std::vector<Num> part(static_cast<std::size_t>(n));
  std::iota(part.begin(), part.end(), 0);
  return part;
}

}  // namespace

TEST(Umpa, GreedyFindsTheTorusEmbedding) {
  // A 4x4x4 torus graph onto the 4x4x4 torus: every edge on one link is reachable greedily.
  const auto graph = grid_graph_nd({4, 4, 4}, true);
  const ArchPtr arch = make_torus({4, 4, 4});
  std::vector<Num> part;
  apply("umpa_greedy", *graph, *arch, part);
  EXPECT_TRUE(is_permutation(part));
  const NetworkStats stats = figures(*graph, *arch, part);
  EXPECT_EQ(stats.wh, stats.messages);  // dilation 1 everywhere
}

TEST(Umpa, SparseAllocationEveryMethodBeatsItsStart) {
  const auto graph = grid_graph_nd({4, 4, 4}, false, [](Num a, Num b) { return 1 + (a + b) % 4; });
  const ArchPtr arch = scattered_torus();
  const NetworkStats def = figures(*graph, *arch, identity(64));
  std::vector<Num> greedy;
  apply("umpa_greedy", *graph, *arch, greedy);
  ASSERT_TRUE(is_permutation(greedy));
  const NetworkStats g = figures(*graph, *arch, greedy);
  EXPECT_LT(g.wh, def.wh);

  std::vector<Num> wh = greedy;
  apply("umpa_wh", *graph, *arch, wh);
  EXPECT_TRUE(is_permutation(wh));
  EXPECT_LE(figures(*graph, *arch, wh).wh, g.wh);

  std::vector<Num> mc = greedy;
  apply("umpa_mc", *graph, *arch, mc);
  EXPECT_TRUE(is_permutation(mc));
  EXPECT_LT(figures(*graph, *arch, mc).mc, g.mc);

  std::vector<Num> mmc = greedy;
  apply("umpa_mmc", *graph, *arch, mmc);
  EXPECT_TRUE(is_permutation(mmc));
  EXPECT_LT(figures(*graph, *arch, mmc).mmc, g.mmc);
}

TEST(Umpa, RefinementsImproveAScrambledStart) {
  const auto graph = grid_graph_nd({4, 4, 4}, false);
  const ArchPtr arch = scattered_torus();
  std::vector<Num> start = identity(64);
  Random shuffle(3);
  shuffle.shuffle(start);
  const NetworkStats before = figures(*graph, *arch, start);
  std::vector<Num> wh = start;
  apply("umpa_wh", *graph, *arch, wh);
  EXPECT_LT(figures(*graph, *arch, wh).wh, before.wh * 3 / 4);  // measured: about half
  std::vector<Num> mmc = start;
  apply("umpa_mmc", *graph, *arch, mmc);
  EXPECT_LT(figures(*graph, *arch, mmc).mmc, before.mmc);
}

TEST(Umpa, SeveralVerticesPerTerminal) {
  // 512 vertices onto 64 terminals: 8 each at -b 0; the refinements move whole nodes' contents.
  const auto graph = grid_graph_nd({8, 8, 8}, false);
  const ArchPtr arch = scattered_torus();
  std::vector<Num> part;
  apply("umpa_greedy", *graph, *arch, part);
  std::vector<Num> load(64, 0);
  for (Num t : part) ++load[t];
  for (Num l : load) EXPECT_EQ(l, 8);
  const NetworkStats g = figures(*graph, *arch, part);
  for (const char* name : {"umpa_wh", "umpa_mc", "umpa_mmc"}) {
    std::vector<Num> refined = part;
    apply(name, *graph, *arch, refined);
    std::vector<Num> after(64, 0);
    for (Num t : refined) ++after[t];
    EXPECT_EQ(after, load) << name;
    const NetworkStats r = figures(*graph, *arch, refined);
    if (std::string(name) == "umpa_wh") {
      EXPECT_LE(r.wh, g.wh);
    } else if (std::string(name) == "umpa_mc") {
      EXPECT_LE(r.mc, g.mc);
    } else {
      EXPECT_LE(r.mmc, g.mmc);
    }
  }
}

TEST(Umpa, FixedVerticesStayAndSeedsRepeat) {
  const auto graph = grid_graph_nd({4, 4, 4}, false);
  const ArchPtr arch = scattered_torus();
  std::vector<bool> fixed(64, false);
  fixed[5] = fixed[40] = true;
  for (const char* name : {"umpa_greedy", "umpa_wh", "umpa_mc", "umpa_mmc"}) {
    std::vector<Num> part(64, -1);
    if (std::string(name) != "umpa_greedy") {
      part = identity(64);
      Random shuffle(9);
      shuffle.shuffle(part);
    }
    part[5] = 12;
    part[40] = 0;
    if (std::string(name) != "umpa_greedy") {  // keep a permutation around the fixed two
      for (Num v = 0; v < 64; ++v)
        if (v != 5 && v != 40 && (part[v] == 12 || part[v] == 0)) part[v] = -1;
      std::vector<char> used(64, 0);
      for (Num t : part)
        if (t >= 0) used[t] = 1;
      Num free_t = 0;
      for (Num& t : part)
        if (t < 0) {
          while (used[free_t]) ++free_t;
          t = free_t++;
        }
    }
    std::vector<Num> again = part;
    apply(name, *graph, *arch, part, 0.0, fixed, 4);
    apply(name, *graph, *arch, again, 0.0, fixed, 4);
    EXPECT_EQ(part[5], 12) << name;
    EXPECT_EQ(part[40], 0) << name;
    EXPECT_TRUE(is_permutation(part)) << name;
    EXPECT_EQ(part, again) << name;
  }
}

TEST(Umpa, ParametersAndTargetsWithoutLinks) {
  const auto graph = grid_graph_nd({4, 4}, false);
  const ArchPtr arch = make_variable_complete();
  std::vector<Num> part;
  Random random(1);
  MappingContext ctx{*graph, *arch, part, {}, 0.0, random};
  EXPECT_THROW(make("umpa_greedy")->apply(ctx), Error);
  TestParams params;
  params.values["delta"] = "0";
  EXPECT_THROW(make_umpa_wh_method(params), Error);
  params.values["nbfs"] = "101";
  EXPECT_THROW(make_umpa_greedy_method(params), Error);
}
