#include "mapping/drb.hpp"

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <queue>
#include <string>

#include "arch/distance_oracle.hpp"
#include "common/big_arrays.hpp"
#include "common/error.hpp"
#include "common/parallel.hpp"
#include "graph/graph_builder.hpp"
#include "graph/subgraph.hpp"
#include "graph/traversal.hpp"
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

// Pending jobs of the policies that take one job at a time: the largest first (biggest), or
// the last pushed first (depth). Policy breadth goes level by level (DrbRun::run_breadth).
class JobQueue {
 public:
  explicit JobQueue(bool biggest_first) : biggest_first_(biggest_first) {}
  bool empty() const { return jobs_.empty(); }
  void push(const Job& job) {
    jobs_.push_back(job);
    if (biggest_first_) std::push_heap(jobs_.begin(), jobs_.end(), smaller);
  }
  Job pop() {
    if (biggest_first_) std::pop_heap(jobs_.begin(), jobs_.end(), smaller);
    const Job job = jobs_.back();
    jobs_.pop_back();
    return job;
  }

 private:
  // Heap order: more free vertices first, then older jobs first.
  static bool smaller(const Job& a, const Job& b) {
    const Num sa = a.end - a.begin, sb = b.end - b.begin;
    if (sa != sb) return sa < sb;
    return a.serial > b.serial;
  }
  bool biggest_first_;
  std::vector<Job> jobs_;
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

// An edge from a vertex of a job to a domain reached (by slot in reached_domains).
struct CocycleArc {
  Num local, slot, weight;
};

// What bisecting one job works with, reused from job to job: one per thread when the jobs of a
// level are bisected side by side (policy breadth).
struct JobWorkspace {
  explicit JobWorkspace(const Graph& graph) : extract(graph) {}
  std::vector<CocycleArc> cocycle;
  std::vector<Num> reached_domains;  // domains the job's cocycle reaches
  std::vector<Num> domain_slot;      // slot of a domain in reached_domains, or -1
  std::vector<I64> slot_cost;
  std::vector<Num> scratch;
  SubgraphExtractor extract;
  CsrGraph subgraph;
  BipartitionProblem problem;
  std::vector<BipartitionRun> runs;
  PhaseLog log;
};

// What a job's bisection decided: its vertices stay on its domain (a leaf), or order[begin,
// split_at) and fixed_order[fixed_begin, fixed_split) go to part[0], the rest of the job to
// part[1] (fixed vertices from fixed_end on leave the job).
struct JobSplit {
  bool leaf = false;
  Domain part[2];
  Num split_at = 0;
  Num fixed_split = 0, fixed_end = 0;
};

// The job of half s of job's split, its domain at index domain.
Job half_job(const Job& job, const JobSplit& split, int s, Num domain, Num serial) {
  return s == 0 ? Job{domain, job.begin, split.split_at, job.fixed_begin, split.fixed_split,
                      serial, job.level + 1}
                : Job{domain, split.split_at, job.end, split.fixed_split, split.fixed_end,
                      serial, job.level + 1};
}

// With DrbOptions::unwrapped_runs, the weight of the target's distance against the distance
// without wraparound (1) in the bisections' costs: with the runs, 2 and 4 gave the 64^3 mesh
// onto torus 8^3 the same costs within 0.4 % on seeds 0-7 (bench/README, "Jobs blind on a
// torus").
constexpr I64 kTargetDistanceWeight = 2;

class DrbRun {
 public:
  DrbRun(MappingContext& ctx, const DrbOptions& options)
      : ctx_(ctx), graph_(ctx.graph), arch_(ctx.arch), variable_(ctx.arch.variable_sized()),
        distance_(ctx.arch), unwrapped_(options.unwrapped_runs > 0 && ctx.arch.wraps_around()),
        options_(options), deep_bipartition_(options.bipartition),
        queue_(options.policy == JobPolicy::biggest) {
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
    // DrbOptions::tree_runs: the dear jobs are those whose halves are at least half as far
    // apart as the root job's, when the root's are at least twice as far apart as the tree's
    // cheapest level (on a complete graph every bisection is as dear as the root's, and more
    // runs bought nothing: bench/README, "Runs where the cut is dearest").
    Domain root_half[2];
    const I64 least = distance_.tree_least_distance();
    if (options_.tree_runs > 0 && least > 0 &&
        arch_.bipartition(domains_[0], root_half[0], root_half[1])) {
      const I64 root_cut = arch_.domain_distance(root_half[0], root_half[1]);
      if (root_cut >= 2 * least) {
        dear_cut_ = (root_cut + 1) / 2;
        root_cut_ = root_cut;
        least_cut_ = least;
      }
    }
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
    if (root.end == root.begin) return;
    if (options_.policy == JobPolicy::breadth) {
      run_breadth(root);
      return;
    }
    queue_.push(root);
    workspace(0);
    while (!queue_.empty()) {
      const Job job = queue_.pop();
      const Num count = job.end - job.begin;
      const JobSplit split = bisect(job, *workspaces_[0], ctx_.random,
                                    count >= kParallelJob ? ctx_.threads : 1, ctx_.phases);
      apply(job, split);
    }
  }

