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
  Num anchors_from = -1;               // vertices from this one on never move (-1: all move)
};

struct BipartitionOptions {
  Num coarse_size = 120;       // stop coarsening below this many vertices
  double coarse_ratio = 0.8;   // stop when a level keeps more than this share of vertices
  int tries = 4;               // initial bipartitions grown (best kept)
  int passes = 8;              // FM passes per level
  Num moves = 400;             // FM moves without improvement before a pass stops
  int band = 3;                // FM on levels of >= kBandMinVertices vertices: only this many
                               // BFS layers each side of the boundary move (0: whole level)
};

// Levels smaller than this are refined whole: their band would not be much smaller.
constexpr Num kBandMinVertices = 4096;

// The options a strategy's parameters give (keys coarse, ratio, tries, passes, moves; ranges
// checked, Error(format) otherwise); DRB and the deco 0 builder take them from their `drb{...}`.
BipartitionOptions read_bipartition_options(const MethodParams& params);
extern const char* const kBipartitionKeys[];  // null-terminated

// The band graph of a bipartition (Chevalier and Pellegrini, "PT-Scotch: a tool for efficient
// parallel graph ordering", band refinement): the vertices within `width` BFS layers of the
// seeds (the boundary), numbered by increasing original number, then two anchors, anchor s
// standing for every other vertex of side s (their loads and external costs summed, their
// edges to the band merged into one edge per band vertex). The anchors never move, so FM on
// the band has the same cost and loads as on the whole graph, in work and memory of the band.
struct BandGraph {
  CsrGraph graph;
  BipartitionProblem problem;            // on graph; anchors_from = the first anchor
  std::vector<Num> original;             // band vertex -> vertex of the whole graph
  std::vector<std::uint8_t> side;        // per band vertex, then 0 and 1 for the anchors
};

// Scratch arrays reused across jobs so that a DRB run allocates only when a job is larger than
// every previous one.
struct BipartitionWorkspace {
  GainQueue queue[2];
  std::vector<std::uint8_t> locked;
  std::vector<Num> moved;
  std::vector<Num> candidates, next_candidates;  // FM: the vertices a pass starts from
  std::vector<std::uint8_t> coarse_mark;          // FM: the coarser level's candidates
  BandGraph band;                                 // band FM: the band of the current level
};

// Builds band from problem's graph, side and the seeds (all of them within the graph).
void extract_band(const BipartitionProblem& problem, const std::vector<std::uint8_t>& side,
                  const std::vector<Num>& seeds, int width, BandGraph& band);

// Value of the partial cost of side (0/1 per vertex) and the side loads.
std::int64_t bipartition_cost(const BipartitionProblem& problem, const std::vector<std::uint8_t>& side,
                              std::int64_t load[2]);

// The load of each side only (O(n), no edge visited).
void bipartition_loads(const CsrGraph& graph, const std::vector<std::uint8_t>& side,
                       std::int64_t load[2]);

// Computes side (resized to the graph's vertex count) with the multilevel driver; returns the
// partial cost.
std::int64_t multilevel_bipartition(const BipartitionProblem& problem,
                                    const BipartitionOptions& options, Random& random,
                                    BipartitionWorkspace& workspace,
                                    std::vector<std::uint8_t>& side,
                                    const MultilevelPhases& phases = {});

// FM refinement of an existing bipartition (used by the multilevel scheme at each level).
// load and cost are updated. Returns the cost; workspace.candidates then holds the vertices
// with an external cost or a neighbour on the other side (and maybe others). to_coarser, when
// given, maps each vertex to the coarser level side was projected from, and
// workspace.candidates must hold that level's candidates (as this function leaves them).
std::int64_t fm_refine(const BipartitionProblem& problem, const BipartitionOptions& options,
                       BipartitionWorkspace& workspace, std::vector<std::uint8_t>& side,
                       std::int64_t load[2], std::int64_t cost,
                       const std::vector<Num>* to_coarser = nullptr);

// FM refinement of a level on its band only (options.band layers around the boundary, as
// extract_band): same contract as fm_refine, side and load of the whole level updated.
std::int64_t band_fm_refine(const BipartitionProblem& problem, const BipartitionOptions& options,
                            BipartitionWorkspace& workspace, std::vector<std::uint8_t>& side,
                            std::int64_t load[2], std::int64_t cost,
                            const std::vector<Num>* to_coarser = nullptr);

}  // namespace tartan
