// libtartan-mpi: the TARTAN_Dgraph handle, collective errors, building, checking and gathering
// distributed graphs. Each public function is one guarded call (guard() below): validate
// locally, agree on the outcome across ranks (agree()), then run the collective steps.
#include <algorithm>
#include <cstring>
#include <limits>
#include <memory>
#include <new>

#include <time.h>

#include "dgraph.hpp"

namespace tartan_mpi {

namespace {
constexpr std::uint64_t kCheckWord = 0x54444752ULL << 32 | 0x4d504931ULL;  // "TDGR" "MPI1"
thread_local std::string last_message;
}  // namespace

MPI_Datatype num_type() { return TARTAN_NUM_BITS == 64 ? MPI_INT64_T : MPI_INT32_T; }

int Dist::owner(Num glb) const {
  // procvrttab is sorted; the owner is the last rank whose block starts at or before glb
  // (empty blocks share their start with the next rank's, upper_bound skips them).
  auto it = std::upper_bound(procvrttab.begin(), procvrttab.end(), glb);
  return static_cast<int>(it - procvrttab.begin()) - 1;
}

void Dist::set_distribution() {
  std::vector<Num> counts(size);
  MPI_Allgather(&vertlocnbr, 1, num_type(), counts.data(), 1, num_type(), comm);
  procvrttab.assign(size + 1, 0);
  for (int r = 0; r < size; ++r) procvrttab[r + 1] = procvrttab[r] + counts[r];
}

void wait_idle(MPI_Request *request) {
  // A few tests first (the others are usually there already), then naps between tests,
  // doubling up to kLongestNap: a rank done with its share of a local step (its domain
  // mapped, or nothing to do while the first rank of its group refines a band or reads a
  // file) leaves its core to the others instead of polling, and answers at most kLongestNap
  // late.
  constexpr int kTests = 64;
  constexpr long kFirstNap = 20000, kLongestNap = 1000000;  // nanoseconds
  int done = 0;
  for (int test = 0; test < kTests && !done; ++test) MPI_Test(request, &done, MPI_STATUS_IGNORE);
  for (long nap = kFirstNap; !done; nap = std::min(2 * nap, kLongestNap)) {
    const timespec pause{0, nap};
    nanosleep(&pause, nullptr);
    MPI_Test(request, &done, MPI_STATUS_IGNORE);
  }
}

int agree(MPI_Comm comm, int code, const std::string &message, std::string *agreed) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  int local[2] = {code, code != 0 ? rank : size};
  int global[2] = {0, 0};
  // Smallest code (all codes are negative), lowest failing rank: both minima in one reduction.
  MPI_Request request;
  MPI_Iallreduce(local, global, 2, MPI_INT, MPI_MIN, comm, &request);
  wait_idle(&request);
  if (global[0] == 0) return 0;
  int length = global[1] == rank ? static_cast<int>(message.size()) : 0;
  MPI_Bcast(&length, 1, MPI_INT, global[1], comm);
  std::string text(length, '\0');
  if (global[1] == rank) text = message;
  MPI_Bcast(text.data(), length, MPI_CHAR, global[1], comm);
  *agreed = "rank " + std::to_string(global[1]) + ": " + text;
  return global[0];
}

std::vector<Num> exchange(MPI_Comm comm, const std::vector<Num> &sendbuf,
                          const std::vector<int> &sendcounts, std::vector<int> *recvcounts) {
  int size = static_cast<int>(sendcounts.size());
  recvcounts->assign(size, 0);
  MPI_Alltoall(sendcounts.data(), 1, MPI_INT, recvcounts->data(), 1, MPI_INT, comm);
  std::vector<int> sdispls(size, 0), rdispls(size, 0);
  for (int r = 1; r < size; ++r) {
    sdispls[r] = sdispls[r - 1] + sendcounts[r - 1];
    rdispls[r] = rdispls[r - 1] + (*recvcounts)[r - 1];
  }
  std::vector<Num> recvbuf =
      big_vector<Num>(static_cast<std::size_t>(rdispls[size - 1]) + (*recvcounts)[size - 1]);
  MPI_Alltoallv(sendbuf.data(), sendcounts.data(), sdispls.data(), num_type(), recvbuf.data(),
                recvcounts->data(), rdispls.data(), num_type(), comm);
  return recvbuf;
}

