#!/bin/sh
# TARTAN_dgraphMap on 1 to 4 ranks: valid, balanced, within 8 % of TARTAN_graphMap's default (1.5 % on a tree)
# on the gathered graph, deterministic (bindings/mpi/tests/test_dgraph_map.c). Then on 4 ranks
# with TARTAN_MPI_GATHER_PER_RANK=0: the test's grids have too few vertices per rank for the
# parallel bisection, which this forces on the group of 4 ranks of the first split level.
. "$TARTAN_TOP_SRCDIR/bindings/mpi/tests/mpi_support.sh"
for np in 1 2 3 4; do
  mpi_run "$np" "$TARTAN_MPI_TESTS/test_dgraph_map" || exit 1
done
TARTAN_MPI_GATHER_PER_RANK=0 mpi_run 4 "$TARTAN_MPI_TESTS/test_dgraph_map" || exit 1
