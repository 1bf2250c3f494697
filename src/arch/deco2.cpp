#include "arch/deco2.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <utility>

#include "arch/domain_tree.hpp"
#include "arch/graph_routes.hpp"
#include "common/error.hpp"
#include "common/random.hpp"
#include "graph/coarsening.hpp"
#include "graph/graph_check.hpp"
#include "graph/shortest_paths.hpp"
#include "graph/subgraph.hpp"
#include "graph/traversal.hpp"
#include "io/graph_io.hpp"

namespace tartan {

namespace {

std::size_t index(Num value) { return static_cast<std::size_t>(value); }

// One level of the hierarchy. graph.adjwgt holds edge traversal costs and graph.vwgt vertex
// traversal costs (0 at the finest level); load keeps the finest level's vertex loads as the
// target graph gave them (empty: unit loads), only to write them back.
struct Level {
  CsrGraph graph;
  std::vector<Num> load;
  Num diameter = 0;
};

// Writes a level graph with io's .grf codec: edge weights when the finest level has other than
// unit costs (always at coarse levels), vertex weights when the target graph had loads (always
// at coarse levels: their traversal costs).
void write_level(std::ostream& out, const Level& level, bool finest) {
  const CsrGraph& g = level.graph;
  const bool unit_costs =
      std::all_of(g.adjwgt.begin(), g.adjwgt.end(), [](Num w) { return w == 1; });
  Graph view;
  view_csr_as_graph(g, view);
  static constexpr Num kNoArc = 0;
  if (finest && unit_costs)
    view.edlotab = nullptr;
  else if (view.edlotab == nullptr)
    view.edlotab = &kNoArc;  // an edgeless coarse level keeps its edge-weight flag
  view.velotab = !finest ? g.vwgt.data() : level.load.empty() ? nullptr : level.load.data();
  io::write_grf(view, *out.rdbuf());
}

// What a deco 2 file says of each domain of a DomainTree besides its shape, with SCOTCH's
// vertex chains.
struct Deco2Numbering {
  std::vector<std::int64_t> heap;  // SCOTCH's domain number, or -1 past 63 levels of depth
  std::vector<Num> level;          // level at which the domain is a single vertex (its lowest such)
  std::vector<Num> vnum_at;        // index in vnum of that vertex; the entries before it hold its
                                   // vertices at the levels above, up to the one below its father's
  std::vector<Num> vnum;
};

// How a vertex of one level climbs to the next: its coarse vertex, and the cost of the walk
// from its representative to the coarse vertex's representative.
struct Lift {
  std::vector<Num> father;
  std::vector<Num> reach;
};

// The vertex standing for each domain in distance queries: its terminal for a leaf; for a
// larger domain, the terminal deepest inside it (most hops from the members with a neighbour
// outside the domain, ties to the smallest vertex), so that two domains are as far apart as
// their middles. Every tree level costs one search over its members: O(|V| depth) in all.
std::vector<Num> domain_centres(const CsrGraph& finest, const DomainTree& tree,
                                const std::vector<Num>& term_vertex) {
  std::vector<Num> vertex_in_preorder(index(tree.node_count()), -1);
  for (Num t = 0; t < tree.terminal_count(); ++t)
    vertex_in_preorder[index(tree.preorder(tree.terminal_node(t)))] = term_vertex[index(t)];
  std::vector<Num> centre(index(tree.node_count()), -1);
  std::vector<Num> member(index(finest.vertex_count()), -1), reached(member.size(), -1);
  std::vector<Num> queue;
  for (Num dom = 0; dom < tree.node_count(); ++dom) {
    const std::size_t d = index(dom);
    queue.clear();
    for (Num p = tree.preorder(dom); p < tree.preorder_end(dom); ++p)
      if (const Num v = vertex_in_preorder[index(p)]; v >= 0) {
        member[index(v)] = dom;
        queue.push_back(v);
      }
    Num best = *std::min_element(queue.begin(), queue.end());
    if (tree.is_leaf(dom)) {
      centre[d] = best;
      continue;
    }
    // Members on the domain's border start the search.
    std::size_t border = 0;
    for (std::size_t k = 0; k < queue.size(); ++k) {
      const Num v = queue[k];
      bool inner = true;
      for (Num arc = finest.xadj[index(v)]; arc < finest.xadj[index(v) + 1] && inner; ++arc)
        inner = member[index(finest.adjncy[index(arc)])] == dom;
      if (!inner) std::swap(queue[k], queue[border++]);
    }
    queue.resize(border);
    for (Num v : queue) reached[index(v)] = dom;
    Num best_depth = -1;
    std::size_t head = 0;
    for (Num depth = 0; head < queue.size(); ++depth) {
      const std::size_t layer_end = queue.size();
      for (; head < layer_end; ++head) {
        const Num v = queue[head];
        if (depth > best_depth || (depth == best_depth && v < best)) best = v, best_depth = depth;
        for (Num arc = finest.xadj[index(v)]; arc < finest.xadj[index(v) + 1]; ++arc) {
          const Num w = finest.adjncy[index(arc)];
          if (member[index(w)] == dom && reached[index(w)] != dom) {
            reached[index(w)] = dom;
            queue.push_back(w);
          }
        }
      }
    }
    centre[d] = best;
  }
  return centre;
}

constexpr int kPieces = 1 << kDeco2AveragingDepth;  // most pieces a domain is averaged over

// A tree and its file numbering.
struct Deco2Tree {
  DomainTree shape;
  Deco2Numbering numbering;
};

class Deco2Architecture final : public TreeArchitecture {
 public:
  // tree: the tree mapping works with, over the walk hierarchy. file_tree and walk_graphs:
  // a loaded file's own tree and the walk hierarchy's level graphs, when they differ from the
  // file's; empty otherwise (targets Tartan built, files it wrote).
  Deco2Architecture(std::vector<Level> levels, std::vector<Num> term_vertex, Deco2Tree tree,
                    Deco2Tree file_tree, Num settle_limit, std::vector<Lift> lifts,
                    std::vector<CsrGraph> walk_graphs = {})
      : levels_(std::move(levels)),
        walk_graphs_(std::move(walk_graphs)),
        lifts_(std::move(lifts)),
        term_vertex_(std::move(term_vertex)),
        numbering_(std::move(tree.numbering)),
        file_tree_(std::move(file_tree)),
        settle_limit_(settle_limit) {
    set_tree(std::move(tree.shape));
    centre_ = domain_centres(walk_level(0), this->tree(), term_vertex_);
    // A whole walk at most (levels are searched only as queries climb, so most take less).
    const std::size_t profile_bytes =
        (sizeof(ProfileLevel) + 64) * (lifts_.size() + 1) +
        sizeof(ProfileEntry) *
            (index(settle_limit_) + lifts_.size() * index(std::max<Num>(8, settle_limit_ / 4)));
    const std::size_t vertices = index(walk_level(0).vertex_count());
    profile_slots_.resize(
        std::max<std::size_t>(1, std::min(kProfileBytes / profile_bytes, vertices)));
    routes_ = std::make_unique<GraphRoutes>(levels_[0].graph, term_vertex_);
  }

