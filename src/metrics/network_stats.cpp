// Network figures of a mapping (network_stats.hpp).
#include "metrics/network_stats.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <memory>
#include <numeric>
#include <vector>

#include "arch/distance_oracle.hpp"
#include "arch/network.hpp"
#include "common/error.hpp"
#include "mapping/link_loads.hpp"
#include "metrics/mapping_stats.hpp"

namespace tartan {
namespace {

double ratio(double numerator, double denominator) {
  return denominator != 0 ? numerator / denominator : 0.0;
}

// Vertices ordered by terminal, so that messages from one terminal follow each other (kinds
// routing on target graphs keep the last sources' shortest-path trees): a counting sort when
// the terminals are not many more than the vertices, a sort otherwise.
std::vector<Num> vertices_by_terminal(const Graph& graph, const Architecture& arch,
                                      const Num* parttab) {
  std::vector<Num> order;
  order.reserve(std::size_t(graph.vertnbr));
  const Num size = arch.size();
  for (Num v = 0; v < graph.vertnbr; ++v) {
    const Num part = parttab[v];
    if (part == -1) continue;
    if (part < 0 || part >= size)
      fail_invalid("vertex " + std::to_string(v + graph.baseval) + " is mapped to terminal " +
                   std::to_string(part) + ", outside the target's " + std::to_string(size) +
                   " terminals");
    order.push_back(v);
  }
  if (std::int64_t(size) <= 4 * std::int64_t(graph.vertnbr) + 1024) {
    std::vector<Num> start(std::size_t(size) + 1, 0);
    for (Num v : order) ++start[std::size_t(parttab[v]) + 1];
    std::partial_sum(start.begin(), start.end(), start.begin());
    std::vector<Num> sorted(order.size());
    for (Num v : order) sorted[std::size_t(start[std::size_t(parttab[v])]++)] = v;
    return sorted;
  }
  std::stable_sort(order.begin(), order.end(),
                   [parttab](Num a, Num b) { return parttab[a] < parttab[b]; });
  return order;
}

template <typename... Args>
void append(std::string& out, const char* format, Args... args) {
  char buffer[256];
  const int length = std::snprintf(buffer, sizeof buffer, format, args...);
  if (length > 0) out.append(buffer, std::size_t(std::min<int>(length, sizeof buffer - 1)));
}

}  // namespace

NetworkStats compute_network_stats(const Graph& graph, const Architecture& arch,
                                   const Num* parttab, LinkLoads* given_loads) {
  if (arch.variable_sized())
    fail(ErrorCode::not_supported, std::string("a variable-sized target (") + arch.kind_name() +
                                       ") has no links: no network figures");
  const Network& network = network_of(arch);
  const DistanceOracle distance(arch);
  std::unique_ptr<LinkLoads> own_loads;
  if (given_loads == nullptr) own_loads = std::make_unique<LinkLoads>(network, graph.edgenbr);
  LinkLoads& loads = given_loads ? *given_loads : *own_loads;
  if (&loads.network() != &network) fail_invalid("the link loads belong to another network");
  std::vector<LinkIndex> route;
  NetworkStats s;
  std::int64_t volume_sum = 0;
  for (Num u : vertices_by_terminal(graph, arch, parttab)) {
    const Num from = parttab[u];
    for (Num arc = graph.begin(u); arc < graph.end(u); ++arc) {
      const Num to = parttab[graph.neighbour(arc)];
      if (to == -1) continue;
      const std::int64_t weight = graph.arc_weight(arc);
      s.j += weight * std::int64_t(distance(from, to));
      if (weight <= 0 || from == to) continue;
      route.clear();
      network.route(from, to, route);
      loads.add_route(route, double(weight));
      const std::int64_t hops = std::int64_t(route.size());
      ++s.messages;
      s.th += hops;
      s.wh += weight * hops;
      volume_sum += weight;
      s.dilation_max = std::max(s.dilation_max, hops);
    }
  }
  double congestion_sum = 0, messages_sum = 0;
  loads.for_each([&](LinkIndex link, double volume, std::int64_t messages) {
    if (messages <= 0) return;
    const double congestion = volume / network.link_bandwidth(link);
    ++s.links_used;
    congestion_sum += congestion;
    messages_sum += double(messages);
    s.mc = std::max(s.mc, congestion);
    s.mmc = std::max(s.mmc, messages);
  });
  s.ac = ratio(congestion_sum, double(s.links_used));
  s.amc = ratio(messages_sum, double(s.links_used));
  s.dilation_avg = ratio(double(s.th), double(s.messages));
  s.dilation_weighted = ratio(double(s.wh), double(volume_sum));
  return s;
}

std::string format_network_text(const NetworkStats& s) {
  std::string out;
  append(out, "M\tNetMessages=%" PRId64 "\n", s.messages);
  append(out, "M\tNetLinks=%" PRId64 "\n", s.links_used);
  append(out, "M\tNetTH=%" PRId64 "\n", s.th);
  append(out, "M\tNetWH=%" PRId64 "\n", s.wh);
  append(out, "M\tNetMC=%g\n", s.mc);
  append(out, "M\tNetMMC=%" PRId64 "\n", s.mmc);
  append(out, "M\tNetAC=%f\n", s.ac);
  append(out, "M\tNetAMC=%f\n", s.amc);
  append(out, "M\tNetDilat\tmax=%" PRId64 "\tavg=%f\tweighted=%f\n", s.dilation_max,
         s.dilation_avg, s.dilation_weighted);
  append(out, "M\tNetJ=%" PRId64 "\n", s.j);
  return out;
}

std::string format_network_json(const NetworkStats& s) {
  std::string out;
  append(out, "{\"messages\": %" PRId64 ", \"links\": %" PRId64 ", \"th\": %" PRId64
              ", \"wh\": %" PRId64 ", \"mc\": %.17g, \"mmc\": %" PRId64 ", ",
         s.messages, s.links_used, s.th, s.wh, s.mc, s.mmc);
  append(out, "\"ac\": %.17g, \"amc\": %.17g, ", s.ac, s.amc);
  append(out, "\"dilation\": {\"max\": %" PRId64 ", \"avg\": %.17g, \"weighted\": %.17g}, ",
         s.dilation_max, s.dilation_avg, s.dilation_weighted);
  append(out, "\"j\": %" PRId64 "}", s.j);
  return out;
}

std::string format_mapping_view(const Graph& graph, const Architecture& arch, const Num* parttab,
                                bool json) {
  const MappingStats stats = compute_mapping_stats(graph, arch, parttab);
  const bool networked = arch.has_links() && !arch.variable_sized();
  if (json)
    return format_stats_json(
        stats, networked ? format_network_json(compute_network_stats(graph, arch, parttab)) : "null");
  std::string text = format_stats_text(stats);
  if (networked) text += format_network_text(compute_network_stats(graph, arch, parttab));
  return text;
}

}  // namespace tartan
