/* TARTAN_mpiReorder and TARTAN_mpiReorderPerm under mpirun (any rank count >= 2; make check
 * runs 4): a permutation always, a cheaper placement than the identity on a ring placed badly
 * on a ring-shaped target, the distributed-graph path, the default (hwloc) target, and
 * collective errors: every rank gets the same code and message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "tartan.h"
#include "tartan_mpi.h"

static int rank, size, failures;

#define CHECK(cond)                                                                  \
  do {                                                                               \
    if (!(cond)) {                                                                   \
      fprintf(stderr, "rank %d: %s:%d: check failed: %s\n", rank, __FILE__, __LINE__, \
              #cond);                                                                \
      failures++;                                                                    \
    }                                                                                \
  } while (0)

/* permtab is a permutation of 0 .. size-1, the same on every rank. */
static void check_permutation(const int *permtab) {
  int *seen = calloc((size_t) size, sizeof *seen), *root = malloc((size_t) size * sizeof *root);
  int r, same = 1, allsame;
  for (r = 0; r < size; r++) {
    CHECK(permtab[r] >= 0 && permtab[r] < size);
    if (permtab[r] >= 0 && permtab[r] < size) {
      CHECK(!seen[permtab[r]]);
      seen[permtab[r]] = 1;
    }
  }
  memcpy(root, permtab, (size_t) size * sizeof *root);
  MPI_Bcast(root, size, MPI_INT, 0, MPI_COMM_WORLD);
  for (r = 0; r < size; r++) same &= root[r] == permtab[r];
  MPI_Allreduce(&same, &allsame, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  CHECK(allsame);
  free(seen);
  free(root);
}

/* The target of the ring examples: a ring of size slots whose rank order is bad for a ring
 * pattern: slot r is ring position 2r for the first half, then the odd positions. */
static void bad_ring(TARTAN_Arch *arch) {
  TARTAN_Arch ring;
  TARTAN_Num *list = malloc((size_t) size * sizeof *list), dim = size;
  int r, k = 0;
  for (r = 0; r < size; r += 2) list[k++] = r;
  for (r = 1; r < size; r += 2) list[k++] = r;
  TARTAN_archInit(&ring);
  CHECK(TARTAN_archTorusX(&ring, 1, &dim) == TARTAN_OK);
  TARTAN_archInit(arch);
  CHECK(TARTAN_archSub(arch, &ring, size, list) == TARTAN_OK);
  TARTAN_archExit(&ring);
  free(list);
}

/* Cost of the ring pattern (weights w) when old rank r's role runs on the slot of the process
 * whose new rank is r, i.e. role r on slot s with permtab[s] == r. */
static int64_t ring_cost(TARTAN_Arch *arch, const int *permtab, int w) {
  int *slot = malloc((size_t) size * sizeof *slot), r;
  int64_t cost = 0;
  TARTAN_ArchDom a, b;
  for (r = 0; r < size; r++) slot[permtab == NULL ? r : permtab[r]] = r;
  for (r = 0; r < size; r++) {
    int next = (r + 1) % size;
    if (size == 2 && r == 1) break; /* two ranks: one edge, listed twice by each side */
    TARTAN_archDomTerm(arch, &a, slot[r]);
    TARTAN_archDomTerm(arch, &b, slot[next]);
    cost += (int64_t) (size == 2 ? 2 * w : w) * TARTAN_archDomDist(arch, &a, &b);
  }
  free(slot);
  return cost;
}

static void test_ring_lists(void) {
  TARTAN_Arch arch;
  int nbr[2] = {(rank + size - 1) % size, (rank + 1) % size}, wgt[2] = {5, 5};
  int *permtab = malloc((size_t) size * sizeof *permtab);
  int *again = malloc((size_t) size * sizeof *again);
  int64_t costtab[2];
  MPI_Comm newcomm;
  int newrank, newsize;

  bad_ring(&arch);
  CHECK(TARTAN_mpiReorderPerm(MPI_COMM_WORLD, 2, nbr, wgt, &arch, permtab, costtab) ==
        TARTAN_OK);
  check_permutation(permtab);
  CHECK(costtab[0] == ring_cost(&arch, NULL, 5));
  CHECK(costtab[1] == ring_cost(&arch, permtab, 5));
  CHECK(costtab[1] <= costtab[0]);
  if (size >= 4) CHECK(costtab[1] < costtab[0]); /* the bad order is strictly improvable */
  if (size >= 4) CHECK(costtab[1] == 5 * size);    /* a ring on a ring: every hop 1 */
  /* Deterministic. */
  CHECK(TARTAN_mpiReorderPerm(MPI_COMM_WORLD, 2, nbr, wgt, &arch, again, NULL) == TARTAN_OK);
  CHECK(memcmp(permtab, again, (size_t) size * sizeof *again) == 0);
  /* The communicator: rank r becomes permtab[r]. */
  CHECK(TARTAN_mpiReorder(MPI_COMM_WORLD, 2, nbr, wgt, &arch, &newcomm) == TARTAN_OK);
  MPI_Comm_rank(newcomm, &newrank);
  MPI_Comm_size(newcomm, &newsize);
  CHECK(newsize == size);
  CHECK(newrank == permtab[rank]);
  MPI_Comm_free(&newcomm);
  TARTAN_archExit(&arch);
  free(permtab);
  free(again);
}

/* The same ring given as a weighted distributed graph (one direction per rank: the sum of
 * both directions is what counts). */
static void test_distgraph(void) {
  TARTAN_Arch arch;
  int src = (rank + size - 1) % size, dst = (rank + 1) % size, w = 5;
  int *permtab = malloc((size_t) size * sizeof *permtab);
  int64_t costtab[2];
  MPI_Comm dist, newcomm;
  int newrank;

  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &src, &w, 1, &dst, &w, MPI_INFO_NULL, 0,
                                 &dist);
  bad_ring(&arch);
  CHECK(TARTAN_mpiReorderPerm(dist, TARTAN_MPI_DISTGRAPH, NULL, NULL, &arch, permtab,
                              costtab) == TARTAN_OK);
  check_permutation(permtab);
  if (size >= 4) {
    /* arcs r -> r+1 of weight 5: edges of weight 5 (10 for the single edge of 2 ranks) */
    CHECK(costtab[0] == ring_cost(&arch, NULL, 5));
    CHECK(costtab[1] == ring_cost(&arch, permtab, 5));
    CHECK(costtab[1] < costtab[0]);
  }
  CHECK(TARTAN_mpiReorder(dist, TARTAN_MPI_DISTGRAPH, NULL, NULL, &arch, &newcomm) ==
        TARTAN_OK);
  MPI_Comm_rank(newcomm, &newrank);
  CHECK(newrank == permtab[rank]);
  MPI_Comm_free(&newcomm);
  MPI_Comm_free(&dist);
  TARTAN_archExit(&arch);
  free(permtab);
}

