// Heterogeneous network targets (net), after seed 003 (Hoefler and Snir, "Generic topology
// mapping strategies for large-scale parallel architectures", §2): compute nodes hosting a
// number of processes (slots), switches hosting none, and links of given bandwidths between
// them: a fat tree, a dragonfly, a torus with a slow dimension, a real cluster's switch graph.
// doc/networks.md documents the .tgt form:
//
//     net <nodes> <links>
//     <slots of node 0> ... <slots of node nodes-1>     (0: a switch)
//     <node> <node> <bandwidth>                          (one line per link, both ways)
//
// Terminals are the compute nodes, in node order, each of capacity its slots (a node with s
// slots takes s unit-weight processes, as a cmpltw terminal of weight s); switches are the
// network's other nodes, numbered after the terminals in node order. Routes are shortest paths
// in hops (graph_routes.hpp, ties to the smallest node number) and bandwidths divide the link
// loads (MC); distances between terminals are those route lengths, exact. Domains (for the
// recursive bipartitioning of DRB) are those of a deco 2 built over the same graph with unit
// link costs (deco2.hpp), whose domain distances estimate route lengths.
//
// Refused (Error(invalid), naming the culprit): no compute node, negative slots, a link to
// itself or to a node out of range, a link given twice, a bandwidth below 1, a node no route
// reaches from node 0; sums beyond Num give Error(overflow).
#include <algorithm>
#include <ostream>
#include <utility>

#include "arch/arch_factory.hpp"
#include "arch/arch_numbers.hpp"
#include "arch/arch_registry.hpp"
#include "arch/deco2.hpp"
#include "arch/graph_routes.hpp"
#include "graph/subgraph.hpp"
#include "graph/traversal.hpp"

namespace tartan {
namespace {

std::size_t index(Num value) { return static_cast<std::size_t>(value); }

class NetworkArch final : public Architecture {
 public:
  NetworkArch(const std::vector<Num>& slots, const std::vector<NetworkLink>& links)
      : slots_(slots), links_(links) {
    const Num nodes = Num(slots.size());
    if (nodes < 1) fail_invalid("net target with no node");
    // Internal numbering: compute nodes first (they are the terminals), then switches.
    internal_.assign(slots.size(), -1);
    std::vector<Num> capacity;
    Num total = 0;
    for (Num v = 0; v < nodes; ++v) {
      require_at_least(slots[index(v)], 0, "slots of net node " + std::to_string(v));
      if (slots[index(v)] == 0) continue;
      total = checked_add(total, slots[index(v)], "total number of net slots");
      internal_[index(v)] = Num(capacity.size());
      capacity.push_back(slots[index(v)]);
    }
    if (capacity.empty())
      fail_invalid("net target of " + std::to_string(nodes) +
                   " nodes with no slot: at least one compute node must host processes");
    terminals_ = Num(capacity.size());
    for (Num v = 0, next = terminals_; v < nodes; ++v)
      if (internal_[index(v)] < 0) internal_[index(v)] = next++;
    build_graph();
    check_connected();
    std::vector<Num> term_vertex(capacity.size());
    for (Num t = 0; t < terminals_; ++t) term_vertex[index(t)] = t;
    inner_ = make_deco2(graph_, {}, term_vertex, capacity);
    routes_ = std::make_unique<GraphRoutes>(graph_, term_vertex, bandwidth_);
  }

