/*
 * MPI rank reordering (TARTAN_mpiReorder, TARTAN_mpiReorderPerm): the ranks' communication
 * graph is gathered on rank 0 (one vertex per rank: small), mapped one rank per slot onto the
 * target whose slot r is where rank r runs now, and the permutation broadcast. A client of the
 * public API only (tartan.h), like the rest of libtartan-mpi.
 *
 * Mapping one vertex per terminal is the sparse quadratic assignment problem of Schulz and
 * Träff ("Better process mapping and sparse quadratic assignment"): J = sum over the edges of
 * weight x distance. Tartan's one-to-one methods solve it when the load bound leaves every
 * terminal room for one vertex (imbalance 0, unit loads: doc/strategy.md, "One-to-one mode");
 * TARTAN_graphRemap with the identity as old mapping and no migration cost keeps the identity
 * whenever the mapping found is not cheaper, so a reordering never raises the cost.
 *
 * Errors are collective: every check whose outcome may differ between ranks ends in
 * reorder_agree, which gives every rank the code and message of the lowest failing rank, so no
 * rank waits in a collective the others have left.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "tartan.h"
#include "tartan_mpi.h"

/* The strategy of the one-to-one mapping: Glantz et al.'s GreedyAllC construction and the
 * Top-Down construction of Schulz and Träff, each refined by pair exchanges among vertices at
 * most 10 hops apart (N_C^10, their best neighbourhood), the better kept. */
#define REORDER_STRATEGY "(gac;swap{nbh=comm,d=10}|topdown;swap{nbh=comm,d=10})"

/* Link cost between nodes of the default target: hwloc's "cluster" class default
 * (TARTAN_archHwloc's cost table). */
#define REORDER_NODE_COST 100

/* Deepest hwloc tree we accept per node (hwloc levels that branch: a dozen at most in
 * practice). */
#define REORDER_MAX_LEVELS 32

#define REORDER_MSG_SIZE 512

typedef struct {
  int code;
  char msg[REORDER_MSG_SIZE];
} ReorderStatus;

