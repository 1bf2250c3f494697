// Moving between Graph and CsrGraph pieces: the CSR subgraph induced by a vertex subset (the
// one extraction DRB's jobs and the deco 0 builder's domains use), and a Graph view of a CSR
// graph for the modules that take a Graph (traversal, shortest paths, checks).
//
//   SubgraphExtractor extract(graph);            // O(vertnbr) workspace, reused
//   extract(vertices, count, sub,
//           [&](Num v) { return graph.vertex_load(v); },      // weight of local vertex
//           [&](Num arc) { return graph.arc_weight(arc); },   // weight of an inner arc
//           [&](Num local, Num arc) { ... });                  // each arc leaving the subset
#pragma once

#include <vector>

#include "common/big_arrays.hpp"
#include "common/num.hpp"
#include "graph/coarsening.hpp"
#include "graph/graph.hpp"

namespace tartan {

class SubgraphExtractor {
 public:
  explicit SubgraphExtractor(const Graph& graph)
      : graph_(graph), local_(big_vector<Num>(static_cast<std::size_t>(graph.vertnbr), -1)) {}

  // sub := the subgraph induced by vertices[0..count) (0-based vertex numbers of the graph,
  // distinct). Local vertex i is vertices[i], of weight vertex_weight(vertices[i]); its arcs
  // keep the graph's order, each arc to a vertex of the subset weighing arc_weight(arc) (arc:
  // the graph's 0-based arc index); self loops are dropped; every arc to a vertex outside the
  // subset is reported as leaving(i, arc) instead, in the same order. Costs O(count + the
  // arcs of the subset's vertices).
  template <class VertexWeight, class ArcWeight, class Leaving>
  void operator()(const Num* vertices, Num count, CsrGraph& sub, VertexWeight&& vertex_weight,
                  ArcWeight&& arc_weight, Leaving&& leaving) {
    for (Num i = 0; i < count; ++i) local_[index(vertices[i])] = i;
    // Unmarks the subset however this returns (a throwing callback or allocation included), so
    // the extractor stays usable.
    struct Unmark {
      std::vector<Num>& local;
      const Num* vertices;
      Num count;
      ~Unmark() {
        for (Num i = 0; i < count; ++i) local[index(vertices[i])] = -1;
      }
    } unmark{local_, vertices, count};
    // Room for every arc of the subset's vertices at once: grown by doubling, the arrays of a
    // job as big as the whole graph were copied and their pages touched anew at each step.
    std::size_t arcs = 0;
    for (Num i = 0; i < count; ++i) arcs += index(graph_.end(vertices[i]) - graph_.begin(vertices[i]));
    sub.xadj.assign(1, 0);
    reserve_big(sub.xadj, index(count) + 1);
    sub.adjncy.clear();
    reserve_big(sub.adjncy, arcs);
    sub.adjwgt.clear();
    reserve_big(sub.adjwgt, arcs);
    sub.vwgt.clear();  // appended in order below: no zero pass over the vertex weights
    reserve_big(sub.vwgt, index(count));
    for (Num i = 0; i < count; ++i) {
      const Num v = vertices[i];
      sub.vwgt.push_back(vertex_weight(v));
      for (Num arc = graph_.begin(v); arc < graph_.end(v); ++arc) {
        const Num u = graph_.neighbour(arc);
        if (u == v) continue;
        const Num local = local_[index(u)];
        if (local < 0) {
          leaving(i, arc);
          continue;
        }
        sub.adjncy.push_back(local);
        sub.adjwgt.push_back(arc_weight(arc));
      }
      sub.xadj.push_back(static_cast<Num>(sub.adjncy.size()));
    }
  }

 private:
  static std::size_t index(Num value) { return static_cast<std::size_t>(value); }

  const Graph& graph_;
  std::vector<Num> local_;  // local number of each vertex of the current subset, else -1
};

// A read-only Graph view of a CsrGraph (arrays borrowed, base 0, vertex loads left out).
void view_csr_as_graph(const CsrGraph& csr, Graph& view);

// The same extraction over a CsrGraph: the subgraph induced by vertices, weights kept, arcs
// leaving the subset dropped.
class CsrSubgraphExtractor {
 public:
  explicit CsrSubgraphExtractor(const CsrGraph& csr)
      : csr_(csr), extract_((view_csr_as_graph(csr, view_), view_)) {}

  CsrGraph operator()(const std::vector<Num>& vertices) {
    CsrGraph sub;
    extract_(vertices.data(), static_cast<Num>(vertices.size()), sub,
             [&](Num v) { return csr_.vwgt[static_cast<std::size_t>(v)]; },
             [&](Num arc) { return csr_.adjwgt[static_cast<std::size_t>(arc)]; },
             [](Num, Num) {});
    return sub;
  }

 private:
  const CsrGraph& csr_;
  Graph view_;  // before extract_, which it is given to
  SubgraphExtractor extract_;
};

}  // namespace tartan
