// The network view of a target (../shared/NETWORKS.md): nodes, directed links with bandwidths
// and the static route of every message, as seeds 003 (Hoefler and Snir, "Generic topology
// mapping strategies for large-scale parallel architectures") and 004 (Deveci et al.) judge a
// mapping. A kind with links returns its view from Architecture::network(); the others return
// null (no links: variable-sized kinds, a deco 0 read from a file, which holds distances only).
//
// Nodes: the terminals are nodes 0 .. size()-1; switches (tree nodes of tleaf, non-terminal
// vertices of target graphs) follow. Links are directed (a->b and b->a are two links), numbered
// 0 .. link_count()-1. Routes come from closed forms or per-kind structure, never from an
// all-pairs table: a 1M-terminal torus costs no memory beyond its size.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "arch/architecture.hpp"
#include "common/num.hpp"

namespace tartan {

using LinkIndex = std::int64_t;

class Network {
 public:
  virtual ~Network() = default;
  // Terminals then switches.
  virtual Num node_count() const = 0;
  // Directed links.
  virtual LinkIndex link_count() const = 0;
  // Appends, in order, the links a message from terminal `from` to terminal `to` crosses
  // (nothing when from == to), following NETWORKS.md's rule for the kind. Terminals are not
  // range-checked (callers hold valid mappings). Thread-safe.
  virtual void route(Num from, Num to, std::vector<LinkIndex>& links) const = 0;
  // Number of links route(from, to) appends; kinds with a closed form override it.
  virtual Num hops(Num from, Num to) const;
  // Capacity of a link (1 unless the target says otherwise).
  virtual double link_bandwidth(LinkIndex link) const {
    (void)link;
    return 1.0;
  }
  // Tail and head node of a link (Error(invalid) for a number out of range).
  virtual std::pair<Num, Num> link_ends(LinkIndex link) const = 0;
};

// The network of arch; throws Error(not_supported) naming the kind when it has no links.
const Network& network_of(const Architecture& arch);

// The network's link count as a Num; Error(overflow) when it does not fit (32-bit builds).
Num link_count_as_num(const Network& network);

// Error(invalid) "link L out of range [0, N)" unless 0 <= link < count.
void check_link_index(LinkIndex link, LinkIndex count);

}  // namespace tartan
