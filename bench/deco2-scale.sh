#!/bin/sh
# Scale test of deco 2 targets (issue 5): builds a deco 2 target from an N x N x N torus graph
# (default N = 100: 1,000,000 vertices), then maps a graph onto it, and reports the wall time
# and the peak memory of each step. Run from the build directory (or set TARTAN_BIN).
#
#   bench/deco2-scale.sh [N [GRAPH]]
#
# GRAPH defaults to SCOTCH's 4elt mesh from the shared data set beside the source tree when it
# is there, else to a 128 x 128 mesh that `tartan graph gen` makes. Needs python3 (for the
# peak-memory figures). Scratch files go to a temporary folder, removed at the end.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
n=${1:-100}
graph=${2:-}
tartan=${TARTAN_BIN:-}
if [ -z "$tartan" ]; then
  if [ -x ./tartan ]; then tartan=$(pwd)/tartan; else tartan=$(command -v tartan); fi
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/tartan-deco2-scale.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

# measure LABEL COMMAND...: runs COMMAND, prints its wall time and peak resident memory.
measure() {
  label=$1
  shift
  python3 - "$label" "$@" <<'PY'
import resource, subprocess, sys, time
start = time.monotonic()
result = subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL)
elapsed = time.monotonic() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(f"{sys.argv[1]:<28} {elapsed:8.1f} s   peak {peak:7.0f} MiB")
sys.exit(result.returncode)
PY
}

if [ -z "$graph" ]; then
  graph=$here/../../shared/data/graphs/4elt.grf.gz
  if [ ! -f "$graph" ]; then
    graph=$work/mesh128.grf
    "$tartan" graph gen mesh2D 128 128 -o "$graph"
  fi
fi
"$tartan" graph gen torus3D "$n" "$n" "$n" -o "$work/torus.grf"
echo "target graph: torus3D $n x $n x $n ($((n * n * n)) vertices); mapped graph: $(basename "$graph")"
measure "arch build --deco2" "$tartan" arch build --deco2 "$work/torus.grf" -o "$work/torus.tgt"
ls -l "$work/torus.tgt" | awk '{printf "%-28s %8.0f MiB file\n", "target file", $5 / 1048576}'
measure "map (loads the file)" "$tartan" map "$graph" "$work/torus.tgt" -o "$work/graph.map"
printf 'torus3D %s %s %s\n' "$n" "$n" "$n" > "$work/torus3D.tgt"
measure "map onto torus3D itself" "$tartan" map "$graph" "$work/torus3D.tgt" -o "$work/direct.map"
# Terminal k of both targets is torus vertex k, so the torus3D target gives exact hop costs.
cost() { "$tartan" stats "$graph" "$work/torus3D.tgt" "$1" | sed -n 's/.*CommExpan=[^(]*(\([0-9]*\)).*/\1/p'; }
deco=$(cost "$work/graph.map")
direct=$(cost "$work/direct.map")
echo "exact cost, mapped onto deco 2: $deco; onto torus3D: $direct" \
  "(gap $(awk -v a="$deco" -v b="$direct" 'BEGIN { printf "%+.1f %%", 100 * (a / b - 1) }'))"
"$tartan" stats "$graph" "$work/torus.tgt" "$work/graph.map" | grep -E "Processors|Target"
