#include "mapping/mapping_start.hpp"

#include <algorithm>
#include <queue>
#include <set>
#include <string>
#include <unordered_map>
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

namespace {

// repair_overload, round by round. Three kinds of move, each tried once the previous one is
// stuck: (1) a vertex of an overloaded terminal into a terminal where it fits; (2) making room:
// a terminal below its bound sends light vertices of its own into terminals where they fit
// until a vertex of an overloaded terminal fits in it (with bounds of 19, a terminal at 21
// holding loads 4, 4, 4, 4, 5 and the others at 17, 18, 18, the one at 17 sends two vertices of
// load 1 to those at 18 and takes a 4); (3) relaxed: into a terminal below its bound that ends
// lighter than the source was, which may then exceed its bound by less than the vertex's load
// and is relieved in turn. Moves (1) and (2) lower the total overload; (3) lowers the sum of
// the squared loads of the two terminals. At most kRelaxedRounds rounds of (3) in all.
class OverloadRepair {
 public:
  OverloadRepair(KwayState& state, const std::vector<char>& pinned)
      : state_(state), pinned_(pinned), graph_(state.graph()), n_(graph_.vertex_count()),
        k_(state.terminal_count()) {}

  Num run() {
    int relaxed_rounds = 0;
    for (;;) {
      collect_candidates();
      if (candidates_.empty()) return moves_;
      if (move_round(Kind::fits) > 0) continue;
      if (make_room_round() > 0) continue;
      if (relaxed_rounds++ >= kRelaxedRounds || move_round(Kind::relaxed) == 0) return moves_;
    }
  }

 private:
  static constexpr int kRelaxedRounds = 64;
  // Making room: terminals tried per vertex, and how many terminals deep room is made.
  static constexpr std::size_t kRoomTries = 4;
  static constexpr int kRoomDepth = 1;
  // Vertices of one overloaded terminal for which room is sought in one round.
  static constexpr int kRoomVertices = 8;
  // Moves tried (most of them undone) while seeking room for one vertex: without a bound, a
  // round on a coarse graph of heavy, uneven vertices (thousands of candidates, a 1 % bound
  // that fits few of them anywhere) tried millions of moves to place a handful.
  static constexpr Num kRoomMoves = 64;
  enum class Kind { fits, relaxed };
  struct Candidate {
    I64 gain;
    Num vertex;
  };

  bool accepts(Kind kind, Num v, Num from, Num t) const {
    if (t == from) return false;
    if (state_.fits(v, t)) return true;
    return kind == Kind::relaxed && state_.load(t) < state_.capacity(t) &&
           state_.load(t) + graph_.vwgt[v] < state_.load(from);
  }

  // Every movable vertex of an overloaded terminal, by decreasing gain of its best move toward
  // a neighbour's terminal (leaving for another terminal costs at least all of its edges).
  void collect_candidates() {
    candidates_.clear();
    for (Num v = 0; v < n_; ++v)
      if (!pinned_[v] && state_.overloaded(state_.terminal(v))) candidates_.push_back({0, v});
    for (Candidate& c : candidates_) {
      const Num from = state_.terminal(c.vertex);
      const auto& near = state_.neighbour_terminals(c.vertex);
      const I64 current = state_.cost_toward(from);
      I64 best = -current;
      for (const auto& t : near)
        if (t.terminal != from) best = std::max(best, current - state_.cost_toward(t.terminal));
      c.gain = best;
    }
    std::stable_sort(candidates_.begin(), candidates_.end(),
                     [](const Candidate& a, const Candidate& b) { return a.gain > b.gain; });
  }

  // Where v goes: the cheapest neighbour's terminal that `ok` accepts, else most_room (`ok`
  // accepts no terminal with less room than `need`).
  template <typename Ok>
  Num destination(Num v, I64 need, Ok ok) {
    const Num from = state_.terminal(v);
    const auto& near = state_.neighbour_terminals(v);
    const I64 current = state_.cost_toward(from);
    Num target = -1;
    I64 best_gain = 0;
    for (const auto& t : near) {
      if (!ok(t.terminal)) continue;
      const I64 gain = current - state_.cost_toward(t.terminal);
      if (target == -1 || gain > best_gain) {
        target = t.terminal;
        best_gain = gain;
      }
    }
    return target != -1 ? target : most_room(v, need, ok);
  }

