// libtartan-mpi: rank reordering (TARTAN_mpiReorder, TARTAN_mpiReorderPerm, doc/mpi-reorder.md).
// The ranks' communication graph is gathered on rank 0 (one vertex per rank: small), mapped
// one rank per slot onto the target whose slot r is where rank r runs now, and the permutation
// broadcast. A client of tartan.h; errors agreed across ranks by local_step/guard (dgraph.hpp).
//
// Mapping one vertex per terminal is the sparse quadratic assignment problem of Schulz and
// Träff ("Better process mapping and sparse quadratic assignment"): J = sum over the edges of
// weight x distance. Tartan's one-to-one methods solve it when the load bound leaves every
// terminal room for one vertex (imbalance 0, unit loads: doc/strategy.md, "One-to-one mode");
// TARTAN_graphRemap with the identity as old mapping and no migration cost keeps the identity
// whenever the mapping found is not cheaper, so a reordering never raises the cost.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "dgraph.hpp"

namespace tartan_mpi {

namespace {

// Glantz et al.'s GreedyAllC construction and the Top-Down construction of Schulz and Träff,
// each refined by pair exchanges among vertices at most 10 hops apart (N_C^10, the seed's
// best neighbourhood), the better kept.
constexpr const char *kStrategy = "(gac;swap{nbh=comm,d=10}|topdown;swap{nbh=comm,d=10})";
// Link cost between the nodes of the default target: the "cluster" class default of
// TARTAN_archHwloc's cost table.
constexpr Num kNodeCost = 100;
// Deepest hwloc tree accepted per node (levels that branch: a handful in practice).
constexpr int kMaxLevels = 32;

void check(int rc, const std::string &what) {
  if (rc != TARTAN_OK) throw Error{rc, what + ": " + TARTAN_errorMessage()};
}


// One node's hwloc tree as its leader sends it to rank 0 (plain data: sent as bytes).
struct NodeInfo {
  std::int64_t levlnbr;
  std::int64_t sizetab[kMaxLevels];  // children per node of each level, top first
  std::int64_t linktab[kMaxLevels];  // link cost of each level
  std::int64_t punbr;                // PUs the node's processes may use
  std::int64_t ranknbr;              // ranks of the job on the node
};

// The tree-leaf behind a node's hwloc target, read from its .tgt text (TARTAN_archSave writes
// a "tleaf", or a "sub" listing the PUs' leaves and then its "tleaf"), and where each PU sits
// among the tree's leaves (TARTAN_archShape). Throws Error.
std::vector<std::int64_t> node_describe(const TARTAN_Arch *arch, NodeInfo *info) {
  char *text = nullptr;
  std::size_t textsize = 0;
  std::FILE *out = open_memstream(&text, &textsize);
  if (out == nullptr) throw std::bad_alloc();
  int rc = TARTAN_archSave(arch, out);
  std::fclose(out);
  std::string saved(text != nullptr ? text : "");
  std::free(text);
  check(rc, "saving this node's hwloc target");
  std::size_t at = saved.find("tleaf");
  const char *p = at == std::string::npos ? nullptr : saved.c_str() + at + 5;
  long long levlnbr = 0;
  int used = 0;
  if (p == nullptr || std::sscanf(p, "%lld%n", &levlnbr, &used) != 1 || levlnbr < 1 ||
      levlnbr > kMaxLevels)
    throw Error{TARTAN_EINTERNAL, "this node's hwloc target is no tree-leaf: " +
                                      saved.substr(0, 60)};
  info->levlnbr = levlnbr;
  p += used;
  for (long long i = 0; i < levlnbr; ++i) {
    long long size = 0, link = 0;
    if (std::sscanf(p, "%lld%lld%n", &size, &link, &used) != 2 || size < 1)
      throw Error{TARTAN_EINTERNAL, "this node's hwloc tree-leaf is malformed: " +
                                        saved.substr(0, 60)};
    info->sizetab[i] = size;
    info->linktab[i] = link;
    p += used;
  }
  Num termnbr = TARTAN_archSize(arch);
  info->punbr = termnbr;
  std::vector<Num> place(static_cast<std::size_t>(termnbr));
  int shape = 0;
  Num dimnbr = 0, nodenbr = 0;
  check(TARTAN_archShape(arch, &shape, &dimnbr, nullptr, &nodenbr, place.data()),
        "the shape of this node's hwloc target");
  return std::vector<std::int64_t>(place.begin(), place.end());
}

// A leaf of a node's tree-leaf (digits in its own level sizes) numbered in the job's tree,
// whose levels are as wide as on the widest node.
std::int64_t leaf_renumber(std::int64_t leaf, const NodeInfo &node,
                           const std::vector<std::int64_t> &maxsize) {
  std::int64_t digit[kMaxLevels], result = 0;
  for (std::int64_t i = node.levlnbr - 1; i >= 0; --i) {
    digit[i] = leaf % node.sizetab[i];
    leaf /= node.sizetab[i];
  }
  for (std::int64_t i = 0; i < node.levlnbr; ++i) result = result * maxsize[i] + digit[i];
  return result;
}

// Rank 0's half of machine_target: the job's tree-leaf restricted to the ranks' slots.
void machine_root(int size, const std::vector<int> &where, const std::vector<NodeInfo> &nodes,
                  const std::vector<std::int64_t> &leaves, const std::vector<int> &leafdsp,
                  TARTAN_Arch *arch) {
  const std::int64_t levlnbr = nodes[0].levlnbr;
  const int nodenbr = static_cast<int>(nodes.size());
  std::vector<std::int64_t> maxsize(nodes[0].sizetab, nodes[0].sizetab + levlnbr);
  std::int64_t share = 1;  // most ranks on one PU
  for (int b = 0; b < nodenbr; ++b) {
    const NodeInfo &n = nodes[b];
    if (n.levlnbr != levlnbr ||
        !std::equal(n.linktab, n.linktab + levlnbr, nodes[0].linktab))
      throw Error{TARTAN_ENOTSUP, "nodes 0 and " + std::to_string(b) +
                                      " have hwloc trees of different levels or link costs: "
                                      "pass a target describing the machine"};
    for (std::int64_t l = 0; l < levlnbr; ++l) maxsize[l] = std::max(maxsize[l], n.sizetab[l]);
    share = std::max(share, (n.ranknbr + n.punbr - 1) / n.punbr);
  }
  std::vector<Num> sizes, links;
  std::int64_t termnbr = share, nodeleaves = 1;
  if (nodenbr > 1) {
    sizes.push_back(nodenbr);
    links.push_back(kNodeCost);
    termnbr *= nodenbr;
  }
  for (std::int64_t l = 0; l < levlnbr; ++l) {
    if (termnbr > TARTAN_NUMMAX / maxsize[l])
      throw Error{TARTAN_EOVERFLOW, "the job's machine has more PUs than TARTAN_Num holds"};
    termnbr *= maxsize[l];
    nodeleaves *= maxsize[l];
    sizes.push_back(static_cast<Num>(maxsize[l]));
    links.push_back(static_cast<Num>(nodes[0].linktab[l]));
  }
  if (share > 1) {  // oversubscribed: ranks sharing a PU are the closest of all
    sizes.push_back(static_cast<Num>(share));
    links.push_back(1);
  }
  std::vector<Num> slots(size);
  for (int r = 0; r < size; ++r) {
    const int b = where[2 * r];
    const NodeInfo &n = nodes[b];
    const std::int64_t j = where[2 * r + 1], k = n.ranknbr, m = n.punbr;
    // Local rank j of k on PU floor(j m / k); the PU's first rank is ceil(pu k / m).
    const std::int64_t pu = j * m / k, first = (pu * k + m - 1) / m;
    const std::int64_t leaf = leaf_renumber(leaves[leafdsp[b] + pu], n, maxsize);
    slots[r] = static_cast<Num>((b * nodeleaves + leaf) * share + (j - first));
  }
  OwnedArch whole;
  check(TARTAN_archTleaf(&whole.handle, static_cast<Num>(sizes.size()), sizes.data(),
                         links.data()),
        "building the job's machine");
  check(TARTAN_archSub(arch, &whole.handle, size, slots.data()),
        "restricting the job's machine to its ranks");
}

// The machine the job runs on, built into arch on rank 0 (collective over comm): a tree-leaf
// whose top level is the nodes (in the order of their lowest rank), then the levels of the
// nodes' hwloc trees, then, when a node runs more ranks than it has PUs, a level of cost 1 for
// the ranks sharing a PU; restricted to the ranks' places in rank order. The k ranks of a node
// (in rank order) are taken to sit on its m PUs (hwloc's logical order) spread evenly: local
// rank j on PU floor(j m / k), the way launchers binding ranks to consecutive cores place them.
void machine_target(MPI_Comm comm, TARTAN_Arch *arch) {
  int rank = 0, size = 1, local = 0, localnbr = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  MPI_Comm nodecomm = MPI_COMM_NULL, leadcomm = MPI_COMM_NULL;
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &nodecomm);
  MPI_Comm_rank(nodecomm, &local);
  MPI_Comm_size(nodecomm, &localnbr);
  // Leaders in rank order: nodes are numbered by their lowest rank; rank 0 leads node 0.
  MPI_Comm_split(comm, local == 0 ? 0 : MPI_UNDEFINED, rank, &leadcomm);
  struct Comms {
    MPI_Comm *a, *b;
    ~Comms() {
      if (*a != MPI_COMM_NULL) MPI_Comm_free(a);
      if (*b != MPI_COMM_NULL) MPI_Comm_free(b);
    }
  } release{&nodecomm, &leadcomm};

