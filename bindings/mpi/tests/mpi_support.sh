# Sourced by the MPI shell tests: mpi_run NP PROGRAM [ARGS...] starts PROGRAM (a test program
# of the build tree) on NP ranks with $TARTAN_MPIEXEC (configure's MPIEXEC) and returns its
# status. Open MPI's flags: --oversubscribe (this machine may have fewer cores than ranks) and,
# as root (CI containers), --allow-run-as-root. Under LeakSanitizer (an ASan build), the
# leaks Open MPI leaves in its own libraries at MPI_Finalize are suppressed (lsan.supp); any
# leak in Tartan still fails the test. Skips (77) when configure found no mpirun.
if [ -z "${TARTAN_MPIEXEC:-}" ]; then
  echo "no mpirun or mpiexec found by configure: skipped"
  exit 77
fi
mpi_flags=
if "$TARTAN_MPIEXEC" --version 2>&1 | grep -qi "open mpi\|open-mpi\|openrte"; then
  mpi_flags="--oversubscribe"
  if [ "$(id -u)" -eq 0 ]; then mpi_flags="$mpi_flags --allow-run-as-root"; fi
  # No network interfaces to probe in a container: shared memory and self only.
  export OMPI_MCA_btl=self,vader
  export OMPI_MCA_btl_vader_single_copy_mechanism=none
fi
# Open MPI unloads its plugins at MPI_Finalize, so a leak they made shows as "<unknown
# module>", which no suppression can match; the slow unwinder walks on through the plugin to
# the Open MPI library that called it, which lsan.supp names.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0"
export LSAN_OPTIONS="suppressions=$TARTAN_TOP_SRCDIR/bindings/mpi/tests/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

mpi_run() {
  np=$1
  shift
  echo "--- $TARTAN_MPIEXEC -np $np $mpi_flags $*"
  # shellcheck disable=SC2086  # mpi_flags holds several words
  "$TARTAN_MPIEXEC" -np "$np" $mpi_flags "$@"
}
