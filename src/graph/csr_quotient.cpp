#include "graph/csr_quotient.hpp"

namespace tartan {

CsrGraph induced_csr(const CsrGraph& graph, const std::vector<Num>& vertices, std::vector<Num>& local) {
  const Num count = static_cast<Num>(vertices.size());
  for (Num i = 0; i < count; ++i) local[vertices[i]] = i;
  CsrGraph sub;
  sub.vwgt.resize(static_cast<std::size_t>(count));
  for (Num i = 0; i < count; ++i) {
    const Num v = vertices[i];
    sub.vwgt[i] = graph.vwgt[v];
    for (Num arc = graph.xadj[v]; arc < graph.xadj[v + 1]; ++arc) {
      const Num u = local[graph.adjncy[arc]];
      if (u < 0 || u == i) continue;
      sub.adjncy.push_back(u);
      sub.adjwgt.push_back(graph.adjwgt[arc]);
    }
    sub.xadj.push_back(static_cast<Num>(sub.adjncy.size()));
  }
  for (Num v : vertices) local[v] = -1;
  return sub;
}

CsrGraph quotient_csr(const CsrGraph& graph, const std::vector<Num>& part, Num parts) {
  // Vertices of each part, then one sweep per part merging its arcs through a slot table.
  std::vector<Num> start(static_cast<std::size_t>(parts) + 1, 0);
  for (Num v = 0; v < graph.vertex_count(); ++v) ++start[part[v] + 1];
  for (Num p = 0; p < parts; ++p) start[p + 1] += start[p];
  std::vector<Num> members(static_cast<std::size_t>(graph.vertex_count()));
  std::vector<Num> fill(start.begin(), start.end() - 1);
  for (Num v = 0; v < graph.vertex_count(); ++v) members[fill[part[v]]++] = v;

  CsrGraph quotient;
  quotient.vwgt.assign(static_cast<std::size_t>(parts), 0);
  std::vector<Num> slot(static_cast<std::size_t>(parts), -1);
  for (Num p = 0; p < parts; ++p) {
    const Num first_arc = static_cast<Num>(quotient.adjncy.size());
    for (Num i = start[p]; i < start[p + 1]; ++i) {
      const Num v = members[i];
      quotient.vwgt[p] += graph.vwgt[v];
      for (Num arc = graph.xadj[v]; arc < graph.xadj[v + 1]; ++arc) {
        const Num q = part[graph.adjncy[arc]];
        if (q == p) continue;
        if (slot[q] < 0) {
          slot[q] = static_cast<Num>(quotient.adjncy.size());
          quotient.adjncy.push_back(q);
          quotient.adjwgt.push_back(0);
        }
        quotient.adjwgt[slot[q]] += graph.adjwgt[arc];
      }
    }
    for (Num arc = first_arc; arc < static_cast<Num>(quotient.adjncy.size()); ++arc)
      slot[quotient.adjncy[arc]] = -1;
    quotient.xadj.push_back(static_cast<Num>(quotient.adjncy.size()));
  }
  return quotient;
}

}  // namespace tartan
