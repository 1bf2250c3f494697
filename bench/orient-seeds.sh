#!/bin/sh
# What the `orient` step of the default strategy buys, seed by seed: each instance is mapped
# with `drb;kway` (the default before orient) and `drb;orient;kway` (the default now) for seeds
# 0 to SEEDS-1, and the communication cost (CommExpan's sum, from `tartan stats`) and CPU time
# of each run are printed, then the means and their ratio per instance. Generated graphs only.
# Run from the build directory (or set TARTAN_BIN); BIG=1 adds the 100^3 mesh (about 10 s a run).
#
#   bench/orient-seeds.sh [SEEDS]     (default 5)
set -eu
seeds=${1:-5}
tartan=${TARTAN_BIN:-}
if [ -z "$tartan" ]; then
  if [ -x ./tartan ]; then tartan=$(pwd)/tartan; else tartan=$(command -v tartan); fi
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/tartan-orient.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

"$tartan" graph gen mesh3D 32 32 32 -o "$work/m3-32.grf"
"$tartan" graph gen torus3D 24 24 24 -o "$work/t3-24.grf"
"$tartan" graph gen mesh2D 256 256 -o "$work/m2-256.grf"
"$tartan" graph gen mesh3D 12 12 12 -o "$work/m3-12.grf"
printf 'torus3D 8 8 8\n' >"$work/t888.tgt"
printf 'mesh3D 2 4 8\n' >"$work/m248.tgt"
printf 'hcub 10\n' >"$work/h10.tgt"
printf 'mesh3D 4 4 4\n' >"$work/m444.tgt"
instances="m3-32:t888 t3-24:m248 m2-256:h10 m3-12:m444"
if [ "${BIG:-0}" = 1 ]; then
  "$tartan" graph gen mesh3D 100 100 100 -o "$work/m3-100.grf"
  instances="$instances m3-100:t888"
fi

# run GRAPH TARGET SEED STRATEGY: prints "COST CPU_SECONDS".
run() {
  python3 - "$tartan" "$work/$1.grf" "$work/$2.tgt" "$3" "$4" "$work/out.map" <<'PY'
import re, resource, subprocess, sys
tartan, graph, target, seed, strategy, out = sys.argv[1:]
before = resource.getrusage(resource.RUSAGE_CHILDREN)
subprocess.run([tartan, "map", "--seed", seed, "-s", strategy, graph, target, "-o", out], check=True)
after = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
stats = subprocess.run([tartan, "stats", graph, target, out], check=True, capture_output=True,
                       text=True).stdout
print(re.search(r"CommExpan=[0-9.]+\s*\((\d+)\)", stats).group(1), f"{cpu:.2f}")
PY
}

printf '%-14s %4s %12s %7s %12s %7s\n' instance seed drb-kway cpu orient cpu
for instance in $instances; do
  graph=${instance%%:*} target=${instance##*:}
  sum_plain=0 sum_oriented=0 seed=0
  while [ "$seed" -lt "$seeds" ]; do
    set -- $(run "$graph" "$target" "$seed" 'drb;kway')
    plain=$1 plain_cpu=$2
    set -- $(run "$graph" "$target" "$seed" 'drb;orient;kway')
    printf '%-14s %4d %12d %7s %12d %7s\n' "$graph-$target" "$seed" "$plain" "$plain_cpu" "$1" "$2"
    sum_plain=$((sum_plain + plain)) sum_oriented=$((sum_oriented + $1))
    seed=$((seed + 1))
  done
  python3 -c 'import sys; name = sys.argv[1]; p, o, n = map(int, sys.argv[2:])
print(f"{name:<14} mean {p / n:12.1f} {o / n:20.1f}   ratio {o / p:.3f}")' \
    "$graph-$target" "$sum_plain" "$sum_oriented" "$seeds"
done
