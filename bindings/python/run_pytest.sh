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
asan=$(ldd "$TARTAN_PY_LIBRARY_FILE" 2>/dev/null | awk '/libasan/ { print $3 }')
if [ -n "$asan" ]; then
  echo "sanitizer build: preloading $asan"
  LD_PRELOAD="$asan${LD_PRELOAD:+ $LD_PRELOAD}"
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
  export LD_PRELOAD ASAN_OPTIONS
fi
PYTHONPATH="$TARTAN_PY_PATH${PYTHONPATH:+:$PYTHONPATH}"
PYTHONDONTWRITEBYTECODE=1
export PYTHONPATH PYTHONDONTWRITEBYTECODE
exec "$TARTAN_PYTHON" -m pytest -q -p no:cacheprovider --rootdir="$TARTAN_PY_TEST_DIR" \
  "$TARTAN_PY_TEST_DIR"
