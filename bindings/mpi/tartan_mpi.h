/*
 * tartan_mpi.h: Tartan's distributed graphs and parallel mapping over MPI (libtartan-mpi,
 * libtartan64-mpi in an --enable-int64 build; pkg-config tartan-mpi / tartan64-mpi).
 * PT-SCOTCH's shape: a TARTAN_Dgraph holds, on each rank of a communicator, a contiguous block
 * of the vertices of one graph with their arcs, neighbours given by global number.
 *
 * Conventions (doc/mpi.md):
 *  - Every function taking a TARTAN_Dgraph is collective over its communicator: all ranks
 *    call it, in the same order. Errors are collective too: when the input of one rank is
 *    bad, every rank returns the same TARTAN_E* code and TARTAN_mpiErrorMessage() gives, on
 *    every rank, the same message naming the rank (and the vertex) at fault. No call hangs on
 *    a bad input.
 *  - Codes are libtartan's (TARTAN_EINVAL, TARTAN_ENOMEM, TARTAN_EIO, TARTAN_EFORMAT, ...).
 *  - MPI must be initialised (any thread level, MPI_THREAD_SINGLE suffices: the library calls
 *    MPI only from the calling thread) and stay so until TARTAN_dgraphExit.
 *  - The library never prints, exits or aborts the job.
 * No Fortran or Python binding of this layer exists today (doc/mpi.md).
 */
#ifndef TARTAN_MPI_H
#define TARTAN_MPI_H

#include <mpi.h>

#include "tartan.h"

/* Export macro, as TARTAN_API in tartan.h: the library is built with hidden visibility. */
#if defined(TARTAN_MPI_BUILDING_LIBRARY) && defined(__GNUC__)
#define TARTAN_MPI_API __attribute__((visibility("default")))
#else
#define TARTAN_MPI_API
#endif

/** A distributed graph handle: fixed size, a check word and a pointer (as TARTAN_Graph). */
typedef struct { uint64_t opaque_[8]; } TARTAN_Dgraph;