  // The terminal `ok` accepts with the most room, nearest to v's on a tie; -1 if none. `ok`
  // accepts no terminal with less room than `need`. On a dense target the terminals are visited
  // by decreasing room and the visit stops below `need` or the best room found: making room
  // asks this for every light vertex it tries to move, mostly to learn that nothing fits, and a
  // scan of every terminal each time made it quadratic. On a target too big to visit every
  // terminal, the terminals in use and the first empty ones after and before v's (there is one
  // within n terminals) stand for the rest.
  template <typename Ok>
  Num most_room(Num v, I64 need, Ok ok) {
    const Num from = state_.terminal(v);
    Num target = -1;
    I64 most = 0;
    auto consider = [&](Num t, I64 room) {
      if (room < need || !ok(t)) return;
      if (target == -1 || room > most ||
          (room == most && state_.distance()(from, t) < state_.distance()(from, target))) {
        target = t;
        most = room;
      }
    };
    if (state_.dense()) {
      if (by_room_.empty())
        for (Num t = 0; t < k_; ++t) by_room_.insert({-room(t), t});
      for (const auto& [negative_room, t] : by_room_) {
        if (-negative_room < need || (target != -1 && -negative_room < most)) break;
        consider(t, -negative_room);
      }
      return target;
    }
    std::vector<Num> all = state_.loaded_terminals();
    for (Num t = from + 1; t < k_ && t - from <= n_ + 1; ++t)
      if (state_.load(t) == 0) {
        all.push_back(t);
        break;
      }
    for (Num t = from - 1; t >= 0 && from - t <= n_ + 1; --t)
      if (state_.load(t) == 0) {
        all.push_back(t);
        break;
      }
    for (Num t : all) consider(t, room(t));
    return target;
  }

  I64 room(Num t) const { return state_.capacity(t) - state_.load(t); }

  // Every move goes through here, to keep by_room_ (once built) in step with the loads.
  void move(Num v, Num t) {
    const Num from = state_.terminal(v);
    if (by_room_.empty()) {
      state_.move(v, t);
      return;
    }
    by_room_.erase({-room(from), from});
    by_room_.erase({-room(t), t});
    state_.move(v, t);
    by_room_.insert({-room(from), from});
    by_room_.insert({-room(t), t});
  }

  Num move_round(Kind kind) {
    Num made = 0;
    for (const Candidate& c : candidates_) {
      const Num v = c.vertex;
      const Num from = state_.terminal(v);
      if (!state_.overloaded(from)) continue;
      const I64 need = kind == Kind::fits ? graph_.vwgt[v] : std::min<I64>(graph_.vwgt[v], 1);
      const Num target =
          destination(v, need, [&](Num t) { return accepts(kind, v, from, t); });
      if (target == -1) continue;
      move(v, target);
      ++made;
    }
    moves_ += made;
    return made;
  }

  // Each vertex of an overloaded terminal in turn (while that terminal stays overloaded, and
  // kRoomVertices of each terminal at most: a round's work stays bounded whatever the loads)
  // tries room_tries(v) with room_for. Returns the vertices of overloaded terminals placed.
  Num make_room_round() {
    // The vertices of each terminal when the round starts, by terminal, then load.
    members_.clear();
    for (Num v = 0; v < n_; ++v)
      if (!pinned_[v]) members_.push_back({state_.terminal(v), v});
    std::sort(members_.begin(), members_.end(), [&](const Member& a, const Member& b) {
      if (a.terminal != b.terminal) return a.terminal < b.terminal;
      if (graph_.vwgt[a.vertex] != graph_.vwgt[b.vertex])
        return graph_.vwgt[a.vertex] < graph_.vwgt[b.vertex];
      return a.vertex < b.vertex;
    });
    Num placed = 0;
    std::unordered_map<Num, int> tried;  // per overloaded terminal: its vertices tried
    for (const Candidate& c : candidates_) {
      const Num v = c.vertex;
      const Num from = state_.terminal(v);
      if (!state_.overloaded(from) || tried[from]++ >= kRoomVertices) continue;
      busy_.assign(1, from);
      move_budget_ = kRoomMoves;
      for (Num x : room_tries(v))
        if (room_for(v, x, kRoomDepth)) {
          logged_move(v, x);
          ++placed;
          break;
        }
    }
    journal_.clear();
    return placed;
  }

