// Shortest-path routes on a target graph (graph_routes.hpp).
#include "arch/graph_routes.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

#include "common/error.hpp"
#include "graph/subgraph.hpp"

namespace tartan {
namespace {

std::size_t index(Num value) { return static_cast<std::size_t>(value); }

}  // namespace

GraphRoutes::GraphRoutes(const CsrGraph& graph, const std::vector<Num>& term_vertex,
                         std::vector<double> bandwidth)
    : graph_(graph), bandwidth_(std::move(bandwidth)) {
  const Num vertices = graph.vertex_count();
  node_of_vertex_.assign(index(vertices), -1);
  vertex_of_node_.reserve(index(vertices));
  for (Num v : term_vertex) {
    node_of_vertex_[index(v)] = Num(vertex_of_node_.size());
    vertex_of_node_.push_back(v);
  }
  for (Num v = 0; v < vertices; ++v)
    if (node_of_vertex_[index(v)] < 0) {
      node_of_vertex_[index(v)] = Num(vertex_of_node_.size());
      vertex_of_node_.push_back(v);
    }
  const std::size_t ball_bytes =
      sizeof(Ball) + (vertices <= kWholeGraph ? 2 : 3) * sizeof(Num) * index(vertices) + 64;
  cache_.resize(std::max<std::size_t>(
      1,
      std::min(kRouteCacheBytes / ball_bytes, index(std::max<Num>(1, Num(term_vertex.size()))))));
}

Num GraphRoutes::tail(Num arc) const {
  // The last vertex whose arcs start at or before arc.
  return Num(std::upper_bound(graph_.xadj.begin(), graph_.xadj.end(), arc) - graph_.xadj.begin()) -
         1;
}

std::pair<Num, Num> GraphRoutes::link_ends(LinkIndex link) const {
  check_link_index(link, link_count());
  const Num arc = Num(link);
  return {node_of_vertex_[index(tail(arc))], node_of_vertex_[index(graph_.adjncy[index(arc)])]};
}

namespace {

// The tie rule read off a search from source: the vertex at each position i < count of a ball,
// vertex_at(i), is entered from its smallest-numbered neighbour u on a shortest path, cost_of
// giving each vertex's cost from the source (-1: not settled; every vertex closer to the source
// than a settled one is settled, so u is among them) and position_of its position. Arc weights
// are symmetric, so v's arc to u costs what u's arc to v does.
template <class VertexAt, class CostOf, class PositionOf>
void read_tree(const CsrGraph& graph, Num source, std::size_t count, VertexAt vertex_at,
               CostOf cost_of, PositionOf position_of, std::vector<Num>& entry_arc,
               std::vector<Num>& parent) {
  entry_arc.assign(count, -1);
  parent.assign(count, -1);
  for (std::size_t i = 0; i < count; ++i) {
    const Num v = vertex_at(i);
    const Num cost = cost_of(v);
    if (v == source || cost < 0) continue;
    Num best = -1;
    for (Num arc = graph.xadj[index(v)]; arc < graph.xadj[index(v) + 1]; ++arc) {
      const Num u = graph.adjncy[index(arc)];
      if (best >= 0 && u > best) continue;
      const Num u_cost = cost_of(u);
      if (u_cost >= 0 && u_cost + graph.adjwgt[index(arc)] == cost) best = u;
    }
    if (best < 0) continue;  // asymmetric link costs (a hand-written file): v stays unreached
    for (Num arc = graph.xadj[index(best)]; arc < graph.xadj[index(best) + 1]; ++arc)
      if (graph.adjncy[index(arc)] == v) {
        entry_arc[i] = arc;
        parent[i] = position_of(best);
        break;
      }
  }
}

}  // namespace

std::shared_ptr<const GraphRoutes::Ball> GraphRoutes::settle_ball(Num source, Num limit) const {
  auto ball = std::make_shared<Ball>();
  const Num n = graph_.vertex_count();
  if (limit >= n) {
    // The whole graph: exact distances (a breadth-first search when link costs are uniform),
    // and vertex v at position v.
    Graph view;
    view_csr_as_graph(graph_, view);
    ExactDistances search(view);
    const std::vector<Num>& distance = search.from(source);
    ball->complete = true;
    read_tree(
        graph_, source, index(n), [](std::size_t i) { return Num(i); },
        [&distance](Num v) { return distance[index(v)]; }, [](Num v) { return v; }, ball->entry_arc,
        ball->parent);
    return ball;
  }
  thread_local std::vector<SearchSeed> settled;
  bounded_settle(graph_, {}, {SearchSeed{source, 0}}, limit, settled);
  ball->complete = static_cast<Num>(settled.size()) < limit;
  std::sort(settled.begin(), settled.end(),
            [](const SearchSeed& a, const SearchSeed& b) { return a.vertex < b.vertex; });
  // Each settled vertex's position and cost, by vertex number, in arrays kept per thread and
  // stamped per ball: lookups in O(1), nothing graph-sized cleared per ball.
  thread_local std::vector<std::uint32_t> stamp;
  thread_local std::vector<Num> position, cost;
  thread_local std::uint32_t generation = 0;
  if (stamp.size() < index(n)) {
    stamp.resize(index(n), 0);
    position.resize(index(n));
    cost.resize(index(n));
  }
  if (++generation == 0) {  // wrapped: old stamps could look current
    std::fill(stamp.begin(), stamp.end(), 0);
    generation = 1;
  }
  const std::size_t count = settled.size();
  ball->vertex.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    const Num v = settled[i].vertex;
    ball->vertex[i] = v;
    stamp[index(v)] = generation;
    position[index(v)] = Num(i);
    cost[index(v)] = settled[i].cost;
  }
  const std::uint32_t current = generation;
  read_tree(
      graph_, source, count, [&ball](std::size_t i) { return ball->vertex[i]; },
      [current](Num v) { return stamp[index(v)] == current ? cost[index(v)] : Num{-1}; },
      [](Num v) { return position[index(v)]; }, ball->entry_arc, ball->parent);
  return ball;
}

