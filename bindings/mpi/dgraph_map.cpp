// libtartan-mpi: TARTAN_dgraphMap, parallel multilevel mapping of a distributed graph.
//
// Coarsening: rounds of a handshake matching in the manner of Manne and Bisseling ("A parallel
// approximation algorithm for the weighted maximum matching problem"): every unmatched vertex
// proposes to its heaviest unmatched neighbour (ties by a seeded hash of the edge, then by the
// smaller global number), mutual proposals match; the locally dominant edges this finds make
// each round's matches independent of the rank count's timing, hence deterministic. Matched
// pairs contract into a coarse vertex held by the rank of the pair's smaller number. As the
// graph shrinks it is folded onto half as many ranks (ParMETIS's and PT-SCOTCH's folding,
// Chevalier and Pellegrini, "PT-Scotch: A tool for efficient parallel graph ordering"), until
// it is small enough to gather. The coarsest graph is mapped by the sequential engine
// (TARTAN_graphMap) on up to four ranks, each on its own relabelling of the graph, the
// cheapest result kept. Uncoarsening projects the mapping and refines it at each level with
// synchronous rounds of greedy k-way moves of boundary vertices (Karypis and Kumar, "Parallel
// multilevel k-way partitioning scheme for irregular graphs": moves toward higher-numbered
// terminals in one round, lower in the next, so that two neighbours on different ranks do not
// swap back and forth), each move lowering communication cost x distance, each rank spending
// at most its share of every terminal's room under the load bound.
//
// Targets whose bipartition tree splits into domains that can be mapped apart (tree leaves,
// complete graphs) are mapped by domains instead (map_split): the scheme above bipartitions
// the graph recursively into the domains only, each bipartition's cut then refined on its
// band (refine_band), or a small domain of a group of few ranks is bisected by the sequential
// engine, gathered on the group's first rank and copied to its second, which make one
// multilevel run each (bisect_on_first); each domain's subgraph is then mapped whole by the
// sequential engine on one rank, as recursive bipartitioning does after its first levels.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <numeric>
#include <string>

#include "dgraph.hpp"

