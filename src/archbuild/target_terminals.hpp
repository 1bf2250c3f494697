// The terminals of a target graph given to a target builder (deco 0, deco 2): chosen by the
// vertex list, checked so that every pair of terminals is at a positive, finite distance.
//
// Target graphs follow seed 001 §2.3.1: vertex weights are processing capacities, edge weights
// are link traversal costs (the bigger, the more expensive to cross).
#pragma once

#include <vector>

#include "common/num.hpp"
#include "graph/graph.hpp"

namespace tartan {

// The terminals of a target: the listed vertices (or all vertices), sorted by vertex index, so
// terminal k is the k-th smallest listed vertex; without a list terminal k is vertex k.
struct TargetTerminals {
  std::vector<Num> vertex;  // 0-based vertex index of each terminal, increasing
  std::vector<Num> weight;  // capacity of each terminal (> 0)
};

// Checks the list and the graph and returns the terminals. list is null for "every vertex";
// entries are based like the graph. Throws Error(invalid) for an empty or repeated list, an
// entry out of range, a terminal of capacity 0 (or below), a link of traversal cost 0 (or
// below: distinct terminals could be at distance 0), a graph without vertices, terminals in
// different connected components (naming two of them and their components), and a
// disconnected graph without a list.
TargetTerminals select_target_terminals(const Graph& graph, const std::vector<Num>* list);

}  // namespace tartan
