#include "mapping/prepartition.hpp"

#include <vector>

#include "arch/arch_factory.hpp"
#include "graph/coarsening.hpp"
#include "graph/subgraph.hpp"
#include "mapping/mapping_start.hpp"
#include "mapping/recursive_bisection.hpp"

namespace tartan {

bool read_prepartition_flag(const MethodParams& params) {
  return params.integer("pre", 0, 0, 1) == 1;
}

bool map_prepartitioned(MappingContext& ctx, const MappingMethod& mapper,
                        const BipartitionOptions& options) {
  const Num k = ctx.arch.size();
  if (ctx.graph.vertnbr <= k) return false;
  for (bool pinned : ctx.fixed)
    if (pinned) return false;

  // Parts: a complete graph whose terminal t weighs what terminal t of the target does, so that
  // part t's load follows t's capacity; recursive bisection over it is a k-way partition.
  std::vector<Num> weights(static_cast<std::size_t>(k));
  for (Num t = 0; t < k; ++t) weights[t] = std::max<Num>(1, ctx.arch.terminal_weight(t));
  const ArchPtr parts_arch = make_weighted_complete(weights);
  std::vector<Num> part(static_cast<std::size_t>(ctx.graph.vertnbr), -1);
  std::vector<Num> all(static_cast<std::size_t>(ctx.graph.vertnbr));
  for (Num v = 0; v < ctx.graph.vertnbr; ++v) all[v] = v;
  MappingContext partitioning{ctx.graph, *parts_arch, part, ctx.fixed, ctx.imbalance, ctx.random,
                              ctx.phases};
  const MultilevelPhases phases{ctx.phases, "pre coarsen", "pre initial", "pre refine"};
  recursive_bisection(partitioning, std::move(all), BisectionCounts::loads, options, phases);

  // The quotient graph, its vertex loads the parts' loads, mapped by the mapper.
  const CsrGraph quotient = quotient_csr(csr_from_graph(ctx.graph), part, k);
  Graph view;
  view_csr_as_graph(quotient, view);
  view.velotab = quotient.vwgt.data();
  std::vector<Num> placed(static_cast<std::size_t>(k), -1);
  const std::vector<bool> none;
  MappingContext parts{view, ctx.arch, placed, none, ctx.imbalance, ctx.random, ctx.phases};
  mapper.apply(parts);
  for (Num v = 0; v < ctx.graph.vertnbr; ++v) ctx.parttab[v] = placed[part[v]];
  relieve_overload(ctx);
  return true;
}

}  // namespace tartan
