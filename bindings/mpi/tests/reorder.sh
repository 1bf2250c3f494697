#!/bin/sh
# Rank reordering on 4 ranks (bindings/mpi/tests/test_reorder.c: permutations, ring against a
# badly ordered ring, the distributed-graph path, the default hwloc target, collective errors)
# and the example program doc/examples/mpi_reorder.c on 4 ranks.
. "$TARTAN_TOP_SRCDIR/bindings/mpi/tests/mpi_support.sh"
mpi_run 4 "$TARTAN_MPI_TESTS/test_reorder" || exit 1
mpi_run 4 "$TARTAN_MPI_TESTS/../../../doc/examples/mpi_reorder" || exit 1
