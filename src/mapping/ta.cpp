// `ta`: threshold accepting (Dueck and Scheuer) on the maximum congestion of a complete mapping,
// as Hoefler and Snir refine their mappings ("Generic topology mapping strategies for
// large-scale parallel architectures" §3.5). A trial exchanges the terminals of two vertices;
// it is accepted unless it worsens the maximum congestion MC by more than the current threshold
// (a share of MC), and, when MC does not improve, the weighted hops WH (NETWORKS.md) by more
// than the same share of WH: ties on MC are broken by WH. The threshold falls linearly to zero
// over the rounds; the best mapping seen, by (MC, WH), is returned, so ta never returns a worse
// mapping than it was given.
//
// Congestion: the paper estimates it (its §5.1) because with shortest-path routing it would
// otherwise recompute every route; here routes are the target's static ones, so a trial updates
// the link loads (LinkLoads) exactly, removing and re-adding only the messages of the two
// vertices, and a max-tree over the links' congestion gives MC in O(log links) per changed link:
// a trial costs O((deg u + deg v) x route length x log links), exact.
//
// Trials: the first vertex uniformly among the free ones; the second, half of the time uniformly
// too (the paper's random pairs), otherwise a neighbour of one of the first's neighbours (a
// move toward its partners). Exchanges keep every terminal within its load bound (balance.hpp);
// fixed vertices never move. Vertices at -1 are first placed at random (mapping_start.hpp).
// Parameters: rounds (thresholds, default 20, 1..1e4), steps (trials per round per free vertex,
// default 4, 0.01..1e4), threshold (first threshold as a share, default 0.02, 0..1).
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "arch/distance_oracle.hpp"
#include "arch/network.hpp"
#include "mapping/balance.hpp"
#include "mapping/link_loads.hpp"
#include "mapping/mapping_start.hpp"
#include "mapping/methods.hpp"

namespace tartan {

namespace {

using I64 = std::int64_t;

// Maximum over the links' congestion, updated one link at a time.
class MaxTree {
 public:
  explicit MaxTree(LinkIndex size) {
    while (leaves_ < size) leaves_ *= 2;
    value_.assign(static_cast<std::size_t>(2 * leaves_), 0.0);
  }
  void set(LinkIndex link, double value) {
    std::size_t i = static_cast<std::size_t>(leaves_ + link);
    value_[i] = value;
    for (i /= 2; i >= 1; i /= 2) value_[i] = std::max(value_[2 * i], value_[2 * i + 1]);
  }
  double max() const { return value_[1]; }

 private:
  LinkIndex leaves_ = 1;
  std::vector<double> value_;
};

class TaState {
 public:
  TaState(const Graph& graph, const Network& network, std::vector<Num>& part)
      : graph_(graph), network_(network), part_(part), loads_(network), tree_(network.link_count()) {
    for (Num v = 0; v < graph.vertnbr; ++v) messages_of(v, -1, +1);
  }

  double mc() const { return tree_.max(); }
  double wh() const { return wh_; }

  // Exchanges the terminals of u and v, updating the loads, MC and WH.
  void exchange(Num u, Num v) {
    messages_of(u, -1, -1);
    messages_of(v, u, -1);
    std::swap(part_[u], part_[v]);
    messages_of(u, -1, +1);
    messages_of(v, u, +1);
  }

 private:
  // Adds (sign +1) or removes (-1) the messages, both ways, of v's edges except toward skip.
  void messages_of(Num v, Num skip, int sign) {
    for (Num arc = graph_.verttab[v]; arc < graph_.vendtab[v]; ++arc) {
      const Num u = graph_.edgetab[arc] - graph_.baseval;
      const Num w = graph_.arc_weight(arc);
      if (u == skip || w <= 0 || part_[u] == part_[v]) continue;
      message(part_[v], part_[u], w, sign);
      message(part_[u], part_[v], w, sign);
    }
  }
  void message(Num from, Num to, Num w, int sign) {
    route_.clear();
    network_.route(from, to, route_);
    loads_.add_route(route_, static_cast<double>(w), sign);
    for (LinkIndex link : route_) tree_.set(link, loads_.congestion(link));
    wh_ += sign * static_cast<double>(w) * static_cast<double>(route_.size());
  }

  const Graph& graph_;
  const Network& network_;
  std::vector<Num>& part_;
  LinkLoads loads_;
  MaxTree tree_;
  double wh_ = 0;
  std::vector<LinkIndex> route_;
};

class TaMethod : public MappingMethod {
 public:
  TaMethod(int rounds, double steps, double threshold)
      : rounds_(rounds), steps_(steps), threshold_(threshold) {}

