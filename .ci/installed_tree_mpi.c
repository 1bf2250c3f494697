/* Installed-tree test of libtartan-mpi (.ci/installed-tree-test): built with nothing but
 * `pkg-config --cflags --libs tartan-mpi` (or tartan64-mpi) and run on two ranks: builds a
 * 4 x 4 grid split between the ranks, checks it, maps it onto a 2 x 2 torus, and gets the
 * same TARTAN_EINVAL on both ranks for an arc to a vertex outside the graph on rank 1. */
#include <stdio.h>
#include <string.h>

#include "tartan_mpi.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size, failed = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  TARTAN_Num frst = 16 / size * rank, n = 16 / size, vt[17], et[64], e = 0, part[16];
  for (TARTAN_Num i = 0; i < n; ++i) {
    TARTAN_Num v = frst + i, x = v % 4, y = v / 4;
    vt[i] = e;
    if (x > 0) et[e++] = v - 1;
    if (x < 3) et[e++] = v + 1;
    if (y > 0) et[e++] = v - 4;
    if (y < 3) et[e++] = v + 4;
  }
  vt[n] = e;
  TARTAN_Dgraph g;
  TARTAN_Arch arch;
  TARTAN_archInit(&arch);
  TARTAN_archTorus2(&arch, 2, 2);
  failed |= TARTAN_dgraphInit(&g, MPI_COMM_WORLD) != 0;
  failed |= TARTAN_dgraphBuild(&g, 0, n, vt, NULL, NULL, e, et, NULL) != 0;
  failed |= TARTAN_dgraphCheck(&g) != 0;
  failed |= TARTAN_dgraphMap(&g, &arch, NULL, part) != 0;
  for (TARTAN_Num i = 0; i < n; ++i) failed |= part[i] < 0 || part[i] >= 4;
  if (rank == size - 1) et[0] = 99;
  failed |= TARTAN_dgraphBuild(&g, 0, n, vt, NULL, NULL, e, et, NULL) != TARTAN_EINVAL;
  failed |= strstr(TARTAN_mpiErrorMessage(), "99") == NULL;
  TARTAN_dgraphExit(&g);
  TARTAN_archExit(&arch);
  printf("rank %d of %d: libtartan-mpi %s\n", rank, size, failed ? "FAILED" : "maps a grid");
  MPI_Finalize();
  return failed;
}
