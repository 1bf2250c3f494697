// Links and static routes of every target kind with links (src/arch/network.hpp), against
// ../shared/NETWORKS.md: hand-computed routes (a tie on half a torus ring, a size-2 torus
// dimension, a three-level tree, a sub target whose route leaves its terminals) and, for every
// pair of terminals of small targets, routes that are walks of hops() links joining the two
// terminals, over links whose ends are distinct and unique. LinkLoads on top.
#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "arch/arch_factory.hpp"
#include "arch/deco2.hpp"
#include "arch/graph_routes.hpp"
#include "arch/network.hpp"
#include "archbuild/deco_build.hpp"
#include "common/error.hpp"
#include "graph/graph_builder.hpp"
#include "io/text_reader.hpp"
#include "mapping/link_loads.hpp"
#include "metrics/network_stats.hpp"

using namespace tartan;

namespace {

using Ends = std::vector<std::pair<Num, Num>>;

// The node sequence of a route, as pairs of link ends.
Ends route_ends(const Network& net, Num from, Num to) {
  std::vector<LinkIndex> links;
  net.route(from, to, links);
  Ends ends;
  for (LinkIndex link : links) ends.push_back(net.link_ends(link));
  return ends;
}

// Every link has two distinct ends in range and no two links the same ends; every route is a
// walk from `from` to `to` of hops() links, visiting no link twice; routes between terminals at
// distance d of a unit-cost kind have d links when `hops_are_distances`.
void expect_consistent(const Architecture& arch, bool hops_are_distances) {
  ASSERT_TRUE(arch.has_links()) << arch.kind_name();
  const Network& net = network_of(arch);
  std::set<std::pair<Num, Num>> seen;
  for (LinkIndex link = 0; link < net.link_count(); ++link) {
    const auto ends = net.link_ends(link);
    ASSERT_NE(ends.first, ends.second) << arch.kind_name() << " link " << link;
    ASSERT_GE(ends.first, 0);
    ASSERT_LT(ends.first, net.node_count());
    ASSERT_GE(ends.second, 0);
    ASSERT_LT(ends.second, net.node_count());
    ASSERT_TRUE(seen.insert(ends).second) << arch.kind_name() << " link " << link << " duplicated";
  }
  EXPECT_THROW(net.link_ends(net.link_count()), Error);
  EXPECT_THROW(net.link_ends(-1), Error);
  for (Num a = 0; a < arch.size(); ++a)
    for (Num b = 0; b < arch.size(); ++b) {
      std::vector<LinkIndex> links;
      net.route(a, b, links);
      ASSERT_EQ(Num(links.size()), net.hops(a, b)) << arch.kind_name() << " " << a << "->" << b;
      if (hops_are_distances) {
        ASSERT_EQ(Num(links.size()), arch.terminal_distance(a, b));
      }
      Num at = a;
      std::set<LinkIndex> crossed;
      for (LinkIndex link : links) {
        ASSERT_TRUE(crossed.insert(link).second);
        const auto ends = net.link_ends(link);
        ASSERT_EQ(ends.first, at) << arch.kind_name() << " " << a << "->" << b;
        at = ends.second;
      }
      ASSERT_EQ(at, b) << arch.kind_name() << " " << a << "->" << b;
    }
}

TEST(Network, EveryKindConsistent) {
  expect_consistent(*make_mesh({3, 4}), true);
  expect_consistent(*make_mesh({2, 3, 2}), true);
  expect_consistent(*make_grid({5}, false, true), true);
  expect_consistent(*make_torus({4, 3}), true);
  expect_consistent(*make_torus({2, 5, 1}), true);
  expect_consistent(*make_grid({1, 2, 3, 4}, true, true), true);
  expect_consistent(*make_hypercube(4), true);
  expect_consistent(*make_complete(5), true);
  expect_consistent(*make_weighted_complete({2, 1, 3}), true);
  expect_consistent(*make_tleaf({2, 3, 2}, {10, 5, 1}), false);
  expect_consistent(*make_tleaf({3, 1, 2}, {1, 1, 1}), false);
  expect_consistent(*make_ltleaf({2, 2}, {4, 1}, {1, 0}), false);
  expect_consistent(*make_ltleaf({2, 2}, {4, 1}, {2, 0, 3, 1}), false);
  expect_consistent(*make_sub(make_torus({4, 4}), {5, 0, 15, 10, 3}), true);
  expect_consistent(*make_sub(make_tleaf({2, 2}, {3, 1}), {3, 0}), false);
}

TEST(Network, LinkCounts) {
  EXPECT_EQ(network_of(*make_mesh({3, 4})).link_count(), 2 * (2 * 4 + 3 * 3));
  // Size 2: one link each way; size 1: none; size 3 and more: a ring.
  EXPECT_EQ(network_of(*make_torus({2, 3})).link_count(), 2 * 3 + 2 * 6);
  EXPECT_EQ(network_of(*make_torus({1, 4})).link_count(), 2 * 4);
  EXPECT_EQ(network_of(*make_hypercube(3)).link_count(), 24);
  EXPECT_EQ(network_of(*make_complete(4)).link_count(), 12);
  EXPECT_EQ(network_of(*make_complete(1)).link_count(), 0);
  // Tree 2 x 2 x 2: 8 terminals and 7 switches, 14 links each way.
  EXPECT_EQ(network_of(*make_tleaf({2, 2, 2}, {1, 1, 1})).node_count(), 15);
  EXPECT_EQ(network_of(*make_tleaf({2, 2, 2}, {1, 1, 1})).link_count(), 28);
  // A 1M-terminal torus: counted, nothing allocated per link.
  EXPECT_EQ(network_of(*make_torus({100, 100, 100})).link_count(), 6000000);
}

TEST(Network, TorusTieTakesThePlusWay) {
  ArchPtr ring = make_torus({4, 1});
  const Network& net = network_of(*ring);
  EXPECT_EQ(route_ends(net, 0, 2), (Ends{{0, 1}, {1, 2}}));
  EXPECT_EQ(route_ends(net, 2, 0), (Ends{{2, 3}, {3, 0}}));
  EXPECT_EQ(route_ends(net, 3, 1), (Ends{{3, 0}, {0, 1}}));
  EXPECT_EQ(route_ends(net, 1, 0), (Ends{{1, 0}}));
  EXPECT_EQ(route_ends(net, 3, 0), (Ends{{3, 0}}));
  // Shorter way round a ring of 5: 0 -> 4 goes back, 0 -> 3 too.
  ArchPtr five = make_torus({5, 1});
  EXPECT_EQ(route_ends(network_of(*five), 0, 3), (Ends{{0, 4}, {4, 3}}));
}

TEST(Network, TorusDimensionOfSizeTwo) {
  // torus2D 2 3: dimension 0 has one link each way; dimension order x then y.
  ArchPtr torus = make_torus({2, 3});
  const Network& net = network_of(*torus);
  EXPECT_EQ(route_ends(net, 1, 0), (Ends{{1, 0}}));
  EXPECT_EQ(route_ends(net, 0, 1), (Ends{{0, 1}}));
  // (1,0) -> (0,2): x first (1 -> 0), then y the short way round (0 -> 2 backwards).
  EXPECT_EQ(route_ends(net, 1, 4), (Ends{{1, 0}, {0, 4}}));
  std::vector<LinkIndex> a, b;
  net.route(0, 1, a);
  net.route(2, 3, b);
  EXPECT_NE(a, b);
}

TEST(Network, MeshDimensionOrder) {
  ArchPtr mesh = make_mesh({3, 3});
  // (0,0) -> (2,1): x twice, then y once.
  EXPECT_EQ(route_ends(network_of(*mesh), 0, 5), (Ends{{0, 1}, {1, 2}, {2, 5}}));
  EXPECT_EQ(route_ends(network_of(*mesh), 8, 0), (Ends{{8, 7}, {7, 6}, {6, 3}, {3, 0}}));
}

TEST(Network, HypercubeEcube) {
  ArchPtr cube = make_hypercube(3);
  EXPECT_EQ(route_ends(network_of(*cube), 0, 7), (Ends{{0, 1}, {1, 3}, {3, 7}}));
  EXPECT_EQ(route_ends(network_of(*cube), 6, 1), (Ends{{6, 7}, {7, 5}, {5, 1}}));
}

TEST(Network, ThreeLevelTree) {
  // tleaf 3 2 100 2 10 2 1: terminals 0-7, root switch 8, depth-1 switches 9-10, depth-2 11-14.
  ArchPtr tree = make_tleaf({2, 2, 2}, {100, 10, 1});
  const Network& net = network_of(*tree);
  EXPECT_EQ(route_ends(net, 0, 1), (Ends{{0, 11}, {11, 1}}));
  EXPECT_EQ(route_ends(net, 0, 3), (Ends{{0, 11}, {11, 9}, {9, 12}, {12, 3}}));
  EXPECT_EQ(route_ends(net, 0, 7), (Ends{{0, 11}, {11, 9}, {9, 8}, {8, 10}, {10, 14}, {14, 7}}));
  EXPECT_EQ(net.hops(0, 7), 6);
  EXPECT_EQ(tree->terminal_distance(0, 7), 111);  // distances keep the link costs
  // ltleaf: leaf positions are permuted inside blocks of 2.
  ArchPtr ltree = make_ltleaf({2, 2}, {10, 1}, {1, 0});
  // Terminal 1 is leaf 0, terminal 2 leaf 3; switches: root 4, then 5 and 6.
  EXPECT_EQ(route_ends(network_of(*ltree), 1, 2), (Ends{{1, 5}, {5, 4}, {4, 6}, {6, 2}}));
  EXPECT_EQ(network_of(*ltree).link_ends(0), (std::pair<Num, Num>{0, 5}));
}

TEST(Network, SubRouteLeavesTheAllocation) {
  // Terminals 0 and 2 of a line of 3: the route crosses terminal 1, not listed, which becomes
  // node 2 of the sub target (listed terminals first, then the others in order).
  ArchPtr sub = make_sub(make_grid({3}, false, true), {2, 0});
  const Network& net = network_of(*sub);
  EXPECT_EQ(net.node_count(), 3);
  EXPECT_EQ(route_ends(net, 1, 0), (Ends{{1, 2}, {2, 0}}));
  EXPECT_EQ(route_ends(net, 0, 1), (Ends{{0, 2}, {2, 1}}));
}

TEST(Network, KindsWithoutLinks) {
  EXPECT_FALSE(make_variable_complete()->has_links());
  EXPECT_THROW(network_of(*make_variable_hypercube()), Error);
  try {
    network_of(*make_variable_complete());
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::not_supported);
  }
}