 private:
  bool is_fixed(Num v) const { return !ctx_.fixed.empty() && ctx_.fixed[v]; }

  JobWorkspace& workspace(std::size_t index) {
    while (workspaces_.size() <= index)
      workspaces_.push_back(std::make_unique<JobWorkspace>(graph_));
    return *workspaces_[index];
  }

  // Policy breadth: the jobs level by level of the target's bipartition tree, each job seeing
  // the halves of the jobs before it in its level (their vertices' new domains enter its
  // external costs) and drawing from a generator of its own, seeded in job order when the level
  // starts. A job therefore depends only on the earlier jobs of its level that it shares an
  // edge with: with threads, jobs proceed side by side as soon as those are done, and the
  // mapping is the same for any thread count. A level's jobs go in breadth-first order of
  // their adjacency (adjacent_first).
  void run_breadth(const Job& root) {
    assign_big(cut_before_, static_cast<std::size_t>(graph_.vertnbr), char{0});
    std::vector<Job> jobs{root}, next;
    std::vector<JobSplit> splits;
    std::vector<std::uint64_t> seeds;
    const int threads = std::max(1, ctx_.threads);
    while (!jobs.empty()) {
      const int count = static_cast<int>(jobs.size());
      const std::unique_ptr<Graph> adjacency = adjacent_first(jobs);
      seeds.resize(jobs.size());
      for (std::uint64_t& seed : seeds) seed = ctx_.random.next();
      splits.assign(jobs.size(), JobSplit{});
      // Job i's halves become domains first + 2i and first + 2i + 1.
      const Num first = static_cast<Num>(domains_.size());
      domains_.resize(domains_.size() + 2 * jobs.size());
      auto run_job = [&](int i, JobWorkspace& ws, int job_threads) {
        Random random(seeds[i]);
        const Num size = jobs[i].end - jobs[i].begin;
        splits[i] = bisect(jobs[i], ws, random, size >= kParallelJob ? job_threads : 1,
                           ctx_.phases != nullptr ? &ws.log : nullptr);
        publish(jobs[i], splits[i], first + 2 * static_cast<Num>(i));
      };
      if (threads == 1 || count == 1) {
        for (int i = 0; i < count; ++i) run_job(i, workspace(0), threads);
      } else {
        run_side_by_side(*adjacency, run_job);
      }
      for (const std::unique_ptr<JobWorkspace>& ws : workspaces_) {
        if (ctx_.phases != nullptr) ctx_.phases->merge(ws->log);
        ws->log.clear();
      }
      next.clear();
      for (int i = 0; i < count; ++i)
        for_each_open_half(jobs[i], splits[i], first + 2 * static_cast<Num>(i),
                           [&](const Job& half) { next.push_back(half); });
      jobs.swap(next);
    }
  }

  // The graph of a level's jobs (an edge between two jobs that share one), in O(the jobs'
  // vertices + the arcs of those cut before).
  std::unique_ptr<Graph> job_graph(const std::vector<Job>& jobs) {
    const Num count = static_cast<Num>(jobs.size());
    if (job_of_.empty()) assign_big(job_of_, static_cast<std::size_t>(graph_.vertnbr), Num{-1});
    for (Num i = 0; i < count; ++i)
      for (Num k = jobs[i].begin; k < jobs[i].end; ++k)
        if (cut_before_[order_[k]]) job_of_[order_[k]] = i;
    std::vector<WeightedEdge> edges;
    std::vector<Num> seen(jobs.size(), -1);
    for (Num i = 0; i < count; ++i) {
      for (Num k = jobs[i].begin; k < jobs[i].end; ++k) {
        const Num v = order_[k];
        if (!cut_before_[v]) continue;
        for (Num arc = graph_.begin(v); arc < graph_.end(v); ++arc) {
          const Num j = job_of_[graph_.neighbour(arc)];
          if (j < 0 || j >= i || seen[j] == i) continue;
          seen[j] = i;
          edges.push_back({j, i, 1});
        }
      }
    }
    for (const Job& job : jobs)
      for (Num k = job.begin; k < job.end; ++k)
        if (cut_before_[order_[k]]) job_of_[order_[k]] = -1;
    return make_owned_graph(csr_from_edges(count, std::move(edges), false), 0);
  }

