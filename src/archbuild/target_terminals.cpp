// Terminals of target graphs (see target_terminals.hpp).
#include "archbuild/target_terminals.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "common/error.hpp"
#include "graph/traversal.hpp"

namespace tartan {

namespace {

std::size_t index(Num value) { return static_cast<std::size_t>(value); }

}  // namespace

TargetTerminals select_target_terminals(const Graph& graph, const std::vector<Num>* list) {
  if (graph.vertnbr <= 0) fail_invalid("the target graph has no vertex");
  for (Num v = 0; v < graph.vertnbr; ++v)
    for (Num arc = graph.begin(v); arc < graph.end(v); ++arc)
      if (graph.arc_weight(arc) <= 0)
        fail_invalid("edge from vertex " + std::to_string(v + graph.baseval) + " to vertex " +
                     std::to_string(graph.neighbour(arc) + graph.baseval) + " has traversal cost " +
                     std::to_string(graph.arc_weight(arc)) +
                     ": links cost at least 1, so that distinct terminals are never at distance 0");

  std::vector<Num> vertices;
  if (list == nullptr) {
    vertices.resize(index(graph.vertnbr));
    for (Num v = 0; v < graph.vertnbr; ++v) vertices[index(v)] = v;
  } else {
    if (list->empty()) fail_invalid("the vertex list is empty");
    std::vector<Num> position(index(graph.vertnbr), -1);
    for (std::size_t i = 0; i < list->size(); ++i) {
      const Num v = (*list)[i] - graph.baseval;
      if (v < 0 || v >= graph.vertnbr)
        fail_invalid("vertex list entry " + std::to_string(i) + " is " +
                     std::to_string((*list)[i]) + ", outside the target graph's vertices [" +
                     std::to_string(graph.baseval) + ", " +
                     std::to_string(graph.baseval + graph.vertnbr) + ")");
      if (position[index(v)] >= 0)
        fail_invalid("vertex list repeats vertex " + std::to_string((*list)[i]) + " (entries " +
                     std::to_string(position[index(v)]) + " and " + std::to_string(i) + ")");
      position[index(v)] = static_cast<Num>(i);
      vertices.push_back(v);
    }
    std::sort(vertices.begin(), vertices.end());
  }

  TargetTerminals terminals;
  terminals.weight.reserve(vertices.size());
  for (Num v : vertices) {
    const Num capacity = graph.vertex_load(v);
    if (capacity <= 0)
      fail_invalid("target vertex " + std::to_string(v + graph.baseval) + " has capacity " +
                   std::to_string(capacity) +
                   ": a terminal needs a positive capacity (leave zero-capacity vertices such "
                   "as routers out of the vertex list)");
    terminals.weight.push_back(capacity);
  }

  const Components components = connected_components(graph);
  if (components.count > 1) {
    if (list == nullptr)
      fail_invalid("the target graph is disconnected (" + std::to_string(components.count) +
                   " components): distances between its parts are undefined; give a vertex "
                   "list inside one component");
    const Num first = components.component[index(vertices.front())];
    for (Num v : vertices)
      if (components.component[index(v)] != first)
        fail_invalid("listed vertices " + std::to_string(vertices.front() + graph.baseval) +
                     " and " + std::to_string(v + graph.baseval) +
                     " are in different connected components of the target graph (components " +
                     std::to_string(first) + " and " +
                     std::to_string(components.component[index(v)]) + " of " +
                     std::to_string(components.count) + ", numbered from 0 by first vertex): no " +
                     "link joins them, their distance is undefined");
  }
  terminals.vertex = std::move(vertices);
  return terminals;
}

}  // namespace tartan
