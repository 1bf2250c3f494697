#include "metrics/mapping_stats.hpp"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>

#include "arch/distance_oracle.hpp"
#include "common/error.hpp"
#include "graph/traversal.hpp"

namespace tartan {
namespace {

double ratio(double numerator, double denominator) {
  return denominator != 0 ? numerator / denominator : 0.0;
}

// Checks every part number against the target; returns the number of terminals the figures
// are reported against.
std::int64_t checked_target_size(const Graph& graph, const Architecture& arch,
                                 const Num* parttab) {
  const bool variable = arch.variable_sized();
  const std::int64_t size = arch.size();
  std::int64_t highest = -1;
  for (Num v = 0; v < graph.vertnbr; ++v) {
    const Num part = parttab[v];
    if (part == -1) continue;
    if (part < 0 || (!variable && part >= size))
      fail_invalid("vertex " + std::to_string(v + graph.baseval) + " is mapped to terminal " +
                   std::to_string(part) + ", outside the target's " + std::to_string(size) +
                   " terminals");
    highest = std::max<std::int64_t>(highest, part);
  }
  return variable ? highest + 1 : size;
}

// gmtst's pseudo-diameter of the connected piece of root's part that holds root, in hops:
// breadth-first sweeps inside the part, each from the vertex the previous ones found best, the
// best being the farthest so far and, at equal distance, the one of smallest degree (first in
// search order); sweeps repeat while they find a better vertex. Marks the piece in `done`.
std::int64_t piece_diameter(BreadthFirstSearch& bfs, const Graph& graph, const Num* parttab,
                            Num root, std::vector<char>& done) {
  const VertexSubset part{parttab, parttab[root]};
  Num best = root, best_distance = 0, best_degree = graph.degree(root);
  for (bool improved = true; improved;) {
    improved = false;
    bfs.run(best, part);
    for (Num v : bfs.order()) {
      const Num distance = bfs.level(v), degree = graph.degree(v);
      if (distance > best_distance || (distance == best_distance && degree < best_degree)) {
        best = v;
        best_distance = distance;
        best_degree = degree;
        improved = true;
      }
    }
  }
  for (Num v : bfs.order()) done[v] = 1;
  return best_distance;
}

void add_loads(const Graph& graph, const Num* parttab, const std::vector<Num>& slot_of_part,
               MappingStats& stats, std::vector<std::int64_t>& load) {
  for (Num v = 0; v < graph.vertnbr; ++v)
    if (parttab[v] != -1) load[slot_of_part[parttab[v]]] += graph.vertex_load(v);
  stats.load_min = *std::min_element(load.begin(), load.end());
  stats.load_max = *std::max_element(load.begin(), load.end());
  std::int64_t total = 0;
  for (std::int64_t l : load) total += l;
  stats.load_avg = static_cast<double>(total) / static_cast<double>(load.size());
  double spread = 0;
  for (std::int64_t l : load) spread += std::fabs(static_cast<double>(l) - stats.load_avg);
  stats.load_dlt = ratio(spread, static_cast<double>(load.size()) * stats.load_avg);
  stats.load_maxavg = ratio(static_cast<double>(stats.load_max), stats.load_avg);
}

void add_neighbours(const Graph& graph, const Num* parttab,
                    const std::vector<Num>& slot_of_part, MappingStats& stats,
                    std::size_t slots) {
  std::vector<std::pair<Num, Num>> adjacent;
  for (Num v = 0; v < graph.vertnbr; ++v) {
    const Num p = parttab[v];
    if (p == -1) continue;
    for (Num arc = graph.begin(v); arc < graph.end(v); ++arc) {
      const Num q = parttab[graph.neighbour(arc)];
      if (q != -1 && q != p) adjacent.emplace_back(slot_of_part[p], slot_of_part[q]);
    }
  }
  std::sort(adjacent.begin(), adjacent.end());
  adjacent.erase(std::unique(adjacent.begin(), adjacent.end()), adjacent.end());
  std::vector<std::int64_t> count(slots, 0);
  for (const auto& pair : adjacent) ++count[pair.first];
  stats.neighbours_min = *std::min_element(count.begin(), count.end());
  stats.neighbours_max = *std::max_element(count.begin(), count.end());
  stats.neighbours_sum = static_cast<std::int64_t>(adjacent.size());
}

void add_communication(const Graph& graph, const Architecture& arch, const Num* parttab,
                       MappingStats& stats) {
  const DistanceOracle distance(arch);
  std::vector<std::int64_t> bins(MappingStats::kLoadBins, 0);
  std::int64_t arcs = 0, dilation = 0, cost = 0, weight = 0, cut = 0;
  for (Num v = 0; v < graph.vertnbr; ++v) {
    const Num p = parttab[v];
    if (p == -1) continue;
    for (Num arc = graph.begin(v); arc < graph.end(v); ++arc) {
      const Num q = parttab[graph.neighbour(arc)];
      if (q == -1) continue;
      const std::int64_t w = graph.arc_weight(arc);
      const std::int64_t d = distance(p, q);
      ++arcs;
      dilation += d;
      cost += w * d;
      weight += w;
      if (p != q) cut += w;
      bins[std::min<std::int64_t>(d, MappingStats::kLoadBins - 1)] += w;
    }
  }
  // Every edge was seen from both ends.
  stats.edges = arcs / 2;
  stats.dilation = dilation / 2;
  stats.cost = cost / 2;
  stats.edge_weight = weight / 2;
  stats.cut_weight = cut / 2;
  std::size_t used_bins = 1;
  for (std::size_t d = 0; d < bins.size(); ++d)
    if (bins[d] != 0) used_bins = d + 1;
  bins.resize(used_bins);
  for (auto& bin : bins) bin /= 2;
  stats.weight_at_distance = std::move(bins);
}

void add_diameters(const Graph& graph, const Num* parttab, const std::vector<Num>& slot_of_part,
                   MappingStats& stats, std::size_t slots) {
  std::vector<std::int64_t> diameter(slots, 0);
  std::vector<char> done(graph.vertnbr, 0);
  BreadthFirstSearch bfs(graph);
  for (Num v = 0; v < graph.vertnbr; ++v) {
    if (parttab[v] == -1 || done[v]) continue;
    diameter[slot_of_part[parttab[v]]] += piece_diameter(bfs, graph, parttab, v, done) + 1;
  }
  stats.diameter_min = *std::min_element(diameter.begin(), diameter.end());
  stats.diameter_max = *std::max_element(diameter.begin(), diameter.end());
  std::int64_t total = 0;
  for (std::int64_t d : diameter) total += d;
  stats.diameter_avg = static_cast<double>(total) / static_cast<double>(slots);
}

}  // namespace

double MappingStats::dilation_ratio() const {
  return ratio(static_cast<double>(dilation), static_cast<double>(edges));
}
double MappingStats::expansion_ratio() const {
  return ratio(static_cast<double>(cost), static_cast<double>(edge_weight));
}
double MappingStats::cut_ratio() const {
  return ratio(static_cast<double>(cut_weight), static_cast<double>(edge_weight));
}
double MappingStats::delta() const {
  return ratio(static_cast<double>(cost) * static_cast<double>(edges),
               static_cast<double>(edge_weight) * static_cast<double>(dilation));
}
double MappingStats::load_share(std::size_t distance) const {
  if (distance >= weight_at_distance.size()) return 0.0;
  return ratio(static_cast<double>(weight_at_distance[distance]),
               static_cast<double>(edge_weight));
}

MappingStats compute_mapping_stats(const Graph& graph, const Architecture& arch,
                                   const Num* parttab) {
  MappingStats stats;
  stats.target_size = checked_target_size(graph, arch, parttab);
  // Used parts get consecutive slots in increasing terminal order.
  std::vector<Num> slot_of_part(static_cast<std::size_t>(stats.target_size), -1);
  for (Num v = 0; v < graph.vertnbr; ++v)
    if (parttab[v] != -1) slot_of_part[parttab[v]] = 0;
  std::size_t slots = 0;
  for (Num& slot : slot_of_part)
    if (slot == 0) slot = static_cast<Num>(slots++);
  stats.parts_used = static_cast<std::int64_t>(slots);
  add_communication(graph, arch, parttab, stats);
  if (slots == 0) return stats;
  std::vector<std::int64_t> load(slots, 0);
  add_loads(graph, parttab, slot_of_part, stats, load);
  add_neighbours(graph, parttab, slot_of_part, stats, slots);
  add_diameters(graph, parttab, slot_of_part, stats, slots);
  return stats;
}

namespace {

// printf into a std::string (the library itself never prints).
template <class... Args>
void append(std::string& out, const char* format, Args... args) {
  char buffer[160];
  const int length = std::snprintf(buffer, sizeof buffer, format, args...);
  out.append(buffer, static_cast<std::size_t>(std::max(length, 0)));
}

}  // namespace

std::string format_stats_text(const MappingStats& s) {
  std::string out;
  append(out, "M\tProcessors %" PRId64 "/%" PRId64 " (%g)\n", s.parts_used, s.target_size,
         ratio(static_cast<double>(s.parts_used), static_cast<double>(s.target_size)));
  append(out, "M\tTarget min=%" PRId64 "\tmax=%" PRId64 "\tavg=%g\tdlt=%g\tmaxavg=%g\n",
         s.load_min, s.load_max, s.load_avg, s.load_dlt, s.load_maxavg);
  append(out, "M\tNeighbors min=%" PRId64 "\tmax=%" PRId64 "\tsum=%" PRId64 "\n",
         s.neighbours_min, s.neighbours_max, s.neighbours_sum);
  append(out, "M\tCommDilat=%f\t(%" PRId64 ")\n", s.dilation_ratio(), s.dilation);
  append(out, "M\tCommExpan=%f\t(%" PRId64 ")\n", s.expansion_ratio(), s.cost);
  append(out, "M\tCommCutSz=%f\t(%" PRId64 ")\n", s.cut_ratio(), s.cut_weight);
  append(out, "M\tCommDelta=%f\n", s.delta());
  for (std::size_t d = 0; d < s.weight_at_distance.size(); ++d)
    append(out, "M\tCommLoad[%zu]=%f\n", d, s.load_share(d));
  append(out, "M\tPartDiam\tmin=%" PRId64 "\tmax=%" PRId64 "\tavg=%f\n", s.diameter_min,
         s.diameter_max, s.diameter_avg);
  return out;
}

std::string format_stats_json(const MappingStats& s, const std::string& network) {
  std::string out = "{\n";
  append(out, "  \"processors\": {\"used\": %" PRId64 ", \"total\": %" PRId64 "},\n",
         s.parts_used, s.target_size);
  append(out,
         "  \"target\": {\"min\": %" PRId64 ", \"max\": %" PRId64
         ", \"avg\": %.17g, \"dlt\": %.17g, \"maxavg\": %.17g},\n",
         s.load_min, s.load_max, s.load_avg, s.load_dlt, s.load_maxavg);
  append(out,
         "  \"neighbors\": {\"min\": %" PRId64 ", \"max\": %" PRId64 ", \"sum\": %" PRId64
         "},\n",
         s.neighbours_min, s.neighbours_max, s.neighbours_sum);
  append(out, "  \"edges\": %" PRId64 ",\n  \"edge_weight\": %" PRId64 ",\n", s.edges,
         s.edge_weight);
  append(out, "  \"comm_dilat\": {\"ratio\": %.17g, \"sum\": %" PRId64 "},\n",
         s.dilation_ratio(), s.dilation);
  append(out, "  \"comm_expan\": {\"ratio\": %.17g, \"sum\": %" PRId64 "},\n",
         s.expansion_ratio(), s.cost);
  append(out, "  \"comm_cut\": {\"ratio\": %.17g, \"sum\": %" PRId64 "},\n", s.cut_ratio(),
         s.cut_weight);
  append(out, "  \"comm_delta\": %.17g,\n", s.delta());
  out += "  \"comm_load\": [";
  for (std::size_t d = 0; d < s.weight_at_distance.size(); ++d)
    append(out, "%s%.17g", d ? ", " : "", s.load_share(d));
  out += "],\n";
  append(out,
         "  \"part_diam\": {\"min\": %" PRId64 ", \"max\": %" PRId64 ", \"avg\": %.17g},\n",
         s.diameter_min, s.diameter_max, s.diameter_avg);
  out += "  \"network\": " + network + "\n}\n";
  return out;
}

}  // namespace tartan