void check_local(const Dist &dist, Num baseval) {
  Num glb = dist.vertglbnbr();
  for (Num v = 0; v < dist.vertlocnbr; ++v) {
    Num name = dist.vertfrst() + v + baseval;
    if (dist.veloloctab[v] < 0)
      throw Error{TARTAN_EINVAL, "vertex " + std::to_string(name) + " has a negative load"};
    for (Num e = dist.vertloctab[v]; e < dist.vertloctab[v + 1]; ++e) {
      Num u = dist.edgeloctab[e];
      if (u < 0 || u >= glb)
        throw Error{TARTAN_EINVAL, "vertex " + std::to_string(name) + " has a neighbour " +
                                       std::to_string(u + baseval) + " outside [" +
                                       std::to_string(baseval) + ", " +
                                       std::to_string(glb + baseval) + ")"};
      if (u == dist.vertfrst() + v)
        throw Error{TARTAN_EINVAL, "vertex " + std::to_string(name) + " has a self loop"};
      if (dist.edloloctab[e] < 0)
        throw Error{TARTAN_EINVAL, "vertex " + std::to_string(name) +
                                       " has an arc of negative weight"};
    }
  }
}

int check_symmetry(const Dist &dist, Num baseval, std::string *message) {
  // Every arc v -> u needs the arc u -> v with the same weight. An arc whose end u is on this
  // rank is looked up here; the others ask u's rank, as triples (u, v, w) grouped by owner(u).
  // (Sending every arc, its own rank's included, took 3 words per arc each way: on the 200^3
  // mesh on 2 ranks, the check was a tenth of rank 0's page faults.)
  const auto here = [&](Num u) { return u >= dist.vertfrst() && u < dist.vertfrst() + dist.vertlocnbr; };
  std::vector<int> counts(dist.size, 0);
  for (Num u : dist.edgeloctab)
    if (!here(u)) counts[dist.owner(u)] += 3;
  std::vector<int> offsets(dist.size, 0);
  for (int r = 1; r < dist.size; ++r) offsets[r] = offsets[r - 1] + counts[r - 1];
  std::vector<Num> sendbuf =
      big_vector<Num>(static_cast<std::size_t>(offsets[dist.size - 1]) + counts[dist.size - 1]);
  for (Num v = 0; v < dist.vertlocnbr; ++v)
    for (Num e = dist.vertloctab[v]; e < dist.vertloctab[v + 1]; ++e) {
      if (here(dist.edgeloctab[e])) continue;
      int &o = offsets[dist.owner(dist.edgeloctab[e])];
      sendbuf[o++] = dist.edgeloctab[e];
      sendbuf[o++] = dist.vertfrst() + v;
      sendbuf[o++] = dist.edloloctab[e];
    }
  std::vector<int> recvcounts;
  const std::vector<Num> recv = exchange(dist.comm, sendbuf, counts, &recvcounts);
  // This rank's arcs as (end, weight) pairs sorted within each source's range, for lookups
  // (per-vertex sorts: cheaper than one sort of every arc, and no high degree is quadratic).
  std::vector<std::pair<Num, Num>> arcs = big_vector<std::pair<Num, Num>>(dist.edgeloctab.size());
  for (Num v = 0; v < dist.vertlocnbr; ++v) {
    for (Num e = dist.vertloctab[v]; e < dist.vertloctab[v + 1]; ++e)
      arcs[e] = {dist.edgeloctab[e], dist.edloloctab[e]};
    std::sort(arcs.begin() + dist.vertloctab[v], arcs.begin() + dist.vertloctab[v + 1]);
  }
  int code = 0;
  std::string text;
  // Whether the local vertex u (global number) has the arc back to v (global) of weight w.
  const auto has_arc_back = [&](Num u_global, Num v, Num w) {
    const Num u = u_global - dist.vertfrst();
    const auto first = arcs.begin() + dist.vertloctab[u], last = arcs.begin() + dist.vertloctab[u + 1];
    auto it = std::lower_bound(first, last, std::make_pair(v, std::numeric_limits<Num>::min()));
    if (it == last || it->first != v) {
      code = TARTAN_EINVAL;
      text = "vertex " + std::to_string(v + baseval) + " has an arc to vertex " +
             std::to_string(u_global + baseval) + " that has no arc back (asymmetric graph)";
      return false;
    }
    if (it->second != w) {
      code = TARTAN_EINVAL;
      text = "the arcs between vertices " + std::to_string(u_global + baseval) + " and " +
             std::to_string(v + baseval) + " have different weights (" + std::to_string(it->second) +
             " and " + std::to_string(w) + ")";
      return false;
    }
    return true;
  };
  for (Num v = 0; v < dist.vertlocnbr && code == 0; ++v)
    for (Num e = dist.vertloctab[v]; e < dist.vertloctab[v + 1]; ++e)
      if (here(dist.edgeloctab[e]) &&
          !has_arc_back(dist.edgeloctab[e], dist.vertfrst() + v, dist.edloloctab[e]))
        break;
  for (std::size_t i = 0; code == 0 && i + 2 < recv.size(); i += 3)
    has_arc_back(recv[i], recv[i + 1], recv[i + 2]);
  // Sums must fit in TARTAN_Num: vertex loads and arc weights, summed in long double (exact
  // far beyond TARTAN_NUMMAX for non-negative integers).
  {  // on every rank, whatever its own outcome: a collective
    long double velo = 0, edlo = 0;
    for (Num x : dist.veloloctab) velo += x;
    for (Num x : dist.edloloctab) edlo += x;
    long double local[2] = {velo, edlo}, global[2] = {0, 0};
    MPI_Allreduce(local, global, 2, MPI_LONG_DOUBLE, MPI_SUM, dist.comm);
    if (code == 0 && (global[0] > static_cast<long double>(TARTAN_NUMMAX) ||
                      global[1] > static_cast<long double>(TARTAN_NUMMAX))) {
      code = TARTAN_EOVERFLOW;
      text = "the sum of vertex loads or arc weights exceeds TARTAN_Num";
    }
  }
  *message = text;
  return code;
}