  const char* kind_name() const override { return "net"; }
  Num size() const override { return terminals_; }
  Domain first_domain() const override { return inner_->first_domain(); }
  Domain terminal_domain(Num terminal) const override { return inner_->terminal_domain(terminal); }
  Num domain_number(const Domain& dom) const override { return inner_->domain_number(dom); }
  Num domain_size(const Domain& dom) const override { return inner_->domain_size(dom); }
  Num domain_weight(const Domain& dom) const override { return inner_->domain_weight(dom); }
  Num domain_distance(const Domain& a, const Domain& b) const override {
    if (a == b) return 0;
    const Num size_a = inner_->domain_size(a), size_b = inner_->domain_size(b);
    if (size_a == 1 && size_b == 1)
      return routes_->hops(inner_->domain_number(a), inner_->domain_number(b));
    return inner_->domain_distance(a, b);
  }
  bool bipartition(const Domain& dom, Domain& part0, Domain& part1) const override {
    return inner_->bipartition(dom, part0, part1);
  }
  bool domain_includes(const Domain& outer, const Domain& inner) const override {
    return inner_->domain_includes(outer, inner);
  }
  Num terminal_distance(Num a, Num b) const override { return routes_->hops(a, b); }
  Num terminal_weight(Num terminal) const override { return inner_->terminal_weight(terminal); }
  Domain join(const Domain& a, const Domain& b) const override { return inner_->join(a, b); }
  int domain_words() const override { return inner_->domain_words(); }
  void check_domain(const Domain& dom) const override { inner_->check_domain(dom); }
  const Network* network() const override { return routes_.get(); }

  void save(std::ostream& out) const override {
    out << "net " << slots_.size() << ' ' << links_.size() << '\n';
    for (std::size_t v = 0; v < slots_.size(); ++v)
      out << slots_[v] << ((v + 1) % 16 == 0 || v + 1 == slots_.size() ? '\n' : ' ');
    for (const NetworkLink& link : links_)
      out << link.a << ' ' << link.b << ' ' << link.bandwidth << '\n';
  }

 private:
  // The graph in internal numbering, arcs sorted by head, unit costs; bandwidths per arc.
  void build_graph() {
    const Num nodes = Num(slots_.size());
    std::vector<std::vector<std::pair<Num, Num>>> adjacent(slots_.size());  // (head, bandwidth)
    for (std::size_t i = 0; i < links_.size(); ++i) {
      const NetworkLink& link = links_[i];
      const std::string name = "net link " + std::to_string(i) + " (" + std::to_string(link.a) +
                               " - " + std::to_string(link.b) + ")";
      if (link.a < 0 || link.a >= nodes || link.b < 0 || link.b >= nodes)
        fail_invalid(name + " names a node out of range [0, " + std::to_string(nodes) + ")");
      if (link.a == link.b) fail_invalid(name + " joins a node to itself");
      require_at_least(link.bandwidth, 1, name + ": bandwidth");
      const Num a = internal_[index(link.a)], b = internal_[index(link.b)];
      adjacent[index(a)].emplace_back(b, link.bandwidth);
      adjacent[index(b)].emplace_back(a, link.bandwidth);
    }
    graph_.xadj.assign(1, 0);
    for (Num v = 0; v < nodes; ++v) {
      auto& list = adjacent[index(v)];
      std::sort(list.begin(), list.end());
      for (std::size_t k = 1; k < list.size(); ++k)
        if (list[k].first == list[k - 1].first)
          fail_invalid("net nodes " + std::to_string(file_node(v)) + " and " +
                       std::to_string(file_node(list[k].first)) + " are linked twice");
      for (const auto& [head, bandwidth] : list) {
        graph_.adjncy.push_back(head);
        graph_.adjwgt.push_back(1);
        bandwidth_.push_back(double(bandwidth));
      }
      graph_.xadj.push_back(checked_add(graph_.xadj.back(), Num(list.size()), "net link count"));
    }
    graph_.vwgt.assign(slots_.size(), 1);
  }

  void check_connected() const {
    Graph view;
    view_csr_as_graph(graph_, view);
    const Components components = connected_components(view);
    if (components.count <= 1) return;
    for (Num v = 0; v < graph_.vertex_count(); ++v)
      if (components.component[index(v)] != components.component[0])
        fail_invalid("net nodes " + std::to_string(file_node(0)) + " and " +
                     std::to_string(file_node(v)) + " are not connected: no route joins them");
  }

  Num file_node(Num internal) const {
    return Num(std::find(internal_.begin(), internal_.end(), internal) - internal_.begin());
  }

