#include "mapping/kway_refine.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "common/big_arrays.hpp"
#include "common/error.hpp"
#include "graph/coarsening.hpp"
#include "mapping/balance.hpp"
#include "mapping/kway_state.hpp"
#include "mapping/methods.hpp"
#include "partition/gain_queue.hpp"
#include "partition/multilevel.hpp"

namespace tartan {

namespace {

using I64 = std::int64_t;

class KwayMethod : public MappingMethod {
 public:
  explicit KwayMethod(const KwayOptions& options) : options_(options) {}
  void apply(MappingContext& ctx) const override { run_kway_refine(ctx, options_); }

 private:
  KwayOptions options_;
};

// A level coarser than this many vertices is not worth building: the greedy moves of a few
// hundred coarse vertices are already cheap, and coarser vertices rarely fit in the capacities.
constexpr Num kCoarsestVertices = 200;
// Coarsening stops when a level keeps more than this share of the vertices of the previous one
// (the mapping constraint leaves few pairs to match).
constexpr double kMinShrink = 0.9;
// Vertices of the blocked target examined when looking for a move that makes room there.
constexpr Num kRoomCandidates = 16;

// The greedy gain refinement of one level: the same routine runs on every level, the finest
// included. A move takes a whole (coarse) vertex to the terminal of one of its neighbours; the
// loads are the summed vertex weights and the capacities those of the finest graph.
class LevelRefiner {
 public:
  LevelRefiner(KwayState& state, const std::vector<char>& pinned, Random& random)
      : state_(state), pinned_(pinned), random_(random),
        seen_(big_vector<unsigned>(static_cast<std::size_t>(state.graph().vertex_count()), 0)) {}

  // The first pass visits the whole boundary, the later ones as `scope` says (kway_refine.hpp).
  void refine(int passes, PassScope scope) {
    for (int pass = 0; pass < passes; ++pass) {
      if (pass == 0 || scope == PassScope::whole_boundary)
        collect_boundary();
      else
        collect_around_moved();
      moved_.clear();
      blocked_.clear();
      for (Num v : order_) improve_vertex(v);
      if (moved_.empty()) break;
    }
  }

  // Hill climbing (Fiduccia and Mattheyses' scheme on k terminals, as Sanders and Schulz's
  // localized k-way FM in "Engineering multilevel graph partitioning algorithms"): the boundary
  // vertices in one max-queue by the gain of their best move that fits, negative gains
  // included; each pass takes the best vertex, moves and locks it, updates its neighbours, and
  // stops after `patience` moves past its cheapest point, to which it rolls back. A vertex's
  // move is recomputed when it leaves the queue (its neighbours' moves changed it). Returns
  // whether a pass lowered the cost.
  bool climb(int passes, Num patience) {
    const CsrGraph& g = state_.graph();
    const Num n = g.vertex_count();
    queue_.reset(n);
    locked_.assign(static_cast<std::size_t>(n), 0);
    bool improved = false;
    for (int pass = 0; pass < passes; ++pass) {
      collect_boundary();
      for (Num v : order_) {
        const Move m = best_fitting_move(v);
        if (m.target != -1) queue_.push(v, m.gain);
      }
      struct Done {
        Num vertex, from;
      };
      std::vector<Done> done;
      I64 gained = 0, best_gained = 0;
      std::size_t best_length = 0;
      Num since_best = 0;
      while (!queue_.empty() && since_best <= patience) {
        const Num v = queue_.pop();
        const Move m = best_fitting_move(v);
        if (m.target == -1) continue;
        done.push_back({v, state_.terminal(v)});
        gained -= state_.move(v, m.target);
        locked_[v] = 1;
        if (gained > best_gained) {
          best_gained = gained;
          best_length = done.size();
          since_best = 0;
        } else {
          ++since_best;
        }
        for (Num arc = g.xadj[v]; arc < g.xadj[v + 1]; ++arc) {
          const Num u = g.adjncy[arc];
          if (locked_[u] || pinned_[u]) continue;
          const Move next = best_fitting_move(u);
          if (next.target != -1)
            queue_.set(u, next.gain);
          else
            queue_.remove(u);
        }
      }
      for (std::size_t i = done.size(); i > best_length; --i)
        state_.move(done[i - 1].vertex, done[i - 1].from);
      for (const Done& d : done) locked_[d.vertex] = 0;
      queue_.clear();
      if (best_gained <= 0) break;
      improved = true;
    }
    return improved;
  }