  void apply(MappingContext& ctx) const override {
    validate_context(ctx);
    const Network& network = network_of(ctx.arch);
    const Graph& graph = ctx.graph;
    const CsrGraph csr = csr_from_graph(graph);
    const std::vector<I64> capacity =
        terminal_capacities(ctx.arch, total_vertex_load(graph), ctx.imbalance);
    complete_mapping(ctx, csr, capacity);
    {
      const DistanceOracle distance(ctx.arch);
      KwayState repaired(csr, distance, std::move(ctx.parttab), capacity);
      repair_overload(repaired, pinned_vertices(ctx));
      ctx.parttab = repaired.release_part();
    }
    PhaseLog::Timer timer(ctx.phases, "ta");
    std::vector<Num> free;
    for (Num v = 0; v < graph.vertnbr; ++v)
      if (ctx.fixed.empty() || !ctx.fixed[v]) free.push_back(v);
    if (free.size() < 2) return;
    std::vector<I64> load(capacity.size(), 0);
    for (Num v = 0; v < graph.vertnbr; ++v) load[ctx.parttab[v]] += graph.vertex_load(v);

    TaState state(graph, network, ctx.parttab);
    double best_mc = state.mc(), best_wh = state.wh();
    std::vector<std::pair<Num, Num>> since_best;  // exchanges accepted after the best mapping
    const I64 trials = std::max<I64>(1, static_cast<I64>(steps_ * static_cast<double>(free.size())));
    for (int round = 0; round < rounds_; ++round) {
      const double share = threshold_ * (1.0 - static_cast<double>(round) / rounds_);
      for (I64 trial = 0; trial < trials; ++trial) {
        const Num u = free[ctx.random.below(free.size())];
        const Num v = partner(ctx, u, free);
        if (v < 0 || v == u || ctx.parttab[u] == ctx.parttab[v]) continue;
        if (!ctx.fixed.empty() && ctx.fixed[v]) continue;
        const Num tu = ctx.parttab[u], tv = ctx.parttab[v];
        const I64 delta = graph.vertex_load(u) - graph.vertex_load(v);
        if (load[tv] + delta > capacity[tv] && delta > 0) continue;
        if (load[tu] - delta > capacity[tu] && delta < 0) continue;
        const double mc = state.mc(), wh = state.wh();
        state.exchange(u, v);
        const double new_mc = state.mc(), new_wh = state.wh();
        const bool accept = new_mc <= mc * (1 + share) + 1e-12 &&
                            (new_mc < mc - 1e-12 || new_wh <= wh * (1 + share) + 1e-12);
        if (!accept) {
          state.exchange(u, v);
          continue;
        }
        load[tu] -= delta;
        load[tv] += delta;
        since_best.push_back({u, v});
        if (new_mc < best_mc - 1e-12 || (new_mc <= best_mc + 1e-12 && new_wh < best_wh - 1e-12)) {
          best_mc = new_mc;
          best_wh = new_wh;
          since_best.clear();
        }
      }
    }
    // Back to the best mapping: undo the exchanges made since, latest first.
    for (auto it = since_best.rbegin(); it != since_best.rend(); ++it)
      std::swap(ctx.parttab[it->first], ctx.parttab[it->second]);
  }

 private:
  static Num partner(MappingContext& ctx, Num u, const std::vector<Num>& free) {
    const Graph& graph = ctx.graph;
    if (ctx.random.below(2) == 0 || graph.degree(u) == 0) return free[ctx.random.below(free.size())];
    const Num x = graph.edgetab[graph.verttab[u] + static_cast<Num>(ctx.random.below(graph.degree(u)))] -
                  graph.baseval;
    if (graph.degree(x) == 0) return -1;
    return graph.edgetab[graph.verttab[x] + static_cast<Num>(ctx.random.below(graph.degree(x)))] -
           graph.baseval;
  }

  int rounds_;
  double steps_;
  double threshold_;
};

}  // namespace

const char* const kTaKeys[] = {"rounds", "steps", "threshold", nullptr};

MethodPtr make_ta_method(const MethodParams& params) {
  return std::make_unique<TaMethod>(static_cast<int>(params.integer("rounds", 20, 1, 10000)),
                                    params.number("steps", 4, 0.01, 1e4),
                                    params.number("threshold", 0.02, 0, 1));
}

}  // namespace tartan
