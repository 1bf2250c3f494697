// Simulated annealing on a complete mapping (the "sa" method; seed 002's SA baseline), on the
// shared KwayState. A trial picks a movable vertex (a boundary vertex nine times out of ten),
// a terminal of one of its neighbours (any terminal when all its neighbours share its own),
// then either moves the vertex there or exchanges it with a vertex of that terminal within two
// edges. Loads are a soft constraint while annealing, as in the seed's energy: a trial changes
// the energy by its change of cost plus `penalty` x (edge weight per unit of load) x its change
// of the summed overload (load above the bound of each terminal). Metropolis acceptance: a trial
// that raises the energy by delta is kept with probability exp(-delta / T). The schedule is
// geometric: T0 makes a sample of uphill trials accepted with the ratio `accept`, each
// temperature runs `steps` trials per movable vertex, then T *= alpha; the run stops when
// `frozen` temperatures in a row accepted uphill trials for under 1 % of their trials without
// improving the best mapping. The best mapping seen at the end of a temperature (least energy)
// is kept, and what overload remains is repaired as by kl.
#include <algorithm>
#include <cmath>
#include <vector>

#include "mapping/mapping_start.hpp"
#include "mapping/methods.hpp"

namespace tartan {

namespace {

using I64 = std::int64_t;

// Trials sampled to set the first temperature.
constexpr Num kSampleTrials = 400;
// A temperature accepting fewer uphill trials than this share counts as frozen.
constexpr double kFrozenRatio = 0.01;
// Temperatures at most, whatever the schedule.
constexpr int kMaxTemperatures = 1000;

struct SaOptions {
  double alpha = 0.95;
  double steps = 10;
  double accept = 0.5;
  double swap = 0.5;
  int frozen = 5;
  double penalty = 4;
};

class Annealer {
 public:
  Annealer(KwayState& state, const std::vector<char>& pinned, Random& random, double penalty)
      : state_(state), pinned_(pinned), random_(random), penalty_(penalty) {
    for (Num v = 0; v < state.graph().vertex_count(); ++v)
      if (!pinned[v]) movable_.push_back(v);
  }

  bool empty() const { return movable_.empty(); }

  // A random trial: vertex u goes to terminal t; partner v (or -1 for a move) goes to u's
  // terminal. Returns false if the trial picked nothing possible.
  struct Trial {
    Num u = -1, v = -1, t = -1;
    I64 cost = 0;         // change of cost
    I64 overload = 0;     // change of the summed overload
    double delta = 0;     // change of energy
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
    trial = Trial{};
    trial.u = u;
    trial.t = t;
    if (random_.unit() < swap_ratio) {
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
      if (pinned_[v]) return false;
      trial.v = v;
      trial.cost = -state_.swap_gain(u, v);
      const I64 shift = g.vwgt[v] - g.vwgt[u];  // load u's terminal gains
      trial.overload = overload_change(from, shift) + overload_change(t, -shift);
    } else {
      trial.cost = -state_.move_gain(u, t);
      trial.overload = overload_change(from, -g.vwgt[u]) + overload_change(t, g.vwgt[u]);
    }
    trial.delta = static_cast<double>(trial.cost) + penalty_ * static_cast<double>(trial.overload);
    return true;
  }

  void apply(const Trial& trial) {
    if (trial.v >= 0)
      state_.swap(trial.u, trial.v);
    else
      state_.move(trial.u, trial.t);
    overload_ += trial.overload;
  }

  double energy(I64 cost, I64 overload) const {
    return static_cast<double>(cost) + penalty_ * static_cast<double>(overload);
  }

  // Summed load above the bounds of the terminals.
  I64 overload() const { return overload_; }
  void count_overload() {
    overload_ = 0;
    for (Num t = 0; t < state_.distance().size(); ++t)
      overload_ += std::max<I64>(0, state_.load(t) - state_.capacity(t));
  }

  std::size_t movable_count() const { return movable_.size(); }