int guard(const std::function<int()> &body) {
  int code = 0;
  std::string message;
  try {
    code = body();
  } catch (const Agreed &error) {
    code = error.code;
    message = error.message;
  } catch (const Error &error) {
    code = error.code;
    message = error.message;
  } catch (const std::bad_alloc &) {
    code = TARTAN_ENOMEM;
    message = "out of memory";
  } catch (...) {
    code = TARTAN_EINTERNAL;
    message = "unexpected exception";
  }
  last_message = code != 0 ? message : std::string();
  return code;
}

DgraphImpl *unwrap(const TARTAN_Dgraph *dgraph) {
  if (dgraph == nullptr || dgraph->opaque_[0] != kCheckWord) return nullptr;
  DgraphImpl *impl = nullptr;
  std::memcpy(&impl, &dgraph->opaque_[1], sizeof impl);
  return impl;
}

DgraphImpl &need(const TARTAN_Dgraph *dgraph, bool built) {
  DgraphImpl *impl = unwrap(dgraph);
  if (impl == nullptr) throw Error{TARTAN_EHANDLE, "distributed graph not initialised or exited"};
  if (built && !impl->built)
    throw Error{TARTAN_EINVAL, "distributed graph is empty (no Build or Load yet)"};
  return *impl;
}

const char *error_text() { return last_message.c_str(); }