TEST(LinkLoads, AddRemoveAndFigures) {
  ArchPtr ring = make_torus({4, 1});
  LinkLoads loads(network_of(*ring));
  EXPECT_EQ(loads.add_message(0, 2, 5.0), 2);
  EXPECT_EQ(loads.add_message(1, 2, 3.0), 1);
  EXPECT_EQ(loads.add_message(3, 3, 3.0), 0);
  EXPECT_DOUBLE_EQ(loads.max_congestion(), 8.0);  // link 1 -> 2 carries both
  EXPECT_EQ(loads.max_message_congestion(), 2);
  EXPECT_EQ(loads.used_links(), 2);
  loads.add_message(1, 2, 3.0, -1);
  EXPECT_DOUBLE_EQ(loads.max_congestion(), 5.0);
  EXPECT_EQ(loads.max_message_congestion(), 1);
  loads.clear();
  EXPECT_EQ(loads.used_links(), 0);
  EXPECT_DOUBLE_EQ(loads.max_congestion(), 0.0);
}

TEST(LinkLoads, SparseBeyondTheDenseLimit) {
  // 6M links: the hash table of used links, the same answers.
  ArchPtr torus = make_torus({100, 100, 100});
  LinkLoads loads(network_of(*torus));
  for (Num t = 0; t < 5000; ++t) loads.add_message(t, t + 1, 1.0);
  loads.add_message(0, 1, 2.0);
  EXPECT_EQ(loads.used_links(), 5050);  // 99 -> 100, 199 -> 200, ...: two links each
  EXPECT_DOUBLE_EQ(loads.max_congestion(), 3.0);
  EXPECT_EQ(loads.max_message_congestion(), 2);
  std::vector<LinkIndex> first;
  network_of(*torus).route(0, 1, first);
  EXPECT_EQ(loads.messages(first[0]), 2);
  EXPECT_DOUBLE_EQ(loads.volume(first[0]), 3.0);
  EXPECT_EQ(loads.messages(network_of(*torus).link_count() - 1), 0);
}