#if defined(__GNUC__)
static void status_set(ReorderStatus *st, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
#endif

/* Records the first error of a step; later ones are consequences. */
static void status_set(ReorderStatus *st, int code, const char *fmt, ...) {
  va_list ap;
  if (st->code != TARTAN_OK) return; /* keep the first error */
  st->code = code;
  va_start(ap, fmt);
  vsnprintf(st->msg, sizeof st->msg, fmt, ap);
  va_end(ap);
}

/* A libtartan call failed: keep its code and say which step with its message. */
static void status_tartan(ReorderStatus *st, int code, const char *what) {
  status_set(st, code, "%s: %s", what, TARTAN_errorMessage());
}

/* Every rank gets the code and message of the lowest rank that failed (TARTAN_OK if none). */
static int reorder_agree(MPI_Comm comm, ReorderStatus *st) {
  int rank, size, failed, first;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  failed = st->code != TARTAN_OK ? rank : size;
  MPI_Allreduce(&failed, &first, 1, MPI_INT, MPI_MIN, comm);
  if (first == size) return TARTAN_OK;
  MPI_Bcast(&st->code, 1, MPI_INT, first, comm);
  MPI_Bcast(st->msg, REORDER_MSG_SIZE, MPI_CHAR, first, comm);
  st->msg[REORDER_MSG_SIZE - 1] = '\0';
  return st->code;
}

/* ---- The job's machine (default target) ------------------------------------------------- */

/* One node's hwloc tree, as its leader sends it to rank 0. */
typedef struct {
  int64_t levlnbr;                      /* levels of the node's tree-leaf */
  int64_t sizetab[REORDER_MAX_LEVELS];  /* children per node of each level, top first */
  int64_t linktab[REORDER_MAX_LEVELS];  /* link cost of each level */
  int64_t punbr;                        /* PUs the node's processes may use */
  int64_t ranknbr;                      /* ranks of the job on the node */
} NodeInfo;

/* The tree-leaf behind an hwloc target, read from its .tgt text (doc: TARTAN_archSave writes
 * a "tleaf" or a "sub" listing the PUs' leaves followed by its "tleaf"), and where each of its
 * terminals sits among the tree's leaves (TARTAN_archShape). */
static void node_describe(const TARTAN_Arch *arch, NodeInfo *info, int64_t **leaftab,
                          ReorderStatus *st) {
  char *text = NULL, *tleaf;
  size_t textsize = 0;
  FILE *out;
  int shape, rc;
  TARTAN_Num dimnbr, nodenbr, termnbr, *place;
  long long levlnbr;
  int64_t i, pos;

  info->punbr = termnbr = TARTAN_archSize(arch);
  out = open_memstream(&text, &textsize);
  if (out == NULL) {
    status_set(st, TARTAN_ENOMEM, "no memory for this node's hwloc target text");
    return;
  }
  rc = TARTAN_archSave(arch, out);
  fclose(out);
  if (rc != TARTAN_OK) {
    free(text);
    status_tartan(st, rc, "saving this node's hwloc target");
    return;
  }
  tleaf = strstr(text, "tleaf");
  if (tleaf == NULL || sscanf(tleaf + 5, "%lld%n", &levlnbr, &rc) != 1 || levlnbr < 1 ||
      levlnbr > REORDER_MAX_LEVELS) {
    status_set(st, TARTAN_EINTERNAL, "this node's hwloc target is no tree-leaf: %.60s", text);
    free(text);
    return;
  }
  info->levlnbr = levlnbr;
  pos = (tleaf + 5 - text) + rc;
  for (i = 0; i < levlnbr; i++) {
    long long size, link;
    int used;
    if (sscanf(text + pos, "%lld%lld%n", &size, &link, &used) != 2) {
      status_set(st, TARTAN_EINTERNAL, "this node's hwloc tree-leaf is truncated: %.60s", text);
      free(text);
      return;
    }
    info->sizetab[i] = size;
    info->linktab[i] = link;
    pos += used;
  }
  free(text);

  place = malloc((size_t) termnbr * sizeof *place);
  *leaftab = malloc((size_t) termnbr * sizeof **leaftab);
  if (place == NULL || *leaftab == NULL) {
    free(place);
    status_set(st, TARTAN_ENOMEM, "no memory for the places of %lld PUs", (long long) termnbr);
    return;
  }
  rc = TARTAN_archShape(arch, &shape, &dimnbr, NULL, &nodenbr, place);
  if (rc != TARTAN_OK) {
    free(place);
    status_tartan(st, rc, "reading the shape of this node's hwloc target");
    return;
  }
  for (i = 0; i < termnbr; i++) (*leaftab)[i] = place[i];
  free(place);
}

/* A leaf of a node's tree-leaf (digits in its own level sizes) renumbered in the job's tree
 * whose levels have the largest sizes over all nodes. */
static int64_t leaf_renumber(int64_t leaf, const NodeInfo *node, const int64_t *maxsizetab) {
  int64_t digit[REORDER_MAX_LEVELS], result = 0;
  int64_t i;
  for (i = node->levlnbr - 1; i >= 0; i--) {
    digit[i] = leaf % node->sizetab[i];
    leaf /= node->sizetab[i];
  }
  for (i = 0; i < node->levlnbr; i++) result = result * maxsizetab[i] + digit[i];
  return result;
}

/* Rank 0 builds, into arch, the target of the job's machine: a tree-leaf whose top level is
 * the nodes (in the order of their lowest rank), then the levels of the nodes' hwloc trees
 * (each as large as on the largest node), then, when some node runs more ranks than it has
 * PUs, a level of cost 1 for the ranks sharing a PU; restricted (TARTAN_archSub) to the ranks'
 * places in rank order. The k ranks of a node (in rank order) are taken to sit on its m PUs
 * (in hwloc's logical order) spread evenly: local rank j on PU floor(j m / k), the way MPI
 * launchers bind ranks to consecutive cores. */
static void machine_target(MPI_Comm comm, TARTAN_Arch *arch, ReorderStatus *st) {
  MPI_Comm nodecomm, leadcomm = MPI_COMM_NULL;
  int rank, size, local, localnbr, nodenum = 0, nodenbr = 0;
  int where[2], *wheretab = NULL, *leafcnttab = NULL, *leafdsptab = NULL;
  int64_t *leaftab = NULL, *allleaftab = NULL;
  NodeInfo info, *infotab = NULL;
  TARTAN_Arch nodearch;

  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &nodecomm);
  MPI_Comm_rank(nodecomm, &local);
  MPI_Comm_size(nodecomm, &localnbr);
  /* Leaders in the order of their ranks: node numbers follow the job's lowest ranks, and
   * rank 0 leads node 0 (it is the lowest rank of its node). */
  MPI_Comm_split(comm, local == 0 ? 0 : MPI_UNDEFINED, rank, &leadcomm);

  memset(&info, 0, sizeof info);
  if (local == 0) {
    int rc;
    MPI_Comm_rank(leadcomm, &nodenum);
    MPI_Comm_size(leadcomm, &nodenbr);
    TARTAN_archInit(&nodearch);
    rc = TARTAN_archHwloc(&nodearch);
    if (rc != TARTAN_OK)
      status_tartan(st, rc, "the default target needs hwloc on every node (or pass a target)");
    else
      node_describe(&nodearch, &info, &leaftab, st);
    TARTAN_archExit(&nodearch);
    info.ranknbr = localnbr;
  }
  if (reorder_agree(comm, st) != TARTAN_OK) goto done;

  MPI_Bcast(&nodenum, 1, MPI_INT, 0, nodecomm);
  where[0] = nodenum;
  where[1] = local;
  if (rank == 0) wheretab = malloc(2 * (size_t) size * sizeof *wheretab);
  MPI_Gather(where, 2, MPI_INT, wheretab, 2, MPI_INT, 0, comm);

  if (local == 0) {
    int punbr = (int) info.punbr, total, i;
    if (nodenum == 0) {
      infotab = malloc((size_t) nodenbr * sizeof *infotab);
      leafcnttab = malloc((size_t) nodenbr * sizeof *leafcnttab);
      leafdsptab = malloc((size_t) nodenbr * sizeof *leafdsptab);
    }
    MPI_Gather(&info, (int) sizeof info, MPI_BYTE, infotab, (int) sizeof info, MPI_BYTE, 0,
               leadcomm);
    MPI_Gather(&punbr, 1, MPI_INT, leafcnttab, 1, MPI_INT, 0, leadcomm);
    if (nodenum == 0) {
      for (total = 0, i = 0; i < nodenbr; i++) {
        leafdsptab[i] = total;
        total += leafcnttab[i];
      }
      allleaftab = malloc((size_t) total * sizeof *allleaftab);
    }
    MPI_Gatherv(leaftab, punbr, MPI_INT64_T, allleaftab, leafcnttab, leafdsptab, MPI_INT64_T, 0,
                leadcomm);
  }

  if (rank == 0) {
    int64_t maxsizetab[REORDER_MAX_LEVELS], levsize[REORDER_MAX_LEVELS + 2];
    int64_t levlink[REORDER_MAX_LEVELS + 2], share = 1, nodeleaves = 1, termnbr;
    int64_t levlnbr = infotab[0].levlnbr, l, b, r, levnum = 0;
    TARTAN_Num *sizes = NULL, *links = NULL, *slots = NULL;
    TARTAN_Arch whole;
    int rc;

    if (wheretab == NULL || infotab == NULL || allleaftab == NULL) {
      status_set(st, TARTAN_ENOMEM, "no memory for the description of %d nodes", nodenbr);
      goto rootdone;
    }
    for (l = 0; l < levlnbr; l++) maxsizetab[l] = infotab[0].sizetab[l];
    for (b = 0; b < nodenbr; b++) {
      const NodeInfo *n = &infotab[b];
      if (n->levlnbr != levlnbr ||
          memcmp(n->linktab, infotab[0].linktab, (size_t) levlnbr * sizeof *n->linktab) != 0) {
        status_set(st, TARTAN_ENOTSUP,
                   "nodes 0 and %lld have hwloc trees of different levels or link costs: "
                   "pass a target describing the machine",
                   (long long) b);
        goto rootdone;
      }
      for (l = 0; l < levlnbr; l++)
        if (n->sizetab[l] > maxsizetab[l]) maxsizetab[l] = n->sizetab[l];
      if ((n->ranknbr + n->punbr - 1) / n->punbr > share)
        share = (n->ranknbr + n->punbr - 1) / n->punbr;
    }
    termnbr = share;
    if (nodenbr > 1) {
      levsize[levnum] = nodenbr;
      levlink[levnum++] = REORDER_NODE_COST;
      termnbr *= nodenbr;
    }
    for (l = 0; l < levlnbr; l++) {
      levsize[levnum] = maxsizetab[l];
      levlink[levnum++] = infotab[0].linktab[l];
      nodeleaves *= maxsizetab[l];
      if (nodeleaves > TARTAN_NUMMAX || termnbr > TARTAN_NUMMAX / maxsizetab[l]) {
        status_set(st, TARTAN_EOVERFLOW, "the job's machine has more PUs than TARTAN_Num holds");
        goto rootdone;
      }
      termnbr *= maxsizetab[l];
    }
    if (share > 1) {
      levsize[levnum] = share;
      levlink[levnum++] = 1;
    }
    sizes = malloc((size_t) levnum * sizeof *sizes);
    links = malloc((size_t) levnum * sizeof *links);
    slots = malloc((size_t) size * sizeof *slots);
    if (sizes == NULL || links == NULL || slots == NULL) {
      status_set(st, TARTAN_ENOMEM, "no memory for the slots of %d ranks", size);
      goto rootfree;
    }
    for (l = 0; l < levnum; l++) {
      sizes[l] = (TARTAN_Num) levsize[l];
      links[l] = (TARTAN_Num) levlink[l];
    }
    for (r = 0; r < size; r++) {
      const NodeInfo *n = &infotab[wheretab[2 * r]];
      int64_t j = wheretab[2 * r + 1], k = n->ranknbr, m = n->punbr;
      int64_t pu = j * m / k, first = (pu * k + m - 1) / m;
      int64_t leaf = leaf_renumber(allleaftab[leafdsptab[wheretab[2 * r]] + pu], n, maxsizetab);
      slots[r] = (TARTAN_Num) (((int64_t) wheretab[2 * r] * nodeleaves + leaf) * share +
                               (j - first));
    }
    if (levnum == 0) { /* one PU, one rank: nothing to reorder */
      rc = TARTAN_archCmplt(arch, 1);
      if (rc != TARTAN_OK) status_tartan(st, rc, "building the one-PU target");
      goto rootfree;
    }
    TARTAN_archInit(&whole);
    rc = TARTAN_archTleaf(&whole, (TARTAN_Num) levnum, sizes, links);
    if (rc == TARTAN_OK) {
      rc = TARTAN_archSub(arch, &whole, (TARTAN_Num) size, slots);
      if (rc != TARTAN_OK) status_tartan(st, rc, "restricting the job's machine to its ranks");
    } else {
      status_tartan(st, rc, "building the job's machine");
    }
    TARTAN_archExit(&whole);
  rootfree:
    free(sizes);
    free(links);
    free(slots);
  rootdone:;
  }

done:
  free(wheretab);
  free(leaftab);
  free(allleaftab);
  free(infotab);
  free(leafcnttab);
  free(leafdsptab);
  if (leadcomm != MPI_COMM_NULL) MPI_Comm_free(&leadcomm);
  MPI_Comm_free(&nodecomm);
}

