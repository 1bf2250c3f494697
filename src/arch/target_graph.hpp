// Machinery shared by the decomposition-defined targets (deco 0 in deco.cpp, deco 2 in
// deco2.cpp): choosing and checking the terminals of a target graph, exact distances from one
// vertex, and the bounded shortest-path search that deco 2 runs at one level of its hierarchy.
//
// Target graphs follow seed 001 §2.3.1: vertex weights are processing capacities, edge weights
// are link traversal costs (the bigger, the more expensive to cross).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "common/num.hpp"
#include "graph/coarsening.hpp"
#include "graph/graph.hpp"
#include "graph/traversal.hpp"

namespace tartan {

// The terminals of a target: the listed vertices (or all vertices), sorted by vertex index, so
// terminal k is the k-th smallest listed vertex; without a list terminal k is vertex k.
struct TargetTerminals {
  std::vector<Num> vertex;  // 0-based vertex index of each terminal, increasing
  std::vector<Num> weight;  // capacity of each terminal (> 0)
};

// Checks the list and the graph and returns the terminals. list is null for "every vertex";
// entries are based like the graph. Throws Error(invalid) for an empty or repeated list, an
// entry out of range, a terminal of capacity 0 (or below), a graph without vertices, terminals
// in different connected components, and a disconnected graph without a list.
TargetTerminals select_target_terminals(const Graph& graph, const std::vector<Num>* list);

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

// Dijkstra's algorithm on a level graph (arc weights = edge traversal costs, vertex_cost[v] =
// traversal cost of an intermediate vertex v, empty = all 0) from several sources at once
// (their own vertex costs not counted), giving up after settling settle_limit vertices: settled
// receives them in settling order, with their costs. Its workspace is a per-thread hash table
// stamped with a generation number, so a search touches only the vertices it reaches: no
// level-sized array is cleared or allocated per search. Thread-safe.
void bounded_settle(const CsrGraph& level, const std::vector<Num>& vertex_cost,
                    const std::vector<SearchSeed>& sources, Num settle_limit,
                    std::vector<SearchSeed>& settled);

// A read-only Graph view of a CsrGraph (arrays borrowed, base 0), for the traversal module.
void view_csr_as_graph(const CsrGraph& csr, Graph& view);

// Memory cap (bytes) of the quadratic deco 0 distance matrix: TARTAN_DECO_MAX_MEMORY_MB from
// the environment (a whole number of MiB from 1 to 2^40), 512 MiB when unset or empty; any
// other setting throws Error(invalid).
std::uint64_t deco_matrix_memory_limit();

}  // namespace tartan
