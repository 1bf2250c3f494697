// The link graph of a target's network (arch/network.hpp) as a graph the graph layer works on:
// one vertex per node (terminals, then switches), one arc per directed link (tail to head),
// the arc weight 1, and per arc the link it stands for. What rcm orders and greedy searches.
#pragma once

#include <vector>

#include "arch/network.hpp"
#include "graph/coarsening.hpp"

namespace tartan {

struct LinkGraph {
  CsrGraph csr;                   // nodes and links; vwgt 1, adjwgt 1
  std::vector<LinkIndex> link;    // per arc of csr, the link
};

// O(nodes + links) time and memory.
LinkGraph build_link_graph(const Network& network);

}  // namespace tartan