/* ---- The communication graph ------------------------------------------------------------ */

typedef struct {
  int lo, hi;    /* the pair, lo < hi */
  int from;      /* the rank that listed it */
  int64_t wght;  /* its weight as listed (repeats summed below) */
} Listing;

static int listing_cmp(const void *a, const void *b) {
  const Listing *x = a, *y = b;
  if (x->lo != y->lo) return x->lo < y->lo ? -1 : 1;
  if (x->hi != y->hi) return x->hi < y->hi ? -1 : 1;
  if (x->from != y->from) return x->from < y->from ? -1 : 1;
  return 0;
}

/* Rank 0 turns the gathered lists into a symmetric graph (CSR owned by the caller). Each pair
 * listed by its two ranks: the same weight from both (explicit lists: an undirected edge
 * described twice) or the sum of both directions (a distributed-graph communicator: arcs). */
static void graph_assemble(int size, const int *cnttab, const int *nbrtab, const int *wgttab,
                           int directed, TARTAN_Num **verttab, TARTAN_Num **edgetab,
                           TARTAN_Num **edlotab, TARTAN_Num *edgenbr, ReorderStatus *st) {
  int64_t total = 0, i, k, pairnbr = 0;
  int u, c;
  Listing *list;
  for (u = 0; u < size; u++) total += cnttab[u];
  list = malloc((size_t) (total > 0 ? total : 1) * sizeof *list);
  *verttab = calloc((size_t) size + 1, sizeof **verttab);
  if (list == NULL || *verttab == NULL) {
    free(list);
    status_set(st, TARTAN_ENOMEM, "no memory for %lld neighbour listings", (long long) total);
    return;
  }
  for (k = 0, i = 0, u = 0; u < size; u++)
    for (c = 0; c < cnttab[u]; c++, i++) {
      int v = nbrtab[i];
      if (v == u) continue; /* talking to oneself costs nothing wherever one sits */
      list[k].lo = u < v ? u : v;
      list[k].hi = u < v ? v : u;
      list[k].from = u;
      list[k++].wght = wgttab[i];
    }
  total = k;
  qsort(list, (size_t) total, sizeof *list, listing_cmp);
  /* One weight per pair, in list[pairnbr]; both sides summed first. */
  for (i = 0; i < total;) {
    int64_t side[2] = {0, 0};
    int listed[2] = {0, 0};
    Listing pair = list[i];
    for (; i < total && list[i].lo == pair.lo && list[i].hi == pair.hi; i++) {
      int s = list[i].from == pair.hi;
      side[s] += list[i].wght;
      listed[s] = 1;
    }
    if (directed)
      pair.wght = side[0] + side[1];
    else if (listed[0] && listed[1] && side[0] != side[1]) {
      status_set(st, TARTAN_EINVAL,
                 "asymmetric weights: rank %d gives weight %lld toward rank %d, rank %d gives "
                 "%lld toward rank %d",
                 pair.lo, (long long) side[0], pair.hi, pair.hi, (long long) side[1], pair.lo);
      free(list);
      return;
    } else
      pair.wght = listed[0] ? side[0] : side[1];
    if (pair.wght > TARTAN_NUMMAX) {
      status_set(st, TARTAN_EOVERFLOW, "the weight between ranks %d and %d exceeds TARTAN_Num",
                 pair.lo, pair.hi);
      free(list);
      return;
    }
    if (pair.wght > 0) list[pairnbr++] = pair; /* a zero weight costs nothing anywhere */
  }
  *edgenbr = (TARTAN_Num) (2 * pairnbr);
  *edgetab = malloc((size_t) (pairnbr > 0 ? 2 * pairnbr : 1) * sizeof **edgetab);
  *edlotab = malloc((size_t) (pairnbr > 0 ? 2 * pairnbr : 1) * sizeof **edlotab);
  if (*edgetab == NULL || *edlotab == NULL) {
    free(list);
    status_set(st, TARTAN_ENOMEM, "no memory for %lld edges", (long long) pairnbr);
    return;
  }
  for (i = 0; i < pairnbr; i++) {
    (*verttab)[list[i].lo + 1]++;
    (*verttab)[list[i].hi + 1]++;
  }
  for (u = 0; u < size; u++) (*verttab)[u + 1] += (*verttab)[u];
  {
    TARTAN_Num *fill = malloc((size_t) size * sizeof *fill);
    if (fill == NULL) {
      free(list);
      status_set(st, TARTAN_ENOMEM, "no memory for %d vertices", size);
      return;
    }
    memcpy(fill, *verttab, (size_t) size * sizeof *fill);
    /* Pairs sorted by (lo, hi): every vertex's neighbours come out in increasing order. */
    for (i = 0; i < pairnbr; i++) {
      TARTAN_Num a = fill[list[i].lo]++;
      (*edgetab)[a] = list[i].hi;
      (*edlotab)[a] = (TARTAN_Num) list[i].wght;
    }
    for (i = 0; i < pairnbr; i++) {
      TARTAN_Num a = fill[list[i].hi]++;
      (*edgetab)[a] = list[i].lo;
      (*edlotab)[a] = (TARTAN_Num) list[i].wght;
    }
    free(fill);
  }
  free(list);
}

