#include "mapping/drb.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "arch/distance_oracle.hpp"
#include "common/big_arrays.hpp"
#include "common/error.hpp"
#include "graph/subgraph.hpp"
#include "partition/bipartition_runs.hpp"
#include "mapping/mapping_start.hpp"
#include "mapping/methods.hpp"

namespace tartan {

namespace {

using I64 = std::int64_t;

struct Job {
  Num domain;        // index in the domain table
  Num begin, end;    // free vertices: order[begin, end)
  Num fixed_begin, fixed_end;  // fixed vertices: fixed_order[fixed_begin, fixed_end)
  Num serial;        // creation rank, for deterministic ordering
  int level;         // depth in the target's bipartition tree (the root job: 0)
};

// Pending jobs, in the order of the chosen policy.
class JobQueue {
 public:
  explicit JobQueue(JobPolicy policy) : policy_(policy) {}
  bool empty() const { return head_ == jobs_.size(); }
  void push(const Job& job) {
    jobs_.push_back(job);
    if (policy_ == JobPolicy::biggest) std::push_heap(jobs_.begin(), jobs_.end(), smaller);
  }
  Job pop() {
    Job job;
    switch (policy_) {
      case JobPolicy::biggest:
        std::pop_heap(jobs_.begin(), jobs_.end(), smaller);
        job = jobs_.back();
        jobs_.pop_back();
        break;
      case JobPolicy::depth:
        job = jobs_.back();
        jobs_.pop_back();
        break;
      case JobPolicy::breadth:
        job = jobs_[head_++];
        if (head_ == jobs_.size()) {
          jobs_.clear();
          head_ = 0;
        }
        break;
    }
    return job;
  }

 private:
  // Heap order: more free vertices first, then older jobs first.
  static bool smaller(const Job& a, const Job& b) {
    const Num sa = a.end - a.begin, sb = b.end - b.begin;
    if (sa != sb) return sa < sb;
    return a.serial > b.serial;
  }
  JobPolicy policy_;
  std::vector<Job> jobs_;
  std::size_t head_ = 0;
};

// On a variable-sized target (seed 001's recursive bipartitioning with no fixed number of
// terminals) a job stops being bipartitioned when it holds at most this many free vertices, and
// its domain becomes their terminal: the number of parts follows the graph. SCOTCH 7.0.3's
// scotch_gmap makes parts of about this size (measured: 4 x 4 and 16 x 16 grids give 8 and 128
// parts of two on varhcub and varcmplt; a 6 x 6 grid 24 parts of one or two on varhcub, 16 of
// two or three on varcmplt; a path of three stays whole); its stopping rule is not documented,
// this one is Tartan's.
constexpr Num kVariableLeafVertices = 2;

// Jobs of fewer free vertices run their multilevel runs one after the other: a thread costs
// more than they do.
constexpr Num kParallelJob = 2000;

int ceil_log2(Num x) {
  int levels = 0;
  while ((std::int64_t{1} << levels) < x) ++levels;  // 64 bits: x may be 2^31 - 1
  return levels;
}

class DrbRun {
 public:
  DrbRun(MappingContext& ctx, const DrbOptions& options)
      : ctx_(ctx), graph_(ctx.graph), arch_(ctx.arch), variable_(ctx.arch.variable_sized()),
        distance_(ctx.arch), options_(options), deep_bipartition_(options.bipartition),
        queue_(options.policy), extract_(ctx.graph) {
    if (options.deep_moves > 0) deep_bipartition_.moves = options.deep_moves;
  }

