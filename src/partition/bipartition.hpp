// The graph bipartitioner of each DRB job (seed 001 §2.1-2.2): splits a job's subgraph between
// the two subdomains D0 and D1 of its domain, minimising the partial mapping cost
//     cut_cost x (weight of internal edges cut) + sum over vertices on side 1 of external[v]
// where cut_cost = distance(D0, D1) and external[v] = (cost of v's cocycle edges if v goes to D1)
// - (their cost if v goes to D0), under per-side load capacities derived from the domain weights.
// Multilevel (partition/multilevel.hpp): heavy-edge coarsening, greedy graph growing from
// several seeds on the coarsest graph, FM refinement with mapping-cost gains at every level.
#pragma once

#include <cstdint>
#include <vector>

#include "common/method_params.hpp"
#include "common/num.hpp"
#include "common/random.hpp"
#include "graph/coarsening.hpp"
#include "partition/gain_queue.hpp"
#include "partition/multilevel.hpp"

namespace tartan {

struct BipartitionProblem {
  const CsrGraph* graph = nullptr;
  std::vector<std::int64_t> external;  // per vertex, may be empty (no cocycle costs)
  std::int64_t cut_cost = 1;           // cost of one unit of internal edge weight cut
  double ideal0 = 0;                   // ideal load of side 0
  std::int64_t capacity[2] = {0, 0};   // largest acceptable load of each side
};

struct BipartitionOptions {
  Num coarse_size = 120;       // stop coarsening below this many vertices
  double coarse_ratio = 0.8;   // stop when a level keeps more than this share of vertices
  int tries = 4;               // initial bipartitions grown (best kept)
  int passes = 8;              // FM passes per level
  Num moves = 400;             // FM moves without improvement before a pass stops
  double slack = 0.1;          // the search's room above each side's ideal load (restored after)
};

// The options a strategy's parameters give (keys coarse, ratio, tries, passes, moves, slack; ranges
// checked, Error(format) otherwise); DRB and the deco 0 builder take them from their `drb{...}`.
BipartitionOptions read_bipartition_options(const MethodParams& params);
extern const char* const kBipartitionKeys[];  // null-terminated

// Scratch arrays reused across jobs so that a DRB run allocates only when a job is larger than
// every previous one.
struct BipartitionWorkspace {
  GainQueue queue[2];
  std::vector<std::uint8_t> locked;
  std::vector<Num> moved;
  std::vector<Num> candidates, next_candidates;  // FM: the vertices a pass starts from
  std::vector<std::uint8_t> coarse_mark;          // FM: the coarser level's candidates
  HierarchyStorage hierarchy;                     // the multilevel scheme's levels
  HierarchyStorage shared;                        // the levels runs share (bipartition_runs.cpp)
};

// Value of the partial cost of side (0/1 per vertex) and the side loads.
std::int64_t bipartition_cost(const BipartitionProblem& problem, const std::vector<std::uint8_t>& side,
                              std::int64_t load[2]);

// The load of each side only (O(n), no edge visited).
void bipartition_loads(const CsrGraph& graph, const std::vector<std::uint8_t>& side,
                       std::int64_t load[2]);

// How multilevel_bipartition coarsens graph: down to options.coarse_size vertices, a coarse
// vertex weighing at most 1.5 x the graph's weight / coarse_size.
CoarseningPlan bipartition_coarsening_plan(const CsrGraph& graph, const BipartitionOptions& options);

// Computes side (resized to the graph's vertex count) with the multilevel driver; returns the
// partial cost. The hierarchy's arrays come from storage, or workspace.hierarchy when null
// (runs side by side share one storage per thread: bipartition_runs.cpp). With prefix (a
// hierarchy of problem's graph coarsened by bipartition_coarsening_plan, stopped early), its
// levels are the hierarchy's finest and only the coarser ones are made. workspace.candidates
// then holds the vertices of side with an external cost or a neighbour on the other side, by
// increasing index (those of its last fm_refine; drb reads them).
std::int64_t multilevel_bipartition(const BipartitionProblem& problem,
                                    const BipartitionOptions& options, Random& random,
                                    BipartitionWorkspace& workspace,
                                    std::vector<std::uint8_t>& side,
                                    const MultilevelPhases& phases = {},
                                    HierarchyStorage* storage = nullptr,
                                    const MultilevelHierarchy* prefix = nullptr);

// False when multilevel_bipartition never draws from its generator for this graph and these
// options (a graph of at most coarse_size vertices is not coarsened, and the first two tries
// grow from the vertex of best gain): every generator then gives the same bipartition.
bool bipartition_draws_random(const CsrGraph& graph, const BipartitionOptions& options);

// Where fm_refine finds its first candidates (the vertices with an external cost or a
// neighbour on the other side, by increasing index): a sweep over the graph; the preimage of
// workspace.candidates, the candidates of the coarser level side was projected from through
// to_coarser; or workspace.candidates itself, which a previous fm_refine of the same graph,
// external costs and side left (the multilevel scheme's last refinement within the exact
// capacities), so that the graph is not swept again.
enum class FmCandidates { sweep, from_coarser, kept };

// FM refinement of an existing bipartition (used by the multilevel scheme at each level).
// load and cost are updated. Returns the cost; workspace.candidates then holds the vertices
// with an external cost or a neighbour on the other side. to_coarser (with from_coarser) maps
// each vertex to the coarser level's.
std::int64_t fm_refine(const BipartitionProblem& problem, const BipartitionOptions& options,
                       BipartitionWorkspace& workspace, std::vector<std::uint8_t>& side,
                       std::int64_t load[2], std::int64_t cost,
                       FmCandidates start = FmCandidates::sweep,
                       const std::vector<Num>* to_coarser = nullptr);

}  // namespace tartan