/* J of Schulz and Träff: sum over the edges of weight x distance between their terminals. */
static int64_t placement_cost(TARTAN_Arch *arch, int size, const TARTAN_Num *verttab,
                              const TARTAN_Num *edgetab, const TARTAN_Num *edlotab,
                              const TARTAN_Num *parttab) {
  TARTAN_ArchDom a, b;
  int64_t cost = 0;
  int u;
  TARTAN_Num e;
  for (u = 0; u < size; u++) {
    TARTAN_archDomTerm(arch, &a, parttab[u]);
    for (e = verttab[u]; e < verttab[u + 1]; e++) {
      if (edgetab[e] < u) continue;
      TARTAN_archDomTerm(arch, &b, parttab[edgetab[e]]);
      cost += (int64_t) edlotab[e] * TARTAN_archDomDist(arch, &a, &b);
    }
  }
  return cost;
}

/* Rank 0: maps the graph one rank per slot and fills permtab (old rank -> new rank). */
static void reorder_root(int size, const int *cnttab, const int *nbrtab, const int *wgttab,
                         int directed, const TARTAN_Arch *userarch, TARTAN_Arch *machine,
                         int *permtab, int64_t *costtab, ReorderStatus *st) {
  TARTAN_Num *verttab = NULL, *edgetab = NULL, *edlotab = NULL, edgenbr = 0;
  TARTAN_Num *oldtab = NULL, *parttab = NULL;
  TARTAN_Graph graph;
  TARTAN_Strat strat;
  TARTAN_Arch sub, *target = machine;
  int rc, r, subbed = 0;

  TARTAN_graphInit(&graph);
  TARTAN_stratInit(&strat);
  graph_assemble(size, cnttab, nbrtab, wgttab, directed, &verttab, &edgetab, &edlotab, &edgenbr,
                 st);
  if (st->code != TARTAN_OK) goto done;

  if (userarch != NULL) {
    TARTAN_Num termnbr = TARTAN_archSize(userarch);
    int var = TARTAN_archVar(userarch);
    if (termnbr < 0 || var < 0) {
      status_tartan(st, termnbr < 0 ? (int) termnbr : var, "the target");
      goto done;
    }
    if (var == 1) {
      status_set(st, TARTAN_EINVAL, "the target is variable-sized: it has no slots for ranks");
      goto done;
    }
    if (termnbr < size) {
      status_set(st, TARTAN_EINVAL, "the target has %lld slots for %d ranks",
                 (long long) termnbr, size);
      goto done;
    }
    target = (TARTAN_Arch *) userarch;
    if (termnbr > size) { /* ranks 0 .. size-1 sit on terminals 0 .. size-1 */
      TARTAN_Num *first = malloc((size_t) size * sizeof *first);
      if (first == NULL) {
        status_set(st, TARTAN_ENOMEM, "no memory for %d slots", size);
        goto done;
      }
      for (r = 0; r < size; r++) first[r] = r;
      TARTAN_archInit(&sub);
      subbed = 1;
      rc = TARTAN_archSub(&sub, userarch, (TARTAN_Num) size, first);
      free(first);
      if (rc != TARTAN_OK) {
        status_tartan(st, rc, "restricting the target to its first slots");
        goto done;
      }
      target = &sub;
    }
  }

  rc = TARTAN_graphBuild(&graph, 0, (TARTAN_Num) size, verttab, NULL, NULL, NULL, edgenbr,
                         edgetab, edlotab);
  if (rc == TARTAN_OK) rc = TARTAN_graphCheck(&graph);
  if (rc != TARTAN_OK) {
    status_tartan(st, rc, "the ranks' communication graph");
    goto done;
  }
  oldtab = malloc((size_t) size * sizeof *oldtab);
  parttab = malloc((size_t) size * sizeof *parttab);
  if (oldtab == NULL || parttab == NULL) {
    status_set(st, TARTAN_ENOMEM, "no memory for the placement of %d ranks", size);
    goto done;
  }
  for (r = 0; r < size; r++) oldtab[r] = r;
  /* Imbalance 0 with unit loads: one rank per slot (a permutation). */
  rc = TARTAN_stratGraphMapBuild(&strat, TARTAN_STRATDEFAULT, (TARTAN_Num) size, 0.0);
  if (rc == TARTAN_OK) rc = TARTAN_stratGraphMap(&strat, REORDER_STRATEGY);
  if (rc == TARTAN_OK)
    rc = TARTAN_graphRemap(&graph, target, &strat, oldtab, 0.0, NULL, parttab);
  if (rc != TARTAN_OK) {
    status_tartan(st, rc, "mapping the ranks onto the target");
    goto done;
  }
  for (r = 0; r < size; r++) permtab[r] = -1;
  for (r = 0; r < size; r++) {
    if (parttab[r] < 0 || parttab[r] >= size || permtab[parttab[r]] != -1) {
      status_set(st, TARTAN_EINTERNAL, "the mapping is no permutation: rank %d on slot %lld", r,
                 (long long) parttab[r]);
      goto done;
    }
    /* Process r's role goes to the process sitting on slot parttab[r], which takes rank r. */
    permtab[parttab[r]] = r;
  }
  costtab[0] = placement_cost(target, size, verttab, edgetab, edlotab, oldtab);
  costtab[1] = placement_cost(target, size, verttab, edgetab, edlotab, parttab);

done:
  if (subbed) TARTAN_archExit(&sub);
  TARTAN_stratExit(&strat);
  TARTAN_graphExit(&graph);
  free(verttab);
  free(edgetab);
  free(edlotab);
  free(oldtab);
  free(parttab);
}

