#!/bin/sh
# Runs the Python binding's pytest suite (bindings/python/tests) on the build tree's package,
# which loads the build tree's library. Skips (77) only when configure found no python3 with
# NumPy and pytest, as its summary said.
if [ "${TARTAN_PYTHON_TESTS:-no}" != yes ]; then
  echo "python3 with NumPy and pytest not found by configure: skipped"
  exit 77
fi
PYTHONPATH="$TARTAN_PY_PATH${PYTHONPATH:+:$PYTHONPATH}"
PYTHONDONTWRITEBYTECODE=1
export PYTHONPATH PYTHONDONTWRITEBYTECODE
exec "$TARTAN_PYTHON" -m pytest -q -p no:cacheprovider --rootdir="$TARTAN_PY_TEST_DIR" \
  "$TARTAN_PY_TEST_DIR"
