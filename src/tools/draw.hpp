// What the two `tartan draw` subcommands share: a read-only view of a graph's arrays and the
// loading of a complete mapping (every vertex on a terminal). Public API only.
#pragma once

#include <string>
#include <vector>

#include "tartan.h"

namespace tartan_cli {

// The arrays of a graph handle (TARTAN_graphData), indices counted from 0.
struct GraphView {
  TARTAN_Num baseval = 0, vertnbr = 0, edgenbr = 0;
  const TARTAN_Num *verttab = nullptr, *vendtab = nullptr, *velotab = nullptr,
                   *vlbltab = nullptr, *edgetab = nullptr, *edlotab = nullptr;

  explicit GraphView(const TARTAN_Graph* graph);
  TARTAN_Num begin(TARTAN_Num v) const { return verttab[v] - baseval; }
  TARTAN_Num end(TARTAN_Num v) const { return vendtab[v] - baseval; }
  TARTAN_Num neighbour(TARTAN_Num arc) const { return edgetab[arc] - baseval; }
  TARTAN_Num load(TARTAN_Num v) const { return velotab == nullptr ? 1 : velotab[v]; }
  TARTAN_Num label(TARTAN_Num v) const { return vlbltab == nullptr ? v + baseval : vlbltab[v]; }
};

// Reads map_path (a .map file) as a mapping of graph onto arch, or, when arch is nullptr, onto
// terminals 0 .. TARTAN_NUMMAX. Every vertex must get a terminal: a map that leaves some
// unmapped is not a mapping of this graph (InputError naming the first such vertex).
std::vector<TARTAN_Num> read_complete_mapping(const TARTAN_Graph* graph, const TARTAN_Arch* arch,
                                              const std::string& graph_path,
                                              const std::string& map_path);

// The file name of path without its folders, for captions.
std::string base_name(const std::string& path);

// `tartan draw target` (draw_target.cpp).
int run_draw_target(int argc, char** argv);

}  // namespace tartan_cli
