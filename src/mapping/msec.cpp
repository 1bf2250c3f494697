// `msec`: multisection along the target's hierarchy (Faraj, Kaya, Schulz, Seemaier, Träff et
// al., "High-quality hierarchical process mapping"; Schulz and Träff, "Better process mapping
// and sparse quadratic assignment"). With the hierarchy a_1 : a_2 : ... : a_k read from the
// target (top level first; hierarchy.hpp), the graph is partitioned into a_1 parts of minimum
// edge cut, each part into a_2 parts, and so on down to the terminals; part j of a block takes
// the j-th sub-block (the identity assignment: on a tree every sibling block is as far from
// every other, so no assignment of the parts to sub-blocks is cheaper). Each partition into
// a_i parts is a recursive bisection of the block's sibling sub-blocks, each bisection the best
// of `runs` independent multilevel bipartitions (partition/bipartition_runs.hpp) on the cut
// edge weights alone: within a block every pair of sub-blocks is equally far apart, so the cut
// is the mapping cost that split adds. The tolerance is shared by the bisections along every
// root-to-terminal path, (1 + ε)^(1/d) each with d = Σ ceil(log2 a_i), so that the levels
// compound to about 1 + ε; terminals left above their bound are relieved as after drb.
//
// Targets that are not such a hierarchy (meshes, tori, graphs), mappings with fixed vertices
// and targets of more than TerminalCapacities::kDenseTerminals terminals are mapped by drb with
// the same parameters instead (its bipartitions follow the target's own domain tree).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "arch/distance_oracle.hpp"
#include "common/parallel.hpp"
#include "graph/coarsening.hpp"
#include "graph/subgraph.hpp"
#include "mapping/balance.hpp"
#include "mapping/drb.hpp"
#include "mapping/hierarchy.hpp"
#include "mapping/mapping_start.hpp"
#include "mapping/methods.hpp"
#include "partition/bipartition_runs.hpp"

namespace tartan {

namespace {

using I64 = std::int64_t;

// Jobs of fewer vertices run their bipartitions one after the other: a thread costs more.
constexpr Num kParallelJob = 2000;

int ceil_log2(Num x) {
  int levels = 0;
  while ((I64{1} << levels) < x) ++levels;
  return levels;
}

// The vertices to spread over the terminals [first, first + count), a run of sibling blocks of
// the hierarchy (or one block).
struct MsecJob {
  Num first, count;
  std::vector<Num> vertices;
};

// What a thread keeps from job to job: the extraction's index, the runs' workspaces, its
// phase timings.
struct MsecLane {
  explicit MsecLane(const CsrGraph& csr) : extract(csr) {}
  CsrSubgraphExtractor extract;
  std::vector<BipartitionRun> runs;
  PhaseLog log;
};

class MsecMethod : public MappingMethod {
 public:
  explicit MsecMethod(const DrbOptions& options) : options_(options) {}

  void apply(MappingContext& ctx) const override {
    validate_context(ctx);
    const Architecture& arch = ctx.arch;
    const Num k = arch.size();
    const bool any_fixed = std::find(ctx.fixed.begin(), ctx.fixed.end(), true) != ctx.fixed.end();
    Hierarchy hierarchy;
    if (!any_fixed && k > 1 && k <= TerminalCapacities::kDenseTerminals)
      hierarchy = infer_hierarchy(DistanceOracle(arch));
    if (hierarchy.blocks.size() < 2) {
      run_drb(ctx, options_);
      return;
    }
    multisect(ctx, hierarchy.blocks);
    relieve_overload(ctx);
  }

