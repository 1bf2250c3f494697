// `bottomup` (seed 000 §3.1, Bottom-Up): with the target's hierarchy S = a1:...:ak (cores per
// socket first), the vertices are cut into n / a1 groups of exactly a1 vertices (perfectly
// balanced partitioning: recursive exact bisections, one_to_one.hpp), each group is contracted
// into one vertex (edge weights between groups summed), the contracted graph is cut into groups
// of a2, and so on; the a_k vertices of the last level take the a_k top blocks in order, and
// each group's members take the sub-blocks of their group's block in order, down to the cores.
//
// The hierarchy is read from the distances (DistanceOracle): terminals must form nested blocks
// of consecutive terminals, each level's blocks of equal size, the distance of two terminals
// set by the smallest block holding both -- every tleaf is such a target, and so is a complete
// graph (one level). Other targets are refused (Error(invalid)), as are fixed vertices (the
// groups are made before any terminal is known; topdown takes them). One-to-one rule of
// one_to_one.hpp.
#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "arch/distance_oracle.hpp"
#include "common/error.hpp"
#include "graph/coarsening.hpp"
#include "graph/subgraph.hpp"
#include "mapping/hierarchy.hpp"
#include "mapping/methods.hpp"
#include "mapping/one_to_one.hpp"

namespace tartan {

namespace {

class BottomUpMethod : public MappingMethod {
 public:
  explicit BottomUpMethod(const BipartitionOptions& options) : options_(options) {}

  void apply(MappingContext& ctx) const override {
    const OneToOne free = prepare_one_to_one(ctx, "bottomup");
    if (free.free_vertices.size() != static_cast<std::size_t>(ctx.graph.vertnbr))
      fail_invalid("'bottomup' does not take fixed vertices (its groups are formed before any "
                   "terminal is chosen); use topdown");
    const DistanceOracle distance(ctx.arch);
    const Hierarchy hierarchy = infer_hierarchy(distance);
    if (hierarchy.blocks.empty())
      fail_invalid(std::string("'bottomup' needs a hierarchical target (terminals in nested blocks "
                               "of equal sizes, distances set by the smallest common block, as "
                               "in a tleaf); this '") +
                   ctx.arch.kind_name() + "' target is not one");
    const std::size_t levels = hierarchy.blocks.size() - 1;  // a1 .. ak
    const MultilevelPhases phases{ctx.phases, "bottomup coarsen", "bottomup initial", "bottomup refine"};

    // Upward: group, contract, repeat. groups[i][v] = group (vertex of level i + 1) of vertex v
    // of level i.
    std::vector<std::vector<Num>> groups;
    CsrGraph level = csr_from_graph(ctx.graph);
    std::fill(level.vwgt.begin(), level.vwgt.end(), 1);
    for (std::size_t i = 0; i + 1 < levels; ++i) {
      const Num arity = hierarchy.blocks[i + 1] / hierarchy.blocks[i];
      const Num parts = level.vertex_count() / arity;
      groups.push_back(perfect_partition(level, parts, arity, ctx.random, phases));
      CsrGraph coarser = quotient_csr(level, groups.back(), parts);
      std::fill(coarser.vwgt.begin(), coarser.vwgt.end(), 1);
      level = std::move(coarser);
    }
    // Downward: the top level's vertices take the top blocks in order, members of a group the
    // sub-blocks of its block in order.
    std::vector<Num> block(static_cast<std::size_t>(level.vertex_count()));
    for (Num x = 0; x < level.vertex_count(); ++x) block[x] = x;
    for (std::size_t i = groups.size(); i-- > 0;) {
      const Num arity = hierarchy.blocks[i + 1] / hierarchy.blocks[i];
      const std::vector<Num>& group = groups[i];
      std::vector<Num> rank(block.size(), 0), finer(group.size());
      for (std::size_t y = 0; y < group.size(); ++y) finer[y] = block[group[y]] * arity + rank[group[y]]++;
      block.swap(finer);
    }
    for (Num v = 0; v < ctx.graph.vertnbr; ++v) ctx.parttab[v] = block[v];
  }

 private:
  // Cuts graph (unit weights) into parts groups of exactly size vertices by recursive exact
  // bisection; returns the group of each vertex.
  std::vector<Num> perfect_partition(const CsrGraph& graph, Num parts, Num size, Random& random,
                                     const MultilevelPhases& phases) const {
    std::vector<Num> group(static_cast<std::size_t>(graph.vertex_count()), 0);
    CsrSubgraphExtractor extract(graph);
    BipartitionWorkspace workspace;
    std::vector<std::uint8_t> side;
    struct Job {
      std::vector<Num> vertices;
      Num first, count;  // groups [first, first + count)
    };
    std::vector<Job> stack;
    Job root{std::vector<Num>(group.size()), 0, parts};
    for (std::size_t v = 0; v < group.size(); ++v) root.vertices[v] = static_cast<Num>(v);
    stack.push_back(std::move(root));
    while (!stack.empty()) {
      Job job = std::move(stack.back());
      stack.pop_back();
      if (job.count == 1) {
        for (Num v : job.vertices) group[v] = job.first;
        continue;
      }
      const Num count0 = job.count / 2;
      const CsrGraph sub = extract(job.vertices);
      exact_bipartition(sub, count0 * size, options_, random, workspace, side, phases);
      Job half[2] = {{{}, job.first, count0}, {{}, job.first + count0, job.count - count0}};
      for (std::size_t i = 0; i < job.vertices.size(); ++i) half[side[i]].vertices.push_back(job.vertices[i]);
      stack.push_back(std::move(half[1]));
      stack.push_back(std::move(half[0]));
    }
    return group;
  }

  BipartitionOptions options_;
};

}  // namespace

const char* const kBottomupKeys[] = {"coarse", "ratio", "tries", "passes", "moves", "slack",
                                     nullptr};

MethodPtr make_bottomup_method(const MethodParams& params) {
  return std::make_unique<BottomUpMethod>(read_bipartition_options(params));
}

}  // namespace tartan
