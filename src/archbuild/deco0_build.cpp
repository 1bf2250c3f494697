// Building deco 0 targets from target graphs (see deco_build.hpp).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "arch/deco.hpp"
#include "archbuild/deco_build.hpp"
#include "archbuild/target_terminals.hpp"
#include "common/error.hpp"
#include "common/random.hpp"
#include "graph/coarsening.hpp"
#include "graph/shortest_paths.hpp"
#include "graph/subgraph.hpp"
#include "partition/bipartition.hpp"

namespace tartan {

namespace {

std::size_t index(Num value) { return static_cast<std::size_t>(value); }

// Affinity of the target graph's arcs for the bipartitioner: the cheaper a link is to cross,
// the more it should stay inside a domain. Uniform costs give 1; otherwise kScale x (cheapest
// cost / cost), at least 1, so that summed coarse weights stay far from Num's range.
class ArcAffinity {
 public:
  explicit ArcAffinity(const Graph& graph)
      : graph_(graph), uniform_(has_uniform_edge_costs(graph)) {
    if (uniform_) return;
    for (Num v = 0; v < graph.vertnbr; ++v)
      for (Num arc = graph.begin(v); arc < graph.end(v); ++arc) {
        const Num cost = graph.arc_weight(arc);
        if (cheapest_ == 0 || cost < cheapest_) cheapest_ = cost;
      }
  }
  Num operator()(Num arc) const {
    constexpr double kScale = 64;
    if (uniform_) return 1;
    const Num cost = graph_.arc_weight(arc);  // positive: select_target_terminals checks
    const double ratio = static_cast<double>(cheapest_) / static_cast<double>(cost);
    return std::max<Num>(1, static_cast<Num>(std::lround(kScale * ratio)));
  }

 private:
  const Graph& graph_;
  bool uniform_;
  Num cheapest_ = 0;
};

// Splits the domains of the bipartitioning tree with the multilevel graph bipartitioner DRB
// uses. A domain owns target-graph vertices: its terminals (load 1) and the non-terminal
// vertices (routers, unlisted nodes: load 0) that fell on its side, so halves stay connected
// through the routers between their terminals. The bipartitioner gets one terminal of slack
// per side, so its refinement can move terminals, then the split is made exact (floor and
// ceiling of half the terminals) by moving the terminals whose move cuts the least.
class TreeSplitter {
 public:
  TreeSplitter(const Graph& graph, const std::vector<Num>& terminal_of_vertex,
               const Deco0Options& options)
      : terminal_of_vertex_(terminal_of_vertex),
        options_(options),
        affinity_(graph),
        extract_(graph),
        random_(options.seed) {}

  // Moves the vertices of owned (2+ terminals among them) to halves[0] and halves[1].
  void split(const std::vector<Num>& owned, std::vector<Num> halves[2]) {
    const Num count = static_cast<Num>(owned.size());
    Num terminals = 0;
    extract_(
        owned.data(), count, sub_,
        [&](Num v) {
          const Num load = terminal_of_vertex_[index(v)] >= 0 ? 1 : 0;
          terminals += load;
          return load;
        },
        affinity_, [](Num, Num) {});
    const std::int64_t exact[2] = {terminals / 2, terminals - terminals / 2};
    problem_.graph = &sub_;
    problem_.cut_cost = 1;
    problem_.ideal0 = static_cast<double>(terminals) / 2;
    for (int s = 0; s < 2; ++s) problem_.capacity[s] = exact[s] + 1;

    // Several runs (the strategy's drb runs): the split with the fewest pieces (2 when both
    // halves are connected), then the cheapest, kept.
    std::int64_t best_cost = 0;
    std::size_t best_pieces = 0;
    for (int run = 0; run < std::max(1, options_.runs); ++run) {
      std::vector<std::uint8_t>& target = run == 0 ? side_ : trial_side_;
      multilevel_bipartition(problem_, options_.bipartition, random_, workspace_, target);
      std::int64_t load[2];
      balance(target, exact, load);
      // Rebalancing may cut a half in pieces: pieces go to the other side, which is balanced
      // again, a few rounds at most (a domain that is itself disconnected stays in pieces).
      for (int round = 0; round < 3 && count_pieces(target) > 2; ++round) {
        merge_stray_pieces(target);
        balance(target, exact, load);
      }
      const std::size_t pieces = count_pieces(target);
      const std::int64_t cost = bipartition_cost(problem_, target, load);
      if (run == 0 || pieces < best_pieces || (pieces == best_pieces && cost < best_cost)) {
        best_cost = cost;
        best_pieces = pieces;
        if (run > 0) side_.swap(trial_side_);
      }
    }
    for (Num i = 0; i < count; ++i) halves[side_[index(i)]].push_back(owned[index(i)]);
  }