Num GraphRoutes::position_in(const Ball& ball, Num vertex) {
  if (ball.vertex.empty()) return vertex;  // a ball of the whole graph
  const auto at = std::lower_bound(ball.vertex.begin(), ball.vertex.end(), vertex);
  return at != ball.vertex.end() && *at == vertex ? Num(at - ball.vertex.begin()) : -1;
}

std::shared_ptr<const GraphRoutes::Ball> GraphRoutes::ball_toward(Num source,
                                                                  Num destination) const {
  constexpr Num kFirstLimit = 1024;
  std::lock_guard<std::mutex> lock(cache_mutex_);
  auto& slot = cache_[index(source) % cache_.size()];
  if (!slot.second || slot.first != source)
    slot = {source, settle_ball(source, graph_.vertex_count() <= kWholeGraph ? graph_.vertex_count()
                                                                             : kFirstLimit)};
  while (!slot.second->complete && position_in(*slot.second, destination) < 0) {
    const Num limit = static_cast<Num>(std::min<std::int64_t>(
        std::int64_t{4} * static_cast<std::int64_t>(slot.second->entry_arc.size()),
        graph_.vertex_count()));
    slot.second = settle_ball(source, limit);
  }
  return slot.second;
}

void GraphRoutes::route(Num from, Num to, std::vector<LinkIndex>& links) const {
  if (from == to) return;
  const Num source = vertex_of_node_[index(from)];
  const Num destination = vertex_of_node_[index(to)];
  const std::shared_ptr<const Ball> ball = ball_toward(source, destination);
  const std::size_t first = links.size();
  for (Num at = position_in(*ball, destination);;) {
    if (at >= 0 && (ball->vertex.empty() ? at : ball->vertex[index(at)]) == source) break;
    const Num arc = at < 0 ? -1 : ball->entry_arc[index(at)];
    if (arc < 0)
      fail_invalid("no route from terminal " + std::to_string(from) + " to terminal " +
                   std::to_string(to) +
                   " in the target graph (not connected, or link costs differ each way)");
    links.push_back(arc);
    at = ball->parent[index(at)];
  }
  std::reverse(links.begin() + std::ptrdiff_t(first), links.end());
}

}  // namespace tartan