  void run() {
    const Num n = graph_.vertnbr;
    assign_big(vertex_domain_, static_cast<std::size_t>(n), Num{0});
    reserve_big(order_, static_cast<std::size_t>(n));
    domains_.push_back(arch_.first_domain());
    I64 total_load = 0;
    for (Num v = 0; v < n; ++v) total_load += graph_.vertex_load(v);
    sparse_load_ = total_load < arch_.domain_weight(domains_[0]);
    // The domain of each terminal holding fixed vertices (a map: the target may be huge).
    std::map<Num, Num> terminal_domain;
    for (Num v = 0; v < n; ++v) {
      if (is_fixed(v)) {
        const Num t = ctx_.parttab[v];
        const auto inserted = terminal_domain.emplace(t, static_cast<Num>(domains_.size()));
        if (inserted.second) domains_.push_back(arch_.terminal_domain(t));
        vertex_domain_[v] = inserted.first->second;
        fixed_order_.push_back(v);
      } else {
        order_.push_back(v);
      }
    }
    Job root{0, 0, static_cast<Num>(order_.size()), 0, static_cast<Num>(fixed_order_.size()),
             serial_++, 0};
    if (root.end > root.begin) queue_.push(root);
    while (!queue_.empty()) split(queue_.pop());
  }

 private:
  bool is_fixed(Num v) const { return !ctx_.fixed.empty() && ctx_.fixed[v]; }

  void place(Num begin, Num end, Num domain) {
    const Num terminal = arch_.domain_number(domains_[domain]);
    for (Num i = begin; i < end; ++i) {
      ctx_.parttab[order_[i]] = terminal;
      vertex_domain_[order_[i]] = domain;
    }
  }

