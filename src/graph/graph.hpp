// A source graph in SCOTCH's CSR layout. Arrays are either borrowed from the caller
// (TARTAN_graphBuild) or owned (loaded, generated); algorithms see the same pointers.
#pragma once

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
};

}  // namespace tartan