  NodeInfo info;
  std::memset(&info, 0, sizeof info);
  std::vector<std::int64_t> leaves;
  int nodenum = 0, nodenbr = 0;
  local_step(comm, [&] {
    if (local != 0) return;
    MPI_Comm_rank(leadcomm, &nodenum);
    MPI_Comm_size(leadcomm, &nodenbr);
    OwnedArch node;
    check(TARTAN_archHwloc(&node.handle),
          "the default target needs hwloc on every node (or pass a target)");
    leaves = node_describe(&node.handle, &info);
    info.ranknbr = localnbr;
  });

  MPI_Bcast(&nodenum, 1, MPI_INT, 0, nodecomm);
  int mine[2] = {nodenum, local};
  std::vector<int> where(rank == 0 ? 2 * static_cast<std::size_t>(size) : 0);
  MPI_Gather(mine, 2, MPI_INT, where.data(), 2, MPI_INT, 0, comm);
  std::vector<NodeInfo> nodes;
  std::vector<std::int64_t> allleaves;
  std::vector<int> leafcnt, leafdsp;
  if (local == 0) {
    int punbr = static_cast<int>(info.punbr);
    if (rank == 0) {
      nodes.resize(nodenbr);
      leafcnt.resize(nodenbr);
      leafdsp.resize(nodenbr);
    }
    MPI_Gather(&info, static_cast<int>(sizeof info), MPI_BYTE, nodes.data(),
               static_cast<int>(sizeof info), MPI_BYTE, 0, leadcomm);
    MPI_Gather(&punbr, 1, MPI_INT, leafcnt.data(), 1, MPI_INT, 0, leadcomm);
    if (rank == 0) {
      int total = 0;
      for (int b = 0; b < nodenbr; ++b) {
        leafdsp[b] = total;
        total += leafcnt[b];
      }
      allleaves.resize(total);
    }
    MPI_Gatherv(leaves.data(), punbr, MPI_INT64_T, allleaves.data(), leafcnt.data(),
                leafdsp.data(), MPI_INT64_T, 0, leadcomm);
  }
  local_step(comm, [&] {
    if (rank == 0) machine_root(size, where, nodes, allleaves, leafdsp, arch);
  });
}

// The calling rank's neighbours: its list, or its out-arcs in comm's distributed graph.
struct Listed {
  std::vector<int> nbr, wgt;
};

Listed local_neighbours(MPI_Comm comm, int size, int nbrnbr, const int *nbrtab,
                        const int *wgttab) {
  Listed l;
  if (nbrnbr == TARTAN_MPI_DISTGRAPH) {
    int topo = MPI_UNDEFINED, indeg = 0, outdeg = 0, weighted = 0;
    MPI_Topo_test(comm, &topo);
    if (topo != MPI_DIST_GRAPH)
      throw Error{TARTAN_EINVAL,
                  "TARTAN_MPI_DISTGRAPH: the communicator has no distributed-graph topology"};
    MPI_Dist_graph_neighbors_count(comm, &indeg, &outdeg, &weighted);
    std::vector<int> src(indeg + 1), srcw(indeg + 1);
    l.nbr.resize(outdeg + 1);
    l.wgt.assign(outdeg + 1, 1);
    MPI_Dist_graph_neighbors(comm, indeg, src.data(), weighted ? srcw.data() : MPI_UNWEIGHTED,
                             outdeg, l.nbr.data(), weighted ? l.wgt.data() : MPI_UNWEIGHTED);
    l.nbr.pop_back();
    l.wgt.pop_back();
  } else {
    if (nbrnbr < 0)
      throw Error{TARTAN_EINVAL, "negative neighbour count " + std::to_string(nbrnbr)};
    if (nbrnbr > 0 && nbrtab == nullptr)
      throw Error{TARTAN_EINVAL, "NULL nbrtab with " + std::to_string(nbrnbr) + " neighbours"};
    l.nbr.assign(nbrtab, nbrtab + nbrnbr);
    if (wgttab != nullptr)
      l.wgt.assign(wgttab, wgttab + nbrnbr);
    else
      l.wgt.assign(nbrnbr, 1);
  }
  for (std::size_t i = 0; i < l.nbr.size(); ++i) {
    if (l.nbr[i] < 0 || l.nbr[i] >= size)
      throw Error{TARTAN_EINVAL, "neighbour " + std::to_string(i) + " is rank " +
                                     std::to_string(l.nbr[i]) + ", not a rank of the " +
                                     std::to_string(size)};
    if (l.wgt[i] < 0)
      throw Error{TARTAN_EINVAL, "neighbour " + std::to_string(i) + " (rank " +
                                     std::to_string(l.nbr[i]) + ") has negative weight " +
                                     std::to_string(l.wgt[i])};
  }
  return l;
}

struct Csr {
  std::vector<Num> vert, edge, edlo;
};

// Rank 0 turns the gathered lists into a symmetric graph. A pair listed by both its ranks: the
// same weight from both (lists: an undirected edge described twice) or the sum of both
// directions (a distributed-graph communicator: arcs). Self-loops and zero weights cost
// nothing wherever the ranks sit: dropped.
Csr assemble(int size, const std::vector<int> &cnt, const std::vector<int> &nbr,
             const std::vector<int> &wgt, bool directed) {
  struct Listing {
    int lo, hi, from;
    std::int64_t wght;
  };
  std::vector<Listing> list;
  list.reserve(nbr.size());
  for (std::size_t i = 0, u = 0; u < static_cast<std::size_t>(size); ++u)
    for (int c = 0; c < cnt[u]; ++c, ++i) {
      int v = nbr[i], w = static_cast<int>(u);
      if (v != w) list.push_back({std::min(v, w), std::max(v, w), w, wgt[i]});
    }
  std::sort(list.begin(), list.end(), [](const Listing &a, const Listing &b) {
    return a.lo != b.lo ? a.lo < b.lo : a.hi != b.hi ? a.hi < b.hi : a.from < b.from;
  });
  std::vector<Listing> pairs;
  for (std::size_t i = 0; i < list.size();) {
    std::int64_t side[2] = {0, 0};
    bool listed[2] = {false, false};
    Listing pair = list[i];
    for (; i < list.size() && list[i].lo == pair.lo && list[i].hi == pair.hi; ++i) {
      int s = list[i].from == pair.hi;
      side[s] += list[i].wght;
      listed[s] = true;
    }
    if (directed)
      pair.wght = side[0] + side[1];
    else if (listed[0] && listed[1] && side[0] != side[1])
      throw Error{TARTAN_EINVAL, "asymmetric weights: rank " + std::to_string(pair.lo) +
                                     " gives weight " + std::to_string(side[0]) + " toward rank " +
                                     std::to_string(pair.hi) + ", rank " +
                                     std::to_string(pair.hi) + " gives " +
                                     std::to_string(side[1]) + " toward rank " +
                                     std::to_string(pair.lo)};
    else
      pair.wght = listed[0] ? side[0] : side[1];
    if (pair.wght > TARTAN_NUMMAX)
      throw Error{TARTAN_EOVERFLOW, "the weight between ranks " + std::to_string(pair.lo) +
                                        " and " + std::to_string(pair.hi) +
                                        " exceeds TARTAN_Num"};
    if (pair.wght > 0) pairs.push_back(pair);
  }
  Csr g;
  g.vert.assign(size + 1, 0);
  for (const Listing &p : pairs) {
    ++g.vert[p.lo + 1];
    ++g.vert[p.hi + 1];
  }
  for (int u = 0; u < size; ++u) g.vert[u + 1] += g.vert[u];
  g.edge.resize(2 * pairs.size());
  g.edlo.resize(2 * pairs.size());
  std::vector<Num> fill(g.vert.begin(), g.vert.end() - 1);
  // Pairs sorted by (lo, hi): every vertex's neighbours come out in increasing order.
  for (const Listing &p : pairs) {
    Num a = fill[p.lo]++;
    g.edge[a] = p.hi;
    g.edlo[a] = static_cast<Num>(p.wght);
  }
  for (const Listing &p : pairs) {
    Num a = fill[p.hi]++;
    g.edge[a] = p.lo;
    g.edlo[a] = static_cast<Num>(p.wght);
  }
  return g;
}

// J of Schulz and Träff: sum over the edges of weight x distance between their terminals,
// through the target's own distances (TARTAN_archDomDist).
std::int64_t placement_cost(TARTAN_Arch *arch, const Csr &g, const std::vector<Num> &part) {
  std::int64_t cost = 0;
  TARTAN_ArchDom a, b;
  const Num n = static_cast<Num>(g.vert.size()) - 1;
  for (Num u = 0; u < n; ++u) {
    check(TARTAN_archDomTerm(arch, &a, part[u]), "a slot of the target");
    for (Num e = g.vert[u]; e < g.vert[u + 1]; ++e) {
      if (g.edge[e] < u) continue;
      check(TARTAN_archDomTerm(arch, &b, part[g.edge[e]]), "a slot of the target");
      cost += static_cast<std::int64_t>(g.edlo[e]) * TARTAN_archDomDist(arch, &a, &b);
    }
  }
  return cost;
}

// Rank 0: maps the graph one rank per slot; permtab[old rank] = new rank.
void reorder_root(int size, const Csr &g, const TARTAN_Arch *userarch, TARTAN_Arch *machine,
                  int *permtab, std::int64_t *cost) {
  TARTAN_Arch *target = machine;
  OwnedArch sub;
  if (userarch != nullptr) {
    Num termnbr = TARTAN_archSize(userarch);
    int var = TARTAN_archVar(userarch);
    if (termnbr < 0 || var < 0) check(termnbr < 0 ? static_cast<int>(termnbr) : var, "the target");
    if (var == 1)
      throw Error{TARTAN_EINVAL, "the target is variable-sized: it has no slots for ranks"};
    if (termnbr < size)
      throw Error{TARTAN_EINVAL, "the target has " + std::to_string(termnbr) + " slots for " +
                                     std::to_string(size) + " ranks"};
    target = const_cast<TARTAN_Arch *>(userarch);  // the domain functions take no const
    if (termnbr > size) {  // ranks 0 .. size-1 sit on terminals 0 .. size-1
      std::vector<Num> first(size);
      for (int r = 0; r < size; ++r) first[r] = r;
      check(TARTAN_archSub(&sub.handle, userarch, size, first.data()),
            "restricting the target to its first slots");
      target = &sub.handle;
    }
  }
  OwnedGraph graph;
  OwnedStrat strat;
  check(TARTAN_graphBuild(&graph.handle, 0, size, g.vert.data(), nullptr, nullptr, nullptr,
                          static_cast<Num>(g.edge.size()), g.edge.data(), g.edlo.data()),
        "the ranks' communication graph");
  check(TARTAN_graphCheck(&graph.handle), "the ranks' communication graph");
  std::vector<Num> oldtab(size), parttab(size);
  for (int r = 0; r < size; ++r) oldtab[r] = r;
  // Imbalance 0 with unit loads: one rank per slot (a permutation).
  check(TARTAN_stratGraphMapBuild(&strat.handle, TARTAN_STRATDEFAULT, size, 0.0),
        "the reordering strategy");
  check(TARTAN_stratGraphMap(&strat.handle, kStrategy), "the reordering strategy");
  check(TARTAN_graphRemap(&graph.handle, target, &strat.handle, oldtab.data(), 0.0, nullptr,
                          parttab.data()),
        "mapping the ranks onto the target");
  std::fill(permtab, permtab + size, -1);
  for (int r = 0; r < size; ++r) {
    if (parttab[r] < 0 || parttab[r] >= size || permtab[parttab[r]] != -1)
      throw Error{TARTAN_EINTERNAL, "the mapping is no permutation: rank " + std::to_string(r) +
                                        " on slot " + std::to_string(parttab[r])};
    // Rank r's role goes to the process on slot parttab[r] (old rank parttab[r]): its new rank.
    permtab[parttab[r]] = r;
  }
  cost[0] = placement_cost(target, g, oldtab);
  cost[1] = placement_cost(target, g, parttab);
}

// Refusals that need no agreement: every rank passes the same communicator.
void check_comm(MPI_Comm comm) {
  if (comm == MPI_COMM_NULL) throw Error{TARTAN_EINVAL, "MPI_COMM_NULL communicator"};
  int inter = 0;
  MPI_Comm_test_inter(comm, &inter);
  if (inter) throw Error{TARTAN_EINVAL, "an intercommunicator cannot be reordered"};
}

void reorder(MPI_Comm comm, int nbrnbr, const int *nbrtab, const int *wgttab,
             const TARTAN_Arch *arch, int *permtab, std::int64_t *costtab) {
  check_comm(comm);
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);

