// `swap`: local search by pair exchanges (seed 000 §2-3): two vertices on different terminals
// exchange them when that decreases the communication cost, gains in O(d_u + d_v) from the
// KwayState. Three neighbourhoods, the candidates of a vertex u being
//   n2    every other vertex, by increasing number (Heider's cyclic order): N^2;
//   np    Brandfass et al.'s pruned neighbourhood N_p: the vertices ordered by terminal (on a
//         one-to-one mapping: by processing element) are cut into blocks of `block` consecutive
//         slots, and u is tried only against the other slots of its block; an exchange swaps
//         the slots too, so that a slot keeps standing for its terminal;
//   comm  N_C^d: the vertices at most d hops from u in the communication graph, found by a BFS
//         bounded to depth d (graph/traversal.hpp), so the pairs are never stored: O(n + m)
//         memory.
// Gains follow the seed (§3.2): each vertex keeps its contribution, the cost of its edges at the
// current terminals, updated for the two ends and their neighbours after an exchange; the gain
// of exchanging u and v then needs one pass over the edges of each (2 (d_u + d_v) distances
// fewer than recomputing both sides).
// The search runs a queue of active vertices, all of them first in a random order (the
// strategy's generator); an active vertex is tried against its candidates, exchanging with
// every one that pays. An exchange of u and v changes only the gains of pairs holding u, v or
// one of their neighbours, so those become active again; the search stops when the queue is
// empty -- a local optimum of the neighbourhood, every pair checked -- or after `rounds` x n
// vertices were taken from it. A pair is not tried again while neither end changed since the
// other end's own turn tried it (each vertex keeps the exchange count at its last change and at
// the start of its last turn), so the first round tries each pair once, not twice.
// On targets whose distances obey the triangle inequality an exchange is discarded before its
// gain is computed when a bound proves it cannot pay: with D = d(a, b), every other neighbour
// x of u gains d(b, t_x) >= D - d(a, t_x), so u's cost on b is at least W_u D - Gamma_u (W_u
// its edge weight, Gamma_u its contribution), likewise for v, and the gain is at most
// 2 (Gamma_u + Gamma_v) - (W_u + W_v) D. On hierarchies most candidates of N_C^d sit beyond
// the vertices' own node, where the bound rules them out in O(1) instead of O(d_u + d_v):
// the search makes the same exchanges, much faster.
// Works on any complete mapping, not only one-to-one ones: an exchange of vertices of different
// loads is made only when it keeps both terminals within their load bounds (balance.hpp) or
// does not increase the load of an overloaded one. Fixed vertices never move.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "arch/distance_oracle.hpp"
#include "common/error.hpp"
#include "graph/coarsening.hpp"
#include "graph/traversal.hpp"
#include "mapping/balance.hpp"
#include "mapping/kway_state.hpp"
#include "mapping/mapping_start.hpp"
#include "mapping/methods.hpp"

namespace tartan {

namespace {

using I64 = std::int64_t;

enum class Neighbourhood { all_pairs, pruned, communication };

struct SwapOptions {
  Neighbourhood neighbourhood = Neighbourhood::communication;
  Num depth = 10;   // d of N_C^d
  Num block = 64;   // slots per block of N_p
  Num rounds = 100;
};

class SwapSearch {
 public:
  SwapSearch(const Graph& graph, KwayState& state, const std::vector<char>& pinned,
             const SwapOptions& options)
      : graph_(graph), state_(state), pinned_(pinned), options_(options),
        queued_(static_cast<std::size_t>(graph.vertnbr), 0),
        changed_(static_cast<std::size_t>(graph.vertnbr), 0),
        turn_(static_cast<std::size_t>(graph.vertnbr), -1) {}

