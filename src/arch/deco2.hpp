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
// Distances: at the level where both domains are single vertices, a shortest-path search bounded
// to a fixed number of settled vertices; when it fails, both ends climb one level and search
// again. The cost of a path is the sum of its edges and intermediate vertices plus half of each
// end vertex (the paper's formula), so files written by SCOTCH (vertex cost = the edge it
// collapsed, edge cost = the merged edges') are read and used as they are.
//
// Tartan's own coarse costs differ from the paper on purpose, because the paper's over-estimate
// about 2× on grids (SCOTCH's deco 2 averages 2.44× the hop distance on an 8×8×8 torus). Every
// coarse vertex has a representative finest vertex (that of its child holding more vertices);
// a coarse edge costs the length of the walk rep(U) → child → fine edge → child → rep(V) through
// the cheapest merged edge, i.e. an estimate of the exact distance between the representatives,
// and coarse vertices cost 0. A coarse path then tracks the exact distance between the ends'
// representatives, and a failed search at the finest level also bounds the result from below.
//
// Terminal numbers: terminals ranked by vertex index (without a list, terminal k is vertex k).
// Queries use a per-thread stamped hash table: they touch only the vertices they settle.
#pragma once

#include <vector>

#include "arch/architecture.hpp"
#include "arch/tgt_reader.hpp"
#include "graph/graph.hpp"

namespace tartan {

// Vertices a distance search may settle at one level before climbing to the next.
constexpr Num kDeco2SettleLimit = 128;

// deco 2 from a target graph; list (based like the graph, null for every vertex) selects the
// terminals; the level graphs keep every vertex, so distances go through the whole graph.
ArchPtr build_deco2(const Graph& graph, const std::vector<Num>* list,
                    Num settle_limit = kDeco2SettleLimit);

// Reads the data of a `deco 2` description (after the words "deco" and "2").
ArchPtr read_deco_version2(TgtReader& reader);

// Shape of a deco 2 hierarchy, for tests and benchmarks; throws Error(invalid) if arch is not
// a deco 2 target.
struct Deco2Shape {
  std::vector<Num> level_vertices;  // vertices of each level, finest first
  Num domain_count = 0;             // 2·terminals − 1
  Num tree_depth = 0;               // longest root-to-terminal path (edges)
};
Deco2Shape deco2_shape(const Architecture& arch);

}  // namespace tartan
