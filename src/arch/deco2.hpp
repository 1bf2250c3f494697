// The multilevel decomposition-defined target (SCOTCH's `deco 2`, seed 001 §3.2–3.4), memory
// linear in the target graph.
//
// Build: the target graph is matched and contracted level after level (the coarsening module's
// heavy-edge matching, with cheap links as the "heavy" ones: a link of traversal cost c weighs
// maxcost + 1 − c) until no edge is left (one vertex for a connected graph). The coarsening tree,
// without the nodes holding no terminal (zero capacity: vertices left out of the vertex list),
// is compacted into a bipartitioning tree (a node with a single non-empty son is merged with
// it); domain numbers are assigned top-down (1, 2i, 2i+1).
//
// Distances: seed 001 §3.4 searches, at the level where both domains are single vertices, a
// path whose edges and vertices carry the paper's collapsed-edge costs. Those over-estimate about
// 2× on grids (SCOTCH's deco 2 averages 2.44× the hop distance on an 8×8×8 torus), so Tartan
// keeps the multilevel search and the linear memory but estimates differently, for the targets
// it builds and for the files it reads alike:
// - A walk hierarchy is built from the finest level (the target graph): heavy-edge matching of
//   the cheapest links, vertices visited by index so that grids pair up regularly. Every coarse
//   vertex has a representative finest vertex (that of its child spreading over more vertices);
//   a coarse edge costs the walk rep(U) → child → fine edge → child → rep(V) through the
//   cheapest merged edge, coarse vertices cost 0. For targets Tartan builds this hierarchy is
//   the deco 2 hierarchy itself; for files it is rebuilt when reading (linear time), and the
//   file's own levels are only written back. So is the file's bipartitioning tree: mapping
//   uses the tree compacted from the walk hierarchy (a file of SCOTCH's comes from a random
//   matching, whose irregular domains cost 10-17 % more traffic on a torus than Tartan's).
// - Terminals lie in one connected component of the target graph and links cost at least 1:
//   a file whose terminals no link joins is refused (EFORMAT, naming two terminals and their
//   components), as builds refuse such graphs (EINVAL), so no two terminals are at distance 0.
// - Two vertices: a search from each settles up to a bounded number of vertices, level after
//   level, the settled vertices climbing to the next level as sources with the cost of their
//   walk to their coarse vertex's representative, until the sides meet. A side depends on its
//   vertex alone, so each vertex's "walk profile" (what it settles and its sources, per level)
//   is computed once and cached (direct-mapped by vertex, bounded memory), and a query merges
//   two profiles level by level: the first level where a's settled vertices hold one of b's
//   sources (a the smaller vertex) gives the cheapest such sum. A profile's levels are
//   searched only when a query first climbs to them: close pairs meet at the finest levels.
//   The result is the length of a real walk (never below the exact distance), exact for close
//   pairs.
// - A domain stands for its centre (the terminal deepest inside it); the distance between
//   two domains is the weight-averaged distance between the centres of their pieces
//   kDeco2AveragingDepth tree levels down, as deco 0 averages its children's distances.
//
// Links and routes (network.hpp): the target graph's edges each way, shortest paths by link
// cost with graph_routes.hpp's tie rule; nodes are the terminals, then the other vertices.
//
// Terminal numbers: terminals ranked by vertex index (without a list, terminal k is vertex k);
// users see these positions too, as SCOTCH numbers deco 2 terminals (deco 0/1: by label).
// Profiles are built with a per-thread stamped hash table: they touch only the vertices they
// settle; no per-query work is proportional to a level's size.
#pragma once

#include <vector>

#include "arch/architecture.hpp"
#include "graph/coarsening.hpp"
#include "io/text_reader.hpp"

namespace tartan {

// Vertices a distance search may settle at one level before climbing to the next.
constexpr Num kDeco2SettleLimit = 64;

// Distances between larger domains average the distances between their pieces this many tree
// levels down (see the header comment).
constexpr int kDeco2AveragingDepth = 2;

// deco 2 over a target graph (finest: its topology, link costs as arc weights; finest_loads:
// its vertex loads, empty for unit loads, kept only to be saved) whose terminal t is vertex
// term_vertex[t] (increasing) of capacity term_weight[t]. The terminals must be connected
// (src/archbuild/target_terminals.hpp checks it); the level graphs keep every vertex, so
// distances go through the whole graph.
ArchPtr make_deco2(CsrGraph finest, std::vector<Num> finest_loads, std::vector<Num> term_vertex,
                   const std::vector<Num>& term_weight, Num settle_limit = kDeco2SettleLimit);

// Reads the data of a `deco 2` description (after the words "deco" and "2").
ArchPtr read_deco_version2(io::TextReader& reader);

// Shape of a deco 2 hierarchy, for tests and benchmarks; throws Error(invalid) if arch is not
// a deco 2 target.
struct Deco2Shape {
  std::vector<Num> level_vertices;  // vertices of each level, finest first
  Num domain_count = 0;             // 2·terminals − 1
  Num tree_depth = 0;               // longest root-to-terminal path (edges)
};
Deco2Shape deco2_shape(const Architecture& arch);

}  // namespace tartan
