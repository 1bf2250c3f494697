// Internals of graphs: the owned-graph builder, the consistency check, statistics, the
// traversal module, shortest paths and subgraph extraction (src/graph).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <limits>
#include <memory>
#include <stdexcept>
#include <utility>
#include <string>
#include <vector>

#include "common/big_arrays.hpp"
#include "common/error.hpp"
#include "graph/graph_builder.hpp"
#include "graph/graph_check.hpp"
#include "graph/graph_stats.hpp"
#include "graph/shortest_paths.hpp"
#include "graph/subgraph.hpp"
#include "graph/traversal.hpp"

using namespace tartan;

namespace {

// rows x cols grid, 4-neighbour.
CsrArrays grid(Num rows, Num cols) {
  std::vector<WeightedEdge> edges;
  for (Num r = 0; r < rows; ++r)
    for (Num c = 0; c < cols; ++c) {
      const Num v = r * cols + c;
      if (c + 1 < cols) edges.push_back({v, v + 1, 1});
      if (r + 1 < rows) edges.push_back({v, v + cols, 1});
    }
  return csr_from_edges(rows * cols, edges, false);
}

std::string check_message(const Graph& graph) {
  try {
    check_graph(graph);
  } catch (const Error& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST(GraphBuilder, EdgesBecomeSymmetricSortedCsr) {
  const CsrArrays csr = csr_from_edges(4, {{2, 0, 5}, {0, 1, 1}, {1, 0, 3}, {3, 3, 9}}, true);
  EXPECT_EQ(csr.verttab, (std::vector<Num>{0, 2, 3, 4, 4}));
  EXPECT_EQ(csr.edgetab, (std::vector<Num>{1, 2, 0, 0}));
  EXPECT_EQ(csr.edlotab, (std::vector<Num>{3, 5, 3, 5}));  // duplicate {0,1}: largest weight
  EXPECT_THROW(csr_from_edges(2, {{0, 2, 1}}, false), Error);
}

TEST(GraphBuilder, OwnedGraphInEitherBase) {
  Graph graph;
  assign_owned(graph, grid(3, 4), 1);
  EXPECT_EQ(graph.vertnbr, 12);
  EXPECT_EQ(graph.edgenbr, 2 * (3 * 3 + 2 * 4));
  EXPECT_EQ(graph.baseval, 1);
  EXPECT_EQ(graph.verttab[0], 1);
  EXPECT_TRUE(graph.owns_arrays());
  EXPECT_EQ(graph.vendtab, graph.verttab + 1);
  EXPECT_NO_THROW(check_graph(graph));
  rebase_owned(graph, 0);
  EXPECT_EQ(graph.verttab[0], 0);
  EXPECT_NO_THROW(check_graph(graph));
  // copies of a borrowed non-compact graph come out compact and 0-based
  const std::vector<Num> vert = {1, 5, 9}, vend = {2, 6, 9}, edge = {2, 0, 0, 0, 1, 0, 0, 0, 0};
  Graph borrowed;
  borrowed.baseval = 1;
  borrowed.vertnbr = 3;
  borrowed.edgenbr = 2;
  borrowed.verttab = vert.data();
  borrowed.vendtab = vend.data();
  borrowed.edgetab = edge.data();
  EXPECT_NO_THROW(check_graph(borrowed));
  EXPECT_THROW(rebase_owned(borrowed, 0), Error);
  const CsrArrays copy = copy_arrays(borrowed);
  EXPECT_EQ(copy.verttab, (std::vector<Num>{0, 1, 2, 2}));
  EXPECT_EQ(copy.edgetab, (std::vector<Num>{1, 0}));
  auto owned = make_owned_graph(CsrArrays(copy), 0);
  EXPECT_NO_THROW(check_graph(*owned));
  CsrArrays wrong = grid(2, 2);
  wrong.velotab = {1};
  EXPECT_THROW(assign_owned(graph, std::move(wrong), 0), Error);
}

TEST(GraphCheck, NamesTheProblem) {
  CsrArrays arrays = grid(4, 4);
  arrays.edgetab[5] = 900;
  Graph graph;
  assign_owned(graph, std::move(arrays), 0);
  EXPECT_EQ(check_message(graph),
            "arc 5 of vertex 2 references vertex 900, outside [0, 15] (vertnbr 16)");
  Graph empty;
  EXPECT_EQ(check_message(empty), "");
}

TEST(GraphCheck, OverflowIsItsOwnCode) {
  CsrArrays arrays = grid(2, 2);
  arrays.velotab = {std::numeric_limits<Num>::max(), 1, 0, 0};
  Graph graph;
  assign_owned(graph, std::move(arrays), 0);
  try {
    check_graph(graph);
    FAIL();
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::overflow);
  }
}

TEST(GraphCheck, AsymmetryInAStar) {
  // centre 0 with 5 leaves; leaf 3 forgets the centre and points at leaf 4 instead
  CsrArrays arrays = csr_from_edges(6, {{0, 1, 1}, {0, 2, 1}, {0, 3, 1}, {0, 4, 1}, {0, 5, 1}},
                                    false);
  arrays.edgetab[arrays.verttab[3]] = 4;
  Graph graph;
  assign_owned(graph, std::move(arrays), 0);
  EXPECT_NE(check_message(graph).find("asymmetric"), std::string::npos) << check_message(graph);
}

// Graphs of low degree are checked by scanning lists, denser ones by transposition: both must
// accept what is symmetric (neighbours in any order) and name what is not.
TEST(GraphCheck, SymmetryAtLowAndHighDegree) {
  for (Num leaves : {5, 100}) {
    std::vector<WeightedEdge> edges;
    for (Num leaf = 1; leaf <= leaves; ++leaf) edges.push_back({0, leaf, leaf});
    edges.push_back({2, 3, 7});
    CsrArrays arrays = csr_from_edges(leaves + 1, edges, true);
    // The centre lists its leaves in decreasing order.
    std::reverse(arrays.edgetab.begin(), arrays.edgetab.begin() + arrays.verttab[1]);
    std::reverse(arrays.edlotab.begin(), arrays.edlotab.begin() + arrays.verttab[1]);
    Graph symmetric;
    assign_owned(symmetric, CsrArrays(arrays), 0);
    EXPECT_EQ(check_message(symmetric), "") << leaves << " leaves";

    // Leaf 2's arc to leaf 3 goes to leaf 1 instead: every arc toward a higher vertex still has
    // its reverse, but two arcs toward lower ones have none.
    CsrArrays unmatched = arrays;
    for (Num arc = unmatched.verttab[2]; arc < unmatched.verttab[3]; ++arc)
      if (unmatched.edgetab[arc] == 3) unmatched.edgetab[arc] = 1;
    Graph lost;
    assign_owned(lost, std::move(unmatched), 0);
    EXPECT_NE(check_message(lost).find("no reverse arc"), std::string::npos) << check_message(lost);

    CsrArrays heavier = arrays;
    heavier.edlotab[heavier.verttab[1]] += 1;
    Graph weights;
    assign_owned(weights, std::move(heavier), 0);
    EXPECT_NE(check_message(weights).find("asymmetric arc weights"), std::string::npos)
        << check_message(weights);
  }
}

TEST(GraphStats, Grid) {
  Graph graph;
  assign_owned(graph, grid(4, 4), 0);
  const GraphStats stats = graph_stats(graph);
  EXPECT_EQ(stats.degrmin, 2);
  EXPECT_EQ(stats.degrmax, 4);
  EXPECT_DOUBLE_EQ(stats.degravg, 3.0);
  EXPECT_DOUBLE_EQ(stats.degrdlt, 0.5);
  EXPECT_EQ(stats.velosum, 16);
  EXPECT_EQ(stats.edlosum, 24);
  EXPECT_DOUBLE_EQ(stats.edloavg, 1.0);
}

TEST(Traversal, LevelsAndPseudoDiameter) {
  Graph graph;
  assign_owned(graph, grid(5, 7), 0);
  BreadthFirstSearch bfs(graph);
  EXPECT_EQ(bfs.run(0), 4 + 6);
  EXPECT_EQ(bfs.level(0), 0);
  EXPECT_EQ(bfs.level(8), 2);
  EXPECT_EQ(bfs.order().size(), 35u);
  EXPECT_EQ(bfs.farthest(), 34);
  const PseudoDiameter diameter = pseudo_diameter(bfs, 17);  // start in the middle
  EXPECT_EQ(diameter.length, 10);
  // induced subset: the first row only (a path of 7 vertices)
  std::vector<Num> row(35, 1);
  for (Num v = 0; v < 7; ++v) row[v] = 0;
  EXPECT_EQ(bfs.run(3, VertexSubset{row.data(), 0}), 3);
  EXPECT_EQ(bfs.order().size(), 7u);
  EXPECT_EQ(bfs.level(10), -1);  // outside the subset
  EXPECT_EQ(pseudo_diameter(bfs, 3, VertexSubset{row.data(), 0}).length, 6);
  // a lone vertex
  EXPECT_EQ(bfs.run(40 - 6, VertexSubset{row.data(), 1}), 4 + 6 - 1);
}

TEST(Traversal, BreadthFirstNumbering) {
  // A 5 x 7 grid: every vertex once, from the corner farthest from vertex 0, by levels.
  Graph graph;
  assign_owned(graph, grid(5, 7), 0);
  const std::vector<Num> numbering = breadth_first_numbering(graph);
  ASSERT_EQ(numbering.size(), 35u);
  EXPECT_EQ(numbering.front(), 34);
  BreadthFirstSearch bfs(graph);
  bfs.run(34);
  std::vector<char> seen(35, 0);
  for (std::size_t i = 0; i < numbering.size(); ++i) {
    ASSERT_FALSE(seen[numbering[i]]) << numbering[i];
    seen[numbering[i]] = 1;
    if (i > 0) {
      EXPECT_LE(bfs.level(numbering[i - 1]), bfs.level(numbering[i]));
    }
  }
  // Two paths and a lone vertex: each component whole, in order of its first vertex.
  CsrArrays arrays = csr_from_edges(6, {{0, 4, 1}, {4, 2, 1}, {1, 5, 1}}, false);
  Graph pieces;
  assign_owned(pieces, std::move(arrays), 0);
  EXPECT_EQ(breadth_first_numbering(pieces), (std::vector<Num>{2, 4, 0, 5, 1, 3}));
}

TEST(Traversal, LevelByLevelFromSeveralStarts) {
  Graph graph;
  assign_owned(graph, grid(5, 7), 0);
  BreadthFirstSearch bfs(graph);
  const std::vector<Num> starts = {0, 34, 0};  // opposite corners, a repeat ignored
  bfs.start(starts.data(), starts.size());
  EXPECT_EQ(bfs.order().size(), 2u);
  EXPECT_EQ(bfs.level_begin(), 0u);
  ASSERT_TRUE(bfs.next_level());
  EXPECT_EQ(bfs.order().size() - bfs.level_begin(), 4u);  // two neighbours of each corner
  EXPECT_EQ(bfs.level(1), 1);
  EXPECT_EQ(bfs.level(33), 1);
  Num levels = 1;
  while (bfs.next_level()) ++levels;
  EXPECT_EQ(levels, 5);  // the middle of the 4 + 6 hops between the corners
  EXPECT_EQ(bfs.order().size(), 35u);
  EXPECT_EQ(bfs.level(17), 5);
  // inside a subset: the first row only
  std::vector<Num> row(35, 1);
  for (Num v = 0; v < 7; ++v) row[v] = 0;
  const Num start = 3;
  bfs.start(&start, 1, VertexSubset{row.data(), 0});
  while (bfs.next_level()) {
  }
  EXPECT_EQ(bfs.order().size(), 7u);
  EXPECT_EQ(bfs.level(10), -1);
}

TEST(Traversal, Components) {
  Graph graph;
  assign_owned(graph, csr_from_edges(7, {{0, 2, 1}, {4, 5, 1}, {2, 6, 1}}, false), 1);
  const Components components = connected_components(graph);
  EXPECT_EQ(components.count, 4);
  EXPECT_EQ(components.component, (std::vector<Num>{0, 1, 0, 2, 3, 3, 0}));
  Graph empty;
  EXPECT_EQ(connected_components(empty).count, 0);
}

TEST(Subgraph, InducedSubgraphWithLeavingArcs) {
  Graph graph;
  assign_owned(graph, grid(3, 3), 1);  // based 1: the extractor works on 0-based numbers
  SubgraphExtractor extract(graph);
  const std::vector<Num> subset = {4, 1, 5};  // the centre, the top middle, the right middle
  CsrGraph sub;
  std::vector<std::pair<Num, Num>> leaving;  // (local vertex, neighbour)
  extract(subset.data(), 3, sub, [](Num v) { return 10 * v; },
          [&](Num arc) { return 100 + graph.neighbour(arc); },
          [&](Num local, Num arc) { leaving.emplace_back(local, graph.neighbour(arc)); });
  EXPECT_EQ(sub.vwgt, (std::vector<Num>{40, 10, 50}));
  // Arcs keep the graph's (sorted) order: 4 -> 1, 5; 1 -> 4; 5 -> 4.
  EXPECT_EQ(sub.xadj, (std::vector<Num>{0, 2, 3, 4}));
  EXPECT_EQ(sub.adjncy, (std::vector<Num>{1, 2, 0, 0}));
  EXPECT_EQ(sub.adjwgt, (std::vector<Num>{101, 105, 104, 104}));
  const std::vector<std::pair<Num, Num>> expected = {{0, 3}, {0, 7}, {1, 0}, {1, 2},
                                                     {2, 2}, {2, 8}};
  EXPECT_EQ(leaving, expected);

  // The workspace is clean for the next subset, even after a callback threw.
  EXPECT_THROW(extract(subset.data(), 3, sub, [](Num) -> Num { throw std::runtime_error("x"); },
                       [](Num) { return 1; }, [](Num, Num) {}),
               std::runtime_error);
  const std::vector<Num> corner = {0, 3};
  Num leaving_count = 0;
  extract(corner.data(), 2, sub, [](Num) { return 1; }, [](Num) { return 1; },
          [&](Num, Num) { ++leaving_count; });
  EXPECT_EQ(sub.xadj, (std::vector<Num>{0, 1, 2}));
  EXPECT_EQ(sub.adjncy, (std::vector<Num>{1, 0}));
  EXPECT_EQ(leaving_count, 3);  // 0 -> 1; 3 -> 4, 6
}

TEST(Subgraph, CsrViewAsGraph) {
  CsrGraph csr;
  csr.xadj = {0, 1, 2};
  csr.adjncy = {1, 0};
  csr.adjwgt = {7, 7};
  csr.vwgt = {1, 1};
  Graph view;
  view_csr_as_graph(csr, view);
  EXPECT_EQ(view.vertnbr, 2);
  EXPECT_EQ(view.edgenbr, 2);
  EXPECT_EQ(view.neighbour(view.begin(1)), 0);
  EXPECT_EQ(view.arc_weight(0), 7);
  EXPECT_EQ(view.velotab, nullptr);
}

TEST(ShortestPaths, ExactDistancesUniformAndWeighted) {
  Graph uniform;
  assign_owned(uniform, csr_from_edges(4, {{0, 1, 3}, {1, 2, 3}, {2, 3, 3}}, true), 0);
  EXPECT_TRUE(has_uniform_edge_costs(uniform));
  ExactDistances from_uniform(uniform);
  EXPECT_EQ(from_uniform.from(0), (std::vector<Num>{0, 3, 6, 9}));
  // A triangle whose direct link costs more than the detour; vertex 3 unreachable.
  Graph weighted;
  assign_owned(weighted, csr_from_edges(4, {{0, 1, 1}, {1, 2, 1}, {0, 2, 5}}, true), 0);
  EXPECT_FALSE(has_uniform_edge_costs(weighted));
  ExactDistances from_weighted(weighted);
  EXPECT_EQ(from_weighted.from(2), (std::vector<Num>{2, 1, 0, -1}));
}

TEST(ShortestPaths, BoundedSettleStopsAtTheLimit) {
  // Path 0-1-2-3-4 with unit links; vertex costs 10 at vertex 2.
  CsrGraph path;
  path.xadj = {0, 1, 3, 5, 7, 8};
  path.adjncy = {1, 0, 2, 1, 3, 2, 4, 3};
  path.adjwgt.assign(8, 1);
  path.vwgt.assign(5, 0);
  const std::vector<Num> vertex_cost = {0, 0, 10, 0, 0};
  std::vector<SearchSeed> settled;
  bounded_settle(path, vertex_cost, {{0, 0}}, 100, settled);
  ASSERT_EQ(settled.size(), 5u);
  EXPECT_EQ(settled[3].vertex, 3);
  EXPECT_EQ(settled[3].cost, 13);  // through vertex 2, which costs 10 to cross
  bounded_settle(path, {}, {{4, 5}, {0, 0}}, 2, settled);
  ASSERT_EQ(settled.size(), 2u);
  EXPECT_EQ(settled[0].vertex, 0);
  EXPECT_EQ(settled[1].vertex, 1);
  EXPECT_EQ(settled[1].cost, 1);
}

// The big-array helpers fill and size like the vector operations they stand for.
TEST(BigArrays, HelpersKeepVectorSemantics) {
  std::vector<Num> filled = big_vector<Num>(5, 7);
  EXPECT_EQ(filled, std::vector<Num>(5, 7));
  std::vector<Num> grown{1, 2, 3};
  assign_big(grown, 3 << 20, Num{-1});
  ASSERT_EQ(grown.size(), std::size_t{3} << 20);
  EXPECT_EQ(grown.front(), -1);
  EXPECT_EQ(grown.back(), -1);
  assign_big(grown, 2, Num{4});  // shrinking keeps the room
  EXPECT_EQ(grown, std::vector<Num>(2, 4));
  EXPECT_GE(grown.capacity(), std::size_t{3} << 20);
  std::vector<Num> reserved{9};
  reserve_big(reserved, 1 << 22);
  EXPECT_EQ(reserved, std::vector<Num>{9});  // reserve keeps the contents
  EXPECT_GE(reserved.capacity(), std::size_t{1} << 22);
  std::vector<Num> copied{5};
  assign_range_big(copied, grown.begin(), grown.end());  // replaces the contents
  EXPECT_EQ(copied, std::vector<Num>(2, 4));
  const std::vector<Num> source(std::size_t{3} << 20, 6);
  assign_range_big(copied, source.begin(), source.end());
  EXPECT_EQ(copied, source);
  std::unique_ptr<Num[]> buffer = big_buffer<Num>(1 << 22);
  buffer[(1 << 22) - 1] = 3;
  EXPECT_EQ(buffer[(1 << 22) - 1], 3);
}

// Where the system grants transparent huge pages on request, an array of 32 MB is advised:
// the kernel lists the mapping holding its middle with the "hg" flag (proc(5), VmFlags).
TEST(BigArrays, BigArraysAreAdvisedForHugePages) {
  std::ifstream setting("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string modes;
  if (!std::getline(setting, modes) || modes.find("[never]") != std::string::npos)
    GTEST_SKIP() << "no transparent huge pages on this system";
  const std::vector<Num> array = big_vector<Num>(std::size_t{8} << 20, 1);
  const auto middle = reinterpret_cast<std::uintptr_t>(array.data() + array.size() / 2);
  std::ifstream maps("/proc/self/smaps");
  std::string line;
  bool inside = false, found = false;
  while (std::getline(maps, line)) {
    unsigned long begin = 0, end = 0;
    if (std::sscanf(line.c_str(), "%lx-%lx ", &begin, &end) == 2 && line.find('-') < 17) {
      inside = begin <= middle && middle < end;
      continue;
    }
    if (inside && line.rfind("VmFlags:", 0) == 0) {
      found = true;
      EXPECT_NE(line.find(" hg"), std::string::npos) << line;
    }
  }
  EXPECT_TRUE(found) << "no mapping holds the array in /proc/self/smaps";
}