 private:
  struct Move {
    Num target = -1;
    I64 gain = 0;
  };

  // Movable boundary vertices by increasing number, then shuffled. On a level too big for the
  // cache (kLocalOrderVertices), a shuffle of the whole boundary makes every visit a few cache
  // misses (the vertex's arcs and its neighbours' terminals): the boundary is then shuffled in
  // runs, so that the visits stay random but a run's vertices and their neighbours share the
  // cache (on a 100^3 mesh, 3.5x less refinement time at the same cost).
  void collect_boundary() {
    order_.clear();
    const Num n = state_.graph().vertex_count();
    if (n > kLocalOrderVertices) {
      for (Num v = 0; v < n; ++v)
        if (state_.on_boundary(v) && !pinned_[v]) order_.push_back(v);
    } else {
      for (Num v : state_.boundary())
        if (!pinned_[v]) order_.push_back(v);
      std::sort(order_.begin(), order_.end());
    }
    shuffle_visits();
  }

  // Shuffles order_ (sorted) whole, or in runs on a level too big for the cache.
  void shuffle_visits() {
    if (state_.graph().vertex_count() > kLocalOrderVertices)
      random_.shuffle_in_runs(order_, kLocalOrderRun);
    else
      random_.shuffle(order_);
  }

  // The movable boundary vertices among those the last pass moved, their neighbours and those
  // whose paying move a full terminal blocked (the moves since may have made room), by
  // increasing number, then shuffled.
  void collect_around_moved() {
    const CsrGraph& g = state_.graph();
    next_stamp();
    order_.clear();
    auto add = [&](Num u) {
      if (seen_[u] == stamp_) return;
      seen_[u] = stamp_;
      if (state_.on_boundary(u) && !pinned_[u]) order_.push_back(u);
    };
    for (Num v : moved_) {
      add(v);
      for (Num arc = g.xadj[v]; arc < g.xadj[v + 1]; ++arc) add(g.adjncy[arc]);
    }
    for (Num v : blocked_) add(v);
    std::sort(order_.begin(), order_.end());
    shuffle_visits();
  }

  void next_stamp() {
    if (++stamp_ == 0) {
      std::fill(seen_.begin(), seen_.end(), 0);
      stamp_ = 1;
    }
  }

  // The best move of v to a neighbour's terminal among those `admit(terminal, gain)` accepts
  // (ties: the lighter terminal); `admit` also sees the terminals v does not fit in, which it
  // may note but never gets as the result.
  template <class Admit>
  Move best_admitted_move(Num v, Admit&& admit) {
    const Num from = state_.terminal(v);
    const auto& near = state_.neighbour_terminals(v);
    const I64 current = state_.cost_toward(from);
    Move best;
    for (const auto& candidate : near) {
      const Num t = candidate.terminal;
      if (t == from) continue;
      const I64 gain = current - state_.cost_toward(t);
      if (!admit(t, gain) || !state_.fits(v, t)) continue;
      if (best.target == -1 || gain > best.gain ||
          (gain == best.gain && state_.load(t) < state_.load(best.target)))
        best = {t, gain};
    }
    return best;
  }

  // The best move of v that fits in the capacities: a gain, or leaving an overloaded terminal,
  // or no change of cost toward a less loaded terminal. Also reports the best positive-gain
  // target that does not fit (blocked).
  Move best_move(Num v, Move* blocked) {
    const Num from = state_.terminal(v);
    const I64 w = state_.graph().vwgt[v];
    const bool overloaded = state_.overloaded(from);
    return best_admitted_move(v, [&](Num t, I64 gain) {
      if (!state_.fits(v, t)) {
        if (blocked && gain > 0 && (blocked->target == -1 || gain > blocked->gain))
          *blocked = {t, gain};
        return false;
      }
      return gain > 0 || overloaded || (gain == 0 && state_.load(t) + w < state_.load(from));
    });
  }

