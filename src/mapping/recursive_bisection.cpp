#include "mapping/recursive_bisection.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>

#include "graph/coarsening.hpp"
#include "graph/subgraph.hpp"
#include "mapping/balance.hpp"
#include "mapping/one_to_one.hpp"

namespace tartan {

namespace {

using I64 = std::int64_t;

struct BisectionJob {
  Domain domain;
  std::vector<Num> vertices;  // free vertices to place in the domain
  std::vector<Num> fixed;     // fixed vertices whose terminal lies in the domain
};

}  // namespace

void recursive_bisection(MappingContext& ctx, std::vector<Num> vertices, BisectionCounts counts,
                         const BipartitionOptions& options, const MultilevelPhases& phases) {
  const Architecture& arch = ctx.arch;
  const Graph& graph = ctx.graph;
  const CsrGraph csr = csr_from_graph(graph);
  CsrSubgraphExtractor extract(csr);
  BipartitionWorkspace workspace;
  std::vector<std::uint8_t> side;

  std::vector<BisectionJob> stack;
  stack.push_back({arch.first_domain(), std::move(vertices), {}});
  for (Num v = 0; v < static_cast<Num>(ctx.fixed.size()); ++v)
    if (ctx.fixed[v]) stack.back().fixed.push_back(v);
  while (!stack.empty()) {
    BisectionJob job = std::move(stack.back());
    stack.pop_back();
    if (job.vertices.empty()) continue;
    BisectionJob half[2];
    if (!arch.bipartition(job.domain, half[0].domain, half[1].domain)) {
      for (Num v : job.vertices) ctx.parttab[v] = arch.domain_number(job.domain);
      continue;
    }
    I64 fixed_load[2] = {0, 0};
    for (Num v : job.fixed) {
      const int s = arch.domain_includes(half[0].domain, arch.terminal_domain(ctx.parttab[v])) ? 0 : 1;
      half[s].fixed.push_back(v);
      fixed_load[s] += graph.vertex_load(v);
    }
    const CsrGraph sub = extract(job.vertices);
    if (counts == BisectionCounts::exact) {
      const Num count0 = arch.domain_size(half[0].domain) - static_cast<Num>(half[0].fixed.size());
      exact_bipartition(sub, count0, options, ctx.random, workspace, side, phases);
    } else {
      // The domain's load (free + fixed) shared in proportion to the halves' capacities, each
      // half allowed the tolerance (balance.hpp's rule); the fixed load of a half is its own.
      I64 weight[2] = {arch.domain_weight(half[0].domain), arch.domain_weight(half[1].domain)};
      if (weight[0] + weight[1] <= 0) weight[0] = weight[1] = 1;
      I64 total = fixed_load[0] + fixed_load[1];
      for (Num v : job.vertices) total += graph.vertex_load(v);
      BipartitionProblem problem;
      problem.graph = &sub;
      problem.cut_cost = 1;
      problem.ideal0 = std::max(0.0, static_cast<double>(total) * static_cast<double>(weight[0]) /
                                             static_cast<double>(weight[0] + weight[1]) -
                                         static_cast<double>(fixed_load[0]));
      for (int s = 0; s < 2; ++s)
        problem.capacity[s] = std::max<I64>(
            0, load_capacity(total, weight[s], weight[0] + weight[1], ctx.imbalance) - fixed_load[s]);
      multilevel_bipartition(problem, options, ctx.random, workspace, side, phases);
    }
    for (std::size_t i = 0; i < job.vertices.size(); ++i)
      half[side[i]].vertices.push_back(job.vertices[i]);
    stack.push_back(std::move(half[1]));
    stack.push_back(std::move(half[0]));
  }
}

}  // namespace tartan
