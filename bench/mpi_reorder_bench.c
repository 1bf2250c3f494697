/* Cost of the identity placement against TARTAN_mpiReorderPerm's on communication patterns
 * (ring, 2-D and 3-D periodic stencils, random) and targets (a 3-level tleaf and a 3-D torus
 * whose sizes come from MPI_Dims_create), the slots in order or shuffled (a scattered
 * allocation), with the time of the call (slowest rank). Run by bench/mpi-reorder.sh under
 * mpirun; rank 0 prints one table row per case. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "tartan.h"
#include "tartan_mpi.h"

static int rank, size;

/* The rank at offset (dx, dy, dz) on a periodic grid of dims. */
static int grid_rank(const int *dims, int dx, int dy, int dz) {
  int x = rank % dims[0], y = (rank / dims[0]) % dims[1], z = rank / (dims[0] * dims[1]);
  x = (x + dx + dims[0]) % dims[0];
  y = (y + dy + dims[1]) % dims[1];
  z = (z + dz + dims[2]) % dims[2];
  return x + dims[0] * (y + dims[1] * z);
}

/* Neighbours (out-arcs) of this rank in the pattern; returns their count. */
static int pattern(const char *name, int *nbr, int *wgt) {
  int n = 0, d, dims[3] = {0, 0, 0};
  if (strcmp(name, "ring") == 0) {
    nbr[n++] = (rank + 1) % size;
    nbr[n++] = (rank + size - 1) % size;
  } else if (strcmp(name, "stencil2d") == 0) {
    MPI_Dims_create(size, 2, dims);
    dims[2] = 1;
    nbr[n++] = grid_rank(dims, 1, 0, 0);
    nbr[n++] = grid_rank(dims, -1, 0, 0);
    nbr[n++] = grid_rank(dims, 0, 1, 0);
    nbr[n++] = grid_rank(dims, 0, -1, 0);
  } else if (strcmp(name, "stencil3d") == 0) {
    MPI_Dims_create(size, 3, dims);
    for (d = -1; d <= 1; d += 2) {
      nbr[n++] = grid_rank(dims, d, 0, 0);
      nbr[n++] = grid_rank(dims, 0, d, 0);
      nbr[n++] = grid_rank(dims, 0, 0, d);
    }
  } else { /* random: 4 arcs to ranks drawn by a fixed linear congruential sequence */
    uint64_t s = 0x9E3779B97F4A7C15ULL * (uint64_t) (rank + 1);
    for (d = 0; d < 4; d++) {
      s = s * 6364136223846793005ULL + 1442695040888963407ULL;
      nbr[n++] = (int) ((s >> 33) % (uint64_t) size);
    }
  }
  for (d = 0; d < n; d++) wgt[d] = 1 + (strcmp(name, "random") == 0 ? d : 0);
  return n;
}

/* The target: "tleaf" (levels of MPI_Dims_create(size, 3), costs 100, 10, 1) or "torus" (3-D
 * torus of the same sizes); shuffled: a sub target listing the terminals in a fixed random
 * order (the slots a scheduler might give). */
static int target(const char *kind, int shuffled, TARTAN_Arch *arch) {
  int dims[3] = {0, 0, 0}, r;
  TARTAN_Num sizes[3], links[3] = {100, 10, 1}, *list;
  TARTAN_Arch whole;
  int rc;
  MPI_Dims_create(size, 3, dims);
  for (r = 0; r < 3; r++) sizes[r] = dims[r];
  TARTAN_archInit(&whole);
  rc = strcmp(kind, "tleaf") == 0 ? TARTAN_archTleaf(&whole, 3, sizes, links)
                                  : TARTAN_archTorusX(&whole, 3, sizes);
  if (rc != TARTAN_OK) return rc;
  list = malloc((size_t) size * sizeof *list);
  for (r = 0; r < size; r++) list[r] = r;
  if (shuffled) {
    uint64_t s = 12345;
    for (r = size - 1; r > 0; r--) {
      int k;
      TARTAN_Num t;
      s = s * 6364136223846793005ULL + 1442695040888963407ULL;
      k = (int) ((s >> 33) % (uint64_t) (r + 1));
      t = list[r];
      list[r] = list[k];
      list[k] = t;
    }
  }
  TARTAN_archInit(arch);
  rc = TARTAN_archSub(arch, &whole, size, list);
  TARTAN_archExit(&whole);
  free(list);
  return rc;
}

int main(int argc, char **argv) {
  static const char *patterns[] = {"ring", "stencil2d", "stencil3d", "random"};
  static const char *targets[] = {"tleaf", "torus"};
  int p, t, shuffled, nbr[8], wgt[8], n, rc, *permtab;
  int64_t cost[2];
  double start, took, slowest;
  TARTAN_Arch arch;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  (void) argv;
  permtab = malloc((size_t) size * sizeof *permtab);
  for (t = 0; t < 2; t++)
    for (shuffled = 0; shuffled <= 1; shuffled++)
      for (p = 0; p < 4; p++) {
        MPI_Comm dist;
        n = pattern(patterns[p], nbr, wgt);
        MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 0, nbr, wgt, n, nbr, wgt,
                                       MPI_INFO_NULL, 0, &dist);
        rc = target(targets[t], shuffled, &arch);
        MPI_Barrier(MPI_COMM_WORLD);
        start = MPI_Wtime();
        if (rc == TARTAN_OK)
          rc = TARTAN_mpiReorderPerm(dist, TARTAN_MPI_DISTGRAPH, NULL, NULL, &arch, permtab,
                                     cost);
        took = MPI_Wtime() - start;
        MPI_Reduce(&took, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
        if (rank == 0) {
          if (rc != TARTAN_OK)
            printf("| %d | %s | %s%s | error %d: %s |\n", size, patterns[p], targets[t],
                   shuffled ? " shuffled" : "", rc, TARTAN_mpiErrorMessage());
          else
            printf("| %d | %s | %s%s | %lld | %lld | %.3f | %.3f |\n", size, patterns[p],
                   targets[t], shuffled ? " shuffled" : "", (long long) cost[0],
                   (long long) cost[1], (double) cost[1] / (double) cost[0], slowest);
          fflush(stdout);
        }
        TARTAN_archExit(&arch);
        MPI_Comm_free(&dist);
      }
  free(permtab);
  MPI_Finalize();
  return 0;
}