  // Puts a level's jobs in breadth-first order of their graph, from the first made (then from
  // the first made of each further connected piece), and returns that graph renumbered. Every
  // job but the first of its piece then shares an edge with an earlier one and sees its halves.
  // A job whose neighbours are all still whole sees no difference between its halves on a
  // hypercube or a torus (the whole domain lies as far from either), so it cuts and orients
  // itself blindly; in the order they were made, 5 to 9 % of the jobs of a level were blind
  // (a 256 x 256 mesh onto hcub 10), and the jobs between two blind ones that disagree pay for
  // it on every later level: 0.8 x the cost there once each job follows a neighbour
  // (bench/README, "Adjacent jobs first").
  std::unique_ptr<Graph> adjacent_first(std::vector<Job>& jobs) {
    std::unique_ptr<Graph> adjacency = job_graph(jobs);
    const Num count = static_cast<Num>(jobs.size());
    std::vector<Num> rank(jobs.size(), -1);
    Num ranked = 0;
    BreadthFirstSearch bfs(*adjacency);
    for (Num first = 0; first < count; ++first) {
      if (rank[first] >= 0) continue;
      bfs.run(first);
      for (Num j : bfs.order()) rank[j] = ranked++;
    }
    bool moved = false;
    for (Num i = 0; i < count; ++i) moved = moved || rank[i] != i;
    if (!moved) return adjacency;
    std::vector<Job> sorted(jobs.size());
    for (Num i = 0; i < count; ++i) sorted[rank[i]] = jobs[i];
    jobs.swap(sorted);
    std::vector<WeightedEdge> edges;
    for (Num i = 0; i < count; ++i) {
      for (Num arc = adjacency->begin(i); arc < adjacency->end(i); ++arc) {
        const Num j = adjacency->neighbour(arc);
        if (j > i) edges.push_back({rank[i], rank[j], 1});
      }
    }
    return make_owned_graph(csr_from_edges(count, std::move(edges), false), 0);
  }

  // Runs run_job(i, workspace, threads) for every job i of a level (the vertices of adjacency)
  // on up to ctx_.threads threads, job i once the earlier jobs it shares an edge with are done
  // (their halves published).
  template <class RunJob>
  void run_side_by_side(const Graph& adjacency, RunJob& run_job) {
    const int count = static_cast<int>(adjacency.vertnbr);
    const int threads = std::max(1, ctx_.threads);
    // waiting: how many earlier jobs each job waits for; its later neighbours are its successors.
    std::vector<int> waiting(static_cast<std::size_t>(count), 0);
    for (Num i = 0; i < count; ++i)
      for (Num arc = adjacency.begin(i); arc < adjacency.end(i); ++arc)
        if (adjacency.neighbour(arc) < i) ++waiting[i];

    std::mutex mutex;
    std::condition_variable changed;
    std::priority_queue<int, std::vector<int>, std::greater<int>> ready;
    for (int i = 0; i < count; ++i)
      if (waiting[i] == 0) ready.push(i);
    int done = 0, running = 0;
    bool failed = false;
    const int workers = std::min(threads, count);
    workspace(static_cast<std::size_t>(workers) - 1);
    parallel_for(workers, workers, [&](int worker) {
      JobWorkspace& ws = *workspaces_[static_cast<std::size_t>(worker)];
      for (;;) {
        int i, job_threads;
        {
          std::unique_lock<std::mutex> lock(mutex);
          changed.wait(lock, [&] { return failed || done == count || !ready.empty(); });
          if (failed || ready.empty()) return;
          i = ready.top();
          ready.pop();
          ++running;
          // A job running alone (the first levels) gives its runs the idle threads.
          job_threads = std::max(1, threads / running);
        }
        try {
          run_job(i, ws, job_threads);
        } catch (...) {
          const std::lock_guard<std::mutex> lock(mutex);
          failed = true;
          changed.notify_all();
          throw;
        }
        const std::lock_guard<std::mutex> lock(mutex);
        --running;
        ++done;
        for (Num arc = adjacency.begin(i); arc < adjacency.end(i); ++arc) {
          const Num j = adjacency.neighbour(arc);
          if (j > i && --waiting[j] == 0) ready.push(static_cast<int>(j));
        }
        changed.notify_all();
      }
    });
  }