namespace tartan_mpi {

namespace {

std::uint64_t mix(std::uint64_t x) {
  // SplitMix64's finaliser (Steele, Lea and Flood, "Fast splittable pseudorandom number
  // generators"): a cheap, well-spread hash for tie-breaking.
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Alltoallv with both count arrays known.
std::vector<Num> alltoallv(MPI_Comm comm, const std::vector<Num> &sendbuf,
                           const std::vector<int> &sendcounts,
                           const std::vector<int> &recvcounts) {
  int size = static_cast<int>(sendcounts.size());
  std::vector<int> sdispls(size, 0), rdispls(size, 0);
  for (int r = 1; r < size; ++r) {
    sdispls[r] = sdispls[r - 1] + sendcounts[r - 1];
    rdispls[r] = rdispls[r - 1] + recvcounts[r - 1];
  }
  std::vector<Num> recvbuf =
      big_vector<Num>(static_cast<std::size_t>(rdispls[size - 1]) + recvcounts[size - 1]);
  MPI_Alltoallv(sendbuf.data(), sendcounts.data(), sdispls.data(), num_type(), recvbuf.data(),
                recvcounts.data(), rdispls.data(), num_type(), comm);
  return recvbuf;
}

// Sends out[r] to rank r for every r (the buffers are emptied) and returns what arrived,
// grouped by source rank.
std::vector<Num> exchange_buffers(MPI_Comm comm, std::vector<std::vector<Num>> *out) {
  std::vector<int> counts(out->size());
  std::size_t total = 0;
  for (const std::vector<Num> &buf : *out) total += buf.size();
  std::vector<Num> sendbuf;
  reserve_big(sendbuf, total);
  for (std::size_t r = 0; r < out->size(); ++r) {
    counts[r] = static_cast<int>((*out)[r].size());
    sendbuf.insert(sendbuf.end(), (*out)[r].begin(), (*out)[r].end());
    (*out)[r] = {};
  }
  std::vector<int> recvcounts;
  return exchange(comm, sendbuf, counts, &recvcounts);
}

// Reserves out[r] for the records the local vertices v with dest(v) == r send to rank r, each
// at most head numbers plus two per arc: grown by doubling instead, the buffers of a whole
// graph's records touched up to twice their size in fresh pages (page faults were 5 % of a
// profile of the 200^3 mesh on 2 ranks).
template <typename Destination>
void reserve_records(const Dist &d, Num head, Destination dest, std::vector<std::vector<Num>> *out) {
  std::vector<std::size_t> room(out->size(), 0);
  for (Num v = 0; v < d.vertlocnbr; ++v)
    room[dest(v)] += static_cast<std::size_t>(head + 2 * (d.vertloctab[v + 1] - d.vertloctab[v]));
  for (std::size_t r = 0; r < out->size(); ++r) reserve_big((*out)[r], room[r]);
}

// The ghosts of a distributed graph (non-local neighbours) and the plan to refresh values
// attached to them: ghosts sorted by global number are grouped by owner in rank order, which
// is the order Alltoallv delivers them in.
struct Halo {
  std::vector<Num> ghosts;
  std::vector<Num> edgegst;  // per arc: local index, or vertlocnbr + ghost index
  std::vector<Num> sendlist;
  std::vector<int> sendcounts, recvcounts;
};

Halo make_halo(const Dist &d) {
  Halo h;
  Num frst = d.vertfrst(), n = d.vertlocnbr;
  for (Num u : d.edgeloctab)
    if (u < frst || u >= frst + n) h.ghosts.push_back(u);
  std::sort(h.ghosts.begin(), h.ghosts.end());
  h.ghosts.erase(std::unique(h.ghosts.begin(), h.ghosts.end()), h.ghosts.end());
  reserve_big(h.edgegst, d.edgeloctab.size());
  h.edgegst.resize(d.edgeloctab.size());
  for (std::size_t e = 0; e < d.edgeloctab.size(); ++e) {
    Num u = d.edgeloctab[e];
    h.edgegst[e] = (u >= frst && u < frst + n)
                       ? u - frst
                       : n + (std::lower_bound(h.ghosts.begin(), h.ghosts.end(), u) - h.ghosts.begin());
  }
  h.recvcounts.assign(d.size, 0);
  for (Num u : h.ghosts) ++h.recvcounts[d.owner(u)];
  std::vector<int> asked;
  std::vector<Num> wanted = exchange(d.comm, h.ghosts, h.recvcounts, &asked);
  h.sendcounts = asked;
  h.sendlist.resize(wanted.size());
  for (std::size_t i = 0; i < wanted.size(); ++i) h.sendlist[i] = wanted[i] - frst;
  return h;
}

// Values of the ghosts, from the values of the local vertices.
std::vector<Num> halo_values(const Dist &d, const Halo &h, const std::vector<Num> &local) {
  std::vector<Num> sendbuf(h.sendlist.size());
  for (std::size_t i = 0; i < h.sendlist.size(); ++i) sendbuf[i] = local[h.sendlist[i]];
  return alltoallv(d.comm, sendbuf, h.sendcounts, h.recvcounts);
}

// Values held by the owners (distribution d) of the given global numbers.
std::vector<Num> fetch(const Dist &d, const std::vector<Num> &values,
                       const std::vector<Num> &ids) {
  // The asks grouped by owner, in their order within each group (a counting sort).
  std::vector<int> owner = big_vector<int>(ids.size()), counts(d.size, 0);
  for (std::size_t i = 0; i < ids.size(); ++i) ++counts[owner[i] = d.owner(ids[i])];
  std::vector<std::size_t> next(d.size, 0), order = big_vector<std::size_t>(ids.size());
  for (int r = 1; r < d.size; ++r) next[r] = next[r - 1] + counts[r - 1];
  for (std::size_t i = 0; i < ids.size(); ++i) order[next[owner[i]]++] = i;
  std::vector<Num> asks = big_vector<Num>(ids.size());
  for (std::size_t i = 0; i < order.size(); ++i) asks[i] = ids[order[i]];
  std::vector<int> asked;
  std::vector<Num> requests = exchange(d.comm, asks, counts, &asked);
  for (Num &x : requests) x = values[x - d.vertfrst()];
  std::vector<Num> replies = alltoallv(d.comm, requests, asked, counts);
  std::vector<Num> result = big_vector<Num>(ids.size());
  for (std::size_t i = 0; i < order.size(); ++i) result[order[i]] = replies[i];
  return result;
}

// Handshake matching; returns the mate (global number, itself if unmatched) of each local
// vertex. cap bounds the load of a matched pair so that the coarsest graph stays balanceable.
std::vector<Num> match(const Dist &d, const Halo &h, Num cap, std::uint64_t seed) {
  Num n = d.vertlocnbr, frst = d.vertfrst();
  std::vector<Num> mate = big_vector<Num>(n, -1), matched = big_vector<Num>(n, 0), prop;
  std::vector<Num> gvelo = halo_values(d, h, d.veloloctab);
  std::vector<Num> gmatched(h.ghosts.size(), 0);
  auto global_of = [&](Num x) { return x < n ? frst + x : h.ghosts[x - n]; };
  for (int round = 0; round < 8; ++round) {
    assign_big(prop, n, Num{-1});
    Num proposals = 0;
    for (Num v = 0; v < n; ++v) {
      if (matched[v]) continue;
      Num best = -1, bestw = -1;
      std::uint64_t besth = 0;
      for (Num e = d.vertloctab[v]; e < d.vertloctab[v + 1]; ++e) {
        Num x = h.edgegst[e];
        bool taken = x < n ? matched[x] != 0 : gmatched[x - n] != 0;
        Num load = x < n ? d.veloloctab[x] : gvelo[x - n];
        if (taken || d.veloloctab[v] + load > cap) continue;
        Num u = global_of(x), a = std::min(u, frst + v), b = std::max(u, frst + v);
        std::uint64_t hash = mix(seed ^ mix(static_cast<std::uint64_t>(a) * 0x100000001b3ULL + b));
        Num w = d.edloloctab[e];
        if (w > bestw || (w == bestw && (hash > besth || (hash == besth && u < best)))) {
          best = u;
          bestw = w;
          besth = hash;
        }
      }
      prop[v] = best;
      if (best >= 0) ++proposals;
    }
    Num total = 0;
    MPI_Allreduce(&proposals, &total, 1, num_type(), MPI_SUM, d.comm);
    if (total == 0) break;
    std::vector<Num> gprop = halo_values(d, h, prop);
    for (Num v = 0; v < n; ++v) {
      Num u = prop[v];
      if (u < 0) continue;
      Num back = (u >= frst && u < frst + n)
                     ? prop[u - frst]
                     : gprop[std::lower_bound(h.ghosts.begin(), h.ghosts.end(), u) - h.ghosts.begin()];
      if (back == frst + v) mate[v] = u;
    }
    for (Num v = 0; v < n; ++v)
      if (mate[v] >= 0) matched[v] = 1;
    gmatched = halo_values(d, h, matched);
  }
  for (Num v = 0; v < n; ++v)
    if (mate[v] < 0) mate[v] = frst + v;
  return mate;
}

// Contracts matched pairs: returns the coarse graph and, in cmap, the coarse global number of
// each local vertex. A coarse vertex is built where its smaller member lives, in the order of
// those members: only a larger member held by another rank travels (its load and its arcs,
// as coarse neighbours), so a level's arcs are not copied through an all-to-all (sending
// every arc as a triple made the contraction 60 % of a level's time on the 200^3 mesh).
Dist contract(const Dist &d, const Halo &h, const std::vector<Num> &mate, std::vector<Num> *cmap) {
  Num n = d.vertlocnbr, frst = d.vertfrst();
  Dist c;
  c.comm = d.comm;
  c.rank = d.rank;
  c.size = d.size;
  Num owned = 0;
  for (Num v = 0; v < n; ++v)
    if (mate[v] >= frst + v) ++owned;
  c.vertlocnbr = owned;
  c.set_distribution();
  assign_big(*cmap, n, Num{-1});
  Num next = c.vertfrst();
  for (Num v = 0; v < n; ++v)
    if (mate[v] >= frst + v) (*cmap)[v] = next++;
  for (Num v = 0; v < n; ++v)  // local partners first: their numbers are known
    if (mate[v] < frst + v && mate[v] >= frst) (*cmap)[v] = (*cmap)[mate[v] - frst];
  std::vector<Num> gcmap = halo_values(d, h, *cmap);
  for (Num v = 0; v < n; ++v)
    if ((*cmap)[v] < 0)
      (*cmap)[v] = gcmap[std::lower_bound(h.ghosts.begin(), h.ghosts.end(), mate[v]) - h.ghosts.begin()];
  gcmap = halo_values(d, h, *cmap);
  const auto coarse_of = [&](Num e) {
    const Num x = h.edgegst[e];
    return x < n ? (*cmap)[x] : gcmap[x - n];
  };
  // Members whose partner (the smaller number) is on a lower rank, to that rank: (coarse
  // vertex, load, degree, then coarse neighbour and weight per arc).
  std::vector<std::vector<Num>> out(d.size);
  for (Num v = 0; v < n; ++v) {
    if (mate[v] >= frst) continue;
    std::vector<Num> &buf = out[d.owner(mate[v])];
    buf.insert(buf.end(), {(*cmap)[v], d.veloloctab[v], 0});
    const std::size_t degree_at = buf.size() - 1;
    for (Num e = d.vertloctab[v]; e < d.vertloctab[v + 1]; ++e) {
      buf.insert(buf.end(), {coarse_of(e), d.edloloctab[e]});
      ++buf[degree_at];
    }
  }
  const std::vector<Num> recv = exchange_buffers(d.comm, &out);
  const Num cfrst = c.vertfrst();
  std::vector<std::size_t> remote(owned, recv.size());  // where a remote member's record starts
  for (std::size_t i = 0; i < recv.size(); i += 3 + 2 * static_cast<std::size_t>(recv[i + 2]))
    remote[recv[i] - cfrst] = i;
  // Each coarse vertex's arcs from both members, sorted by neighbour and merged: arcs come out
  // in (vertex, neighbour) order; arcs inside the pair are dropped.
  // The coarse arcs are at most the members' arcs: the local ones and the remote members'
  // (two numbers each in recv). Reserved pages that stay untouched cost no memory; reserving
  // half the local arcs, as before, left the arrays of a 3-D mesh's levels (about 0.8 of the
  // fine arcs) to grow by copying.
  const std::size_t arcs_bound = d.edgeloctab.size() + recv.size() / 2;
  assign_big(c.vertloctab, owned + 1, Num{0});
  assign_big(c.veloloctab, owned, Num{0});
  reserve_big(c.edgeloctab, arcs_bound);
  reserve_big(c.edloloctab, arcs_bound);
  std::vector<std::pair<Num, Num>> arcs;  // (neighbour, weight)
  for (Num v = 0; v < n; ++v) {
    if (mate[v] < frst + v) continue;
    const Num cv = (*cmap)[v], i = cv - cfrst;
    arcs.clear();
    Num load = 0;
    const auto add_local = [&](Num u) {
      load += d.veloloctab[u];
      for (Num e = d.vertloctab[u]; e < d.vertloctab[u + 1]; ++e) {
        const Num cu = coarse_of(e);
        if (cu != cv) arcs.emplace_back(cu, d.edloloctab[e]);
      }
    };
    add_local(v);
    if (mate[v] != frst + v) {
      if (mate[v] < frst + n) {
        add_local(mate[v] - frst);
      } else {
        const std::size_t at = remote[i];
        load += recv[at + 1];
        for (Num j = 0; j < recv[at + 2]; ++j) {
          const Num cu = recv[at + 3 + 2 * j];
          if (cu != cv) arcs.emplace_back(cu, recv[at + 4 + 2 * j]);
        }
      }
    }
    c.veloloctab[i] = load;
    std::sort(arcs.begin(), arcs.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    for (auto it = arcs.begin(); it != arcs.end();) {
      Num cu = it->first, w = 0;
      for (; it != arcs.end() && it->first == cu; ++it) w += it->second;
      c.edgeloctab.push_back(cu);
      c.edloloctab.push_back(w);
    }
    c.vertloctab[i + 1] = static_cast<Num>(c.edgeloctab.size());
  }
  return c;
}

// The same graph on the block distribution procvrttab (folding onto fewer ranks).
// Fills f's local arrays from vertex records (load, degree, then neighbour and weight per
// arc), in the order they arrived.
void read_vertex_records(const std::vector<Num> &recv, Dist *f) {
  std::size_t vertices = 0, arcs = 0;  // counted first, so the arrays are sized once
  for (std::size_t i = 0; i < recv.size(); i += 2 + 2 * static_cast<std::size_t>(recv[i + 1])) {
    ++vertices;
    arcs += static_cast<std::size_t>(recv[i + 1]);
  }
  f->vertloctab.clear();
  reserve_big(f->vertloctab, vertices + 1);
  reserve_big(f->veloloctab, vertices);
  reserve_big(f->edgeloctab, arcs);
  reserve_big(f->edloloctab, arcs);
  f->vertloctab.push_back(0);
  for (std::size_t i = 0; i < recv.size();) {
    f->veloloctab.push_back(recv[i]);
    const Num degree = recv[i + 1];
    i += 2;
    for (Num e = 0; e < degree; ++e, i += 2) {
      f->edgeloctab.push_back(recv[i]);
      f->edloloctab.push_back(recv[i + 1]);
    }
    f->vertloctab.push_back(static_cast<Num>(f->edgeloctab.size()));
  }
}

Dist redistribute(const Dist &d, const std::vector<Num> &procvrttab) {
  Dist f;
  f.comm = d.comm;
  f.rank = d.rank;
  f.size = d.size;
  f.procvrttab = procvrttab;
  f.vertlocnbr = procvrttab[d.rank + 1] - procvrttab[d.rank];
  std::vector<int> counts(d.size, 0);
  std::vector<Num> sendbuf;  // two numbers per vertex and per arc
  reserve_big(sendbuf, 2 * (static_cast<std::size_t>(d.vertlocnbr) + d.edgeloctab.size()));
  for (Num v = 0; v < d.vertlocnbr; ++v) {  // blocks are contiguous: sends stay grouped
    int r = f.owner(d.vertfrst() + v);
    std::size_t before = sendbuf.size();
    sendbuf.push_back(d.veloloctab[v]);
    sendbuf.push_back(d.vertloctab[v + 1] - d.vertloctab[v]);
    for (Num e = d.vertloctab[v]; e < d.vertloctab[v + 1]; ++e) {
      sendbuf.push_back(d.edgeloctab[e]);
      sendbuf.push_back(d.edloloctab[e]);
    }
    counts[r] += static_cast<int>(sendbuf.size() - before);
  }
  std::vector<int> recvcounts;
  read_vertex_records(exchange(d.comm, sendbuf, counts, &recvcounts), &f);
  return f;
}

// Terminal distances, asked of the target once per pair and remembered: each answer through
// the public API revalidates both domains, and refinement asks for the same few pairs of
// neighbouring terminals millions of times. A direct-mapped cache of at most 2^18 pairs
// (4 MiB) whatever the target's size: exact (no collisions) when every pair fits.
class Distances {
 public:
  Distances(const TARTAN_Arch *arch, Num k) : arch_(const_cast<TARTAN_Arch *>(arch)), k_(k), doms_(k) {
    for (Num i = 0; i < k; ++i)
      if (TARTAN_archDomTerm(arch_, &doms_[i], i) != 0)
        throw Error{TARTAN_ENOTSUP, "TARTAN_dgraphMap needs terminals numbered 0 .. size - 1 "
                                    "(not a deco 0 target): " + std::string(TARTAN_errorMessage())};
    const std::uint64_t pairs = static_cast<std::uint64_t>(k) * static_cast<std::uint64_t>(k);
    std::size_t slots = 1;
    while (slots < pairs && slots < kMaxSlots) slots *= 2;
    direct_ = pairs <= slots;
    cache_.assign(slots, Slot{kEmpty, 0});
  }
  Num operator()(Num a, Num b) const {
    if (a == b) return 0;
    const std::uint64_t key = static_cast<std::uint64_t>(a) * static_cast<std::uint64_t>(k_) +
                              static_cast<std::uint64_t>(b);
    Slot &slot = cache_[(direct_ ? key : mix(key)) & (cache_.size() - 1)];
    if (slot.key != key) slot = Slot{key, TARTAN_archDomDist(arch_, &doms_[a], &doms_[b])};
    return slot.value;
  }
  Num weight(Num a) const { return TARTAN_archDomWght(arch_, &doms_[a]); }

 private:
  struct Slot {
    std::uint64_t key;
    Num value;
  };
  static constexpr std::size_t kMaxSlots = std::size_t{1} << 18;
  static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};  // no pair has this key
  TARTAN_Arch *arch_;
  Num k_;
  std::vector<TARTAN_ArchDom> doms_;
  bool direct_ = true;
  mutable std::vector<Slot> cache_;
};

double cut_cost(Num n, const Num *vert, const Num *edge, const Num *edlo, const Num *part,
                const Distances &dist) {
  double cost = 0;
  for (Num v = 0; v < n; ++v)
    for (Num e = vert[v]; e < vert[v + 1]; ++e) cost += static_cast<double>(edlo[e]) * dist(part[v], part[edge[e]]);
  return cost / 2;
}

// Maps the coarsest graph: gathered on every rank, mapped on up to four of them.
std::vector<Num> map_coarsest(const Dist &d, const TARTAN_Arch *arch, TARTAN_Strat *strat,
                              const Distances &dist) {
  WholeGraph whole = gather_whole(d, true);
  const Num n = d.vertglbnbr(), m = static_cast<Num>(whole.edge.size());
  const std::vector<Num> &vert = whole.vert, &velo = whole.velo, &edge = whole.edge,
                         &edlo = whole.edlo;
  // Four runs on four relabellings of the graph (run 0: the graph as it is), run t on rank
  // t mod size; the cheapest kept, ties to the lowest run: the result does not depend on
  // the rank count.
  constexpr int kRuns = 4;
  std::vector<Num> part(n, 0);
  double cost = HUGE_VAL;
  int run_kept = kRuns;
  local_step(d.comm, [&] {
    std::vector<Num> perm(n), inv(n), pvert(n + 1, 0), pvelo(n), pedge(m), pedlo(m), ppart(n),
        mine(n);
    for (int run = d.rank; run < kRuns; run += d.size) {
      // Relabelling: old vertex v becomes perm[v]; sorted by a hash seeded with the run.
      std::iota(inv.begin(), inv.end(), 0);
      if (run > 0) {
        std::vector<std::uint64_t> keys(n);
        for (Num v = 0; v < n; ++v) keys[v] = mix(static_cast<std::uint64_t>(v) ^ mix(run));
        std::sort(inv.begin(), inv.end(),
                  [&](Num a, Num b) { return keys[a] != keys[b] ? keys[a] < keys[b] : a < b; });
      }
      for (Num i = 0; i < n; ++i) perm[inv[i]] = i;
      for (Num i = 0; i < n; ++i) {
        Num v = inv[i];
        pvelo[i] = velo[v];
        pvert[i + 1] = pvert[i] + vert[v + 1] - vert[v];
        for (Num e = vert[v], f = pvert[i]; e < vert[v + 1]; ++e, ++f) {
          pedge[f] = perm[edge[e]];
          pedlo[f] = edlo[e];
        }
      }
      int code;
      {
        OwnedGraph graph;
        code = TARTAN_graphBuild(&graph.handle, 0, n, pvert.data(), nullptr, pvelo.data(),
                                 nullptr, m, pedge.data(), pedlo.data());
        if (code == 0) code = TARTAN_graphMap(&graph.handle, arch, strat, ppart.data());
      }
      if (code != 0) throw Error{code, std::string("coarsest graph: ") + TARTAN_errorMessage()};
      for (Num v = 0; v < n; ++v) mine[v] = ppart[perm[v]];
      double c = cut_cost(n, vert.data(), edge.data(), edlo.data(), mine.data(), dist);
      if (c < cost) {
        cost = c;
        run_kept = run;
        part.swap(mine);
      }
    }
  });
  struct {
    double cost;
    int run;
  } local{cost, run_kept}, best{0, 0};
  MPI_Allreduce(&local, &best, 1, MPI_DOUBLE_INT, MPI_MINLOC, d.comm);
  MPI_Bcast(part.data(), static_cast<int>(n), num_type(), best.run % d.size, d.comm);
  return part;
}

// Synchronous rounds of greedy boundary moves at one level; part holds the local terminals.
// A round looks only at the active vertices: all at first, then those whose neighbourhood
// changed (a neighbour moved, here or on another rank) or that a round's direction or a
// terminal's room held back; the others' best move cannot have changed.
void refine(const Dist &d, const Halo &h, const Distances &dist, Num k,
            const std::vector<double> &bound, std::vector<Num> *part) {
  Num n = d.vertlocnbr;
  std::vector<Num> &p = *part;
  std::vector<double> load(k, 0);
  for (Num v = 0; v < n; ++v) load[p[v]] += d.veloloctab[v];
  MPI_Allreduce(MPI_IN_PLACE, load.data(), static_cast<int>(k), MPI_DOUBLE, MPI_SUM, d.comm);
  std::vector<Num> gpart = halo_values(d, h, p);
  std::vector<Num> cands;
  std::vector<std::pair<Num, double>> around;
  std::vector<double> budget(k), delta(k);
  std::vector<char> active = big_vector<char>(n, 1);
  std::vector<std::pair<Num, Num>> remote_arcs;  // (local vertex, ghost index) of every cut arc
  for (Num v = 0; v < n; ++v)
    for (Num e = d.vertloctab[v]; e < d.vertloctab[v + 1]; ++e)
      if (h.edgegst[e] >= n) remote_arcs.emplace_back(v, h.edgegst[e] - n);
  int idle = 0;
  for (int round = 0; round < 32 && idle < 2; ++round) {
    bool upward = round % 2 == 0;
    for (Num i = 0; i < k; ++i) budget[i] = std::max(0.0, bound[i] - load[i]) / d.size;
    std::fill(delta.begin(), delta.end(), 0.0);
    Num moves = 0;
    for (Num v = 0; v < n; ++v) {
      if (!active[v]) continue;
      active[v] = 0;
      Num a = p[v];
      // The communication of v toward each terminal of its neighbours, summed: the cost of
      // v on any terminal t is then one distance per such terminal.
      around.clear();
      bool remote = false;
      for (Num e = d.vertloctab[v]; e < d.vertloctab[v + 1]; ++e) {
        Num x = h.edgegst[e], b = x < n ? p[x] : gpart[x - n];
        remote = remote || x >= n;
        auto it = std::find_if(around.begin(), around.end(), [b](const auto &tw) { return tw.first == b; });
        if (it == around.end())
          around.emplace_back(b, static_cast<double>(d.edloloctab[e]));
        else
          it->second += static_cast<double>(d.edloloctab[e]);
      }
      // Neighbours on this rank see each move at once; only a vertex with neighbours on
      // other ranks keeps to the round's direction.
      cands.clear();
      for (const auto &[b, w] : around) {
        if (b == a) continue;
        if (!remote || (b > a) == upward)
          cands.push_back(b);
        else
          active[v] = 1;  // a candidate of the other direction: look again next round
      }
      if (cands.empty()) continue;
      std::sort(cands.begin(), cands.end());
      auto cost_at = [&](Num t) {
        double c = 0;
        for (const auto &[b, w] : around) c += w * dist(t, b);
        return c;
      };
      // Moves that lower the cost, and moves of equal cost toward a lighter terminal (they
      // walk the boundary across plateaus where a strictly improving move is one step away).
      double here = cost_at(a), bestgain = -1;
      Num best = -1;
      for (Num b : cands) {
        double gain = here - cost_at(b);
        if (gain == 0) active[v] = 1;  // a plateau move may open when the loads change
        bool lighter = load[b] + delta[b] + d.veloloctab[v] < load[a] + delta[a];
        if ((gain > 0 || (gain == 0 && lighter)) && gain > bestgain) {
          if (d.veloloctab[v] > budget[b]) {
            active[v] = 1;  // no room on b this round; maybe in the next
            continue;
          }
          bestgain = gain;
          best = b;
        }
      }
      if (best < 0) continue;
      p[v] = best;
      budget[best] -= d.veloloctab[v];
      delta[best] += d.veloloctab[v];
      delta[a] -= d.veloloctab[v];
      ++moves;
      for (Num e = d.vertloctab[v]; e < d.vertloctab[v + 1]; ++e)
        if (h.edgegst[e] < n) active[h.edgegst[e]] = 1;
    }
    MPI_Allreduce(MPI_IN_PLACE, delta.data(), static_cast<int>(k), MPI_DOUBLE, MPI_SUM, d.comm);
    for (Num i = 0; i < k; ++i) load[i] += delta[i];
    MPI_Allreduce(MPI_IN_PLACE, &moves, 1, num_type(), MPI_SUM, d.comm);
    idle = moves == 0 ? idle + 1 : 0;
    std::vector<Num> fresh = halo_values(d, h, p);
    for (const auto &[v, ghost] : remote_arcs)
      if (fresh[ghost] != gpart[ghost]) active[v] = 1;
    gpart.swap(fresh);
  }
}

// Numbers the vertices of each class consecutively across the ranks, in global order: class
// c (0 <= c < classes) gets [offset[c], offset[c + 1]), a vertex of class -1 the number -1.
// A class's vertices gathered by their numbers form its subgraph with no search for the
// neighbours (the band, the domains).
void number_by_class(const Dist &d, const std::vector<Num> &cls, int classes,
                     std::vector<Num> *offset, std::vector<Num> *number) {
  const Num n = d.vertlocnbr;
  std::vector<Num> count(classes, 0), before(classes, 0), total(classes, 0);
  for (Num v = 0; v < n; ++v)
    if (cls[v] >= 0) ++count[cls[v]];
  MPI_Exscan(count.data(), before.data(), classes, num_type(), MPI_SUM, d.comm);
  if (d.rank == 0) std::fill(before.begin(), before.end(), 0);
  MPI_Allreduce(count.data(), total.data(), classes, num_type(), MPI_SUM, d.comm);
  offset->assign(classes + 1, 0);
  for (int c = 0; c < classes; ++c) (*offset)[c + 1] = (*offset)[c] + total[c];
  assign_big(*number, n, Num{-1});
  for (Num v = 0; v < n; ++v)
    if (cls[v] >= 0) (*number)[v] = (*offset)[cls[v]] + before[cls[v]]++;
}

// Vertices within this many arcs of a bipartition's cut form its band (PT-SCOTCH's width).
constexpr Num kBandWidth = 3;
// The band's bipartitioning: FM passes that go on longer than drb's default (30 passes, 5000
// moves without gain before one stops). On the top bands of the 100^3 mesh split for 8 ranks
// they cut 5-10 % fewer arcs than the default's 8 and 400, for 0.1 s more per band. One run:
// drb's second run per bisection found no cheaper cut of those bands on 2, 4 or 8 ranks (the
// same mappings) and took 40 % of the band's time (0.84 against 0.50 s on 2 ranks).
constexpr const char *kBandStrategy = "drb{runs=1,passes=30,moves=5000,bal=0.001}";
// The largest graph gathered on one rank for the sequential engine to bipartition (a band, or
// a domain of the split): 2^23 vertices and 2^26 arcs, a few GB with the sequential engine's
// work on them (MPI's int counts hold its records); the 200^3 mesh (8 * 10^6 vertices, 4.8 *
// 10^7 arcs), the top band of a 3-D mesh of about 10^9 vertices (doc/mpi.md, "Toward 10^4
// ranks").
constexpr Num kGatheredMostVertices = Num{1} << 23;
constexpr std::int64_t kGatheredMostArcs = std::int64_t{1} << 26;

// The arcs of d, all ranks together (collective).
std::int64_t global_arcs(const Dist &d) {
  std::int64_t arcs = static_cast<std::int64_t>(d.edgeloctab.size());
  MPI_Allreduce(MPI_IN_PLACE, &arcs, 1, MPI_INT64_T, MPI_SUM, d.comm);
  return arcs;
}
// Band refinements of one cut at most, each one after a round that saved kBandRepeatGain of
// the cut or more: each can move the cut by kBandWidth arcs. On the 200^3 mesh's top bisection
// on 2 ranks they cut 141752, 123516, 118636, 115370, 112562 arcs (1.5 to 2.3 s each; a plane
// cuts 80000); on the 100^3 mesh's bisections for 8 ranks, after a first one that saved 10 to
// 25 %, the next saved 0 to 5.6 %, and a third nothing.
constexpr int kBandRounds = 4;
constexpr double kBandRepeatGain = 0.02;

// Refines the bipartition side (0 or 1 per local vertex) of d onto halves (two terminals of
// capacities weight) on the band graph of Chevalier and Pellegrini ("PT-Scotch: A tool for
// efficient parallel graph ordering"): the vertices within kBandWidth arcs of the cut,
// gathered on the first rank, and one anchor per side standing for the rest of that side (its
// load, and the arcs into it). The sequential engine bipartitions the band anew, the anchors
// fixed, and the result replaces the cut when it cuts less weight within the loads' bound;
// returns the share of the cut's weight it saved (0 when it kept the cut, as for a band above
// kGatheredMostVertices or kGatheredMostArcs, left as it is). The parallel greedy refinement only moves single
// vertices: it leaves the bumps of the coarse levels in the cut, which FM on the fine band
// irons out.
double refine_band(const Dist &d, const Halo &h, const TARTAN_Arch *halves, const Num weight[2],
                   TARTAN_Strat *strat, double tolerance, std::vector<Num> *side) {
  const Num n = d.vertlocnbr;
  const Num far = kBandWidth + 1;
  std::vector<Num> level(n, far);
  {
    const std::vector<Num> ghost_side = halo_values(d, h, *side);
    for (Num v = 0; v < n; ++v)
      for (Num e = d.vertloctab[v]; e < d.vertloctab[v + 1] && level[v] != 0; ++e) {
        const Num x = h.edgegst[e];
        if ((x < n ? (*side)[x] : ghost_side[x - n]) != (*side)[v]) level[v] = 0;
      }
  }
  std::vector<Num> ghost_level;
  for (Num width = 1; width <= kBandWidth; ++width) {
    ghost_level = halo_values(d, h, level);
    for (Num v = 0; v < n; ++v)
      for (Num e = d.vertloctab[v]; e < d.vertloctab[v + 1] && level[v] > width; ++e) {
        const Num x = h.edgegst[e];
        if ((x < n ? level[x] : ghost_level[x - n]) == width - 1) level[v] = width;
      }
  }
  for (Num &x : level) x = x == far ? -1 : 0;  // the band: class 0
  std::vector<Num> offset, number;
  number_by_class(d, level, 1, &offset, &number);
  const Num b = offset[1];
  if (b == 0 || b > kGatheredMostVertices) return 0;
  const std::vector<Num> ghost_number = halo_values(d, h, number);
  // Per band vertex (in band number order): global number, load, side, degree, then
  // (neighbour's band number, weight) per arc, the neighbour -1 - s for side s's anchor. The
  // rest's loads go to the anchors.
  Num outside[2] = {0, 0};  // loads outside the band per side
  std::vector<Num> records;
  for (Num v = 0; v < n; ++v) {
    if (number[v] < 0) {
      outside[(*side)[v]] += d.veloloctab[v];
      continue;
    }
    records.insert(records.end(), {d.vertfrst() + v, d.veloloctab[v], (*side)[v], 0});
    const std::size_t degree_at = records.size() - 1;
    for (Num e = d.vertloctab[v]; e < d.vertloctab[v + 1]; ++e) {
      const Num x = h.edgegst[e];
      // Outside the band, a neighbour is on v's side: it is not next to the cut.
      const Num u = x < n ? number[x] : ghost_number[x - n];
      records.insert(records.end(), {u >= 0 ? u : -1 - (*side)[v], d.edloloctab[e]});
      ++records[degree_at];
    }
  }
  MPI_Allreduce(MPI_IN_PLACE, outside, 2, num_type(), MPI_SUM, d.comm);
  std::int64_t band_arcs = static_cast<std::int64_t>(records.size()) / 2;  // a bound
  MPI_Allreduce(MPI_IN_PLACE, &band_arcs, 1, MPI_INT64_T, MPI_SUM, d.comm);
  if (band_arcs > kGatheredMostArcs) return 0;
  // Gathered on rank 0 in rank order, hence in band number order.
  std::vector<std::vector<Num>> out(d.size);
  out[0] = std::move(records);
  const std::vector<Num> band = exchange_buffers(d.comm, &out);
  std::vector<std::vector<Num>> answers(d.size);
  double saved = 0;
  local_step(d.comm, [&] {
    if (d.rank != 0) return;
    std::vector<Num> global(b), vert(b + 3, 0), velo(b + 2), part(b + 2), old(b + 2), edge, edlo;
    std::vector<Num> anchor_arcs[2];  // (band vertex, weight) pairs
    std::size_t at = 0;
    for (Num i = 0; i < b; ++i) {
      global[i] = band[at];
      velo[i] = band[at + 1];
      old[i] = band[at + 2];
      Num into[2] = {0, 0};
      for (Num j = 0; j < band[at + 3]; ++j) {
        const Num u = band[at + 4 + 2 * j], w = band[at + 5 + 2 * j];
        if (u < 0) {
          into[-1 - u] += w;
          continue;
        }
        edge.push_back(u);
        edlo.push_back(w);
      }
      for (Num s = 0; s < 2; ++s)
        if (into[s] > 0) {
          edge.push_back(b + s);
          edlo.push_back(into[s]);
          anchor_arcs[s].insert(anchor_arcs[s].end(), {i, into[s]});
        }
      vert[i + 1] = static_cast<Num>(edge.size());
      at += 4 + 2 * static_cast<std::size_t>(band[at + 3]);
    }
    for (Num s = 0; s < 2; ++s) {
      velo[b + s] = outside[s];
      old[b + s] = s;
      for (std::size_t j = 0; j < anchor_arcs[s].size(); j += 2) {
        edge.push_back(anchor_arcs[s][j]);
        edlo.push_back(anchor_arcs[s][j + 1]);
      }
      vert[b + s + 1] = static_cast<Num>(edge.size());
    }
    std::fill(part.begin(), part.end(), -1);
    part[b] = 0;
    part[b + 1] = 1;
    OwnedGraph graph;
    int code = TARTAN_graphBuild(&graph.handle, 0, b + 2, vert.data(), nullptr, velo.data(),
                                 nullptr, static_cast<Num>(edge.size()), edge.data(), edlo.data());
    if (code == 0) code = TARTAN_graphMapFixed(&graph.handle, halves, strat, part.data());
    if (code != 0) throw Error{code, std::string("band refinement: ") + TARTAN_errorMessage()};
    // Cut weight and the heavier side's load over its share, before and after.
    auto judge = [&](const std::vector<Num> &p, double *ratio) {
      double cut = 0, load[2] = {0, 0};
      for (Num v = 0; v < b + 2; ++v) {
        load[p[v]] += static_cast<double>(velo[v]);
        for (Num e = vert[v]; e < vert[v + 1]; ++e)
          if (p[edge[e]] != p[v]) cut += static_cast<double>(edlo[e]);
      }
      const double total = load[0] + load[1];
      if (total <= 0) {
        *ratio = 1;
        return cut;
      }
      *ratio = std::max(load[0] * static_cast<double>(weight[0] + weight[1]) / (total * weight[0]),
                        load[1] * static_cast<double>(weight[0] + weight[1]) / (total * weight[1]));
      return cut;
    };
    double ratio_old, ratio_new;
    const double cut_old = judge(old, &ratio_old), cut_new = judge(part, &ratio_new);
    if (cut_new >= cut_old || ratio_new > std::max(ratio_old, tolerance)) return;
    saved = (cut_old - cut_new) / cut_old;
    for (Num i = 0; i < b; ++i)
      if (part[i] != old[i]) {
        std::vector<Num> &answer = answers[d.owner(global[i])];
        answer.insert(answer.end(), {global[i], part[i]});
      }
  });
  const std::vector<Num> moved = exchange_buffers(d.comm, &answers);
  for (std::size_t i = 0; i < moved.size(); i += 2) (*side)[moved[i] - d.vertfrst()] = moved[i + 1];
  MPI_Bcast(&saved, 1, MPI_DOUBLE, 0, d.comm);
  return saved;
}

// Groups of fewer ranks than this bipartition a domain of at most kGatheredMostVertices
// vertices and kGatheredMostArcs arcs on their first rank with the sequential engine
// (bisect_on_first) rather than in parallel. On the 200^3 mesh onto the tree leaf the
// parallel bisection (matching rounds, halo exchanges, band refinement) spent 1.5 to 1.8
// times the sequential one's CPU and was not faster with a core per rank: 2 ranks on 2 cores
// mapped in 44.8 s of wall time with the top bisection on one rank, 45.4 to 48.3 s with the
// parallel one, for 26216048 against 26982056; 4 ranks on 2 cores: the second split level
// 6.0 against 8.2 s, 26714666 against 26748621; 8 ranks: the third level 4.8 against 8.6 s,
// 26809219 against 26986773.
constexpr int kParallelBisectionRanks = 4;
// Larger groups bisect on their first rank too while their domain has at most this many
// vertices per rank (TARTAN_MPI_GATHER_PER_RANK sets it; 0: never). With fewer, the parallel
// bisection's matching rounds and halo exchanges outweigh its share of the work: on the 100^3
// mesh onto the tree leaf with 8 ranks on 2 cores, its first split level (10^6 vertices on 8
// ranks) took 3.5 to 4.1 s of CPU, all ranks together, where the sequential one on rank 0
// took 2.5 to 2.6 s, in the same 1.8 to 2.1 s of wall time.
constexpr std::int64_t kGatheredPerRank = std::int64_t{1} << 18;

// The vertices per rank below which a group of any size bisects on its first rank: rank 0's
// TARTAN_MPI_GATHER_PER_RANK (a whole number from 0 to 2^40), or kGatheredPerRank when it is
// unset or empty, the same on every rank (collective). A malformed value is an error.
std::int64_t gathered_per_rank(const Dist &d) {
  std::int64_t bound = kGatheredPerRank;
  local_step(d.comm, [&] {
    if (d.rank != 0) return;
    const char *text = std::getenv("TARTAN_MPI_GATHER_PER_RANK");
    if (text == nullptr || *text == '\0') return;
    constexpr std::int64_t kMost = std::int64_t{1} << 40;
    std::int64_t value = 0;
    const char *digit = text;
    for (; *digit >= '0' && *digit <= '9' && value <= kMost; ++digit) value = value * 10 + (*digit - '0');
    if (*digit != '\0' || value > kMost)
      throw Error{TARTAN_EINVAL, std::string("TARTAN_MPI_GATHER_PER_RANK='") + text +
                                     "': expected a whole number of vertices from 0 to 1099511627776"};
    bound = value;
  });
  MPI_Bcast(&bound, 1, MPI_INT64_T, 0, d.comm);
  return bound;
}
// Their strategy: the default's bisection, loads within 0.1 % as the parallel bisection's. The
// default's orient and kway after it cost 1.1 % more on the test's 64x64x40 grid split into 4
// domains on 3 ranks (72735 against 71958). Its two runs (drb's runs=2) go to the group's
// first two ranks, one each (drb's run): on the 100^3 mesh onto the tree leaf, 2 ranks, the
// serial top bisection took 1.5 to 1.75 s of the 7.8 to 9.2 s, and one run instead of two
// brought the whole to dgpart's time (doc/mpi.md).
constexpr const char *kSmallDomainStrategy = "drb{tries=2,bal=0.001}";
constexpr const char *kSmallDomainRun[2] = {"drb{tries=2,bal=0.001,runs=2,run=0}",
                                            "drb{tries=2,bal=0.001,runs=2,run=1}"};
// The loads' tolerance in those strategies (bal).
constexpr double kSmallDomainTolerance = 0.001;

// The small-domain strategies, built once per split.
struct SmallDomainStrats {
  OwnedStrat both_runs;
  OwnedStrat one_run[2];
};

// Gives d's second rank the whole graph that gather_whole(d, false) gave its first.
void copy_to_second(const Dist &d, WholeGraph *whole) {
  if (d.rank > 1) return;
  const int other = 1 - d.rank;
  Num m = static_cast<Num>(whole->edge.size());
  if (d.rank == 0) {
    MPI_Send(&m, 1, num_type(), other, 0, d.comm);
  } else {
    MPI_Recv(&m, 1, num_type(), other, 0, d.comm, MPI_STATUS_IGNORE);
    const Num n = d.vertglbnbr();
    *whole = WholeGraph{big_vector<Num>(n + 1), big_vector<Num>(n), big_vector<Num>(m),
                        big_vector<Num>(m)};
  }
  for (std::vector<Num> *array : {&whole->vert, &whole->velo, &whole->edge, &whole->edlo}) {
    if (d.rank == 0)
      MPI_Send(array->data(), static_cast<int>(array->size()), num_type(), other, 0, d.comm);
    else
      MPI_Recv(array->data(), static_cast<int>(array->size()), num_type(), other, 0, d.comm,
               MPI_STATUS_IGNORE);
  }
}

// Bipartitions d onto halves, whose terminals weigh weight[0] and weight[1], with the sequential
// engine, and gives each rank the sides of its vertices. One rank: it makes both runs. More: the
// whole graph is gathered on the first rank and copied to the second, which make a run each;
// the one with the least load above the halves' bounds, then the least cut, then the first is
// kept, which is drb's own choice (runs=2) whenever the runs' loads are within their bounds
// (then exactly its mapping). The other ranks wait.
void bisect_on_first(const Dist &d, const TARTAN_Arch *halves, const Num weight[2],
                     SmallDomainStrats &strats, Num *side) {
  const bool shared = d.size > 1;
  WholeGraph whole = gather_whole(d, false);
  if (shared) copy_to_second(d, &whole);
  std::vector<Num> part;
  // The run's figures: load above the bounds, cut weight (none: the rank made no run).
  double figures[2] = {HUGE_VAL, HUGE_VAL};
  local_step(d.comm, [&] {
    if (d.rank > (shared ? 1 : 0)) return;
    const Num n = d.vertglbnbr();
    part.resize(n);
    {
      OwnedGraph graph;
      TARTAN_Strat *strat = shared ? &strats.one_run[d.rank].handle : &strats.both_runs.handle;
      int code = TARTAN_graphBuild(&graph.handle, 0, n, whole.vert.data(), nullptr, whole.velo.data(),
                                   nullptr, static_cast<Num>(whole.edge.size()), whole.edge.data(),
                                   whole.edlo.data());
      if (code == 0) code = TARTAN_graphMap(&graph.handle, halves, strat, part.data());
      if (code != 0) throw Error{code, std::string("domain bisection: ") + TARTAN_errorMessage()};
    }
    if (!shared) return;
    double load[2] = {0, 0};
    for (Num v = 0; v < n; ++v) load[part[v]] += static_cast<double>(whole.velo[v]);
    figures[0] = 0;
    for (int s = 0; s < 2; ++s) {
      const double ideal = (load[0] + load[1]) * static_cast<double>(weight[s]) /
                           static_cast<double>(weight[0] + weight[1]);
      const double bound = std::max(std::floor(ideal * (1 + kSmallDomainTolerance)), std::ceil(ideal - 1e-9));
      figures[0] += std::max(0.0, load[s] - bound);
    }
    // The halves are one apart: the cost is the cut.
    figures[1] = cut_cost(n, whole.vert.data(), whole.edge.data(), whole.edlo.data(), part.data(),
                          Distances(halves, 2));
  });
  int root = 0;
  if (shared) {
    std::vector<double> all(2 * static_cast<std::size_t>(d.size));
    MPI_Allgather(figures, 2, MPI_DOUBLE, all.data(), 2, MPI_DOUBLE, d.comm);
    if (all[2] < all[0] || (all[2] == all[0] && all[3] < all[1])) root = 1;
  }
  std::vector<int> counts(d.size), displ(d.size);
  for (int r = 0; r < d.size; ++r) {
    displ[r] = static_cast<int>(d.procvrttab[r]);
    counts[r] = static_cast<int>(d.procvrttab[r + 1] - d.procvrttab[r]);
  }
  MPI_Scatterv(part.data(), counts.data(), displ.data(), num_type(), side, counts[d.rank], num_type(),
               root, d.comm);
}

// A bipartition's band refinement: the halves' capacities and the band's strategy.
struct BandRefinement {
  const Num *weight;
  TARTAN_Strat *strat;
};

// Parallel multilevel k-way mapping of d onto the k terminals of arch. tolerance: the least
// load-to-capacity ratio the refinement may fill terminals to. With band (k = 2), the finest
// level's cut is then refined on its band, again on the band around the new cut while that
// lowers it by kBandRepeatGain or more (kBandRounds times at most).
void map_kway(const Dist &d, const TARTAN_Arch *arch, Num k, TARTAN_Strat *strat, double tolerance,
              const BandRefinement *band, Num *partloctab) {
  std::unique_ptr<Distances> holder;
  local_step(d.comm, [&] { holder = std::make_unique<Distances>(arch, k); });
  const Distances &dist = *holder;

  // Coarsening down to a graph the sequential engine maps in one piece: at most
  // max(8192, 16 k) vertices, or until a level shrinks the graph by less than
  // 5 %. (On the 64^3 mesh onto 512 terminals, 64 k cost 18 % more and took 1.6 times as long
  // as 16 k: the refinement of the extra levels does better than four runs on a bigger
  // coarsest graph; 8 k left the loads 4.7 % over their share.)
  const Num limit = std::max<Num>(8192, 16 * k);
  Num velosum = 0;
  for (Num x : d.veloloctab) velosum += x;
  MPI_Allreduce(MPI_IN_PLACE, &velosum, 1, num_type(), MPI_SUM, d.comm);
  const Num cap = std::max<Num>(1, 3 * (velosum / limit));
  // coarser[l - 1] is level l; level 0, the caller's graph, is not copied.
  std::vector<Dist> coarser;
  const auto level = [&](std::size_t l) -> const Dist & { return l == 0 ? d : coarser[l - 1]; };
  std::vector<Halo> halos;
  std::vector<std::vector<Num>> cmaps;
  int active = d.size;
  while (level(coarser.size()).vertglbnbr() > limit && coarser.size() < 39) {
    const Dist &fine = level(coarser.size());
    halos.push_back(make_halo(fine));
    std::vector<Num> mate = match(fine, halos.back(), cap, 0x7461727461ULL + coarser.size() + 1);
    std::vector<Num> cmap;
    Dist coarse = contract(fine, halos.back(), mate, &cmap);
    if (coarse.vertglbnbr() > fine.vertglbnbr() * 19 / 20) {  // matching stalled
      halos.pop_back();
      break;
    }
    // Fold onto half the ranks while each active rank would hold fewer than limit vertices.
    while (active > 1 && coarse.vertglbnbr() / active < limit / 2) active /= 2;
    std::vector<Num> procs(coarse.size + 1, coarse.vertglbnbr());
    for (int r = 0; r <= active; ++r)
      procs[r] = coarse.vertglbnbr() / active * r + std::min<Num>(r, coarse.vertglbnbr() % active);
    if (procs != coarse.procvrttab) coarse = redistribute(coarse, procs);
    cmaps.push_back(std::move(cmap));
    coarser.push_back(std::move(coarse));
  }

  // Coarsest mapping, and the load bound it sets: no terminal's load-to-capacity ratio may
  // rise above the worst one the sequential engine left (the strategy's imbalance holds there)
  // or the tolerance, whichever is larger: the public API does not tell a strategy's
  // imbalance, and the refinement needs room to move vertices.
  const Dist &top = level(coarser.size());
  std::vector<Num> full = map_coarsest(top, arch, strat, dist);
  std::vector<double> capacity(k), load(k, 0), bound(k);
  double capsum = 0;
  for (Num i = 0; i < k; ++i) capsum += capacity[i] = static_cast<double>(dist.weight(i));
  const Num topn = top.vertglbnbr();
  std::vector<Num> topvelo(topn);
  {
    std::vector<int> counts(top.size), displ(top.size, 0);
    int mine = static_cast<int>(top.vertlocnbr);
    MPI_Allgather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, top.comm);
    for (int r = 1; r < top.size; ++r) displ[r] = displ[r - 1] + counts[r - 1];
    MPI_Allgatherv(top.veloloctab.data(), mine, num_type(), topvelo.data(), counts.data(), displ.data(), num_type(), top.comm);
  }
  for (Num v = 0; v < topn; ++v) load[full[v]] += topvelo[v];
  double ratio = tolerance;
  for (Num i = 0; i < k; ++i) ratio = std::max(ratio, load[i] / (velosum * capacity[i] / capsum));
  for (Num i = 0; i < k; ++i) bound[i] = ratio * velosum * capacity[i] / capsum;
  std::vector<Num> part(full.begin() + top.vertfrst(), full.begin() + top.vertfrst() + top.vertlocnbr);
  full = {};

  // Uncoarsening: project through each cmap (fetching from the coarse level's owners, which
  // folding may have moved), then refine.
  for (std::size_t l = cmaps.size(); l-- > 0;) {
    part = fetch(level(l + 1), part, cmaps[l]);
    coarser.pop_back();
    refine(level(l), halos[l], dist, k, bound, &part);
  }
  if (band != nullptr) {
    const Halo h = halos.empty() ? make_halo(d) : std::move(halos.front());
    for (int round = 0; round < kBandRounds; ++round)
      if (refine_band(d, h, arch, band->weight, band->strat, tolerance, &part) < kBandRepeatGain)
        break;
  }
  std::copy(part.begin(), part.end(), partloctab);
}

// The target cut by its bipartition tree into domains that can be mapped apart: at every
// bipartition above them, each terminal of one half lies at one same distance from every
// terminal of the other (the children of a tree-leaf level, a complete graph's halves). The
// cost of a mapping is then, over those bipartitions, their distance times the arcs cut
// between their halves, plus what each domain's own mapping costs.
struct EquidistantSplit {
  std::vector<Num> first, count, weight;  // per domain: terminals [first, first + count)
  int levels = 0;                         // bipartitions from the whole target to a domain
};

// Splits the target's bipartition tree breadth first until there are at least `wanted`
// domains (the halves of domain p are 2p and 2p + 1 of the next level); false when a domain
// is a single terminal first, when the domains are not ranges of terminal numbers, or when
// two pairs of terminals across one bipartition are at different distances. The check asks
// every pair of terminals, so targets above 2048 terminals are not tried.
bool equidistant_split(const TARTAN_Arch *constarch, Num k, int wanted, EquidistantSplit *split) {
  constexpr Num kMaxChecked = 2048;
  if (k > kMaxChecked || k < wanted) return false;
  TARTAN_Arch *arch = const_cast<TARTAN_Arch *>(constarch);
  std::vector<TARTAN_ArchDom> doms(1);
  if (TARTAN_archDomFrst(arch, &doms[0]) != 0) return false;
  EquidistantSplit s;
  while (static_cast<int>(doms.size()) < wanted) {
    std::vector<TARTAN_ArchDom> halves;
    for (const TARTAN_ArchDom &dom : doms) {
      TARTAN_ArchDom a, b;
      if (TARTAN_archDomBipart(arch, &dom, &a, &b) != 0) return false;
      halves.push_back(a);
      halves.push_back(b);
    }
    doms.swap(halves);
    ++s.levels;
  }
  std::vector<Num> domain_of(k, -1);
  for (std::size_t p = 0; p < doms.size(); ++p) {
    const Num first = TARTAN_archDomNum(arch, &doms[p]), count = TARTAN_archDomSize(arch, &doms[p]);
    if (first < 0 || count <= 0 || first + count > k) return false;
    for (Num t = first; t < first + count; ++t) {
      if (domain_of[t] >= 0) return false;
      domain_of[t] = static_cast<Num>(p);
    }
    s.first.push_back(first);
    s.count.push_back(count);
    s.weight.push_back(TARTAN_archDomWght(arch, &doms[p]));
  }
  std::vector<TARTAN_ArchDom> terms(k);
  for (Num t = 0; t < k; ++t)
    if (domain_of[t] < 0 || TARTAN_archDomTerm(arch, &terms[t], t) != 0) return false;
  // Two terminals of domains p != q are parted by the bipartition at the highest bit where p
  // and q differ; the level below the root is levels - 1 - that bit, its node p >> (bit + 1).
  std::vector<Num> distance(doms.size(), -1);  // per bipartition node, numbered as a heap
  for (Num a = 0; a < k; ++a)
    for (Num b = a + 1; b < k; ++b) {
      const Num p = domain_of[a], q = domain_of[b];
      if (p == q) continue;
      int bit = 0;
      while ((p ^ q) >> (bit + 1)) ++bit;
      const std::size_t node = (std::size_t{1} << (s.levels - 1 - bit)) - 1 + static_cast<std::size_t>(p >> (bit + 1));
      const Num d = TARTAN_archDomDist(arch, &terms[a], &terms[b]);
      if (d < 0 || (distance[node] >= 0 && d != distance[node])) return false;
      distance[node] = d;
    }
  *split = std::move(s);
  return true;
}

// The subgraphs of d's domains, apart: the vertices numbered domain by domain (in d's global
// order within each), the arcs between domains dropped, and domain p held in even blocks by
// the ranks [group_first[p], group_first[p + 1]). number[v] is local vertex v's number there;
// offset[p] the first number of domain p.
Dist separate_domains(const Dist &d, const Halo &h, const std::vector<Num> &domain,
                      const std::vector<int> &group_first, std::vector<Num> *offset,
                      std::vector<Num> *number) {
  const Num n = d.vertlocnbr;
  const int domains = static_cast<int>(group_first.size()) - 1;
  number_by_class(d, domain, domains, offset, number);

  Dist apart;
  apart.comm = d.comm;
  apart.rank = d.rank;
  apart.size = d.size;
  apart.procvrttab.assign(d.size + 1, (*offset)[domains]);
  for (int p = 0; p < domains; ++p) {
    const int ranks = group_first[p + 1] - group_first[p];
    const Num total = (*offset)[p + 1] - (*offset)[p];
    for (int i = 0; i < ranks; ++i)
      apart.procvrttab[group_first[p] + i] = (*offset)[p] + total / ranks * i + std::min<Num>(i, total % ranks);
  }
  apart.vertlocnbr = apart.procvrttab[d.rank + 1] - apart.procvrttab[d.rank];
  if (domains == 1 && apart.procvrttab == d.procvrttab) {
    // The whole graph in the blocks it already has (the first split level of a graph in even
    // blocks, as TARTAN_dgraphLoad scatters it): the numbers are the global numbers.
    assign_range_big(apart.vertloctab, d.vertloctab.begin(), d.vertloctab.end());
    assign_range_big(apart.veloloctab, d.veloloctab.begin(), d.veloloctab.end());
    assign_range_big(apart.edgeloctab, d.edgeloctab.begin(), d.edgeloctab.end());
    assign_range_big(apart.edloloctab, d.edloloctab.begin(), d.edloloctab.end());
    return apart;
  }
  const std::vector<Num> ghost_number = halo_values(d, h, *number);
  // A rank's vertices of one domain go to each destination in increasing numbers, and the
  // sources' ranges follow each other in rank order: what arrives is in number order.
  std::vector<std::vector<Num>> out(d.size);
  reserve_records(d, 2, [&](Num v) { return apart.owner((*number)[v]); }, &out);
  // A neighbour is in v's domain when its number is in the domain's range.
  for (Num v = 0; v < n; ++v) {
    const Num p = domain[v];
    std::vector<Num> &buf = out[apart.owner((*number)[v])];
    buf.insert(buf.end(), {d.veloloctab[v], 0});
    const std::size_t degree_at = buf.size() - 1;
    for (Num e = d.vertloctab[v]; e < d.vertloctab[v + 1]; ++e) {
      const Num x = h.edgegst[e];
      const Num u = x < n ? (*number)[x] : ghost_number[x - n];
      if (u < (*offset)[p] || u >= (*offset)[p + 1]) continue;
      buf.insert(buf.end(), {u, d.edloloctab[e]});
      ++buf[degree_at];
    }
  }
  read_vertex_records(exchange_buffers(d.comm, &out), &apart);
  return apart;
}

// The bipartitioning pipeline of the sequential strategies for big graphs (doc/strategy.md,
// RECURSIVE above 2^17 vertices, with orient and kway after it): above this many vertices it
// makes two runs per job on the first kDefaultRunLevels levels, and the deeper jobs make one,
// whose FM passes stop after kDefaultDeepMoves moves without gain.
constexpr Num kDefaultBigGraph = 131072;
constexpr int kDefaultRunLevels = 4;
constexpr int kDefaultDeepMoves = 100;

// A communicator freed on every path.
struct OwnedComm {
  MPI_Comm comm = MPI_COMM_NULL;
  ~OwnedComm() {
    if (comm != MPI_COMM_NULL) MPI_Comm_free(&comm);
  }
};

// Labels each local vertex of d with its domain of the split: recursive bipartitioning on
// the fine graph, as the sequential engine's. At each level every domain is cut in two at
// once, each by its own group of ranks, onto its two halves (a weighted complete graph, the
// loads balanced to 0.1 %: each domain's own mapping then keeps the strategy's imbalance
// almost whole), by a parallel multilevel mapping or, in small groups, by the sequential
// engine on the group's first rank (kParallelBisectionRanks). A single k-way partition into
// all the domains cut 52 % more arcs than these bipartitions between the 8 domains of the
// 100^3 mesh.
std::vector<Num> split_into_domains(const Dist &d, const Halo &h, const EquidistantSplit &split,
                                    std::int64_t per_rank) {
  const Num n = d.vertlocnbr;
  std::vector<Num> domain = big_vector<Num>(n, 0);
  if (split.levels == 0) return domain;
  OwnedStrat balanced, band;
  SmallDomainStrats small_domain;
  local_step(d.comm, [&] {
    if (TARTAN_stratGraphMapBuild(&balanced.handle, 0, 2, 0.001) != 0 ||
        TARTAN_stratGraphMap(&band.handle, kBandStrategy) != 0 ||
        TARTAN_stratGraphMap(&small_domain.both_runs.handle, kSmallDomainStrategy) != 0 ||
        TARTAN_stratGraphMap(&small_domain.one_run[0].handle, kSmallDomainRun[0]) != 0 ||
        TARTAN_stratGraphMap(&small_domain.one_run[1].handle, kSmallDomainRun[1]) != 0)
      throw Error{TARTAN_EINTERNAL, std::string("domain split: ") + TARTAN_errorMessage()};
  });
  for (int level = 0; level < split.levels; ++level) {
    // Fewer domains than ranks at every level cut (2^level < max(2, size)): each group has a rank.
    const int domains = 1 << level;
    std::vector<int> group_first(domains + 1);
    for (int p = 0; p <= domains; ++p) group_first[p] = (p * d.size + domains - 1) / domains;
    const int mine = static_cast<int>(std::upper_bound(group_first.begin(), group_first.end(), d.rank) -
                                      group_first.begin()) - 1;
    std::vector<Num> offset, number;
    Dist piece = separate_domains(d, h, domain, group_first, &offset, &number);
    Dist apart;  // where each number is held, for the answers
    apart.comm = d.comm;
    apart.rank = d.rank;
    apart.size = d.size;
    apart.procvrttab = piece.procvrttab;
    // The group's graph: its domain's block, numbered from 0, on the group's communicator.
    OwnedComm group;
    MPI_Comm_split(d.comm, mine, d.rank, &group.comm);
    piece.comm = group.comm;
    MPI_Comm_rank(group.comm, &piece.rank);
    MPI_Comm_size(group.comm, &piece.size);
    piece.procvrttab.assign(apart.procvrttab.begin() + group_first[mine],
                            apart.procvrttab.begin() + group_first[mine + 1] + 1);
    for (Num &x : piece.procvrttab) x -= offset[mine];
    for (Num &x : piece.edgeloctab) x -= offset[mine];
    // The halves of domain `mine` weigh what the final domains under them weigh.
    const Num per_half = Num{1} << (split.levels - level - 1);
    Num weight[2] = {0, 0};
    for (Num i = 0; i < 2 * per_half; ++i) weight[i / per_half] += split.weight[2 * mine * per_half + i];
    std::vector<Num> side(piece.vertlocnbr, 0);
    // A failure inside one group is agreed there first, then by every rank.
    int code = 0;
    std::string message;
    try {
      if (piece.vertglbnbr() > 0) {
        OwnedArch halves;
        local_step(piece.comm, [&] {
          if (TARTAN_archCmpltw(&halves.handle, 2, weight) != 0)
            throw Error{TARTAN_EINTERNAL, std::string("domain split: ") + TARTAN_errorMessage()};
        });
        // The parallel greedy refinement moves vertices, it does not reshape a cut: the band
        // refinement does. With it, the parallel bisection coarsens to the 8192-vertex floor
        // (a coarsest graph of n / 32 vertices cost 0.1 to 1.5 % more on the 100^3 mesh). 100^3
        // mesh onto the 1024-terminal tree leaf, 2 / 4 / 8 ranks: 6545931 / 6771438 / 6968463
        // without the band refinement, 6372700 / 6368160 / 6388441 with it (the sequential
        // default on one rank: 6355501); the 200^3 mesh: 27263732 / 28786372 / 29780379
        // against 26600415 / 26802528 / 26680918 (one rank: 26558781).
        // Every rank of the group takes the same branch: the counts and the bound are global.
        const Num vertices = piece.vertglbnbr();
        if (vertices <= kGatheredMostVertices &&
            (piece.size < kParallelBisectionRanks || (vertices + piece.size - 1) / piece.size <= per_rank) &&
            global_arcs(piece) <= kGatheredMostArcs) {
          bisect_on_first(piece, &halves.handle, weight, small_domain, side.data());
        } else {
          const BandRefinement refinement{weight, &band.handle};
          map_kway(piece, &halves.handle, 2, &balanced.handle, 1.001, &refinement, side.data());
        }
      }
    } catch (const Agreed &failure) {
      code = failure.code;
      message = failure.message;
    }
    local_step(d.comm, [&] {
      if (code != 0) throw Error{code, message};
    });
    const std::vector<Num> sides = fetch(apart, side, number);
    for (Num v = 0; v < n; ++v) domain[v] = 2 * domain[v] + sides[v];
  }
  return domain;
}

// Maps d by an equidistant split. On one rank, the sequential engine maps the whole graph.
// On more, the graph is split into the domains (split_into_domains), then each domain's
// subgraph gathered on rank (domain mod size) and mapped there by the sequential engine onto
// the domain's terminals (TARTAN_archSub). Every cut is so decided on the fine graph, as the
// sequential engine's bipartitions decide it: the parallel coarsening's coarse graphs, with
// few vertices per terminal, allow far costlier boundaries (doc/mpi.md).
void map_split(const Dist &d, const TARTAN_Arch *arch, TARTAN_Strat *strat,
               const EquidistantSplit &split, std::int64_t per_rank, Num *partloctab) {
  const Num parts = static_cast<Num>(split.first.size());
  const Num n = d.vertlocnbr;
  if (d.size == 1) {
    // The whole graph is here: the sequential engine maps it onto the whole target, every
    // cut decided on the fine graph.
    int code = 0;
    local_step(d.comm, [&] {
      OwnedGraph graph;
      code = TARTAN_graphBuild(&graph.handle, 0, n, d.vertloctab.data(), nullptr, d.veloloctab.data(),
                               nullptr, static_cast<Num>(d.edgeloctab.size()), d.edgeloctab.data(),
                               d.edloloctab.data());
      if (code == 0) code = TARTAN_graphMap(&graph.handle, arch, strat, partloctab);
      if (code != 0) throw Error{code, TARTAN_errorMessage()};
    });
    return;
  }
  const Halo h = make_halo(d);
  const std::vector<Num> domain = split_into_domains(d, h, split, per_rank);
  // With no strategy, each domain is mapped as that pipeline maps it inside the whole graph
  // (the sequential default is a V-cycle there, which has no domains to share out): above
  // kDefaultBigGraph vertices, jobs level by level (policy breadth), two bipartitioning runs
  // per job on the whole target's first kDefaultRunLevels levels only, of which the split
  // made the first split.levels, and one run of kDefaultDeepMoves FM moves without gain
  // below; on tori, unwrapped=8; kway's two greedy passes on the graph itself.
  // Mapped as a graph of its own, a domain would make two runs on its own first levels, or on
  // all of them below kDefaultBigGraph vertices: 8 domains of the 100^3
  // mesh took 1.36 times as long (16.9 against 12.4 s of wall time) for 0.1 to 1.1 % less cost.
  OwnedStrat shifted;
  TARTAN_Strat *domain_strat = strat;
  if (strat == nullptr && d.vertglbnbr() > kDefaultBigGraph) {
    const int levels = kDefaultRunLevels - split.levels;
    const std::string moves = std::to_string(kDefaultDeepMoves);
    const std::string runs = levels > 0
                                 ? "runlevels=" + std::to_string(levels) + ",deepmoves=" + moves
                                 : "runs=1,moves=" + moves;
    const std::string text =
        "drb{policy=breadth,unwrapped=8,tries=2," + runs +
        ",bal=0.01};orient;kway{passes=2,levels=0,bal=0.01}";
    local_step(d.comm, [&] {
      if (TARTAN_stratGraphMap(&shifted.handle, text.c_str()) != 0)
        throw Error{TARTAN_EINTERNAL, std::string("domain strategy: ") + TARTAN_errorMessage()};
    });
    domain_strat = &shifted.handle;
  }
  // Domain p's vertices numbered [offset[p], offset[p + 1]) in global order: the mapping does
  // not depend on the rank count. Each vertex, with its arcs inside its domain, to the rank
  // that maps the domain: (number, global number, load, degree, then neighbour's number and
  // weight per arc); a neighbour is in the domain when its number is.
  std::vector<Num> offset, number;
  number_by_class(d, domain, static_cast<int>(parts), &offset, &number);
  const std::vector<Num> ghost_number = halo_values(d, h, number);
  std::vector<std::vector<Num>> out(d.size);
  reserve_records(d, 4, [&](Num v) { return domain[v] % d.size; }, &out);
  for (Num v = 0; v < n; ++v) {
    const Num p = domain[v];
    std::vector<Num> &buf = out[p % d.size];
    buf.insert(buf.end(), {number[v], d.vertfrst() + v, d.veloloctab[v], 0});
    const std::size_t degree_at = buf.size() - 1;
    for (Num e = d.vertloctab[v]; e < d.vertloctab[v + 1]; ++e) {
      const Num x = h.edgegst[e];
      const Num u = x < n ? number[x] : ghost_number[x - n];
      if (u < offset[p] || u >= offset[p + 1]) continue;
      buf.insert(buf.end(), {u, d.edloloctab[e]});
      ++buf[degree_at];
    }
  }
  const std::vector<Num> recv = exchange_buffers(d.comm, &out);
  // Map each domain held here; answers (global number, terminal) go back to the owners.
  std::vector<std::vector<Num>> answers(d.size);
  local_step(d.comm, [&] {
    // Where each vertex's record starts, per domain held here, by number.
    std::vector<std::vector<std::size_t>> record(static_cast<std::size_t>(parts));
    for (Num p = d.rank; p < parts; p += d.size)
      assign_big(record[p], static_cast<std::size_t>(offset[p + 1] - offset[p]), std::size_t{0});
    for (std::size_t i = 0; i < recv.size(); i += 4 + 2 * static_cast<std::size_t>(recv[i + 3])) {
      const Num p = static_cast<Num>(std::upper_bound(offset.begin(), offset.end(), recv[i]) - offset.begin()) - 1;
      record[p][recv[i] - offset[p]] = i;
    }
    for (Num p = d.rank; p < parts; p += d.size) {
      const Num first = offset[p], count = offset[p + 1] - first;
      if (count == 0) continue;
      std::vector<Num> global = big_vector<Num>(count), vert = big_vector<Num>(count + 1),
                       velo = big_vector<Num>(count), edge, edlo;
      std::size_t arcs = 0;  // reserved at once: grown by doubling, a big domain's arcs were copied at each step
      for (Num i = 0; i < count; ++i) arcs += static_cast<std::size_t>(recv[record[p][i] + 3]);
      reserve_big(edge, arcs);
      reserve_big(edlo, arcs);
      for (Num i = 0; i < count; ++i) {
        const std::size_t at = record[p][i];
        global[i] = recv[at + 1];
        velo[i] = recv[at + 2];
        for (Num j = 0; j < recv[at + 3]; ++j) {
          edge.push_back(recv[at + 4 + 2 * j] - first);
          edlo.push_back(recv[at + 5 + 2 * j]);
        }
        vert[i + 1] = static_cast<Num>(edge.size());
      }
      std::vector<Num> terminals(split.count[p]), parttab = big_vector<Num>(count);
      std::iota(terminals.begin(), terminals.end(), split.first[p]);
      OwnedGraph graph;
      OwnedArch sub;
      int code = TARTAN_graphBuild(&graph.handle, 0, count, vert.data(), nullptr, velo.data(), nullptr,
                                   static_cast<Num>(edge.size()), edge.data(), edlo.data());
      if (code == 0) code = TARTAN_archSub(&sub.handle, arch, split.count[p], terminals.data());
      if (code == 0) code = TARTAN_graphMap(&graph.handle, &sub.handle, domain_strat, parttab.data());
      if (code != 0) throw Error{code, "domain " + std::to_string(p) + ": " + TARTAN_errorMessage()};
      for (Num i = 0; i < count; ++i) {
        if (parttab[i] < 0 || parttab[i] >= split.count[p])
          throw Error{TARTAN_EINTERNAL, "domain " + std::to_string(p) + ": terminal out of the domain"};
        std::vector<Num> &answer = answers[d.owner(global[i])];
        answer.push_back(global[i]);
        answer.push_back(terminals[parttab[i]]);
      }
    }
  });
  const std::vector<Num> mapped = exchange_buffers(d.comm, &answers);
  for (std::size_t i = 0; i < mapped.size(); i += 2) partloctab[mapped[i] - d.vertfrst()] = mapped[i + 1];
}

}  // namespace

void map_graph(DgraphImpl &g, const TARTAN_Arch *arch, TARTAN_Strat *strat, Num *partloctab) {
  Num k = 0;
  local_step(g.dist.comm, [&] {
    if (arch == nullptr || (partloctab == nullptr && g.dist.vertlocnbr > 0))
      throw Error{TARTAN_EINVAL, "NULL target or partloctab"};
    if (TARTAN_archVar(arch)) throw Error{TARTAN_EINVAL, "variable-sized target"};
    k = TARTAN_archSize(arch);
    if (k <= 0) throw Error{TARTAN_EINVAL, std::string("bad target: ") + TARTAN_errorMessage()};
  });
  check_graph(g);
  // Read on every call, whatever path it takes: a malformed value is refused on one rank as on many.
  const std::int64_t per_rank = gathered_per_rank(g.dist);
  if (g.dist.vertglbnbr() == 0) return;  // nothing to map (and no load to share)
  Num kmax = 0;
  MPI_Allreduce(&k, &kmax, 1, num_type(), MPI_MAX, g.dist.comm);
  if (kmax != k) throw Agreed{TARTAN_EINVAL, "the target differs between ranks"};
  // Every rank computes the same split (same target): no agreement needed on the choice.
  EquidistantSplit split;
  bool by_domains = false;
  local_step(g.dist.comm, [&] { by_domains = equidistant_split(arch, k, std::max(2, g.dist.size), &split); });
  if (by_domains)
    map_split(g.dist, arch, strat, split, per_rank, partloctab);
  else
    map_kway(g.dist, arch, k, strat, 1.01, nullptr, partloctab);
}

}  // namespace tartan_mpi

using namespace tartan_mpi;

extern "C" TARTAN_MPI_API int TARTAN_dgraphMap(TARTAN_Dgraph *dgraph, const TARTAN_Arch *arch,
                                           TARTAN_Strat *strat, TARTAN_Num *partloctab) {
  return guard([&] {
    map_graph(need(dgraph, true), arch, strat, partloctab);
    return 0;
  });
}
