// Routes on a target graph (network.hpp) for the kinds built on one: deco 2 (its finest level)
// and networks (arch_network.cpp). Links are the graph's arcs (arc i = link i); a message takes
// a shortest path by link cost (arc weight) from its source, with a deterministic tie rule:
// every vertex v is entered from the neighbour u of smallest vertex number among those with
// d(u) + cost(u, v) = d(v), d the cost from the source. Those choices form one shortest-path
// tree per source, so the route a -> b is the tree path of a's tree.
//
// No all-pairs table: trees are computed on demand (a breadth-first search when link costs are
// uniform, Dijkstra's algorithm otherwise: graph/shortest_paths.hpp) and the latest ones kept
// in a direct-mapped cache bounded to kRouteCacheBytes, so messages grouped by source (as
// network_stats.cpp orders them) cost one search per source terminal.
#pragma once

#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "arch/network.hpp"
#include "graph/coarsening.hpp"

namespace tartan {

class GraphRoutes final : public Network {
 public:
  static constexpr std::size_t kRouteCacheBytes = std::size_t{64} << 20;

  // graph: symmetric, arc weights (link costs) at least 1, outliving this object.
  // term_vertex[t]: the vertex of terminal t (distinct); node t is terminal t, and the other
  // vertices follow in vertex order. bandwidth: per arc (empty: all 1).
  GraphRoutes(const CsrGraph& graph, const std::vector<Num>& term_vertex,
              std::vector<double> bandwidth = {});

  Num node_count() const override { return graph_.vertex_count(); }
  LinkIndex link_count() const override { return graph_.arc_count(); }
  void route(Num from, Num to, std::vector<LinkIndex>& links) const override;
  double link_bandwidth(LinkIndex link) const override {
    return bandwidth_.empty() ? 1.0 : bandwidth_[std::size_t(link)];
  }
  std::pair<Num, Num> link_ends(LinkIndex link) const override;

  Num node_of_vertex(Num v) const { return node_of_vertex_[std::size_t(v)]; }

 private:
  struct Tree {
    std::vector<Num> entry_arc;  // per vertex: the arc entering it on its path (-1: source, unreached)
    std::vector<Num> parent;     // per vertex: that arc's tail
  };
  std::shared_ptr<const Tree> tree_from(Num source) const;
  std::shared_ptr<const Tree> build_tree(Num source) const;
  Num tail(Num arc) const;  // the vertex an arc leaves

  const CsrGraph& graph_;
  std::vector<Num> vertex_of_node_, node_of_vertex_;
  std::vector<double> bandwidth_;
  mutable std::mutex cache_mutex_;
  mutable std::vector<std::pair<Num, std::shared_ptr<const Tree>>> cache_;  // (source, tree)
};

}  // namespace tartan
