#!/bin/sh
# Distributed graphs on 1 to 4 ranks: build, check with errors on one rank, centralised and
# distributed loads, gather (bindings/mpi/tests/test_dgraph.c).
. "$TARTAN_TOP_SRCDIR/bindings/mpi/tests/mpi_support.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/tartan-mpi.XXXXXX")
trap 'rm -rf "$work"' EXIT
for np in 1 2 3 4; do
  mpi_run "$np" "$TARTAN_MPI_TESTS/test_dgraph" "$work" || exit 1
done
