#!/bin/bash
# Usage: bench/dgraph-vs-ptscotch.sh BUILD [SIDE...] (run from the source tree; BUILD an MPI
# build where `make bench/dgraph_map_driver` was run; SIDE: mesh sides, default 100, i.e. the
# 10^6-vertex 100^3 mesh; 200 gives 8 * 10^6).
# TARTAN_dgraphMap (bench/dgraph_map_driver: centralised .grf read by rank 0 and scattered)
# against PT-SCOTCH 7 on gmk_m3 meshes, onto torus3D 8 8 8 and tleaf 3 16 90 16 9 4 1 (TARGETS,
# default "torus888 tleaf1024"), on RANKS (default "1 2 4") ranks. PT-SCOTCH's dgmap of
# Debian's ptscotch 7.0 maps onto these targets on neither one rank ("kdgraphMapRbMap: not implemented yet") nor several (it
# crashes), so PT-SCOTCH runs as dgpart with the target's terminal count (k-way partitioning,
# what its parallel mapping falls back to), at the same 1 % imbalance. Both mappings are
# scored the same way: `tartan stats GRAPH TARGET MAP`, CommExpan's parenthesised sum (sum of
# arc weight x distance). Each rank runs under /usr/bin/time: wall time of the whole job,
# user+system CPU summed over ranks, the largest peak RSS of one rank.
set -euo pipefail
build=${1:?usage: bench/dgraph-vs-ptscotch.sh BUILD [SIDE...]}
shift
sides=${*:-100}
ranks=${RANKS:-1 2 4}
targets=${TARGETS:-torus888 tleaf1024}
build=$(cd "$build" && pwd)
work=${WORK:-/tmp/tartan-dgraph-bench}
mkdir -p "$work"
flags="--oversubscribe"
[ "$(id -u)" -eq 0 ] && flags="$flags --allow-run-as-root"
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
echo "torus3D 8 8 8" >"$work/torus888.tgt"
echo "tleaf 3 16 90 16 9 4 1" >"$work/tleaf1024.tgt"

# run NAME NP COMMAND...: prints "wall cpu maxrss_MB" of the job.
run() {
  local name=$1 np=$2
  shift 2
  local start end
  start=$(date +%s.%N)
  # shellcheck disable=SC2086
  mpirun -np "$np" $flags sh -c '/usr/bin/time -f "RUSAGE %U %S %M" -o "$0.$OMPI_COMM_WORLD_RANK.time" "$@"' \
    "$work/$name" "$@" >"$work/$name.out" 2>&1 || true
  end=$(date +%s.%N)
  cat "$work/$name".*.time | awk -v wall="$(echo "$end - $start" | bc)" \
    '/RUSAGE/ { cpu += $2 + $3; if ($4 > rss) rss = $4 } END { printf "%.1f %.1f %.0f\n", wall, cpu, rss / 1024 }'
  rm -f "$work/$name".*.time
}

cost() { "$build/tartan" stats "$1" "$2" "$3" 2>/dev/null | sed -n 's/^M\tCommExpan=[^(]*(\(.*\))/\1/p'; }

printf '%-8s %-9s %5s | %12s %12s %6s | %7s %7s %6s | %7s %7s %6s | %7s %7s\n' graph target ranks \
  cost_tartan cost_ptsc ratio wall_t wall_p ratio cpu_t cpu_p ratio MBrank_t MBrank_p
for side in $sides; do
  graph=$work/m$side.grf
  [ -f "$graph" ] || gmk_m3 "$side" "$side" "$side" "$graph"
  for target in $targets; do
    tgt=$work/$target.tgt
    k=$(head -c 40 "$tgt" | awk '{ if ($1 == "torus3D") print $2 * $3 * $4; else print 16 * 16 * 4 }')
    for np in $ranks; do
      read -r wt ct mt < <(run "t$side$target$np" "$np" "$build/bench/dgraph_map_driver" "$graph" "$tgt" "$work/t.map")
      read -r wp cp mp < <(run "p$side$target$np" "$np" dgpart -b0.01 "$k" "$graph" "$work/p.map")
      ct_cost=$(cost "$graph" "$tgt" "$work/t.map")
      cp_cost=$(cost "$graph" "$tgt" "$work/p.map")
      printf '%-8s %-9s %5s | %12s %12s %6.3f | %7s %7s %6.2f | %7s %7s %6.2f | %7s %7s\n' "m$side^3" "$target" "$np" \
        "$ct_cost" "$cp_cost" "$(echo "$ct_cost / $cp_cost" | bc -l)" "$wt" "$wp" "$(echo "$wt / $wp" | bc -l)" \
        "$ct" "$cp" "$(echo "$ct / $cp" | bc -l)" "$mt" "$mp"
    done
  done
done
