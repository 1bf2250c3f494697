// Making owned graphs from plain 0-based vectors: the one way readers, generators, coarsening
// and mapping build a tartan::Graph they keep.
//
//   CsrArrays arrays;                  // 0-based CSR: verttab has vertnbr + 1 offsets,
//   arrays.verttab = {0, 1, 2};        // edgetab holds 0-based neighbours; velotab, vlbltab,
//   arrays.edgetab = {1, 0};           // edlotab are empty (unit loads, identity labels, unit
//   assign_owned(graph, std::move(arrays), /*baseval=*/0);  // weights) or full-sized.
//
//   std::vector<WeightedEdge> edges = {{0, 1, 5}, {1, 2, 1}};
//   assign_owned(graph, csr_from_edges(3, std::move(edges), /*weighted=*/true), 0);
//
// None of these checks symmetry or ranges beyond the array sizes: graph_check.hpp does.
#pragma once

#include <memory>
#include <vector>

#include "common/num.hpp"
#include "graph/graph.hpp"

namespace tartan {

struct CsrArrays {
  std::vector<Num> verttab;  // vertnbr + 1 offsets, verttab[0] == 0
  std::vector<Num> edgetab;  // 0-based neighbours, verttab.back() entries
  std::vector<Num> velotab;  // empty or vertnbr vertex loads
  std::vector<Num> vlbltab;  // empty or vertnbr labels (kept as they are, never renumbered)
  std::vector<Num> edlotab;  // empty or one weight per arc

  Num vertex_count() const { return verttab.empty() ? 0 : static_cast<Num>(verttab.size() - 1); }
};

// Replaces graph's contents by an owned compact graph over arrays (moved in), with verttab and
// edgetab shifted to baseval (0 or 1). Throws Error(invalid) on inconsistent sizes.
void assign_owned(Graph& graph, CsrArrays&& arrays, Num baseval);
std::unique_ptr<Graph> make_owned_graph(CsrArrays&& arrays, Num baseval);

// 0-based compact copies of any graph's arrays (borrowed or owned, compact or not).
CsrArrays copy_arrays(const Graph& graph);

// Shifts an owned graph's verttab and edgetab to a new base (0 or 1); labels are unchanged.
void rebase_owned(Graph& graph, Num baseval);

// An undirected edge {u, v} between 0-based vertices.
struct WeightedEdge {
  Num u, v, weight;
};

// Symmetric CSR (both arcs of every edge, neighbours sorted) from undirected edges: self loops
// are dropped, an edge listed several times (either way round) is kept once with the largest
// weight. weighted = false leaves edlotab empty. Throws Error(invalid) on a vertex out of
// [0, vertnbr), Error(overflow) if the arc count does not fit in Num.
CsrArrays csr_from_edges(Num vertnbr, std::vector<WeightedEdge> edges, bool weighted);

}  // namespace tartan
