// The multilevel scheme (Hendrickson and Leland, "A multilevel algorithm for partitioning
// graphs"; Karypis and Kumar, "A fast and high quality multilevel scheme for partitioning
// irregular graphs"), written once: a hierarchy of ever coarser graphs made by the coarsening
// module under constraints (vertex classes: same terminal, same side, fixed vertices; a vertex
// weight cap), and the V-cycle around it: solve on the coarsest graph, then project the
// solution one level finer and refine it there, down to the graph itself. The graph
// bipartitioner and k-way refinement run on it; multisection, top-down construction and the
// distributed mapper are meant to.
//
//   MultilevelHierarchy levels(graph, &terminal_of, plan, random);
//   multilevel_cycle(levels, part, solve_coarsest, refine_level, phases);
#pragma once

#include <cstdint>
#include <vector>

#include "common/num.hpp"
#include "common/phase_log.hpp"
#include "common/random.hpp"
#include "graph/coarsening.hpp"

namespace tartan {

// When to stop coarsening, and what may merge.
struct CoarseningPlan {
  Num stop_at = 120;                   // a graph of at most this many vertices is not coarsened
  double max_kept = 0.8;               // stop when a level keeps more than this share of vertices
  int max_levels = 100;                // coarse levels at most
  std::int64_t max_vertex_weight = 0;  // a coarse vertex may not weigh more (0: no cap)
  // Match at every level visiting the vertices by increasing index, ties to the lowest index
  // (MatchingOptions::visit_in_order and ties_to_lowest_index), rather than in a random order.
  bool in_order = false;
};

// Where the scheme's time goes: the phase names it accumulates into log (null: not timed).
struct MultilevelPhases {
  PhaseLog* log = nullptr;
  const char* coarsen = "coarsen";
  const char* initial = "initial";
  const char* refine = "refine";
};

// The arrays of a hierarchy's levels and of its coarsening, handed from one hierarchy to the
// next by a caller that builds many in a row on one thread (each run of DRB's bisections keeps
// one): a hierarchy takes its levels from it and gives them back when destroyed, so that their
// pages stay mapped (faulting and zeroing fresh ones took a sixth of drb's time on a
// 10^6-vertex mesh, perf). It holds the room of the biggest hierarchy built with it.
struct HierarchyStorage {
  std::vector<CoarseLevel> spare;  // the finest level last
  CoarseningScratch scratch;
};

class MultilevelHierarchy {
 public:
  // Coarsens finest (borrowed: it must outlive the hierarchy) until plan says stop. classes,
  // when given, constrains the matching (vertices of different classes never merge, -1 is
  // free) and is carried to every level. storage (borrowed, may be null) lends the arrays.
  MultilevelHierarchy(const CsrGraph& finest, const std::vector<Num>* classes,
                      const CoarseningPlan& plan, Random& random,
                      const MultilevelPhases& phases = {}, HierarchyStorage* storage = nullptr);
  // A hierarchy whose finest levels are those of prefix (borrowed: it must outlive this one),
  // coarsened further from prefix's coarsest graph until plan says stop (plan.max_levels
  // counting prefix's levels too): runs of one bisection share the costly finest levels and
  // differ in the coarser ones (best_of_bipartitions).
  MultilevelHierarchy(const MultilevelHierarchy& prefix, const CoarseningPlan& plan,
                      Random& random, const MultilevelPhases& phases = {},
                      HierarchyStorage* storage = nullptr);
  ~MultilevelHierarchy();
  MultilevelHierarchy(const MultilevelHierarchy&) = delete;
  MultilevelHierarchy& operator=(const MultilevelHierarchy&) = delete;

  // Levels above the finest one.
  int coarse_levels() const { return prefix_levels_ + static_cast<int>(coarse_.size()); }
  // Level 0 is the finest graph, coarse_levels() the coarsest.
  const CsrGraph& graph(int level) const {
    if (level <= prefix_levels_) return prefix_ != nullptr ? prefix_->graph(level) : finest_;
    return coarse_[level - prefix_levels_ - 1].graph;
  }
  // The class of each vertex of a level (empty when built without classes).
  const std::vector<Num>& classes(int level) const {
    return level < prefix_levels_ ? prefix_->classes(level) : classes_[level - prefix_levels_];
  }
  // The vertex of level + 1 that absorbed each vertex of level.
  const std::vector<Num>& to_coarser(int level) const {
    return level < prefix_levels_ ? prefix_->to_coarser(level)
                                  : coarse_[level - prefix_levels_].fine_to_coarse;
  }

  // fine[v] = coarse[to_coarser(level)[v]] for every vertex v of level.
  template <class T>
  void project(int level, const std::vector<T>& coarse, std::vector<T>& fine) const {
    const std::vector<Num>& map = to_coarser(level);
    fine.resize(map.size());
    for (std::size_t v = 0; v < map.size(); ++v) fine[v] = coarse[map[v]];
  }
  // coarse[c] = sum of fine[v] over the vertices v of level that c absorbed.
  template <class T>
  void restrict_sum(int level, const std::vector<T>& fine, std::vector<T>& coarse) const {
    const std::vector<Num>& map = to_coarser(level);
    coarse.assign(static_cast<std::size_t>(graph(level + 1).vertex_count()), T{});
    for (std::size_t v = 0; v < map.size(); ++v) coarse[map[v]] += fine[v];
  }

 private:
  // Coarsens graph(coarse_levels()) further until plan says stop.
  void coarsen(const CoarseningPlan& plan, Random& random, bool with_classes);

  const CsrGraph& finest_;
  const MultilevelHierarchy* prefix_ = nullptr;
  int prefix_levels_ = 0;
  HierarchyStorage* storage_;
  std::vector<CoarseLevel> coarse_;
  std::vector<std::vector<Num>> classes_;  // of levels prefix_levels_ and above
};

// The V-cycle: solve(level, solution) computes the solution of the coarsest level; then for
// each finer level the solution is projected and refine(level, solution) improves it.
// solution holds one value per vertex of the level being worked on; on return, of level 0.
template <class T, class Solve, class Refine>
void multilevel_cycle(const MultilevelHierarchy& levels, std::vector<T>& solution, Solve&& solve,
                      Refine&& refine, const MultilevelPhases& phases = {}) {
  {
    PhaseLog::Timer timer(phases.log, phases.initial);
    solve(levels.coarse_levels(), solution);
  }
  PhaseLog::Timer timer(phases.log, phases.refine);
  std::vector<T> finer;
  for (int level = levels.coarse_levels() - 1; level >= 0; --level) {
    levels.project(level, solution, finer);
    solution.swap(finer);
    refine(level, solution);
  }
}

}  // namespace tartan