#ifdef __cplusplus
extern "C" {
#endif

/** The message of the last error of this layer in the calling thread (the same on every rank
 *  of a collective call that failed), "" if none. Valid until the next call of this layer. */
TARTAN_MPI_API const char *TARTAN_mpiErrorMessage(void);

/** Size in bytes of TARTAN_Dgraph. */
TARTAN_MPI_API int TARTAN_dgraphSizeof(void);
/** Makes an empty distributed graph over a duplicate of comm (collective over comm).
 *  Errors: TARTAN_EINVAL (NULL handle, MPI_COMM_NULL, MPI not initialised). */
TARTAN_MPI_API int TARTAN_dgraphInit(TARTAN_Dgraph *dgraph, MPI_Comm comm);
/** Frees what the graph owns and its communicator (collective); harmless on an exited or
 *  zeroed handle. */
TARTAN_MPI_API void TARTAN_dgraphExit(TARTAN_Dgraph *dgraph);

/** Builds the local part of a distributed graph from this rank's arrays, as SCOTCH_dgraphBuild
 *  does: this rank holds vertlocnbr vertices, the ranks' blocks following each other in rank
 *  order (rank 0 holds global vertices baseval .. baseval + its vertlocnbr - 1, and so on).
 *  baseval: 0 or 1, the same on every rank. vertloctab: vertlocnbr + 1 entries (compact) when
 *  vendloctab is NULL, else vertlocnbr starts and vendloctab the ends; indices into edgeloctab
 *  counted from baseval. edgeloctab: the global numbers of the arcs' ends (edgelocnbr arcs).
 *  veloloctab, edloloctab may be NULL (unit loads). The arrays are copied (into 0-based
 *  form): the caller may free them after the call. Checks sizes, base, monotone indices and
 *  neighbour ranges; TARTAN_dgraphCheck checks symmetry across ranks.
 *  Errors (collective): TARTAN_EINVAL naming the rank and vertex, TARTAN_EOVERFLOW, ENOMEM. */
TARTAN_MPI_API int TARTAN_dgraphBuild(TARTAN_Dgraph *dgraph, TARTAN_Num baseval,
                                  TARTAN_Num vertlocnbr, const TARTAN_Num *vertloctab,
                                  const TARTAN_Num *vendloctab, const TARTAN_Num *veloloctab,
                                  TARTAN_Num edgelocnbr, const TARTAN_Num *edgeloctab,
                                  const TARTAN_Num *edloloctab);
/** Loads a distributed graph. A path containing "%r" names one SCOTCH distributed graph file
 *  (.dgr, version 2) per rank, "%r" replaced by the rank number: the file's process count
 *  must be the communicator's size and its rank number this rank's. Any other path is a
 *  centralised .grf (gzip-compressed if libtartan was built with zlib) that rank 0 reads and
 *  scatters in contiguous blocks of nearly equal vertex counts. baseval: -1 keeps the file's,
 *  0 or 1 renumbers; flags as TARTAN_graphLoad (bit 1 drops vertex loads, bit 2 edge loads).
 *  Vertex labels are not kept. Errors (collective): TARTAN_EIO, TARTAN_EFORMAT (naming the
 *  rank, file and line), TARTAN_EINVAL. */
TARTAN_MPI_API int TARTAN_dgraphLoad(TARTAN_Dgraph *dgraph, const char *path, TARTAN_Num baseval,
                                 TARTAN_Num flags);
/** Full consistency check across ranks: every arc u -> v has its reverse v -> u on v's rank
 *  with the same weight, no self loops, non-negative loads, sums within TARTAN_Num.
 *  Errors (collective): TARTAN_EINVAL with the first rank at fault and its vertex (global
 *  number, in the graph's base), TARTAN_EOVERFLOW. */
TARTAN_MPI_API int TARTAN_dgraphCheck(const TARTAN_Dgraph *dgraph);
/** Sizes: global and local vertex and arc counts (any pointer may be NULL). Not collective. */
TARTAN_MPI_API void TARTAN_dgraphSize(const TARTAN_Dgraph *dgraph, TARTAN_Num *vertglbnbr,
                                  TARTAN_Num *vertlocnbr, TARTAN_Num *edgeglbnbr,
                                  TARTAN_Num *edgelocnbr);
/** Global number (in the graph's base) of this rank's first vertex; -1 on a bad handle. */
TARTAN_MPI_API TARTAN_Num TARTAN_dgraphVertStart(const TARTAN_Dgraph *dgraph);
/** Gathers the whole graph onto every rank whose cgraph is not NULL (collective): cgraph,
 *  initialised by the caller, is built over arrays that the distributed graph keeps (valid
 *  until its next Gather or its Exit), in the distributed graph's base.
 *  Errors (collective): TARTAN_EINVAL, TARTAN_ENOMEM. */
TARTAN_MPI_API int TARTAN_dgraphGather(TARTAN_Dgraph *dgraph, TARTAN_Graph *cgraph);
/** Maps the distributed graph onto arch: partloctab (vertlocnbr entries, written) receives the
 *  terminal of each local vertex. Parallel multilevel (doc/mpi.md): heavy-edge matching across
 *  ranks, contraction, the coarse graph folded onto fewer ranks as it shrinks; the coarsest
 *  graph is mapped by TARTAN_graphMap with strat (NULL: the default strategy) on up to four
 *  ranks, each on its own deterministic relabelling of it, the cheapest kept (ties: lowest
 *  rank); then projection and parallel k-way refinement at each level, which never raises the
 *  worst load-to-capacity ratio above the coarsest mapping's. Targets whose bipartition tree
 *  splits into equidistant domains (tree leaves, complete graphs) are instead bipartitioned
 *  recursively into domains (in parallel, or, for a domain of at most 2^23 vertices and 2^26
 *  arcs cut by a group of two or three ranks or holding at most 2^18 vertices per rank of its
 *  group, by the sequential engine on one rank of the group; the environment variable
 *  TARTAN_MPI_GATHER_PER_RANK, read on rank 0, sets that per-rank bound: a whole number from 0
 *  to 2^40, 0 for none), each domain then mapped whole by TARTAN_graphMap with strat; with
 *  strat NULL, as the sequential default maps that part of the whole graph (its second
 *  bipartitioning runs on the whole target's first four levels only), where a strategy
 *  holding the default (TARTAN_stratInit) maps each domain as a graph of its own: costs
 *  within about 1 %, more time. The same graph distribution, target, strategy and seed give
 *  the same partloctab. The graph is checked first as TARTAN_dgraphCheck does. arch must be
 *  fixed-size and the same on every rank.
 *  Errors (collective): TARTAN_EINVAL (NULL arguments, bad graph, variable-sized target, a
 *  malformed TARTAN_MPI_GATHER_PER_RANK, and those of TARTAN_graphMap), TARTAN_EHANDLE,
 *  TARTAN_ENOMEM, TARTAN_EOVERFLOW. */
TARTAN_MPI_API int TARTAN_dgraphMap(TARTAN_Dgraph *dgraph, const TARTAN_Arch *arch,
                                TARTAN_Strat *strat, TARTAN_Num *partloctab);

/* ---------------------------------------------------------------------------------------- */
/* Rank reordering (doc/mpi-reorder.md)                                                      */
/* ---------------------------------------------------------------------------------------- */
/** nbrnbr value of TARTAN_mpiReorder / TARTAN_mpiReorderPerm: read the neighbours from comm's
 *  distributed-graph topology (MPI_Dist_graph_create or _adjacent) instead of nbrtab. */
#define TARTAN_MPI_DISTGRAPH (-1)

/** Rank reordering, collective over the intracommunicator comm: computes a permutation of its
 *  ranks that lowers the mapping cost of their communication graph on the target, and returns
 *  it in permtab (size of comm entries, on every rank): permtab[r] is the new rank of rank r,
 *  so that the process with new rank i plays the part rank i described (its neighbours).
 *  The graph: this rank's nbrnbr neighbour ranks in nbrtab with weights wgttab (NULL: 1 each;
 *  weights >= 0), undirected (a pair listed by both its ranks must have the same weight
 *  there, else TARTAN_EINVAL; a rank listed several times has its weights summed; self-loops
 *  and zero weights ignored); or nbrnbr = TARTAN_MPI_DISTGRAPH: comm's distributed graph, its
 *  out-arcs with their weights (1 when unweighted), a pair weighing the sum of both directions.
 *  The target: arch on every rank (rank 0's is used; slot r, where rank r runs now, is
 *  terminal r; more terminals than ranks: the first ones), or NULL on every rank: the machine
 *  the job runs on (hwloc on each node: doc/mpi-reorder.md says how it is built and where the
 *  ranks are taken to sit). The graph is gathered and mapped on rank 0 one rank per slot;
 *  the identity is kept when nothing cheaper is found, so the cost never rises.
 *  costtab (may be NULL): 2 entries, the cost (sum over edges of weight x distance) of the
 *  identity placement and of the permutation. Deterministic: same graph, target and rank
 *  count, same permutation.
 *  Errors, the same code and TARTAN_mpiErrorMessage() on every rank: TARTAN_EINVAL (a
 *  neighbour that is no rank of comm, negative weight or count, asymmetric weights, a target
 *  with fewer terminals than ranks or variable-sized, some ranks passing a target and others
 *  NULL, TARTAN_MPI_DISTGRAPH without that topology, NULL nbrtab with nbrnbr > 0, NULL
 *  permtab on any rank), TARTAN_ENOTSUP (the default target in a libtartan without hwloc, or
 *  nodes whose hwloc trees differ in levels or link costs), TARTAN_EOVERFLOW, TARTAN_ENOMEM.
 *  MPI_COMM_NULL or an intercommunicator: TARTAN_EINVAL without communication. */
TARTAN_MPI_API int TARTAN_mpiReorderPerm(MPI_Comm comm, int nbrnbr, const int *nbrtab,
                                         const int *wgttab, const TARTAN_Arch *arch,
                                         int *permtab, int64_t *costtab);
/** TARTAN_mpiReorderPerm, then *newcomm = a new communicator (MPI_Comm_split of comm) in which
 *  every process has rank permtab[its rank in comm]; free it with MPI_Comm_free. No topology
 *  is attached to it. Errors as TARTAN_mpiReorderPerm, and TARTAN_EINVAL for a NULL newcomm
 *  on any rank; on error *newcomm is MPI_COMM_NULL. */
TARTAN_MPI_API int TARTAN_mpiReorder(MPI_Comm comm, int nbrnbr, const int *nbrtab,
                                     const int *wgttab, const TARTAN_Arch *arch,
                                     MPI_Comm *newcomm);

#ifdef __cplusplus
}
#endif

#endif /* TARTAN_MPI_H */
