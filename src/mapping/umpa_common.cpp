// What seed 004's mappers share (umpa_common.hpp).
#include "mapping/umpa_common.hpp"

#include <algorithm>

#include <string>

#include "common/error.hpp"
#include "graph/subgraph.hpp"
#include "mapping/balance.hpp"
#include "mapping/mapping_start.hpp"

namespace tartan {

using I64 = std::int64_t;

NodeSearch::NodeSearch(const Network& network, Num terminals)
    : terminals_(terminals), links_(build_link_graph(network)),
      bfs_((view_csr_as_graph(links_.csr, view_), view_)) {}

void NodeSearch::run(const std::vector<Num>& starts, const std::function<bool(Num, Num)>& visit,
                     const std::function<bool(Num)>& level_done) {
  bfs_.start(starts.data(), starts.size());
  Num level = 0;
  do {
    const std::vector<Num>& order = bfs_.order();
    for (std::size_t i = bfs_.level_begin(); i < order.size(); ++i)
      if (order[i] < terminals_ && !visit(order[i], level)) return;
    if (level_done && !level_done(level)) return;
    ++level;
  } while (bfs_.next_level());
}

bool node_swap_fits(const KwayState& state, const NodeLevel& level, Num u, Num v) {
  const Num tu = state.terminal(u), tv = state.terminal(v);
  const I64 wu = level.graph.vwgt[u], wv = level.graph.vwgt[v];
  const auto fits = [&](Num t, I64 before, I64 after) {
    return after <= level.capacity[t] || after <= before;
  };
  return fits(tv, wv, wu) && fits(tu, wu, wv);
}

namespace {

NodeLevel build_node_level(const MappingContext& ctx, const CsrGraph& fine,
                           const std::vector<I64>& capacity) {
  const Num k = ctx.arch.size();
  NodeLevel level;
  level.graph = quotient_csr(fine, ctx.parttab, k);
  // The same quotient over arcs weighing 1 when they carry volume: message counts per arc
  // (quotient_csr lays arcs out by the parts alone, whatever the weights).
  CsrGraph counting = fine;
  for (Num& w : counting.adjwgt) w = w > 0 ? 1 : 0;
  const CsrGraph counted = quotient_csr(counting, ctx.parttab, k);
  level.messages.assign(counted.adjwgt.begin(), counted.adjwgt.end());
  const CsrGraph& g = level.graph;
  level.reverse.assign(static_cast<std::size_t>(g.arc_count()), -1);
  // Arcs paired with their reverse by sorting on the unordered pair of ends: O(m log m) even
  // around vertices of huge degree (quotient_csr merged parallel arcs, so each ordered pair
  // has one arc).
  struct Key {
    Num low, high, arc;
    bool operator<(const Key& o) const {
      return low != o.low ? low < o.low : high != o.high ? high < o.high : arc < o.arc;
    }
  };
  std::vector<Key> keys;
  keys.reserve(level.reverse.size());
  for (Num u = 0; u < k; ++u)
    for (Num arc = g.xadj[u]; arc < g.xadj[u + 1]; ++arc)
      keys.push_back({std::min(u, g.adjncy[arc]), std::max(u, g.adjncy[arc]), arc});
  std::sort(keys.begin(), keys.end());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const bool paired = i + 1 < keys.size() && keys[i + 1].low == keys[i].low &&
                        keys[i + 1].high == keys[i].high;
    if (!paired)
      fail_invalid("the graph is not symmetric: an edge between the vertices of terminals " +
                   std::to_string(keys[i].low) + " and " + std::to_string(keys[i].high) +
                   " goes one way only");
    level.reverse[keys[i].arc] = keys[i + 1].arc;
    level.reverse[keys[i + 1].arc] = keys[i].arc;
    ++i;
  }
  level.pinned.assign(static_cast<std::size_t>(k), 0);
  for (Num v = 0; v < ctx.graph.vertnbr; ++v)
    if (!ctx.fixed.empty() && ctx.fixed[v]) level.pinned[ctx.parttab[v]] = 1;
  level.capacity = capacity;
  return level;
}

}  // namespace

void refine_node_level(
    MappingContext& ctx, const char* phase,
    const std::function<void(KwayState& state, const NodeLevel& level, const Network& network)>&
        refine) {
  validate_context(ctx);
  const Network& network = network_of(ctx.arch);
  PhaseLog::Timer timer(ctx.phases, phase);
  const CsrGraph fine = csr_from_graph(ctx.graph);
  const std::vector<I64> capacity =
      terminal_capacities(ctx.arch, total_vertex_load(ctx.graph), ctx.imbalance);
  complete_mapping(ctx, fine, capacity);
  relieve_overload(ctx);
  const NodeLevel level = build_node_level(ctx, fine, capacity);
  const DistanceOracle distance(ctx.arch);
  std::vector<Num> identity(static_cast<std::size_t>(ctx.arch.size()));
  for (Num t = 0; t < ctx.arch.size(); ++t) identity[t] = t;
  KwayState state(level.graph, distance, std::move(identity), capacity);
  refine(state, level, network);
  for (Num v = 0; v < ctx.graph.vertnbr; ++v) ctx.parttab[v] = state.terminal(ctx.parttab[v]);
}

void LazyMaxHeap::push(Num item, double key) {
  key_[item] = key;
  live_[item] = 1;
  heap_.push_back({key, item});
  std::push_heap(heap_.begin(), heap_.end());
}

Num LazyMaxHeap::pop() {
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end());
    const Entry top = heap_.back();
    heap_.pop_back();
    if (live_[top.item] && key_[top.item] == top.key) {
      live_[top.item] = 0;
      return top.item;
    }
  }
  return -1;
}

}  // namespace tartan
