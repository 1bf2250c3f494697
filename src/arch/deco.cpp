#include "arch/deco.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <ostream>
#include <string>
#include <unordered_map>
#include <utility>

#include "arch/arch_registry.hpp"
#include "arch/deco2.hpp"
#include "arch/target_graph.hpp"
#include "common/error.hpp"
#include "common/random.hpp"
#include "partition/bipartition.hpp"

namespace tartan {

namespace {

std::size_t index(Num value) { return static_cast<std::size_t>(value); }

// Position of the pair (a, b) in a lower triangle with diagonal.
std::size_t triangle(Num a, Num b) {
  if (a < b) std::swap(a, b);
  return index(a) * (index(a) + 1) / 2 + index(b);
}

void check_matrix_memory(std::uint64_t termnbr) {
  const std::uint64_t bytes = deco0_matrix_bytes(termnbr);
  const std::uint64_t limit = deco_matrix_memory_limit();
  if (bytes > limit) {
    constexpr std::uint64_t kMiB = 1024 * 1024;
    fail(ErrorCode::no_memory,
         "a deco 0 target of " + std::to_string(termnbr) + " terminals needs " +
             std::to_string((bytes + kMiB - 1) / kMiB) +
             " MiB for its distance matrix, above the limit of " +
             std::to_string(limit / kMiB) +
             " MiB (raise it with the environment variable TARTAN_DECO_MAX_MEMORY_MB, or build "
             "a deco 2 target, whose memory is linear)");
  }
}

// The deco 0 target: domains are the nodes of the bipartitioning tree. Terminals are nodes
// 0..termnbr-1 (by terminal number), internal domains follow in post-order, so every son has
// a smaller index than its father and the root is the last node. distance_ is the lower
// triangle (with diagonal) over all nodes; its first termnbr rows are the terminal distances.
class DecoArchitecture final : public Architecture {
 public:
  // labels/weights/heaps per terminal in terminal order (labels increasing); distances holds
  // the terminal triangle (termnbr·(termnbr+1)/2 entries) and is moved in.
  DecoArchitecture(std::vector<Num> labels, std::vector<Num> weights,
                   const std::vector<std::int64_t>& heaps, std::vector<Num> distances)
      : labels_(std::move(labels)), distance_(std::move(distances)) {
    const Num termnbr = static_cast<Num>(labels_.size());
    build_tree(weights, heaps);
    const Num nodenbr = static_cast<Num>(nodes_.size());
    distance_.resize(index(nodenbr) * (index(nodenbr) + 1) / 2);
    average_distances(termnbr);
  }

  const char* kind_name() const override { return "deco"; }
  Num size() const override { return static_cast<Num>(labels_.size()); }
  Domain first_domain() const override { return domain(static_cast<Num>(nodes_.size()) - 1); }
  Domain terminal_domain(Num terminal) const override {
    if (terminal < 0 || terminal >= size())
      fail_invalid("terminal " + std::to_string(terminal) + " is outside [0, " +
                   std::to_string(size()) + ")");
    return domain(terminal);
  }
  Num domain_number(const Domain& dom) const override { return node(dom).min_terminal; }
  Num domain_size(const Domain& dom) const override { return node(dom).size; }
  Num domain_weight(const Domain& dom) const override { return node(dom).weight; }
  Num domain_distance(const Domain& a, const Domain& b) const override {
    return distance_[triangle(node_index(a), node_index(b))];
  }
  bool bipartition(const Domain& dom, Domain& part0, Domain& part1) const override {
    const Node& n = node(dom);
    if (n.son0 < 0) return false;
    part0 = domain(n.son0);
    part1 = domain(n.son1);
    return true;
  }
  bool domain_includes(const Domain& outer, const Domain& inner) const override {
    const Node& o = node(outer);
    const Node& i = node(inner);
    return o.preorder <= i.preorder && i.preorder < o.preorder_end;
  }
  Num terminal_distance(Num a, Num b) const override {
    if (a < 0 || b < 0 || a >= size() || b >= size())
      fail_invalid("terminal distance asked for terminals " + std::to_string(a) + " and " +
                   std::to_string(b) + " outside [0, " + std::to_string(size()) + ")");
    return distance_[triangle(a, b)];
  }
  Num terminal_weight(Num terminal) const override {
    return domain_weight(terminal_domain(terminal));
  }

