#include "partition/multilevel.hpp"

namespace tartan {

MultilevelHierarchy::MultilevelHierarchy(const CsrGraph& finest, const std::vector<Num>* classes,
                                         const CoarseningPlan& plan, Random& random,
                                         const MultilevelPhases& phases)
    : finest_(finest) {
  PhaseLog::Timer timer(phases.log, phases.coarsen);
  classes_.emplace_back(classes != nullptr ? *classes : std::vector<Num>{});
  MatchingOptions matching;
  matching.max_vertex_weight = plan.max_vertex_weight;
  while (coarse_levels() < plan.max_levels) {
    const CsrGraph& current = graph(coarse_levels());
    if (current.vertex_count() <= plan.stop_at) break;
    matching.vertex_class = classes != nullptr ? &classes_.back() : nullptr;
    std::vector<Num> coarse_classes;
    CoarseLevel level = coarsen_once(current, random, matching, &coarse_classes);
    if (static_cast<double>(level.graph.vertex_count()) >
        plan.max_kept * static_cast<double>(current.vertex_count()))
      break;
    coarse_.push_back(std::move(level));
    classes_.push_back(std::move(coarse_classes));
  }
}

}  // namespace tartan