 private:
  void multisect(MappingContext& ctx, const std::vector<Num>& blocks) const {
    const Architecture& arch = ctx.arch;
    const Graph& graph = ctx.graph;
    const Num k = arch.size();
    // Prefix sums of the terminal weights (capacities): the load of a run of terminals.
    std::vector<I64> weight_before(static_cast<std::size_t>(k) + 1, 0);
    for (Num t = 0; t < k; ++t)
      weight_before[t + 1] = weight_before[t] + arch.domain_weight(arch.terminal_domain(t));
    const bool unweighted = weight_before[k] <= 0;
    auto weight = [&](Num first, Num count) {
      return unweighted ? I64{count} : weight_before[first + count] - weight_before[first];
    };
    int depth = 0;
    for (std::size_t i = 0; i + 1 < blocks.size(); ++i)
      depth += ceil_log2(blocks[i + 1] / blocks[i]);
    const double tolerance = std::pow(1.0 + ctx.imbalance, 1.0 / std::max(1, depth)) - 1.0;

    const CsrGraph csr = csr_from_graph(graph);
    const MultilevelPhases names{nullptr, "msec coarsen", "msec initial", "msec refine"};
    const int threads = std::max(1, ctx.threads);
    std::vector<std::unique_ptr<MsecLane>> lanes;

    // Level by level: a job depends on its parent only, so the jobs of a level run side by
    // side, each drawing from a generator of its own seeded in job order when the level
    // starts; the mapping is the same for any thread count. A level of fewer jobs than threads
    // gives its big jobs' runs the threads left.
    std::vector<MsecJob> jobs, next;
    jobs.push_back({0, k, std::vector<Num>(static_cast<std::size_t>(graph.vertnbr))});
    for (Num v = 0; v < graph.vertnbr; ++v) jobs.back().vertices[v] = v;
    std::vector<std::uint64_t> seeds;
    std::vector<std::array<MsecJob, 2>> halves;
    while (!jobs.empty()) {
      const int count = static_cast<int>(jobs.size());
      seeds.resize(jobs.size());
      for (std::uint64_t& seed : seeds) seed = ctx.random.next();
      halves.assign(jobs.size(), {});
      const int lane_count = parallel_lanes(count, threads);
      const int job_threads = std::max(1, threads / count);
      while (lanes.size() < static_cast<std::size_t>(lane_count))
        lanes.push_back(std::make_unique<MsecLane>(csr));
      parallel_for(count, threads, [&](int i) {
        MsecLane& own = *lanes[static_cast<std::size_t>(i % lane_count)];
        Random random(seeds[i]);
        halves[i] = split(ctx, blocks, weight, tolerance, jobs[i], own, random,
                          static_cast<Num>(jobs[i].vertices.size()) >= kParallelJob ? job_threads : 1,
                          names);
      });
      next.clear();
      for (std::unique_ptr<MsecLane>& own : lanes) {
        if (ctx.phases != nullptr) ctx.phases->merge(own->log);
        own->log.clear();
      }
      for (std::array<MsecJob, 2>& pair : halves)
        for (MsecJob& half : pair)
          if (!half.vertices.empty()) next.push_back(std::move(half));
      jobs.swap(next);
    }
  }

  // One job: a single terminal takes its vertices; otherwise the best of the runs splits them
  // between the two halves of its sub-blocks, which it returns (no halves for a terminal).
  template <class Weight>
  std::array<MsecJob, 2> split(MappingContext& ctx, const std::vector<Num>& blocks,
                               const Weight& weight, double tolerance, const MsecJob& job,
                               MsecLane& lane, Random& random, int threads,
                               const MultilevelPhases& names) const {
    if (job.count == 1) {
      for (Num v : job.vertices) ctx.parttab[v] = job.first;
      return {};
    }
    // The sub-blocks of the job: the largest blocks below its size; half of them each side.
    const Num child = *(std::lower_bound(blocks.begin(), blocks.end(), job.count) - 1);
    const Num children = job.count / child;
    const Num count0 = children / 2 * child;
    std::array<MsecJob, 2> half{MsecJob{job.first, count0, {}},
                                MsecJob{job.first + count0, job.count - count0, {}}};
    const CsrGraph sub = lane.extract(job.vertices);
    I64 total = 0;
    for (Num v : job.vertices) total += ctx.graph.vertex_load(v);
    const I64 w[2] = {weight(half[0].first, half[0].count), weight(half[1].first, half[1].count)};
    const I64 w_sum = std::max<I64>(1, w[0] + w[1]);
    BipartitionProblem problem;
    problem.graph = &sub;
    problem.cut_cost = 1;
    problem.ideal0 = static_cast<double>(total) * static_cast<double>(w[0]) / static_cast<double>(w_sum);
    for (int s = 0; s < 2; ++s) problem.capacity[s] = load_capacity(total, w[s], w_sum, tolerance);
    const int best = best_of_bipartitions(problem, options_.bipartition, options_.runs, -1, threads,
                                          random, lane.runs, ctx.phases != nullptr ? &lane.log : nullptr,
                                          names, RunLevels::own);
    const std::vector<std::uint8_t>& side = lane.runs[best].side;
    for (std::size_t i = 0; i < job.vertices.size(); ++i) half[side[i]].vertices.push_back(job.vertices[i]);
    return half;
  }

  DrbOptions options_;
};

}  // namespace

const char* const kMsecKeys[] = {"runs", "coarse", "ratio", "tries", "passes", "moves", "slack",
                                 nullptr};

MethodPtr make_msec_method(const MethodParams& params) {
  DrbOptions options;
  options.runs = static_cast<int>(params.integer("runs", 4, 1, 100));
  // Targets without a hierarchy go to drb as the default strategy runs it: jobs adjacent first
  // (bench/README, "Adjacent jobs first") and, on tori, 8 runs for the jobs blind to the rings'
  // earlier splits ("Jobs blind on a torus").
  options.policy = JobPolicy::breadth;
  options.unwrapped_runs = 8;
  options.bipartition = read_bipartition_options(params);
  return std::make_unique<MsecMethod>(options);
}

}  // namespace tartan
