// Shortest paths in graphs whose arc weights are traversal costs (target graphs, the level
// graphs of deco 2): exact distances from one vertex, and a bounded multi-source search.
#pragma once

#include <vector>

#include "common/num.hpp"
#include "graph/coarsening.hpp"
#include "graph/graph.hpp"
#include "graph/traversal.hpp"

namespace tartan {

// True if every edge of the graph costs the same (then a breadth-first search gives exact
// distances; Dijkstra's algorithm is used only when costs vary).
bool has_uniform_edge_costs(const Graph& graph);

// Exact shortest-path costs from one vertex to every vertex of a graph whose arc weights are
// traversal costs: the traversal module's BFS times the common cost when costs are uniform,
// Dijkstra's algorithm (binary heap) otherwise. Unreachable vertices get -1.
class ExactDistances {
 public:
  explicit ExactDistances(const Graph& graph);
  const std::vector<Num>& from(Num source);

 private:
  const Graph& graph_;
  BreadthFirstSearch bfs_;
  bool uniform_;
  Num unit_cost_;
  std::vector<Num> distance_;
};

// A vertex with the cost already paid to reach it.
struct SearchSeed {
  Num vertex;
  Num cost;
};

// Dijkstra's algorithm on a CSR graph (arc weights = edge traversal costs, vertex_cost[v] =
// traversal cost of an intermediate vertex v, empty = all 0) from several sources at once
// (their own vertex costs not counted), giving up after settling settle_limit vertices: settled
// receives them in settling order, with their costs. Its workspace is a per-thread hash table
// stamped with a generation number, so a search touches only the vertices it reaches: no
// graph-sized array is cleared or allocated per search. Thread-safe.
void bounded_settle(const CsrGraph& graph, const std::vector<Num>& vertex_cost,
                    const std::vector<SearchSeed>& sources, Num settle_limit,
                    std::vector<SearchSeed>& settled);

}  // namespace tartan
