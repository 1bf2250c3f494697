// `recursive`: Hoefler and Snir's recursive bisection mapping ("Generic topology mapping
// strategies for large-scale parallel architectures" §3.2): the graph and the target are split
// together, each half of the graph (few cut edge weights) going to a half of the target, down
// to single terminals (recursive_bisection.hpp). The target's halves are its own bipartition
// tree (for a torus or mesh the halves across the longest dimension, the cut of fewest links).
// Any number of vertices per terminal: each split shares the load by the halves' capacities
// within the tolerance, and the terminals left above their load bound are relieved at the end
// (mapping_start.hpp). In one-to-one mode (one_to_one.hpp) the splits are exact, as topdown's,
// and the result is a permutation. `pre=1` first partitions the graph into one part per
// terminal (prepartition.hpp, the paper's §3.4). Fixed vertices keep their terminals.
#include <utility>

#include "mapping/mapping_start.hpp"
#include "mapping/methods.hpp"
#include "mapping/one_to_one.hpp"
#include "mapping/prepartition.hpp"
#include "mapping/recursive_bisection.hpp"

namespace tartan {

namespace {

class RecursiveMethod : public MappingMethod {
 public:
  RecursiveMethod(const BipartitionOptions& options, bool prepartition)
      : options_(options), prepartition_(prepartition) {}

  void apply(MappingContext& ctx) const override {
    validate_context(ctx);
    if (prepartition_ && map_prepartitioned(ctx, *this, options_)) return;
    const MultilevelPhases phases{ctx.phases, "recursive coarsen", "recursive initial",
                                  "recursive refine"};
    if (one_to_one_mode(ctx)) {
      OneToOne free = prepare_one_to_one(ctx, "recursive");
      recursive_bisection(ctx, std::move(free.free_vertices), BisectionCounts::exact, options_,
                          phases);
      return;
    }
    std::vector<Num> vertices;
    for (Num v = 0; v < ctx.graph.vertnbr; ++v)
      if (ctx.fixed.empty() || !ctx.fixed[v]) vertices.push_back(v);
    recursive_bisection(ctx, std::move(vertices), BisectionCounts::loads, options_, phases);
    relieve_overload(ctx);
  }

 private:
  BipartitionOptions options_;
  bool prepartition_;
};

}  // namespace

const char* const kRecursiveKeys[] = {"coarse", "ratio", "tries", "passes", "moves", "slack", "pre",
                                      nullptr};

MethodPtr make_recursive_method(const MethodParams& params) {
  return std::make_unique<RecursiveMethod>(read_bipartition_options(params),
                                           read_prepartition_flag(params));
}

}  // namespace tartan