  // Links: the target graph's (its finest level), routes by graph_routes.hpp's rule.
  const Network* network() const override { return routes_.get(); }

  const char* kind_name() const override { return "deco2"; }
  Num domain_distance(const Domain& a, const Domain& b) const override {
    return distance(node_of(a), node_of(b));
  }
  Num terminal_distance(Num a, Num b) const override {
    return distance(node_of(terminal_domain(a)), node_of(terminal_domain(b)));
  }
  // Each distance merges two walk profiles: worth caching in DistanceOracle.
  DistanceForm distance_form() const override { return DistanceForm::costly_generic(); }

  void save(std::ostream& out) const override {
    const bool own = file_tree_.shape.node_count() == 0;
    const DomainTree& shape = own ? tree() : file_tree_.shape;
    const Deco2Numbering& saved = own ? numbering_ : file_tree_.numbering;
    for (std::int64_t heap : saved.heap)
      if (heap < 1)
        fail(ErrorCode::overflow,
             "this deco 2 tree is deeper than SCOTCH's domain numbers can express (63 levels)");
    out << "deco\n2\n"
        << size() << '\t' << levels_.size() << '\t' << saved.vnum.size() << '\n';
    for (Num t = 0; t < size(); ++t)
      out << shape.terminal_node(t) << '\t' << term_vertex_[index(t)] << '\n';
    for (Num d = 0; d < shape.node_count(); ++d)
      out << saved.heap[index(d)] << '\t' << shape.size(d) << '\t' << shape.weight(d) << '\t'
          << shape.min_terminal(d) << '\t' << shape.father(d) << '\t' << shape.son0(d) << '\t'
          << shape.son1(d) << '\t' << saved.level[index(d)] << '\t' << saved.vnum_at[index(d)]
          << '\n';
    for (std::size_t l = 0; l < levels_.size(); ++l) {
      write_level(out, levels_[l], l == 0);
      out << levels_[l].diameter << '\n';
    }
    for (std::size_t i = 0; i < saved.vnum.size(); ++i)
      out << saved.vnum[i] << (i + 1 == saved.vnum.size() || i % 8 == 7 ? '\n' : '\t');
  }

  Deco2Shape shape() const {
    Deco2Shape result;
    for (const Level& level : levels_) result.level_vertices.push_back(level.graph.vertex_count());
    result.domain_count = tree().node_count();
    for (Num t = 0; t < size(); ++t) {
      Num depth = 0;
      for (Num d = tree().terminal_node(t); tree().father(d) >= 0; d = tree().father(d)) ++depth;
      result.tree_depth = std::max(result.tree_depth, depth);
    }
    return result;
  }

 private:
  const CsrGraph& walk_level(Num l) const {
    return walk_graphs_.empty() ? levels_[index(l)].graph : walk_graphs_[index(l)];
  }

  // The vertices one side settles at every level, a function of its starting vertex alone:
  // at each level a search from the side's sources settles up to a bounded number of vertices
  // (settle_limit_ at the finest level, where close pairs get exact answers; a quarter at
  // lifted levels, whose sources already spread), which climb to the next level as its sources,
  // each carrying the cost paid so far plus its walk to its coarse vertex's representative.
  struct ProfileEntry {
    Num vertex;
    Num settled;  // cost at which the level's search settled it, or -1
    Num source;   // cost with which it entered the level as a source, or -1
  };
  // One level of a side's walk, its entries sorted by vertex. The level above is searched the
  // first time a query climbs to it: most pairs meet at the finest levels (4elt onto a 10^6-
  // vertex torus: 81 % of the queries at level 0 or 1 of 20), so most walks never go higher.
  struct ProfileLevel {
    Num level = 0;
    std::vector<ProfileEntry> entries;
    mutable std::once_flag above_once;
    mutable std::shared_ptr<const ProfileLevel> above;  // null at the top level
  };