namespace {

void build_local(DgraphImpl &g, Num baseval, Num vertlocnbr, const Num *vertloctab,
           const Num *vendloctab, const Num *veloloctab, Num edgelocnbr, const Num *edgeloctab,
           const Num *edloloctab) {
  if (baseval != 0 && baseval != 1) throw Error{TARTAN_EINVAL, "baseval must be 0 or 1"};
  if (vertlocnbr < 0 || edgelocnbr < 0) throw Error{TARTAN_EINVAL, "negative vertex or arc count"};
  if (vertloctab == nullptr || (edgelocnbr > 0 && edgeloctab == nullptr))
    throw Error{TARTAN_EINVAL, "vertloctab or edgeloctab is NULL"};
  Dist &d = g.dist;
  d.vertlocnbr = vertlocnbr;
  assign_big(d.vertloctab, vertlocnbr + 1, Num{0});
  assign_big(d.veloloctab, vertlocnbr, Num{1});
  d.edgeloctab.clear();
  d.edloloctab.clear();
  reserve_big(d.edgeloctab, edgelocnbr);
  reserve_big(d.edloloctab, edgelocnbr);
  for (Num v = 0; v < vertlocnbr; ++v) {
    Num start = vertloctab[v] - baseval;
    Num end = (vendloctab != nullptr ? vendloctab[v] : vertloctab[v + 1]) - baseval;
    if (start < 0 || end < start || end > edgelocnbr)
      throw Error{TARTAN_EINVAL, "local vertex " + std::to_string(v + baseval) +
                                     ": arc range [" + std::to_string(start + baseval) + ", " +
                                     std::to_string(end + baseval) + ") outside the " +
                                     std::to_string(edgelocnbr) + " arcs"};
    if (veloloctab != nullptr) d.veloloctab[v] = veloloctab[v];
    for (Num e = start; e < end; ++e) {
      d.edgeloctab.push_back(edgeloctab[e] - baseval);
      d.edloloctab.push_back(edloloctab != nullptr ? edloloctab[e] : 1);
    }
    d.vertloctab[v + 1] = static_cast<Num>(d.edgeloctab.size());
  }
}

}  // namespace

void build_graph(DgraphImpl &g, Num baseval, Num vertlocnbr, const Num *vertloctab,
                 const Num *vendloctab, const Num *veloloctab, Num edgelocnbr,
                 const Num *edgeloctab, const Num *edloloctab) {
  g.built = false;
  local_step(g.dist.comm, [&] {
    build_local(g, baseval, vertlocnbr, vertloctab, vendloctab, veloloctab, edgelocnbr,
                edgeloctab, edloloctab);
  });
  Num bases[2] = {baseval, -baseval}, extremes[2] = {0, 0};
  MPI_Allreduce(bases, extremes, 2, num_type(), MPI_MAX, g.dist.comm);
  if (extremes[0] != -extremes[1])
    throw Agreed{TARTAN_EINVAL, "baseval differs between ranks"};
  finish_build(g, baseval);
  // Neighbour ranges need the global count: checked once it is known.
  local_step(g.dist.comm, [&] {
    Num glb = g.dist.vertglbnbr();
    for (Num v = 0; v < g.dist.vertlocnbr; ++v)
      for (Num e = g.dist.vertloctab[v]; e < g.dist.vertloctab[v + 1]; ++e)
        if (g.dist.edgeloctab[e] < 0 || g.dist.edgeloctab[e] >= glb)
          throw Error{TARTAN_EINVAL, "vertex " + std::to_string(g.dist.vertfrst() + v + baseval) +
                                         " has a neighbour " +
                                         std::to_string(g.dist.edgeloctab[e] + baseval) +
                                         " outside [" + std::to_string(baseval) + ", " +
                                         std::to_string(glb + baseval) + ")"};
  });
  g.built = true;
}

void finish_build(DgraphImpl &g, Num baseval) {
  g.baseval = baseval;
  g.dist.set_distribution();
  Num local = static_cast<Num>(g.dist.edgeloctab.size());
  MPI_Allreduce(&local, &g.edgeglbnbr, 1, num_type(), MPI_SUM, g.dist.comm);
}

