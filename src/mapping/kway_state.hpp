// A complete mapping being improved: the shared state of every move- and swap-based refinement
// (k-way refinement today; swap local search, WH/MC refinement, threshold accepting, KL and SA
// build on it). It keeps the terminal of every vertex, the terminal loads against their
// capacities, the boundary (vertices with a neighbour on another terminal) and the
// communication cost, sum over edges of weight x terminal distance; move(v, t) and swap(u, v)
// update all of it in O(degree) distance queries and return the change of cost.
//
//   KwayState state(graph, oracle, part, terminal_capacities(arch, total, imbalance));
//   for (const auto& near : state.neighbour_terminals(v)) ... state.move_gain(v, near.terminal)
//   if (state.fits(v, t) && state.move_gain(v, t) > 0) state.move(v, t);
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "arch/distance_oracle.hpp"
#include "common/num.hpp"
#include "graph/coarsening.hpp"
#include "graph/graph.hpp"
#include "mapping/balance.hpp"

namespace tartan {

// Sum over the edges whose two ends are mapped (parttab[v] != -1) of weight x distance between
// their terminals: the communication cost every method minimises and gmtst reports.
std::int64_t mapping_cost(const Graph& graph, const DistanceOracle& distance, const Num* parttab);

class KwayState {
 public:
  using I64 = std::int64_t;
  struct NeighbourTerminal {
    Num terminal;
    I64 weight;  // summed weight of the edges toward that terminal
  };

  // graph (borrowed) with part[v] in [0, distance.size()) for every vertex; capacity per
  // terminal. Self loops are ignored. The per-terminal tables (loads, scratch) are arrays over
  // the terminals when capacity is dense, hash maps over the terminals in use otherwise.
  KwayState(const CsrGraph& graph, const DistanceOracle& distance, std::vector<Num> part,
            TerminalCapacities capacity);

  const CsrGraph& graph() const { return graph_; }
  const DistanceOracle& distance() const { return distance_; }
  Num terminal(Num v) const { return part_[v]; }
  const std::vector<Num>& part() const { return part_; }
  std::vector<Num> release_part() { return std::move(part_); }

  Num terminal_count() const { return capacity_.size(); }
  // False when the target is too big for per-terminal arrays (see TerminalCapacities).
  bool dense() const { return capacity_.dense(); }
  I64 load(Num t) const {
    if (dense()) return load_[t];
    const auto found = sparse_load_.find(t);
    return found == sparse_load_.end() ? 0 : found->second;
  }
  I64 capacity(Num t) const { return capacity_[t]; }
  bool overloaded(Num t) const { return load(t) > capacity(t); }
  // True if v can join terminal t without exceeding its capacity.
  bool fits(Num v, Num t) const { return load(t) + graph_.vwgt[v] <= capacity(t); }
  // The terminals holding some load, by increasing number (O(terminals in use) when not dense,
  // O(k) otherwise).
  std::vector<Num> loaded_terminals() const;
  I64 cost() const { return cost_; }

  // Vertices with a neighbour on another terminal, in no particular order.
  const std::vector<Num>& boundary() const { return boundary_; }
  bool on_boundary(Num v) const { return boundary_slot_[v] >= 0; }

  // The distinct terminals of v's neighbours with the summed weights toward each, in order of
  // first neighbour. O(degree); valid until the next call.
  const std::vector<NeighbourTerminal>& neighbour_terminals(Num v);
  // Cost of v's edges if v were on t, given the list neighbour_terminals(v) just returned.
  I64 cost_toward(Num t) const;

  // Cost decrease if v moved to t (positive: better).
  I64 move_gain(Num v, Num t) const;
  // Cost decrease if u and v exchanged their terminals.
  I64 swap_gain(Num u, Num v) const;
  // Moves v to t, updates loads, boundary and cost; returns the change of cost (new - old).
  I64 move(Num v, Num t);
  // Exchanges the terminals of u and v; returns the change of cost.
  I64 swap(Num u, Num v);

  // The cost recomputed from scratch (tests compare it with cost()).
  I64 recomputed_cost() const;

 private:
  // Cost of v's edges, other vertex `except` left out, if v were on t.
  I64 edges_cost(Num v, Num t, Num except) const;
  // Sets v's terminal to t, updating loads and boundary (not the cost).
  void relocate(Num v, Num t);
  void set_boundary(Num v, bool on);

  const CsrGraph& graph_;
  const DistanceOracle& distance_;
  std::vector<Num> part_;
  void add_load(Num t, I64 w);

  TerminalCapacities capacity_;
  std::vector<I64> load_;                      // dense
  std::unordered_map<Num, I64> sparse_load_;   // otherwise: the terminals holding load
  std::vector<Num> foreign_arcs_;   // per vertex: arcs toward another terminal
  std::vector<Num> boundary_;
  std::vector<Num> boundary_slot_;  // position in boundary_, or -1
  std::vector<Num> slot_of_terminal_;  // scratch of neighbour_terminals, -1 outside it (dense)
  std::unordered_map<Num, Num> sparse_slot_;  // the same when not dense
  std::vector<NeighbourTerminal> near_;
  I64 cost_ = 0;
};

}  // namespace tartan
