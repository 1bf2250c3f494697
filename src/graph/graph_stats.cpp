// Graph statistics (see graph_stats.hpp).
#include "graph/graph_stats.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace tartan {

namespace {

Num saturate(std::int64_t value) {
  return static_cast<Num>(std::min<std::int64_t>(value, std::numeric_limits<Num>::max()));
}

// a + b, held at the int64 limits instead of wrapping (loads of a 64-bit Num may be huge).
std::int64_t add_saturated(std::int64_t a, std::int64_t b) {
  std::int64_t sum;
  if (!__builtin_add_overflow(a, b, &sum)) return sum;
  return b > 0 ? std::numeric_limits<std::int64_t>::max() : std::numeric_limits<std::int64_t>::min();
}

}  // namespace

GraphStats graph_stats(const Graph& graph) {
  GraphStats stats;
  if (graph.vertnbr > 0) {
    std::int64_t velosum = 0, degrsum = 0;
    stats.velomin = stats.velomax = graph.vertex_load(0);
    stats.degrmin = stats.degrmax = graph.degree(0);
    for (Num v = 0; v < graph.vertnbr; ++v) {
      const Num load = graph.vertex_load(v), degree = graph.degree(v);
      stats.velomin = std::min(stats.velomin, load);
      stats.velomax = std::max(stats.velomax, load);
      stats.degrmin = std::min(stats.degrmin, degree);
      stats.degrmax = std::max(stats.degrmax, degree);
      velosum = add_saturated(velosum, load);
      degrsum += degree;
    }
    stats.velosum = saturate(velosum);
    stats.veloavg = static_cast<double>(velosum) / static_cast<double>(graph.vertnbr);
    stats.degravg = static_cast<double>(degrsum) / static_cast<double>(graph.vertnbr);
    double velodev = 0, degrdev = 0;
    for (Num v = 0; v < graph.vertnbr; ++v) {
      velodev += std::fabs(static_cast<double>(graph.vertex_load(v)) - stats.veloavg);
      degrdev += std::fabs(static_cast<double>(graph.degree(v)) - stats.degravg);
    }
    stats.velodlt = velodev / static_cast<double>(graph.vertnbr);
    stats.degrdlt = degrdev / static_cast<double>(graph.vertnbr);
  }
  if (graph.edgenbr > 0) {
    std::int64_t arcsum = 0, arcnbr = 0;
    bool first = true;
    for (Num v = 0; v < graph.vertnbr; ++v)
      for (Num arc = graph.begin(v); arc < graph.end(v); ++arc) {
        const Num weight = graph.arc_weight(arc);
        if (first || weight < stats.edlomin) stats.edlomin = weight;
        if (first || weight > stats.edlomax) stats.edlomax = weight;
        first = false;
        arcsum = add_saturated(arcsum, weight);
        ++arcnbr;
      }
    if (arcnbr > 0) {
      stats.edlosum = saturate(arcsum / 2);
      stats.edloavg = static_cast<double>(arcsum) / static_cast<double>(arcnbr);
      double dev = 0;
      for (Num v = 0; v < graph.vertnbr; ++v)
        for (Num arc = graph.begin(v); arc < graph.end(v); ++arc)
          dev += std::fabs(static_cast<double>(graph.arc_weight(arc)) - stats.edloavg);
      stats.edlodlt = dev / static_cast<double>(arcnbr);
    }
  }
  return stats;
}

}  // namespace tartan
