// `umpa_wh`: the weighted-hop refinement of Deveci, Kaya, Uçar and Çatalyürek ("Fast and high
// quality topology-aware task mapping", IPDPS 2015, seed 004, Algorithm 2), on the node level
// (umpa_common.hpp): a pass takes the vertices by decreasing WH they incur (a max-heap, the
// keys of the two exchanged vertices' neighbours updated after each exchange); for a vertex, a
// BFS over the target's links from its neighbours' terminals (all at level 0) visits the
// terminals in order, and the first `delta` of them are tried: the vertex exchanges terminals
// with the one there (an empty terminal's node-level vertex: a move) as soon as that lowers WH,
// gains in O(degree) from the KwayState. Passes repeat while a pass lowers WH by at least
// `stop` (a share of the WH before it); fixed vertices' nodes never move.
#include <cstdint>
#include <memory>
#include <vector>

#include "mapping/methods.hpp"
#include "mapping/umpa_common.hpp"

namespace tartan {

namespace {

using I64 = std::int64_t;

// WH vertex v incurs: sum over its arcs of weight x distance.
I64 incurred(const KwayState& state, Num v) {
  const CsrGraph& g = state.graph();
  I64 total = 0;
  for (Num arc = g.xadj[v]; arc < g.xadj[v + 1]; ++arc)
    total += static_cast<I64>(g.adjwgt[arc]) *
             state.distance()(state.terminal(v), state.terminal(g.adjncy[arc]));
  return total;
}

class UmpaWhMethod : public MappingMethod {
 public:
  UmpaWhMethod(Num delta, double stop) : delta_(delta), stop_(stop) {}

  void apply(MappingContext& ctx) const override {
    refine_node_level(ctx, "umpa_wh",
                      [&](KwayState& state, const NodeLevel& level, const Network& network) {
                        refine(state, level, network);
                      });
  }

 private:
  void refine(KwayState& state, const NodeLevel& level, const Network& network) const {
    const CsrGraph& g = state.graph();
    const Num k = g.vertex_count();
    NodeSearch search(network, k);
    std::vector<Num> occupant(static_cast<std::size_t>(k));  // node-level vertex on a terminal
    for (Num v = 0; v < k; ++v) occupant[state.terminal(v)] = v;
    std::vector<std::uint64_t> stamp(static_cast<std::size_t>(k), 0);
    std::uint64_t round = 0;
    std::vector<Num> starts;
    for (;;) {
      const I64 before = state.cost();
      LazyMaxHeap heap(k);
      for (Num v = 0; v < k; ++v)
        if (!level.pinned[state.terminal(v)] && g.xadj[v + 1] > g.xadj[v])
          heap.push(v, static_cast<double>(incurred(state, v)));
      for (Num v = heap.pop(); v >= 0; v = heap.pop()) {
        ++round;
        starts.clear();
        for (Num arc = g.xadj[v]; arc < g.xadj[v + 1]; ++arc) {
          const Num t = state.terminal(g.adjncy[arc]);
          if (stamp[t] != round) {
            stamp[t] = round;
            starts.push_back(t);
          }
        }
        Num tried = 0, partner = -1;
        search.run(starts, [&](Num t, Num) {
          if (t == state.terminal(v) || level.pinned[t]) return true;
          const Num u = occupant[t];
          ++tried;
          if (node_swap_fits(state, level, v, u) && state.swap_gain(v, u) > 0) {
            partner = u;
            return false;
          }
          return tried < delta_;
        });
        if (partner < 0) continue;
        state.swap(v, partner);
        occupant[state.terminal(v)] = v;
        occupant[state.terminal(partner)] = partner;
        for (Num x : {v, partner})
          for (Num arc = g.xadj[x]; arc < g.xadj[x + 1]; ++arc) {
            const Num y = g.adjncy[arc];
            if (heap.contains(y)) heap.push(y, static_cast<double>(incurred(state, y)));
          }
        if (heap.contains(partner)) heap.push(partner, static_cast<double>(incurred(state, partner)));
      }
      const I64 gained = before - state.cost();
      if (gained <= 0 || static_cast<double>(gained) < stop_ * static_cast<double>(before)) break;
    }
  }

  Num delta_;
  double stop_;
};

}  // namespace

const char* const kUmpaWhKeys[] = {"delta", "stop", nullptr};

MethodPtr make_umpa_wh_method(const MethodParams& params) {
  return std::make_unique<UmpaWhMethod>(params.integer("delta", 8, 1, 1000000),
                                        params.number("stop", 0.005, 0.0, 1.0));
}

}  // namespace tartan