  std::vector<Num> slots_;          // per node, in the file's order
  std::vector<NetworkLink> links_;  // as given
  std::vector<Num> internal_;       // file node -> internal node (terminals first)
  Num terminals_ = 0;
  CsrGraph graph_;                  // internal numbering, unit link costs
  std::vector<double> bandwidth_;   // per arc of graph_
  ArchPtr inner_;                   // deco 2 over graph_: domains and their distances
  std::unique_ptr<GraphRoutes> routes_;
};

}  // namespace

ArchPtr make_network(const std::vector<Num>& slots, const std::vector<NetworkLink>& links) {
  return std::make_shared<NetworkArch>(slots, links);
}

ArchPtr make_network_from_csr(Num baseval, Num nodenbr, const Num* verttab, const Num* slottab,
                              const Num* edgetab, const Num* bwtab) {
  if (baseval != 0 && baseval != 1)
    fail_invalid("base value " + std::to_string(baseval) + ", must be 0 or 1");
  require_at_least(nodenbr, 1, "net node count");
  if (verttab == nullptr || edgetab == nullptr) fail_invalid("verttab and edgetab are required");
  std::vector<Num> slots(index(nodenbr), 1);
  if (slottab != nullptr) slots.assign(slottab, slottab + nodenbr);
  if (verttab[0] != baseval)
    fail_invalid("verttab[0] is " + std::to_string(verttab[0]) + ", must be the base value");
  for (Num v = 0; v < nodenbr; ++v)
    if (verttab[v + 1] < verttab[v])
      fail_invalid("verttab decreases at node " + std::to_string(v));
  // Each link once (from its smaller end), checked against its twin arc.
  std::vector<std::vector<std::pair<Num, Num>>> arcs(index(nodenbr));  // (head, bandwidth)
  std::vector<NetworkLink> links;
  for (Num v = 0; v < nodenbr; ++v)
    for (Num arc = verttab[v] - baseval; arc < verttab[v + 1] - baseval; ++arc) {
      const Num w = edgetab[arc] - baseval;
      const Num bandwidth = bwtab ? bwtab[arc] : 1;
      if (w < 0 || w >= nodenbr)
        fail_invalid("arc " + std::to_string(arc) + " of node " + std::to_string(v) +
                     " names node " + std::to_string(edgetab[arc]) + ", out of range");
      arcs[index(v)].emplace_back(w, bandwidth);
      if (v < w) links.push_back(NetworkLink{v, w, bandwidth});
    }
  for (Num v = 0; v < nodenbr; ++v) std::sort(arcs[index(v)].begin(), arcs[index(v)].end());
  for (Num v = 0; v < nodenbr; ++v)
    for (const auto& [w, bandwidth] : arcs[index(v)]) {
      if (w == v) continue;  // make_network names the loop
      const auto& back = arcs[index(w)];
      const auto twin = std::lower_bound(back.begin(), back.end(), std::make_pair(v, Num(0)));
      if (twin == back.end() || twin->first != v)
        fail_invalid("the link from node " + std::to_string(v + baseval) + " to node " +
                     std::to_string(w + baseval) + " is not listed the other way");
      if (twin->second != bandwidth)
        fail_invalid("the link between nodes " + std::to_string(v + baseval) + " and " +
                     std::to_string(w + baseval) + " has bandwidths " +
                     std::to_string(bandwidth) + " and " + std::to_string(twin->second));
    }
  for (Num v = 0; v < nodenbr; ++v)
    for (const auto& [w, bandwidth] : arcs[index(v)])
      if (w == v) links.push_back(NetworkLink{v, w, bandwidth});
  return make_network(slots, links);
}

ArchPtr read_network(io::TextReader& reader) {
  const Num nodes = reader.read_num_at_least("net node count", 1);
  const Num link_count = reader.read_num_at_least("net link count", 0);
  std::vector<Num> slots;
  for (Num v = 0; v < nodes; ++v) slots.push_back(reader.read_num_at_least("net node slots", 0));
  std::vector<NetworkLink> links;
  for (Num i = 0; i < link_count; ++i) {
    NetworkLink link;
    link.a = reader.read_num("net link end");
    link.b = reader.read_num("net link end");
    link.bandwidth = reader.read_num_at_least("net link bandwidth", 1);
    links.push_back(link);
  }
  return reader.located([&] { return make_network(slots, links); });
}

}  // namespace tartan
