// Simulated annealing on a complete mapping (the "sa" method; seed 002's SA baseline), on the
// shared KwayState. A trial picks a movable vertex (a boundary vertex nine times out of ten),
// a terminal of one of its neighbours (any terminal when all its neighbours share its own),
// then either moves the vertex there or exchanges it with a vertex of that terminal within two
// edges; a move must fit the capacity, an exchange keep both terminals within theirs (or add to
// neither). Metropolis acceptance: a trial that raises the cost by delta is kept with
// probability exp(-delta / T). The schedule is geometric: T0 makes a sample of uphill trials
// accepted with the ratio `accept`, each temperature runs `steps` trials per movable vertex,
// then T *= alpha; the run stops when `frozen` temperatures in a row accepted under 1 % of their
// trials without improving the best mapping. The best mapping seen at the end of a temperature
// is kept.
#include <algorithm>
#include <cmath>
#include <vector>

#include "mapping/balance.hpp"
#include "mapping/mapping_start.hpp"
#include "mapping/methods.hpp"

namespace tartan {

namespace {

using I64 = std::int64_t;

// Trials sampled to set the first temperature.
constexpr Num kSampleTrials = 400;
// A temperature accepting fewer trials than this share counts as frozen.
constexpr double kFrozenRatio = 0.01;
// Temperatures at most, whatever the schedule.
constexpr int kMaxTemperatures = 5000;

struct SaOptions {
  double alpha = 0.95;
  double steps = 10;
  double accept = 0.5;
  double swap = 0.5;
  int frozen = 5;
};

class Annealer {
 public:
  Annealer(KwayState& state, const std::vector<char>& pinned, Random& random)
      : state_(state), pinned_(pinned), random_(random) {
    for (Num v = 0; v < state.graph().vertex_count(); ++v)
      if (!pinned[v]) movable_.push_back(v);
  }

  bool empty() const { return movable_.empty(); }

  // A random trial: vertex u goes to terminal t; partner v (or -1 for a move) goes to u's
  // terminal. Returns false if the trial picked nothing possible.
  struct Trial {
    Num u = -1, v = -1, t = -1;
    I64 delta = 0;  // change of cost
  };
  bool propose(double swap_ratio, Trial& trial) {
    const CsrGraph& g = state_.graph();
    const auto& boundary = state_.boundary();
    Num u;
    if (!boundary.empty() && random_.below(10) != 0)
      u = boundary[static_cast<std::size_t>(random_.below(boundary.size()))];
    else
      u = movable_[static_cast<std::size_t>(random_.below(movable_.size()))];
    if (pinned_[u]) return false;
    const Num from = state_.terminal(u);
    const auto& near = state_.neighbour_terminals(u);
    choices_.clear();
    for (const auto& n : near)
      if (n.terminal != from) choices_.push_back(n.terminal);
    Num t;
    if (!choices_.empty()) {
      t = choices_[static_cast<std::size_t>(random_.below(choices_.size()))];
    } else {
      const Num k = state_.distance().size();
      if (k < 2) return false;
      t = static_cast<Num>(random_.below(static_cast<std::uint64_t>(k - 1)));
      if (t >= from) ++t;
    }
    trial = {u, -1, t, 0};
    if (random_.unit() < swap_ratio || !state_.fits(u, t)) {
      // A partner on t within two edges of u.
      partners_.clear();
      for (Num arc = g.xadj[u]; arc < g.xadj[u + 1]; ++arc) {
        const Num x = g.adjncy[arc];
        if (state_.terminal(x) != t) continue;
        partners_.push_back(x);
        for (Num arc2 = g.xadj[x]; arc2 < g.xadj[x + 1]; ++arc2) {
          const Num y = g.adjncy[arc2];
          if (y != u && state_.terminal(y) == t) partners_.push_back(y);
        }
      }
      if (partners_.empty()) return false;
      const Num v = partners_[static_cast<std::size_t>(random_.below(partners_.size()))];
      if (pinned_[v] || !loads_allow(u, v)) return false;
      trial.v = v;
      trial.delta = -state_.swap_gain(u, v);
      return true;
    }
    trial.delta = -state_.move_gain(u, t);
    return true;
  }

  void apply(const Trial& trial) {
    if (trial.v >= 0)
      state_.swap(trial.u, trial.v);
    else
      state_.move(trial.u, trial.t);
  }