// A target graph as deco 2 finest level: every vertex a terminal of capacity 1.
ArchPtr deco2_of(Num n, const std::vector<WeightedEdge>& edges) {
  CsrArrays arrays = csr_from_edges(n, edges, true);
  CsrGraph graph;
  graph.xadj = arrays.verttab;
  graph.adjncy = arrays.edgetab;
  graph.adjwgt = arrays.edlotab;
  graph.vwgt.assign(std::size_t(n), 1);
  std::vector<Num> terminals(static_cast<std::size_t>(n)), weights(static_cast<std::size_t>(n), 1);
  for (Num v = 0; v < n; ++v) terminals[std::size_t(v)] = v;
  return make_deco2(std::move(graph), {}, terminals, weights);
}

ArchPtr read_tgt(const std::string& text) {
  std::istringstream in(text);
  io::TextReader reader(*in.rdbuf(), "target");
  return read_architecture(reader);
}

TEST(Network, Deco0KeepsTheLinksOfItsBuild) {
  // Built from the 4-cycle: the graph's links and the same tie rule; saved and read back, a
  // deco 0 holds distances only, no link.
  auto cycle =
      make_owned_graph(csr_from_edges(4, {{0, 1, 1}, {1, 2, 1}, {2, 3, 1}, {3, 0, 1}}, false), 0);
  ArchPtr built = build_deco0(*cycle, nullptr);
  expect_consistent(*built, true);
  EXPECT_EQ(route_ends(network_of(*built), 0, 2), (Ends{{0, 1}, {1, 2}}));
  std::ostringstream saved;
  built->save(saved);
  EXPECT_FALSE(read_tgt(saved.str())->has_links());
}

