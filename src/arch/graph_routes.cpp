// Shortest-path routes on a target graph (graph_routes.hpp).
#include "arch/graph_routes.hpp"

#include <algorithm>
#include <string>

#include "common/error.hpp"
#include "graph/shortest_paths.hpp"
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
  const std::size_t tree_bytes = sizeof(Tree) + 2 * sizeof(Num) * index(vertices) + 64;
  cache_.resize(std::max<std::size_t>(
      1, std::min(kRouteCacheBytes / tree_bytes, index(std::max<Num>(1, Num(term_vertex.size()))))));
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

std::shared_ptr<const GraphRoutes::Tree> GraphRoutes::build_tree(Num source) const {
  Graph view;
  view_csr_as_graph(graph_, view);
  ExactDistances search(view);
  const std::vector<Num>& distance = search.from(source);
  auto tree = std::make_shared<Tree>();
  tree->entry_arc.assign(distance.size(), -1);
  tree->parent.assign(distance.size(), -1);
  for (Num v = 0; v < graph_.vertex_count(); ++v) {
    if (v == source || distance[index(v)] < 0) continue;
    // The tie rule: the smallest-numbered neighbour u on a shortest path into v (arc weights
    // are symmetric, so v's arc to u costs what u's arc to v does).
    Num best = -1;
    for (Num arc = graph_.xadj[index(v)]; arc < graph_.xadj[index(v) + 1]; ++arc) {
      const Num u = graph_.adjncy[index(arc)];
      if (distance[index(u)] >= 0 &&
          distance[index(u)] + graph_.adjwgt[index(arc)] == distance[index(v)] &&
          (best < 0 || u < best))
        best = u;
    }
    if (best < 0) continue;  // asymmetric link costs (a hand-written file): v stays unreached
    for (Num arc = graph_.xadj[index(best)]; arc < graph_.xadj[index(best) + 1]; ++arc)
      if (graph_.adjncy[index(arc)] == v) {
        tree->entry_arc[index(v)] = arc;
        tree->parent[index(v)] = best;
        break;
      }
  }
  return tree;
}

std::shared_ptr<const GraphRoutes::Tree> GraphRoutes::tree_from(Num source) const {
  std::lock_guard<std::mutex> lock(cache_mutex_);
  auto& slot = cache_[index(source) % cache_.size()];
  if (!slot.second || slot.first != source) slot = {source, build_tree(source)};
  return slot.second;
}

void GraphRoutes::route(Num from, Num to, std::vector<LinkIndex>& links) const {
  if (from == to) return;
  const Num source = vertex_of_node_[index(from)];
  const std::shared_ptr<const Tree> tree = tree_from(source);
  const std::size_t first = links.size();
  for (Num v = vertex_of_node_[index(to)]; v != source;) {
    const Num arc = tree->entry_arc[index(v)];
    if (arc < 0)
      fail_invalid("no route from terminal " + std::to_string(from) + " to terminal " +
                   std::to_string(to) +
                   " in the target graph (not connected, or link costs differ each way)");
    links.push_back(arc);
    v = tree->parent[index(v)];
  }
  std::reverse(links.begin() + std::ptrdiff_t(first), links.end());
}

}  // namespace tartan