  // A half that is a single terminal (on a target of fixed size) is not bisected further.
  bool terminal_half(const Domain& half) const {
    return !variable_ && arch_.domain_size(half) <= 1;
  }

  // Makes split's halves domains first and first + 1, their vertices lying there (placed when
  // the half is a terminal); a leaf's vertices are placed on the job's domain. Writes only the
  // job's vertices and its two domain slots.
  void publish(const Job& job, const JobSplit& split, Num first) {
    if (split.leaf) {
      place(job.begin, job.end, job.domain);
      return;
    }
    for (int s = 0; s < 2; ++s) {
      const Job half = half_job(job, split, s, first + s, 0);
      domains_[half.domain] = split.part[s];
      for (Num i = half.begin; i < half.end; ++i) vertex_domain_[order_[i]] = half.domain;
      if (half.end > half.begin && terminal_half(split.part[s]))
        place(half.begin, half.end, half.domain);
    }
  }

  void place(Num begin, Num end, Num domain) {
    const Num terminal = arch_.domain_number(domains_[domain]);
    for (Num i = begin; i < end; ++i) {
      ctx_.parttab[order_[i]] = terminal;
      vertex_domain_[order_[i]] = domain;
    }
  }

  // Bisects job's domain and its vertices. Reads the domains and the vertices' domains, writes
  // only the job's own ranges of order_ and fixed_order_ (and ws): jobs of one level may run side
  // by side.
  JobSplit bisect(const Job& job, JobWorkspace& ws, Random& random, int threads, PhaseLog* log) {
    JobSplit split;
    const Domain domain = domains_[job.domain];
    const Num count = job.end - job.begin;
    Domain (&part)[2] = split.part;
    if ((variable_ && count <= kVariableLeafVertices) ||
        !arch_.bipartition(domain, part[0], part[1])) {
      split.leaf = true;
      return split;
    }

    // The job's subgraph; its cocycle edges (toward vertices already placed in other domains)
    // become per-vertex external costs, from the distances of both halves to each of the
    // distinct domains they reach.
    ws.cocycle.clear();
    bool sees_target_distance = false;  // an external cost under the target's own distance
    ws.reached_domains.clear();
    if (ws.domain_slot.size() < domains_.size()) ws.domain_slot.resize(domains_.size(), -1);
    I64 free_load = 0;
    BipartitionProblem& problem = ws.problem;
    ws.extract(
        order_.data() + job.begin, count, ws.subgraph,
        [&](Num v) {
          free_load += graph_.vertex_load(v);
          return graph_.vertex_load(v);
        },
        [&](Num arc) { return graph_.arc_weight(arc); },
        [&](Num local, Num arc) {
          const Num d = vertex_domain_[graph_.neighbour(arc)];
          if (ws.domain_slot[d] < 0) {
            ws.domain_slot[d] = static_cast<Num>(ws.reached_domains.size());
            ws.reached_domains.push_back(d);
          }
          ws.cocycle.push_back({local, ws.domain_slot[d], graph_.arc_weight(arc)});
        });
    problem.external.clear();
    if (!ws.cocycle.empty()) {
      // Per reached domain: distance from half 1 minus distance from half 0.
      ws.slot_cost.resize(ws.reached_domains.size());
      for (std::size_t slot = 0; slot < ws.reached_domains.size(); ++slot) {
        const Domain& reached = domains_[ws.reached_domains[slot]];
        ws.slot_cost[slot] = static_cast<I64>(distance_.domain_distance(part[1], reached)) -
                             distance_.domain_distance(part[0], reached);
        if (ws.slot_cost[slot] != 0) sees_target_distance = true;
        if (unwrapped_)
          ws.slot_cost[slot] = kTargetDistanceWeight * ws.slot_cost[slot] +
                               static_cast<I64>(arch_.domain_distance_unwrapped(part[1], reached)) -
                               arch_.domain_distance_unwrapped(part[0], reached);
        ws.domain_slot[ws.reached_domains[slot]] = -1;
      }
      problem.external.assign(static_cast<std::size_t>(count), 0);
      bool any_external = false;
      for (const CocycleArc& arc : ws.cocycle) {
        problem.external[arc.local] += static_cast<I64>(arc.weight) * ws.slot_cost[arc.slot];
        any_external = any_external || ws.slot_cost[arc.slot] != 0;
      }
      if (!any_external) problem.external.clear();
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
    split.fixed_split = fixed_split;
    split.fixed_end = fixed_end;

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
      if (s == 0) problem.ideal0 = std::max(0.0, ideal - static_cast<double>(fixed_load[0]));
      I64 cap = std::max(static_cast<I64>(std::floor(ideal * (1.0 + tolerance))),
                         static_cast<I64>(std::ceil(ideal - 1e-9)));
      // A target with more capacity than the graph has load (16 vertices onto a 4 x 4 x 10^8
      // mesh): every terminal may hold a load of 1 (balance.hpp rounds the bounds up), so a
      // half may take one unit per terminal rather than its proportional share, and the graph
      // stays together instead of being spread over the whole target.
      if (sparse_load_) cap = std::max<I64>(cap, arch_.domain_size(part[s]));
      problem.capacity[s] = std::max<I64>(0, cap - fixed_load[s]);
    }
    problem.graph = &ws.subgraph;
    problem.cut_cost = arch_.domain_distance(part[0], part[1]);
    if (unwrapped_)
      problem.cut_cost = kTargetDistanceWeight * problem.cut_cost +
                         arch_.domain_distance_unwrapped(part[0], part[1]);
    // Several independent multilevel runs, the cheapest (then best balanced) kept; runs of a
    // job big enough to pay for a thread proceed in parallel, with the same result whatever
    // the thread count. With run_levels, the runs go to the first levels' bisections, which
    // shape the whole mapping; the deeper ones, where the time goes, make one, with their own
    // FM budget (deep_moves).
    // With tree_runs on a tree, the job's runs follow its cut's cost (tree_job_runs).
    const bool dear = dear_cut_ > 0 && problem.cut_cost >= dear_cut_;
    const bool deep = !dear && options_.run_levels > 0 && job.level >= options_.run_levels;
    int run_count = deep ? 1 : options_.runs;
    if (unwrapped_ && !sees_target_distance && !problem.external.empty())
      run_count = options_.unwrapped_runs;
    if (dear_cut_ > 0)
      run_count = tree_job_runs(options_.tree_runs, problem.cut_cost, root_cut_, least_cut_);
    const MultilevelPhases names{nullptr, "drb coarsen", "drb initial", "drb refine"};
    const int only_run = run_count > 1 ? options_.run : -1;
    const int best = best_of_bipartitions(problem, deep ? deep_bipartition_ : options_.bipartition,
                                          run_count, only_run, threads, random, ws.runs, log,
                                          names, RunLevels::shared_on_big_graphs);
    const std::vector<std::uint8_t>& side = ws.runs[best].side;
    if (!cut_before_.empty())
      for (Num local : ws.runs[best].workspace.candidates) cut_before_[order_[job.begin + local]] = 1;

    // Reorder the job's vertices: side 0 first.
    ws.scratch.clear();
    Num split_at = job.begin;
    for (Num i = 0; i < count; ++i) {
      const Num v = order_[job.begin + i];
      if (side[i] == 0)
        order_[split_at++] = v;
      else
        ws.scratch.push_back(v);
    }
    std::copy(ws.scratch.begin(), ws.scratch.end(), order_.begin() + split_at);
    split.split_at = split_at;
    return split;
  }

