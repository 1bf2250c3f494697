// `ta`: threshold accepting (Dueck and Scheuer) on the maximum congestion of a complete mapping,
// as Hoefler and Snir refine their mappings ("Generic topology mapping strategies for
// large-scale parallel architectures" §3.5). A trial exchanges the terminals of two vertices;
// it is accepted unless it worsens the maximum congestion MC or the weighted hops WH
// (NETWORKS.md) by more than the current thresholds. The thresholds start at `threshold` times
// the mean worsening of MC and of WH over a sample of 100 trials and fall linearly to zero over
// the rounds; bounding WH as well keeps it from drifting while MC sits on a link the trials do
// not touch. The best mapping seen, by MC then WH, is returned, so ta never returns a worse
// mapping than it was given.
//
// Congestion: the paper estimates it (its §5.1) because with shortest-path routing it would
// otherwise recompute every route; here routes are the target's static ones, so a trial updates
// the link loads (LinkLoads) exactly, removing and re-adding only the messages of the two
// vertices, and a max-tree over the links' congestion gives MC in O(log links) per changed link:
// a trial costs O((deg u + deg v) x route length x log links), exact. A trial whose WH, known
// from hop counts alone, is above its threshold is refused before any load is touched.
//
// Trials: the first vertex uniformly among the free ones; the second, half of the time uniformly
// too (the paper's random pairs), otherwise a neighbour of one of the first's neighbours (a
// move toward its partners). Exchanges keep every terminal within its load bound (balance.hpp);
// fixed vertices never move. Vertices at -1 are first placed at random (mapping_start.hpp).
// Parameters: rounds (thresholds, default 20, 1..1e4), steps (trials per round per free vertex,
// default 16, 0.01..1e4), threshold (first thresholds in mean worsenings, default 0.05, 0..100).
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
    // One message per arc (its reverse arc gives the other way).
    for (Num v = 0; v < graph.vertnbr; ++v)
      for (Num arc = graph.verttab[v]; arc < graph.vendtab[v]; ++arc) {
        const Num u = graph.edgetab[arc] - graph.baseval;
        if (graph.arc_weight(arc) > 0 && part[u] != part[v])
          message(part[v], part[u], graph.arc_weight(arc), +1);
      }
  }

  double mc() const { return tree_.max(); }
  double wh() const { return wh_; }

  // WH after exchanging the terminals of u and v, from hop counts alone (no load touched): a
  // trial whose WH exceeds the threshold is refused at this price. The edge u-v keeps its hops.
  double wh_after_exchange(Num u, Num v) const {
    double delta = 0;
    for (int side = 0; side < 2; ++side) {
      const Num a = side == 0 ? u : v, b = side == 0 ? v : u;
      const Num from = part_[a], to = part_[b];
      for (Num arc = graph_.verttab[a]; arc < graph_.vendtab[a]; ++arc) {
        const Num x = graph_.edgetab[arc] - graph_.baseval;
        const Num w = graph_.arc_weight(arc);
        if (x == b || w <= 0) continue;
        const Num t = part_[x];
        const Num before = t == from ? 0 : network_.hops(from, t) + network_.hops(t, from);
        const Num after = t == to ? 0 : network_.hops(to, t) + network_.hops(t, to);
        delta += static_cast<double>(w) * (after - before);
      }
    }
    return wh_ + delta;
  }

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
    // Thresholds in the units of a trial: the mean worsening of MC and of WH over a sample of
    // trials (each undone), times `threshold`, falling linearly to zero over the rounds.
    double worse_mc = 0, worse_wh = 0;
    for (int sample = 0; sample < kSample; ++sample) {
      const Num u = free[ctx.random.below(free.size())];
      const Num v = partner(ctx, u, free);
      if (!exchangeable(ctx, u, v, load, capacity)) continue;
      const double mc = state.mc(), wh = state.wh();
      state.exchange(u, v);
      worse_mc += std::max(0.0, state.mc() - mc);
      worse_wh += std::max(0.0, state.wh() - wh);
      state.exchange(u, v);
    }
    worse_mc = threshold_ * worse_mc / kSample;
    worse_wh = threshold_ * worse_wh / kSample;

    double best_mc = state.mc(), best_wh = state.wh();
    std::vector<std::pair<Num, Num>> since_best;  // exchanges accepted after the best mapping
    const I64 trials = std::max<I64>(1, static_cast<I64>(steps_ * static_cast<double>(free.size())));
    for (int round = 0; round < rounds_; ++round) {
      const double fall = 1.0 - static_cast<double>(round) / rounds_;
      const double limit_mc = worse_mc * fall, limit_wh = worse_wh * fall;
      for (I64 trial = 0; trial < trials; ++trial) {
        const Num u = free[ctx.random.below(free.size())];
        const Num v = partner(ctx, u, free);
        if (!exchangeable(ctx, u, v, load, capacity)) continue;
        const double mc = state.mc(), wh = state.wh();
        if (state.wh_after_exchange(u, v) > wh + limit_wh + kEpsilon) continue;
        state.exchange(u, v);
        const double new_mc = state.mc(), new_wh = state.wh();
        // MC first: an exchange that lowers MC may cost WH up to the threshold only, so that
        // WH does not drift while MC sits on a link the exchanges do not touch.
        const bool accept = new_mc <= mc + limit_mc + kEpsilon && new_wh <= wh + limit_wh + kEpsilon &&
                            (new_mc < mc - kEpsilon || new_wh < wh - kEpsilon ||
                             limit_mc + limit_wh > 0);
        if (!accept) {
          state.exchange(u, v);
          continue;
        }
        const I64 delta = graph.vertex_load(u) - graph.vertex_load(v);
        load[ctx.parttab[v]] -= delta;
        load[ctx.parttab[u]] += delta;
        since_best.push_back({u, v});
        if (new_mc < best_mc - kEpsilon || (new_mc <= best_mc + kEpsilon && new_wh < best_wh - kEpsilon)) {
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
  // True if u and v may exchange terminals: both free, on different terminals, loads within
  // the capacities after the exchange.
  static bool exchangeable(const MappingContext& ctx, Num u, Num v, const std::vector<I64>& load,
                           const std::vector<I64>& capacity) {
    if (v < 0 || v == u || ctx.parttab[u] == ctx.parttab[v]) return false;
    if (!ctx.fixed.empty() && ctx.fixed[v]) return false;
    const Num tu = ctx.parttab[u], tv = ctx.parttab[v];
    const I64 delta = ctx.graph.vertex_load(u) - ctx.graph.vertex_load(v);
    if (delta > 0 && load[tv] + delta > capacity[tv]) return false;
    if (delta < 0 && load[tu] - delta > capacity[tu]) return false;
    return true;
  }

  static constexpr int kSample = 100;
  static constexpr double kEpsilon = 1e-9;

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
                                    params.number("steps", 16, 0.01, 1e4),
                                    params.number("threshold", 0.05, 0, 100));
}

}  // namespace tartan
