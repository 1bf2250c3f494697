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
#include <utility>

#include "mapping/methods.hpp"
#include "mapping/one_to_one.hpp"
#include "mapping/recursive_bisection.hpp"

namespace tartan {

namespace {

class TopDownMethod : public MappingMethod {
 public:
  explicit TopDownMethod(const BipartitionOptions& options) : options_(options) {}

  void apply(MappingContext& ctx) const override {
    OneToOne free = prepare_one_to_one(ctx, "topdown");
    const MultilevelPhases phases{ctx.phases, "topdown coarsen", "topdown initial", "topdown refine"};
    recursive_bisection(ctx, std::move(free.free_vertices), BisectionCounts::exact, options_,
                        phases);
  }

 private:
  BipartitionOptions options_;
};

}  // namespace

const char* const kTopdownKeys[] = {"coarse", "ratio", "tries", "passes", "moves", "slack",
                                    nullptr};

MethodPtr make_topdown_method(const MethodParams& params) {
  return std::make_unique<TopDownMethod>(read_bipartition_options(params));
}

}  // namespace tartan
