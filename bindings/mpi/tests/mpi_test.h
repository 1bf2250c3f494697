/* Helpers of the MPI test programs: CHECK stops the rank with a message (mpirun then fails
 * the test), grid_part builds this rank's block of a W x H x D grid as SCOTCH_dgraphBuild's
 * arrays (base 0, global neighbour numbers, unit weights unless weighted). */
#ifndef TARTAN_MPI_TEST_H
#define TARTAN_MPI_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tartan_mpi.h"

#define CHECK(cond)                                                                      \
  do {                                                                                   \
    if (!(cond)) {                                                                       \
      fprintf(stderr, "%s:%d: check failed: %s (mpi message: %s)\n", __FILE__, __LINE__, \
              #cond, TARTAN_mpiErrorMessage());                                          \
      MPI_Abort(MPI_COMM_WORLD, 1);                                                      \
    }                                                                                    \
  } while (0)

typedef struct {
  TARTAN_Num vertlocnbr, vertfrst, edgelocnbr;
  TARTAN_Num *verttab, *velotab, *edgetab, *edlotab;
} GridPart;

/* Blocks of nearly equal sizes in rank order; weighted: loads 1..3 and weights 1..4 from the
 * global numbers (symmetric), else all ones. */
static void grid_part(GridPart *p, TARTAN_Num w, TARTAN_Num h, TARTAN_Num d, int weighted) {
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  TARTAN_Num n = w * h * d;
  p->vertfrst = n / size * rank + (rank < n % size ? rank : n % size);
  p->vertlocnbr = n / size + (rank < n % size ? 1 : 0);
  p->verttab = malloc(sizeof(TARTAN_Num) * (p->vertlocnbr + 1));
  p->velotab = malloc(sizeof(TARTAN_Num) * (p->vertlocnbr + 1));
  p->edgetab = malloc(sizeof(TARTAN_Num) * (6 * p->vertlocnbr + 1));
  p->edlotab = malloc(sizeof(TARTAN_Num) * (6 * p->vertlocnbr + 1));
  TARTAN_Num e = 0;
  for (TARTAN_Num i = 0; i < p->vertlocnbr; ++i) {
    TARTAN_Num v = p->vertfrst + i, x = v % w, y = v / w % h, z = v / (w * h);
    TARTAN_Num nb[6];
    int k = 0;
    if (x > 0) nb[k++] = v - 1;
    if (x + 1 < w) nb[k++] = v + 1;
    if (y > 0) nb[k++] = v - w;
    if (y + 1 < h) nb[k++] = v + w;
    if (z > 0) nb[k++] = v - w * h;
    if (z + 1 < d) nb[k++] = v + w * h;
    p->verttab[i] = e;
    p->velotab[i] = weighted ? 1 + v % 3 : 1;
    for (int j = 0; j < k; ++j) {
      p->edgetab[e] = nb[j];
      p->edlotab[e] = weighted ? 1 + (v + nb[j]) % 4 : 1;
      ++e;
    }
  }
  p->verttab[p->vertlocnbr] = e;
  p->edgelocnbr = e;
}

static void grid_free(GridPart *p) {
  free(p->verttab);
  free(p->velotab);
  free(p->edgetab);
  free(p->edlotab);
}

#endif
