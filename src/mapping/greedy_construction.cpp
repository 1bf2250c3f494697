#include "mapping/greedy_construction.hpp"

#include <cstdint>
#include <queue>
#include <tuple>
#include <vector>

#include "arch/distance_oracle.hpp"
#include "mapping/one_to_one.hpp"

namespace tartan {

namespace {

using I64 = std::int64_t;

// Unplaced vertices by communication toward placed ones, then volume, then lowest number;
// entries made stale by a later increase are skipped when popped.
struct Candidate {
  I64 connection;
  I64 volume;
  Num vertex;
  bool operator<(const Candidate& o) const {
    return std::tie(connection, volume, o.vertex) < std::tie(o.connection, o.volume, vertex);
  }
};

}  // namespace

void greedy_one_to_one(MappingContext& ctx, GreedyRule rule, const char* method) {
  OneToOne free = prepare_one_to_one(ctx, method);
  const Graph& graph = ctx.graph;
  const Num n = graph.vertnbr;
  const DistanceOracle distance(ctx.arch);
  PhaseLog::Timer timer(ctx.phases, method);

  std::vector<Num>& cores = free.free_terminals;  // free terminals, compacted as they are taken
  const std::size_t core_count = cores.size();
  std::vector<I64> distance_sum(core_count, 0);
  std::vector<Num> row(core_count);
  auto add_row = [&](Num from) {
    distance.row(from, cores.data(), cores.size(), row.data());
    for (std::size_t i = 0; i < cores.size(); ++i) distance_sum[i] += row[i];
  };

  std::vector<char> placed(static_cast<std::size_t>(n), 0);
  std::vector<I64> connection(static_cast<std::size_t>(n), 0), volume(static_cast<std::size_t>(n), 0);
  for (Num v = 0; v < n; ++v)
    for (Num arc = graph.begin(v); arc < graph.end(v); ++arc)
      if (graph.neighbour(arc) != v) volume[v] += graph.arc_weight(arc);
  const bool nothing_fixed = free.free_vertices.size() == static_cast<std::size_t>(n);
  for (Num v = 0; v < n && !nothing_fixed; ++v) {
    if (!ctx.fixed[v]) continue;
    placed[v] = 1;
    add_row(ctx.parttab[v]);
    for (Num arc = graph.begin(v); arc < graph.end(v); ++arc)
      connection[graph.neighbour(arc)] += graph.arc_weight(arc);
  }
  // Nothing placed yet: the first terminal is the one closest to all the others.
  if (nothing_fixed)
    for (Num t = 0; t < ctx.arch.size(); ++t) add_row(t);

  std::priority_queue<Candidate> queue;
  for (Num v : free.free_vertices) queue.push({connection[v], volume[v], v});
  std::vector<I64> score(core_count);
  bool first = nothing_fixed;
  while (!cores.empty()) {
    const Candidate top = queue.top();
    queue.pop();
    const Num v = top.vertex;
    if (placed[v] || top.connection != connection[v]) continue;

    bool linked = false;
    if (rule == GreedyRule::greedy_all_c) {
      std::fill(score.begin(), score.begin() + static_cast<std::ptrdiff_t>(cores.size()), 0);
      for (Num arc = graph.begin(v); arc < graph.end(v); ++arc) {
        const Num u = graph.neighbour(arc);
        if (u == v || !placed[u]) continue;
        linked = true;
        distance.row(ctx.parttab[u], cores.data(), cores.size(), row.data());
        const I64 w = graph.arc_weight(arc);
        for (std::size_t i = 0; i < cores.size(); ++i) score[i] += w * row[i];
      }
    }
    std::size_t best = 0;
    for (std::size_t i = 1; i < cores.size(); ++i) {
      const auto key = std::make_tuple(linked ? score[i] : 0, distance_sum[i], cores[i]);
      if (key < std::make_tuple(linked ? score[best] : 0, distance_sum[best], cores[best])) best = i;
    }
    const Num terminal = cores[best];
    ctx.parttab[v] = terminal;
    placed[v] = 1;
    cores[best] = cores.back();
    cores.pop_back();
    distance_sum[best] = distance_sum[cores.size()];
    if (first) {
      std::fill(distance_sum.begin(), distance_sum.end(), 0);
      first = false;
    }
    add_row(terminal);
    for (Num arc = graph.begin(v); arc < graph.end(v); ++arc) {
      const Num u = graph.neighbour(arc);
      if (placed[u]) continue;
      connection[u] += graph.arc_weight(arc);
      queue.push({connection[u], volume[u], u});
    }
  }
}

}  // namespace tartan
