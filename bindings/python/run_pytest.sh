#!/bin/sh
# Runs the Python binding's pytest suite (bindings/python/tests) on the build tree's package,
# which loads the build tree's library. Skips (77) only when configure found no python3 with
# NumPy and pytest, as its summary said. In a sanitizer build (the library needs libasan),
# Python is started with libasan preloaded, as ASan requires, and without leak detection
# (the interpreter's own allocations at exit are not Tartan's).
if [ "${TARTAN_PYTHON_TESTS:-no}" != yes ]; then
  echo "python3 with NumPy and pytest not found by configure: skipped"
  exit 77
fi
lib=$TARTAN_PY_LIBRARY_FILE
# A clang build (the libFuzzer one) links its sanitizer runtime into each program, and the
# command the tests run could not share a process with a runtime preloaded into Python.
if readelf -p .comment "$lib" 2>/dev/null | grep -q clang; then
  echo "library built by clang (sanitizer runtime in the programs): skipped"
  exit 77
fi
# The sanitizer runtimes the library needs: the ones it names (ldd), and gcc's for the ones it
# only has undefined symbols of (libtool may leave a runtime out of the link). ASan first.
runtimes=
for runtime in asan ubsan; do
  path=$(ldd "$lib" 2>/dev/null | awk -v name="lib$runtime" 'index($1, name) == 1 { print $3 }')
  if [ -z "$path" ] && nm -D "$lib" 2>/dev/null | grep -q " U __${runtime}_"; then
    path=$(${CC:-cc} -print-file-name=lib$runtime.so 2>/dev/null)
    case $path in /*) [ -e "$path" ] || path= ;; *) path= ;; esac
  fi
  [ -n "$path" ] && runtimes="$runtimes$path "
done
if [ -n "$runtimes" ]; then
  echo "sanitizer build: preloading $runtimes"
  LD_PRELOAD="$runtimes${LD_PRELOAD:+ $LD_PRELOAD}"
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
  export LD_PRELOAD ASAN_OPTIONS
fi
# A library that still cannot be loaded from Python leaves the binding to the other builds.
if ! "$TARTAN_PYTHON" -c 'import ctypes, sys; ctypes.CDLL(sys.argv[1])' "$lib" 2>/dev/null; then
  echo "the library of this build cannot be loaded by $TARTAN_PYTHON (sanitizer runtime): skipped"
  exit 77
fi
PYTHONPATH="$TARTAN_PY_PATH${PYTHONPATH:+:$PYTHONPATH}"
PYTHONDONTWRITEBYTECODE=1
export PYTHONPATH PYTHONDONTWRITEBYTECODE
exec "$TARTAN_PYTHON" -m pytest -q -p no:cacheprovider --rootdir="$TARTAN_PY_TEST_DIR" \
  "$TARTAN_PY_TEST_DIR"