  int domain_words() const override { return 1; }
  void check_domain(const Domain& dom) const override {
    node_index(dom);
    for (int w = 1; w < Domain::kWords; ++w)
      if (dom.word[static_cast<std::size_t>(w)] != 0)
        fail_invalid("malformed deco domain (extra words set)");
  }

  void save(std::ostream& out) const override {
    const Num termnbr = size();
    std::int64_t largest = 1;
    for (Num t = 0; t < termnbr; ++t) largest = std::max(largest, nodes_[index(t)].heap);
    out << "deco\n0\n" << termnbr << '\t' << largest << '\n';
    for (Num t = 0; t < termnbr; ++t)
      out << labels_[index(t)] << '\t' << nodes_[index(t)].weight << '\t'
          << nodes_[index(t)].heap << '\n';
    for (Num a = 1; a < termnbr; ++a) {
      for (Num b = 0; b < a; ++b) out << (b == 0 ? "" : "\t") << distance_[triangle(a, b)];
      out << '\n';
    }
  }

 private:
  struct Node {
    std::int64_t heap = 0;  // SCOTCH's domain number: root 1, sons 2i and 2i+1
    Num father = -1, son0 = -1, son1 = -1;
    Num size = 0, weight = 0, min_terminal = 0;
    Num preorder = 0, preorder_end = 0;  // subtree = preorder range [preorder, preorder_end)
  };

  static Domain domain(Num node) {
    Domain dom;
    dom.word[0] = node;
    return dom;
  }
  Num node_index(const Domain& dom) const {
    const std::int64_t n = dom.word[0];
    if (n < 0 || n >= static_cast<std::int64_t>(nodes_.size()))
      fail_invalid("domain " + std::to_string(n) + " does not belong to this deco target");
    return static_cast<Num>(n);
  }
  const Node& node(const Domain& dom) const { return nodes_[index(node_index(dom))]; }

  // Rebuilds the tree from the terminals' domain numbers; checks that they define one: distinct,
  // none inside another's domain, and every internal domain split in exactly two.
  void build_tree(const std::vector<Num>& weights, const std::vector<std::int64_t>& heaps) {
    const Num termnbr = static_cast<Num>(heaps.size());
    std::unordered_map<std::int64_t, Num> terminal_of;  // domain number -> terminal
    for (Num t = 0; t < termnbr; ++t) {
      const auto [at, fresh] = terminal_of.emplace(heaps[index(t)], t);
      if (!fresh)
        fail_format("terminals " + std::to_string(labels_[index(at->second)]) + " and " +
                    std::to_string(labels_[index(t)]) + " share domain number " +
                    std::to_string(heaps[index(t)]));
    }
    std::unordered_map<std::int64_t, bool> internal;  // ancestors of terminal domains
    for (Num t = 0; t < termnbr; ++t)
      for (std::int64_t h = heaps[index(t)] / 2; h >= 1; h /= 2) {
        const auto found = terminal_of.find(h);
        if (found != terminal_of.end())
          fail_format("domain " + std::to_string(heaps[index(t)]) + " of terminal " +
                      std::to_string(labels_[index(t)]) + " lies inside domain " +
                      std::to_string(h) + " of terminal " +
                      std::to_string(labels_[index(found->second)]));
        if (!internal.emplace(h, true).second) break;
      }
    auto present = [&](std::int64_t h) { return terminal_of.count(h) || internal.count(h); };
    for (const auto& entry : internal)
      if (!present(2 * entry.first) || !present(2 * entry.first + 1))
        fail_format("domain " + std::to_string(entry.first) +
                    " has a single son: the domain numbers do not form a bipartitioning tree");

    nodes_.assign(index(termnbr) + internal.size(), Node{});
    for (Num t = 0; t < termnbr; ++t) {
      Node& leaf = nodes_[index(t)];
      leaf.heap = heaps[index(t)];
      leaf.size = 1;
      leaf.weight = weights[index(t)];
      leaf.min_terminal = t;
    }
    // Post-order numbering of internal domains, and pre-order ranges, by an explicit stack
    // (trees of unbalanced targets can be deep).
    struct Frame {
      std::int64_t heap;
      Num node;     // assigned once both sons are done
      int next_son;
      Num sons[2];
    };
    Num next_internal = termnbr;
    Num preorder = 0;
    std::vector<Frame> stack;
    auto open = [&](std::int64_t h) -> Num {  // returns the node if terminal, else pushes
      const auto found = terminal_of.find(h);
      if (found != terminal_of.end()) {
        Node& leaf = nodes_[index(found->second)];
        leaf.preorder = preorder++;
        leaf.preorder_end = preorder;
        return found->second;
      }
      stack.push_back(Frame{h, preorder++, 0, {-1, -1}});
      return -1;
    };
    Num root = open(1);
    while (!stack.empty()) {
      Frame& top = stack.back();
      if (top.next_son < 2) {
        const int which = top.next_son++;
        const Num son = open(2 * top.heap + which);
        if (son >= 0) stack.back().sons[which] = son;  // re-fetch: open() may have pushed
        continue;
      }
      const Num id = next_internal++;
      Node& n = nodes_[index(id)];
      n.heap = top.heap;
      n.preorder = top.node;
      n.preorder_end = preorder;
      n.son0 = top.sons[0];
      n.son1 = top.sons[1];
      for (Num son : {n.son0, n.son1}) nodes_[index(son)].father = id;
      const Node& s0 = nodes_[index(n.son0)];
      const Node& s1 = nodes_[index(n.son1)];
      n.size = s0.size + s1.size;
      n.weight = s0.weight + s1.weight;
      n.min_terminal = std::min(s0.min_terminal, s1.min_terminal);
      stack.pop_back();
      if (stack.empty()) {
        root = id;
      } else {
        Frame& parent = stack.back();
        parent.sons[parent.next_son - 1] = id;
      }
    }
    (void)root;  // always the last node: the post-order ends with it
  }