  void split(const Job& job) {
    const Domain domain = domains_[job.domain];
    const Num count = job.end - job.begin;
    Domain part[2];
    if ((variable_ && count <= kVariableLeafVertices) ||
        !arch_.bipartition(domain, part[0], part[1])) {
      place(job.begin, job.end, job.domain);
      return;
    }

    // The job's subgraph; its cocycle edges (toward vertices already placed in other domains)
    // become per-vertex external costs, from the distances of both halves to each of the
    // distinct domains they reach.
    cocycle_.clear();
    reached_domains_.clear();
    I64 free_load = 0;
    extract_(
        order_.data() + job.begin, count, subgraph_,
        [&](Num v) {
          free_load += graph_.vertex_load(v);
          return graph_.vertex_load(v);
        },
        [&](Num arc) { return graph_.arc_weight(arc); },
        [&](Num local, Num arc) {
          const Num d = vertex_domain_[graph_.neighbour(arc)];
          if (domain_slot_.size() < domains_.size()) domain_slot_.resize(domains_.size(), -1);
          if (domain_slot_[d] < 0) {
            domain_slot_[d] = static_cast<Num>(reached_domains_.size());
            reached_domains_.push_back(d);
          }
          cocycle_.push_back({local, domain_slot_[d], graph_.arc_weight(arc)});
        });
    problem_.external.clear();
    if (!cocycle_.empty()) {
      // Per reached domain: distance from half 1 minus distance from half 0.
      slot_cost_.resize(reached_domains_.size());
      for (std::size_t slot = 0; slot < reached_domains_.size(); ++slot) {
        const Domain& reached = domains_[reached_domains_[slot]];
        slot_cost_[slot] = static_cast<I64>(distance_.domain_distance(part[1], reached)) -
                           distance_.domain_distance(part[0], reached);
        domain_slot_[reached_domains_[slot]] = -1;
      }
      problem_.external.assign(static_cast<std::size_t>(count), 0);
      bool any_external = false;
      for (const CocycleArc& arc : cocycle_) {
        problem_.external[arc.local] += static_cast<I64>(arc.weight) * slot_cost_[arc.slot];
        any_external = any_external || slot_cost_[arc.slot] != 0;
      }
      if (!any_external) problem_.external.clear();
    }

    // Fixed vertices of the domain go to the half holding their terminal. On a variable-sized
    // target a vertex may be fixed on the job's domain itself, which neither half holds: it
    // stays where it is and leaves the job (the halves then see it through the cocycle).
    Num fixed_end = job.fixed_end;
    if (variable_) {
      for (Num i = job.fixed_begin; i < fixed_end;) {
        const Domain& at = domains_[vertex_domain_[fixed_order_[i]]];
        if (arch_.domain_includes(part[0], at) || arch_.domain_includes(part[1], at))
          ++i;
        else
          std::swap(fixed_order_[i], fixed_order_[--fixed_end]);
      }
    }
    I64 fixed_load[2] = {0, 0};
    Num fixed_split = job.fixed_begin;
    for (Num i = job.fixed_begin; i < fixed_end; ++i) {
      const Num v = fixed_order_[i];
      const bool first = arch_.domain_includes(part[0], domains_[vertex_domain_[v]]);
      fixed_load[first ? 0 : 1] += graph_.vertex_load(v);
      if (first) std::swap(fixed_order_[i], fixed_order_[fixed_split++]);
    }

    // Loads: the domain's whole load (free + fixed) shared in proportion to the halves' weights,
    // each half allowed the tolerance of one level of the tree (so that the levels compound to
    // about the whole tolerance). Bounding the halves by their terminals' bounds instead
    // confines the search when the bounds equal the ideal loads (64 vertices per terminal at 1 %
    // cost 49 % more on a 32^3 mesh onto an 8^3 torus); run_drb relieves the terminals that end
    // above their bound afterwards.
    I64 weight[2] = {arch_.domain_weight(part[0]), arch_.domain_weight(part[1])};
    if (weight[0] + weight[1] <= 0) weight[0] = weight[1] = 1;
    const double total = static_cast<double>(free_load + fixed_load[0] + fixed_load[1]);
    const int levels = std::max(1, ceil_log2(arch_.domain_size(domain)));
    const double tolerance = std::pow(1.0 + ctx_.imbalance, 1.0 / levels) - 1.0;
    for (int s = 0; s < 2; ++s) {
      const double ideal = total * static_cast<double>(weight[s]) /
                           static_cast<double>(weight[0] + weight[1]);
      if (s == 0) problem_.ideal0 = std::max(0.0, ideal - static_cast<double>(fixed_load[0]));
      I64 cap = std::max(static_cast<I64>(std::floor(ideal * (1.0 + tolerance))),
                         static_cast<I64>(std::ceil(ideal - 1e-9)));
      // A target with more capacity than the graph has load (16 vertices onto a 4 x 4 x 10^8
      // mesh): every terminal may hold a load of 1 (balance.hpp rounds the bounds up), so a
      // half may take one unit per terminal rather than its proportional share, and the graph
      // stays together instead of being spread over the whole target.
      if (sparse_load_) cap = std::max<I64>(cap, arch_.domain_size(part[s]));
      problem_.capacity[s] = std::max<I64>(0, cap - fixed_load[s]);
    }
    problem_.graph = &subgraph_;
    problem_.cut_cost = arch_.domain_distance(part[0], part[1]);
    // Several independent multilevel runs, the cheapest (then best balanced) kept; runs of a
    // job big enough to pay for a thread proceed in parallel, with the same result whatever
    // the thread count. With run_levels, the runs go to the first levels' bisections, which
    // shape the whole mapping; the deeper ones, where the time goes, make one, with their own
    // FM budget (deep_moves).
    const int threads = count >= kParallelJob ? ctx_.threads : 1;
    const bool deep = options_.run_levels > 0 && job.level >= options_.run_levels;
    const int run_count = deep ? 1 : options_.runs;
    const MultilevelPhases names{nullptr, "drb coarsen", "drb initial", "drb refine"};
    const int only_run = run_count > 1 ? options_.run : -1;
    const int best = best_of_bipartitions(problem_, deep ? deep_bipartition_ : options_.bipartition,
                                          run_count, only_run, threads, ctx_.random, runs_,
                                          ctx_.phases, names);
    const std::vector<std::uint8_t>& side = runs_[best].side;

    // Reorder the job's vertices: side 0 first.
    scratch_.clear();
    Num split_at = job.begin;
    for (Num i = 0; i < count; ++i) {
      const Num v = order_[job.begin + i];
      if (side[i] == 0)
        order_[split_at++] = v;
      else
        scratch_.push_back(v);
    }
    std::copy(scratch_.begin(), scratch_.end(), order_.begin() + split_at);

    const Num child_begin[2] = {job.begin, split_at};
    const Num child_end[2] = {split_at, job.end};
    const Num child_fixed_begin[2] = {job.fixed_begin, fixed_split};
    const Num child_fixed_end[2] = {fixed_split, fixed_end};
    for (int s = 0; s < 2; ++s) {
      const Num index = static_cast<Num>(domains_.size());
      domains_.push_back(part[s]);
      for (Num i = child_begin[s]; i < child_end[s]; ++i) vertex_domain_[order_[i]] = index;
      if (child_end[s] == child_begin[s]) continue;
      if (!variable_ && arch_.domain_size(part[s]) <= 1) {
        place(child_begin[s], child_end[s], index);
      } else {
        queue_.push(Job{index, child_begin[s], child_end[s], child_fixed_begin[s],
                        child_fixed_end[s], serial_++, job.level + 1});
      }
    }
  }

