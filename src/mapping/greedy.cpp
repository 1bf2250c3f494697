// `greedy`: Hoefler and Snir's greedy graph embedding for heterogeneous networks ("Generic
// topology mapping strategies for large-scale parallel architectures" §3.1, Algorithm 1).
// The heaviest vertex (largest sum of edge weights) goes first, to the start terminal; then the
// heaviest edge from a placed vertex x to an unplaced vertex m (a priority queue of edges)
// places m on the closest terminal to x's that has room for it, "closest" by current path cost:
// a Dijkstra search over the target's link graph (network_graph.hpp) whose link cost is one hop
// first, then the link's current congestion (volume / bandwidth) -- the paper's weights
// omega-hat + rho(e) that force minimal hop counts and avoid loaded links among them. Among the
// terminals with room at that fewest hop count (the first 32 settled), m takes the one of least
// weighted hops to all its placed neighbours (x is only the heaviest of them), ties to the
// least congested path; the search stops there, so it costs what it explores. Once m is placed,
// its messages to the placed vertices are added to the link loads along the target's static
// routes (LinkLoads, the loads MC is measured on). When the queue runs dry (a new connected
// piece), the heaviest unplaced vertex starts again from the last terminal used. The paper
// searches from the last terminal used; searching from the placed partner's terminal keeps
// every heavy edge short, which is what the heaviest-edge order is for.
//
// Room: each terminal's load bound (balance.hpp) less the loads put there, fixed vertices
// included; in one-to-one mode (one_to_one.hpp) one vertex each, a permutation. A vertex that
// fits nowhere reachable takes the terminal with the most room and the terminals left above
// their bound are relieved at the end (mapping_start.hpp). `start` = first terminal (default 0),
// `pre=1` pre-partitions first (prepartition.hpp). Time O(n log n + m x route length) plus the
// searches; memory O(n + m + nodes + links).
#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <queue>
#include <string>
#include <utility>
#include <vector>

#include "arch/network.hpp"
#include "common/error.hpp"
#include "mapping/balance.hpp"
#include "mapping/link_loads.hpp"
#include "mapping/mapping_start.hpp"
#include "mapping/methods.hpp"
#include "mapping/network_graph.hpp"
#include "mapping/prepartition.hpp"

namespace tartan {

namespace {

using I64 = std::int64_t;

// Dijkstra over the link graph by (hops, congestion), stopped at the first terminal with room.
class ClosestFreeTerminal {
 public:
  ClosestFreeTerminal(const LinkGraph& links, Num terminals)
      : links_(links), terminals_(terminals),
        cost_(static_cast<std::size_t>(links.csr.vertex_count())),
        stamp_(static_cast<std::size_t>(links.csr.vertex_count()), 0) {}

  // Among the terminals with room at least need that are fewest hops from `from` (the first
  // kCandidates settled, by path congestion), the one of least score(t); ties to the one
  // settled first. -1 if no terminal with room is reachable.
  template <typename Score>
  Num find(Num from, I64 need, const std::vector<I64>& room, const LinkLoads& loads,
           const Score& score) {
    ++round_;
    using Entry = std::pair<Cost, Num>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap;
    reach(from, Cost{0, 0.0}, heap);
    Num best = -1, candidates = 0, level = 0;
    double best_score = 0;
    while (!heap.empty()) {
      const Entry top = heap.top();
      heap.pop();
      const Num node = top.second;
      if (top.first > cost_[node]) continue;  // a stale entry
      if (best >= 0 && (top.first.first > level || candidates == kCandidates)) break;
      if (node < terminals_ && room[node] >= need) {
        const double value = score(node);
        if (best < 0 || value < best_score) {
          best = node;
          best_score = value;
        }
        level = top.first.first;
        ++candidates;
      }
      const CsrGraph& csr = links_.csr;
      for (Num arc = csr.xadj[node]; arc < csr.xadj[node + 1]; ++arc)
        reach(csr.adjncy[arc], Cost{top.first.first + 1, top.first.second +
                                        loads.congestion(links_.link[arc])}, heap);
    }
    return best;
  }

 private:
  static constexpr Num kCandidates = 32;
  using Cost = std::pair<Num, double>;
  template <typename Heap>
  void reach(Num node, Cost cost, Heap& heap) {
    if (stamp_[node] == round_ && !(cost < cost_[node])) return;
    stamp_[node] = round_;
    cost_[node] = cost;
    heap.push({cost, node});
  }

