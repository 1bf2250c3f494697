// Breadth-first search and what is built on it (see traversal.hpp).
#include "graph/traversal.hpp"

namespace tartan {

BreadthFirstSearch::BreadthFirstSearch(const Graph& graph)
    : graph_(graph), level_(static_cast<std::size_t>(graph.vertnbr), -1) {
  order_.reserve(static_cast<std::size_t>(graph.vertnbr));
}

Num BreadthFirstSearch::run(Num start, VertexSubset subset, Num max_level) {
  for (Num v : order_) level_[static_cast<std::size_t>(v)] = -1;  // only what the last run touched
  order_.clear();
  order_.push_back(start);
  level_[static_cast<std::size_t>(start)] = 0;
  for (std::size_t head = 0; head < order_.size(); ++head) {
    const Num v = order_[head];
    const Num next = level_[static_cast<std::size_t>(v)] + 1;
    if (max_level >= 0 && next > max_level) break;  // levels only grow along order_
    for (Num arc = graph_.begin(v); arc < graph_.end(v); ++arc) {
      const Num w = graph_.neighbour(arc);
      if (level_[static_cast<std::size_t>(w)] < 0 && subset.contains(w)) {
        level_[static_cast<std::size_t>(w)] = next;
        order_.push_back(w);
      }
    }
  }
  return level_[static_cast<std::size_t>(order_.back())];
}

void BreadthFirstSearch::start(const Num* starts, std::size_t count, VertexSubset subset) {
  for (Num v : order_) level_[static_cast<std::size_t>(v)] = -1;
  order_.clear();
  subset_ = subset;
  level_begin_ = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const Num v = starts[i];
    if (level_[static_cast<std::size_t>(v)] < 0) {
      level_[static_cast<std::size_t>(v)] = 0;
      order_.push_back(v);
    }
  }
}

bool BreadthFirstSearch::next_level() {
  const std::size_t end = order_.size();
  for (std::size_t head = level_begin_; head < end; ++head) {
    const Num v = order_[head];
    const Num next = level_[static_cast<std::size_t>(v)] + 1;
    for (Num arc = graph_.begin(v); arc < graph_.end(v); ++arc) {
      const Num w = graph_.neighbour(arc);
      if (level_[static_cast<std::size_t>(w)] < 0 && subset_.contains(w)) {
        level_[static_cast<std::size_t>(w)] = next;
        order_.push_back(w);
      }
    }
  }
  level_begin_ = end;
  return order_.size() > end;
}

Num BreadthFirstSearch::farthest() const {
  const Num depth = level_[static_cast<std::size_t>(order_.back())];
  Num best = order_.back();
  for (auto it = order_.rbegin(); it != order_.rend() && level(*it) == depth; ++it)
    if (graph_.degree(*it) < graph_.degree(best)) best = *it;
  return best;
}

PseudoDiameter pseudo_diameter(BreadthFirstSearch& bfs, Num start, VertexSubset subset) {
  PseudoDiameter result;
  result.from = start;
  result.length = bfs.run(start, subset);
  result.to = bfs.farthest();
  for (;;) {
    const Num from = result.to;
    const Num length = bfs.run(from, subset);
    if (length <= result.length) break;
    result.length = length;
    result.from = from;
    result.to = bfs.farthest();
  }
  return result;
}

Components connected_components(const Graph& graph) {
  Components result;
  result.component.assign(static_cast<std::size_t>(graph.vertnbr), -1);
  std::vector<Num> queue;
  queue.reserve(static_cast<std::size_t>(graph.vertnbr));
  for (Num seed = 0; seed < graph.vertnbr; ++seed) {
    if (result.component[static_cast<std::size_t>(seed)] >= 0) continue;
    const Num id = result.count++;
    queue.clear();
    queue.push_back(seed);
    result.component[static_cast<std::size_t>(seed)] = id;
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const Num v = queue[head];
      for (Num arc = graph.begin(v); arc < graph.end(v); ++arc) {
        const Num w = graph.neighbour(arc);
        if (result.component[static_cast<std::size_t>(w)] < 0) {
          result.component[static_cast<std::size_t>(w)] = id;
          queue.push_back(w);
        }
      }
    }
  }
  return result;
}

std::vector<Num> breadth_first_numbering(const Graph& graph) {
  std::vector<Num> numbering;
  numbering.reserve(static_cast<std::size_t>(graph.vertnbr));
  std::vector<char> listed(static_cast<std::size_t>(graph.vertnbr), 0);
  BreadthFirstSearch bfs(graph);
  for (Num seed = 0; seed < graph.vertnbr; ++seed) {
    if (listed[static_cast<std::size_t>(seed)]) continue;
    bfs.run(seed);
    bfs.run(bfs.farthest());
    for (Num v : bfs.order()) {
      listed[static_cast<std::size_t>(v)] = 1;
      numbering.push_back(v);
    }
  }
  return numbering;
}

}  // namespace tartan
