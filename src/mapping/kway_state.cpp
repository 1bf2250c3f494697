#include "mapping/kway_state.hpp"

#include <algorithm>
#include <string>

#include "common/big_arrays.hpp"
#include "common/error.hpp"

namespace tartan {

using I64 = std::int64_t;

I64 mapping_cost(const Graph& graph, const DistanceOracle& distance, const Num* parttab) {
  I64 cost = 0;
  for (Num v = 0; v < graph.vertnbr; ++v) {
    const Num p = parttab[v];
    if (p == -1) continue;
    for (Num arc = graph.begin(v); arc < graph.end(v); ++arc) {
      const Num u = graph.neighbour(arc);
      if (u <= v || parttab[u] == -1) continue;
      cost += static_cast<I64>(graph.arc_weight(arc)) * distance(p, parttab[u]);
    }
  }
  return cost;
}

KwayState::KwayState(const CsrGraph& graph, const DistanceOracle& distance, std::vector<Num> part,
                     TerminalCapacities capacity)
    : graph_(graph),
      distance_(distance),
      part_(std::move(part)),
      capacity_(std::move(capacity)),
      foreign_arcs_(big_vector<Num>(static_cast<std::size_t>(graph.vertex_count()), 0)),
      boundary_slot_(big_vector<Num>(static_cast<std::size_t>(graph.vertex_count()), -1)) {
  const Num n = graph.vertex_count();
  const Num k = capacity_.size();
  if (dense()) {
    load_.assign(static_cast<std::size_t>(k), 0);
    slot_of_terminal_.assign(static_cast<std::size_t>(k), -1);
  }
  if (static_cast<Num>(part_.size()) != n)
    fail(ErrorCode::internal, "KwayState: the mapping does not match the graph");
  for (Num v = 0; v < n; ++v) {
    if (part_[v] < 0 || part_[v] >= k)
      fail(ErrorCode::internal, "KwayState: vertex " + std::to_string(v) + " is on terminal " +
                                    std::to_string(part_[v]));
    add_load(part_[v], graph.vwgt[v]);
  }
  for (Num v = 0; v < n; ++v) {
    for (Num arc = graph.xadj[v]; arc < graph.xadj[v + 1]; ++arc) {
      const Num u = graph.adjncy[arc];
      if (u == v || part_[u] == part_[v]) continue;
      ++foreign_arcs_[v];
      if (u > v) cost_ += static_cast<I64>(graph.adjwgt[arc]) * distance_(part_[v], part_[u]);
    }
    if (foreign_arcs_[v] > 0) set_boundary(v, true);
  }
}

void KwayState::set_boundary(Num v, bool on) {
  if (on == on_boundary(v)) return;
  if (on) {
    boundary_slot_[v] = static_cast<Num>(boundary_.size());
    boundary_.push_back(v);
  } else {
    const Num slot = boundary_slot_[v];
    const Num last = boundary_.back();
    boundary_[slot] = last;
    boundary_slot_[last] = slot;
    boundary_.pop_back();
    boundary_slot_[v] = -1;
  }
}

const std::vector<KwayState::NeighbourTerminal>& KwayState::neighbour_terminals(Num v) {
  near_.clear();
  // The same loop over a table or a hash map (two loops: the hot dense one stays tight).
  auto gather = [&](auto&& slot_of) {
    for (Num arc = graph_.xadj[v]; arc < graph_.xadj[v + 1]; ++arc) {
      const Num u = graph_.adjncy[arc];
      if (u == v) continue;
      const Num t = part_[u];
      Num& slot = slot_of(t);
      if (slot < 0) {
        slot = static_cast<Num>(near_.size());
        near_.push_back({t, 0});
      }
      near_[slot].weight += graph_.adjwgt[arc];
    }
  };
  if (dense()) {
    Num* table = slot_of_terminal_.data();
    gather([table](Num t) -> Num& { return table[t]; });
    for (const NeighbourTerminal& near : near_) table[near.terminal] = -1;
  } else {
    gather([this](Num t) -> Num& { return sparse_slot_.try_emplace(t, -1).first->second; });
    sparse_slot_.clear();
  }
  return near_;
}

I64 KwayState::cost_toward(Num t) const {
  I64 cost = 0;
  for (const NeighbourTerminal& near : near_) cost += near.weight * distance_(t, near.terminal);
  return cost;
}

I64 KwayState::edges_cost(Num v, Num t, Num except) const {
  I64 cost = 0;
  for (Num arc = graph_.xadj[v]; arc < graph_.xadj[v + 1]; ++arc) {
    const Num u = graph_.adjncy[arc];
    if (u == v || u == except) continue;
    cost += static_cast<I64>(graph_.adjwgt[arc]) * distance_(t, part_[u]);
  }
  return cost;
}

I64 KwayState::move_gain(Num v, Num t) const {
  if (t == part_[v]) return 0;
  return edges_cost(v, part_[v], -1) - edges_cost(v, t, -1);
}

I64 KwayState::swap_gain(Num u, Num v) const {
  const Num a = part_[u], b = part_[v];
  if (a == b || u == v) return 0;
  // The u-v edges keep their length; every other edge of u and v changes one end.
  return edges_cost(u, a, v) - edges_cost(u, b, v) + edges_cost(v, b, u) - edges_cost(v, a, u);
}

void KwayState::relocate(Num v, Num t) {
  const Num from = part_[v];
  const I64 w = graph_.vwgt[v];
  add_load(from, -w);
  add_load(t, w);
  part_[v] = t;
  for (Num arc = graph_.xadj[v]; arc < graph_.xadj[v + 1]; ++arc) {
    const Num u = graph_.adjncy[arc];
    if (u == v) continue;
    const int before = part_[u] != from, after = part_[u] != t;
    if (before == after) continue;
    const Num change = after - before;
    foreign_arcs_[v] += change;
    foreign_arcs_[u] += change;
    set_boundary(u, foreign_arcs_[u] > 0);
  }
  set_boundary(v, foreign_arcs_[v] > 0);
}

I64 KwayState::move(Num v, Num t) {
  const I64 change = -move_gain(v, t);
  if (t != part_[v]) relocate(v, t);
  cost_ += change;
  return change;
}

I64 KwayState::swap(Num u, Num v) {
  const I64 change = -swap_gain(u, v);
  const Num a = part_[u], b = part_[v];
  if (a != b) {
    relocate(u, b);
    relocate(v, a);
  }
  cost_ += change;
  return change;
}

void KwayState::add_load(Num t, I64 w) {
  if (dense()) {
    load_[t] += w;
    return;
  }
  const I64 now = (sparse_load_[t] += w);
  if (now == 0) sparse_load_.erase(t);
}

std::vector<Num> KwayState::loaded_terminals() const {
  std::vector<Num> terminals;
  if (dense()) {
    for (Num t = 0; t < terminal_count(); ++t)
      if (load_[t] != 0) terminals.push_back(t);
    return terminals;
  }
  for (const auto& entry : sparse_load_) terminals.push_back(entry.first);
  std::sort(terminals.begin(), terminals.end());
  return terminals;
}

I64 KwayState::recomputed_cost() const {
  I64 cost = 0;
  for (Num v = 0; v < graph_.vertex_count(); ++v)
    for (Num arc = graph_.xadj[v]; arc < graph_.xadj[v + 1]; ++arc) {
      const Num u = graph_.adjncy[arc];
      if (u > v) cost += static_cast<I64>(graph_.adjwgt[arc]) * distance_(part_[v], part_[u]);
    }
  return cost;
}

}  // namespace tartan