  // Non-terminal distances, bottom-up: the average over the pairs of sons (a terminal stands
  // for itself), rounded to nearest; sons precede fathers in node order.
  void average_distances(Num termnbr) {
    const Num nodenbr = static_cast<Num>(nodes_.size());
    for (Num a = termnbr; a < nodenbr; ++a) {
      const Num sons_a[2] = {nodes_[index(a)].son0, nodes_[index(a)].son1};
      for (Num b = 0; b <= a; ++b) {
        const Node& nb = nodes_[index(b)];
        const Num sons_b[2] = {nb.son0 < 0 ? b : nb.son0, nb.son0 < 0 ? b : nb.son1};
        const int count_b = nb.son0 < 0 ? 1 : 2;
        std::int64_t sum = 0;
        for (Num sa : sons_a)
          for (int j = 0; j < count_b; ++j) sum += distance_[triangle(sa, sons_b[j])];
        const std::int64_t pairs = 2 * count_b;
        distance_[triangle(a, b)] = static_cast<Num>((sum + pairs / 2) / pairs);
      }
    }
  }

  std::vector<Num> labels_;
  std::vector<Node> nodes_;
  std::vector<Num> distance_;
};

// Orders terminals given in any order by increasing label, and builds the target.
ArchPtr make_deco_from_file(std::vector<Num> labels, std::vector<Num> weights,
                            std::vector<std::int64_t> heaps,
                            const std::vector<Num>& file_distance /* triangle, file order */) {
  const Num termnbr = static_cast<Num>(labels.size());
  std::vector<Num> order(index(termnbr));
  std::iota(order.begin(), order.end(), Num{0});
  std::sort(order.begin(), order.end(),
            [&](Num a, Num b) { return labels[index(a)] < labels[index(b)]; });
  for (Num k = 1; k < termnbr; ++k)
    if (labels[index(order[index(k)])] == labels[index(order[index(k) - 1])])
      fail_format("two terminals have label " + std::to_string(labels[index(order[index(k)])]));
  std::vector<Num> sorted_labels(index(termnbr)), sorted_weights(index(termnbr));
  std::vector<std::int64_t> sorted_heaps(index(termnbr));
  for (Num k = 0; k < termnbr; ++k) {
    sorted_labels[index(k)] = labels[index(order[index(k)])];
    sorted_weights[index(k)] = weights[index(order[index(k)])];
    sorted_heaps[index(k)] = heaps[index(order[index(k)])];
  }
  const std::size_t nodenbr = 2 * index(termnbr) - 1;
  std::vector<Num> distance;
  distance.reserve(nodenbr * (nodenbr + 1) / 2);
  distance.resize(index(termnbr) * (index(termnbr) + 1) / 2);
  for (Num a = 0; a < termnbr; ++a)
    for (Num b = 0; b < a; ++b)
      distance[triangle(a, b)] = file_distance[triangle(order[index(a)], order[index(b)])];
  return std::make_shared<DecoArchitecture>(std::move(sorted_labels), std::move(sorted_weights),
                                            sorted_heaps, std::move(distance));
}

// deco 0: termnbr largest-domain, termnbr lines "label weight domain", then the lower triangle
// of terminal distances without diagonal, rows in file order.
ArchPtr read_deco_version0(TgtReader& reader) {
  const Num termnbr = reader.number_at_least("deco 0 terminal count", 1);
  const Num largest = reader.number_at_least("deco 0 largest domain number", 1);
  check_matrix_memory(static_cast<std::uint64_t>(termnbr));
  std::vector<Num> labels, weights;
  std::vector<std::int64_t> heaps;
  for (Num t = 0; t < termnbr; ++t) {
    labels.push_back(reader.number("deco 0 terminal label"));
    weights.push_back(reader.number_at_least("deco 0 terminal weight (capacity)", 1));
    const Num heap = reader.number_at_least("deco 0 terminal domain number", 1);
    if (heap > largest)
      reader.fail_token(ErrorCode::format, "deco 0 terminal domain number " +
                                               std::to_string(heap) + " exceeds the declared " +
                                               "largest domain number " + std::to_string(largest));
    heaps.push_back(heap);
  }
  std::vector<Num> distance(index(termnbr) * (index(termnbr) + 1) / 2, 0);
  for (Num a = 1; a < termnbr; ++a)
    for (Num b = 0; b < a; ++b) distance[triangle(a, b)] = reader.number_at_least("deco 0 distance", 0);
  return built_at(reader, [&] {
    return make_deco_from_file(std::move(labels), std::move(weights), std::move(heaps), distance);
  });
}

// deco 1 (SCOTCH's compiled form): termnbr domnbr, then per domain number 1..domnbr "label size
// weight" (size 1: a terminal, 0: an empty slot), then the lower triangle without diagonal of
// all domain distances. Terminal distances are kept; non-terminal ones are recomputed.
ArchPtr read_deco_version1(TgtReader& reader) {
  const Num termnbr = reader.number_at_least("deco 1 terminal count", 1);
  const Num domnbr = reader.number_at_least("deco 1 domain count", 1);
  check_matrix_memory(static_cast<std::uint64_t>(termnbr));
  std::vector<Num> labels, weights;
  std::vector<std::int64_t> heaps;
  std::unordered_map<Num, Num> terminal_of;  // domain number -> file terminal index
  for (Num d = 1; d <= domnbr; ++d) {
    const Num label = reader.number("deco 1 domain label");
    const Num size = reader.number_at_least("deco 1 domain size", 0);
    const Num weight = reader.number_at_least("deco 1 domain weight", 0);
    if (size != 1) continue;
    if (weight < 1)
      reader.fail_token(ErrorCode::format,
                        "deco 1 terminal domain " + std::to_string(d) + " has capacity 0");
    if (static_cast<Num>(labels.size()) == termnbr)
      reader.fail_token(ErrorCode::format, "deco 1 file has more terminal domains than its " +
                                               std::to_string(termnbr) + " terminals");
    terminal_of.emplace(d, static_cast<Num>(labels.size()));
    labels.push_back(label);
    weights.push_back(weight);
    heaps.push_back(d);
  }
  if (static_cast<Num>(labels.size()) != termnbr)
    reader.fail_token(ErrorCode::format, "deco 1 file declares " + std::to_string(termnbr) +
                                             " terminals but has " +
                                             std::to_string(labels.size()) + " terminal domains");
  std::vector<Num> distance(index(termnbr) * (index(termnbr) + 1) / 2, 0);
  for (Num a = 2; a <= domnbr; ++a) {
    const auto ta = terminal_of.find(a);
    for (Num b = 1; b < a; ++b) {
      const Num value = reader.number_at_least("deco 1 distance", 0);
      if (ta == terminal_of.end()) continue;
      const auto tb = terminal_of.find(b);
      if (tb != terminal_of.end()) distance[triangle(ta->second, tb->second)] = value;
    }
  }
  return built_at(reader, [&] {
    return make_deco_from_file(std::move(labels), std::move(weights), std::move(heaps), distance);
  });
}

// Affinity of the target graph's arcs for the bipartitioner: the cheaper a link is to cross,
// the more it should stay inside a domain. Uniform costs give 1; otherwise kScale x (cheapest
// cost / cost), at least 1, so that summed coarse weights stay far from Num's range.
class ArcAffinity {
 public:
  explicit ArcAffinity(const Graph& graph) : graph_(graph), uniform_(has_uniform_edge_costs(graph)) {
    if (uniform_) return;
    for (Num v = 0; v < graph.vertnbr; ++v)
      for (Num arc = graph.begin(v); arc < graph.end(v); ++arc) {
        const Num cost = graph.arc_weight(arc);
        if (cost > 0 && (cheapest_ == 0 || cost < cheapest_)) cheapest_ = cost;
      }
  }
  Num operator()(Num arc) const {
    constexpr double kScale = 64;
    if (uniform_) return 1;
    const Num cost = graph_.arc_weight(arc);
    if (cost <= 0) return static_cast<Num>(kScale);
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
      : graph_(graph),
        terminal_of_vertex_(terminal_of_vertex),
        options_(options),
        affinity_(graph),
        local_index_(index(graph.vertnbr), -1),
        random_(options.seed) {}

  // Moves the vertices of owned (2+ terminals among them) to halves[0] and halves[1].
  void split(const std::vector<Num>& owned, std::vector<Num> halves[2]) {
    const Num count = static_cast<Num>(owned.size());
    for (Num i = 0; i < count; ++i) local_index_[index(owned[index(i)])] = i;
    sub_.xadj.assign(1, 0);
    sub_.adjncy.clear();
    sub_.adjwgt.clear();
    sub_.vwgt.resize(index(count));
    Num terminals = 0;
    for (Num i = 0; i < count; ++i) {
      const Num v = owned[index(i)];
      sub_.vwgt[index(i)] = terminal_of_vertex_[index(v)] >= 0 ? 1 : 0;
      terminals += sub_.vwgt[index(i)];
      for (Num arc = graph_.begin(v); arc < graph_.end(v); ++arc) {
        const Num u = graph_.neighbour(arc);
        if (u == v || local_index_[index(u)] < 0) continue;
        sub_.adjncy.push_back(local_index_[index(u)]);
        sub_.adjwgt.push_back(affinity_(arc));
      }
      sub_.xadj.push_back(static_cast<Num>(sub_.adjncy.size()));
    }
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
    for (Num i = 0; i < count; ++i) {
      const Num v = owned[index(i)];
      local_index_[index(v)] = -1;
      halves[side_[index(i)]].push_back(v);
    }
  }

 private:
  // Moves terminals from the overloaded side until the loads are exact, each time the one
  // whose move decreases the cut the most (ties: the lowest index) among those that keep both
  // sides connected (on the boundary, not an articulation point of their side), if any.
  // Terminal loads are 1.
  void balance(std::vector<std::uint8_t>& side, const std::int64_t exact[2],
               std::int64_t load[2]) {
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

  const Graph& graph_;
  const std::vector<Num>& terminal_of_vertex_;
  const Deco0Options& options_;
  ArcAffinity affinity_;
  std::vector<Num> local_index_;  // position of a vertex in the domain being split, or -1
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

std::uint64_t deco0_matrix_bytes(std::uint64_t termnbr) {
  const std::uint64_t nodenbr = 2 * termnbr - 1;
  return nodenbr * (nodenbr + 1) / 2 * sizeof(Num);
}

ArchPtr build_deco0(const Graph& graph, const std::vector<Num>* list) {
  return build_deco0_with(graph, list, Deco0Options{});
}

ArchPtr build_deco0_with(const Graph& graph, const std::vector<Num>* list,
                         const Deco0Options& options) {
  const TargetTerminals terminals = select_target_terminals(graph, list);
  const Num termnbr = static_cast<Num>(terminals.vertex.size());
  check_matrix_memory(static_cast<std::uint64_t>(termnbr));

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
    for (Num b = 0; b <= a; ++b) distance[triangle(a, b)] = from_a[index(terminals.vertex[index(b)])];
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

  std::vector<Num> labels(index(termnbr));
  for (Num t = 0; t < termnbr; ++t) labels[index(t)] = terminals.vertex[index(t)] + graph.baseval;
  return std::make_shared<DecoArchitecture>(std::move(labels), terminals.weight, heaps,
                                            std::move(distance));
}

ArchPtr read_deco(TgtReader& reader) {
  const Num version = reader.number("deco version");
  switch (version) {
    case 0: return read_deco_version0(reader);
    case 1: return read_deco_version1(reader);
    case 2: return read_deco_version2(reader);
    default:
      reader.fail_token(ErrorCode::format, "unknown deco version " + std::to_string(version) +
                                               " (known: 0, 1, 2)");
  }
}

}  // namespace tartan
