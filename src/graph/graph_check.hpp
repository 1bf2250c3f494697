// Full consistency check of a graph (TARTAN_graphCheck), and the cheap part of it that
// TARTAN_graphBuild runs. Both throw Error(invalid) or Error(overflow) naming the first
// problem found; vertices and arcs are named by their based numbers, as the caller sees them.
#pragma once

#include "graph/graph.hpp"

namespace tartan {

// Base 0 or 1, non-negative counts, non-null arrays where needed, each vertex's arc range
// inside [baseval, ...) with vendtab >= verttab, and the degrees summing to edgenbr.
// O(vertnbr), no allocation.
void check_graph_structure(const Graph& graph);

// check_graph_structure, then: neighbours in range, no self loops, no duplicate arcs,
// non-negative loads and weights, every arc matched by its reverse arc with the same weight,
// vertex-load and arc-weight sums that fit in Num. O(vertnbr + edgenbr) time and memory.
void check_graph(const Graph& graph);

}  // namespace tartan