  std::size_t movable_count() const { return movable_.size(); }

 private:
  bool loads_allow(Num u, Num v) const {
    const CsrGraph& g = state_.graph();
    const Num tu = state_.terminal(u), tv = state_.terminal(v);
    const I64 wu = g.vwgt[u], wv = g.vwgt[v];
    return (wv <= wu || state_.load(tu) - wu + wv <= state_.capacity(tu)) &&
           (wu <= wv || state_.load(tv) - wv + wu <= state_.capacity(tv));
  }

  KwayState& state_;
  const std::vector<char>& pinned_;
  Random& random_;
  std::vector<Num> movable_;
  std::vector<Num> choices_;
  std::vector<Num> partners_;
};

class SaMethod : public MappingMethod {
 public:
  explicit SaMethod(const SaOptions& options) : options_(options) {}

  void apply(MappingContext& ctx) const override {
    validate_context(ctx);
    PhaseLog::Timer timer(ctx.phases, "sa");
    const CsrGraph graph = csr_from_graph(ctx.graph);
    const std::vector<I64> capacity =
        terminal_capacities(ctx.arch, total_vertex_load(ctx.graph), ctx.imbalance);
    complete_mapping(ctx, graph, capacity);
    const DistanceOracle distance(ctx.arch);
    const std::vector<char> pinned = pinned_vertices(ctx);
    KwayState state(graph, distance, std::move(ctx.parttab), capacity);
    repair_overload(state, pinned);
    anneal(state, pinned, ctx.random);
    ctx.parttab = state.release_part();
  }

 private:
  void anneal(KwayState& state, const std::vector<char>& pinned, Random& random) const {
    Annealer annealer(state, pinned, random);
    if (annealer.empty() || state.distance().size() < 2) return;
    Annealer::Trial trial;

    // First temperature: the mean uphill delta of a sample of trials, accepted with `accept`.
    double uphill = 0;
    Num uphill_count = 0;
    for (Num i = 0; i < kSampleTrials; ++i)
      if (annealer.propose(options_.swap, trial) && trial.delta > 0) {
        uphill += static_cast<double>(trial.delta);
        ++uphill_count;
      }
    double temperature =
        uphill_count > 0 ? -(uphill / uphill_count) / std::log(options_.accept) : 1.0;

    std::vector<Num> best_part = state.part();
    I64 best_cost = state.cost();
    const auto trials = static_cast<std::int64_t>(
        std::ceil(options_.steps * static_cast<double>(annealer.movable_count())));
    int frozen = 0;
    for (int step = 0; step < kMaxTemperatures && frozen < options_.frozen; ++step) {
      std::int64_t accepted = 0;
      for (std::int64_t i = 0; i < trials; ++i) {
        if (!annealer.propose(options_.swap, trial)) continue;
        if (trial.delta <= 0 ||
            random.unit() < std::exp(-static_cast<double>(trial.delta) / temperature)) {
          annealer.apply(trial);
          ++accepted;
        }
      }
      const bool improved = state.cost() < best_cost;
      if (improved) {
        best_cost = state.cost();
        best_part = state.part();
      }
      const bool cold = static_cast<double>(accepted) < kFrozenRatio * static_cast<double>(trials);
      frozen = (cold && !improved) ? frozen + 1 : 0;
      temperature *= options_.alpha;
    }
    // Back to the best mapping seen, move by move (each within the capacities).
    const CsrGraph& g = state.graph();
    for (Num v = 0; v < g.vertex_count(); ++v)
      if (state.terminal(v) != best_part[v]) state.move(v, best_part[v]);
  }

  SaOptions options_;
};

}  // namespace

const char* const kSaKeys[] = {"alpha", "steps", "accept", "swap", "frozen", nullptr};

MethodPtr make_sa_method(const MethodParams& params) {
  SaOptions options;
  options.alpha = params.number("alpha", options.alpha, 0.5, 0.999);
  options.steps = params.number("steps", options.steps, 0.01, 10000);
  options.accept = params.number("accept", options.accept, 0.01, 0.99);
  options.swap = params.number("swap", options.swap, 0, 1);
  options.frozen = static_cast<int>(params.integer("frozen", options.frozen, 1, 1000));
  return std::make_unique<SaMethod>(options);
}

}  // namespace tartan