TEST(Network, GraphTargetEqualCostPaths) {
  // A 4-cycle 0-1-2-3-0 of unit costs: 0 -> 2 and 2 -> 0 both have two shortest paths; each
  // vertex is entered from its smallest-numbered neighbour on one, vertex 1 here.
  ArchPtr cycle = deco2_of(4, {{0, 1, 1}, {1, 2, 1}, {2, 3, 1}, {3, 0, 1}});
  expect_consistent(*cycle, true);
  const Network& net = network_of(*cycle);
  EXPECT_EQ(net.link_count(), 8);
  EXPECT_EQ(route_ends(net, 0, 2), (Ends{{0, 1}, {1, 2}}));
  EXPECT_EQ(route_ends(net, 2, 0), (Ends{{2, 1}, {1, 0}}));
  EXPECT_EQ(route_ends(net, 1, 3), (Ends{{1, 0}, {0, 3}}));
  // Link costs: 0-1 costs 5, so 0 -> 2 goes round by 3 (cost 2 against 6).
  ArchPtr weighted = deco2_of(4, {{0, 1, 5}, {1, 2, 1}, {2, 3, 1}, {3, 0, 1}});
  EXPECT_EQ(route_ends(network_of(*weighted), 0, 2), (Ends{{0, 3}, {3, 2}}));
  EXPECT_EQ(route_ends(network_of(*weighted), 0, 1), (Ends{{0, 3}, {3, 2}, {2, 1}}));
}

