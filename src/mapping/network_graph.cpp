#include "mapping/network_graph.hpp"

namespace tartan {

LinkGraph build_link_graph(const Network& network) {
  const Num nodes = network.node_count();
  const LinkIndex links = network.link_count();
  LinkGraph result;
  CsrGraph& csr = result.csr;
  csr.xadj.assign(static_cast<std::size_t>(nodes) + 1, 0);
  for (LinkIndex l = 0; l < links; ++l) ++csr.xadj[static_cast<std::size_t>(network.link_ends(l).first) + 1];
  for (Num v = 0; v < nodes; ++v) csr.xadj[v + 1] += csr.xadj[v];
  csr.adjncy.resize(static_cast<std::size_t>(links));
  csr.adjwgt.assign(static_cast<std::size_t>(links), 1);
  csr.vwgt.assign(static_cast<std::size_t>(nodes), 1);
  result.link.resize(static_cast<std::size_t>(links));
  std::vector<Num> next(csr.xadj.begin(), csr.xadj.end() - 1);
  for (LinkIndex l = 0; l < links; ++l) {
    const auto ends = network.link_ends(l);
    const Num slot = next[ends.first]++;
    csr.adjncy[slot] = ends.second;
    result.link[slot] = l;
  }
  return result;
}

}  // namespace tartan
