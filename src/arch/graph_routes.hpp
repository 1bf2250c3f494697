// Routes on a target graph (network.hpp) for the kinds built on one: deco 2 (its finest level)
// and networks (arch_network.cpp). Links are the graph's arcs (arc i = link i); a message takes
// a shortest path by link cost (arc weight) from its source, with a deterministic tie rule:
// every vertex v is entered from the neighbour u of smallest vertex number among those with
// d(u) + cost(u, v) = d(v), d the cost from the source. Those choices form one shortest-path
// tree per source, so the route a -> b is the tree path of a's tree.
//
// No all-pairs table: a source's tree is computed on demand and the latest ones are kept in a
// direct-mapped cache bounded to kRouteCacheBytes, so messages grouped by source (as
// network_stats.cpp orders them) cost one search per source terminal. On graphs of up to
// kWholeGraph vertices the search covers the whole graph (a breadth-first search when link
// costs are uniform, Dijkstra's algorithm otherwise: graph/shortest_paths.hpp); on larger ones
// it settles only the ball of vertices around the source that the destinations asked so far
// need (a bounded Dijkstra search, its limit quadrupled until the destination is settled).
// A vertex's entry follows the tie rule from the settled vertices alone: every vertex closer
// to the source is settled before it, so the routes are those of a search of the whole graph.
#pragma once

#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "arch/network.hpp"
#include "graph/coarsening.hpp"
#include "graph/shortest_paths.hpp"

namespace tartan {

class GraphRoutes final : public Network {
 public:
  static constexpr std::size_t kRouteCacheBytes = std::size_t{64} << 20;
  // Up to this many vertices a source's search covers the whole graph at once (under a
  // millisecond; heuristics asking routes from many sources keep whole trees); beyond, it
  // settles a ball grown as destinations need.
  static constexpr Num kWholeGraph = Num{1} << 16;

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
  // What a bounded search from one source settled, by increasing vertex number, with the tree
  // read off it; complete when the search reached everything it could.
  struct Ball {
    std::vector<Num> vertex;     // empty when the ball holds the whole graph (v at position v)
    std::vector<Num> entry_arc;  // the arc entering each vertex on its path (-1: the source, or
                                 // no arc with matching costs: a hand-written asymmetric file)
    std::vector<Num> parent;     // the position in `vertex` of that arc's tail (-1 likewise)
    bool complete = false;
  };
  static Num position_in(const Ball& ball, Num vertex);  // -1: not in the ball
  // The cached ball of source, grown until it holds destination (or is complete).
  std::shared_ptr<const Ball> ball_toward(Num source, Num destination) const;
  std::shared_ptr<const Ball> settle_ball(Num source, Num limit) const;
  Num tail(Num arc) const;  // the vertex an arc leaves

  const CsrGraph& graph_;
  std::vector<Num> vertex_of_node_, node_of_vertex_;
  std::vector<double> bandwidth_;
  mutable std::mutex cache_mutex_;
  mutable std::vector<std::pair<Num, std::shared_ptr<const Ball>>> cache_;  // (source, ball)
};

}  // namespace tartan