/* The calling rank's neighbours: its list, or its out-arcs in comm's distributed graph. */
static void local_neighbours(MPI_Comm comm, int size, int nbrnbr, const int *nbrtab,
                             const int *wgttab, int *cntptr, int **nbrptr, int **wgtptr,
                             int *directed, ReorderStatus *st) {
  int i, cnt;
  *directed = nbrnbr == TARTAN_MPI_DISTGRAPH;
  if (*directed) {
    int topo, indeg, outdeg, weighted;
    int *src, *srcw;
    MPI_Topo_test(comm, &topo);
    if (topo != MPI_DIST_GRAPH) {
      status_set(st, TARTAN_EINVAL,
                 "TARTAN_MPI_DISTGRAPH: the communicator has no distributed-graph topology");
      return;
    }
    MPI_Dist_graph_neighbors_count(comm, &indeg, &outdeg, &weighted);
    src = malloc((size_t) (indeg > 0 ? indeg : 1) * sizeof *src);
    srcw = malloc((size_t) (indeg > 0 ? indeg : 1) * sizeof *srcw);
    *nbrptr = malloc((size_t) (outdeg > 0 ? outdeg : 1) * sizeof **nbrptr);
    *wgtptr = malloc((size_t) (outdeg > 0 ? outdeg : 1) * sizeof **wgtptr);
    if (src == NULL || srcw == NULL || *nbrptr == NULL || *wgtptr == NULL) {
      free(src);
      free(srcw);
      status_set(st, TARTAN_ENOMEM, "no memory for %d neighbours", indeg + outdeg);
      return;
    }
    MPI_Dist_graph_neighbors(comm, indeg, src, weighted ? srcw : MPI_UNWEIGHTED, outdeg,
                             *nbrptr, weighted ? *wgtptr : MPI_UNWEIGHTED);
    free(src);
    free(srcw);
    if (!weighted)
      for (i = 0; i < outdeg; i++) (*wgtptr)[i] = 1;
    cnt = outdeg;
  } else {
    if (nbrnbr < 0) {
      status_set(st, TARTAN_EINVAL, "negative neighbour count %d", nbrnbr);
      return;
    }
    if (nbrnbr > 0 && nbrtab == NULL) {
      status_set(st, TARTAN_EINVAL, "NULL nbrtab with %d neighbours", nbrnbr);
      return;
    }
    *nbrptr = malloc((size_t) (nbrnbr > 0 ? nbrnbr : 1) * sizeof **nbrptr);
    *wgtptr = malloc((size_t) (nbrnbr > 0 ? nbrnbr : 1) * sizeof **wgtptr);
    if (*nbrptr == NULL || *wgtptr == NULL) {
      status_set(st, TARTAN_ENOMEM, "no memory for %d neighbours", nbrnbr);
      return;
    }
    for (i = 0; i < nbrnbr; i++) {
      (*nbrptr)[i] = nbrtab[i];
      (*wgtptr)[i] = wgttab != NULL ? wgttab[i] : 1;
    }
    cnt = nbrnbr;
  }
  for (i = 0; i < cnt; i++) {
    if ((*nbrptr)[i] < 0 || (*nbrptr)[i] >= size) {
      status_set(st, TARTAN_EINVAL, "neighbour %d is rank %d, not a rank of the %d", i,
                 (*nbrptr)[i], size);
      return;
    }
    if ((*wgtptr)[i] < 0) {
      status_set(st, TARTAN_EINVAL, "neighbour %d (rank %d) has negative weight %d", i,
                 (*nbrptr)[i], (*wgtptr)[i]);
      return;
    }
  }
  *cntptr = cnt;
}