  // The level-l part of a walk whose sources there are `sources` (sorted by vertex, one each).
  std::shared_ptr<const ProfileLevel> profile_level(Num l,
                                                    const std::vector<SearchSeed>& sources) const {
    thread_local std::vector<SearchSeed> settled;
    auto result = std::make_shared<ProfileLevel>();
    result->level = l;
    const CsrGraph& level = walk_level(l);
    const Num limit = l == 0 ? settle_limit_ : std::max<Num>(8, settle_limit_ / 4);
    bounded_settle(level, level.vwgt, sources, limit, settled);
    // The settled vertices sorted by vertex, then the sources joining their settled entry or
    // added and merged in.
    std::vector<ProfileEntry>& entries = result->entries;
    const auto by_vertex = [](const ProfileEntry& x, const ProfileEntry& y) {
      return x.vertex < y.vertex;
    };
    entries.reserve(settled.size() + sources.size());
    for (const SearchSeed& seed : settled)
      entries.push_back(ProfileEntry{seed.vertex, seed.cost, -1});
    std::sort(entries.begin(), entries.end(), by_vertex);
    const std::ptrdiff_t settled_end = static_cast<std::ptrdiff_t>(entries.size());
    for (const SearchSeed& seed : sources) {
      const auto at = std::lower_bound(entries.begin(), entries.begin() + settled_end,
                                       ProfileEntry{seed.vertex, -1, -1}, by_vertex);
      if (at != entries.begin() + settled_end && at->vertex == seed.vertex)
        at->source = seed.cost;
      else
        entries.push_back(ProfileEntry{seed.vertex, -1, seed.cost});
    }
    std::inplace_merge(entries.begin(), entries.begin() + settled_end, entries.end(), by_vertex);
    entries.shrink_to_fit();
    return result;
  }

  // The level above `at` in the same walk (searched on first need, once, whatever the threads
  // asking), or null at the top level.
  const ProfileLevel* level_above(const ProfileLevel& at) const {
    if (index(at.level) >= lifts_.size()) return nullptr;
    std::call_once(at.above_once, [&] {
      thread_local std::vector<SearchSeed> settled, sources;
      settled.clear();
      for (const ProfileEntry& entry : at.entries)
        if (entry.settled >= 0) settled.push_back(SearchSeed{entry.vertex, entry.settled});
      lift_side(lifts_[index(at.level)], settled, sources);
      at.above = profile_level(at.level + 1, sources);
    });
    return at.above.get();
  }

  // The finest level of vertex's walk, from a bounded direct-mapped cache: the same centres
  // recur across queries, and each level of a walk costs one bounded search.
  std::shared_ptr<const ProfileLevel> cached_profile(Num vertex) const {
    const std::size_t slot = index(vertex) % profile_slots_.size();
    {
      std::lock_guard<std::mutex> lock(profile_mutex_);
      const auto& held = profile_slots_[slot];
      if (held.second && held.first == vertex) return held.second;
    }
    auto profile = profile_level(0, std::vector<SearchSeed>{SearchSeed{vertex, 0}});
    std::lock_guard<std::mutex> lock(profile_mutex_);
    profile_slots_[slot] = {vertex, profile};
    return profile;
  }

  // The sides meet at the first level where a vertex x settled by a's side (a the smaller
  // vertex: the same answer both ways) is one of b's sources; the cheapest such x gives the walk
  // a -> x -> b, a real walk, so the result never under-estimates, and it is exact when b is
  // among the vertices a settles at the finest level. The same answers as searching from a and
  // b afresh at each level, without repeating the searches for the vertices that recur.
  Num walk_distance(Num a, Num b) const {
    if (a == b) return 0;
    const std::shared_ptr<const ProfileLevel> finest_a = cached_profile(std::min(a, b)),
                                              finest_b = cached_profile(std::max(a, b));
    for (const ProfileLevel *side_a = finest_a.get(), *side_b = finest_b.get();
         side_a != nullptr && side_b != nullptr;
         side_a = level_above(*side_a), side_b = level_above(*side_b)) {
      const std::vector<ProfileEntry>& xs = side_a->entries;
      const std::vector<ProfileEntry>& ys = side_b->entries;
      std::size_t i = 0, j = 0;
      Num best = -1;
      auto offer = [&best](Num x, Num y) {
        if (x >= 0 && y >= 0 && (best < 0 || x + y < best)) best = x + y;
      };
      while (i < xs.size() && j < ys.size()) {
        if (xs[i].vertex < ys[j].vertex) {
          ++i;
        } else if (ys[j].vertex < xs[i].vertex) {
          ++j;
        } else {
          offer(xs[i].settled, ys[j].source);
          ++i, ++j;
        }
      }
      if (best >= 0) return best;
    }
    // Terminals are connected (builders and the reader check it), so the sides meet at the
    // latest in the vertex of the top level that holds them all.
    fail(ErrorCode::internal, "deco 2: the walks from vertices " + std::to_string(a) + " and " +
                                  std::to_string(b) + " never met");
  }