TEST(Network, GraphRoutesBeyondTheFirstSearch) {
  // A 300 x 300 grid (vertex x + 300 y), larger than a graph whose routes come from a search of
  // the whole graph: a near destination, then the farthest one from the same source (its ball
  // grown again), then the way back. The tie rule enters each vertex from its smallest-numbered
  // predecessor: from 0, the one below it (v - 300) while y > 0, so 0 -> last runs along row 0,
  // then up the last column; from the last vertex, the one to its right (v + 1) while x < 299,
  // so last -> 0 runs down the last column, then along row 0.
  constexpr Num kSide = 300, kLast = kSide * kSide - 1;
  std::vector<WeightedEdge> edges;
  for (Num y = 0; y < kSide; ++y)
    for (Num x = 0; x < kSide; ++x) {
      if (x + 1 < kSide) edges.push_back({x + kSide * y, x + 1 + kSide * y, 1});
      if (y + 1 < kSide) edges.push_back({x + kSide * y, x + kSide * (y + 1), 1});
    }
  CsrArrays arrays = csr_from_edges(kSide * kSide, edges, true);
  CsrGraph grid;
  grid.xadj = arrays.verttab;
  grid.adjncy = arrays.edgetab;
  grid.adjwgt = arrays.edlotab;
  grid.vwgt.assign(std::size_t(kSide * kSide), 1);
  std::vector<Num> terminals(std::size_t(kSide * kSide));
  for (Num v = 0; v <= kLast; ++v) terminals[std::size_t(v)] = v;
  const GraphRoutes net(grid, terminals);
  EXPECT_EQ(route_ends(net, 0, 1), (Ends{{0, 1}}));
  Ends expected;
  for (Num x = 0; x + 1 < kSide; ++x) expected.push_back({x, x + 1});
  for (Num y = 0; y + 1 < kSide; ++y)
    expected.push_back({kSide - 1 + kSide * y, kSide - 1 + kSide * (y + 1)});
  EXPECT_EQ(route_ends(net, 0, kLast), expected);
  EXPECT_EQ(net.hops(0, kLast), 2 * (kSide - 1));
  Ends back;
  for (Num y = kSide - 1; y > 0; --y)
    back.push_back({kSide - 1 + kSide * y, kSide - 1 + kSide * (y - 1)});
  for (Num x = kSide - 1; x > 0; --x) back.push_back({x, x - 1});
  EXPECT_EQ(route_ends(net, kLast, 0), back);
  // A vertex no link reaches: no route, the error names both terminals.
  CsrGraph with_isolated = grid;
  with_isolated.xadj.push_back(with_isolated.xadj.back());
  with_isolated.vwgt.push_back(1);
  terminals.push_back(kLast + 1);
  const GraphRoutes cut(with_isolated, terminals);
  std::vector<LinkIndex> links;
  try {
    cut.route(0, kLast + 1, links);
    ADD_FAILURE() << "a route to an isolated vertex";
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("no route from terminal 0 to terminal 90000"),
              std::string::npos)
        << error.what();
  }
}

TEST(Network, NetTargetSwitchesAndBandwidths) {
  // Switch 0 joins compute nodes 1 (2 slots) and 2 (1 slot); node 3 (3 slots) hangs off 2
  // through a fast link. Terminals: nodes 1, 2, 3 in order; the switch is node 3.
  ArchPtr net_arch = read_tgt("net 4 3\n0 2 1 3\n0 1 1\n0 2 1\n2 3 4\n");
  EXPECT_STREQ(net_arch->kind_name(), "net");
  EXPECT_EQ(net_arch->size(), 3);
  EXPECT_EQ(net_arch->terminal_weight(0), 2);
  EXPECT_EQ(net_arch->terminal_weight(2), 3);
  EXPECT_EQ(net_arch->terminal_distance(0, 2), 3);
  EXPECT_EQ(net_arch->terminal_distance(1, 2), 1);
  expect_consistent(*net_arch, true);
  const Network& net = network_of(*net_arch);
  EXPECT_EQ(net.node_count(), 4);
  EXPECT_EQ(route_ends(net, 0, 2), (Ends{{0, 3}, {3, 1}, {1, 2}}));
  std::vector<LinkIndex> links;
  net.route(1, 2, links);
  ASSERT_EQ(links.size(), 1u);
  EXPECT_DOUBLE_EQ(net.link_bandwidth(links[0]), 4.0);
  // Saving writes the file's numbering back.
  std::ostringstream saved;
  net_arch->save(saved);
  EXPECT_EQ(saved.str(), "net 4 3\n0 2 1 3\n0 1 1\n0 2 1\n2 3 4\n");
  // MC divides by bandwidth: 8 units over the fast link weigh 2.
  auto graph = make_owned_graph(csr_from_edges(2, {{0, 1, 8}}, true), 0);
  const std::vector<Num> parts = {1, 2};
  const NetworkStats stats = compute_network_stats(*graph, *net_arch, parts.data());
  EXPECT_EQ(stats.messages, 2);
  EXPECT_DOUBLE_EQ(stats.mc, 2.0);
  EXPECT_EQ(stats.wh, 16);
}

