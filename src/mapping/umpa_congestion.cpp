// `umpa_mc` and `umpa_mmc`: Deveci, Kaya, Uçar and Çatalyürek's refinement of MC (the largest
// volume / bandwidth over the links) and of MMC (the largest message count) under the target's
// static routes ("Fast and high quality topology-aware task mapping", Algorithm 3; the rule in
// umpa_common.hpp), on the node level: one algorithm, two figures. The paper keeps
// a heap of links by congestion and, per link, the tasks whose messages cross it (commTasks);
// here the heap is lazy (an entry is current while its key equals the link's load) and each link
// used keeps the node-level arcs routed over it, updated along the old and new routes of an
// exchange, so memory is O(links used + total hops).
#include <algorithm>
#include <memory>
#include <queue>
#include <unordered_map>
#include <utility>
#include <vector>

#include "mapping/link_loads.hpp"
#include "mapping/methods.hpp"
#include "mapping/umpa_common.hpp"

namespace tartan {

namespace {

using I64 = std::int64_t;

class CongestionRefinement {
 public:
  CongestionRefinement(KwayState& state, const NodeLevel& level, const Network& network,
                       Num delta, bool by_messages)
      : state_(state), level_(level), g_(state.graph()), network_(network), loads_(network),
        search_(network, g_.vertex_count()), delta_(delta), by_messages_(by_messages) {
    const Num k = g_.vertex_count();
    source_.resize(static_cast<std::size_t>(g_.arc_count()));
    for (Num v = 0; v < k; ++v)
      for (Num arc = g_.xadj[v]; arc < g_.xadj[v + 1]; ++arc) source_[arc] = v;
    occupant_.resize(static_cast<std::size_t>(k));
    for (Num v = 0; v < k; ++v) occupant_[state_.terminal(v)] = v;
    arc_stamp_.assign(static_cast<std::size_t>(g_.arc_count()), 0);
    slot_.resize(static_cast<std::size_t>(g_.arc_count()));
    node_stamp_.assign(static_cast<std::size_t>(k), 0);
    for (Num arc = 0; arc < g_.arc_count(); ++arc) route_arc(arc, +1, true);
    for (const auto& entry : arcs_on_) push(entry.first);
  }

  void run() {
    for (;;) {
      const LinkIndex link = most_loaded();
      if (link < 0) return;
      if (!relieve(link)) return;
    }
  }

 private:
  double value(LinkIndex link) const {
    return by_messages_ ? static_cast<double>(loads_.messages(link)) : loads_.congestion(link);
  }
  bool message(Num arc) const { return g_.adjwgt[arc] > 0; }

  // Adds (+1) or removes (-1) the message of arc at the current terminals in the loads and,
  // with lists, in the per-link arc lists.
  void route_arc(Num arc, int sign, bool lists) {
    if (!message(arc)) return;
    route_.clear();
    network_.route(state_.terminal(source_[arc]), state_.terminal(g_.adjncy[arc]), route_);
    loads_.add_route(route_, static_cast<double>(g_.adjwgt[arc]), sign, level_.messages[arc]);
    if (!lists) return;
    // Each hop of the arc knows its slot in its link's list: removal in O(1) per hop, however
    // many messages share the link.
    std::vector<Num>& slots = slot_[arc];
    if (sign > 0) slots.resize(route_.size());
    for (std::size_t hop = 0; hop < route_.size(); ++hop) {
      std::vector<std::pair<Num, Num>>& arcs = arcs_on_[route_[hop]];
      if (sign > 0) {
        slots[hop] = static_cast<Num>(arcs.size());
        arcs.push_back({arc, static_cast<Num>(hop)});
      } else {
        const std::pair<Num, Num> last = arcs.back();
        arcs[slots[hop]] = last;
        slot_[last.first][last.second] = slots[hop];
        arcs.pop_back();
      }
    }
  }

  void push(LinkIndex link) { heap_.push({value(link), -link}); }

  // The link of largest load (ties: the lower number), -1 when no link carries anything.
  LinkIndex most_loaded() {
    while (!heap_.empty()) {
      const auto top = heap_.top();
      const LinkIndex link = -top.second;
      if (value(link) == top.first) return top.first > 0 ? link : -1;
      heap_.pop();
    }
    return -1;
  }

  // The arcs whose messages change when u and v exchange terminals (each once).
  void affected_arcs(Num u, Num v) {
    ++arc_round_;
    affected_.clear();
    for (Num x : {u, v})
      for (Num arc = g_.xadj[x]; arc < g_.xadj[x + 1]; ++arc)
        for (Num a : {arc, level_.reverse[arc]})
          if (arc_stamp_[a] != arc_round_) {
            arc_stamp_[a] = arc_round_;
            affected_.push_back(a);
          }
  }

