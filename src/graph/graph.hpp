// A source graph in SCOTCH's CSR layout. Arrays are either borrowed from the caller
// (TARTAN_graphBuild) or owned (loaded, generated); algorithms see the same pointers.
#pragma once

#include <utility>
#include <vector>

#include "common/num.hpp"

namespace tartan {

class Graph {
 public:
  Graph() = default;
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;

  // Views: valid while the graph lives. Based arrays (index baseval is the first vertex).
  Num baseval = 0;
  Num vertnbr = 0;
  Num edgenbr = 0;              // arcs: twice the edges
  const Num* verttab = nullptr; // start of each vertex's arcs, based
  const Num* vendtab = nullptr; // end of each vertex's arcs (verttab + 1 when compact)
  const Num* velotab = nullptr; // vertex loads, or null for unit loads
  const Num* vlbltab = nullptr; // vertex labels, or null for identity
  const Num* edgetab = nullptr; // neighbours (based vertex numbers)
  const Num* edlotab = nullptr; // arc weights, or null for unit weights

  // Storage of owned graphs; the views above point into it.
  std::vector<Num> vert_storage, velo_storage, vlbl_storage, edge_storage, edlo_storage;

  bool owns_arrays() const { return verttab == vert_storage.data() && verttab != nullptr; }

  // Accessors on 0-based vertex numbers v in [0, vertnbr).
  Num begin(Num v) const { return verttab[v] - baseval; }
  Num end(Num v) const { return vendtab[v] - baseval; }
  Num degree(Num v) const { return vendtab[v] - verttab[v]; }
  Num neighbour(Num arc) const { return edgetab[arc] - baseval; }  // arc: 0-based arc index
  Num vertex_load(Num v) const { return velotab ? velotab[v] : 1; }
  Num arc_weight(Num arc) const { return edlotab ? edlotab[arc] : 1; }
  Num label(Num v) const { return vlbltab ? vlbltab[v] : v + baseval; }

  // Points the views at the storage vectors (compact: vendtab = verttab + 1; empty load, label
  // or weight vectors give null views). Call after filling the storage; graph_builder.hpp has
  // the usual ways to make an owned graph.
  void use_storage() {
    verttab = vert_storage.empty() ? nullptr : vert_storage.data();
    vendtab = verttab ? verttab + 1 : nullptr;
    velotab = velo_storage.empty() ? nullptr : velo_storage.data();
    vlbltab = vlbl_storage.empty() ? nullptr : vlbl_storage.data();
    edgetab = edge_storage.empty() ? nullptr : edge_storage.data();
    edlotab = edlo_storage.empty() ? nullptr : edlo_storage.data();
  }

  // Exchanges two graphs whole (views stay valid: vectors keep their buffers when swapped).
  void swap(Graph& other) noexcept {
    std::swap(baseval, other.baseval);
    std::swap(vertnbr, other.vertnbr);
    std::swap(edgenbr, other.edgenbr);
    std::swap(verttab, other.verttab);
    std::swap(vendtab, other.vendtab);
    std::swap(velotab, other.velotab);
    std::swap(vlbltab, other.vlbltab);
    std::swap(edgetab, other.edgetab);
    std::swap(edlotab, other.edlotab);
    vert_storage.swap(other.vert_storage);
    velo_storage.swap(other.velo_storage);
    vlbl_storage.swap(other.vlbl_storage);
    edge_storage.swap(other.edge_storage);
    edlo_storage.swap(other.edlo_storage);
  }

  // Back to the empty graph (base kept), releasing owned storage.
  void clear() {
    Graph empty;
    empty.baseval = baseval;
    swap(empty);
  }
};

}  // namespace tartan
