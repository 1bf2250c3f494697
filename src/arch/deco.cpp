#include "arch/deco.hpp"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <numeric>
#include <ostream>
#include <string>
#include <unordered_map>
#include <utility>

#include "arch/arch_registry.hpp"
#include "arch/deco2.hpp"
#include "arch/domain_tree.hpp"
#include "arch/graph_routes.hpp"
#include "common/error.hpp"

namespace tartan {

namespace {

std::size_t index(Num value) { return static_cast<std::size_t>(value); }

}  // namespace

void check_deco0_matrix_memory(std::uint64_t termnbr) {
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

namespace {

// The deco 0 target: domains are the nodes of the bipartitioning tree. Terminals are nodes
// 0..termnbr-1 (by terminal number), internal domains follow in post-order, so every son has
// a smaller index than its father and the root is the last node. distance_ is the lower
// triangle (with diagonal) over all nodes; its first termnbr rows are the terminal distances.
class DecoArchitecture final : public TreeArchitecture {
 public:
  // labels/weights/heaps per terminal in terminal order (labels increasing); distances holds
  // the terminal triangle (termnbr·(termnbr+1)/2 entries) and is moved in.
  DecoArchitecture(std::vector<Num> labels, const std::vector<Num>& weights,
                   const std::vector<std::int64_t>& heaps, std::vector<Num> distances,
                   CsrGraph topology = {}, const std::vector<Num>& term_vertex = {})
      : distance_(std::move(distances)), topology_(std::move(topology)) {
    if (topology_.vertex_count() > 0)
      routes_ = std::make_unique<GraphRoutes>(topology_, term_vertex);
    const Num termnbr = static_cast<Num>(labels.size());
    set_terminal_labels(labels);
    check_terminal_distances(termnbr);
    build_tree(weights, heaps);
    const Num nodenbr = tree().node_count();
    distance_.resize(index(nodenbr) * (index(nodenbr) + 1) / 2);
    average_distances(termnbr);
  }

  const char* kind_name() const override { return "deco"; }
  // Links: those of the target graph it was built from, if any (deco.hpp).
  const Network* network() const override { return routes_.get(); }
  Num domain_distance(const Domain& a, const Domain& b) const override {
    return distance_[deco0_triangle(node_of(a), node_of(b))];
  }
  Num terminal_distance(Num a, Num b) const override {
    if (a < 0 || b < 0 || a >= size() || b >= size())
      fail_invalid("terminal distance asked for terminals " + std::to_string(a) + " and " +
                   std::to_string(b) + " outside [0, " + std::to_string(size()) + ")");
    return distance_[deco0_triangle(a, b)];
  }

  void save(std::ostream& out) const override {
    const Num termnbr = size();
    std::int64_t largest = 1;
    for (Num t = 0; t < termnbr; ++t) largest = std::max(largest, heap_[index(t)]);
    out << "deco\n0\n" << termnbr << '\t' << largest << '\n';
    for (Num t = 0; t < termnbr; ++t)
      out << terminal_label(t) << '\t' << tree().weight(t) << '\t' << heap_[index(t)] << '\n';
    for (Num a = 1; a < termnbr; ++a) {
      for (Num b = 0; b < a; ++b) out << (b == 0 ? "" : "\t") << distance_[deco0_triangle(a, b)];
      out << '\n';
    }
  }

 private:
  // Distinct terminals at distance 0 would be free neighbours to every mapping method, which
  // no machine offers: a matrix that says so is refused.
  void check_terminal_distances(Num termnbr) const {
    for (Num a = 1; a < termnbr; ++a)
      for (Num b = 0; b < a; ++b)
        if (distance_[deco0_triangle(a, b)] <= 0)
          fail_format("terminals " + std::to_string(terminal_label(b)) + " and " +
                      std::to_string(terminal_label(a)) +
                      " are at distance 0: distinct terminals must be at a positive distance");
  }

  // Rebuilds the tree from the terminals' domain numbers; checks that they define one: distinct,
  // none inside another's domain, and every internal domain split in exactly two.
  void build_tree(const std::vector<Num>& weights, const std::vector<std::int64_t>& heaps) {
    const Num termnbr = static_cast<Num>(heaps.size());
    std::unordered_map<std::int64_t, Num> terminal_of;  // domain number -> terminal
    for (Num t = 0; t < termnbr; ++t) {
      const auto [at, fresh] = terminal_of.emplace(heaps[index(t)], t);
      if (!fresh)
        fail_format("terminals " + std::to_string(terminal_label(at->second)) + " and " +
                    std::to_string(terminal_label(t)) + " share domain number " +
                    std::to_string(heaps[index(t)]));
    }
    std::unordered_map<std::int64_t, bool> internal;  // ancestors of terminal domains
    for (Num t = 0; t < termnbr; ++t)
      for (std::int64_t h = heaps[index(t)] / 2; h >= 1; h /= 2) {
        const auto found = terminal_of.find(h);
        if (found != terminal_of.end())
          fail_format("domain " + std::to_string(heaps[index(t)]) + " of terminal " +
                      std::to_string(terminal_label(t)) + " lies inside domain " +
                      std::to_string(h) + " of terminal " +
                      std::to_string(terminal_label(found->second)));
        if (!internal.emplace(h, true).second) break;
      }
    auto present = [&](std::int64_t h) { return terminal_of.count(h) || internal.count(h); };
    for (const auto& entry : internal)
      if (!present(2 * entry.first) || !present(2 * entry.first + 1))
        fail_format("domain " + std::to_string(entry.first) +
                    " has a single son: the domain numbers do not form a bipartitioning tree");

    // Post-order numbering of internal domains by an explicit stack (trees of unbalanced
    // targets can be deep).
    std::vector<DomainTree::Links> links(index(termnbr) + internal.size());
    heap_.assign(links.size(), 0);
    for (Num t = 0; t < termnbr; ++t) heap_[index(t)] = heaps[index(t)];
    struct Frame {
      std::int64_t heap;
      int next_son;
      Num sons[2];
    };
    Num next_internal = termnbr;
    std::vector<Frame> stack;
    auto open = [&](std::int64_t h) -> Num {  // returns the node if terminal, else pushes
      const auto found = terminal_of.find(h);
      if (found != terminal_of.end()) return found->second;
      stack.push_back(Frame{h, 0, {-1, -1}});
      return -1;
    };
    open(1);
    while (!stack.empty()) {
      Frame& top = stack.back();
      if (top.next_son < 2) {
        const int which = top.next_son++;
        const Num son = open(2 * top.heap + which);
        if (son >= 0) stack.back().sons[which] = son;  // re-fetch: open() may have pushed
        continue;
      }
      const Num id = next_internal++;
      heap_[index(id)] = top.heap;
      links[index(id)].son0 = top.sons[0];
      links[index(id)].son1 = top.sons[1];
      for (Num son : top.sons) links[index(son)].father = id;
      stack.pop_back();
      if (!stack.empty()) {
        Frame& parent = stack.back();
        parent.sons[parent.next_son - 1] = id;
      }
    }
    std::vector<Num> leaves(index(termnbr));
    std::iota(leaves.begin(), leaves.end(), Num{0});
    set_tree(DomainTree(std::move(links), std::move(leaves), weights));
  }

  // Non-terminal distances, bottom-up: the average over the pairs of sons (a terminal stands
  // for itself), rounded to nearest; sons precede fathers in node order.
  void average_distances(Num termnbr) {
    const DomainTree& t = tree();
    for (Num a = termnbr; a < t.node_count(); ++a) {
      const Num sons_a[2] = {t.son0(a), t.son1(a)};
      for (Num b = 0; b <= a; ++b) {
        const bool leaf_b = t.is_leaf(b);
        const Num sons_b[2] = {leaf_b ? b : t.son0(b), leaf_b ? b : t.son1(b)};
        const int count_b = leaf_b ? 1 : 2;
        std::int64_t sum = 0;
        for (Num sa : sons_a)
          for (int j = 0; j < count_b; ++j) sum += distance_[deco0_triangle(sa, sons_b[j])];
        const std::int64_t pairs = 2 * count_b;
        distance_[deco0_triangle(a, b)] = static_cast<Num>((sum + pairs / 2) / pairs);
      }
    }
  }

  std::vector<std::int64_t> heap_;  // SCOTCH's domain number of each node: root 1, sons 2i, 2i+1
  std::vector<Num> distance_;
  CsrGraph topology_;                    // the target graph of a build (empty: from a file)
  std::unique_ptr<GraphRoutes> routes_;  // over topology_
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
      distance[deco0_triangle(a, b)] =
          file_distance[deco0_triangle(order[index(a)], order[index(b)])];
  return make_deco0(std::move(sorted_labels), sorted_weights, sorted_heaps, std::move(distance));
}

// deco 0: termnbr largest-domain, termnbr lines "label weight domain", then the lower triangle
// of terminal distances without diagonal, rows in file order.
ArchPtr read_deco_version0(io::TextReader& reader) {
  const Num termnbr = reader.read_num_at_least("deco 0 terminal count", 1);
  const Num largest = reader.read_num_at_least("deco 0 largest domain number", 1);
  check_deco0_matrix_memory(static_cast<std::uint64_t>(termnbr));
  std::vector<Num> labels, weights;
  std::vector<std::int64_t> heaps;
  for (Num t = 0; t < termnbr; ++t) {
    labels.push_back(reader.read_num_at_least("deco 0 terminal label", 0));
    weights.push_back(reader.read_num_at_least("deco 0 terminal weight (capacity)", 1));
    const Num heap = reader.read_num_at_least("deco 0 terminal domain number", 1);
    if (heap > largest)
      reader.fail_at_token(ErrorCode::format, "deco 0 terminal domain number " +
                                                  std::to_string(heap) + " exceeds the declared " +
                                                  "largest domain number " +
                                                  std::to_string(largest));
    heaps.push_back(heap);
  }
  std::vector<Num> distance(index(termnbr) * (index(termnbr) + 1) / 2, 0);
  for (Num a = 1; a < termnbr; ++a)
    for (Num b = 0; b < a; ++b)
      distance[deco0_triangle(a, b)] = reader.read_num_at_least("deco 0 distance", 0);
  return reader.located([&] {
    return make_deco_from_file(std::move(labels), std::move(weights), std::move(heaps), distance);
  });
}

// deco 1 (SCOTCH's compiled form): termnbr domnbr, then per domain number 1..domnbr "label size
// weight" (size 1: a terminal, 0: an empty slot), then the lower triangle without diagonal of
// all domain distances. Terminal distances are kept; non-terminal ones are recomputed.
ArchPtr read_deco_version1(io::TextReader& reader) {
  const Num termnbr = reader.read_num_at_least("deco 1 terminal count", 1);
  const Num domnbr = reader.read_num_at_least("deco 1 domain count", 1);
  check_deco0_matrix_memory(static_cast<std::uint64_t>(termnbr));
  std::vector<Num> labels, weights;
  std::vector<std::int64_t> heaps;
  std::unordered_map<Num, Num> terminal_of;  // domain number -> file terminal index
  for (Num d = 1; d <= domnbr; ++d) {
    const Num label = reader.read_num_at_least("deco 1 domain label", 0);
    const Num size = reader.read_num_at_least("deco 1 domain size", 0);
    const Num weight = reader.read_num_at_least("deco 1 domain weight", 0);
    if (size != 1) continue;
    if (weight < 1)
      reader.fail_at_token(ErrorCode::format,
                           "deco 1 terminal domain " + std::to_string(d) + " has capacity 0");
    if (static_cast<Num>(labels.size()) == termnbr)
      reader.fail_at_token(ErrorCode::format, "deco 1 file has more terminal domains than its " +
                                                  std::to_string(termnbr) + " terminals");
    terminal_of.emplace(d, static_cast<Num>(labels.size()));
    labels.push_back(label);
    weights.push_back(weight);
    heaps.push_back(d);
  }
  if (static_cast<Num>(labels.size()) != termnbr)
    reader.fail_at_token(ErrorCode::format,
                         "deco 1 file declares " + std::to_string(termnbr) + " terminals but has " +
                             std::to_string(labels.size()) + " terminal domains");
  std::vector<Num> distance(index(termnbr) * (index(termnbr) + 1) / 2, 0);
  for (Num a = 2; a <= domnbr; ++a) {
    const auto ta = terminal_of.find(a);
    for (Num b = 1; b < a; ++b) {
      const Num value = reader.read_num_at_least("deco 1 distance", 0);
      if (ta == terminal_of.end()) continue;
      const auto tb = terminal_of.find(b);
      if (tb != terminal_of.end()) distance[deco0_triangle(ta->second, tb->second)] = value;
    }
  }
  return reader.located([&] {
    return make_deco_from_file(std::move(labels), std::move(weights), std::move(heaps), distance);
  });
}

}  // namespace

ArchPtr make_deco0(std::vector<Num> labels, const std::vector<Num>& weights,
                   const std::vector<std::int64_t>& heaps, std::vector<Num> distances,
                   CsrGraph topology, const std::vector<Num>& term_vertex) {
  return std::make_shared<DecoArchitecture>(std::move(labels), weights, heaps,
                                            std::move(distances), std::move(topology),
                                            term_vertex);
}

std::uint64_t deco0_matrix_bytes(std::uint64_t termnbr) {
  const std::uint64_t nodenbr = 2 * termnbr - 1;
  return nodenbr * (nodenbr + 1) / 2 * sizeof(Num);
}

ArchPtr read_deco(io::TextReader& reader) {
  const Num version = reader.read_num("deco version");
  switch (version) {
    case 0: return read_deco_version0(reader);
    case 1: return read_deco_version1(reader);
    case 2: return read_deco_version2(reader);
    default:
      reader.fail_at_token(ErrorCode::format,
                           "unknown deco version " + std::to_string(version) + " (known: 0, 1, 2)");
  }
}

}  // namespace tartan