  void run(Random& random) {
    const Num n = graph_.vertnbr;
    contribution_.resize(static_cast<std::size_t>(n));
    for (Num v = 0; v < n; ++v) contribution_[v] = cost_at(v, state_.terminal(v));
    if (state_.distance().triangle_inequality()) {
      const CsrGraph& g = state_.graph();
      edge_weight_.assign(static_cast<std::size_t>(n), 0);
      for (Num v = 0; v < n; ++v)
        for (Num arc = g.xadj[v]; arc < g.xadj[v + 1]; ++arc)
          if (g.adjncy[arc] != v) edge_weight_[v] += g.adjwgt[arc];
    }
    std::vector<Num> order(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    random.shuffle(order);
    for (Num v : order) activate(v);
    if (options_.neighbourhood == Neighbourhood::pruned) {
      slot_.resize(static_cast<std::size_t>(n));
      std::iota(slot_.begin(), slot_.end(), 0);
      std::stable_sort(slot_.begin(), slot_.end(),
                       [&](Num a, Num b) { return state_.terminal(a) < state_.terminal(b); });
      slot_of_.resize(slot_.size());
      for (Num i = 0; i < n; ++i) slot_of_[slot_[i]] = i;
    }
    BreadthFirstSearch bfs(graph_);
    const std::int64_t budget = static_cast<std::int64_t>(options_.rounds) * n;
    for (std::int64_t taken = 0; head_ < queue_.size() && taken < budget; ++taken) {
      const Num u = queue_[head_++];
      queued_[u] = 0;
      if (head_ > queue_.size() / 2 && head_ > 1024) {  // keep the queue compact
        queue_.erase(queue_.begin(), queue_.begin() + static_cast<std::ptrdiff_t>(head_));
        head_ = 0;
      }
      if (pinned_[u]) continue;
      turn_[u] = clock_;
      switch (options_.neighbourhood) {
        case Neighbourhood::all_pairs:
          for (Num v = 0; v < n; ++v) try_swap(u, v);
          break;
        case Neighbourhood::pruned: {
          const Num first = slot_of_[u] - slot_of_[u] % options_.block;
          const Num end = std::min(n, first + options_.block);
          for (Num i = first; i < end; ++i) try_swap(u, slot_[i]);
          break;
        }
        case Neighbourhood::communication:
          bfs.run(u, {}, options_.depth);
          for (Num v : bfs.order()) try_swap(u, v);
          break;
      }
    }
  }

 private:
  void activate(Num v) {
    if (queued_[v]) return;
    queued_[v] = 1;
    queue_.push_back(v);
  }
  void activate_around(Num v) {
    activate(v);
    changed_[v] = clock_;
    contribution_[v] = cost_at(v, state_.terminal(v));
    for (Num arc = graph_.begin(v); arc < graph_.end(v); ++arc) {
      const Num x = graph_.neighbour(arc);
      activate(x);
      changed_[x] = clock_;
      contribution_[x] = cost_at(x, state_.terminal(x));
    }
  }

  // Cost of v's edges (self loops aside) if v were on t, the others where they are; adds the
  // weight of the edges toward partner to *partner_weight.
  I64 cost_at(Num v, Num t, Num partner = -1, I64* partner_weight = nullptr) const {
    const CsrGraph& g = state_.graph();
    I64 cost = 0;
    for (Num arc = g.xadj[v]; arc < g.xadj[v + 1]; ++arc) {
      const Num x = g.adjncy[arc];
      if (x == v) continue;
      if (x == partner) *partner_weight += g.adjwgt[arc];
      cost += static_cast<I64>(g.adjwgt[arc]) * state_.distance()(t, state_.terminal(x));
    }
    return cost;
  }
  // Cost decrease if u and v exchanged their terminals a and b: the u-v edges keep their
  // length, counted in both contributions; on the other side v's edge is 0 long for u on b.
  I64 gain(Num u, Num v) const {
    const Num a = state_.terminal(u), b = state_.terminal(v);
    I64 between = 0;
    const I64 after = cost_at(u, b, v, &between) + cost_at(v, a);
    return contribution_[u] + contribution_[v] - 2 * between * state_.distance()(a, b) - after;
  }

  // Exchanges the terminals of u and v if that pays and keeps the loads.
  void try_swap(Num u, Num v) {
    const Num tu = state_.terminal(u), tv = state_.terminal(v);
    if (tu == tv || pinned_[v]) return;
    if (turn_[v] >= std::max(changed_[u], changed_[v])) return;  // tried in v's turn, unchanged
    const I64 wu = state_.graph().vwgt[u], wv = state_.graph().vwgt[v];
    if (wu != wv && !(keeps_bound(tu, wv - wu) && keeps_bound(tv, wu - wv))) return;
    if (!edge_weight_.empty() &&
        2 * (contribution_[u] + contribution_[v]) <=
            (edge_weight_[u] + edge_weight_[v]) * state_.distance()(tu, tv))
      return;  // the triangle bound above: no gain
    if (gain(u, v) <= 0) return;
    state_.swap(u, v);
    ++clock_;
    if (!slot_of_.empty()) {
      std::swap(slot_[slot_of_[u]], slot_[slot_of_[v]]);
      std::swap(slot_of_[u], slot_of_[v]);
    }
    activate_around(u);
    activate_around(v);
  }
  // True if terminal t may take a load change of delta.
  bool keeps_bound(Num t, I64 delta) const {
    return delta <= 0 || state_.load(t) + delta <= state_.capacity(t);
  }

  const Graph& graph_;
  KwayState& state_;
  const std::vector<char>& pinned_;
  const SwapOptions& options_;
  std::vector<Num> queue_;
  std::size_t head_ = 0;
  std::vector<char> queued_;
  std::vector<I64> contribution_;  // per vertex: cost of its edges at the current terminals
  std::vector<I64> edge_weight_;   // per vertex: weight of its edges (empty: no triangle bound)
  // Exchanges made so far; per vertex, their count when its pairs' gains last changed (it or a
  // neighbour exchanged) and when its last turn started.
  I64 clock_ = 0;
  std::vector<I64> changed_, turn_;
  std::vector<Num> slot_, slot_of_;  // nbh=np: vertex of each slot, slot of each vertex
};

class SwapMethod : public MappingMethod {
 public:
  explicit SwapMethod(const SwapOptions& options) : options_(options) {}

