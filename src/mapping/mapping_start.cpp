#include "mapping/mapping_start.hpp"

#include <algorithm>
#include <queue>
#include <string>
#include <unordered_set>
#include <utility>

#include "common/error.hpp"
#include "mapping/balance.hpp"

namespace tartan {

using I64 = std::int64_t;

I64 total_vertex_load(const Graph& graph) {
  I64 total = 0;
  for (Num v = 0; v < graph.vertnbr; ++v) total += graph.vertex_load(v);
  return total;
}

std::vector<char> pinned_vertices(const MappingContext& ctx) {
  std::vector<char> pinned(static_cast<std::size_t>(ctx.graph.vertnbr), 0);
  for (std::size_t v = 0; v < ctx.fixed.size(); ++v) pinned[v] = ctx.fixed[v] ? 1 : 0;
  return pinned;
}

void place_unmapped_at_random(const CsrGraph& graph, std::vector<Num>& part,
                              const std::vector<I64>& capacity, Random& random) {
  const Num n = graph.vertex_count();
  const Num k = static_cast<Num>(capacity.size());
  std::vector<I64> room(capacity);
  std::vector<Num> order;
  for (Num v = 0; v < n; ++v) {
    if (part[v] >= 0)
      room[part[v]] -= graph.vwgt[v];
    else
      order.push_back(v);
  }
  if (order.empty()) return;
  random.shuffle(order);
  // Heaviest first (random among equal loads), so that the last, light ones even the loads out.
  std::stable_sort(order.begin(), order.end(),
                   [&](Num a, Num b) { return graph.vwgt[a] > graph.vwgt[b]; });
  // Most room first; at equal room the lowest terminal.
  using Slot = std::pair<I64, Num>;
  auto less_room = [](const Slot& a, const Slot& b) {
    return a.first != b.first ? a.first < b.first : a.second > b.second;
  };
  std::priority_queue<Slot, std::vector<Slot>, decltype(less_room)> heap(less_room);
  for (Num t = 0; t < k; ++t) heap.push({room[t], t});
  for (Num v : order) {
    Slot top = heap.top();
    heap.pop();
    part[v] = top.second;
    top.first -= graph.vwgt[v];
    heap.push(top);
  }
}

Num repair_overload(KwayState& state, const std::vector<char>& pinned) {
  const CsrGraph& graph = state.graph();
  const Num n = graph.vertex_count();
  const Num k = state.terminal_count();
  struct Candidate {
    I64 gain;
    Num vertex;
  };
  // Terminals pushed over their bound by a relaxed move: no longer relieved, nor receiving.
  std::vector<char> settled_table(state.dense() ? static_cast<std::size_t>(k) : 0, 0);
  std::unordered_set<Num> settled_set;
  auto is_settled = [&](Num t) { return state.dense() ? settled_table[t] != 0 : settled_set.count(t) > 0; };
  auto settle = [&](Num t) {
    if (state.dense())
      settled_table[t] = 1;
    else
      settled_set.insert(t);
  };
  auto source = [&](Num t) { return state.overloaded(t) && !is_settled(t); };
  // Strict: v fits in t. Relaxed (once strict moves are stuck, loads other than 1): t is below
  // its bound and ends lighter than v's terminal, so it exceeds its bound by less than v's load.
  bool relaxed = false;
  auto accepts = [&](Num v, Num from, Num t) {
    if (t == from || is_settled(t)) return false;
    if (state.fits(v, t)) return true;
    return relaxed && state.load(t) < state.capacity(t) &&
           state.load(t) + graph.vwgt[v] < state.load(from);
  };
  std::vector<Candidate> candidates;
  Num moves = 0;
  for (;;) {
    candidates.clear();
    for (Num v = 0; v < n; ++v)
      if (!pinned[v] && source(state.terminal(v))) candidates.push_back({0, v});
    if (candidates.empty()) return moves;
    // Rank the candidates by the gain of their best move toward a neighbour's terminal.
    for (Candidate& c : candidates) {
      const Num v = c.vertex;
      const Num from = state.terminal(v);
      const auto& near = state.neighbour_terminals(v);
      const I64 current = state.cost_toward(from);
      // Leaving for a terminal none of v's neighbours is on costs at least all of v's edges.
      I64 best = -current;
      for (const auto& t : near)
        if (t.terminal != from) best = std::max(best, current - state.cost_toward(t.terminal));
      c.gain = best;
    }
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const Candidate& a, const Candidate& b) { return a.gain > b.gain; });
    Num round_moves = 0;
    for (const Candidate& c : candidates) {
      const Num v = c.vertex;
      const Num from = state.terminal(v);
      if (!source(from)) continue;
      const auto& near = state.neighbour_terminals(v);
      const I64 current = state.cost_toward(from);
      Num target = -1;
      I64 best_gain = 0;
      for (const auto& t : near) {
        if (!accepts(v, from, t.terminal)) continue;
        const I64 gain = current - state.cost_toward(t.terminal);
        if (target == -1 || gain > best_gain) {
          target = t.terminal;
          best_gain = gain;
        }
      }
      if (target == -1) {
        // No neighbour's terminal takes v: the terminal with the most room, nearest on a tie.
        // On a target too big to visit every terminal, the terminals in use and the first empty
        // ones after and before v's (there is one within n terminals) stand for the rest.
        I64 most_room = 0;
        std::vector<Num> all;
        if (!state.dense()) {
          all = state.loaded_terminals();
          for (Num t = from + 1; t < k && t - from <= n + 1; ++t)
            if (state.load(t) == 0) {
              all.push_back(t);
              break;
            }
          for (Num t = from - 1; t >= 0 && from - t <= n + 1; --t)
            if (state.load(t) == 0) {
              all.push_back(t);
              break;
            }
        }
        const Num count = state.dense() ? k : static_cast<Num>(all.size());
        for (Num i = 0; i < count; ++i) {
          const Num t = state.dense() ? i : all[i];
          if (!accepts(v, from, t)) continue;
          const I64 room = state.capacity(t) - state.load(t);
          if (target == -1 || room > most_room ||
              (room == most_room && state.distance()(from, t) < state.distance()(from, target))) {
            target = t;
            most_room = room;
          }
        }
      }
      if (target == -1) continue;
      state.move(v, target);
      if (state.overloaded(target)) settle(target);
      ++round_moves;
    }
    moves += round_moves;
    if (round_moves == 0) {
      if (relaxed) return moves;
      relaxed = true;
    }
  }
}

