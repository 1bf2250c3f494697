// `rcm`: Hoefler and Snir's mapping by graph similarity ("Generic topology mapping strategies
// for large-scale parallel architectures" §3.3): the reverse Cuthill-McKee orderings of the
// graph and of the target's link graph bring both adjacency matrices to the same banded shape;
// matched position by position, neighbours in the graph land on nearby terminals.
//
// Cuthill-McKee order of a connected piece: a breadth-first search (graph/traversal.hpp) from a
// pseudo-peripheral vertex of small degree (George and Liu's pseudo-diameter); within a level,
// the vertices reached from an earlier vertex of the previous level come first, then by
// increasing degree, then by number -- the order in which Cuthill and McKee's queue meets them.
// Pieces follow one another from the lowest unvisited vertex; the whole order is reversed.
// Time O(n + m + n log n) per graph (the sorts within levels); memory O(n + m).
//
// The target's link graph keeps its switches (a tree's terminals have no link between them;
// the paper drops nodes that host nothing, which leaves a tree without edges): its order
// restricted to the terminals is the terminal sequence. Several vertices per terminal: the
// sequence is cut by load, terminal t taking the vertices whose load midpoint falls in its
// share (proportional to its capacity, less what fixed vertices already put there), so the
// terminals stay within one vertex load of their share; those above their bound are relieved
// at the end (mapping_start.hpp). One-to-one mode (one_to_one.hpp): exactly one vertex per
// terminal, a permutation. `pre=1` pre-partitions first (prepartition.hpp).
#include <algorithm>
#include <cstdint>
#include <tuple>
#include <vector>

#include "arch/network.hpp"
#include "graph/subgraph.hpp"
#include "graph/traversal.hpp"
#include "mapping/balance.hpp"
#include "mapping/mapping_start.hpp"
#include "mapping/methods.hpp"
#include "mapping/network_graph.hpp"
#include "mapping/prepartition.hpp"

namespace tartan {

namespace {

using I64 = std::int64_t;

// Reverse Cuthill-McKee order of every vertex of graph.
std::vector<Num> reverse_cuthill_mckee(const Graph& graph) {
  const Num n = graph.vertnbr;
  std::vector<Num> order;
  order.reserve(static_cast<std::size_t>(n));
  std::vector<Num> position(static_cast<std::size_t>(n), -1);  // in order, once placed
  std::vector<std::tuple<Num, Num, Num>> level;  // (first parent's position, degree, vertex)
  BreadthFirstSearch bfs(graph);
  for (Num seed = 0; seed < n; ++seed) {
    if (position[seed] >= 0) continue;
    const PseudoDiameter ends = pseudo_diameter(bfs, seed);
    const Num start = graph.degree(ends.to) < graph.degree(ends.from) ? ends.to : ends.from;
    bfs.run(start);
    const std::vector<Num>& reached = bfs.order();
    std::size_t i = 0;
    while (i < reached.size()) {
      const Num depth = bfs.level(reached[i]);
      level.clear();
      for (; i < reached.size() && bfs.level(reached[i]) == depth; ++i) {
        const Num v = reached[i];
        Num parent = -1;  // earliest placed neighbour one level up
        for (Num arc = graph.verttab[v]; arc < graph.vendtab[v]; ++arc) {
          const Num u = graph.edgetab[arc] - graph.baseval;
          if (bfs.level(u) == depth - 1 && (parent < 0 || position[u] < parent)) parent = position[u];
        }
        level.emplace_back(parent, graph.degree(v), v);
      }
      std::sort(level.begin(), level.end());
      for (const auto& entry : level) {
        position[std::get<2>(entry)] = static_cast<Num>(order.size());
        order.push_back(std::get<2>(entry));
      }
    }
  }
  std::reverse(order.begin(), order.end());
  return order;
}

class RcmMethod : public MappingMethod {
 public:
  RcmMethod(const BipartitionOptions& options, bool prepartition)
      : options_(options), prepartition_(prepartition) {}

  void apply(MappingContext& ctx) const override {
    validate_context(ctx);
    const Network& network = network_of(ctx.arch);
    if (prepartition_ && map_prepartitioned(ctx, *this, options_)) return;
    const Graph& graph = ctx.graph;
    const Num k = ctx.arch.size();

    const LinkGraph links = build_link_graph(network);
    Graph link_view;
    view_csr_as_graph(links.csr, link_view);
    std::vector<Num> terminals;
    terminals.reserve(static_cast<std::size_t>(k));
    for (Num node : reverse_cuthill_mckee(link_view))
      if (node < k) terminals.push_back(node);

    // Each terminal's share of the free load: its share of the whole load by capacity, less the
    // load fixed there (balance.hpp's weights).
    I64 total = 0, free_total = 0;
    std::vector<I64> fixed_load(static_cast<std::size_t>(k), 0);
    for (Num v = 0; v < graph.vertnbr; ++v) {
      total += graph.vertex_load(v);
      if (pinned(ctx, v))
        fixed_load[ctx.parttab[v]] += graph.vertex_load(v);
      else
        free_total += graph.vertex_load(v);
    }
    const std::vector<I64> unit = terminal_capacities(ctx.arch, total, 0.0);
    std::vector<double> share(static_cast<std::size_t>(k));
    double share_sum = 0;
    for (Num t = 0; t < k; ++t) {
      share[t] = std::max(0.0, static_cast<double>(unit[t] - fixed_load[t]));
      share_sum += share[t];
    }

    // Position by position: a vertex goes to the terminal whose share holds its load midpoint.
    std::size_t index = 0;
    double bound = terminals.empty() ? 0 : share[terminals[0]];
    double scale = share_sum > 0 ? static_cast<double>(free_total) / share_sum : 0;
    double filled = 0;
    for (Num v : reverse_cuthill_mckee(graph)) {
      if (pinned(ctx, v)) continue;
      const double load = static_cast<double>(graph.vertex_load(v));
      const double middle = filled + load / 2;
      while (index + 1 < terminals.size() && middle >= bound * scale)
        bound += share[terminals[++index]];
      ctx.parttab[v] = terminals[index];
      filled += load;
    }
    relieve_overload(ctx);
  }

 private:
  static bool pinned(const MappingContext& ctx, Num v) { return !ctx.fixed.empty() && ctx.fixed[v]; }

  BipartitionOptions options_;
  bool prepartition_;
};

}  // namespace

const char* const kRcmKeys[] = {"coarse", "ratio", "tries", "passes", "moves", "slack", "pre",
                                nullptr};

MethodPtr make_rcm_method(const MethodParams& params) {
  return std::make_unique<RcmMethod>(read_bipartition_options(params),
                                     read_prepartition_flag(params));
}

}  // namespace tartan