  // The best move of v that fits in the capacities, whatever its gain; none when no
  // neighbouring terminal has room.
  Move best_fitting_move(Num v) {
    return best_admitted_move(v, [](Num, I64) { return true; });
  }

  // Moves v if that pays, directly or, when its best target is full, together with a vertex of
  // that target (within two edges of v) that leaves for a terminal with room so that the pair of
  // moves decreases the cost. The vertices moved are appended to moved_, v to blocked_ when
  // a full terminal kept it from a paying move.
  void improve_vertex(Num v) {
    const Num from = state_.terminal(v);
    Move blocked;
    const Move direct = best_move(v, &blocked);
    if (direct.target != -1) {
      state_.move(v, direct.target);
      moved_.push_back(v);
      return;
    }
    if (blocked.target == -1) return;

    // Tentatively move v, then look for the best vertex leaving the overloaded target.
    const Num full = blocked.target;
    state_.move(v, full);
    const CsrGraph& g = state_.graph();
    next_stamp();
    seen_[v] = stamp_;
    Num candidates = 0;
    Num best_vertex = -1;
    Move best_room;
    auto consider = [&](Num u) {
      if (seen_[u] == stamp_) return;
      seen_[u] = stamp_;
      if (state_.terminal(u) != full || pinned_[u] || candidates >= kRoomCandidates) return;
      ++candidates;
      if (state_.load(full) - g.vwgt[u] > state_.capacity(full)) return;
      // A vertex whose neighbours are all on `full` has no move (best_move would find none):
      // skipping it saves a pass over its arcs (most candidates on meshes are inside).
      if (!state_.on_boundary(u)) return;
      const Move leave = best_move(u, nullptr);
      if (leave.target == -1 || blocked.gain + leave.gain <= 0) return;
      if (best_vertex == -1 || leave.gain > best_room.gain) {
        best_vertex = u;
        best_room = leave;
      }
    };
    for (Num arc = g.xadj[v]; arc < g.xadj[v + 1]; ++arc) {
      const Num u = g.adjncy[arc];
      consider(u);
      for (Num arc2 = g.xadj[u]; arc2 < g.xadj[u + 1]; ++arc2) consider(g.adjncy[arc2]);
    }
    if (best_vertex == -1) {
      state_.move(v, from);
      blocked_.push_back(v);
      return;
    }
    state_.move(best_vertex, best_room.target);
    moved_.push_back(v);
    moved_.push_back(best_vertex);
  }

