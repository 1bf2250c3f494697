#!/bin/sh
# Runs the shared SCOTCH comparison (../shared/bench/vs-scotch) on the `tartan` of this tree.
# Options are passed to the harness (--filter RE, --runs N, --json FILE, --keep DIR, ...).
# TARTAN_BIN: the tartan command (default: ./tartan in the current build directory, else the
# one on PATH); TARTAN_VS_SCOTCH: the harness (default: ../shared/bench/vs-scotch beside the
# source tree).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
harness=${TARTAN_VS_SCOTCH:-$here/../../shared/bench/vs-scotch}
if [ ! -f "$harness" ]; then
  echo "vs-scotch.sh: harness not found at $harness (set TARTAN_VS_SCOTCH)" >&2
  exit 2
fi
if [ -z "${TARTAN_BIN:-}" ]; then
  if [ -x ./tartan ]; then
    TARTAN_BIN=$(pwd)/tartan
  elif command -v tartan >/dev/null 2>&1; then
    TARTAN_BIN=$(command -v tartan)
  else
    echo "vs-scotch.sh: no tartan command: run from the build directory or set TARTAN_BIN" >&2
    exit 2
  fi
fi
exec python3 "$harness" --tartan "'$TARTAN_BIN' map {graph} {target} -o {map}" "$@"
