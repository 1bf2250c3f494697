#!/bin/sh
# Distributed graphs on 1 to 4 ranks: build, check with errors on one rank, centralised and
# distributed loads, gather (bindings/mpi/tests/test_dgraph.c); the exported symbols.
. "$TARTAN_TOP_SRCDIR/bindings/mpi/tests/mpi_support.sh"
# Only the layer's names leave the library.
library=$TARTAN_MPI_TESTS/../../../.libs/lib${TARTAN_LIBNAME:-tartan}-mpi.so
if [ -f "$library" ] && command -v nm >/dev/null 2>&1; then
  foreign=$(nm -D --defined-only "$library" | awk '{ print $NF }' |
    grep -v '^TARTAN_dgraph\|^TARTAN_mpi\|^TARTAN_MPI_0$' || true)
  if [ -n "$foreign" ]; then
    echo "lib${TARTAN_LIBNAME:-tartan}-mpi exports foreign symbols:" $foreign >&2
    exit 1
  fi
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/tartan-mpi.XXXXXX")
trap 'rm -rf "$work"' EXIT
for np in 1 2 3 4; do
  mpi_run "$np" "$TARTAN_MPI_TESTS/test_dgraph" "$work" || exit 1
done