  // The next level's sources from the vertices a side settled: one per coarse vertex, sorted.
  static void lift_side(const Lift& lift, const std::vector<SearchSeed>& settled,
                        std::vector<SearchSeed>& side) {
    side.clear();
    for (const SearchSeed& seed : settled)
      side.push_back(SearchSeed{lift.father[index(seed.vertex)],
                                seed.cost + lift.reach[index(seed.vertex)]});
    std::sort(side.begin(), side.end(), [](const SearchSeed& x, const SearchSeed& y) {
      return x.vertex != y.vertex ? x.vertex < y.vertex : x.cost < y.cost;
    });
    side.erase(std::unique(side.begin(), side.end(),
                           [](const SearchSeed& x, const SearchSeed& y) { return x.vertex == y.vertex; }),
               side.end());
  }

  // The pieces of domain d averaged over: its descendants kDeco2AveragingDepth levels down (or
  // leaves above that depth), with their weights.
  int pieces(Num d, Num (&piece)[kPieces], Num (&weight)[kPieces]) const {
    int count = 0;
    Num stack[2 * kDeco2AveragingDepth + 1][2];
    int top = 0;
    stack[top][0] = d;
    stack[top++][1] = 0;
    while (top > 0) {
      --top;
      const Num x = stack[top][0], depth = stack[top][1];
      if (tree().is_leaf(x) || depth == kDeco2AveragingDepth) {
        piece[count] = x;
        weight[count++] = tree().weight(x);
        continue;
      }
      stack[top][0] = tree().son1(x);
      stack[top++][1] = depth + 1;
      stack[top][0] = tree().son0(x);
      stack[top++][1] = depth + 1;
    }
    return count;
  }

  Num distance(Num a, Num b) const {
    if (a == b) return 0;
    Num piece_a[kPieces], weight_a[kPieces], piece_b[kPieces], weight_b[kPieces];
    const int count_a = pieces(a, piece_a, weight_a), count_b = pieces(b, piece_b, weight_b);
    if (count_a == 1 && count_b == 1) return centre_distance(piece_a[0], piece_b[0]);
    double sum = 0, weight_sum = 0;
    for (int i = 0; i < count_a; ++i)
      for (int j = 0; j < count_b; ++j) {
        const double w = static_cast<double>(weight_a[i]) * static_cast<double>(weight_b[j]);
        sum += w * static_cast<double>(centre_distance(piece_a[i], piece_b[j]));
        weight_sum += w;
      }
    return static_cast<Num>(std::llround(sum / weight_sum));
  }

  // Walk distance between the centres of two domains (their walk profiles are cached, so a
  // repeated pair costs one merge of two profiles).
  Num centre_distance(Num a, Num b) const {
    const Num u = centre_[index(a)], v = centre_[index(b)];
    return walk_distance(u, v);
  }

  std::vector<Level> levels_;         // as the file has them
  std::vector<CsrGraph> walk_graphs_;  // see the constructor
  std::vector<Lift> lifts_;
  std::vector<Num> term_vertex_;
  Deco2Numbering numbering_;  // of tree()
  Deco2Tree file_tree_;       // see the constructor
  Num settle_limit_;
  std::vector<Num> centre_;  // finest vertex standing for each domain
  std::unique_ptr<GraphRoutes> routes_;  // over levels_[0].graph