void check_graph(const DgraphImpl &g) {
  local_step(g.dist.comm, [&] { check_local(g.dist, g.baseval); });
  std::string message;
  int code = check_symmetry(g.dist, g.baseval, &message);
  local_step(g.dist.comm, [&] {
    if (code != 0) throw Error{code, message};
  });
}

WholeGraph gather_whole(const Dist &d, bool everywhere) {
  // The gathering ranks learn every rank's vertex and arc counts, then receive the degrees,
  // loads, ends and weights.
  std::vector<int> vcounts(d.size), ecounts(d.size), vdispl(d.size, 0), edispl(d.size, 0);
  int vloc = static_cast<int>(d.vertlocnbr), eloc = static_cast<int>(d.edgeloctab.size());
  MPI_Allgather(&vloc, 1, MPI_INT, vcounts.data(), 1, MPI_INT, d.comm);
  MPI_Allgather(&eloc, 1, MPI_INT, ecounts.data(), 1, MPI_INT, d.comm);
  for (int r = 1; r < d.size; ++r) {
    vdispl[r] = vdispl[r - 1] + vcounts[r - 1];
    edispl[r] = edispl[r - 1] + ecounts[r - 1];
  }
  const bool here = everywhere || d.rank == 0;
  const Num n = here ? d.vertglbnbr() : 0,
            m = here ? static_cast<Num>(edispl[d.size - 1]) + ecounts[d.size - 1] : 0;
  std::vector<Num> degree = big_vector<Num>(d.vertlocnbr);
  for (Num v = 0; v < d.vertlocnbr; ++v) degree[v] = d.vertloctab[v + 1] - d.vertloctab[v];
  WholeGraph whole{big_vector<Num>(here ? n + 1 : 0), big_vector<Num>(n), big_vector<Num>(m),
                   big_vector<Num>(m)};
  const auto gather = [&](const Num *local, int count, Num *all, const std::vector<int> &counts,
                          const std::vector<int> &displ) {
    if (everywhere)
      MPI_Allgatherv(local, count, num_type(), all, counts.data(), displ.data(), num_type(), d.comm);
    else
      MPI_Gatherv(local, count, num_type(), all, counts.data(), displ.data(), num_type(), 0, d.comm);
  };
  gather(degree.data(), vloc, here ? whole.vert.data() + 1 : nullptr, vcounts, vdispl);
  gather(d.veloloctab.data(), vloc, whole.velo.data(), vcounts, vdispl);
  gather(d.edgeloctab.data(), eloc, whole.edge.data(), ecounts, edispl);
  gather(d.edloloctab.data(), eloc, whole.edlo.data(), ecounts, edispl);
  for (Num v = 0; v < n; ++v) whole.vert[v + 1] += whole.vert[v];
  return whole;
}

void gather_graph(DgraphImpl &g, TARTAN_Graph *cgraph) {
  // Ranks without cgraph take part and drop the result.
  WholeGraph whole = gather_whole(g.dist, true);
  local_step(g.dist.comm, [&] {
    if (cgraph == nullptr) {
      g.gather_vert = {};
      g.gather_velo = {};
      g.gather_edge = {};
      g.gather_edlo = {};
      return;
    }
    g.gather_vert = std::move(whole.vert);
    g.gather_velo = std::move(whole.velo);
    g.gather_edge = std::move(whole.edge);
    g.gather_edlo = std::move(whole.edlo);
    for (Num &start : g.gather_vert) start += g.baseval;
    for (Num &u : g.gather_edge) u += g.baseval;
    const Num vglb = static_cast<Num>(g.gather_velo.size());
    if (TARTAN_graphBuild(cgraph, g.baseval, vglb, g.gather_vert.data(), nullptr,
                          g.gather_velo.data(), nullptr, g.edgeglbnbr, g.gather_edge.data(),
                          g.gather_edlo.data()) != 0)
      throw Error{TARTAN_EINVAL, std::string("gathered graph: ") + TARTAN_errorMessage()};
  });
}

}  // namespace tartan_mpi

using namespace tartan_mpi;