  // Publishes split (its halves the next two domains) and queues the halves still to bisect.
  void apply(const Job& job, const JobSplit& split) {
    const Num first = static_cast<Num>(domains_.size());
    if (!split.leaf) domains_.resize(domains_.size() + 2);
    publish(job, split, first);
    for_each_open_half(job, split, first, [&](const Job& half) { queue_.push(half); });
  }

  // Calls take(half) for each half of split that holds vertices and is not a single terminal,
  // the halves' domains being first and first + 1, each numbered by serial_ as it is taken.
  template <class Take>
  void for_each_open_half(const Job& job, const JobSplit& split, Num first, Take&& take) {
    if (split.leaf) return;
    for (int s = 0; s < 2; ++s) {
      const Job half = half_job(job, split, s, first + s, serial_);
      if (half.end > half.begin && !terminal_half(split.part[s])) {
        take(half);
        ++serial_;
      }
    }
  }

  MappingContext& ctx_;
  const Graph& graph_;
  const Architecture& arch_;
  const bool variable_;  // a variable-sized target: the parts follow the graph
  const DistanceOracle distance_;
  // DrbOptions::unwrapped_runs on a target that wraps around.
  const bool unwrapped_;
  const DrbOptions& options_;
  BipartitionOptions deep_bipartition_;  // the options of the jobs below the first run_levels
  JobQueue queue_;
  Num serial_ = 0;
  bool sparse_load_ = false;  // the graph's load is below the target's capacity
  // DrbOptions::tree_runs: the jobs whose cut cost is at least this make tree_runs runs, the
  // others fewer (tree_job_runs; 0: tree_runs does not apply).
  I64 dear_cut_ = 0;
  I64 root_cut_ = 1, least_cut_ = 0;  // the root job's cut cost, the tree's cheapest level's

