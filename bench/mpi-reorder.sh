#!/bin/sh
# Rank reordering (TARTAN_mpiReorderPerm, doc/mpi.md): the mapping cost of the identity
# placement and of the reordered one, and the time of the call (slowest rank), for ring, 2-D
# and 3-D periodic stencils and random patterns onto a 3-level tree-leaf and a 3-D torus (sizes
# from MPI_Dims_create), slots in order and shuffled. Run from a build configured with MPI:
#
#   bench/mpi-reorder.sh [RANKS...]        (default: 16 64)
#
# Compiles bench/mpi_reorder_bench.c against the build's libtartan and libtartan-mpi, then runs
# it under mpirun --oversubscribe (and --allow-run-as-root as root) for each rank count.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=$(pwd)
[ -f "$build/.libs/libtartan-mpi.so" ] || { echo "run from a build configured --with-mpi" >&2; exit 1; }
[ $# -gt 0 ] || set -- 16 64
work=$(mktemp -d "${TMPDIR:-/tmp}/tartan-mpi-reorder.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
${MPICC:-mpicc} -O2 -I"$build/include" -I"$here/../bindings/mpi" -I"$build/bindings/mpi" \
  "$here/mpi_reorder_bench.c" -L"$build/.libs" -ltartan-mpi -ltartan \
  -Wl,-rpath,"$build/.libs" -o "$work/bench"
asroot=
[ "$(id -u)" -ne 0 ] || asroot=--allow-run-as-root
echo "| ranks | pattern | target | identity cost | reordered cost | ratio | time (s) |"
echo "|---|---|---|---|---|---|---|"
for n in "$@"; do
  mpirun --oversubscribe $asroot -np "$n" "$work/bench"
done