extern "C" {

TARTAN_MPI_API const char *TARTAN_mpiErrorMessage(void) { return tartan_mpi::error_text(); }

TARTAN_MPI_API int TARTAN_dgraphSizeof(void) { return static_cast<int>(sizeof(TARTAN_Dgraph)); }

TARTAN_MPI_API int TARTAN_dgraphInit(TARTAN_Dgraph *dgraph, MPI_Comm comm) {
  return guard([&] {
    int initialised = 0;
    MPI_Initialized(&initialised);
    if (dgraph == nullptr || comm == MPI_COMM_NULL || !initialised)
      throw Error{TARTAN_EINVAL, "NULL handle, MPI_COMM_NULL or MPI not initialised"};
    auto impl = std::make_unique<DgraphImpl>();
    MPI_Comm_dup(comm, &impl->dist.comm);
    MPI_Comm_rank(impl->dist.comm, &impl->dist.rank);
    MPI_Comm_size(impl->dist.comm, &impl->dist.size);
    impl->dist.procvrttab.assign(impl->dist.size + 1, 0);
    std::memset(dgraph, 0, sizeof *dgraph);
    dgraph->opaque_[0] = kCheckWord;
    DgraphImpl *raw = impl.release();
    std::memcpy(&dgraph->opaque_[1], &raw, sizeof raw);
    return 0;
  });
}

TARTAN_MPI_API void TARTAN_dgraphExit(TARTAN_Dgraph *dgraph) {
  DgraphImpl *impl = unwrap(dgraph);
  if (impl == nullptr) return;
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized) MPI_Comm_free(&impl->dist.comm);
  delete impl;
  std::memset(dgraph, 0, sizeof *dgraph);
}

TARTAN_MPI_API int TARTAN_dgraphBuild(TARTAN_Dgraph *dgraph, TARTAN_Num baseval,
                                  TARTAN_Num vertlocnbr, const TARTAN_Num *vertloctab,
                                  const TARTAN_Num *vendloctab, const TARTAN_Num *veloloctab,
                                  TARTAN_Num edgelocnbr, const TARTAN_Num *edgeloctab,
                                  const TARTAN_Num *edloloctab) {
  return guard([&] {
    DgraphImpl &g = need(dgraph, false);
    build_graph(g, baseval, vertlocnbr, vertloctab, vendloctab, veloloctab, edgelocnbr,
                edgeloctab, edloloctab);
    return 0;
  });
}

TARTAN_MPI_API int TARTAN_dgraphCheck(const TARTAN_Dgraph *dgraph) {
  return guard([&] {
    check_graph(need(dgraph, true));
    return 0;
  });
}

TARTAN_MPI_API void TARTAN_dgraphSize(const TARTAN_Dgraph *dgraph, TARTAN_Num *vertglbnbr,
                                  TARTAN_Num *vertlocnbr, TARTAN_Num *edgeglbnbr,
                                  TARTAN_Num *edgelocnbr) {
  DgraphImpl *impl = unwrap(dgraph);
  if (vertglbnbr != nullptr) *vertglbnbr = impl != nullptr ? impl->dist.vertglbnbr() : 0;
  if (vertlocnbr != nullptr) *vertlocnbr = impl != nullptr ? impl->dist.vertlocnbr : 0;
  if (edgeglbnbr != nullptr) *edgeglbnbr = impl != nullptr ? impl->edgeglbnbr : 0;
  if (edgelocnbr != nullptr)
    *edgelocnbr = impl != nullptr ? static_cast<Num>(impl->dist.edgeloctab.size()) : 0;
}

TARTAN_MPI_API TARTAN_Num TARTAN_dgraphVertStart(const TARTAN_Dgraph *dgraph) {
  DgraphImpl *impl = unwrap(dgraph);
  return impl != nullptr ? impl->dist.vertfrst() + impl->baseval : -1;
}

TARTAN_MPI_API int TARTAN_dgraphGather(TARTAN_Dgraph *dgraph, TARTAN_Graph *cgraph) {
  return guard([&] {
    gather_graph(need(dgraph, true), cgraph);
    return 0;
  });
}

}  // extern "C"