/* The machine the job runs on (hwloc): one node here, still a permutation; skipped politely
 * in a build without hwloc (every rank gets TARTAN_ENOTSUP). */
static void test_default_target(void) {
  int nbr[2] = {(rank + size - 1) % size, (rank + 1) % size};
  int *permtab = malloc((size_t) size * sizeof *permtab);
  int64_t costtab[2];
  int rc = TARTAN_mpiReorderPerm(MPI_COMM_WORLD, 2, nbr, NULL, NULL, permtab, costtab);
  if (rc == TARTAN_ENOTSUP) {
    if (rank == 0) printf("default target: no hwloc in this build (%s)\n",
                          TARTAN_mpiErrorMessage());
  } else {
    CHECK(rc == TARTAN_OK);
    if (rc != TARTAN_OK) fprintf(stderr, "rank %d: %s\n", rank, TARTAN_mpiErrorMessage());
    else {
      check_permutation(permtab);
      CHECK(costtab[1] <= costtab[0]);
    }
  }
  free(permtab);
}

/* rc is the same error on every rank, with the same message containing expect. */
static void check_collective_error(int rc, int code, const char *expect) {
  const char *msg = TARTAN_mpiErrorMessage();
  char root[512];
  int same, allsame, codes[2] = {rc, -rc}, agree[2];
  CHECK(rc == code);
  if (strstr(msg, expect) == NULL) {
    fprintf(stderr, "rank %d: message '%s' lacks '%s'\n", rank, msg, expect);
    failures++;
  }
  snprintf(root, sizeof root, "%s", msg);
  MPI_Bcast(root, (int) sizeof root, MPI_CHAR, 0, MPI_COMM_WORLD);
  same = strcmp(root, msg) == 0;
  MPI_Allreduce(&same, &allsame, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  CHECK(allsame);
  MPI_Allreduce(codes, agree, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  CHECK(agree[0] == -agree[1]);
}

static void test_errors(void) {
  TARTAN_Arch arch, small;
  int nbr[2] = {(rank + size - 1) % size, (rank + 1) % size}, wgt[2] = {1, 1};
  int *permtab = malloc((size_t) size * sizeof *permtab);
  int bad[1], badw[1];
  char expect[128];
  MPI_Comm newcomm;

  bad_ring(&arch);
  /* A neighbour that is no rank, on the last rank only. */
  bad[0] = rank == size - 1 ? size : 0;
  snprintf(expect, sizeof expect, "neighbour 0 is rank %d, not a rank of the %d", size, size);
  check_collective_error(TARTAN_mpiReorderPerm(MPI_COMM_WORLD, 1, bad, NULL, &arch, permtab,
                                               NULL),
                         TARTAN_EINVAL, expect);
  bad[0] = -3;
  check_collective_error(TARTAN_mpiReorder(MPI_COMM_WORLD, rank == 1 ? 1 : 0, bad, NULL, &arch,
                                           &newcomm),
                         TARTAN_EINVAL, "is rank -3");
  CHECK(newcomm == MPI_COMM_NULL);
  /* Negative weight, negative count. */
  badw[0] = -1;
  bad[0] = (rank + 1) % size;
  check_collective_error(TARTAN_mpiReorderPerm(MPI_COMM_WORLD, 1, bad, badw, &arch, permtab,
                                               NULL),
                         TARTAN_EINVAL, "negative weight -1");
  check_collective_error(TARTAN_mpiReorderPerm(MPI_COMM_WORLD, rank == 0 ? -2 : 0, NULL, NULL,
                                               &arch, permtab, NULL),
                         TARTAN_EINVAL, "negative neighbour count -2");
  /* Asymmetric weights: rank 0 says 1 toward rank 1, rank 1 says 2 toward rank 0. */
  bad[0] = rank == 0 ? 1 : 0;
  badw[0] = rank == 0 ? 1 : 2;
  check_collective_error(TARTAN_mpiReorderPerm(MPI_COMM_WORLD, rank <= 1 ? 1 : 0, bad, badw,
                                               &arch, permtab, NULL),
                         TARTAN_EINVAL,
                         "asymmetric weights: rank 0 gives weight 1 toward rank 1, rank 1 "
                         "gives 2 toward rank 0");
  /* Fewer slots than ranks. */
  TARTAN_archInit(&small);
  CHECK(TARTAN_archCmplt(&small, size - 1) == TARTAN_OK);
  snprintf(expect, sizeof expect, "the target has %d slots for %d ranks", size - 1, size);
  check_collective_error(TARTAN_mpiReorderPerm(MPI_COMM_WORLD, 2, nbr, wgt, &small, permtab,
                                               NULL),
                         TARTAN_EINVAL, expect);
  /* A variable-sized target. */
  CHECK(TARTAN_archVcmplt(&small) == TARTAN_OK);
  check_collective_error(TARTAN_mpiReorderPerm(MPI_COMM_WORLD, 2, nbr, wgt, &small, permtab,
                                               NULL),
                         TARTAN_EINVAL, "variable-sized");
  TARTAN_archExit(&small);
  /* Some ranks with a target, others without. */
  check_collective_error(TARTAN_mpiReorderPerm(MPI_COMM_WORLD, 2, nbr, wgt,
                                               rank == 0 ? NULL : &arch, permtab, NULL),
                         TARTAN_EINVAL, "some ranks pass a target and others NULL");
  /* No distributed graph on MPI_COMM_WORLD. */
  check_collective_error(TARTAN_mpiReorderPerm(MPI_COMM_WORLD, TARTAN_MPI_DISTGRAPH, NULL, NULL,
                                               &arch, permtab, NULL),
                         TARTAN_EINVAL, "no distributed-graph topology");
  /* NULL outputs on one rank. */
  check_collective_error(TARTAN_mpiReorderPerm(MPI_COMM_WORLD, 2, nbr, wgt, &arch,
                                               rank == size - 1 ? NULL : permtab, NULL),
                         TARTAN_EINVAL, "NULL permtab");
  check_collective_error(TARTAN_mpiReorder(MPI_COMM_WORLD, 2, nbr, wgt, &arch,
                                           rank == 0 ? NULL : &newcomm),
                         TARTAN_EINVAL, "NULL newcomm");
  /* Local refusals that need no agreement: every rank passes the same communicator. */
  CHECK(TARTAN_mpiReorder(MPI_COMM_NULL, 0, NULL, NULL, NULL, &newcomm) == TARTAN_EINVAL);
  TARTAN_archExit(&arch);
  free(permtab);
}

int main(int argc, char **argv) {
  int allfailures;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (TARTAN_versionCheck(TARTAN_NUM_BITS) != TARTAN_OK) {
    if (rank == 0) fprintf(stderr, "header and library disagree on TARTAN_Num\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  if (size < 2) {
    if (rank == 0) printf("test_reorder needs 2 ranks or more: skipped\n");
    MPI_Finalize();
    return 77;
  }
  test_ring_lists();
  test_distgraph();
  test_default_target();
  test_errors();
  MPI_Allreduce(&failures, &allfailures, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("test_reorder: %d ranks, %d failed checks\n", size, allfailures);
  MPI_Finalize();
  return allfailures == 0 ? 0 : 1;
}
