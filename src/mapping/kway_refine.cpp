#include "mapping/kway_refine.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "common/error.hpp"
#include "graph/coarsening.hpp"
#include "mapping/distance_cache.hpp"
#include "mapping/drb.hpp"
#include "mapping/methods.hpp"

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
  LevelRefiner(TerminalDistanceCache& distance, const std::vector<I64>& capacity,
               std::vector<I64>& load, Random& random)
      : distance_(distance), capacity_(capacity), load_(load), random_(random),
        slot_of_(capacity.size(), -1) {}

  // Refines part (the terminal of each vertex of graph) in place; pinned vertices never move.
  void refine(const CsrGraph& graph, const std::vector<char>& pinned, std::vector<Num>& part,
              int passes) {
    graph_ = &graph;
    part_ = &part;
    seen_.assign(static_cast<std::size_t>(graph.vertex_count()), 0);
    stamp_ = 0;
    for (int pass = 0; pass < passes; ++pass) {
      collect_boundary(pinned);
      Num moves = 0;
      for (Num v : order_) moves += improve_vertex(v, pinned);
      if (moves == 0) break;
    }
  }

 private:
  struct Move {
    Num target = -1;
    I64 gain = 0;
  };

  // Boundary vertices (a neighbour on another terminal) in a random order.
  void collect_boundary(const std::vector<char>& pinned) {
    const CsrGraph& g = *graph_;
    const std::vector<Num>& part = *part_;
    order_.clear();
    for (Num v = 0; v < g.vertex_count(); ++v) {
      if (pinned[v]) continue;
      for (Num arc = g.xadj[v]; arc < g.xadj[v + 1]; ++arc)
        if (part[g.adjncy[arc]] != part[v]) {
          order_.push_back(v);
          break;
        }
    }
    for (Num i = static_cast<Num>(order_.size()) - 1; i > 0; --i)
      std::swap(order_[i], order_[static_cast<Num>(random_.below(static_cast<std::uint64_t>(i) + 1))]);
  }

  // Fills near_terminal_ / near_weight_ with the distinct terminals of v's neighbours and the
  // summed weights of the edges toward each.
  void gather(Num v) {
    const CsrGraph& g = *graph_;
    const std::vector<Num>& part = *part_;
    near_terminal_.clear();
    near_weight_.clear();
    for (Num arc = g.xadj[v]; arc < g.xadj[v + 1]; ++arc) {
      const Num u = g.adjncy[arc];
      if (u == v) continue;
      const Num t = part[u];
      if (slot_of_[t] < 0) {
        slot_of_[t] = static_cast<Num>(near_terminal_.size());
        near_terminal_.push_back(t);
        near_weight_.push_back(0);
      }
      near_weight_[slot_of_[t]] += g.adjwgt[arc];
    }
    for (Num t : near_terminal_) slot_of_[t] = -1;
  }

  I64 cost_at(Num t) {
    I64 c = 0;
    for (std::size_t j = 0; j < near_terminal_.size(); ++j)
      c += near_weight_[j] * distance_(t, near_terminal_[j]);
    return c;
  }

  // The best move of v (gathered) that fits in the capacities: a gain, or leaving an
  // overloaded terminal, or no change of cost toward a less loaded terminal. Also reports the
  // best positive-gain target that does not fit (blocked).
  Move best_move(Num v, Move* blocked) {
    const Num from = (*part_)[v];
    const I64 w = graph_->vwgt[v];
    const I64 current = cost_at(from);
    const bool overloaded = load_[from] > capacity_[from];
    Move best;
    for (Num t : near_terminal_) {
      if (t == from) continue;
      const I64 gain = current - cost_at(t);
      if (load_[t] + w > capacity_[t]) {
        if (blocked && gain > 0 && (blocked->target == -1 || gain > blocked->gain))
          *blocked = {t, gain};
        continue;
      }
      const bool acceptable = gain > 0 || overloaded || (gain == 0 && load_[t] + w < load_[from]);
      if (!acceptable) continue;
      if (best.target == -1 || gain > best.gain ||
          (gain == best.gain && load_[t] < load_[best.target]))
        best = {t, gain};
    }
    return best;
  }

  void apply_move(Num v, Num to) {
    std::vector<Num>& part = *part_;
    const I64 w = graph_->vwgt[v];
    load_[part[v]] -= w;
    load_[to] += w;
    part[v] = to;
  }

  // Moves v if that pays, directly or, when its best target is full, together with a vertex of
  // that target (within two edges of v) that leaves for a terminal with room so that the pair of
  // moves decreases the cost. Returns the number of vertices moved.
  Num improve_vertex(Num v, const std::vector<char>& pinned) {
    gather(v);
    const Num from = (*part_)[v];
    if (near_terminal_.empty() || (near_terminal_.size() == 1 && near_terminal_[0] == from))
      return 0;
    Move blocked;
    const Move direct = best_move(v, &blocked);
    if (direct.target != -1) {
      apply_move(v, direct.target);
      return 1;
    }
    if (blocked.target == -1) return 0;

    // Tentatively move v, then look for the best vertex leaving the overloaded target.
    const Num full = blocked.target;
    apply_move(v, full);
    const CsrGraph& g = *graph_;
    const std::vector<Num>& part = *part_;
    if (++stamp_ == 0) {
      std::fill(seen_.begin(), seen_.end(), 0);
      stamp_ = 1;
    }
    seen_[v] = stamp_;
    Num candidates = 0;
    Num best_vertex = -1;
    Move best_room;
    auto consider = [&](Num u) {
      if (seen_[u] == stamp_) return;
      seen_[u] = stamp_;
      if (part[u] != full || pinned[u] || candidates >= kRoomCandidates) return;
      ++candidates;
      if (load_[full] - g.vwgt[u] > capacity_[full]) return;
      gather(u);
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
      apply_move(v, from);
      return 0;
    }
    apply_move(best_vertex, best_room.target);
    return 2;
  }

  TerminalDistanceCache& distance_;
  const std::vector<I64>& capacity_;
  std::vector<I64>& load_;
  Random& random_;
  const CsrGraph* graph_ = nullptr;
  std::vector<Num>* part_ = nullptr;
  std::vector<Num> slot_of_;
  std::vector<Num> near_terminal_;
  std::vector<I64> near_weight_;
  std::vector<Num> order_;
  std::vector<unsigned> seen_;
  unsigned stamp_ = 0;
};

}  // namespace