void expect_refused(const std::string& text, const std::string& words) {
  try {
    read_tgt(text);
    ADD_FAILURE() << "accepted: " << text;
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find(words), std::string::npos)
        << error.what() << " lacks " << words;
  }
}

TEST(Network, NetTargetHostileInputs) {
  expect_refused("net 3 1\n1 1 1\n0 1 1\n", "not connected");
  expect_refused("net 2 1\n1 1\n0 1 0\n", "bandwidth");
  expect_refused("net 2 1\n1 1\n0 1 -3\n", "bandwidth");
  expect_refused("net 2 1\n1 1\n0 0 1\n", "itself");
  expect_refused("net 2 1\n1 1\n0 7 1\n", "out of range");
  expect_refused("net 2 2\n1 1\n0 1 1\n1 0 1\n", "linked twice");
  expect_refused("net 2 1\n0 0\n0 1 1\n", "no slot");
  expect_refused("net 2 1\n1 -1\n0 1 1\n", "slots");
  expect_refused("net 0 0\n", "node count");
  expect_refused("net 2000000000 1\n1 1\n", "");  // ends early: no huge allocation
  expect_refused("net 2 1\n1 1\n0 1\n", "bandwidth");
}

TEST(NetworkStats, HandComputedOnARing) {
  // Path 0 -2- 1 -3- 2 on a ring of 4, at terminals 0, 1, 3: 1 -> 3 and 3 -> 1 are ties, taken
  // the + way (1 2 3 and 3 0 1), so link 0->1 carries 2 + 3.
  auto graph = make_owned_graph(csr_from_edges(3, {{0, 1, 2}, {1, 2, 3}}, true), 0);
  ArchPtr ring = make_torus({4, 1});
  const std::vector<Num> parts = {0, 1, 3};
  const NetworkStats s = compute_network_stats(*graph, *ring, parts.data());
  EXPECT_EQ(s.messages, 4);
  EXPECT_EQ(s.links_used, 5);
  EXPECT_EQ(s.th, 6);
  EXPECT_EQ(s.wh, 16);
  EXPECT_DOUBLE_EQ(s.mc, 5.0);
  EXPECT_EQ(s.mmc, 2);
  EXPECT_DOUBLE_EQ(s.ac, 16.0 / 5);
  EXPECT_DOUBLE_EQ(s.amc, 6.0 / 5);
  EXPECT_EQ(s.dilation_max, 2);
  EXPECT_DOUBLE_EQ(s.dilation_avg, 1.5);
  EXPECT_DOUBLE_EQ(s.dilation_weighted, 1.6);
  EXPECT_EQ(s.j, 16);
  // Hops are links, not distances: two cores of one socket of tleaf 2 2 10 2 1 are 2 hops
  // apart at distance 1; of different sockets, 4 hops at distance 11.
  ArchPtr tree = make_tleaf({2, 2}, {10, 1});
  const std::vector<Num> near = {0, 1, 2}, far = {0, 2, 3};
  EXPECT_EQ(compute_network_stats(*graph, *tree, near.data()).th, 2 * 2 + 2 * 4);
  EXPECT_EQ(compute_network_stats(*graph, *tree, far.data()).j, 2 * 2 * 11 + 3 * 2 * 1);
  // Unmapped vertices are left out; no message: every figure 0.
  const std::vector<Num> alone = {2, 2, -1};
  const NetworkStats none = compute_network_stats(*graph, *ring, alone.data());
  EXPECT_EQ(none.messages, 0);
  EXPECT_DOUBLE_EQ(none.ac, 0.0);
  EXPECT_DOUBLE_EQ(none.dilation_weighted, 0.0);
  // Refused: a part outside the target, a target without links.
  const std::vector<Num> outside = {0, 4, 1};
  EXPECT_THROW(compute_network_stats(*graph, *ring, outside.data()), Error);
  EXPECT_THROW(compute_network_stats(*graph, *make_variable_complete(), parts.data()), Error);
}

}  // namespace