  // An edge from a vertex of the current job to a domain reached (by slot in reached_domains_).
  struct CocycleArc {
    Num local, slot, weight;
  };

  MappingContext& ctx_;
  const Graph& graph_;
  const Architecture& arch_;
  const bool variable_;  // a variable-sized target: the parts follow the graph
  const DistanceOracle distance_;
  const DrbOptions& options_;
  BipartitionOptions deep_bipartition_;  // the options of the jobs below the first run_levels
  JobQueue queue_;
  Num serial_ = 0;
  bool sparse_load_ = false;  // the graph's load is below the target's capacity

  std::vector<Domain> domains_;
  std::vector<Num> vertex_domain_;  // domain (index) each vertex is currently known to lie in
  std::vector<Num> order_;          // free vertices, grouped by job
  std::vector<Num> fixed_order_;    // fixed vertices, grouped by job
  std::vector<CocycleArc> cocycle_;
  std::vector<Num> reached_domains_;  // domains the current job's cocycle reaches
  std::vector<Num> domain_slot_;      // slot of a domain in reached_domains_, or -1
  std::vector<I64> slot_cost_;
  std::vector<Num> scratch_;
  SubgraphExtractor extract_;
  CsrGraph subgraph_;
  BipartitionProblem problem_;
  std::vector<BipartitionRun> runs_;
};

class DrbMethod : public MappingMethod {
 public:
  explicit DrbMethod(const DrbOptions& options) : options_(options) {}
  void apply(MappingContext& ctx) const override { run_drb(ctx, options_); }

 private:
  DrbOptions options_;
};

}  // namespace

void run_drb(MappingContext& ctx, const DrbOptions& options) {
  validate_context(ctx, true);
  DrbRun(ctx, options).run();
  // A variable-sized target has no load bound: its domains all weigh the same and every
  // bipartition balances its halves.
  if (!ctx.arch.variable_sized()) relieve_overload(ctx);
}

const char* const kDrbKeys[] = {"policy", "runs",  "run",    "runlevels", "deepmoves", "coarse",
                                "ratio",  "tries", "passes", "moves",     "slack",     nullptr};

DrbOptions read_drb_options(const MethodParams& params) {
  DrbOptions options;
  const std::string policy = params.word("policy", "biggest");
  if (policy == "biggest")
    options.policy = JobPolicy::biggest;
  else if (policy == "breadth")
    options.policy = JobPolicy::breadth;
  else if (policy == "depth")
    options.policy = JobPolicy::depth;
  else
    fail_format("drb: policy must be biggest, breadth or depth, not '" + policy + "'");
  options.runs = static_cast<int>(params.integer("runs", options.runs, 1, 100));
  options.run_levels = static_cast<int>(params.integer("runlevels", options.run_levels, 0, 100));
  options.run = static_cast<int>(params.integer("run", -1, 0, 99));
  if (options.run >= options.runs)
    fail_format("drb: run " + std::to_string(options.run) + " is not one of the " +
                std::to_string(options.runs) + " runs (run must be below runs)");
  options.deep_moves = params.integer("deepmoves", 0, 1, 1000000);
  if (options.deep_moves > 0 && options.run_levels == 0)
    fail_format("drb: deepmoves applies to the jobs below the first runlevels levels: give "
                "runlevels too");
  options.bipartition = read_bipartition_options(params);
  return options;
}

MethodPtr make_drb_method(const MethodParams& params) {
  return std::make_unique<DrbMethod>(read_drb_options(params));
}

}  // namespace tartan
