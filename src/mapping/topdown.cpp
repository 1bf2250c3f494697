// `topdown` (seed 000 §3.1, Top-Down): the vertices are split along the target's own hierarchy,
// from the whole target down to single terminals, each split perfectly balanced: a domain's
// vertices go to its two halves (Architecture::bipartition) in exactly the numbers of terminals
// the halves hold, with few cut edges (the multilevel bipartitioner of DRB with exact
// capacities, one_to_one.hpp). On a tree-leaf target S = a1:...:ak a node's a_i children are
// halved recursively, so the vertices are first cut into a_k groups of n / a_k, each of those
// into a_(k-1) groups, and so on down to the cores, as in the seed; any other target is split
// by its own bipartition tree. Unlike drb, a split counts only the edges it cuts (the seed's
// pure partitioning), not those toward vertices already placed. One-to-one rule of
// one_to_one.hpp; fixed vertices hold their terminals and reduce their halves' counts.
#include <cstdint>
#include <utility>
#include <vector>

#include "graph/coarsening.hpp"
#include "graph/subgraph.hpp"
#include "mapping/methods.hpp"
#include "mapping/one_to_one.hpp"

namespace tartan {

namespace {

struct TopDownJob {
  Domain domain;
  std::vector<Num> vertices;  // free vertices to place in the domain
  std::vector<Num> fixed;     // fixed vertices whose terminal lies in the domain
};

class TopDownMethod : public MappingMethod {
 public:
  explicit TopDownMethod(const BipartitionOptions& options) : options_(options) {}

  void apply(MappingContext& ctx) const override {
    OneToOne free = prepare_one_to_one(ctx, "topdown");
    const Architecture& arch = ctx.arch;
    const CsrGraph graph = csr_from_graph(ctx.graph);
    CsrSubgraphExtractor extract(graph);
    BipartitionWorkspace workspace;
    std::vector<std::uint8_t> side;
    const MultilevelPhases phases{ctx.phases, "topdown coarsen", "topdown initial", "topdown refine"};

    std::vector<TopDownJob> stack;
    stack.push_back({arch.first_domain(), std::move(free.free_vertices), {}});
    for (Num v = 0; v < static_cast<Num>(ctx.fixed.size()); ++v)
      if (ctx.fixed[v]) stack.back().fixed.push_back(v);
    while (!stack.empty()) {
      TopDownJob job = std::move(stack.back());
      stack.pop_back();
      if (job.vertices.empty()) continue;
      TopDownJob half[2];
      if (!arch.bipartition(job.domain, half[0].domain, half[1].domain)) {
        // A single terminal: the counts leave it exactly the one vertex it takes.
        for (Num v : job.vertices) ctx.parttab[v] = arch.domain_number(job.domain);
        continue;
      }
      for (Num v : job.fixed) {
        const bool first = arch.domain_includes(half[0].domain, arch.terminal_domain(ctx.parttab[v]));
        half[first ? 0 : 1].fixed.push_back(v);
      }
      const Num count0 = arch.domain_size(half[0].domain) - static_cast<Num>(half[0].fixed.size());
      const CsrGraph sub = extract(job.vertices);
      exact_bipartition(sub, count0, options_, ctx.random, workspace, side, phases);
      for (std::size_t i = 0; i < job.vertices.size(); ++i)
        half[side[i]].vertices.push_back(job.vertices[i]);
      stack.push_back(std::move(half[1]));
      stack.push_back(std::move(half[0]));
    }
  }

 private:
  BipartitionOptions options_;
};

}  // namespace

const char* const kTopdownKeys[] = {"coarse", "ratio", "tries", "passes", "moves", nullptr};

MethodPtr make_topdown_method(const MethodParams& params) {
  return std::make_unique<TopDownMethod>(read_bipartition_options(params));
}

}  // namespace tartan
