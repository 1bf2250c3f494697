// Heavy-edge matching and graph contraction: the one coarsening module of Tartan, used by the
// multilevel bipartitioner of DRB and by every heuristic that needs a hierarchy of graphs.
// It works on a plain 0-based weighted CSR graph (CsrGraph), so callers build one from a Graph,
// a subgraph or a target graph. Tie-breaking comes only from the Random passed in: the same
// graph and generator state give the same matching.
#pragma once

#include <cstdint>
#include <vector>

#include "common/num.hpp"
#include "common/random.hpp"

namespace tartan {

class Graph;

// A 0-based weighted graph in CSR form: the arcs of vertex v are [xadj[v], xadj[v+1]), each
// edge is stored once per direction with the same weight. Weights are non-negative.
struct CsrGraph {
  std::vector<Num> xadj{0};     // vertex_count() + 1 entries
  std::vector<Num> adjncy;      // neighbour of each arc
  std::vector<Num> adjwgt;      // weight of each arc
  std::vector<Num> vwgt;        // weight of each vertex

  Num vertex_count() const { return static_cast<Num>(vwgt.size()); }
  Num arc_count() const { return static_cast<Num>(adjncy.size()); }
  std::int64_t total_vertex_weight() const;
};

// The whole of a Graph as a CsrGraph (unit weights where the graph has none). With order (a
// permutation of the vertices), vertex i of the result is vertex order[i] of graph.
CsrGraph csr_from_graph(const Graph& graph);
CsrGraph csr_from_graph(const Graph& graph, const std::vector<Num>& order);

// Sweeps over graphs of more vertices than this visit them in a random order shuffled in runs of
// kLocalOrderRun vertices (Random::shuffle_in_runs) rather than over the whole graph: below it,
// the arrays a sweep touches (some 40 bytes a vertex on a mesh) stay within a few MB of cache;
// above it, a visit in a uniformly random order misses the cache on the vertex's arcs and on its
// neighbours' marks. Heavy-edge matching and k-way refinement's greedy passes do so. Every
// vs-scotch instance but the 1M-vertex mesh is below it, so their mappings are those of a
// uniform shuffle.
constexpr Num kLocalOrderVertices = Num{1} << 17;
constexpr std::size_t kLocalOrderRun = 4096;

struct MatchingOptions {
  // A merged vertex may not weigh more than this (0: no limit).
  std::int64_t max_vertex_weight = 0;
  // Optional per-vertex class (size vertex_count(), or empty): two vertices match only when their
  // classes are equal or one of them is -1 ("free"). Used for fixed vertices (class = the side or
  // terminal they must stay on) and for coarsening a mapped graph with its mapping as constraint.
  const std::vector<Num>* vertex_class = nullptr;
  // Visit vertices by increasing index instead of in a random order: on graphs numbered along
  // their geometry (grids, tori, machine graphs) neighbours pair up regularly.
  bool visit_in_order = false;
  // Among equally heavy edges to equally light neighbours, take the neighbour of lowest index
  // rather than the first listed: in a breadth-first numbering the choice then follows the
  // numbering, not the order in which the file lists each vertex's neighbours.
  bool ties_to_lowest_index = false;
};

// The working arrays of matching and contraction (a visiting order, mates, each coarse
// vertex's first fine vertex, the merge's slots), kept by callers that coarsen graph after
// graph (partition/multilevel.hpp's HierarchyStorage): reused, their pages are not faulted in
// and zeroed again at every level of every bisection.
struct CoarseningScratch {
  std::vector<Num> order, mate, representative, slot;
};

// Heavy-edge matching: vertices are visited in a random order (shuffled in runs above
// kLocalOrderVertices); each unmatched vertex is matched with the unmatched neighbour joined by
// the heaviest edge (ties: the lighter neighbour, then the first met or the lowest index).
// mate[v] is v's partner, or v itself when v stays single. Returns the number of coarse vertices (pairs + singles).
// scratch, when given, holds the visiting order.
Num heavy_edge_matching(const CsrGraph& graph, Random& random, const MatchingOptions& options,
                        std::vector<Num>& mate, CoarseningScratch* scratch = nullptr);

// One coarsening step: the coarse graph and, for each fine vertex, its coarse vertex.
struct CoarseLevel {
  CsrGraph graph;
  std::vector<Num> fine_to_coarse;
};

// Contracts each matched pair into one vertex (weights summed; parallel edges merged, their
// weights summed; edges inside a pair dropped). Coarse vertices are numbered in the order of
// their first fine vertex, so contraction itself is deterministic. The second form writes into
// level, reusing the room its arrays already have.
CoarseLevel contract(const CsrGraph& fine, const std::vector<Num>& mate, Num coarse_count);
void contract_into(const CsrGraph& fine, const std::vector<Num>& mate, Num coarse_count,
                   CoarseLevel& level, CoarseningScratch& scratch);

// Matching followed by contraction; the class of a coarse vertex (written to coarse_class when
// options.vertex_class is set) is the non-free class of its fine vertices, or -1. The second
// form writes into level and works in scratch, as contract_into.
CoarseLevel coarsen_once(const CsrGraph& fine, Random& random, const MatchingOptions& options,
                         std::vector<Num>* coarse_class = nullptr);
void coarsen_once_into(const CsrGraph& fine, Random& random, const MatchingOptions& options,
                       CoarseLevel& level, CoarseningScratch& scratch,
                       std::vector<Num>* coarse_class = nullptr);

// Contraction by groups rather than pairs: the quotient of graph by part (part[v] in
// [0, parts)): vertex weights summed per part, the weights of the edges between two parts
// summed into one edge, edges inside a part dropped (the hierarchy-driven one-to-one mappers
// of seed 000 contract whole groups).
CsrGraph quotient_csr(const CsrGraph& graph, const std::vector<Num>& part, Num parts);

}  // namespace tartan