int TARTAN_mpiReorderPerm(MPI_Comm comm, int nbrnbr, const int *nbrtab, const int *wgttab,
                          const TARTAN_Arch *arch, int *permtab, int64_t *costtab) {
  ReorderStatus st;
  int rank, size, cnt = 0, directed = 0, archflags[2], archagree[2], inter;
  int *mynbr = NULL, *mywgt = NULL, *cnttab = NULL, *dsptab = NULL;
  int *allnbr = NULL, *allwgt = NULL;
  int64_t cost[2] = {0, 0};
  TARTAN_Arch machine;

  st.code = TARTAN_OK;
  st.msg[0] = '\0';
  if (comm == MPI_COMM_NULL) return tartan_mpi_fail(TARTAN_EINVAL, "MPI_COMM_NULL communicator");
  MPI_Comm_test_inter(comm, &inter);
  if (inter) return tartan_mpi_fail(TARTAN_EINVAL, "an intercommunicator cannot be reordered");
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  TARTAN_archInit(&machine);

  if (permtab == NULL) status_set(&st, TARTAN_EINVAL, "NULL permtab");
  else local_neighbours(comm, size, nbrnbr, nbrtab, wgttab, &cnt, &mynbr, &mywgt, &directed,
                        &st);
  /* Same target kind on every rank: all NULL (the machine) or none. */
  archflags[0] = arch != NULL;
  archflags[1] = -(arch != NULL);
  MPI_Allreduce(archflags, archagree, 2, MPI_INT, MPI_MAX, comm);
  if (archagree[0] != -archagree[1])
    status_set(&st, TARTAN_EINVAL, "some ranks pass a target and others NULL");
  if (reorder_agree(comm, &st) != TARTAN_OK) goto done;

  if (arch == NULL) {
    machine_target(comm, &machine, &st);
    if (st.code != TARTAN_OK) goto done; /* machine_target agreed already */
  }

  if (rank == 0) {
    cnttab = malloc((size_t) size * sizeof *cnttab);
    dsptab = malloc((size_t) size * sizeof *dsptab);
  }
  MPI_Gather(&cnt, 1, MPI_INT, cnttab, 1, MPI_INT, 0, comm);
  if (rank == 0) {
    int64_t total = 0;
    int r;
    if (cnttab == NULL || dsptab == NULL) {
      status_set(&st, TARTAN_ENOMEM, "no memory for %d neighbour counts", size);
    } else {
      for (r = 0; r < size; r++) {
        dsptab[r] = (int) total;
        total += cnttab[r];
        if (total > INT_MAX) {
          status_set(&st, TARTAN_EOVERFLOW, "more than INT_MAX neighbours in all");
          break;
        }
      }
      if (st.code == TARTAN_OK) {
        allnbr = malloc((size_t) (total > 0 ? total : 1) * sizeof *allnbr);
        allwgt = malloc((size_t) (total > 0 ? total : 1) * sizeof *allwgt);
        if (allnbr == NULL || allwgt == NULL)
          status_set(&st, TARTAN_ENOMEM, "no memory for %lld neighbours", (long long) total);
      }
    }
  }
  if (reorder_agree(comm, &st) != TARTAN_OK) goto done;
  MPI_Gatherv(mynbr, cnt, MPI_INT, allnbr, cnttab, dsptab, MPI_INT, 0, comm);
  MPI_Gatherv(mywgt, cnt, MPI_INT, allwgt, cnttab, dsptab, MPI_INT, 0, comm);
  if (rank == 0)
    reorder_root(size, cnttab, allnbr, allwgt, directed, arch, &machine, permtab, cost, &st);
  if (reorder_agree(comm, &st) != TARTAN_OK) goto done;
  MPI_Bcast(permtab, size, MPI_INT, 0, comm);
  MPI_Bcast(cost, 2, MPI_INT64_T, 0, comm);
  if (costtab != NULL) {
    costtab[0] = cost[0];
    costtab[1] = cost[1];
  }

done:
  TARTAN_archExit(&machine);
  free(mynbr);
  free(mywgt);
  free(cnttab);
  free(dsptab);
  free(allnbr);
  free(allwgt);
  if (st.code != TARTAN_OK) return tartan_mpi_fail(st.code, st.msg);
  return TARTAN_OK;
}