  const LinkGraph& links_;
  Num terminals_;
  std::vector<Cost> cost_;
  std::vector<std::uint64_t> stamp_;
  std::uint64_t round_ = 0;
};

class GreedyMethod : public MappingMethod {
 public:
  GreedyMethod(Num start, const BipartitionOptions& options, bool prepartition)
      : start_(start), options_(options), prepartition_(prepartition) {}

  void apply(MappingContext& ctx) const override {
    validate_context(ctx);
    const Network& network = network_of(ctx.arch);
    const Num k = ctx.arch.size();
    if (start_ >= k)
      fail_invalid("greedy start=" + std::to_string(start_) + " is not a terminal of the target (" +
                   std::to_string(k) + " terminals)");
    if (prepartition_ && map_prepartitioned(ctx, *this, options_)) return;
    const Graph& graph = ctx.graph;
    const Num n = graph.vertnbr;

    std::vector<I64> room = terminal_capacities(ctx.arch, total_vertex_load(graph), ctx.imbalance);
    std::vector<char> placed(static_cast<std::size_t>(n), 0);
    LinkLoads loads(network);
    const LinkGraph links = build_link_graph(network);
    ClosestFreeTerminal search(links, k);

    // Heaviest edge first; ties: the lower vertex numbers (deterministic).
    using Edge = std::pair<I64, std::pair<Num, Num>>;  // weight, (-to, -from)
    std::priority_queue<Edge> queue;
    auto place = [&](Num m, Num t) {
      ctx.parttab[m] = t;
      placed[m] = 1;
      room[t] -= graph.vertex_load(m);
      for (Num arc = graph.verttab[m]; arc < graph.vendtab[m]; ++arc) {
        const Num u = graph.edgetab[arc] - graph.baseval;
        const Num w = graph.arc_weight(arc);
        if (placed[u]) {
          if (w > 0) {
            loads.add_message(t, ctx.parttab[u], static_cast<double>(w));
            loads.add_message(ctx.parttab[u], t, static_cast<double>(w));
          }
        } else {
          queue.push({w, {-u, -m}});
        }
      }
    };
    for (Num v = 0; v < static_cast<Num>(ctx.fixed.size()); ++v)
      if (ctx.fixed[v]) place(v, ctx.parttab[v]);

    // Unplaced vertices by decreasing weight (sum of edge weights), then number.
    std::vector<std::pair<I64, Num>> heaviest;
    for (Num v = 0; v < n; ++v) {
      if (placed[v]) continue;
      I64 weight = 0;
      for (Num arc = graph.verttab[v]; arc < graph.vendtab[v]; ++arc) weight += graph.arc_weight(arc);
      heaviest.push_back({-weight, v});
    }
    std::sort(heaviest.begin(), heaviest.end());
    std::size_t next_heaviest = 0;

    Num last = start_;
    // Weighted hops from terminal t to m's placed neighbours, both ways.
    auto hops_to_placed = [&](Num m, Num t) {
      double sum = 0;
      for (Num arc = graph.verttab[m]; arc < graph.vendtab[m]; ++arc) {
        const Num u = graph.edgetab[arc] - graph.baseval;
        if (placed[u] && ctx.parttab[u] != t)
          sum += static_cast<double>(graph.arc_weight(arc)) *
                 (network.hops(t, ctx.parttab[u]) + network.hops(ctx.parttab[u], t));
      }
      return sum;
    };
    auto put = [&](Num m, Num near) {
      Num t = search.find(near, graph.vertex_load(m), room, loads,
                          [&](Num candidate) { return hops_to_placed(m, candidate); });
      if (t < 0) t = static_cast<Num>(std::max_element(room.begin(), room.end()) - room.begin());
      place(m, t);
      last = t;
    };
    for (;;) {
      if (!queue.empty()) {
        const Edge edge = queue.top();
        queue.pop();
        const Num m = -edge.second.first;
        if (!placed[m]) put(m, ctx.parttab[-edge.second.second]);
        continue;
      }
      while (next_heaviest < heaviest.size() && placed[heaviest[next_heaviest].second]) ++next_heaviest;
      if (next_heaviest == heaviest.size()) break;
      put(heaviest[next_heaviest].second, last);
    }
    relieve_overload(ctx);
  }

 private:
  Num start_;
  BipartitionOptions options_;
  bool prepartition_;
};

}  // namespace

const char* const kGreedyKeys[] = {"start", "pre", "coarse", "ratio", "tries", "passes", "moves",
                                   "slack", nullptr};

MethodPtr make_greedy_method(const MethodParams& params) {
  return std::make_unique<GreedyMethod>(params.integer("start", 0, 0, std::numeric_limits<Num>::max()),
                                        read_bipartition_options(params),
                                        read_prepartition_flag(params));
}

}  // namespace tartan
