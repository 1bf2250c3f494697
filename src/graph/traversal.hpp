// Breadth-first search, connected components and pseudo-diameters: the one traversal module
// (graph info, mapping statistics' PartDiam, initial partitions, deco targets use it).
//
//   BreadthFirstSearch bfs(graph);            // O(vertnbr) workspace, reusable across runs
//   Num depth = bfs.run(start);               // levels of every vertex reachable from start
//   Num depth = bfs.run(start, VertexSubset{parttab.data(), part});  // inside one part only
//   bfs.level(v)  bfs.order()  bfs.farthest()
//   PseudoDiameter d = pseudo_diameter(bfs, start, subset);
//   Components c = connected_components(graph);
//
// Vertices are 0-based indices; edges count one hop each (weights are ignored). A run costs
// O(vertices and arcs reached), so many runs over small subsets of a big graph stay cheap.
#pragma once

#include <vector>

#include "common/num.hpp"
#include "graph/graph.hpp"

namespace tartan {

// The vertices v with tag[v] == value, or every vertex when tag is null.
struct VertexSubset {
  const Num* tag = nullptr;
  Num value = 0;
  bool contains(Num v) const { return tag == nullptr || tag[v] == value; }
};

class BreadthFirstSearch {
 public:
  explicit BreadthFirstSearch(const Graph& graph);

  // Visits the vertices of subset reachable from start (which must be in subset) inside it,
  // no farther than max_level hops when max_level >= 0 (a bounded search costs only what it
  // reaches); returns the last level reached (the eccentricity of start when unbounded).
  Num run(Num start, VertexSubset subset = {}, Num max_level = -1);

  // Level by level from several starts, all at level 0 (repeats ignored), for searches that
  // stop at the first level holding what they look for (Deveci et al.'s GETBESTNODE and swap
  // candidates, seed 004):
  //   bfs.start(starts.data(), starts.size());
  //   do { for (i = bfs.level_begin(); i < bfs.order().size(); ++i) ... } while (bfs.next_level());
  void start(const Num* starts, std::size_t count, VertexSubset subset = {});
  // Adds the next level; false when it is empty (everything reachable was visited).
  bool next_level();
  // The last level added is order()[level_begin() .. order().size()).
  std::size_t level_begin() const { return level_begin_; }

  Num level(Num v) const { return level_[static_cast<std::size_t>(v)]; }  // -1: not reached
  const std::vector<Num>& order() const { return order_; }  // reached vertices, by level
  // A vertex of the last level of smallest degree (George and Liu's choice of next start).
  Num farthest() const;

 private:
  const Graph& graph_;
  std::vector<Num> level_;
  std::vector<Num> order_;
  std::size_t level_begin_ = 0;
  VertexSubset subset_;
};

struct PseudoDiameter {
  Num length = 0;  // hops between the two ends
  Num from = -1, to = -1;
};

// Pseudo-diameter of the connected piece of subset containing start: BFS again from the far
// end while the eccentricity grows (George and Liu), a lower bound on the true diameter.
PseudoDiameter pseudo_diameter(BreadthFirstSearch& bfs, Num start, VertexSubset subset = {});

struct Components {
  Num count = 0;
  std::vector<Num> component;  // per vertex, numbered from 0 in order of first vertex
};

Components connected_components(const Graph& graph);

// Every vertex once, in breadth-first order: each connected component (in order of its first
// vertex) from the vertex farthest from its first vertex (the first step of George and Liu's
// pseudo-peripheral search), so that consecutive vertices are close in the graph whatever its
// own numbering (Cuthill and McKee's numbering, without their degree sort).
std::vector<Num> breadth_first_numbering(const Graph& graph);

}  // namespace tartan
