// Hoefler and Snir's mappers (greedy, recursive, rcm, ta), best=mc, multicore pre-partitioning
// and the one-to-one mode of every method, through strategy strings on small graphs built in
// code: permutations, load bounds, fixed vertices, determinism, bounds on MC / WH measured on
// these graphs, and the errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "arch/arch_factory.hpp"
#include "arch/network.hpp"
#include "common/error.hpp"
#include "mapping/balance.hpp"
#include "mapping/link_loads.hpp"
#include "mapping/mapping_start.hpp"
#include "mapping_test_graphs.hpp"
#include "strat/method_table.hpp"
#include "strat/strat_parser.hpp"

using namespace tartan;
using tartan_test::edge_graph;
using tartan_test::scrambled_grid;

namespace {

std::vector<Num> map_with(const std::string& strategy, const Graph& graph, const Architecture& arch,
                          double imbalance = 0.0, std::vector<Num> part = {},
                          const std::vector<bool>& fixed = {}, std::uint64_t seed = 3) {
  const MethodPtr method = parse_strategy(strategy, mapping_method_table());
  Random random(seed);
  MappingContext ctx{graph, arch, part, fixed, imbalance, random};
  method->apply(ctx);
  return part;
}

bool is_permutation_of_terminals(const std::vector<Num>& part, Num k) {
  std::vector<Num> sorted = part;
  std::sort(sorted.begin(), sorted.end());
  for (Num t = 0; t < k; ++t)
    if (static_cast<Num>(sorted.size()) != k || sorted[t] != t) return false;
  return true;
}

struct Figures {
  double mc = 0, wh = 0;
};

Figures figures(const Graph& graph, const Architecture& arch, const std::vector<Num>& part) {
  LinkLoads loads(network_of(arch));
  Figures f;
  for (Num v = 0; v < graph.vertnbr; ++v)
    for (Num arc = graph.verttab[v]; arc < graph.vendtab[v]; ++arc) {
      const Num u = graph.edgetab[arc] - graph.baseval;
      if (part[u] != part[v])
        f.wh += graph.arc_weight(arc) * loads.add_message(part[v], part[u], graph.arc_weight(arc));
    }
  f.mc = loads.max_congestion();
  return f;
}

// ---- One-to-one mode ------------------------------------------------------------------------

TEST(OneToOneMode, EveryMethodReturnsAPermutation) {
  const auto graph = scrambled_grid(4, 4, 4);
  const std::vector<ArchPtr> targets = {make_torus({4, 4, 4}), make_tleaf({8, 8}, {10, 1}),
                                        make_complete(64)};
  // Constructions from nothing; refinements after a random permutation.
  const std::vector<std::string> strategies = {
      "drb", "drb;kway", "identity", "random", "mm", "gac", "topdown", "recursive", "greedy",
      "rcm", "random;kway", "random;swap", "random;kl", "random;sa", "mfa", "random;ta",
      "greedy;ta", "drb{bal=0.3};kway", "(greedy;ta|recursive|rcm){best=mc}", "recursive{pre=1}"};
  for (const ArchPtr& arch : targets)
    for (const std::string& strategy : strategies) {
      const std::vector<Num> part = map_with(strategy, *graph, *arch);
      EXPECT_TRUE(is_permutation_of_terminals(part, 64)) << strategy << " on " << arch->kind_name();
    }
  EXPECT_TRUE(is_permutation_of_terminals(map_with("mfa_hcub", *graph, *make_hypercube(6)), 64));
  EXPECT_TRUE(is_permutation_of_terminals(map_with("bottomup", *graph, *targets[1]), 64));
}

TEST(OneToOneMode, FixedVerticesKeepTheirTerminals) {
  const auto graph = scrambled_grid(3, 4, 5);
  const ArchPtr arch = make_torus({3, 4, 5});
  std::vector<Num> start(60, -1);
  std::vector<bool> fixed(60, false);
  start[0] = 59, start[7] = 3, start[20] = 0;
  fixed[0] = fixed[7] = fixed[20] = true;
  for (const std::string strategy : {"recursive", "greedy", "rcm", "greedy;ta", "drb;kway"}) {
    const std::vector<Num> part = map_with(strategy, *graph, *arch, 0.0, start, fixed);
    EXPECT_TRUE(is_permutation_of_terminals(part, 60)) << strategy;
    EXPECT_EQ(part[0], 59) << strategy;
    EXPECT_EQ(part[7], 3) << strategy;
    EXPECT_EQ(part[20], 0) << strategy;
  }
}

// ---- Quality, measured on these graphs --------------------------------------------------------

TEST(NetworkMappers, BeatRandomOnWeightedHopsAndTaNeverWorsensMc) {
  const auto graph = scrambled_grid(5, 5, 5);
  const ArchPtr arch = make_torus({5, 5, 5});
  const Figures random = figures(*graph, *arch, map_with("random", *graph, *arch));
  // Measured here: greedy 0.64, recursive 0.65 x random's WH. rcm is about random's here (the
  // breadth-first shells from a mesh corner and from a torus node differ in shape, and the
  // matching keeps locality only within a shell): RcmLaysAPathAlongALine checks its orders.
  for (const std::string strategy : {"greedy", "recursive", "greedy;ta"}) {
    const Figures f = figures(*graph, *arch, map_with(strategy, *graph, *arch));
    EXPECT_LE(f.wh, 0.7 * random.wh) << strategy;
  }
  for (const std::string first : {"greedy", "rcm", "random"}) {
    const Figures before = figures(*graph, *arch, map_with(first, *graph, *arch));
    const Figures after = figures(*graph, *arch, map_with(first + ";ta", *graph, *arch));
    EXPECT_LE(after.mc, before.mc) << first;
    if (after.mc == before.mc) {
      EXPECT_LE(after.wh, before.wh) << first;
    }
  }
}

TEST(NetworkMappers, RcmLaysAPathAlongALine) {
  // A scrambled path of 12 vertices onto a 12 x 1 mesh: both RCM orders run end to end, so
  // every edge spans one link.
  std::vector<Num> label(12);
  std::iota(label.begin(), label.end(), 0);
  std::swap(label[0], label[7]);
  std::swap(label[3], label[11]);
  std::vector<WeightedEdge> edges;
  for (Num i = 0; i + 1 < 12; ++i) edges.push_back({label[i], label[i + 1], 1});
  const auto graph = edge_graph(12, edges);
  const ArchPtr arch = make_mesh({12, 1});
  const std::vector<Num> part = map_with("rcm", *graph, *arch);
  EXPECT_TRUE(is_permutation_of_terminals(part, 12));
  EXPECT_EQ(figures(*graph, *arch, part).wh, 22);  // 11 edges x 2 messages x 1 hop
}

TEST(NetworkMappers, SeveralVerticesPerTerminalStayWithinTheBound) {
  const auto graph = scrambled_grid(8, 8, 4);  // 256 vertices
  const std::vector<ArchPtr> targets = {make_torus({4, 4}), make_tleaf({4, 4}, {10, 1}),
                                        make_weighted_complete({1, 2, 3, 2, 1, 3, 2, 2})};
  for (const ArchPtr& arch : targets)
    for (const std::string strategy :
         {"recursive", "greedy", "rcm", "greedy;ta", "recursive{pre=1}", "greedy{pre=1}",
          "rcm{pre=1};ta"}) {
      const double imbalance = 0.05;
      const std::vector<Num> part = map_with(strategy, *graph, *arch, imbalance);
      const std::vector<std::int64_t> capacity =
          terminal_capacities(*arch, total_vertex_load(*graph), imbalance);
      std::vector<std::int64_t> load(capacity.size(), 0);
      for (Num t : part) {
        ASSERT_GE(t, 0) << strategy;
        ASSERT_LT(t, arch->size()) << strategy;
        ++load[t];
      }
      for (std::size_t t = 0; t < load.size(); ++t)
        EXPECT_LE(load[t], capacity[t]) << strategy << " on " << arch->kind_name() << " terminal " << t;
    }
}

TEST(NetworkMappers, SameSeedSameMapping) {
  const auto graph = scrambled_grid(5, 5, 4);
  const ArchPtr arch = make_torus({5, 5, 4});
  for (const std::string strategy : {"greedy;ta", "recursive", "rcm;ta"})
    EXPECT_EQ(map_with(strategy, *graph, *arch, 0.0, {}, {}, 9),
              map_with(strategy, *graph, *arch, 0.0, {}, {}, 9)) << strategy;
}

TEST(NetworkMappers, BestOfByMcKeepsTheLowestMc) {
  const auto graph = scrambled_grid(4, 4, 4);
  const ArchPtr arch = make_torus({4, 4, 4});
  const Figures identity = figures(*graph, *arch, map_with("identity", *graph, *arch));
  const Figures greedy = figures(*graph, *arch, map_with("greedy", *graph, *arch));
  const Figures best = figures(*graph, *arch, map_with("(identity|greedy){best=mc}", *graph, *arch));
  EXPECT_EQ(best.mc, std::min(identity.mc, greedy.mc));
  EXPECT_THROW(parse_strategy("(identity|greedy){best=wh}", mapping_method_table()), Error);
  EXPECT_THROW(parse_strategy("(identity|greedy){worst=mc}", mapping_method_table()), Error);
  EXPECT_NO_THROW(parse_strategy("(identity|greedy){best=cost};ta", mapping_method_table()));
}

TEST(NetworkMappers, Errors) {
  const auto graph = scrambled_grid(2, 2, 2);
  const ArchPtr arch = make_torus({2, 2, 2});
  try {
    map_with("greedy{start=8}", *graph, *arch);
    FAIL() << "start beyond the terminals accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::invalid);
    EXPECT_NE(std::string(e.what()).find("start=8"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parse_strategy("ta{threshold=-1}", mapping_method_table()), Error);
  EXPECT_THROW(parse_strategy("rcm{pre=2}", mapping_method_table()), Error);
}

}  // namespace
