// Shortest paths (see shortest_paths.hpp).
#include "graph/shortest_paths.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <utility>

namespace tartan {

namespace {

std::size_t index(Num value) { return static_cast<std::size_t>(value); }

}  // namespace

bool has_uniform_edge_costs(const Graph& graph) {
  if (graph.edlotab == nullptr || graph.edgenbr == 0) return true;
  const Num first = graph.arc_weight(graph.begin(0) < graph.end(0) ? graph.begin(0) : 0);
  for (Num v = 0; v < graph.vertnbr; ++v)
    for (Num arc = graph.begin(v); arc < graph.end(v); ++arc)
      if (graph.arc_weight(arc) != first) return false;
  return true;
}

ExactDistances::ExactDistances(const Graph& graph)
    : graph_(graph), bfs_(graph), uniform_(has_uniform_edge_costs(graph)), unit_cost_(1) {
  if (uniform_ && graph.edlotab != nullptr)
    for (Num v = 0; v < graph.vertnbr; ++v)
      if (graph.begin(v) < graph.end(v)) {
        unit_cost_ = graph.arc_weight(graph.begin(v));
        break;
      }
  distance_.resize(index(graph.vertnbr));
}

const std::vector<Num>& ExactDistances::from(Num source) {
  std::fill(distance_.begin(), distance_.end(), Num{-1});
  if (uniform_) {
    bfs_.run(source);
    for (Num v : bfs_.order()) distance_[index(v)] = bfs_.level(v) * unit_cost_;
    return distance_;
  }
  using Entry = std::pair<Num, Num>;  // (cost, vertex), smallest cost first
  std::vector<Entry> heap;
  distance_[index(source)] = 0;
  heap.emplace_back(0, source);
  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end(), std::greater<Entry>());
    const auto [cost, v] = heap.back();
    heap.pop_back();
    if (cost > distance_[index(v)]) continue;
    for (Num arc = graph_.begin(v); arc < graph_.end(v); ++arc) {
      const Num w = graph_.neighbour(arc);
      const Num next = cost + graph_.arc_weight(arc);
      Num& known = distance_[index(w)];
      if (known < 0 || next < known) {
        known = next;
        heap.emplace_back(next, w);
        std::push_heap(heap.begin(), heap.end(), std::greater<Entry>());
      }
    }
  }
  return distance_;
}

namespace {

// Per-thread workspace of bounded_settle: an open-addressing table keyed by vertex, whose slots
// belong to the current query only if their stamp equals the current generation.
struct SearchWorkspace {
  struct Slot {
    Num vertex;
    Num cost;
    std::uint32_t stamp;
    bool settled;
    bool seed;  // a source: its own traversal cost is not paid
  };
  std::vector<Slot> slots = std::vector<Slot>(1024, Slot{0, 0, 0, false, false});
  std::uint32_t generation = 0;
  std::size_t used = 0;
  std::vector<std::pair<Num, Num>> heap;

  void start() {
    if (++generation == 0) {  // wrapped: old stamps could look current
      for (Slot& slot : slots) slot.stamp = 0;
      generation = 1;
    }
    used = 0;
    heap.clear();
  }

  static std::size_t hash(Num vertex) {
    return static_cast<std::size_t>(static_cast<std::uint64_t>(vertex) * 0x9e3779b97f4a7c15ull >>
                                    20);
  }

  // The slot of vertex, inserted with cost -1 if absent.
  Slot& find(Num vertex) {
    if (2 * (used + 1) > slots.size()) grow();
    const std::size_t mask = slots.size() - 1;
    for (std::size_t at = hash(vertex) & mask;; at = (at + 1) & mask) {
      Slot& slot = slots[at];
      if (slot.stamp != generation) {
        slot = Slot{vertex, -1, generation, false, false};
        ++used;
        return slot;
      }
      if (slot.vertex == vertex) return slot;
    }
  }

  void grow() {
    std::vector<Slot> old;
    old.swap(slots);
    slots.assign(old.size() * 2, Slot{0, 0, 0, false, false});
    const std::size_t mask = slots.size() - 1;
    for (const Slot& slot : old) {
      if (slot.stamp != generation) continue;
      std::size_t at = hash(slot.vertex) & mask;
      while (slots[at].stamp == generation) at = (at + 1) & mask;
      slots[at] = slot;
    }
  }
};

}  // namespace

void bounded_settle(const CsrGraph& graph, const std::vector<Num>& vertex_cost,
                    const std::vector<SearchSeed>& sources, Num settle_limit,
                    std::vector<SearchSeed>& settled) {
  // Held through a pointer so that the thread-local lookup happens once per search, not in
  // every table access.
  thread_local std::unique_ptr<SearchWorkspace> thread_work;
  if (!thread_work) thread_work = std::make_unique<SearchWorkspace>();
  SearchWorkspace& work = *thread_work;
  work.start();
  using Entry = std::pair<Num, Num>;
  auto& heap = work.heap;
  for (const SearchSeed& seed : sources) {
    SearchWorkspace::Slot& slot = work.find(seed.vertex);
    if (slot.cost >= 0 && slot.cost <= seed.cost) continue;
    slot.cost = seed.cost;
    slot.seed = true;
    heap.emplace_back(seed.cost, seed.vertex);
  }
  std::make_heap(heap.begin(), heap.end(), std::greater<Entry>());
  settled.clear();
  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end(), std::greater<Entry>());
    const auto [cost, v] = heap.back();
    heap.pop_back();
    SearchWorkspace::Slot& slot = work.find(v);
    if (slot.settled || cost > slot.cost) continue;
    slot.settled = true;
    settled.push_back(SearchSeed{v, cost});
    if (static_cast<Num>(settled.size()) >= settle_limit) return;
    const Num through = cost + (!slot.seed && !vertex_cost.empty() ? vertex_cost[index(v)] : 0);
    for (Num arc = graph.xadj[index(v)]; arc < graph.xadj[index(v) + 1]; ++arc) {
      const Num w = graph.adjncy[index(arc)];
      const Num next = through + graph.adjwgt[index(arc)];
      SearchWorkspace::Slot& neighbour = work.find(w);
      if (neighbour.settled) continue;
      if (neighbour.cost < 0 || next < neighbour.cost) {
        neighbour.cost = next;
        heap.emplace_back(next, w);
        std::push_heap(heap.begin(), heap.end(), std::greater<Entry>());
      }
    }
  }
}

}  // namespace tartan