  // Same kind of target on every rank: all NULL (the machine) or none.
  int given[2] = {arch != nullptr, -(arch != nullptr)}, range[2] = {0, 0};
  MPI_Allreduce(given, range, 2, MPI_INT, MPI_MAX, comm);
  Listed mine;
  local_step(comm, [&] {
    if (permtab == nullptr) throw Error{TARTAN_EINVAL, "NULL permtab"};
    if (range[0] != -range[1])
      throw Error{TARTAN_EINVAL, "some ranks pass a target and others NULL"};
    mine = local_neighbours(comm, size, nbrnbr, nbrtab, wgttab);
  });
  OwnedArch machine;
  if (arch == nullptr) machine_target(comm, &machine.handle);

  int cnt = static_cast<int>(mine.nbr.size());
  std::vector<int> cnttab(rank == 0 ? size : 0), dsptab(rank == 0 ? size : 0);
  MPI_Gather(&cnt, 1, MPI_INT, cnttab.data(), 1, MPI_INT, 0, comm);
  std::vector<int> allnbr, allwgt;
  local_step(comm, [&] {
    if (rank != 0) return;
    std::int64_t total = 0;
    for (int r = 0; r < size; ++r) {
      dsptab[r] = static_cast<int>(total);
      total += cnttab[r];
      if (total > INT32_MAX)
        throw Error{TARTAN_EOVERFLOW, "more than 2^31 - 1 neighbour listings in all"};
    }
    allnbr.resize(total);
    allwgt.resize(total);
  });
  MPI_Gatherv(mine.nbr.data(), cnt, MPI_INT, allnbr.data(), cnttab.data(), dsptab.data(),
              MPI_INT, 0, comm);
  MPI_Gatherv(mine.wgt.data(), cnt, MPI_INT, allwgt.data(), cnttab.data(), dsptab.data(),
              MPI_INT, 0, comm);
  std::int64_t cost[2] = {0, 0};
  local_step(comm, [&] {
    if (rank != 0) return;
    Csr g = assemble(size, cnttab, allnbr, allwgt, nbrnbr == TARTAN_MPI_DISTGRAPH);
    reorder_root(size, g, arch, &machine.handle, permtab, cost);
  });
  MPI_Bcast(permtab, size, MPI_INT, 0, comm);
  MPI_Bcast(cost, 2, MPI_INT64_T, 0, comm);
  if (costtab != nullptr) std::copy(cost, cost + 2, costtab);
}

}  // namespace

}  // namespace tartan_mpi

