// Owned graphs from plain vectors (see graph_builder.hpp).
#include "graph/graph_builder.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <utility>

#include "common/big_arrays.hpp"
#include "common/error.hpp"

namespace tartan {

namespace {

void require_size(const std::vector<Num>& array, std::size_t expected, const char* name) {
  if (!array.empty() && array.size() != expected)
    fail_invalid(std::string(name) + " has " + std::to_string(array.size()) + " entries, expected " +
                 std::to_string(expected));
}

void shift(std::vector<Num>& array, Num delta) {
  if (delta == 0) return;
  for (Num& value : array) value += delta;
}

}  // namespace

void assign_owned(Graph& graph, CsrArrays&& arrays, Num baseval) {
  if (baseval != 0 && baseval != 1) fail_invalid("baseval must be 0 or 1");
  if (arrays.verttab.empty()) arrays.verttab.push_back(0);
  const std::size_t vertnbr = arrays.verttab.size() - 1;
  if (arrays.verttab.front() != 0 ||
      static_cast<std::size_t>(arrays.verttab.back()) != arrays.edgetab.size())
    fail_invalid("verttab does not span edgetab");
  if (baseval > 0 && arrays.edgetab.size() == static_cast<std::size_t>(std::numeric_limits<Num>::max()))
    fail(ErrorCode::overflow, "the last arc index does not fit in TARTAN_Num in base 1");
  require_size(arrays.velotab, vertnbr, "velotab");
  require_size(arrays.vlbltab, vertnbr, "vlbltab");
  require_size(arrays.edlotab, arrays.edgetab.size(), "edlotab");

  shift(arrays.verttab, baseval);
  shift(arrays.edgetab, baseval);
  Graph built;
  built.baseval = baseval;
  built.vertnbr = static_cast<Num>(vertnbr);
  built.edgenbr = static_cast<Num>(arrays.edgetab.size());
  built.vert_storage = std::move(arrays.verttab);
  built.edge_storage = std::move(arrays.edgetab);
  built.velo_storage = std::move(arrays.velotab);
  built.vlbl_storage = std::move(arrays.vlbltab);
  built.edlo_storage = std::move(arrays.edlotab);
  built.use_storage();
  graph.swap(built);
}

std::unique_ptr<Graph> make_owned_graph(CsrArrays&& arrays, Num baseval) {
  auto graph = std::make_unique<Graph>();
  assign_owned(*graph, std::move(arrays), baseval);
  return graph;
}

CsrArrays copy_arrays(const Graph& graph) {
  CsrArrays arrays;
  reserve_big(arrays.verttab, static_cast<std::size_t>(graph.vertnbr) + 1);
  reserve_big(arrays.edgetab, static_cast<std::size_t>(graph.edgenbr));
  if (graph.edlotab) reserve_big(arrays.edlotab, static_cast<std::size_t>(graph.edgenbr));
  arrays.verttab.push_back(0);
  for (Num v = 0; v < graph.vertnbr; ++v) {
    for (Num arc = graph.begin(v); arc < graph.end(v); ++arc) {
      arrays.edgetab.push_back(graph.neighbour(arc));
      if (graph.edlotab) arrays.edlotab.push_back(graph.edlotab[arc]);
    }
    arrays.verttab.push_back(static_cast<Num>(arrays.edgetab.size()));
  }
  if (graph.velotab) arrays.velotab.assign(graph.velotab, graph.velotab + graph.vertnbr);
  if (graph.vlbltab) arrays.vlbltab.assign(graph.vlbltab, graph.vlbltab + graph.vertnbr);
  return arrays;
}

void rebase_owned(Graph& graph, Num baseval) {
  if (baseval != 0 && baseval != 1) fail_invalid("baseval must be 0 or 1");
  if (graph.verttab != nullptr && !graph.owns_arrays())
    fail_invalid("cannot renumber a graph built over the caller's arrays");
  const Num delta = baseval - graph.baseval;
  shift(graph.vert_storage, delta);
  shift(graph.edge_storage, delta);
  graph.baseval = baseval;
}

CsrArrays csr_from_edges(Num vertnbr, std::vector<WeightedEdge> edges, bool weighted) {
  if (vertnbr < 0) fail_invalid("negative vertex count");
  for (const WeightedEdge& edge : edges)
    if (edge.u < 0 || edge.u >= vertnbr || edge.v < 0 || edge.v >= vertnbr)
      fail_invalid("edge {" + std::to_string(edge.u) + ", " + std::to_string(edge.v) +
                   "} has a vertex outside [0, " + std::to_string(vertnbr) + ")");
  // Both orientations, then sorted by (source, target, weight descending) so that the first
  // copy of each arc carries the largest weight.
  std::vector<WeightedEdge> arcs;
  arcs.reserve(edges.size() * 2);
  for (const WeightedEdge& edge : edges) {
    if (edge.u == edge.v) continue;
    arcs.push_back(edge);
    arcs.push_back({edge.v, edge.u, edge.weight});
  }
  std::vector<WeightedEdge>().swap(edges);
  std::sort(arcs.begin(), arcs.end(), [](const WeightedEdge& a, const WeightedEdge& b) {
    if (a.u != b.u) return a.u < b.u;
    if (a.v != b.v) return a.v < b.v;
    return a.weight > b.weight;
  });
  arcs.erase(std::unique(arcs.begin(), arcs.end(),
                         [](const WeightedEdge& a, const WeightedEdge& b) {
                           return a.u == b.u && a.v == b.v;
                         }),
             arcs.end());
  if (arcs.size() > static_cast<std::size_t>(std::numeric_limits<Num>::max()))
    fail(ErrorCode::overflow, "arc count does not fit in TARTAN_Num");

  CsrArrays csr;
  csr.verttab.assign(static_cast<std::size_t>(vertnbr) + 1, 0);
  csr.edgetab.reserve(arcs.size());
  if (weighted) csr.edlotab.reserve(arcs.size());
  for (const WeightedEdge& arc : arcs) {
    ++csr.verttab[static_cast<std::size_t>(arc.u) + 1];
    csr.edgetab.push_back(arc.v);
    if (weighted) csr.edlotab.push_back(arc.weight);
  }
  for (std::size_t v = 1; v < csr.verttab.size(); ++v) csr.verttab[v] += csr.verttab[v - 1];
  return csr;
}

}  // namespace tartan