  void apply(MappingContext& ctx) const override {
    validate_context(ctx);
    const Graph& graph = ctx.graph;
    const Num n = graph.vertnbr;
    const Num k = ctx.arch.size();
    for (Num v = 0; v < n; ++v)
      if (ctx.parttab[v] < 0 || ctx.parttab[v] >= k)
        fail_invalid("swap local search needs a complete mapping: vertex " +
                     std::to_string(graph.label(v)) + " is on terminal " +
                     std::to_string(ctx.parttab[v]) +
                     " (run a construction such as mm or topdown first)");
    PhaseLog::Timer timer(ctx.phases, "swap");
    const DistanceOracle distance(ctx.arch);
    const CsrGraph csr = csr_from_graph(graph);
    KwayState state(csr, distance, ctx.parttab,
                    terminal_capacities(ctx.arch, total_vertex_load(graph), ctx.imbalance));
    const std::vector<char> pinned = pinned_vertices(ctx);
    SwapSearch(graph, state, pinned, options_).run(ctx.random);
    ctx.parttab = state.release_part();
  }

 private:
  SwapOptions options_;
};

}  // namespace

const char* const kSwapKeys[] = {"nbh", "d", "block", "rounds", nullptr};

MethodPtr make_swap_method(const MethodParams& params) {
  SwapOptions options;
  static const Neighbourhood kNeighbourhoods[] = {
      Neighbourhood::all_pairs, Neighbourhood::pruned, Neighbourhood::communication};
  options.neighbourhood = kNeighbourhoods[params.choice("nbh", {"n2", "np", "comm"}, 2)];
  options.depth = params.integer("d", options.depth, 1, 1000000);
  options.block = params.integer("block", options.block, 2, 1000000);
  options.rounds = params.integer("rounds", options.rounds, 1, 1000000);
  return std::make_unique<SwapMethod>(options);
}

}  // namespace tartan