using namespace tartan_mpi;

extern "C" {

TARTAN_MPI_API int TARTAN_mpiReorderPerm(MPI_Comm comm, int nbrnbr, const int *nbrtab,
                                         const int *wgttab, const TARTAN_Arch *arch,
                                         int *permtab, int64_t *costtab) {
  return guard([&] {
    reorder(comm, nbrnbr, nbrtab, wgttab, arch, permtab, costtab);
    return 0;
  });
}

TARTAN_MPI_API int TARTAN_mpiReorder(MPI_Comm comm, int nbrnbr, const int *nbrtab,
                                     const int *wgttab, const TARTAN_Arch *arch,
                                     MPI_Comm *newcomm) {
  return guard([&] {
    if (newcomm != nullptr) *newcomm = MPI_COMM_NULL;
    check_comm(comm);
    int rank = 0, size = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    std::vector<int> permtab;
    local_step(comm, [&] {
      if (newcomm == nullptr) throw Error{TARTAN_EINVAL, "NULL newcomm"};
      permtab.resize(size);
    });
    reorder(comm, nbrnbr, nbrtab, wgttab, arch, permtab.data(), nullptr);
    MPI_Comm_split(comm, 0, permtab[rank], newcomm);
    return 0;
  });
}

}  // extern "C"