  KwayState& state_;
  const std::vector<char>& pinned_;
  Random& random_;
  std::vector<Num> order_;
  std::vector<Num> moved_;    // refine: the vertices the current pass moved
  std::vector<Num> blocked_;  // refine: those it left where they were for want of room
  std::vector<unsigned> seen_;
  unsigned stamp_ = 0;
  GainQueue queue_;                  // climb: the boundary by best move
  std::vector<std::uint8_t> locked_;  // climb: moved in this pass
};

}  // namespace

void refine_kway_level(KwayState& state, const std::vector<char>& pinned, Random& random,
                       int passes, Num patience, PassScope scope) {
  LevelRefiner refiner(state, pinned, random);
  refiner.refine(passes, scope);
  if (patience > 0 && refiner.climb(passes, patience)) refiner.refine(passes, scope);
}

I64 run_kway_refine(MappingContext& ctx, const KwayOptions& options) {
  validate_context(ctx, true);
  const Graph& graph = ctx.graph;
  const Num n = graph.vertnbr;
  const bool variable = ctx.arch.variable_sized();
  const Num k = ctx.arch.size();
  std::vector<Num>& part = ctx.parttab;
  for (Num v = 0; v < n; ++v)
    if (part[v] < (variable ? 1 : 0) || (!variable && part[v] >= k))
      fail_invalid("k-way refinement needs a complete mapping: vertex " +
                   std::to_string(graph.label(v)) + " is on terminal " + std::to_string(part[v]));
  // A variable-sized target has no terminal set to balance loads over (drb's parts are its
  // terminals, each as heavy as the graph made it): the mapping stays as drb left it, so that
  // the default strategy (drb then kway) maps onto these targets as SCOTCH's does.
  if (variable) return mapping_cost(graph, DistanceOracle(ctx.arch), part.data());

  I64 total = 0;
  for (Num v = 0; v < n; ++v) total += graph.vertex_load(v);
  const TerminalCapacities capacity(ctx.arch, total, ctx.imbalance);
  const DistanceOracle distance(ctx.arch);

  const CsrGraph finest = csr_from_graph(graph);
  const MultilevelPhases phases{ctx.phases, "kway coarsen", "kway refine", "kway refine"};
  std::vector<Num> classes(static_cast<std::size_t>(n));
  std::vector<char> pinned;
  I64 cost = 0;
  std::vector<Num> previous;
  for (int cycle = 0; cycle < options.cycles; ++cycle) {
    // The class of a vertex is its terminal, or k + its terminal when it is fixed: vertices
    // merge only with vertices of the same terminal, fixed ones only with fixed ones, so a
    // coarse vertex is pinned exactly when its fine vertices are.
    for (Num v = 0; v < n; ++v)
      classes[v] = (!ctx.fixed.empty() && ctx.fixed[v]) ? k + part[v] : part[v];
    CoarseningPlan plan;
    plan.stop_at = kCoarsestVertices;
    plan.max_kept = kMinShrink;
    plan.max_levels = options.levels;
    const MultilevelHierarchy levels(finest, &classes, plan, ctx.random, phases);

    // Each level starts from its vertices' classes (the coarsest) or the projection of the
    // level above, and is refined by the same greedy routine.
    auto refine = [&](int level, std::vector<Num>& level_part) {
      const std::vector<Num>& cls = levels.classes(level);
      pinned.resize(cls.size());
      for (std::size_t c = 0; c < cls.size(); ++c) pinned[c] = cls[c] >= k;
      KwayState state(levels.graph(level), distance, std::move(level_part), capacity);
      refine_kway_level(state, pinned, ctx.random, options.passes, options.climb, options.scope);
      level_part = state.release_part();
    };
    auto solve = [&](int level, std::vector<Num>& level_part) {
      const std::vector<Num>& cls = levels.classes(level);
      level_part.resize(cls.size());
      for (std::size_t c = 0; c < cls.size(); ++c)
        level_part[c] = cls[c] >= k ? cls[c] - k : cls[c];
      refine(level, level_part);
    };
    if (cycle > 0) previous = part;
    multilevel_cycle(levels, part, solve, refine, phases);
    const I64 refined = mapping_cost(graph, distance, part.data());
    // A later cycle that does not lower the cost ends the cycles, its mapping dropped.
    if (cycle > 0 && refined >= cost) {
      part.swap(previous);
      break;
    }
    cost = refined;
  }
  return cost;
}

const char* const kKwayKeys[] = {"passes", "levels", "climb", "scope", "cycles", nullptr};

MethodPtr make_kway_method(const MethodParams& params) {
  KwayOptions options;
  options.passes = static_cast<int>(params.integer("passes", options.passes, 0, 100));
  options.levels = static_cast<int>(params.integer("levels", options.levels, 0, 100));
  options.climb = params.integer("climb", options.climb, 0, 1000000);
  options.cycles = static_cast<int>(params.integer("cycles", options.cycles, 1, 100));
  static const PassScope kScopes[] = {PassScope::whole_boundary, PassScope::around_moves};
  options.scope = kScopes[params.choice("scope", {"boundary", "moves"}, 0)];
  return std::make_unique<KwayMethod>(options);
}

}  // namespace tartan