std::vector<I64> terminal_capacities(const Architecture& arch, I64 total_load, double imbalance) {
  const Num k = arch.size();
  std::vector<I64> weight(static_cast<std::size_t>(k));
  I64 weight_sum = 0;
  for (Num t = 0; t < k; ++t) {
    weight[t] = std::max<I64>(0, arch.terminal_weight(t));
    weight_sum += weight[t];
  }
  if (weight_sum <= 0) {
    std::fill(weight.begin(), weight.end(), 1);
    weight_sum = k;
  }
  std::vector<I64> capacity(static_cast<std::size_t>(k));
  for (Num t = 0; t < k; ++t) {
    const double share = static_cast<double>(total_load) * static_cast<double>(weight[t]) /
                         static_cast<double>(weight_sum);
    capacity[t] = std::max(static_cast<I64>(std::floor(share * (1.0 + imbalance))),
                           static_cast<I64>(std::ceil(share - 1e-9)));
  }
  return capacity;
}

I64 mapping_cost(const Graph& graph, const Architecture& arch, const std::vector<Num>& parttab) {
  TerminalDistanceCache distance(arch);
  I64 cost = 0;
  for (Num v = 0; v < graph.vertnbr; ++v)
    for (Num arc = graph.begin(v); arc < graph.end(v); ++arc) {
      const Num u = graph.neighbour(arc);
      if (u > v) cost += static_cast<I64>(graph.arc_weight(arc)) * distance(parttab[v], parttab[u]);
    }
  return cost;
}