int TARTAN_mpiReorder(MPI_Comm comm, int nbrnbr, const int *nbrtab, const int *wgttab,
                      const TARTAN_Arch *arch, MPI_Comm *newcomm) {
  int rank, size, rc, *permtab, inter;
  if (comm == MPI_COMM_NULL) return tartan_mpi_fail(TARTAN_EINVAL, "MPI_COMM_NULL communicator");
  MPI_Comm_test_inter(comm, &inter);
  if (inter) return tartan_mpi_fail(TARTAN_EINVAL, "an intercommunicator cannot be reordered");
  if (newcomm != NULL) *newcomm = MPI_COMM_NULL;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  permtab = malloc((size_t) size * sizeof *permtab);
  {
    /* newcomm is checked with the rest so that every rank fails alike. */
    ReorderStatus st;
    st.code = TARTAN_OK;
    st.msg[0] = '\0';
    if (newcomm == NULL) status_set(&st, TARTAN_EINVAL, "NULL newcomm");
    if (permtab == NULL) status_set(&st, TARTAN_ENOMEM, "no memory for %d ranks", size);
    if (reorder_agree(comm, &st) != TARTAN_OK) {
      free(permtab);
      return tartan_mpi_fail(st.code, st.msg);
    }
  }
  rc = TARTAN_mpiReorderPerm(comm, nbrnbr, nbrtab, wgttab, arch, permtab, NULL);
  if (rc == TARTAN_OK) MPI_Comm_split(comm, 0, permtab[rank], newcomm);
  free(permtab);
  return rc;
}
