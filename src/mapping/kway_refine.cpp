#include "mapping/kway_refine.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "common/error.hpp"
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

  // Per-vertex scratch: the distinct terminals of its neighbours with their summed edge weights.
  std::vector<Num> slot_of(static_cast<std::size_t>(k), -1);
  std::vector<Num> near_terminal;
  std::vector<I64> near_weight;
  std::vector<Num> order;
  order.reserve(static_cast<std::size_t>(n));

  for (int pass = 0; pass < options.passes; ++pass) {
    // Boundary vertices in a random order.
    order.clear();
    for (Num v = 0; v < n; ++v) {
      if (!ctx.fixed.empty() && ctx.fixed[v]) continue;
      for (Num arc = graph.begin(v); arc < graph.end(v); ++arc)
        if (part[graph.neighbour(arc)] != part[v]) {
          order.push_back(v);
          break;
        }
    }
    for (Num i = static_cast<Num>(order.size()) - 1; i > 0; --i)
      std::swap(order[i], order[static_cast<Num>(ctx.random.below(static_cast<std::uint64_t>(i) + 1))]);

    Num moves = 0;
    for (Num v : order) {
      const Num from = part[v];
      near_terminal.clear();
      near_weight.clear();
      for (Num arc = graph.begin(v); arc < graph.end(v); ++arc) {
        const Num u = graph.neighbour(arc);
        if (u == v) continue;
        const Num t = part[u];
        if (slot_of[t] < 0) {
          slot_of[t] = static_cast<Num>(near_terminal.size());
          near_terminal.push_back(t);
          near_weight.push_back(0);
        }
        near_weight[slot_of[t]] += graph.arc_weight(arc);
      }
      for (Num t : near_terminal) slot_of[t] = -1;
      if (near_terminal.size() < 2 && (near_terminal.empty() || near_terminal[0] == from))
        continue;

      auto cost_at = [&](Num t) {
        I64 c = 0;
        for (std::size_t j = 0; j < near_terminal.size(); ++j)
          c += near_weight[j] * distance(t, near_terminal[j]);
        return c;
      };
      const I64 w = graph.vertex_load(v);
      const I64 current = cost_at(from);
      const bool overloaded = load[from] > capacity[from];
      Num best = -1;
      I64 best_gain = 0;
      for (Num t : near_terminal) {
        if (t == from || load[t] + w > capacity[t]) continue;
        const I64 gain = current - cost_at(t);
        const bool acceptable =
            gain > 0 || overloaded || (gain == 0 && load[t] + w < load[from]);
        if (!acceptable) continue;
        if (best == -1 || gain > best_gain ||
            (gain == best_gain && load[t] < load[best])) {
          best = t;
          best_gain = gain;
        }
      }
      if (best == -1) continue;
      part[v] = best;
      load[from] -= w;
      load[best] += w;
      ++moves;
    }
    if (moves == 0) break;
  }
  return mapping_cost(graph, arch, part);
}

const char* const kKwayKeys[] = {"passes", nullptr};

MethodPtr make_kway_method(const MethodParams& params) {
  KwayOptions options;
  options.passes = static_cast<int>(params.integer("passes", options.passes, 0, 100));
  return std::make_unique<KwayMethod>(options);
}

}  // namespace tartan
