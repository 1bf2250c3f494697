/* bench/dgraph_map_driver: TARTAN_dgraphMap as a user calls it, for bench/dgraph-vs-ptscotch.sh.
 *   mpirun -np K dgraph_map_driver GRAPH.grf TARGET.tgt OUT.map
 * Rank 0 reads GRAPH and scatters it (TARTAN_dgraphLoad), every rank reads TARGET, the graph
 * is mapped with the default strategy (NULL), rank 0 gathers the terminals and writes a
 * SCOTCH .map file. Prints the wall time of the load and of the mapping (the slowest rank's). */
#include <stdio.h>
#include <stdlib.h>

#include "tartan_mpi.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc != 4) {
    if (rank == 0) fprintf(stderr, "usage: dgraph_map_driver GRAPH TARGET OUT.map\n");
    MPI_Finalize();
    return 1;
  }
  double t0 = MPI_Wtime();
  TARTAN_Dgraph g;
  TARTAN_Arch arch;
  TARTAN_archInit(&arch);
  if (TARTAN_dgraphInit(&g, MPI_COMM_WORLD) != 0 || TARTAN_dgraphLoad(&g, argv[1], -1, 0) != 0 ||
      TARTAN_archLoadPath(&arch, argv[2]) != 0) {
    if (rank == 0) fprintf(stderr, "load: %s %s\n", TARTAN_mpiErrorMessage(), TARTAN_errorMessage());
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  double t1 = MPI_Wtime();
  TARTAN_Num vglb, vloc;
  TARTAN_dgraphSize(&g, &vglb, &vloc, NULL, NULL);
  TARTAN_Num *part = malloc(sizeof(TARTAN_Num) * (vloc + 1));
  if (TARTAN_dgraphMap(&g, &arch, NULL, part) != 0) {
    if (rank == 0) fprintf(stderr, "map: %s\n", TARTAN_mpiErrorMessage());
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  double t2 = MPI_Wtime(), times[2] = {t1 - t0, t2 - t1}, worst[2];
  MPI_Reduce(times, worst, 2, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  int *counts = NULL, *displ = NULL, mine = (int) vloc;
  TARTAN_Num *full = NULL;
  if (rank == 0) {
    counts = malloc(sizeof(int) * size);
    displ = malloc(sizeof(int) * size);
    full = malloc(sizeof(TARTAN_Num) * (vglb + 1));
  }
  MPI_Gather(&mine, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    displ[0] = 0;
    for (int r = 1; r < size; ++r) displ[r] = displ[r - 1] + counts[r - 1];
  }
  MPI_Datatype num = TARTAN_NUM_BITS == 64 ? MPI_INT64_T : MPI_INT32_T;
  MPI_Gatherv(part, mine, num, full, counts, displ, num, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    FILE *out = fopen(argv[3], "w");
    if (out == NULL) MPI_Abort(MPI_COMM_WORLD, 4);
    TARTAN_Num base = TARTAN_dgraphVertStart(&g);
    fprintf(out, "%ld\n", (long) vglb);
    for (TARTAN_Num v = 0; v < vglb; ++v) fprintf(out, "%ld\t%ld\n", (long) (v + base), (long) full[v]);
    fclose(out);
    printf("ranks %d load %.2f s map %.2f s\n", size, worst[0], worst[1]);
  }
  free(part);
  free(full);
  free(counts);
  free(displ);
  TARTAN_dgraphExit(&g);
  TARTAN_archExit(&arch);
  MPI_Finalize();
  return 0;
}
