#!/bin/sh
# Scaling of `tartan map` and `tartan draw graph` with the graph's size: for each N given
# (default 64 128 256 512 1024), an N x N mesh (`tartan graph gen mesh2D N N --xyz`) is mapped
# onto TARGET (default the shipped 8 x 8 x 8 torus) and drawn at its coordinates (as SVG, and
# as PNG and PDF when the command was built with cairo: series draw-png, draw-pdf); prints one
# line "SERIES SIZE SECONDS MIB" per step (wall time and peak resident memory of the command),
# the table `bench/plot scaling` turns into SVG curves, and after each drawing a comment line
# "# SERIES SIZE: BYTES bytes" with the size of the picture. Run from the build directory (or set
# TARTAN_BIN); needs python3 for the peak-memory figures.
#
#   bench/scaling.sh [-t TARGET] [N ...] > scaling.txt && bench/plot scaling scaling.txt
set -eu
here=$(cd "$(dirname "$0")" && pwd)
target=$here/../arch/torus3D_8x8x8.tgt
if [ "${1:-}" = "-t" ]; then target=$2; shift 2; fi
[ $# -gt 0 ] || set -- 64 128 256 512 1024
tartan=${TARTAN_BIN:-}
if [ -z "$tartan" ]; then
  if [ -x ./tartan ]; then tartan=$(pwd)/tartan; else tartan=$(command -v tartan); fi
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/tartan-scaling.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

# measure SERIES SIZE COMMAND...: runs COMMAND and prints "SERIES SIZE SECONDS MIB".
measure() {
  python3 - "$@" <<'PY'
import resource, subprocess, sys, time
start = time.monotonic()
result = subprocess.run(sys.argv[3:], stdout=subprocess.DEVNULL)
elapsed = time.monotonic() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(f"{sys.argv[1]:<6} {sys.argv[2]:>9} {elapsed:9.3f} {peak:8.1f}", flush=True)
sys.exit(result.returncode)
PY
}

formats=svg
if "$tartan" --version | grep -q '^cairo: yes'; then formats="svg png pdf"; fi
echo "# SERIES SIZE(vertices) SECONDS PEAK_MIB; target $(basename "$target"); $(date -u +%Y-%m-%d)"
for n in "$@"; do
  "$tartan" graph gen mesh2D "$n" "$n" -o "$work/g.grf" --xyz "$work/g.xyz"
  size=$((n * n))
  measure map "$size" "$tartan" map "$work/g.grf" "$target" -o "$work/g.map"
  for format in $formats; do
    series=draw
    [ "$format" = svg ] || series=draw-$format
    measure "$series" "$size" "$tartan" draw graph "$work/g.grf" "$work/g.map" -g "$work/g.xyz" \
      -o "$work/g.$format"
    echo "# $series $size: $(wc -c <"$work/g.$format") bytes"
  done
done
