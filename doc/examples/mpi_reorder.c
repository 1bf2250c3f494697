/* Rank reordering with Tartan (doc/mpi.md, "Rank reordering"): a 2-D periodic stencil
 * (each rank talks to its four neighbours on a px x py torus of ranks) declared as a
 * distributed-graph communicator, renumbered so that neighbours sit close on the machine the job
 * runs on, then used as usual. Run as: mpirun -np 4 ./mpi_reorder
 * Exits 0 on success, 1 with Tartan's message otherwise. */
#include <stdio.h>

#include <mpi.h>

#include "tartan.h"
#include "tartan_mpi.h"

int main(int argc, char **argv) {
  int rank, size, px, py, x, y, nbr[4], w[4] = {1, 1, 1, 1}, rc, newrank, dims[2] = {0, 0};
  MPI_Comm stencil, reordered;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Dims_create(size, 2, dims);
  px = dims[0];
  py = dims[1];
  x = rank % px;
  y = rank / px;
  nbr[0] = (x + px - 1) % px + y * px; /* west */
  nbr[1] = (x + 1) % px + y * px;      /* east */
  nbr[2] = x + ((y + py - 1) % py) * px;
  nbr[3] = x + ((y + 1) % py) * px;
  /* Each rank declares what it sends; Tartan adds up both directions of every pair. */
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 4, nbr, w, 4, nbr, w, MPI_INFO_NULL, 0,
                                 &stencil);

  /* NULL target: the machine the job runs on (hwloc on every node). */
  rc = TARTAN_mpiReorder(stencil, TARTAN_MPI_DISTGRAPH, NULL, NULL, NULL, &reordered);
  if (rc != TARTAN_OK) {
    if (rank == 0) fprintf(stderr, "reordering failed: %s\n", TARTAN_mpiErrorMessage());
    MPI_Finalize();
    return 1;
  }
  /* This process now plays the part of rank newrank of the stencil: it computes the
   * neighbours of newrank, not of its old rank. */
  MPI_Comm_rank(reordered, &newrank);
  printf("rank %d becomes rank %d\n", rank, newrank);
  MPI_Comm_free(&reordered);
  MPI_Comm_free(&stencil);
  MPI_Finalize();
  return 0;
}
