#!/bin/sh
# `tartan draw graph` in each picture format on one large mesh: an N x N mesh (default N = 1000,
# 10^6 vertices, `tartan graph gen mesh2D N N --xyz`) mapped onto TARGET (default the shipped
# 8 x 8 x 8 torus) is drawn at its coordinates (aggregated) as SVG, PNG and PDF (the last two
# when the command was built with cairo); prints one line "FORMAT VERTICES SECONDS PEAK_MIB
# BYTES" per picture: wall time and peak resident memory of the command, size of the file.
# Then the same for `tartan draw target` with the mapping's loads. Run from the build
# directory (or set TARTAN_BIN); needs python3 for the peak-memory figures.
#
#   bench/draw.sh [-t TARGET] [N]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
target=$here/../arch/torus3D_8x8x8.tgt
if [ "${1:-}" = "-t" ]; then target=$2; shift 2; fi
n=${1:-1000}
tartan=${TARTAN_BIN:-}
if [ -z "$tartan" ]; then
  if [ -x ./tartan ]; then tartan=$(pwd)/tartan; else tartan=$(command -v tartan); fi
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/tartan-draw.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

# measure NAME VERTICES FILE COMMAND...: runs COMMAND, prints "NAME VERTICES SECONDS MIB BYTES".
measure() {
  python3 - "$@" <<'PY'
import os, resource, subprocess, sys, time
start = time.monotonic()
result = subprocess.run(sys.argv[4:], stdout=subprocess.DEVNULL)
elapsed = time.monotonic() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
size = os.path.getsize(sys.argv[3]) if result.returncode == 0 else 0
print(f"{sys.argv[1]:<12} {sys.argv[2]:>9} {elapsed:9.3f} {peak:8.1f} {size:>9}", flush=True)
sys.exit(result.returncode)
PY
}

formats=svg
if "$tartan" --version | grep -q '^cairo: yes'; then formats="svg png pdf"; fi
"$tartan" graph gen mesh2D "$n" "$n" -o "$work/g.grf" --xyz "$work/g.xyz"
"$tartan" map "$work/g.grf" "$target" -o "$work/g.map"
echo "# PICTURE VERTICES SECONDS PEAK_MIB BYTES; $n x $n mesh on $(basename "$target"); $(date -u +%Y-%m-%d)"
for format in $formats; do
  measure "graph-$format" $((n * n)) "$work/g.$format" \
    "$tartan" draw graph "$work/g.grf" "$work/g.map" -g "$work/g.xyz" -o "$work/g.$format"
done
for format in $formats; do
  measure "target-$format" $((n * n)) "$work/t.$format" \
    "$tartan" draw target "$target" "$work/g.grf" "$work/g.map" -o "$work/t.$format"
done
measure "graph-info" $((n * n)) "$work/g.grf" "$tartan" graph info "$work/g.grf"
