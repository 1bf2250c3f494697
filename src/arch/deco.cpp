#include "arch/deco.hpp"

#include <algorithm>
#include <numeric>
#include <ostream>
#include <string>
#include <unordered_map>
#include <utility>

#include "arch/arch_registry.hpp"
#include "arch/deco2.hpp"
#include "arch/target_graph.hpp"
#include "common/error.hpp"

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

// Sorts the terminals of a domain along the axis joining its two farthest terminals and
// returns the split point (half the terminals on each side).
void split_terminals(std::vector<Num>& members, const std::vector<Num>& distance) {
  auto d = [&](Num a, Num b) { return distance[triangle(a, b)]; };
  auto farthest = [&](Num from) {
    Num best = members.front();
    for (Num m : members)
      if (d(from, m) > d(from, best)) best = m;
    return best;
  };
  const Num p = farthest(members.front());
  const Num q = farthest(p);
  std::sort(members.begin(), members.end(), [&](Num a, Num b) {
    const Num key_a = d(p, a) - d(q, a), key_b = d(p, b) - d(q, b);
    if (key_a != key_b) return key_a < key_b;
    if (d(p, a) != d(p, b)) return d(p, a) < d(p, b);
    return a < b;
  });
}

}  // namespace

std::uint64_t deco0_matrix_bytes(std::uint64_t termnbr) {
  const std::uint64_t nodenbr = 2 * termnbr - 1;
  return nodenbr * (nodenbr + 1) / 2 * sizeof(Num);
}

ArchPtr build_deco0(const Graph& graph, const std::vector<Num>* list) {
  const TargetTerminals terminals = select_target_terminals(graph, list);
  const Num termnbr = static_cast<Num>(terminals.vertex.size());
  check_matrix_memory(static_cast<std::uint64_t>(termnbr));

  const std::size_t nodenbr = 2 * index(termnbr) - 1;
  std::vector<Num> distance;
  distance.reserve(nodenbr * (nodenbr + 1) / 2);  // the target grows it in place
  distance.resize(index(termnbr) * (index(termnbr) + 1) / 2);
  ExactDistances search(graph);
  for (Num a = 0; a < termnbr; ++a) {
    const std::vector<Num>& from_a = search.from(terminals.vertex[index(a)]);
    for (Num b = 0; b <= a; ++b) distance[triangle(a, b)] = from_a[index(terminals.vertex[index(b)])];
  }

  // Recursive bipartitioning down to single terminals; domain numbers 1, 2i, 2i+1.
  std::vector<std::int64_t> heaps(index(termnbr), 1);
  struct Pending {
    std::int64_t heap;
    std::vector<Num> members;
  };
  std::vector<Pending> pending;
  pending.push_back(Pending{1, std::vector<Num>(index(termnbr))});
  std::iota(pending.back().members.begin(), pending.back().members.end(), Num{0});
  while (!pending.empty()) {
    Pending domain = std::move(pending.back());
    pending.pop_back();
    if (domain.members.size() == 1) {
      heaps[index(domain.members.front())] = domain.heap;
      continue;
    }
    split_terminals(domain.members, distance);
    const auto middle = domain.members.begin() + static_cast<std::ptrdiff_t>(domain.members.size() / 2);
    pending.push_back(Pending{2 * domain.heap + 1, std::vector<Num>(middle, domain.members.end())});
    pending.push_back(Pending{2 * domain.heap, std::vector<Num>(domain.members.begin(), middle)});
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
