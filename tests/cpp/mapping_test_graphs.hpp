// Small graphs built in code for the tests of the internals (mapping, coarsening, targets built
// from graphs), and method parameters.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "graph/coarsening.hpp"
#include "graph/graph.hpp"
#include "graph/graph_builder.hpp"
#include "common/method_params.hpp"
#include "common/random.hpp"

namespace tartan_test {

using tartan::Num;

// Grid graph of any dimension, mesh or torus (wrap-around edges on dimensions longer than 2),
// vertex x + y·dx + z·dx·dy + ...; cost(a, b) gives each edge's weight (none: unit weights,
// stored without edge weights).
inline std::unique_ptr<tartan::Graph> grid_graph_nd(
    const std::vector<Num>& dims, bool torus,
    const std::function<Num(Num, Num)>& cost = nullptr) {
  Num n = 1;
  for (Num d : dims) n *= d;
  std::vector<tartan::WeightedEdge> edges;
  for (Num v = 0; v < n; ++v) {
    Num stride = 1;
    for (Num d : dims) {
      const Num coordinate = (v / stride) % d;
      Num u = -1;
      if (coordinate + 1 < d)
        u = v + stride;
      else if (torus && d > 2)
        u = v - coordinate * stride;
      if (u >= 0) edges.push_back({v, u, cost ? cost(v, u) : 1});
      stride *= d;
    }
  }
  return tartan::make_owned_graph(tartan::csr_from_edges(n, std::move(edges), bool(cost)), 0);
}

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

// An nx x ny x nz grid whose vertices are numbered by a fixed pseudo-random permutation (from
// seed), so that the identity gets no help from the numbering. Edge weights 1 + (x + y + z) % 3,
// or 1 without weighted.
inline std::unique_ptr<tartan::Graph> scrambled_grid(Num nx, Num ny, Num nz,
                                                     std::uint64_t seed = 12345,
                                                     bool weighted = true) {
  const Num n = nx * ny * nz;
  std::vector<Num> label(static_cast<std::size_t>(n));
  std::iota(label.begin(), label.end(), 0);
  tartan::Random shuffle(seed);
  for (std::size_t i = label.size(); i > 1; --i) std::swap(label[i - 1], label[shuffle.below(i)]);
  std::vector<tartan::WeightedEdge> edges;
  for (Num z = 0; z < nz; ++z)
    for (Num y = 0; y < ny; ++y)
      for (Num x = 0; x < nx; ++x) {
        const Num v = x + nx * (y + ny * z);
        const Num w = weighted ? 1 + (x + y + z) % 3 : 1;
        if (x + 1 < nx) edges.push_back({label[v], label[v + 1], w});
        if (y + 1 < ny) edges.push_back({label[v], label[v + nx], w});
        if (z + 1 < nz) edges.push_back({label[v], label[v + nx * ny], w});
      }
  return edge_graph(n, std::move(edges));
}

// Strategy parameters given as a plain map (the strategy parser's job in the library).
class TestParams : public tartan::MethodParams {
 public:
  std::map<std::string, std::string> values;
  double number(const std::string& key, double fallback, double low, double high) const override {
    auto it = values.find(key);
    if (it == values.end()) return fallback;
    const double v = std::stod(it->second);
    if (v < low || v > high) tartan::fail_format(key + " out of range");
    return v;
  }
  Num integer(const std::string& key, Num fallback, Num low, Num high) const override {
    return static_cast<Num>(number(key, fallback, low, high));
  }
  std::string word(const std::string& key, const std::string& fallback) const override {
    auto it = values.find(key);
    return it == values.end() ? fallback : it->second;
  }
  int choice(const std::string& key, std::initializer_list<const char*> choices,
             int fallback) const override {
    auto it = values.find(key);
    if (it == values.end()) return fallback;
    int index = 0;
    for (const char* candidate : choices) {
      if (it->second == candidate) return index;
      ++index;
    }
    tartan::fail_format(key + " is none of the choices");
  }
};

}  // namespace tartan_test