  // Exchanges u and v in the loads and the state (lists: in the per-link arc lists too); the
  // links changed land in touched_ with their loads before (first occurrence per link).
  void exchange(Num u, Num v, bool lists) {
    affected_arcs(u, v);
    touched_.clear();
    for (Num arc : affected_) {
      if (!message(arc)) continue;
      route_.clear();
      network_.route(state_.terminal(source_[arc]), state_.terminal(g_.adjncy[arc]), route_);
      for (LinkIndex link : route_) touched_.push_back({link, value(link)});
    }
    for (Num arc : affected_) route_arc(arc, -1, lists);
    state_.swap(u, v);
    for (Num arc : affected_) {
      if (!message(arc)) continue;
      route_.clear();
      network_.route(state_.terminal(source_[arc]), state_.terminal(g_.adjncy[arc]), route_);
      for (LinkIndex link : route_) touched_.push_back({link, value(link)});
    }
    for (Num arc : affected_) route_arc(arc, +1, lists);
    std::stable_sort(touched_.begin(), touched_.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    touched_.erase(std::unique(touched_.begin(), touched_.end(),
                               [](const auto& a, const auto& b) { return a.first == b.first; }),
                   touched_.end());
  }

  // The new largest load among the links the last exchange changed if it relieves `link` from
  // the maximum `most` without bringing another link to it; -1 otherwise.
  double judge(LinkIndex link, double most) const {
    bool relieved = false;
    double highest = 0;
    for (const auto& entry : touched_) {
      const double now = value(entry.first);
      if (entry.first == link) {
        if (now >= most) return -1;
        relieved = true;
      } else if (now >= most && now > entry.second) {
        return -1;
      }
      highest = std::max(highest, now);
    }
    return relieved ? highest : -1;
  }

  bool relieve(LinkIndex link) {
    const double most = value(link);
    // Ends of the messages over the link, the heaviest message first.
    std::vector<std::pair<I64, Num>> ends;
    for (const auto& entry : arcs_on_[link]) {
      const Num arc = entry.first;
      ends.push_back({-static_cast<I64>(g_.adjwgt[arc]), source_[arc]});
      ends.push_back({-static_cast<I64>(g_.adjwgt[arc]), g_.adjncy[arc]});
    }
    std::sort(ends.begin(), ends.end());
    ++node_round_;
    std::vector<Num> starts;
    for (const auto& end : ends) {
      const Num v = end.second;
      if (node_stamp_[v] == node_round_ || level_.pinned[state_.terminal(v)]) continue;
      node_stamp_[v] = node_round_;
      starts.clear();
      for (Num arc = g_.xadj[v]; arc < g_.xadj[v + 1]; ++arc)
        starts.push_back(state_.terminal(g_.adjncy[arc]));
      Num best = -1, tried = 0;
      double best_high = 0;
      I64 best_gain = 0;
      search_.run(starts, [&](Num t, Num) {
        if (t == state_.terminal(v) || level_.pinned[t]) return true;
        const Num u = occupant_[t];
        ++tried;
        if (node_swap_fits(state_, level_, v, u)) {
          const I64 gain = state_.swap_gain(v, u);
          exchange(v, u, false);
          const double high = judge(link, most);
          exchange(v, u, false);  // back
          if (high >= 0 && (best < 0 || high < best_high || (high == best_high && gain > best_gain))) {
            best = u;
            best_high = high;
            best_gain = gain;
          }
        }
        return tried < delta_;
      });
      if (best < 0) continue;
      exchange(v, best, true);
      occupant_[state_.terminal(v)] = v;
      occupant_[state_.terminal(best)] = best;
      for (const auto& entry : touched_) push(entry.first);
      return true;
    }
    return false;
  }

  KwayState& state_;
  const NodeLevel& level_;
  const CsrGraph& g_;
  const Network& network_;
  LinkLoads loads_;
  NodeSearch search_;
  Num delta_;
  bool by_messages_;
  std::vector<Num> source_;    // per arc: its tail
  std::vector<Num> occupant_;  // per terminal: the node-level vertex on it
  // Per link used: the (arc, hop) routed over it; per arc: the slot of each hop in those lists.
  std::unordered_map<LinkIndex, std::vector<std::pair<Num, Num>>> arcs_on_;
  std::vector<std::vector<Num>> slot_;
  std::priority_queue<std::pair<double, LinkIndex>> heap_;   // (load, -link), lazy
  std::vector<LinkIndex> route_;
  std::vector<Num> affected_;
  std::vector<std::pair<LinkIndex, double>> touched_;
  std::vector<std::uint64_t> arc_stamp_, node_stamp_;
  std::uint64_t arc_round_ = 0, node_round_ = 0;
};

class UmpaCongestionMethod : public MappingMethod {
 public:
  UmpaCongestionMethod(Num delta, bool by_messages) : delta_(delta), by_messages_(by_messages) {}

  void apply(MappingContext& ctx) const override {
    refine_node_level(ctx, by_messages_ ? "umpa_mmc" : "umpa_mc",
                      [&](KwayState& state, const NodeLevel& level, const Network& network) {
                        refine_congestion(state, level, network, delta_, by_messages_);
                      });
  }

 private:
  Num delta_;
  bool by_messages_;
};

}  // namespace

const char* const kUmpaMcKeys[] = {"delta", nullptr};
const char* const kUmpaMmcKeys[] = {"delta", nullptr};

MethodPtr make_umpa_mc_method(const MethodParams& params) {
  return std::make_unique<UmpaCongestionMethod>(params.integer("delta", 8, 1, 1000000), false);
}

MethodPtr make_umpa_mmc_method(const MethodParams& params) {
  return std::make_unique<UmpaCongestionMethod>(params.integer("delta", 8, 1, 1000000), true);
}

void refine_congestion(KwayState& state, const NodeLevel& level, const Network& network,
                       Num delta, bool by_messages) {
  CongestionRefinement(state, level, network, delta, by_messages).run();
}

}  // namespace tartan
