// `umpa_greedy`: the greedy mapping of Deveci, Kaya, Uçar and Çatalyürek ("Fast and high quality
// topology-aware task mapping", IPDPS 2015, seed 004, Algorithm 1). Like greedy graph growing:
// the vertex of largest send-receive volume goes first, on the first terminal; the next N_BFS
// (the seeds) are each the unplaced vertex farthest (BFS on the graph from every placed vertex
// at once; ties: the larger volume) from the placed ones, then
// the unplaced vertex most connected to placed ones (a max-heap of connectivities), or, when no
// unplaced vertex touches a placed one, the unplaced vertex of largest volume. GETBESTNODE
// puts a vertex with placed neighbours on the terminal with room that adds the least weighted
// hops among the first BFS level (over the target's links, from the neighbours' terminals, all
// at level 0) that holds a terminal with room; a vertex without placed neighbours on the
// terminal with room farthest from every occupied one. One mapping is grown for each N_BFS in
// 0 .. nbfs and the one of least WH kept (the paper runs N_BFS = 0 and 1).
// Several vertices per terminal: the vertices are first partitioned into one part per terminal
// (prepartition.hpp, weights = the terminals' capacities) and the quotient mapped, as the
// paper does with METIS; with fixed vertices or no more vertices than terminals, the greedy runs
// on the vertices themselves, a terminal having room while the vertex's load fits its bound.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "arch/distance_oracle.hpp"
#include "graph/traversal.hpp"
#include "mapping/balance.hpp"
#include "mapping/kway_state.hpp"
#include "mapping/mapping_start.hpp"
#include "mapping/methods.hpp"
#include "mapping/prepartition.hpp"
#include "mapping/umpa_common.hpp"

namespace tartan {

namespace {

using I64 = std::int64_t;

class GreedyGrowth {
 public:
  GreedyGrowth(const MappingContext& ctx, const Network& network)
      : ctx_(ctx), graph_(csr_from_graph(ctx.graph)), distance_(ctx.arch),
        search_(network, ctx.arch.size()), task_bfs_(ctx.graph),
        capacity_(terminal_capacities(ctx.arch, total_vertex_load(ctx.graph), ctx.imbalance)) {
    const Num n = graph_.vertex_count();
    volume_.assign(static_cast<std::size_t>(n), 0);
    for (Num v = 0; v < n; ++v)
      for (Num arc = graph_.xadj[v]; arc < graph_.xadj[v + 1]; ++arc)
        if (graph_.adjncy[arc] != v) volume_[v] += graph_.adjwgt[arc];
    by_volume_.resize(static_cast<std::size_t>(n));
    for (Num v = 0; v < n; ++v) by_volume_[v] = v;
    std::stable_sort(by_volume_.begin(), by_volume_.end(),
                     [&](Num a, Num b) { return volume_[a] > volume_[b]; });
    stamp_.assign(static_cast<std::size_t>(ctx.arch.size()), 0);
  }

  // The mapping grown with `seeds` BFS seeds (fixed vertices keep their terminals).
  std::vector<Num> grow(Num seeds) {
    const Num n = graph_.vertex_count();
    const Num k = ctx_.arch.size();
    part_.assign(static_cast<std::size_t>(n), -1);
    load_.assign(static_cast<std::size_t>(k), 0);
    occupied_.clear();
    mapped_.clear();
    LazyMaxHeap conn(n);
    std::size_t next_heaviest = 0;
    for (Num v = 0; v < n; ++v)
      if (!ctx_.fixed.empty() && ctx_.fixed[v]) place(v, ctx_.parttab[v], conn);
    while (static_cast<Num>(mapped_.size()) < n) {
      Num t = -1;
      if (!mapped_.empty() && static_cast<Num>(mapped_.size()) <= seeds) t = farthest_unmapped();
      if (t < 0 && !mapped_.empty()) t = conn.pop();
      if (t < 0) {  // first vertex, or a new connected piece: the largest volume left
        while (part_[by_volume_[next_heaviest]] >= 0) ++next_heaviest;
        t = by_volume_[next_heaviest];
      }
      conn.remove(t);
      place(t, best_node(t), conn);
    }
    return part_;
  }

  I64 cost(const std::vector<Num>& part) const {
    return mapping_cost(ctx_.graph, distance_, part.data());
  }

 private:
  bool fits(Num v, Num t) const { return load_[t] + graph_.vwgt[v] <= capacity_[t]; }

  void place(Num v, Num t, LazyMaxHeap& conn) {
    part_[v] = t;
    mapped_.push_back(v);
    if (load_[t] == 0) occupied_.push_back(t);
    load_[t] += graph_.vwgt[v];
    for (Num arc = graph_.xadj[v]; arc < graph_.xadj[v + 1]; ++arc) {
      const Num u = graph_.adjncy[arc];
      if (part_[u] < 0) conn.push(u, conn.key(u) + static_cast<double>(graph_.adjwgt[arc]));
    }
  }

