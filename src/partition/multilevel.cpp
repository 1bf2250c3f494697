#include "partition/multilevel.hpp"

namespace tartan {

MultilevelHierarchy::MultilevelHierarchy(const CsrGraph& finest, const std::vector<Num>* classes,
                                         const CoarseningPlan& plan, Random& random,
                                         const MultilevelPhases& phases, HierarchyStorage* storage)
    : finest_(finest), storage_(storage) {
  PhaseLog::Timer timer(phases.log, phases.coarsen);
  classes_.emplace_back(classes != nullptr ? *classes : std::vector<Num>{});
  coarsen(plan, random, classes != nullptr);
}

MultilevelHierarchy::MultilevelHierarchy(const MultilevelHierarchy& prefix,
                                         const CoarseningPlan& plan, Random& random,
                                         const MultilevelPhases& phases, HierarchyStorage* storage)
    : finest_(prefix.graph(0)),
      prefix_(&prefix),
      prefix_levels_(prefix.coarse_levels()),
      storage_(storage) {
  PhaseLog::Timer timer(phases.log, phases.coarsen);
  classes_.emplace_back(prefix.classes(prefix_levels_));
  coarsen(plan, random, !classes_.back().empty());
}

void MultilevelHierarchy::coarsen(const CoarseningPlan& plan, Random& random, bool with_classes) {
  MatchingOptions matching;
  matching.max_vertex_weight = plan.max_vertex_weight;
  matching.visit_in_order = plan.in_order;
  matching.ties_to_lowest_index = plan.in_order;
  CoarseningScratch own_scratch;
  CoarseningScratch& scratch = storage_ != nullptr ? storage_->scratch : own_scratch;
  while (coarse_levels() < plan.max_levels) {
    const CsrGraph& current = graph(coarse_levels());
    if (current.vertex_count() <= plan.stop_at) break;
    matching.vertex_class = with_classes ? &classes_.back() : nullptr;
    std::vector<Num> coarse_classes;
    CoarseLevel level;
    if (storage_ != nullptr && !storage_->spare.empty()) {
      level = std::move(storage_->spare.back());
      storage_->spare.pop_back();
    }
    coarsen_once_into(current, random, matching, level, scratch, &coarse_classes);
    if (static_cast<double>(level.graph.vertex_count()) >
        plan.max_kept * static_cast<double>(current.vertex_count())) {
      if (storage_ != nullptr) storage_->spare.push_back(std::move(level));
      break;
    }
    coarse_.push_back(std::move(level));
    classes_.push_back(std::move(coarse_classes));
  }
}

MultilevelHierarchy::~MultilevelHierarchy() {
  if (storage_ == nullptr) return;
  // The coarsest first, so that the next hierarchy takes the finest level's (biggest) room for
  // its own finest level.
  for (auto level = coarse_.rbegin(); level != coarse_.rend(); ++level)
    storage_->spare.push_back(std::move(*level));
}

}  // namespace tartan
