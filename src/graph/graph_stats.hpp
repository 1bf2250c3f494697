// Summary statistics of a graph, as SCOTCH_graphStat reports them (TARTAN_graphStat and
// `tartan graph info`). Deviations are mean absolute deviations from the average.
#pragma once

#include "graph/graph.hpp"

namespace tartan {

struct GraphStats {
  Num velomin = 0, velomax = 0, velosum = 0;  // vertex loads (1 each without velotab)
  double veloavg = 0, velodlt = 0;
  Num degrmin = 0, degrmax = 0;               // degrees (arcs per vertex)
  double degravg = 0, degrdlt = 0;
  Num edlomin = 0, edlomax = 0, edlosum = 0;  // edge weights; edlosum counts each edge once
  double edloavg = 0, edlodlt = 0;            // over arcs (the same as over edges when symmetric)
};

// Assumes a graph that passed check_graph_structure; sums saturate at the largest Num.
GraphStats graph_stats(const Graph& graph);

}  // namespace tartan
