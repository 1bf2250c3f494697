// What the two `tartan draw` subcommands share: a read-only view of a graph's arrays and the
// loading of a complete mapping (every vertex on a terminal). Public API only.
#pragma once

#include <cstddef>
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

// Breadth-first levels, the layout both subcommands fall back on without geometry: each
// component is searched from the first node of `roots` (a permutation of 0 .. n-1) it holds;
// level[v] is v's distance from that root, rank[v] its order of discovery within its level;
// component[v] numbers components in the order they are found, depth[c] their level count and
// breadth[c] their widest level. for_each_neighbour(v, f) calls f(w) for each neighbour w of v.
// Linear time (the tools use the public API only: src/graph/traversal is internal).
struct BfsLevels {
  std::vector<std::size_t> level, rank, component, depth, breadth;
  std::vector<std::size_t> level_size;  // per node: the size of its level (to centre levels)
};
template <class ForEachNeighbour>
BfsLevels bfs_levels(std::size_t n, const std::vector<std::size_t>& roots,
                     ForEachNeighbour for_each_neighbour) {
  constexpr std::size_t kNone = ~std::size_t(0);
  BfsLevels bfs;
  bfs.level.assign(n, kNone);
  bfs.rank.assign(n, 0);
  bfs.component.assign(n, 0);
  bfs.level_size.assign(n, 0);
  std::vector<std::size_t> queue(n), size_of_level;
  for (std::size_t root : roots) {
    if (bfs.level[root] != kNone) continue;
    std::size_t head = 0, tail = 0;  // the queue holds this component only
    queue[tail++] = root;
    bfs.level[root] = 0;
    size_of_level.assign(1, 0);
    while (head < tail) {
      const std::size_t v = queue[head++];
      bfs.component[v] = bfs.depth.size();
      bfs.rank[v] = size_of_level[bfs.level[v]]++;
      for_each_neighbour(v, [&](std::size_t w) {
        if (bfs.level[w] != kNone) return;
        bfs.level[w] = bfs.level[v] + 1;
        if (size_of_level.size() <= bfs.level[w]) size_of_level.push_back(0);
        queue[tail++] = w;
      });
    }
    bfs.depth.push_back(size_of_level.size());
    std::size_t widest = 0;
    for (std::size_t size : size_of_level) widest = widest > size ? widest : size;
    bfs.breadth.push_back(widest);
    for (std::size_t k = 0; k < tail; ++k) bfs.level_size[queue[k]] = size_of_level[bfs.level[queue[k]]];
  }
  return bfs;
}

// The file name of path without its folders, for captions.
std::string base_name(const std::string& path);

// `tartan draw target` (draw_target.cpp).
int run_draw_target(int argc, char** argv);

}  // namespace tartan_cli