void complete_mapping(MappingContext& ctx, const CsrGraph& graph, const std::vector<I64>& capacity) {
  const Num k = ctx.arch.size();
  for (Num v = 0; v < ctx.graph.vertnbr; ++v)
    if (ctx.parttab[v] < -1 || ctx.parttab[v] >= k)
      fail_invalid("vertex " + std::to_string(ctx.graph.label(v)) + " is on terminal " +
                   std::to_string(ctx.parttab[v]) + ", outside the target's " +
                   std::to_string(k) + " terminals");
  place_unmapped_at_random(graph, ctx.parttab, capacity, ctx.random);
}

void relieve_overload(MappingContext& ctx) {
  const TerminalCapacities capacity(ctx.arch, total_vertex_load(ctx.graph), ctx.imbalance);
  // The loads of the terminals in use: (terminal, load) sorted by terminal, O(n log n) whatever
  // the size of the target.
  std::vector<std::pair<Num, I64>> loads(static_cast<std::size_t>(ctx.graph.vertnbr));
  for (Num v = 0; v < ctx.graph.vertnbr; ++v) loads[v] = {ctx.parttab[v], ctx.graph.vertex_load(v)};
  std::sort(loads.begin(), loads.end());
  bool overloaded = false;
  for (std::size_t i = 0; i < loads.size() && !overloaded;) {
    I64 load = 0;
    std::size_t j = i;
    for (; j < loads.size() && loads[j].first == loads[i].first; ++j) load += loads[j].second;
    overloaded = load > capacity[loads[i].first];
    i = j;
  }
  if (!overloaded) return;
  PhaseLog::Timer timer(ctx.phases, "load bound");
  const CsrGraph graph = csr_from_graph(ctx.graph);
  const DistanceOracle distance(ctx.arch);
  KwayState state(graph, distance, std::move(ctx.parttab), capacity);
  repair_overload(state, pinned_vertices(ctx));
  ctx.parttab = state.release_part();
}

void refine_kway_mapping(
    MappingContext& ctx, const char* phase,
    const std::function<void(KwayState& state, const std::vector<char>& pinned)>& refine) {
  validate_context(ctx);
  PhaseLog::Timer timer(ctx.phases, phase);
  const CsrGraph graph = csr_from_graph(ctx.graph);
  const std::vector<I64> capacity =
      terminal_capacities(ctx.arch, total_vertex_load(ctx.graph), ctx.imbalance);
  complete_mapping(ctx, graph, capacity);
  const DistanceOracle distance(ctx.arch);
  const std::vector<char> pinned = pinned_vertices(ctx);
  KwayState state(graph, distance, std::move(ctx.parttab), capacity);
  repair_overload(state, pinned);
  refine(state, pinned);
  ctx.parttab = state.release_part();
}

}  // namespace tartan