  bool busy(Num t) const { return std::find(busy_.begin(), busy_.end(), t) != busy_.end(); }

  // Terminals below their bound, not busy, where room for v is sought: its neighbours'
  // terminals, then the one with the most room (kRoomTries at most).
  std::vector<Num> room_tries(Num v) {
    std::vector<Num> tries;
    auto open = [&](Num t) { return !busy(t) && room(t) > 0; };
    for (const auto& t : state_.neighbour_terminals(v))
      if (open(t.terminal) && tries.size() + 1 < kRoomTries) tries.push_back(t.terminal);
    const Num roomiest = most_room(v, 1, open);
    if (roomiest != -1 && std::find(tries.begin(), tries.end(), roomiest) == tries.end())
      tries.push_back(roomiest);
    return tries;
  }

  // Moves vertices of x lighter than v out until v fits in x: each into a terminal where it
  // fits, or, depth > 0, into one that makes room for it the same way (depth - 1). Undoes
  // those moves and returns false if they cannot make enough room within move_budget_.
  bool room_for(Num v, Num x, int depth) {
    if (state_.fits(v, x)) return true;
    const I64 w = graph_.vwgt[v];
    const std::size_t mark = journal_.size();
    busy_.push_back(x);
    auto first = std::lower_bound(members_.begin(), members_.end(), x,
                                  [](const Member& m, Num t) { return m.terminal < t; });
    for (auto it = first; it != members_.end() && it->terminal == x && !state_.fits(v, x) &&
                          move_budget_ > 0;
         ++it) {
      const Num u = it->vertex;
      if (graph_.vwgt[u] >= w) break;
      if (state_.terminal(u) != x || u == v) continue;
      Num to =
          destination(u, graph_.vwgt[u], [&](Num t) { return !busy(t) && state_.fits(u, t); });
      if (to == -1 && depth > 0)
        for (Num y : room_tries(u))
          if (room_for(u, y, depth - 1)) {
            to = y;
            break;
          }
      if (to != -1) {
        logged_move(u, to);
      } else if (depth == 0) {
        // Nothing fits u, so nothing fits the heavier members after it: the moves so far only
        // filled other terminals.
        break;
      }
    }
    busy_.pop_back();
    if (state_.fits(v, x)) return true;
    while (journal_.size() > mark) {
      move(journal_.back().first, journal_.back().second);
      journal_.pop_back();
      --moves_;
    }
    return false;
  }

  void logged_move(Num v, Num t) {
    journal_.push_back({v, state_.terminal(v)});
    move(v, t);
    --move_budget_;
    ++moves_;
  }

  struct Member {
    Num terminal, vertex;
  };

  KwayState& state_;
  const std::vector<char>& pinned_;
  const CsrGraph& graph_;
  Num n_, k_;
  std::vector<Candidate> candidates_;
  std::vector<Member> members_;
  std::vector<Num> busy_;  // the source and the terminals room is being made in
  std::set<std::pair<I64, Num>> by_room_;  // dense targets: (-room, terminal), built on first use
  std::vector<std::pair<Num, Num>> journal_;  // moves of the current attempt: (vertex, from)
  Num moves_ = 0;
  Num move_budget_ = 0;  // moves left to the current vertex's attempts (kRoomMoves)
};

}  // namespace

Num repair_overload(KwayState& state, const std::vector<char>& pinned) {
  return OverloadRepair(state, pinned).run();
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