  // The unmapped vertex farthest from the mapped ones (ties: larger volume, then lower number);
  // an unmapped vertex no mapped one reaches comes first (largest volume among those).
  Num farthest_unmapped() {
    task_bfs_.start(mapped_.data(), mapped_.size());
    while (task_bfs_.next_level()) {
    }
    const std::vector<Num>& order = task_bfs_.order();
    if (static_cast<Num>(order.size()) < graph_.vertex_count()) {
      for (Num v : by_volume_)
        if (task_bfs_.level(v) < 0) return v;
    }
    Num best = -1;
    for (std::size_t i = task_bfs_.level_begin(); i < order.size(); ++i) {
      const Num v = order[i];
      if (part_[v] < 0 && (best < 0 || volume_[v] > volume_[best] ||
                           (volume_[v] == volume_[best] && v < best)))
        best = v;
    }
    return best;
  }

  // WH v's placed neighbours would cost with v on t.
  I64 added_cost(Num v, Num t) const {
    I64 total = 0;
    for (Num arc = graph_.xadj[v]; arc < graph_.xadj[v + 1]; ++arc) {
      const Num u = graph_.adjncy[arc];
      if (part_[u] >= 0) total += static_cast<I64>(graph_.adjwgt[arc]) * distance_(t, part_[u]);
    }
    return total;
  }

  // GETBESTNODE (see the file comment); terminals without room only when none has room.
  Num best_node(Num v) {
    ++round_;
    std::vector<Num> starts;
    for (Num arc = graph_.xadj[v]; arc < graph_.xadj[v + 1]; ++arc) {
      const Num u = graph_.adjncy[arc];
      if (part_[u] >= 0 && stamp_[part_[u]] != round_) {
        stamp_[part_[u]] = round_;
        starts.push_back(part_[u]);
      }
    }
    Num best = -1;
    if (starts.empty() && occupied_.empty()) {
      for (Num t = 0; t < ctx_.arch.size() && best < 0; ++t)
        if (fits(v, t)) best = t;
    } else if (starts.empty()) {
      Num best_level = -1;
      search_.run(occupied_, [&](Num t, Num level) {
        if (fits(v, t) && (level > best_level || (level == best_level && t < best))) {
          best = t;
          best_level = level;
        }
        return true;
      });
    } else {
      I64 best_cost = 0;
      search_.run(
          starts,
          [&](Num t, Num) {
            if (!fits(v, t)) return true;
            const I64 c = added_cost(v, t);
            if (best < 0 || c < best_cost || (c == best_cost && t < best)) {
              best = t;
              best_cost = c;
            }
            return true;
          },
          [&](Num) { return best < 0; });
    }
    if (best >= 0) return best;
    // Nothing with room reachable (a disconnected network, or no room anywhere): the terminal
    // with the most room left; relieve_overload settles the load bound afterwards.
    for (Num t = 0; t < ctx_.arch.size(); ++t)
      if (best < 0 || capacity_[t] - load_[t] > capacity_[best] - load_[best]) best = t;
    return best;
  }

  const MappingContext& ctx_;
  CsrGraph graph_;
  DistanceOracle distance_;
  NodeSearch search_;
  BreadthFirstSearch task_bfs_;
  std::vector<I64> capacity_;
  std::vector<I64> volume_;
  std::vector<Num> by_volume_;
  std::vector<Num> part_;
  std::vector<I64> load_;
  std::vector<Num> occupied_;  // terminals holding a vertex, in order of first use
  std::vector<Num> mapped_;    // placed vertices, in order
  std::vector<std::uint64_t> stamp_;
  std::uint64_t round_ = 0;
};

class UmpaGreedyMethod : public MappingMethod {
 public:
  UmpaGreedyMethod(Num nbfs, const BipartitionOptions& options) : nbfs_(nbfs), options_(options) {}

  void apply(MappingContext& ctx) const override {
    validate_context(ctx);
    const Network& network = network_of(ctx.arch);
    if (map_prepartitioned(ctx, *this, options_)) return;
    PhaseLog::Timer timer(ctx.phases, "umpa_greedy");
    GreedyGrowth growth(ctx, network);
    std::vector<Num> best;
    I64 best_cost = 0;
    for (Num seeds = 0; seeds <= nbfs_; ++seeds) {
      std::vector<Num> part = growth.grow(seeds);
      const I64 c = growth.cost(part);
      if (best.empty() || c < best_cost) {
        best = std::move(part);
        best_cost = c;
      }
    }
    ctx.parttab = std::move(best);
    relieve_overload(ctx);
  }

 private:
  Num nbfs_;
  BipartitionOptions options_;
};

}  // namespace

const char* const kUmpaGreedyKeys[] = {"nbfs", "coarse", "ratio", "tries", "passes", "moves",
                                       "slack", nullptr};

MethodPtr make_umpa_greedy_method(const MethodParams& params) {
  return std::make_unique<UmpaGreedyMethod>(params.integer("nbfs", 1, 0, 100),
                                            read_bipartition_options(params));
}

}  // namespace tartan
