#include "arch/target_graph.hpp"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <limits>
#include <memory>
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
      if (graph.arc_weight(arc) < 0)
        fail_invalid("edge from vertex " + std::to_string(v + graph.baseval) +
                     " has a negative traversal cost");

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
                     " are in different connected components of the target graph");
  }
  terminals.vertex = std::move(vertices);
  return terminals;
}

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

// Per-thread workspace of bounded_search: an open-addressing table keyed by vertex, whose slots
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

void bounded_settle(const CsrGraph& level, const std::vector<Num>& vertex_cost,
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
    for (Num arc = level.xadj[index(v)]; arc < level.xadj[index(v) + 1]; ++arc) {
      const Num w = level.adjncy[index(arc)];
      const Num next = through + level.adjwgt[index(arc)];
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

void view_csr_as_graph(const CsrGraph& csr, Graph& view) {
  view.baseval = 0;
  view.vertnbr = csr.vertex_count();
  view.edgenbr = csr.arc_count();
  view.verttab = csr.xadj.data();
  view.vendtab = csr.xadj.data() + 1;
  view.velotab = nullptr;
  view.vlbltab = nullptr;
  view.edgetab = csr.adjncy.data();
  view.edlotab = csr.adjwgt.data();
}

std::uint64_t deco_matrix_memory_limit() {
  constexpr std::uint64_t kMiB = 1024 * 1024;
  const char* text = std::getenv("TARTAN_DECO_MAX_MEMORY_MB");
  if (text == nullptr || *text == '\0') return 512 * kMiB;
  // A whole number of MiB from 1 to 2^40: anything else (a sign, a fraction, a word, 0) is
  // refused rather than ignored, so that a cap the user meant is never silently lifted.
  std::uint64_t megabytes = 0;
  const char* digit = text;
  for (; *digit >= '0' && *digit <= '9' && megabytes <= (std::uint64_t{1} << 40); ++digit)
    megabytes = megabytes * 10 + static_cast<std::uint64_t>(*digit - '0');
  if (*digit != '\0' || megabytes < 1 || megabytes > (std::uint64_t{1} << 40))
    fail(ErrorCode::invalid, std::string("TARTAN_DECO_MAX_MEMORY_MB='") + text +
                                 "': expected a whole number of MiB from 1 to 1099511627776");
  return megabytes * kMiB;
}

}  // namespace tartan
