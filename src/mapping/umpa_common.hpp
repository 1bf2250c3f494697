// What the four mappers of Deveci, Kaya, Uçar and Çatalyürek ("Fast and high quality
// topology-aware task mapping", IPDPS 2015, seed 004) share:
//   * NodeSearch: breadth-first search over the target's link graph (network_graph.hpp) from
//     a set of nodes, level by level, yielding the terminals (allocated nodes) in BFS order --
//     GETBESTNODE's candidates and the swap candidates of the refinements;
//   * NodeLevel: the node-level problem the refinements work on, as the paper does ("the
//     refinement on the node level, i.e., by swapping the vertices representing a group of
//     tasks"): one vertex per terminal standing for the vertices it holds, so that exchanging two
//     of them exchanges the contents of two nodes, a move to an empty node included.
// WH is measured with the target's distances (DistanceOracle, KwayState's cost): they are the
// hop counts of the static routes on meshes, tori, hypercubes, complete graphs and their `sub`
// (NETWORKS.md); on tree-leaves the weighted distances stand in for hops.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "arch/network.hpp"
#include "graph/coarsening.hpp"
#include "graph/graph.hpp"
#include "graph/traversal.hpp"
#include "mapping/kway_state.hpp"
#include "mapping/method.hpp"
#include "mapping/network_graph.hpp"

namespace tartan {

class NodeSearch {
 public:
  // network must outlive the search; its nodes 0 .. terminals-1 are the target's terminals.
  NodeSearch(const Network& network, Num terminals);
  NodeSearch(const NodeSearch&) = delete;
  NodeSearch& operator=(const NodeSearch&) = delete;

  // Visits the terminals reachable from the start nodes (terminal numbers; repeats allowed), in
  // BFS order over the links, starts first, calling visit(terminal, level) for each; visit
  // returns false to stop at once. A level of visits may also stop the search:
  // level_done(level) after each level, false to stop. Cost: the nodes and links reached.
  void run(const std::vector<Num>& starts, const std::function<bool(Num, Num)>& visit,
           const std::function<bool(Num)>& level_done = nullptr);

 private:
  Num terminals_;
  LinkGraph links_;
  Graph view_;
  BreadthFirstSearch bfs_;
};

struct NodeLevel {
  CsrGraph graph;                      // one vertex per terminal; arcs merged, weights summed
  std::vector<std::int64_t> messages;  // per arc: arcs of positive weight it merges
  std::vector<Num> reverse;            // per arc: the arc back (the graph is symmetric)
  std::vector<char> pinned;            // per terminal: holds a fixed vertex
  std::vector<std::int64_t> capacity;  // per terminal: its load bound
};

// True if node-level vertices u and v can exchange terminals within the capacities (or the
// exchange overloads no terminal more than before).
bool node_swap_fits(const KwayState& state, const NodeLevel& level, Num u, Num v);

// apply() of the node-level refinements (umpa_wh, umpa_mc, umpa_mmc), under the phase `phase`:
// validate_context, a target with links (Error(not_supported) otherwise), complete_mapping and
// relieve_overload on ctx.parttab, the node level of the result with a KwayState on it (vertex p
// on terminal p), refine(state, level, network), then every vertex follows its node's vertex.
void refine_node_level(
    MappingContext& ctx, const char* phase,
    const std::function<void(KwayState& state, const NodeLevel& level, const Network& network)>&
        refine);

// Algorithm 3 of the paper (umpa_congestion.cpp), the refinement of umpa_mc (by_messages false:
// MC, volume / bandwidth) and umpa_mmc (true: MMC, messages), on the node level with the link
// loads of the static routes (LinkLoads): while the most loaded link can be relieved, the
// vertices sending or receiving its messages, largest message first, try the first delta
// terminals of a BFS from their neighbours' terminals; an exchange is accepted when the link
// drops below the maximum M and no link it changes rises to M or above (so the number of links
// at M, then M, decrease), the exchange giving the lowest new load among the changed links,
// then the largest WH gain, kept. Stops when the most loaded link cannot be relieved.
void refine_congestion(KwayState& state, const NodeLevel& level, const Network& network,
                       Num delta, bool by_messages);

// A max-heap of keys per item with lazy deletion: push(item, key) supersedes the item's earlier
// key; pop() returns the item of the largest current key (ties: the smaller item), -1 if none.
class LazyMaxHeap {
 public:
  explicit LazyMaxHeap(Num items) : key_(static_cast<std::size_t>(items), 0), live_(key_.size(), 0) {}
  void push(Num item, double key);
  void remove(Num item) { live_[item] = 0; }
  bool contains(Num item) const { return live_[item] != 0; }
  Num pop();
  double key(Num item) const { return key_[item]; }

 private:
  struct Entry {
    double key;
    Num item;
    bool operator<(const Entry& other) const {
      return key < other.key || (key == other.key && item > other.item);
    }
  };
  std::vector<Entry> heap_;
  std::vector<double> key_;
  std::vector<char> live_;
};

}  // namespace tartan