 private:
  // Change of t's overload if its load changed by shift.
  I64 overload_change(Num t, I64 shift) const {
    const I64 load = state_.load(t), cap = state_.capacity(t);
    return std::max<I64>(0, load + shift - cap) - std::max<I64>(0, load - cap);
  }

  KwayState& state_;
  const std::vector<char>& pinned_;
  Random& random_;
  std::vector<Num> movable_;
  std::vector<Num> choices_;
  std::vector<Num> partners_;
  double penalty_;
  I64 overload_ = 0;
};

class SaMethod : public MappingMethod {
 public:
  explicit SaMethod(const SaOptions& options) : options_(options) {}

  void apply(MappingContext& ctx) const override {
    refine_kway_mapping(ctx, "sa", [&](KwayState& state, const std::vector<char>& pinned) {
      anneal(state, pinned, ctx.random);
    });
  }

 private:
  void anneal(KwayState& state, const std::vector<char>& pinned, Random& random) const {
    const CsrGraph& g = state.graph();
    double arcs = 0;
    for (Num w : g.adjwgt) arcs += w;
    const double total = static_cast<double>(std::max<I64>(1, g.total_vertex_weight()));
    Annealer annealer(state, pinned, random, options_.penalty * std::max(arcs / total, 1e-9));
    if (annealer.empty() || state.distance().size() < 2) return;
    annealer.count_overload();
    Annealer::Trial trial;

    // First temperature: the mean uphill delta of a sample of trials, accepted with `accept`.
    double uphill = 0;
    Num uphill_count = 0;
    for (Num i = 0; i < kSampleTrials; ++i)
      if (annealer.propose(options_.swap, trial) && trial.delta > 0) {
        uphill += trial.delta;
        ++uphill_count;
      }
    double temperature =
        uphill_count > 0 ? -(uphill / uphill_count) / std::log(options_.accept) : 1.0;

    std::vector<Num> best_part = state.part();
    I64 best_cost = state.cost(), best_overload = annealer.overload();
    const auto trials = static_cast<std::int64_t>(
        std::ceil(options_.steps * static_cast<double>(annealer.movable_count())));
    int frozen = 0;
    for (int step = 0; step < kMaxTemperatures && frozen < options_.frozen; ++step) {
      std::int64_t uphill_accepted = 0;
      for (std::int64_t i = 0; i < trials; ++i) {
        if (!annealer.propose(options_.swap, trial)) continue;
        if (trial.delta <= 0) {
          annealer.apply(trial);
        } else if (random.unit() < std::exp(-trial.delta / temperature)) {
          annealer.apply(trial);
          ++uphill_accepted;
        }
      }
      const bool improved = annealer.energy(state.cost(), annealer.overload()) <
                            annealer.energy(best_cost, best_overload);
      if (improved) {
        best_cost = state.cost();
        best_overload = annealer.overload();
        best_part = state.part();
      }
      const bool cold =
          static_cast<double>(uphill_accepted) < kFrozenRatio * static_cast<double>(trials);
      frozen = (cold && !improved) ? frozen + 1 : 0;
      temperature *= options_.alpha;
    }
    // Back to the best mapping seen, then what overload it has left.
    for (Num v = 0; v < g.vertex_count(); ++v)
      if (state.terminal(v) != best_part[v]) state.move(v, best_part[v]);
    repair_overload(state, pinned);
  }

  SaOptions options_;
};

}  // namespace

const char* const kSaKeys[] = {"alpha", "steps", "accept", "swap", "frozen", "penalty", nullptr};

MethodPtr make_sa_method(const MethodParams& params) {
  SaOptions options;
  options.alpha = params.number("alpha", options.alpha, 0.5, 0.999);
  options.steps = params.number("steps", options.steps, 0.01, 10000);
  options.accept = params.number("accept", options.accept, 0.01, 0.99);
  options.swap = params.number("swap", options.swap, 0, 1);
  options.frozen = static_cast<int>(params.integer("frozen", options.frozen, 1, 1000));
  options.penalty = params.number("penalty", options.penalty, 0, 1e6);
  return std::make_unique<SaMethod>(options);
}

}  // namespace tartan