  std::vector<Domain> domains_;
  std::vector<Num> vertex_domain_;  // domain (index) each vertex is currently known to lie in
  std::vector<Num> order_;          // free vertices, grouped by job
  std::vector<Num> fixed_order_;    // fixed vertices, grouped by job
  std::vector<std::unique_ptr<JobWorkspace>> workspaces_;  // one per thread
  std::vector<Num> job_of_;  // policy breadth: the job of each vertex in a level (-1 elsewhere)
  // Policy breadth: the free vertices that some bisection left with a neighbour on its other
  // half (its bipartitioner's last candidates, bipartition.hpp). Domains only ever split, so an
  // edge between two jobs of a level joins two such vertices, and job_graph visits their arcs
  // only (on a 10^6-vertex mesh onto 512 terminals, 2 % of the vertices on the second level,
  // 31 % on the last).
  std::vector<char> cut_before_;
};

class DrbMethod : public MappingMethod {
 public:
  explicit DrbMethod(const DrbOptions& options) : options_(options) {}
  void apply(MappingContext& ctx) const override { run_drb(ctx, options_); }

 private:
  DrbOptions options_;
};

}  // namespace

// Why runs below the dear jobs: the middle level's cuts carry about a quarter of the cost of
// bump onto tleaf 3 4 100 8 10 4 1, and one run there cost 1.003 x as much as two (seeds 0-7),
// a random geometric graph of 2^15 vertices onto two 512-core trees 1.05 and 1.07 x, a
// Delaunay mesh 1.005 and 1.007 x; three runs (the square root of the share) gained 0.2 to 2 %
// more for 1.2 to 1.4 x the time (bench/README, "More runs below the dearest cuts").
int tree_job_runs(int tree_runs, I64 cut, I64 root_cut, I64 least) {
  if (2 * cut >= root_cut) return tree_runs;
  if (cut <= least) return 1;
  const double share = static_cast<double>(cut) / static_cast<double>(root_cut);
  const double runs = std::ceil(tree_runs * std::pow(share, 0.75) - 1e-9);
  return std::max(1, std::min(tree_runs, static_cast<int>(runs)));
}

void run_drb(MappingContext& ctx, const DrbOptions& options) {
  validate_context(ctx, true);
  DrbRun(ctx, options).run();
  // A variable-sized target has no load bound: its domains all weigh the same and every
  // bipartition balances its halves.
  if (!ctx.arch.variable_sized()) relieve_overload(ctx);
}

const char* const kDrbKeys[] = {"policy", "runs",  "run",    "runlevels", "deepmoves",
                                "unwrapped", "treeruns", "coarse", "ratio", "tries", "passes",
                                "moves",  "slack", nullptr};

DrbOptions read_drb_options(const MethodParams& params) {
  DrbOptions options;
  static const JobPolicy kPolicies[] = {JobPolicy::biggest, JobPolicy::breadth, JobPolicy::depth};
  options.policy = kPolicies[params.choice("policy", {"biggest", "breadth", "depth"}, 0)];
  options.runs = static_cast<int>(params.integer("runs", options.runs, 1, 100));
  options.run_levels = static_cast<int>(params.integer("runlevels", options.run_levels, 0, 100));
  options.run = static_cast<int>(params.integer("run", -1, 0, 99));
  if (options.run >= options.runs)
    fail_format("drb: run " + std::to_string(options.run) + " is not one of the " +
                std::to_string(options.runs) + " runs (run must be below runs)");
  options.unwrapped_runs =
      static_cast<int>(params.integer("unwrapped", options.unwrapped_runs, 0, 100));
  options.tree_runs = static_cast<int>(params.integer("treeruns", options.tree_runs, 0, 100));
  if (options.tree_runs > 0 && options.run >= 0)
    fail_format("drb: treeruns and run cannot be given together (run picks one of the `runs` "
                "bisections of a job, treeruns changes how many a job makes)");
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
