#include "arch/deco2.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <utility>

#include "arch/target_graph.hpp"
#include "common/error.hpp"
#include "common/random.hpp"
#include "graph/coarsening.hpp"
#include "graph/graph_check.hpp"
#include "graph/traversal.hpp"

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

struct DomainNode {
  std::int64_t heap = 0;  // SCOTCH's domain number, or -1 past 63 levels of depth
  Num size = 0, weight = 0, min_terminal = 0;
  Num father = -1, son0 = -1, son1 = -1;
  Num level = 0;  // level at which the domain is a single vertex (its lowest such level)
  Num vnum = 0;   // index in the tree's vnum of that vertex; the entries before it hold its
                  // vertices at the levels above, up to the one below its father's level
  Num preorder = 0, preorder_end = 0;
};

// A bipartitioning tree over the terminals, with SCOTCH's vertex chains.
struct DomainTree {
  std::vector<DomainNode> domains;  // with their pre-order ranges
  std::vector<Num> term_domain;     // leaf domain of each terminal
  std::vector<Num> vnum;            // see DomainNode::vnum
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
// Domains need their pre-order ranges.
std::vector<Num> domain_centres(const CsrGraph& finest, const std::vector<DomainNode>& domains,
                                const std::vector<Num>& term_domain,
                                const std::vector<Num>& term_vertex) {
  std::vector<Num> vertex_in_preorder(domains.size(), -1);
  for (std::size_t t = 0; t < term_domain.size(); ++t)
    vertex_in_preorder[index(domains[index(term_domain[t])].preorder)] = term_vertex[t];
  std::vector<Num> centre(domains.size(), -1);
  std::vector<Num> member(index(finest.vertex_count()), -1), reached(member.size(), -1);
  std::vector<Num> queue;
  for (std::size_t d = 0; d < domains.size(); ++d) {
    const DomainNode& node = domains[d];
    const Num dom = static_cast<Num>(d);
    queue.clear();
    for (Num p = node.preorder; p < node.preorder_end; ++p)
      if (const Num v = vertex_in_preorder[index(p)]; v >= 0) {
        member[index(v)] = dom;
        queue.push_back(v);
      }
    Num best = *std::min_element(queue.begin(), queue.end());
    if (node.son0 < 0) {
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

class Deco2Architecture final : public Architecture {
 public:
  // tree: the tree mapping works with, over the walk hierarchy. file_tree and walk_graphs:
  // a loaded file's own tree and the walk hierarchy's level graphs, when they differ from the
  // file's; empty otherwise (targets Tartan built, files it wrote).
  Deco2Architecture(std::vector<Level> levels, std::vector<Num> term_vertex, DomainTree tree,
                    DomainTree file_tree, Num settle_limit, std::vector<Lift> lifts,
                    std::vector<CsrGraph> walk_graphs = {})
      : levels_(std::move(levels)),
        walk_graphs_(std::move(walk_graphs)),
        lifts_(std::move(lifts)),
        term_vertex_(std::move(term_vertex)),
        tree_(std::move(tree)),
        file_tree_(std::move(file_tree)),
        settle_limit_(settle_limit) {
    for (Num d = 0; d < static_cast<Num>(tree_.domains.size()); ++d)
      if (tree_.domains[index(d)].father < 0) root_ = d;
    centre_ = domain_centres(walk_level(0), tree_.domains, tree_.term_domain, term_vertex_);
    const std::size_t profile_bytes =
        sizeof(WalkProfile) + 64 + sizeof(std::size_t) * (lifts_.size() + 1) +
        sizeof(ProfileEntry) *
            (index(settle_limit_) + lifts_.size() * index(std::max<Num>(8, settle_limit_ / 4)));
    const std::size_t vertices = index(walk_level(0).vertex_count());
    profile_slots_.resize(
        std::max<std::size_t>(1, std::min(kProfileBytes / profile_bytes, vertices)));
  }

  const char* kind_name() const override { return "deco2"; }
  Num size() const override { return static_cast<Num>(tree_.term_domain.size()); }
  Domain first_domain() const override { return domain(root_); }
  Domain terminal_domain(Num terminal) const override {
    if (terminal < 0 || terminal >= size())
      fail_invalid("terminal " + std::to_string(terminal) + " is outside [0, " +
                   std::to_string(size()) + ")");
    return domain(tree_.term_domain[index(terminal)]);
  }
  Num domain_number(const Domain& dom) const override { return node(dom).min_terminal; }
  Num domain_size(const Domain& dom) const override { return node(dom).size; }
  Num domain_weight(const Domain& dom) const override { return node(dom).weight; }
  Num domain_distance(const Domain& a, const Domain& b) const override {
    return distance(node_index(a), node_index(b));
  }
  bool bipartition(const Domain& dom, Domain& part0, Domain& part1) const override {
    const DomainNode& n = node(dom);
    if (n.son0 < 0) return false;
    part0 = domain(n.son0);
    part1 = domain(n.son1);
    return true;
  }
  bool domain_includes(const Domain& outer, const Domain& inner) const override {
    const DomainNode& o = node(outer);
    const DomainNode& i = node(inner);
    return o.preorder <= i.preorder && i.preorder < o.preorder_end;
  }
  Num terminal_distance(Num a, Num b) const override {
    return distance(node_index(terminal_domain(a)), node_index(terminal_domain(b)));
  }
  Num terminal_weight(Num terminal) const override {
    return tree_.domains[index(node_index(terminal_domain(terminal)))].weight;
  }

  int domain_words() const override { return 1; }
  void check_domain(const Domain& dom) const override {
    node_index(dom);
    for (int w = 1; w < Domain::kWords; ++w)
      if (dom.word[static_cast<std::size_t>(w)] != 0)
        fail_invalid("malformed deco 2 domain (extra words set)");
  }

  void save(std::ostream& out) const override {
    const DomainTree& saved = file_tree_.domains.empty() ? tree_ : file_tree_;
    for (const DomainNode& d : saved.domains)
      if (d.heap < 1)
        fail(ErrorCode::overflow,
             "this deco 2 tree is deeper than SCOTCH's domain numbers can express (63 levels)");
    out << "deco\n2\n"
        << size() << '\t' << levels_.size() << '\t' << saved.vnum.size() << '\n';
    for (Num t = 0; t < size(); ++t)
      out << saved.term_domain[index(t)] << '\t' << term_vertex_[index(t)] << '\n';
    for (const DomainNode& d : saved.domains)
      out << d.heap << '\t' << d.size << '\t' << d.weight << '\t' << d.min_terminal << '\t'
          << d.father << '\t' << d.son0 << '\t' << d.son1 << '\t' << d.level << '\t' << d.vnum
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
    result.domain_count = static_cast<Num>(tree_.domains.size());
    for (Num t = 0; t < size(); ++t) {
      Num depth = 0;
      for (Num d = tree_.term_domain[index(t)]; tree_.domains[index(d)].father >= 0;
           d = tree_.domains[index(d)].father)
        ++depth;
      result.tree_depth = std::max(result.tree_depth, depth);
    }
    return result;
  }

 private:
  static Domain domain(Num node) {
    Domain dom;
    dom.word[0] = node;
    return dom;
  }
  Num node_index(const Domain& dom) const {
    const std::int64_t n = dom.word[0];
    if (n < 0 || n >= static_cast<std::int64_t>(tree_.domains.size()))
      fail_invalid("domain " + std::to_string(n) + " does not belong to this deco 2 target");
    return static_cast<Num>(n);
  }
  const DomainNode& node(const Domain& dom) const { return tree_.domains[index(node_index(dom))]; }

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
  struct WalkProfile {
    std::vector<ProfileEntry> entries;  // level by level, each level's sorted by vertex
    std::vector<std::size_t> level_end;  // entries[level_end[l-1], level_end[l]) is level l's
  };

  WalkProfile walk_profile(Num vertex) const {
    thread_local std::vector<SearchSeed> sources, settled;
    WalkProfile profile;
    sources.assign(1, SearchSeed{vertex, 0});
    for (Num l = 0;; ++l) {
      const CsrGraph& level = walk_level(l);
      const Num limit = l == 0 ? settle_limit_ : std::max<Num>(8, settle_limit_ / 4);
      bounded_settle(level, level.vwgt, sources, limit, settled);
      // This level's entries: the settled vertices sorted by vertex, then the sources
      // (sorted by vertex, one each) joining their settled entry or added and merged in.
      std::vector<ProfileEntry>& entries = profile.entries;
      const auto by_vertex = [](const ProfileEntry& x, const ProfileEntry& y) {
        return x.vertex < y.vertex;
      };
      const std::ptrdiff_t first = static_cast<std::ptrdiff_t>(entries.size());
      for (const SearchSeed& seed : settled)
        entries.push_back(ProfileEntry{seed.vertex, seed.cost, -1});
      std::sort(entries.begin() + first, entries.end(), by_vertex);
      const std::ptrdiff_t settled_end = static_cast<std::ptrdiff_t>(entries.size());
      for (const SearchSeed& seed : sources) {
        const auto at = std::lower_bound(entries.begin() + first, entries.begin() + settled_end,
                                         ProfileEntry{seed.vertex, -1, -1}, by_vertex);
        if (at != entries.begin() + settled_end && at->vertex == seed.vertex)
          at->source = seed.cost;
        else
          entries.push_back(ProfileEntry{seed.vertex, -1, seed.cost});
      }
      std::inplace_merge(entries.begin() + first, entries.begin() + settled_end, entries.end(),
                         by_vertex);
      profile.level_end.push_back(profile.entries.size());
      if (index(l) >= lifts_.size()) break;
      lift_side(lifts_[index(l)], settled, sources);
    }
    profile.entries.shrink_to_fit();
    return profile;
  }

  // The profile of vertex, from a bounded direct-mapped cache: the same centres recur across
  // queries, and a profile costs one bounded search per level.
  std::shared_ptr<const WalkProfile> cached_profile(Num vertex) const {
    const std::size_t slot = index(vertex) % profile_slots_.size();
    {
      std::lock_guard<std::mutex> lock(profile_mutex_);
      const auto& held = profile_slots_[slot];
      if (held.second && held.first == vertex) return held.second;
    }
    auto profile = std::make_shared<const WalkProfile>(walk_profile(vertex));
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
    const std::shared_ptr<const WalkProfile> side_a = cached_profile(std::min(a, b)),
                                             side_b = cached_profile(std::max(a, b));
    const std::vector<ProfileEntry>& xs = side_a->entries;
    const std::vector<ProfileEntry>& ys = side_b->entries;
    const std::size_t levels = std::min(side_a->level_end.size(), side_b->level_end.size());
    for (std::size_t l = 0; l < levels; ++l) {
      std::size_t i = l == 0 ? 0 : side_a->level_end[l - 1];
      std::size_t j = l == 0 ? 0 : side_b->level_end[l - 1];
      const std::size_t i_end = side_a->level_end[l], j_end = side_b->level_end[l];
      Num best = -1;
      auto offer = [&best](Num x, Num y) {
        if (x >= 0 && y >= 0 && (best < 0 || x + y < best)) best = x + y;
      };
      while (i < i_end && j < j_end) {
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
    // Disconnected top level: every vertex the last searches did not settle costs at least this.
    Num top_bound = 0;
    for (const WalkProfile* side : {side_a.get(), side_b.get()})
      for (std::size_t k = levels < 2 ? 0 : side->level_end[levels - 2];
           k < side->level_end[levels - 1]; ++k)
        top_bound = std::max(top_bound, side->entries[k].settled);
    return top_bound;
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
      const DomainNode& n = tree_.domains[index(x)];
      if (n.son0 < 0 || depth == kDeco2AveragingDepth) {
        piece[count] = x;
        weight[count++] = n.weight;
        continue;
      }
      stack[top][0] = n.son1;
      stack[top++][1] = depth + 1;
      stack[top][0] = n.son0;
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

  static void write_level(std::ostream& out, const Level& level, bool finest) {
    const CsrGraph& g = level.graph;
    bool edge_weights = !finest;
    if (finest)
      for (Num w : g.adjwgt) edge_weights |= (w != 1);
    const bool vertex_weights = finest ? !level.load.empty() : true;
    const std::vector<Num>& vertex_values = finest ? level.load : g.vwgt;
    out << "0\n" << g.vertex_count() << '\t' << g.arc_count() << "\n0\t0"
        << (edge_weights ? '1' : '0') << (vertex_weights ? '1' : '0') << '\n';
    for (Num v = 0; v < g.vertex_count(); ++v) {
      if (vertex_weights) out << vertex_values[index(v)] << '\t';
      out << g.xadj[index(v) + 1] - g.xadj[index(v)];
      for (Num arc = g.xadj[index(v)]; arc < g.xadj[index(v) + 1]; ++arc) {
        if (edge_weights) out << '\t' << g.adjwgt[index(arc)];
        out << '\t' << g.adjncy[index(arc)];
      }
      out << '\n';
    }
  }

  std::vector<Level> levels_;         // as the file has them
  std::vector<CsrGraph> walk_graphs_;  // see the constructor
  std::vector<Lift> lifts_;
  std::vector<Num> term_vertex_;
  DomainTree tree_, file_tree_;  // see the constructor
  Num settle_limit_;
  Num root_ = 0;
  std::vector<Num> centre_;  // finest vertex standing for each domain

  // Walk profiles by vertex (direct-mapped: vertex modulo the slot count), a few KB each, as
  // many as fit in kProfileBytes (filled only as queries ask).
  static constexpr std::size_t kProfileBytes = std::size_t{128} << 20;
  mutable std::mutex profile_mutex_;
  mutable std::vector<std::pair<Num, std::shared_ptr<const WalkProfile>>> profile_slots_;
};

// Pre-order ranges, checking on the way that the father/son links form one tree over all
// domains (loaded files could hold cycles or unreachable domains).
void number_preorder(std::vector<DomainNode>& domains, Num root) {
  std::vector<char> seen(domains.size(), 0);
  std::vector<std::pair<Num, bool>> stack{{root, false}};
  Num next = 0;
  while (!stack.empty()) {
    const auto [d, closing] = stack.back();
    stack.pop_back();
    DomainNode& n = domains[index(d)];
    if (closing) {
      n.preorder_end = next;
      continue;
    }
    if (seen[index(d)]) fail_format("deco 2 domain " + std::to_string(d) + " is reached twice");
    seen[index(d)] = 1;
    n.preorder = next++;
    stack.emplace_back(d, true);
    if (n.son0 >= 0) {
      stack.emplace_back(n.son1, false);
      stack.emplace_back(n.son0, false);
    }
  }
  if (next != static_cast<Num>(domains.size()))
    fail_format("deco 2 domains " + std::to_string(domains.size() - index(next)) +
                " are not reachable from the root");
}

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
// assigned top-down. Terminal t is finest vertex term_vertex[t], of capacity term_weight[t].
// False when the top level holds terminals in more than one vertex (a disconnected target).
bool compact_coarsening_tree(const WalkHierarchy& walks, const std::vector<Num>& term_vertex,
                             const std::vector<Num>& term_weight, DomainTree& tree) {
  const Num termnbr = static_cast<Num>(term_vertex.size());
  const std::vector<CoarseningStep>& steps = walks.steps;
  // Terminal counts, capacities and smallest terminal of every vertex at every level.
  const Num levlnbr = static_cast<Num>(walks.graphs.size());
  std::vector<std::vector<Num>> count(index(levlnbr)), weight(index(levlnbr)), first(index(levlnbr));
  for (Num l = 0; l < levlnbr; ++l) {
    const Num n = walks.graphs[index(l)].vertex_count();
    count[index(l)].assign(index(n), 0);
    weight[index(l)].assign(index(n), 0);
    first[index(l)].assign(index(n), std::numeric_limits<Num>::max());
  }
  for (Num t = 0; t < termnbr; ++t) {
    const Num v = term_vertex[index(t)];
    count[0][index(v)] = 1;
    weight[0][index(v)] = term_weight[index(t)];
    first[0][index(v)] = t;
  }
  for (Num l = 0; l + 1 < levlnbr; ++l)
    for (Num v = 0; v < walks.graphs[index(l)].vertex_count(); ++v) {
      const Num c = steps[index(l)].fine_to_coarse[index(v)];
      count[index(l) + 1][index(c)] += count[index(l)][index(v)];
      weight[index(l) + 1][index(c)] += weight[index(l)][index(v)];
      first[index(l) + 1][index(c)] = std::min(first[index(l) + 1][index(c)], first[index(l)][index(v)]);
    }

  // Compaction, in pre-order, by an explicit stack.
  const Num top = levlnbr - 1;
  Num root_vertex = -1;
  for (Num v = 0; v < walks.graphs[index(top)].vertex_count(); ++v)
    if (count[index(top)][index(v)] > 0) {
      if (root_vertex >= 0) return false;
      root_vertex = v;
    }
  std::vector<DomainNode>& domains = tree.domains;
  std::vector<Num>& vnum = tree.vnum;
  domains.clear();
  vnum.clear();
  domains.reserve(2 * index(termnbr) - 1);
  tree.term_domain.assign(index(termnbr), -1);
  struct Pending {
    Num level, vertex, father;
    std::int64_t heap;
    int which;
  };
  std::vector<Pending> stack{{top, root_vertex, -1, 1, 0}};
  while (!stack.empty()) {
    Pending p = stack.back();
    stack.pop_back();
    const Num id = static_cast<Num>(domains.size());
    DomainNode n;
    n.heap = p.heap;
    n.father = p.father;
    n.size = count[index(p.level)][index(p.vertex)];
    n.weight = weight[index(p.level)][index(p.vertex)];
    n.min_terminal = first[index(p.level)][index(p.vertex)];
    // Walk down while only one son holds terminals, recording the vertex of every level.
    Num l = p.level, v = p.vertex;
    Num sons[2] = {-1, -1};
    for (;;) {
      vnum.push_back(v);
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
    n.level = l;
    n.vnum = static_cast<Num>(vnum.size()) - 1;
    if (p.father >= 0) (p.which == 0 ? domains[index(p.father)].son0 : domains[index(p.father)].son1) = id;
    if (l == 0 && sons[0] < 0) {
      tree.term_domain[index(first[0][index(v)])] = id;
    } else {
      const bool deep = p.heap < 1 || p.heap > (std::numeric_limits<std::int64_t>::max() - 1) / 2;
      const std::int64_t heap0 = deep ? -1 : 2 * p.heap;
      stack.push_back(Pending{l - 1, sons[1], id, deep ? -1 : heap0 + 1, 1});
      stack.push_back(Pending{l - 1, sons[0], id, heap0, 0});
    }
    domains.push_back(n);
  }
  number_preorder(domains, 0);
  return true;
}

bool same_trees(const DomainTree& a, const DomainTree& b) {
  if (a.term_domain != b.term_domain || a.vnum != b.vnum || a.domains.size() != b.domains.size())
    return false;
  for (std::size_t d = 0; d < a.domains.size(); ++d) {
    const DomainNode &x = a.domains[d], &y = b.domains[d];
    if (x.heap != y.heap || x.father != y.father || x.son0 != y.son0 || x.son1 != y.son1 ||
        x.level != y.level || x.vnum != y.vnum)
      return false;
  }
  return true;
}

}  // namespace

ArchPtr build_deco2(const Graph& graph, const std::vector<Num>* list, Num settle_limit) {
  if (settle_limit < 2) fail_invalid("deco 2 search limit must be at least 2");
  const TargetTerminals terminals = select_target_terminals(graph, list);

  CsrGraph finest = csr_from_graph(graph);
  std::vector<Level> levels(1);
  if (graph.velotab != nullptr) levels[0].load = finest.vwgt;
  std::vector<Num> capacity(index(graph.vertnbr), 0);
  for (std::size_t t = 0; t < terminals.vertex.size(); ++t)
    capacity[index(terminals.vertex[t])] = terminals.weight[t];
  WalkHierarchy walks = coarsen_by_walks(std::move(finest), capacity);
  DomainTree tree;
  if (!compact_coarsening_tree(walks, terminals.vertex, terminals.weight, tree))
    fail_invalid("deco 2: the terminals are not connected in the target graph");
  levels.resize(walks.graphs.size());
  for (std::size_t l = 0; l < levels.size(); ++l) levels[l].graph = std::move(walks.graphs[l]);
  walks.graphs.clear();
  for (Level& level : levels) {
    Graph view;
    view_csr_as_graph(level.graph, view);
    BreadthFirstSearch bfs(view);
    level.diameter = pseudo_diameter(bfs, 0).length;
  }
  return std::make_shared<Deco2Architecture>(std::move(levels), terminals.vertex, std::move(tree),
                                             DomainTree{}, settle_limit, std::move(walks.lifts));
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

// One level graph of a deco 2 file: a complete .grf (version 0, no labels).
Level read_level(TgtReader& reader, Num l, bool finest) {
  const std::string what = "deco 2 level " + std::to_string(l) + " graph ";
  auto text = [&](const char* field) { return what + field; };
  const Num version = reader.number(text("version").c_str());
  if (version != 0)
    reader.fail_token(ErrorCode::format, what + "version is " + std::to_string(version) +
                                             ", must be 0");
  const Num vertnbr = reader.number_at_least(text("vertex count").c_str(), 1);
  const Num arcnbr = reader.number_at_least(text("arc count").c_str(), 0);
  const Num baseval = reader.number(text("base").c_str());
  if (baseval != 0 && baseval != 1)
    reader.fail_token(ErrorCode::format, what + "base must be 0 or 1");
  const Num flags = reader.number(text("flags").c_str());
  if (flags != 0 && flags != 1 && flags != 10 && flags != 11)
    reader.fail_token(ErrorCode::format, what + "flags must be 000, 001, 010 or 011 (labelled " +
                                             "level graphs are not supported)");
  const bool vertex_weights = flags % 10 == 1, edge_weights = flags / 10 == 1;
  Level level;
  CsrGraph& g = level.graph;
  // Arrays grow as the file delivers vertices (never sized by the counts a header claims: a
  // 33-byte file claiming 241943041 terminals took 1.5 GB and 14 s before failing).
  g.xadj.assign(1, 0);
  for (Num v = 0; v < vertnbr; ++v) {
    g.vwgt.push_back(0);
    if (vertex_weights) {
      const Num value = reader.number_at_least(text("vertex weight").c_str(), 0);
      if (finest)
        level.load.push_back(value);
      else
        g.vwgt.back() = value;
    }
    const Num degree = reader.number_at_least(text("vertex degree").c_str(), 0);
    if (static_cast<Num>(g.adjncy.size()) + degree > arcnbr)
      reader.fail_token(ErrorCode::format, what + "has more arcs than its declared " +
                                               std::to_string(arcnbr));
    for (Num k = 0; k < degree; ++k) {
      g.adjwgt.push_back(edge_weights ? reader.number_at_least(text("edge weight").c_str(), 0) : 1);
      const Num w = reader.number(text("neighbour").c_str()) - baseval;
      if (w < 0 || w >= vertnbr)
        reader.fail_token(ErrorCode::format, what + "neighbour " + std::to_string(w + baseval) +
                                                 " out of range");
      g.adjncy.push_back(w);
    }
    g.xadj.push_back(static_cast<Num>(g.adjncy.size()));
  }
  if (static_cast<Num>(g.adjncy.size()) != arcnbr)
    reader.fail_token(ErrorCode::format, what + "has " + std::to_string(g.adjncy.size()) +
                                             " arcs, declares " + std::to_string(arcnbr));
  level.diameter = reader.number_at_least((what + "diameter").c_str(), 0);
  return level;
}

}  // namespace

ArchPtr read_deco_version2(TgtReader& reader) {
  const Num termnbr = reader.number_at_least("deco 2 terminal count", 1);
  const Num levlnbr = reader.number_at_least("deco 2 level count", 1);
  const Num vnumnbr = reader.number_at_least("deco 2 vertex-number count", 1);
  if (termnbr > std::numeric_limits<Num>::max() / 2)
    reader.fail_token(ErrorCode::overflow, "deco 2 terminal count too large");
  const Num domnbr = 2 * termnbr - 1;
  // Terminals, domains and vertex numbers grow as the file delivers them (see read_level).
  std::vector<Num> term_domain, term_vertex;
  for (Num t = 0; t < termnbr; ++t) {
    term_domain.push_back(reader.number_at_least("deco 2 terminal domain index", 0));
    if (term_domain[index(t)] >= domnbr)
      reader.fail_token(ErrorCode::format, "deco 2 terminal domain index " +
                                               std::to_string(term_domain[index(t)]) +
                                               " is not below " + std::to_string(domnbr));
    term_vertex.push_back(reader.number_at_least("deco 2 terminal vertex", 0));
  }
  std::vector<DomainNode> domains;
  auto in_range = [&](Num value, Num limit, const char* what) {
    if (value < -1 || value >= limit)
      reader.fail_token(ErrorCode::format, std::string("deco 2 ") + what + " " +
                                               std::to_string(value) + " out of range");
  };
  Num root = -1;
  for (Num d = 0; d < domnbr; ++d) {
    domains.emplace_back();
    DomainNode& n = domains.back();
    n.heap = reader.number_at_least("deco 2 domain number", 1);
    n.size = reader.number_at_least("deco 2 domain size", 1);
    n.weight = reader.number_at_least("deco 2 domain weight", 1);
    n.min_terminal = reader.number_at_least("deco 2 domain first terminal", 0);
    n.father = reader.number("deco 2 domain father");
    in_range(n.father, domnbr, "domain father");
    n.son0 = reader.number("deco 2 domain son");
    in_range(n.son0, domnbr, "domain son");
    n.son1 = reader.number("deco 2 domain son");
    in_range(n.son1, domnbr, "domain son");
    if ((n.son0 < 0) != (n.son1 < 0))
      reader.fail_token(ErrorCode::format, "deco 2 domain " + std::to_string(d) +
                                               " has a single son");
    n.level = reader.number_at_least("deco 2 domain level", 0);
    if (n.level >= levlnbr)
      reader.fail_token(ErrorCode::format, "deco 2 domain level " + std::to_string(n.level) +
                                               " is not below the level count");
    n.vnum = reader.number_at_least("deco 2 domain vertex index", 0);
    if (n.vnum >= vnumnbr)
      reader.fail_token(ErrorCode::format, "deco 2 domain vertex index out of range");
    if (n.father < 0) {
      if (root >= 0) reader.fail_token(ErrorCode::format, "deco 2 file has two root domains");
      root = d;
    }
  }
  if (root < 0) reader.fail_token(ErrorCode::format, "deco 2 file has no root domain");
  std::vector<Level> levels;
  for (Num l = 0; l < levlnbr; ++l) levels.push_back(read_level(reader, l, l == 0));
  std::vector<Num> vnum;
  for (Num i = 0; i < vnumnbr; ++i) vnum.push_back(reader.number_at_least("deco 2 vertex number", 0));

  // Structure: one tree, sons below their father, sizes, weights and first terminals agreeing
  // with the terminals, vertex chains inside vnum and the level graphs.
  built_at(reader, [&] {
    auto bad = [](const std::string& message) { fail_format("deco 2: " + message); };
    for (Num d = 0; d < domnbr; ++d) {
      const DomainNode& n = domains[index(d)];
      for (Num son : {n.son0, n.son1})
        if (son >= 0 && (domains[index(son)].father != d || domains[index(son)].level >= n.level))
          bad("domain " + std::to_string(son) + " is not a proper son of domain " + std::to_string(d));
      const Num chain_top = n.father < 0 ? levlnbr - 1 : domains[index(n.father)].level - 1;
      if (n.vnum - (chain_top - n.level) < 0)
        bad("vertex chain of domain " + std::to_string(d) + " starts before the vertex table");
      for (Num l = n.level; l <= chain_top && (n.father >= 0 || l == n.level); ++l) {
        const Num v = vnum[index(n.vnum - (l - n.level))];
        if (v >= levels[index(l)].graph.vertex_count())
          bad("vertex " + std::to_string(v) + " of domain " + std::to_string(d) +
              " is not in level " + std::to_string(l));
      }
    }
    number_preorder(domains, root);
    std::vector<Num> leaf_terminal(index(domnbr), -1);
    // Each terminal stands for its own vertex (two on one vertex broke domain_centres: found
    // by fuzz_tgt, tests/fuzz/corpus/tgt/regress_deco2_terminals_share_vertex).
    std::vector<Num> vertex_terminal(index(levels[0].graph.vertex_count()), -1);
    for (Num t = 0; t < termnbr; ++t) {
      const Num d = term_domain[index(t)];
      if (domains[index(d)].son0 >= 0 || leaf_terminal[index(d)] >= 0)
        bad("terminal " + std::to_string(t) + " is not alone in a leaf domain");
      const Num v = term_vertex[index(t)];
      if (v >= levels[0].graph.vertex_count())
        bad("terminal " + std::to_string(t) + " names vertex " + std::to_string(v) +
            " outside the target graph");
      if (vertex_terminal[index(v)] >= 0)
        bad("terminals " + std::to_string(vertex_terminal[index(v)]) + " and " +
            std::to_string(t) + " both name vertex " + std::to_string(v));
      vertex_terminal[index(v)] = t;
      leaf_terminal[index(d)] = t;
    }
    // Sizes, weights and first terminals, recomputed bottom-up (sons follow in pre-order).
    std::vector<Num> order(index(domnbr));
    for (Num d = 0; d < domnbr; ++d) order[index(domains[index(d)].preorder)] = d;
    for (Num k = domnbr - 1; k >= 0; --k) {
      DomainNode& n = domains[index(order[index(k)])];
      Num size = 1, weight = n.weight, first = leaf_terminal[index(order[index(k)])];
      if (n.son0 >= 0) {
        const DomainNode &s0 = domains[index(n.son0)], &s1 = domains[index(n.son1)];
        size = s0.size + s1.size;
        weight = s0.weight + s1.weight;
        first = std::min(s0.min_terminal, s1.min_terminal);
      }
      if (size != n.size || weight != n.weight)
        bad("domain " + std::to_string(order[index(k)]) + " has size " + std::to_string(n.size) +
            " and weight " + std::to_string(n.weight) + ", its sons add up to " +
            std::to_string(size) + " and " + std::to_string(weight));
      n.min_terminal = first;
    }
    for (const Level& level : levels) {
      const CsrGraph& g = level.graph;
      for (Num v = 0; v < g.vertex_count(); ++v)
        for (Num arc = g.xadj[index(v)]; arc < g.xadj[index(v) + 1]; ++arc)
          if (g.adjncy[index(arc)] == v)
            bad("a level graph has a self loop at vertex " + std::to_string(v));
    }
    // The walk hierarchy is built from the finest level: it must be a valid target graph.
    Graph finest;
    view_csr_as_graph(levels[0].graph, finest);
    try {
      check_graph(finest);
    } catch (const Error& error) {
      bad(std::string("level 0 (the target graph): ") + error.what());
    }
    return 0;
  });
  // Distances and domains come from Tartan's own walk hierarchy over the finest level (the
  // file's coarse levels and tree serve only to save the target again): see the header.
  std::vector<Num> capacity(index(levels[0].graph.vertex_count()), 0), term_weight(index(termnbr));
  for (Num t = 0; t < termnbr; ++t) {
    term_weight[index(t)] = domains[index(term_domain[index(t)])].weight;
    capacity[index(term_vertex[index(t)])] = term_weight[index(t)];
  }
  WalkHierarchy walks = coarsen_by_walks(levels[0].graph, capacity);
  DomainTree file_tree{std::move(domains), std::move(term_domain), std::move(vnum)};
  DomainTree tree;
  // Terminals in several components of the target graph: the file's tree keeps them together.
  if (!compact_coarsening_tree(walks, term_vertex, term_weight, tree)) std::swap(tree, file_tree);
  // A file Tartan wrote holds that very hierarchy and tree: keep one copy.
  if (same_trees(tree, file_tree)) file_tree = DomainTree{};
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
