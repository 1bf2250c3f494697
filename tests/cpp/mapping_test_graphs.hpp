// Small graphs built in code for the mapping and coarsening tests.
#pragma once

#include <memory>
#include <vector>

#include "graph/coarsening.hpp"
#include "graph/graph.hpp"
#include "graph/graph_builder.hpp"

namespace tartan_test {

using tartan::Num;

// nx x ny grid (4-neighbour), vertex x + y * nx; unit weights unless weighted (then edge weight
// 1 + (x + y) % 3 and vertex load 1 + x % 2).
inline std::unique_ptr<tartan::Graph> grid_graph(Num nx, Num ny, bool weighted = false) {
  std::vector<tartan::WeightedEdge> edges;
  for (Num y = 0; y < ny; ++y)
    for (Num x = 0; x < nx; ++x) {
      const Num v = x + y * nx;
      const Num w = weighted ? 1 + (x + y) % 3 : 1;
      if (x + 1 < nx) edges.push_back({v, v + 1, w});
      if (y + 1 < ny) edges.push_back({v, v + nx, w});
    }
  tartan::CsrArrays arrays = tartan::csr_from_edges(nx * ny, std::move(edges), weighted);
  if (weighted) {
    arrays.velotab.resize(static_cast<std::size_t>(nx * ny));
    for (Num v = 0; v < nx * ny; ++v) arrays.velotab[v] = 1 + (v % nx) % 2;
  }
  return tartan::make_owned_graph(std::move(arrays), 0);
}

// A graph from explicit edges and optional loads.
inline std::unique_ptr<tartan::Graph> edge_graph(Num n, std::vector<tartan::WeightedEdge> edges,
                                                 std::vector<Num> loads = {}) {
  tartan::CsrArrays arrays = tartan::csr_from_edges(n, std::move(edges), true);
  arrays.velotab = std::move(loads);
  return tartan::make_owned_graph(std::move(arrays), 0);
}

}  // namespace tartan_test
