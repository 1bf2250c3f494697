#include "mapping/one_to_one.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "common/error.hpp"
#include "mapping/balance.hpp"

namespace tartan {

using I64 = std::int64_t;

bool one_to_one_mode(const MappingContext& ctx) {
  const Num n = ctx.graph.vertnbr;
  if (ctx.arch.variable_sized() || n != ctx.arch.size()) return false;
  for (Num v = 0; v < n; ++v)
    if (ctx.graph.vertex_load(v) != 1) return false;
  for (I64 capacity : terminal_capacities(ctx.arch, n, ctx.imbalance))
    if (capacity != 1) return false;
  return true;
}

OneToOne prepare_one_to_one(MappingContext& ctx, const char* method) {
  validate_context(ctx);
  const Graph& graph = ctx.graph;
  const Num n = graph.vertnbr;
  const Num k = ctx.arch.size();
  const std::string name = std::string("'") + method + "'";
  if (n != k)
    fail_invalid(name + " maps one vertex per terminal: the graph has " + std::to_string(n) +
                 " vertices and the target " + std::to_string(k) +
                 " terminals (use drb, kway or swap when they differ)");
  I64 total = 0;
  Num heaviest = 0;
  for (Num v = 0; v < n; ++v) {
    total += graph.vertex_load(v);
    if (graph.vertex_load(v) > graph.vertex_load(heaviest)) heaviest = v;
  }
  const std::vector<I64> capacity = terminal_capacities(ctx.arch, total, ctx.imbalance);
  OneToOne result;
  if (n == 0) return result;
  const Num tightest = static_cast<Num>(std::min_element(capacity.begin(), capacity.end()) - capacity.begin());
  if (graph.vertex_load(heaviest) > capacity[tightest])
    fail_invalid(name + " puts one vertex on each terminal: vertex " +
                 std::to_string(graph.label(heaviest)) + " of load " +
                 std::to_string(graph.vertex_load(heaviest)) + " exceeds the load bound " +
                 std::to_string(capacity[tightest]) + " of terminal " + std::to_string(tightest) +
                 " (every vertex load must fit every terminal's bound; use drb or kway)");
  std::vector<Num> holder(static_cast<std::size_t>(k), -1);
  for (Num v = 0; v < n; ++v) {
    if (ctx.fixed.empty() || !ctx.fixed[v]) {
      result.free_vertices.push_back(v);
      continue;
    }
    const Num t = ctx.parttab[v];
    if (holder[t] >= 0)
      fail_invalid(name + " puts one vertex on each terminal: vertices " +
                   std::to_string(graph.label(holder[t])) + " and " + std::to_string(graph.label(v)) +
                   " are both fixed on terminal " + std::to_string(t));
    holder[t] = v;
  }
  for (Num t = 0; t < k; ++t)
    if (holder[t] < 0) result.free_terminals.push_back(t);
  return result;
}

namespace {

// Moves `excess` vertices of side `from` to the other side, those whose move adds the least
// cut first (gains taken before the moves).
void move_cheapest(const CsrGraph& graph, std::uint8_t from, Num excess,
                   std::vector<std::uint8_t>& side) {
  std::vector<std::pair<I64, Num>> candidates;
  for (Num v = 0; v < graph.vertex_count(); ++v) {
    if (side[v] != from) continue;
    I64 gain = 0;
    for (Num arc = graph.xadj[v]; arc < graph.xadj[v + 1]; ++arc)
      gain += side[graph.adjncy[arc]] == from ? -graph.adjwgt[arc] : graph.adjwgt[arc];
    candidates.push_back({-gain, v});
  }
  std::sort(candidates.begin(), candidates.end());
  for (Num i = 0; i < excess; ++i) side[candidates[i].second] = static_cast<std::uint8_t>(1 - from);
}

}  // namespace

void exact_bipartition(const CsrGraph& graph, Num count0, const BipartitionOptions& options,
                       Random& random, BipartitionWorkspace& workspace,
                       std::vector<std::uint8_t>& side, const MultilevelPhases& phases) {
  const Num n = graph.vertex_count();
  if (count0 <= 0 || count0 >= n) {
    side.assign(static_cast<std::size_t>(n), count0 <= 0 ? 1 : 0);
    return;
  }
  CsrGraph counted = graph;
  std::fill(counted.vwgt.begin(), counted.vwgt.end(), 1);
  BipartitionProblem problem;
  problem.graph = &counted;
  problem.cut_cost = 1;
  problem.ideal0 = static_cast<double>(count0);
  problem.capacity[0] = count0;
  problem.capacity[1] = n - count0;
  multilevel_bipartition(problem, options, random, workspace, side, phases);
  const Num on0 = static_cast<Num>(std::count(side.begin(), side.end(), std::uint8_t{0}));
  if (on0 > count0) move_cheapest(counted, 0, on0 - count0, side);
  if (on0 < count0) move_cheapest(counted, 1, count0 - on0, side);
}

}  // namespace tartan