 private:
  // Moves terminals from the overloaded side until the loads are exact, each time the one
  // whose move decreases the cut the most (ties: the lowest index) among those that keep both
  // sides connected (on the boundary, not an articulation point of their side), if any.
  // Terminal loads are 1.
  void balance(std::vector<std::uint8_t>& side, const std::int64_t exact[2], std::int64_t load[2]) {
    bipartition_cost(problem_, side, load);
    for (int from = 0; from < 2; ++from) {
      while (load[from] > exact[from]) {
        find_articulations(side, from);
        Num best = -1;
        bool best_safe = false;
        std::int64_t best_gain = 0;
        for (Num v = 0; v < sub_.vertex_count(); ++v) {
          if (side[index(v)] != from || sub_.vwgt[index(v)] == 0) continue;
          std::int64_t gain = 0;
          bool touches_other_side = false;
          for (Num arc = sub_.xadj[index(v)]; arc < sub_.xadj[index(v) + 1]; ++arc) {
            const bool same = side[index(sub_.adjncy[index(arc)])] == from;
            gain += same ? -sub_.adjwgt[index(arc)] : sub_.adjwgt[index(arc)];
            touches_other_side = touches_other_side || !same;
          }
          const bool safe = touches_other_side && !articulation_[index(v)];
          if (best < 0 || (safe && !best_safe) || (safe == best_safe && gain > best_gain)) {
            best = v;
            best_safe = safe;
            best_gain = gain;
          }
        }
        side[index(best)] = static_cast<std::uint8_t>(1 - from);
        --load[from];
        ++load[1 - from];
      }
    }
  }

  // Marks the articulation points of the subgraph induced by side `which` (Tarjan's lowpoints,
  // iterative: domains can be large paths).
  void find_articulations(const std::vector<std::uint8_t>& side, int which) {
    const Num n = sub_.vertex_count();
    articulation_.assign(index(n), 0);
    discovery_.assign(index(n), -1);
    lowpoint_.assign(index(n), 0);
    parent_.assign(index(n), -1);
    struct Frame {
      Num vertex, next_arc;
    };
    std::vector<Frame> stack;
    Num clock = 0;
    for (Num root = 0; root < n; ++root) {
      if (side[index(root)] != which || discovery_[index(root)] >= 0) continue;
      discovery_[index(root)] = lowpoint_[index(root)] = clock++;
      Num root_children = 0;
      stack.assign(1, Frame{root, sub_.xadj[index(root)]});
      while (!stack.empty()) {
        Frame& top = stack.back();
        const Num v = top.vertex;
        if (top.next_arc < sub_.xadj[index(v) + 1]) {
          const Num u = sub_.adjncy[index(top.next_arc++)];
          if (side[index(u)] != which) continue;
          if (discovery_[index(u)] < 0) {
            parent_[index(u)] = v;
            discovery_[index(u)] = lowpoint_[index(u)] = clock++;
            if (v == root) ++root_children;
            stack.push_back(Frame{u, sub_.xadj[index(u)]});
          } else if (u != parent_[index(v)]) {
            lowpoint_[index(v)] = std::min(lowpoint_[index(v)], discovery_[index(u)]);
          }
          continue;
        }
        stack.pop_back();
        const Num p = parent_[index(v)];
        if (p < 0) continue;
        lowpoint_[index(p)] = std::min(lowpoint_[index(p)], lowpoint_[index(v)]);
        if (p != root && lowpoint_[index(v)] >= discovery_[index(p)]) articulation_[index(p)] = 1;
      }
      if (root_children > 1) articulation_[index(root)] = 1;
    }
  }

  // Numbers the connected pieces of each side (piece_ per vertex, piece_load_, piece_size_,
  // piece_side_ per piece) and returns their count.
  std::size_t count_pieces(const std::vector<std::uint8_t>& side) {
    const Num n = sub_.vertex_count();
    piece_.assign(index(n), -1);
    piece_load_.clear();
    piece_size_.clear();
    piece_side_.clear();
    std::vector<Num>& stack = piece_stack_;
    for (Num root = 0; root < n; ++root) {
      if (piece_[index(root)] >= 0) continue;
      const Num id = static_cast<Num>(piece_load_.size());
      piece_load_.push_back(0);
      piece_size_.push_back(0);
      piece_side_.push_back(side[index(root)]);
      piece_[index(root)] = id;
      stack.assign(1, root);
      while (!stack.empty()) {
        const Num v = stack.back();
        stack.pop_back();
        piece_load_.back() += sub_.vwgt[index(v)];
        ++piece_size_.back();
        for (Num arc = sub_.xadj[index(v)]; arc < sub_.xadj[index(v) + 1]; ++arc) {
          const Num u = sub_.adjncy[index(arc)];
          if (piece_[index(u)] < 0 && side[index(u)] == side[index(v)]) {
            piece_[index(u)] = id;
            stack.push_back(u);
          }
        }
      }
    }
    return piece_load_.size();
  }