  // Walk profiles by vertex (direct-mapped: vertex modulo the slot count), at most a few KB
  // each, as many as fit in kProfileBytes when whole (filled only as queries ask).
  static constexpr std::size_t kProfileBytes = std::size_t{128} << 20;
  mutable std::mutex profile_mutex_;
  mutable std::vector<std::pair<Num, std::shared_ptr<const ProfileLevel>>> profile_slots_;
};

// ---- Building ------------------------------------------------------------------------------

// The strongest links are the cheapest: strength = largest cost + 1 - cost.
void set_matching_strengths(const CsrGraph& level, CsrGraph& match) {
  Num largest = 0;
  for (Num cost : level.adjwgt) largest = std::max(largest, cost);
  match.adjwgt.resize(level.adjwgt.size());
  for (std::size_t arc = 0; arc < level.adjwgt.size(); ++arc)
    match.adjwgt[arc] = largest + 1 - level.adjwgt[arc];
}

struct CoarseningStep {
  std::vector<Num> fine_to_coarse;
  std::vector<Num> child0, child1;  // fine children of each coarse vertex (child1 -1: single)
};

// The levels of a target graph coarsened to no edge, with representative-walk costs (header).
struct WalkHierarchy {
  std::vector<CsrGraph> graphs;  // finest first: the target graph with vertex costs 0
  std::vector<Lift> lifts;       // how the vertices of each level climb to the next
  std::vector<CoarseningStep> steps;
};

// capacity: the matching weight of each finest vertex (terminal capacity, 0 for the others).
WalkHierarchy coarsen_by_walks(CsrGraph finest, const std::vector<Num>& capacity) {
  finest.vwgt.assign(finest.vwgt.size(), 0);  // finest vertices cost nothing to traverse
  // Matching graph: same topology, strengths as weights, capacities as vertex weights.
  CsrGraph match;
  match.xadj = finest.xadj;
  match.adjncy = finest.adjncy;
  match.vwgt = capacity;
  set_matching_strengths(finest, match);
  WalkHierarchy walks;
  walks.graphs.push_back(std::move(finest));

  std::vector<Num> spread(capacity.size(), 1);  // finest vertices inside each vertex
  Random random(0x646563326275696cull);  // fixed seed: the same graph gives the same target
  std::vector<Num> mate;
  while (walks.graphs.back().arc_count() > 0) {
    const CsrGraph& fine = walks.graphs.back();
    const Num fine_count = fine.vertex_count();
    MatchingOptions in_order;
    in_order.visit_in_order = true;
    const Num coarse_count = heavy_edge_matching(match, random, in_order, mate);
    CoarseLevel contracted = contract(match, mate, coarse_count);

    CoarseningStep step;
    step.fine_to_coarse = std::move(contracted.fine_to_coarse);
    step.child0.assign(index(coarse_count), -1);
    step.child1.assign(index(coarse_count), -1);
    for (Num v = 0; v < fine_count; ++v) {
      const Num c = step.fine_to_coarse[index(v)];
      (step.child0[index(c)] < 0 ? step.child0 : step.child1)[index(c)] = v;
    }
    // Representative child (the one spreading over more finest vertices) and the cost of
    // reaching a child from the representative: 0 for itself, the collapsed edge for the other.
    std::vector<Num> reach(index(fine_count), 0);
    std::vector<Num> coarse_spread(index(coarse_count));
    for (Num c = 0; c < coarse_count; ++c) {
      Num rep = step.child0[index(c)], other = step.child1[index(c)];
      if (other < 0) {
        coarse_spread[index(c)] = spread[index(rep)];
        continue;
      }
      if (spread[index(other)] > spread[index(rep)]) std::swap(rep, other);
      Num collapsed = std::numeric_limits<Num>::max();
      for (Num arc = fine.xadj[index(rep)]; arc < fine.xadj[index(rep) + 1]; ++arc)
        if (fine.adjncy[index(arc)] == other) collapsed = std::min(collapsed, fine.adjwgt[index(arc)]);
      reach[index(other)] = collapsed + fine.vwgt[index(other)];
      coarse_spread[index(c)] = spread[index(rep)] + spread[index(other)];
    }
    // Coarse edge cost: the cheapest walk rep(U) -> child -> fine edge -> child -> rep(V).
    CsrGraph coarse;
    coarse.xadj = contracted.graph.xadj;
    coarse.adjncy = std::move(contracted.graph.adjncy);
    coarse.adjwgt.assign(coarse.adjncy.size(), std::numeric_limits<Num>::max());
    coarse.vwgt.assign(index(coarse_count), 0);
    std::vector<Num> arc_of(index(coarse_count), -1);
    for (Num c = 0; c < coarse_count; ++c) {
      for (Num arc = coarse.xadj[index(c)]; arc < coarse.xadj[index(c) + 1]; ++arc)
        arc_of[index(coarse.adjncy[index(arc)])] = arc;
      for (Num x : {step.child0[index(c)], step.child1[index(c)]}) {
        if (x < 0) continue;
        for (Num arc = fine.xadj[index(x)]; arc < fine.xadj[index(x) + 1]; ++arc) {
          const Num y = fine.adjncy[index(arc)];
          const Num d = step.fine_to_coarse[index(y)];
          if (d == c) continue;
          const Num walk = reach[index(x)] + fine.adjwgt[index(arc)] + reach[index(y)];
          Num& cost = coarse.adjwgt[index(arc_of[index(d)])];
          cost = std::min(cost, walk);
        }
      }
      for (Num arc = coarse.xadj[index(c)]; arc < coarse.xadj[index(c) + 1]; ++arc)
        arc_of[index(coarse.adjncy[index(arc)])] = -1;
    }
    walks.lifts.push_back(Lift{step.fine_to_coarse, reach});
    match = std::move(contracted.graph);
    match.adjncy = coarse.adjncy;
    set_matching_strengths(coarse, match);
    spread = std::move(coarse_spread);
    walks.steps.push_back(std::move(step));
    walks.graphs.push_back(std::move(coarse));
  }
  return walks;
}

// The coarsening tree of walks, without the vertices holding no terminal, compacted into a
// bipartitioning tree (a node with a single non-empty son is merged with it), domain numbers
// assigned top-down. Terminal t is finest vertex term_vertex[t], of capacity term_weight[t];
// the terminals must be connected in the finest level (the top level then holds them all in
// one vertex).
Deco2Tree compact_coarsening_tree(const WalkHierarchy& walks, const std::vector<Num>& term_vertex,
                                  const std::vector<Num>& term_weight) {
  const Num termnbr = static_cast<Num>(term_vertex.size());
  const std::vector<CoarseningStep>& steps = walks.steps;
  // Terminals inside every vertex of every level.
  const Num levlnbr = static_cast<Num>(walks.graphs.size());
  std::vector<std::vector<Num>> count(index(levlnbr));
  for (Num l = 0; l < levlnbr; ++l)
    count[index(l)].assign(index(walks.graphs[index(l)].vertex_count()), 0);
  std::vector<Num> terminal_at(index(walks.graphs[0].vertex_count()), -1);
  for (Num t = 0; t < termnbr; ++t) {
    count[0][index(term_vertex[index(t)])] = 1;
    terminal_at[index(term_vertex[index(t)])] = t;
  }
  for (Num l = 0; l + 1 < levlnbr; ++l)
    for (Num v = 0; v < walks.graphs[index(l)].vertex_count(); ++v)
      count[index(l) + 1][index(steps[index(l)].fine_to_coarse[index(v)])] +=
          count[index(l)][index(v)];

  // Compaction, in pre-order, by an explicit stack.
  const Num top = levlnbr - 1;
  Num root_vertex = -1;
  for (Num v = 0; v < walks.graphs[index(top)].vertex_count(); ++v)
    if (count[index(top)][index(v)] > 0) {
      if (root_vertex >= 0)
        fail(ErrorCode::internal,
             "deco 2: the walk hierarchy of connected terminals has "
             "several top vertices holding terminals");
      root_vertex = v;
    }
  std::vector<DomainTree::Links> links;
  links.reserve(2 * index(termnbr) - 1);
  Deco2Numbering numbering;
  std::vector<Num> terminal_node(index(termnbr), -1);
  struct Pending {
    Num level, vertex, father;
    std::int64_t heap;
    int which;
  };
  std::vector<Pending> stack{{top, root_vertex, -1, 1, 0}};
  while (!stack.empty()) {
    Pending p = stack.back();
    stack.pop_back();
    const Num id = static_cast<Num>(links.size());
    // Walk down while only one son holds terminals, recording the vertex of every level.
    Num l = p.level, v = p.vertex;
    Num sons[2] = {-1, -1};
    for (;;) {
      numbering.vnum.push_back(v);
      if (l == 0) break;
      const CoarseningStep& step = steps[index(l) - 1];
      const Num c0 = step.child0[index(v)], c1 = step.child1[index(v)];
      const bool full0 = count[index(l) - 1][index(c0)] > 0;
      const bool full1 = c1 >= 0 && count[index(l) - 1][index(c1)] > 0;
      if (full0 && full1) {
        sons[0] = c0;
        sons[1] = c1;
        break;
      }
      v = full0 ? c0 : c1;
      --l;
    }
    links.push_back(DomainTree::Links{p.father, -1, -1});
    numbering.heap.push_back(p.heap);
    numbering.level.push_back(l);
    numbering.vnum_at.push_back(static_cast<Num>(numbering.vnum.size()) - 1);
    if (p.father >= 0)
      (p.which == 0 ? links[index(p.father)].son0 : links[index(p.father)].son1) = id;
    if (l == 0 && sons[0] < 0) {
      terminal_node[index(terminal_at[index(v)])] = id;
    } else {
      const bool deep = p.heap < 1 || p.heap > (std::numeric_limits<std::int64_t>::max() - 1) / 2;
      const std::int64_t heap0 = deep ? -1 : 2 * p.heap;
      stack.push_back(Pending{l - 1, sons[1], id, deep ? -1 : heap0 + 1, 1});
      stack.push_back(Pending{l - 1, sons[0], id, heap0, 0});
    }
  }
  return Deco2Tree{DomainTree(std::move(links), std::move(terminal_node), term_weight),
                   std::move(numbering)};
}

bool same_trees(const Deco2Tree& a, const DomainTree& b_shape, const Deco2Numbering& b) {
  const DomainTree& a_shape = a.shape;
  if (a_shape.terminal_nodes() != b_shape.terminal_nodes() || a.numbering.vnum != b.vnum ||
      a.numbering.heap != b.heap || a.numbering.level != b.level ||
      a.numbering.vnum_at != b.vnum_at || a_shape.node_count() != b_shape.node_count())
    return false;
  for (Num d = 0; d < a_shape.node_count(); ++d)
    if (a_shape.father(d) != b_shape.father(d) || a_shape.son0(d) != b_shape.son0(d) ||
        a_shape.son1(d) != b_shape.son1(d))
      return false;
  return true;
}

}  // namespace

ArchPtr make_deco2(CsrGraph finest, std::vector<Num> finest_loads, std::vector<Num> term_vertex,
                   const std::vector<Num>& term_weight, Num settle_limit) {
  if (settle_limit < 2) fail_invalid("deco 2 search limit must be at least 2");
  std::vector<Level> levels(1);
  levels[0].load = std::move(finest_loads);
  std::vector<Num> capacity(index(finest.vertex_count()), 0);
  for (std::size_t t = 0; t < term_vertex.size(); ++t)
    capacity[index(term_vertex[t])] = term_weight[t];
  WalkHierarchy walks = coarsen_by_walks(std::move(finest), capacity);
  Deco2Tree tree = compact_coarsening_tree(walks, term_vertex, term_weight);
  levels.resize(walks.graphs.size());
  for (std::size_t l = 0; l < levels.size(); ++l) levels[l].graph = std::move(walks.graphs[l]);
  walks.graphs.clear();
  for (Level& level : levels) {
    Graph view;
    view_csr_as_graph(level.graph, view);
    BreadthFirstSearch bfs(view);
    level.diameter = pseudo_diameter(bfs, 0).length;
  }
  return std::make_shared<Deco2Architecture>(std::move(levels), std::move(term_vertex),
                                             std::move(tree), Deco2Tree{}, settle_limit,
                                             std::move(walks.lifts));
}

// ---- Reading -------------------------------------------------------------------------------

namespace {

bool same_graphs(const std::vector<CsrGraph>& walks, const std::vector<Level>& levels) {
  if (walks.size() != levels.size()) return false;
  for (std::size_t l = 0; l < walks.size(); ++l) {
    const CsrGraph &a = walks[l], &b = levels[l].graph;
    if (a.xadj != b.xadj || a.adjncy != b.adjncy || a.adjwgt != b.adjwgt || a.vwgt != b.vwgt)
      return false;
  }
  return true;
}

// Throws Error(format) naming two terminals (and their vertices and components) unless the
// terminals are distinct vertices of one connected component of the finest level: terminals
// that no link joins would be at no finite distance.
void check_terminals_connected(const Graph& finest, const std::vector<Num>& term_vertex) {
  std::vector<Num> terminal_at(index(finest.vertnbr), -1);
  for (Num t = 0; t < static_cast<Num>(term_vertex.size()); ++t) {
    const Num v = term_vertex[index(t)];
    if (v >= finest.vertnbr)
      fail_format("deco 2: terminal " + std::to_string(t) + " names vertex " + std::to_string(v) +
                  " outside the target graph");
    if (terminal_at[index(v)] >= 0)
      fail_format("deco 2: terminals " + std::to_string(terminal_at[index(v)]) + " and " +
                  std::to_string(t) + " are both vertex " + std::to_string(v));
    terminal_at[index(v)] = t;
  }
  const Components components = connected_components(finest);
  const Num first = components.component[index(term_vertex[0])];
  for (Num t = 1; t < static_cast<Num>(term_vertex.size()); ++t) {
    const Num component = components.component[index(term_vertex[index(t)])];
    if (component != first)
      fail_format("deco 2: terminals 0 (vertex " + std::to_string(term_vertex[0]) + ") and " +
                  std::to_string(t) + " (vertex " + std::to_string(term_vertex[index(t)]) +
                  ") lie in different connected components of the target graph (components " +
                  std::to_string(first) + " and " + std::to_string(component) + " of " +
                  std::to_string(components.count) +
                  " in level 0): no link joins them, their distance is undefined");
  }
}

// One level graph of a deco 2 file: a .grf graph (io's codec) followed by its diameter. The
// finest level's vertex weights are the target graph's loads (kept only to be written back);
// coarse levels' are vertex traversal costs.
Level read_level(io::TextReader& reader, Num l, bool finest) {
  Graph graph;
  io::read_grf(graph, reader, 0);
  Level level;
  level.graph = csr_from_graph(graph);
  if (finest && graph.velotab != nullptr) level.load = level.graph.vwgt;
  if (finest || graph.velotab == nullptr) level.graph.vwgt.assign(level.graph.vwgt.size(), 0);
  const std::string what = "deco 2 level " + std::to_string(l);
  if (graph.vertnbr < 1) reader.fail_at_token(ErrorCode::format, what + " graph has no vertex");
  for (const std::vector<Num>* values : {&level.graph.vwgt, &level.graph.adjwgt, &level.load})
    for (Num value : *values)
      if (value < 0)
        reader.fail_at_token(ErrorCode::format,
                             what + " graph has a negative weight (" + std::to_string(value) + ")");
  level.diameter = reader.read_num_at_least((what + " graph diameter").c_str(), 0);
  return level;
}

}  // namespace

ArchPtr read_deco_version2(io::TextReader& reader) {
  const Num termnbr = reader.read_num_at_least("deco 2 terminal count", 1);
  const Num levlnbr = reader.read_num_at_least("deco 2 level count", 1);
  const Num vnumnbr = reader.read_num_at_least("deco 2 vertex-number count", 1);
  if (termnbr > std::numeric_limits<Num>::max() / 2)
    reader.fail_at_token(ErrorCode::overflow, "deco 2 terminal count too large");
  const Num domnbr = 2 * termnbr - 1;
  // Terminals, domains and vertex numbers grow as the file delivers them (see read_level).
  std::vector<Num> term_domain, term_vertex;
  for (Num t = 0; t < termnbr; ++t) {
    term_domain.push_back(reader.read_num_at_least("deco 2 terminal domain index", 0));
    if (term_domain[index(t)] >= domnbr)
      reader.fail_at_token(ErrorCode::format, "deco 2 terminal domain index " +
                                                  std::to_string(term_domain[index(t)]) +
                                                  " is not below " + std::to_string(domnbr));
    term_vertex.push_back(reader.read_num_at_least("deco 2 terminal vertex", 0));
  }
  std::vector<DomainTree::Links> links;
  std::vector<Num> file_size, file_weight;
  Deco2Numbering numbering;
  auto in_range = [&](Num value, Num limit, const char* what) {
    if (value < -1 || value >= limit)
      reader.fail_at_token(ErrorCode::format, std::string("deco 2 ") + what + " " +
                                                  std::to_string(value) + " out of range");
  };
  for (Num d = 0; d < domnbr; ++d) {
    DomainTree::Links& n = links.emplace_back();
    numbering.heap.push_back(reader.read_num_at_least("deco 2 domain number", 1));
    file_size.push_back(reader.read_num_at_least("deco 2 domain size", 1));
    file_weight.push_back(reader.read_num_at_least("deco 2 domain weight", 1));
    reader.read_num_at_least("deco 2 domain first terminal", 0);  // recomputed from the tree
    n.father = reader.read_num("deco 2 domain father");
    in_range(n.father, domnbr, "domain father");
    n.son0 = reader.read_num("deco 2 domain son");
    in_range(n.son0, domnbr, "domain son");
    n.son1 = reader.read_num("deco 2 domain son");
    in_range(n.son1, domnbr, "domain son");
    const Num level = reader.read_num_at_least("deco 2 domain level", 0);
    if (level >= levlnbr)
      reader.fail_at_token(ErrorCode::format, "deco 2 domain level " + std::to_string(level) +
                                                  " is not below the level count");
    numbering.level.push_back(level);
    numbering.vnum_at.push_back(reader.read_num_at_least("deco 2 domain vertex index", 0));
    if (numbering.vnum_at.back() >= vnumnbr)
      reader.fail_at_token(ErrorCode::format, "deco 2 domain vertex index out of range");
  }
  std::vector<Level> levels;
  for (Num l = 0; l < levlnbr; ++l) levels.push_back(read_level(reader, l, l == 0));
  for (Num i = 0; i < vnumnbr; ++i)
    numbering.vnum.push_back(reader.read_num_at_least("deco 2 vertex number", 0));

  // Structure: one tree whose leaves are the terminals, sons below their father, sizes and
  // weights agreeing with the terminals, vertex chains inside vnum and the level graphs, the
  // terminals distinct vertices of one connected component of the target graph.
  std::vector<Num> term_weight(index(termnbr));
  for (Num t = 0; t < termnbr; ++t)
    term_weight[index(t)] = file_weight[index(term_domain[index(t)])];
  Deco2Tree file_tree = reader.located([&] {
    auto bad = [](const std::string& message) { fail_format("deco 2: " + message); };
    DomainTree shape;
    try {
      shape = DomainTree(std::move(links), term_domain, term_weight);
    } catch (const Error& error) {
      fail(error.code(), std::string("deco 2: ") + error.what());
    }
    for (Num d = 0; d < domnbr; ++d) {
      const Num level = numbering.level[index(d)], at = numbering.vnum_at[index(d)];
      if (!shape.is_leaf(d))
        for (Num son : {shape.son0(d), shape.son1(d)})
          if (numbering.level[index(son)] >= level)
            bad("domain " + std::to_string(son) + " is not below its father " + std::to_string(d));
      const Num father = shape.father(d);
      const Num chain_top = father < 0 ? levlnbr - 1 : numbering.level[index(father)] - 1;
      if (at - (chain_top - level) < 0)
        bad("vertex chain of domain " + std::to_string(d) + " starts before the vertex table");
      for (Num l = level; l <= chain_top && (father >= 0 || l == level); ++l) {
        const Num v = numbering.vnum[index(at - (l - level))];
        if (v >= levels[index(l)].graph.vertex_count())
          bad("vertex " + std::to_string(v) + " of domain " + std::to_string(d) +
              " is not in level " + std::to_string(l));
      }
      if (shape.size(d) != file_size[index(d)] || shape.weight(d) != file_weight[index(d)])
        bad("domain " + std::to_string(d) + " has size " + std::to_string(file_size[index(d)]) +
            " and weight " + std::to_string(file_weight[index(d)]) + ", its terminals add up to " +
            std::to_string(shape.size(d)) + " and " + std::to_string(shape.weight(d)));
    }
    for (const Level& level : levels) {
      const CsrGraph& g = level.graph;
      for (Num v = 0; v < g.vertex_count(); ++v)
        for (Num arc = g.xadj[index(v)]; arc < g.xadj[index(v) + 1]; ++arc)
          if (g.adjncy[index(arc)] == v)
            bad("a level graph has a self loop at vertex " + std::to_string(v));
    }
    // The walk hierarchy is built from the finest level: it must be a valid target graph
    // whose terminals are at positive distances.
    Graph finest;
    view_csr_as_graph(levels[0].graph, finest);
    try {
      check_graph(finest);
    } catch (const Error& error) {
      bad(std::string("level 0 (the target graph): ") + error.what());
    }
    for (Num w : levels[0].graph.adjwgt)
      if (w == 0) bad("level 0 (the target graph) has a link of traversal cost 0");
    check_terminals_connected(finest, term_vertex);
    return Deco2Tree{std::move(shape), std::move(numbering)};
  });
  // Distances and domains come from Tartan's own walk hierarchy over the finest level (the
  // file's coarse levels and tree serve only to save the target again): see the header.
  std::vector<Num> capacity(index(levels[0].graph.vertex_count()), 0);
  for (Num t = 0; t < termnbr; ++t) capacity[index(term_vertex[index(t)])] = term_weight[index(t)];
  WalkHierarchy walks = coarsen_by_walks(levels[0].graph, capacity);
  Deco2Tree tree = compact_coarsening_tree(walks, term_vertex, term_weight);
  // A file Tartan wrote holds that very hierarchy and tree: keep one copy.
  if (same_trees(file_tree, tree.shape, tree.numbering)) file_tree = Deco2Tree{};
  if (same_graphs(walks.graphs, levels)) walks.graphs.clear();
  return std::make_shared<Deco2Architecture>(std::move(levels), std::move(term_vertex),
                                             std::move(tree), std::move(file_tree),
                                             kDeco2SettleLimit, std::move(walks.lifts),
                                             std::move(walks.graphs));
}

Deco2Shape deco2_shape(const Architecture& arch) {
  const auto* deco2 = dynamic_cast<const Deco2Architecture*>(&arch);
  if (deco2 == nullptr) fail_invalid("not a deco 2 target");
  return deco2->shape();
}

}  // namespace tartan
