// Quality figures of a mapping, as SCOTCH's gmtst prints them (../doc/strategy.md and FORMATS.md
// give the definitions), computed once into a plain struct and printed two ways: gmtst's text
// layout and JSON. (The communication cost alone, which strategies compare, is
// mapping/kway_state.hpp's mapping_cost.)
//
// Where SCOTCH 7 is wrong Tartan reports the true figure (documented in doc/strategy.md,
// "Statistics"): distances are those between the terminals the parts really are on, even when
// not every terminal is used; partial mappings count only mapped vertices and edges between
// two mapped vertices.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "arch/architecture.hpp"
#include "common/num.hpp"
#include "graph/graph.hpp"

namespace tartan {

struct MappingStats {
  // Distances of kLoadBins - 1 and more share the last CommLoad bin, as in gmtst.
  static constexpr std::size_t kLoadBins = 256;

  std::int64_t parts_used = 0;   // terminals holding at least one vertex
  std::int64_t target_size = 0;  // terminals (variable-sized: highest part used + 1)

  // Loads of the used parts.
  std::int64_t load_min = 0, load_max = 0;
  double load_avg = 0, load_dlt = 0, load_maxavg = 0;

  // Distinct neighbouring parts of each used part.
  std::int64_t neighbours_min = 0, neighbours_max = 0, neighbours_sum = 0;

  // Over the edges whose two ends are mapped (each edge once).
  std::int64_t edges = 0;
  std::int64_t dilation = 0;       // sum of terminal distances
  std::int64_t cost = 0;           // sum of weight x distance: the communication cost
  std::int64_t edge_weight = 0;    // sum of weights
  std::int64_t cut_weight = 0;     // sum of weights of edges between different parts
  std::vector<std::int64_t> weight_at_distance;  // up to the last non-zero bin, at least 1 bin

  // Pseudo-diameters of the parts' induced subgraphs (per part: the sum over its connected
  // pieces of their pseudo-diameter in vertices, i.e. hops + 1, as gmtst counts them).
  std::int64_t diameter_min = 0, diameter_max = 0;
  double diameter_avg = 0;

  double dilation_ratio() const;   // CommDilat x: dilation per edge
  double expansion_ratio() const;  // CommExpan x: cost per unit of edge weight
  double cut_ratio() const;        // CommCutSz x
  double delta() const;            // CommDelta
  double load_share(std::size_t distance) const;  // CommLoad[distance]
};

// parttab: vertnbr terminal numbers indexed by 0-based vertex, -1 for unmapped vertices.
// Throws Error(invalid) for a part outside the target.
MappingStats compute_mapping_stats(const Graph& graph, const Architecture& arch,
                                   const Num* parttab);

// gmtst's layout: "M\tProcessors a/b (r)\n" ... "M\tPartDiam\tmin=..\tmax=..\tavg=..\n".
std::string format_stats_text(const MappingStats& stats);
// One JSON object with the same figures (raw sums and ratios), its last member "network" the
// given JSON value (network_stats.hpp's object, or null for a target without links).
std::string format_stats_json(const MappingStats& stats, const std::string& network = "null");

}  // namespace tartan