  // After count_pieces: moves every piece of a side except its heaviest (most terminals, then
  // most vertices) to the other side.
  void merge_stray_pieces(std::vector<std::uint8_t>& side) {
    Num main_piece[2] = {-1, -1};
    for (Num id = 0; id < static_cast<Num>(piece_load_.size()); ++id) {
      Num& best = main_piece[piece_side_[index(id)]];
      if (best < 0 || piece_load_[index(id)] > piece_load_[index(best)] ||
          (piece_load_[index(id)] == piece_load_[index(best)] &&
           piece_size_[index(id)] > piece_size_[index(best)]))
        best = id;
    }
    for (Num v = 0; v < sub_.vertex_count(); ++v) {
      const std::uint8_t s = side[index(v)];
      if (piece_[index(v)] != main_piece[s]) side[index(v)] = static_cast<std::uint8_t>(1 - s);
    }
  }

  const std::vector<Num>& terminal_of_vertex_;
  const Deco0Options& options_;
  ArcAffinity affinity_;
  SubgraphExtractor extract_;
  Random random_;
  CsrGraph sub_;
  BipartitionProblem problem_;
  BipartitionWorkspace workspace_;
  std::vector<std::uint8_t> side_, trial_side_;
  std::vector<Num> piece_;  // connected piece of each vertex of the domain within its side
  std::vector<std::int64_t> piece_load_, piece_size_;
  std::vector<std::uint8_t> piece_side_;
  std::vector<Num> piece_stack_;
  std::vector<std::uint8_t> articulation_;
  std::vector<Num> discovery_, lowpoint_, parent_;
};

}  // namespace

const char* const kDeco0Keys[] = {"runs", "coarse", "ratio", "tries", "passes", "moves", "slack",
                                  nullptr};

void read_deco0_options(const MethodParams& params, Deco0Options& options) {
  options.runs = static_cast<int>(params.integer("runs", options.runs, 1, 100));
  options.bipartition = read_bipartition_options(params);
}

ArchPtr build_deco0(const Graph& graph, const std::vector<Num>* list) {
  return build_deco0_with(graph, list, Deco0Options{});
}

ArchPtr build_deco0_with(const Graph& graph, const std::vector<Num>* list,
                         const Deco0Options& options) {
  const TargetTerminals terminals = select_target_terminals(graph, list);
  const Num termnbr = static_cast<Num>(terminals.vertex.size());
  check_deco0_matrix_memory(static_cast<std::uint64_t>(termnbr));

  const std::size_t nodenbr = 2 * index(termnbr) - 1;
  std::vector<Num> distance;
  distance.reserve(nodenbr * (nodenbr + 1) / 2);  // the target grows it in place
  distance.resize(index(termnbr) * (index(termnbr) + 1) / 2);
  // The root domain owns the terminals' connected component (other components hold no
  // terminal: select_target_terminals refuses terminals in different components).
  std::vector<Num> component;
  ExactDistances search(graph);
  for (Num a = 0; a < termnbr; ++a) {
    const std::vector<Num>& from_a = search.from(terminals.vertex[index(a)]);
    for (Num b = 0; b <= a; ++b)
      distance[deco0_triangle(a, b)] = from_a[index(terminals.vertex[index(b)])];
    if (a == 0)
      for (Num v = 0; v < graph.vertnbr; ++v)
        if (from_a[index(v)] >= 0) component.push_back(v);
  }

  // Recursive bipartitioning down to single terminals; domain numbers 1, 2i, 2i+1.
  std::vector<Num> terminal_of_vertex(index(graph.vertnbr), -1);
  for (Num t = 0; t < termnbr; ++t) terminal_of_vertex[index(terminals.vertex[index(t)])] = t;
  TreeSplitter splitter(graph, terminal_of_vertex, options);
  std::vector<std::int64_t> heaps(index(termnbr), 1);
  struct Pending {
    std::int64_t heap;
    std::vector<Num> owned;  // target-graph vertices of the domain, terminals and others
  };
  auto single_terminal = [&](const std::vector<Num>& owned) {
    Num found = -1;
    for (Num v : owned) {
      if (terminal_of_vertex[index(v)] < 0) continue;
      if (found >= 0) return Num{-1};
      found = terminal_of_vertex[index(v)];
    }
    return found;
  };
  std::vector<Pending> pending;
  pending.push_back(Pending{1, std::move(component)});
  while (!pending.empty()) {
    Pending domain = std::move(pending.back());
    pending.pop_back();
    const Num terminal = single_terminal(domain.owned);
    if (terminal >= 0) {
      heaps[index(terminal)] = domain.heap;
      continue;
    }
    std::vector<Num> halves[2];
    splitter.split(domain.owned, halves);
    domain.owned = std::vector<Num>();  // released before the halves are split further
    pending.push_back(Pending{2 * domain.heap + 1, std::move(halves[1])});
    pending.push_back(Pending{2 * domain.heap, std::move(halves[0])});
  }

  // Labels are the terminals' 0-based vertex indices: SCOTCH's terminal numbers (its deco 2
  // stores them so; it builds deco 2 from base-0 graphs only).
  return make_deco0(terminals.vertex, terminals.weight, heaps, std::move(distance),
                    csr_from_graph(graph), terminals.vertex);
}

}  // namespace tartan
