// Internals of libtartan-mpi, a client of tartan.h and of src/common/big_arrays (the bottom
// layer's memory helper, compiled in): the distributed graph behind a TARTAN_Dgraph,
// collective error agreement, and the exchange helpers the loader and the parallel mapper
// share. Everything is 0-based inside; global vertex numbers are contiguous blocks in rank
// order (procvrttab).
#ifndef TARTAN_MPI_DGRAPH_HPP
#define TARTAN_MPI_DGRAPH_HPP

#include <cstdint>
#include <functional>
#include <new>
#include <string>
#include <vector>

#include "common/big_arrays.hpp"
#include "tartan_mpi.h"

namespace tartan_mpi {

// Arrays of a graph's size (levels, halos, exchange buffers) are allocated through these, as
// in the engine: advised for huge pages, so that their fresh pages do not fault one 4 KB page
// at a time.
using tartan::assign_big;
using tartan::assign_range_big;
using tartan::big_vector;
using tartan::reserve_big;

// Tartan handles released on every path, exceptions included.
struct OwnedArch {
  TARTAN_Arch handle;
  OwnedArch() { TARTAN_archInit(&handle); }
  ~OwnedArch() { TARTAN_archExit(&handle); }
  OwnedArch(const OwnedArch &) = delete;
  OwnedArch &operator=(const OwnedArch &) = delete;
};
struct OwnedGraph {
  TARTAN_Graph handle;
  OwnedGraph() { TARTAN_graphInit(&handle); }
  ~OwnedGraph() { TARTAN_graphExit(&handle); }
  OwnedGraph(const OwnedGraph &) = delete;
  OwnedGraph &operator=(const OwnedGraph &) = delete;
};
struct OwnedStrat {
  TARTAN_Strat handle;
  OwnedStrat() { TARTAN_stratInit(&handle); }
  ~OwnedStrat() { TARTAN_stratExit(&handle); }
  OwnedStrat(const OwnedStrat &) = delete;
  OwnedStrat &operator=(const OwnedStrat &) = delete;
};

using Num = TARTAN_Num;
MPI_Datatype num_type();

// A local error: thrown by validation code before any collective that could block; the
// public wrappers turn it into a collective code with agree().
struct Error {
  int code;
  std::string message;
};

// The distributed CSR: this rank's block of vertices, arcs to global numbers.
struct Dist {
  MPI_Comm comm = MPI_COMM_NULL;
  int rank = 0, size = 1;
  std::vector<Num> procvrttab;  // size + 1: rank r holds global vertices [procvrttab[r], procvrttab[r+1])
  Num vertlocnbr = 0;
  std::vector<Num> vertloctab;  // vertlocnbr + 1
  std::vector<Num> veloloctab;  // vertlocnbr
  std::vector<Num> edgeloctab;  // global ends
  std::vector<Num> edloloctab;  // arc weights
  Num vertglbnbr() const { return procvrttab.back(); }
  Num vertfrst() const { return procvrttab[rank]; }
  int owner(Num glb) const;  // rank holding global vertex glb
  // Sets procvrttab from every rank's vertlocnbr (collective).
  void set_distribution();
};

struct DgraphImpl {
  Dist dist;
  Num baseval = 0;
  Num edgeglbnbr = 0;
  bool built = false;
  // Arrays of the last TARTAN_dgraphGather, in the graph's base.
  std::vector<Num> gather_vert, gather_velo, gather_edge, gather_edlo;
};

// An error every rank of the communicator has agreed on (thrown by local_step on all ranks).
struct Agreed {
  int code;
  std::string message;
};

// Completes a nonblocking collective without holding the core while other ranks work
// (MPI_Wait polls): tests it, then sleeps between tests.
void wait_idle(MPI_Request *request);

// Collective agreement on the status of a step: every rank passes its local code (0 when
// fine) and message; all return the smallest code, with the message of the lowest failing
// rank prefixed by "rank R: ". Returns 0 when every rank succeeded.
int agree(MPI_Comm comm, int code, const std::string &message, std::string *agreed);

// Runs a local step (validation, reading, sequential work) on every rank, then agrees on its
// outcome: if any rank threw Error or bad_alloc, every rank throws the same Agreed.
template <typename Step>
void local_step(MPI_Comm comm, Step step) {
  int code = 0;
  std::string message;
  try {
    step();
  } catch (const Error &error) {
    code = error.code;
    message = error.message;
  } catch (const std::bad_alloc &) {
    code = TARTAN_ENOMEM;
    message = "out of memory";
  }
  std::string agreed;
  if (int result = agree(comm, code, message, &agreed)) throw Agreed{result, agreed};
}

// The body of a public function: runs body() and returns its code, turning Agreed (the same
// on every rank), Error thrown outside local_step (a bad handle: local), bad_alloc (local,
// out of memory inside a collective step) into codes and recording the message for
// TARTAN_mpiErrorMessage.
int guard(const std::function<int()> &body);

const char *error_text();
// Collective steps of the public functions (dgraph.cpp, dgraph_io.cpp, dgraph_map.cpp).
void build_graph(DgraphImpl &g, Num baseval, Num vertlocnbr, const Num *vertloctab,
                 const Num *vendloctab, const Num *veloloctab, Num edgelocnbr,
                 const Num *edgeloctab, const Num *edloloctab);
// After the local arrays of g.dist are set on every rank: base, distribution, global counts.
void finish_build(DgraphImpl &g, Num baseval);
void check_graph(const DgraphImpl &g);
void gather_graph(DgraphImpl &g, TARTAN_Graph *cgraph);
// The whole graph of dist on every rank, or on rank 0 only (the others get empty arrays)
// (collective), base 0 in global numbers: vert holds the n + 1 arc starts, velo and edge/edlo
// the loads, ends and weights.
struct WholeGraph {
  std::vector<Num> vert, velo, edge, edlo;
};
WholeGraph gather_whole(const Dist &d, bool everywhere);
void load_graph(DgraphImpl &g, const char *path, Num baseval, Num flags);
void map_graph(DgraphImpl &g, const TARTAN_Arch *arch, TARTAN_Strat *strat, Num *partloctab);

DgraphImpl *unwrap(const TARTAN_Dgraph *dgraph);
// The graph behind a handle, or Error TARTAN_EHANDLE (also when nothing was built, if built).
DgraphImpl &need(const TARTAN_Dgraph *dgraph, bool built);

// All-to-all of variable-sized Num buffers: sendbuf grouped by destination rank
// (sendcounts), returns the received buffer grouped by source rank (recvcounts filled).
std::vector<Num> exchange(MPI_Comm comm, const std::vector<Num> &sendbuf,
                          const std::vector<int> &sendcounts, std::vector<int> *recvcounts);

// Checks the local arrays of a distribution (ranges, monotone indices, no self loops,
// non-negative weights) and throws Error naming the first bad vertex (global, in baseval).
void check_local(const Dist &dist, Num baseval);
// Full check: check_local, then symmetry of arcs and weights across ranks (collective; the
// caller has agreed on check_local's outcome first). Returns a code and message for agree().
int check_symmetry(const Dist &dist, Num baseval, std::string *message);

}  // namespace tartan_mpi

#endif
