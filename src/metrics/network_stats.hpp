// The network figures of a mapping (../shared/NETWORKS.md, seeds 003 and 004): messages, total
// and weighted hops, max and average (message) congestion, dilation and the QAP objective J,
// computed through LinkLoads (src/mapping/link_loads.hpp) in time linear in messages × route
// length, memory O(vertices + links used).
#pragma once

#include <cstdint>
#include <string>

#include "arch/architecture.hpp"
#include "common/num.hpp"
#include "graph/graph.hpp"
#include "mapping/link_loads.hpp"

namespace tartan {

struct NetworkStats {
  std::int64_t messages = 0;    // arcs of positive weight between different terminals
  std::int64_t links_used = 0;  // links carrying at least one message
  std::int64_t th = 0;          // total hops: sum of route lengths
  std::int64_t wh = 0;          // weighted hops: sum of volume x route length
  double mc = 0;                // max over links of volume / bandwidth
  std::int64_t mmc = 0;         // max over links of messages
  double ac = 0;                // mean volume / bandwidth over the links used
  double amc = 0;               // mean messages over the links used
  std::int64_t dilation_max = 0;   // longest route
  double dilation_avg = 0;         // th / messages
  double dilation_weighted = 0;    // wh / total volume
  std::int64_t j = 0;           // sum over arcs of weight x distance (2 x CommExpan's sum)
};

// parttab: vertnbr terminal numbers indexed by 0-based vertex, -1 for unmapped vertices (their
// arcs are left out). Throws Error(not_supported) for a target without links (network.hpp)
// or variable-sized, Error(invalid) for a part outside the target. loads: null, or a
// LinkLoads over arch's network, left holding the mapping's traffic (added to what it held).
NetworkStats compute_network_stats(const Graph& graph, const Architecture& arch,
                                   const Num* parttab, LinkLoads* loads = nullptr);

// One "M\t" line per figure, after gmtst's lines (NETWORKS.md).
std::string format_network_text(const NetworkStats& stats);
// The "network" object of `tartan stats --json` (NETWORKS.md), without a trailing newline.
std::string format_network_json(const NetworkStats& stats);

// What TARTAN_graphMapView prints: gmtst's figures, then the network figures when the target
// has links and a fixed size (text: more "M\t" lines; JSON: the "network" member, else null).
std::string format_mapping_view(const Graph& graph, const Architecture& arch, const Num* parttab,
                                bool json);

}  // namespace tartan