I64 run_kway_refine(MappingContext& ctx, const KwayOptions& options) {
  check_mapping_context(ctx);
  const Graph& graph = ctx.graph;
  const Architecture& arch = ctx.arch;
  const Num n = graph.vertnbr;
  const Num k = arch.size();
  std::vector<Num>& part = ctx.parttab;
  for (Num v = 0; v < n; ++v)
    if (part[v] < 0 || part[v] >= k)
      fail_invalid("k-way refinement needs a complete mapping: vertex " +
                   std::to_string(graph.label(v)) + " is on terminal " + std::to_string(part[v]));

  std::vector<I64> load(static_cast<std::size_t>(k), 0);
  I64 total = 0;
  for (Num v = 0; v < n; ++v) {
    load[part[v]] += graph.vertex_load(v);
    total += graph.vertex_load(v);
  }
  const std::vector<I64> capacity = terminal_capacities(arch, total, ctx.imbalance);
  TerminalDistanceCache distance(arch);
  LevelRefiner refiner(distance, capacity, load, ctx.random);

  // Level 0 is the graph itself. The class of a vertex is its terminal, or k + its terminal when
  // it is fixed: vertices merge only with vertices of the same terminal, fixed ones only with
  // fixed ones, so a coarse vertex is pinned exactly when its fine vertices are.
  std::vector<CsrGraph> graphs;
  std::vector<std::vector<Num>> fine_to_coarse;  // [l]: level l vertex -> level l + 1 vertex
  std::vector<std::vector<Num>> classes(1);
  graphs.push_back(csr_from_graph(graph));
  classes[0].resize(static_cast<std::size_t>(n));
  for (Num v = 0; v < n; ++v)
    classes[0][v] = (!ctx.fixed.empty() && ctx.fixed[v]) ? k + part[v] : part[v];
  while (static_cast<int>(graphs.size()) <= options.levels &&
         graphs.back().vertex_count() > kCoarsestVertices) {
    MatchingOptions matching;
    matching.vertex_class = &classes.back();
    std::vector<Num> coarse_class;
    CoarseLevel level = coarsen_once(graphs.back(), ctx.random, matching, &coarse_class);
    if (static_cast<double>(level.graph.vertex_count()) >
        kMinShrink * static_cast<double>(graphs.back().vertex_count()))
      break;
    graphs.push_back(std::move(level.graph));
    fine_to_coarse.push_back(std::move(level.fine_to_coarse));
    classes.push_back(std::move(coarse_class));
  }

  // Refine from the coarsest level to the finest, projecting the mapping down between levels.
  std::vector<Num> level_part;
  std::vector<Num> coarser_part;  // the refined mapping of the level above
  std::vector<char> pinned;
  for (std::size_t l = graphs.size(); l-- > 0;) {
    const std::vector<Num>& cls = classes[l];
    const Num count = graphs[l].vertex_count();
    level_part.resize(static_cast<std::size_t>(count));
    pinned.resize(static_cast<std::size_t>(count));
    for (Num c = 0; c < count; ++c) {
      pinned[c] = cls[c] >= k;
      level_part[c] = l + 1 < graphs.size() ? coarser_part[fine_to_coarse[l][c]]
                                            : (pinned[c] ? cls[c] - k : cls[c]);
    }
    refiner.refine(graphs[l], pinned, level_part, options.passes);
    std::swap(level_part, coarser_part);
  }
  part = coarser_part;
  return mapping_cost(graph, arch, part);
}

const char* const kKwayKeys[] = {"passes", "levels", nullptr};

MethodPtr make_kway_method(const MethodParams& params) {
  KwayOptions options;
  options.passes = static_cast<int>(params.integer("passes", options.passes, 0, 100));
  options.levels = static_cast<int>(params.integer("levels", options.levels, 0, 100));
  return std::make_unique<KwayMethod>(options);
}

}  // namespace tartan
