#!/bin/sh
# `tartan map` and `tartan stats`: results, determinism, --help, exit codes 0/1/2, and the
# statistics line by line against SCOTCH's gmtst when it is installed.
. "$(dirname "$0")/cli_support.sh"
w=$work_dir
T=$TARTAN_BIN

"$T" graph gen mesh2D 12 10 -o "$w/m.grf" || fail "graph gen"
printf 'hcub 3\n' >"$w/h3.tgt"
printf 'mesh2D 4 3\n' >"$w/m43.tgt"
printf 'varcmplt\n' >"$w/var.tgt"
printf 'cmplt 0\n' >"$w/bad.tgt"
printf '2\n0 7\n119 0\n' >"$w/fixed.map"
printf '1\n0 9\n' >"$w/fixed_out.map"
printf '3\n0 1\n' >"$w/short.map"

expect_run 0 'Usage: tartan map \[OPTIONS\] GRAPH TARGET' "$T" map --help
expect_run 0 'Usage: tartan stats \[OPTIONS\] GRAPH TARGET MAP' "$T" stats --help
expect_run 0 '^  map ' "$T" --help

# Mapping: a valid, balanced mapping, the same twice, written to a file or stdout.
expect_run 0 '' "$T" map "$w/m.grf" "$w/h3.tgt" -o "$w/a.map"
expect_run 0 '' "$T" map "$w/m.grf" "$w/h3.tgt" -o "$w/b.map"
expect_same "$w/a.map" "$w/b.map" "same inputs and seed give the same mapping"
expect_run 0 '^120$' "$T" map "$w/m.grf" "$w/h3.tgt"
cp "$w/out" "$w/c.map"
expect_same "$w/a.map" "$w/c.map" "mapping on standard output"
expect_run 0 '^M	Processors 8/8 \(1\)$' "$T" stats "$w/m.grf" "$w/h3.tgt" "$w/a.map"
expect_run 0 'maxavg=1(\.0[01][0-9]*)?$' "$T" stats "$w/m.grf" "$w/h3.tgt" "$w/a.map"
expect_run 0 '"comm_expan": \{"ratio": ' "$T" stats --json "$w/m.grf" "$w/h3.tgt" "$w/a.map"

# The default strategy orients drb's blocks on a mesh target (its phase shows with -v); orient
# in a strategy string maps the same way twice; before any mapping it is refused (exit 2).
expect_run 0 '^  orient  *[0-9.]* s$' "$T" map -v "$w/m.grf" "$w/m43.tgt" -o "$w/o.map"
expect_run 0 '' "$T" map -s 'drb;orient;kway' --seed 2 "$w/m.grf" "$w/m43.tgt" -o "$w/o1.map"
expect_run 0 '' "$T" map -s 'drb;orient;kway' --seed 2 "$w/m.grf" "$w/m43.tgt" -o "$w/o2.map"
expect_same "$w/o1.map" "$w/o2.map" "orient: same seed, same mapping"
expect_run 2 'orient needs a complete mapping' "$T" map -s orient "$w/m.grf" "$w/m43.tgt" -o "$w/o3.map"
# drb's search slack: two equal halves of the 12 x 10 grid (cmplt 2, -b 0) with and without it,
# both exactly balanced; the straight cut (10 edges) with it; out of range, exit 2.
printf 'cmplt 2\n' >"$w/k2.tgt"
expect_run 0 '' "$T" map -b 0 "$w/m.grf" "$w/k2.tgt" -o "$w/h.map"
expect_run 0 'maxavg=1$' "$T" stats "$w/m.grf" "$w/k2.tgt" "$w/h.map"
expect_run 0 'CommCutSz=[0-9.]*	\(10\)$' "$T" stats "$w/m.grf" "$w/k2.tgt" "$w/h.map"
expect_run 0 '' "$T" map -b 0 -s 'drb{slack=0}' "$w/m.grf" "$w/k2.tgt" -o "$w/h0.map"
expect_run 0 'maxavg=1$' "$T" stats "$w/m.grf" "$w/k2.tgt" "$w/h0.map"
expect_run 2 "parameter 'slack' of 'drb' must be between 0 and 1" \
  "$T" map -s 'drb{slack=3}' "$w/m.grf" "$w/k2.tgt" -o "$w/h1.map"
# drb's run: one of its runs alone (doc/strategy.md), below runs.
expect_run 0 '' "$T" map -s 'drb{runs=3,run=2}' "$w/m.grf" "$w/k2.tgt" -o "$w/r2.map"
expect_run 0 '^M	Target min=[0-9]+	max=[0-9]+' "$T" stats "$w/m.grf" "$w/k2.tgt" "$w/r2.map"
expect_run 2 "drb: run 2 is not one of the 2 runs" \
  "$T" map -s 'drb{run=2}' "$w/m.grf" "$w/k2.tgt" -o "$w/r3.map"
# drb's deepmoves: the deeper jobs' FM budget, with runlevels only.
expect_run 0 '' "$T" map -s 'drb{runlevels=1,deepmoves=20}' "$w/m.grf" "$w/h3.tgt" -o "$w/d.map"
expect_run 0 '^M	Target min=[0-9]+	max=[0-9]+' "$T" stats "$w/m.grf" "$w/h3.tgt" "$w/d.map"
expect_run 2 "drb: deepmoves applies to the jobs below the first runlevels levels" \
  "$T" map -s 'drb{deepmoves=20}' "$w/m.grf" "$w/h3.tgt" -o "$w/d1.map"
# drb's treeruns onto a tree-leaf, and the room every method accepts; their errors.
printf 'tleaf 2 2 10 4 1\n' >"$w/tl8.tgt"
expect_run 0 '' "$T" map -b 0.05 -s 'drb{treeruns=8,bal=0.02};kway{bal=0.02,room=1}' \
  "$w/m.grf" "$w/tl8.tgt" -o "$w/tr.map"
expect_run 0 '^M	Processors 8/8' "$T" stats "$w/m.grf" "$w/tl8.tgt" "$w/tr.map"
expect_run 2 "drb: treeruns and run cannot be given together" \
  "$T" map -s 'drb{treeruns=8,run=0}' "$w/m.grf" "$w/tl8.tgt" -o "$w/tr1.map"
expect_run 0 '' "$T" map -s 'drb;kway{climb=500}' "$w/m.grf" "$w/tl8.tgt" -o "$w/cl.map"
expect_run 0 '^M	Processors 8/8' "$T" stats "$w/m.grf" "$w/tl8.tgt" "$w/cl.map"
expect_run 2 "parameter 'climb' of 'kway' must be between 0 and 1000000" \
  "$T" map -s 'drb;kway{climb=-1}' "$w/m.grf" "$w/tl8.tgt" -o "$w/cl1.map"
expect_run 0 '' "$T" map -s 'drb;kway{scope=moves}' "$w/m.grf" "$w/tl8.tgt" -o "$w/sc.map"
expect_run 0 '^M	Processors 8/8' "$T" stats "$w/m.grf" "$w/tl8.tgt" "$w/sc.map"
expect_run 2 "parameter 'scope' of 'kway' must be boundary or moves, found 'near'" \
  "$T" map -s 'drb;kway{scope=near}' "$w/m.grf" "$w/tl8.tgt" -o "$w/sc1.map"
expect_run 2 "parameter 'policy' of 'drb' must be biggest, breadth or depth, found 'deep'" \
  "$T" map -s 'drb{policy=deep}' "$w/m.grf" "$w/tl8.tgt" -o "$w/po.map"
expect_run 2 "parameter 'cycles' of 'kway' must be between 1 and 100" \
  "$T" map -s 'drb;kway{cycles=0}' "$w/m.grf" "$w/tl8.tgt" -o "$w/cy.map"
expect_run 2 "parameter 'room' of 'kway' expects a number, found 'many'" \
  "$T" map -s 'drb;kway{room=many}' "$w/m.grf" "$w/tl8.tgt" -o "$w/tr2.map"
# The default up to 2^14 vertices: its pipeline four times onto a hypercube, once onto the tree; the
# strategy variable tree picks the branch.
pipeline='drb{policy=breadth,unwrapped=8,treeruns=8,tries=2,bal=0.005};orient;'
pipeline="${pipeline}kway{climb=1000,cycles=3,bal=0.005,room=1}"
expect_run 0 '' "$T" map --seed 4 "$w/m.grf" "$w/h3.tgt" -o "$w/tw.map"
four="($pipeline|$pipeline|$pipeline|$pipeline)"
expect_run 0 '' "$T" map --seed 4 -s "$four" "$w/m.grf" "$w/h3.tgt" -o "$w/tw1.map"
expect_same "$w/tw.map" "$w/tw1.map" "the default's four runs onto a hypercube"
expect_run 0 '' "$T" map --seed 4 "$w/m.grf" "$w/tl8.tgt" -o "$w/tw2.map"
expect_run 0 '' "$T" map --seed 4 -s "$pipeline" "$w/m.grf" "$w/tl8.tgt" -o "$w/tw3.map"
expect_same "$w/tw2.map" "$w/tw3.map" "the default's one run onto a tree"
expect_run 0 '' "$T" map -s '/tree==1?drb{runs=1}:drb;' "$w/m.grf" "$w/tl8.tgt" -o "$w/tw4.map"
expect_run 0 '' "$T" map -s 'drb{runs=1}' "$w/m.grf" "$w/tl8.tgt" -o "$w/tw5.map"
expect_same "$w/tw4.map" "$w/tw5.map" "tree is 1 on a tree-leaf"
expect_run 0 'read graph .* s' "$T" map -v "$w/m.grf" "$w/h3.tgt" -o "$w/v.map"
# -v also times the phases of the methods, through the multilevel driver.
for phase in 'drb coarsen' 'drb initial' 'drb refine' 'kway coarsen' 'kway refine'; do
  expect_run 0 "^  $phase  *[0-9.]* s\$" "$T" map -v "$w/m.grf" "$w/h3.tgt" -o "$w/v.map"
done
expect_run 0 '' "$T" map "$w/m.grf" "$w/h3.tgt" -o "$w/s.map" --seed 99 -c qb -b 0.05
# Threads (-t): the quality strategy's alternatives side by side, the same mapping.
expect_run 0 '' "$T" map "$w/m.grf" "$w/h3.tgt" -o "$w/s3.map" --seed 99 -c qb -b 0.05 -t 3
expect_same "$w/s.map" "$w/s3.map" "the same mapping with 3 threads"
# Without -t, one thread per processing unit this process may run on: the mapping of one thread.
expect_run 0 '' "$T" map "$w/m.grf" "$w/h3.tgt" -o "$w/s1.map" --seed 99 -c qb -b 0.05 -t 1
expect_same "$w/s.map" "$w/s1.map" "the default thread count maps as one thread"
# Bound to one core (the first this shell may run on, which need not be core 0).
first_cpu=$(taskset -cp $$ 2>/dev/null | sed -n 's/.*: *\([0-9][0-9]*\).*/\1/p')
if [ -n "$first_cpu" ]; then
  expect_run 0 '' taskset -c "$first_cpu" "$T" map "$w/m.grf" "$w/h3.tgt" -o "$w/s0.map" --seed 99 -c qb -b 0.05
  expect_same "$w/s.map" "$w/s0.map" "the default thread count bound to one core maps the same"
fi
expect_run 1 'threads must be between 0 and 4096' "$T" map "$w/m.grf" "$w/h3.tgt" -t -2
expect_run 0 '^M	Processors 8/8' "$T" stats "$w/m.grf" "$w/h3.tgt" "$w/s.map"
# msec along a tree-leaf's levels, and the quality strategy there, the same with 3 threads.
printf 'tleaf 2 3 10 4 1\n' >"$w/tl.tgt"
expect_run 0 '' "$T" map "$w/m.grf" "$w/tl.tgt" -o "$w/ms.map" -b 0.03 -s 'msec{runs=3};kway'
expect_run 0 '^M	Processors 12/12' "$T" stats "$w/m.grf" "$w/tl.tgt" "$w/ms.map"
expect_run 0 'maxavg=1(\.0[0-3][0-9]*)?$' "$T" stats "$w/m.grf" "$w/tl.tgt" "$w/ms.map"
expect_run 0 '' "$T" map "$w/m.grf" "$w/tl.tgt" -o "$w/q1.map" -b 0.03 -c q
expect_run 0 '' "$T" map "$w/m.grf" "$w/tl.tgt" -o "$w/q3.map" -b 0.03 -c q -t 3
expect_same "$w/q1.map" "$w/q3.map" "-c q gives the same mapping with 3 threads"
expect_run 2 "parameter 'runs' of 'msec' must be between 1 and 100" "$T" map "$w/m.grf" "$w/tl.tgt" -s 'msec{runs=0}'
expect_run 0 '' "$T" map "$w/m.grf" "$w/m43.tgt" -o "$w/r.map" -s '(drb;kway|drb{tries=2})'
expect_run 0 '^M	Processors 12/12' "$T" stats "$w/m.grf" "$w/m43.tgt" "$w/r.map"
# Fixed vertices stay where the fixed file puts them.
expect_run 0 '' "$T" map "$w/m.grf" "$w/h3.tgt" -f "$w/fixed.map" -o "$w/f.map"
expect_run 0 '^0	7$' grep -x '0	7' "$w/f.map"
expect_run 0 '^119	0$' grep -x '119	0' "$w/f.map"

# Usage errors: exit 1.
expect_run 1 'missing|argument' "$T" map "$w/m.grf"
expect_run 1 'not both' "$T" map "$w/m.grf" "$w/h3.tgt" -s drb -c q
expect_run 1 "unknown strategy flag 'x'" "$T" map "$w/m.grf" "$w/h3.tgt" -c x
expect_run 1 'balance must be a number between 0 and 1' "$T" map "$w/m.grf" "$w/h3.tgt" -b 2
expect_run 1 'seed' "$T" map "$w/m.grf" "$w/h3.tgt" --seed -3
expect_run 1 '' "$T" stats "$w/m.grf" "$w/h3.tgt"

# Bad inputs: exit 2 with the library's message.
expect_run 2 "position 5: unknown method 'drbx'" "$T" map "$w/m.grf" "$w/h3.tgt" -s 'drb;drbx'
expect_error_message
expect_run 2 'fixed_out.map: line 2: terminal 9 of vertex label 0 is outside the target' "$T" map "$w/m.grf" "$w/h3.tgt" -f "$w/fixed_out.map"
# A variable-sized target: the parts follow the graph (120 vertices: parts of one or two, so
# at least 60, numbered by domain from 1), tartan stats reads the result; methods other than
# drb and kway refuse it.
expect_run 0 '' "$T" map "$w/m.grf" "$w/var.tgt" -o "$w/var.map"
checks=$((checks + 1))
awk 'NR > 1 { if ($2 < 1) bad = 1; n[$2]++ } END { for (p in n) { parts++; if (n[p] > 2) bad = 1 }
     exit !(parts >= 60 && !bad) }' "$w/var.map" || fail "varcmplt mapping: parts of more than two"
expect_run 0 '^M.Processors' "$T" stats "$w/m.grf" "$w/var.tgt" "$w/var.map"
expect_run 2 'only drb maps onto it' "$T" map -s greedy "$w/m.grf" "$w/var.tgt"
expect_run 2 '' "$T" map "$w/m.grf" "$w/bad.tgt"
expect_run 2 '' "$T" map "$w/nonexistent.grf" "$w/h3.tgt"
expect_run 2 'line 3: expected a vertex label, found end of file' "$T" stats "$w/m.grf" "$w/h3.tgt" "$w/short.map"
expect_run 2 'terminal 9 of vertex label 0 is outside the target' "$T" stats "$w/m.grf" "$w/h3.tgt" "$w/fixed_out.map"

# Statistics identical to gmtst's on mappings where gmtst is right (every terminal used, not
# a deco target), for SCOTCH's own mappings and for Tartan's.
if command -v gmtst >/dev/null 2>&1 && command -v scotch_gmap >/dev/null 2>&1; then
  compare_with_gmtst() {  # GRAPH TARGET MAP
    checks=$((checks + 1))
    gmtst "$1" "$2" "$3" >"$w/gmtst.txt" 2>&1
    # gmtst's lines come first; the network figures (M\tNet...) follow them.
    "$T" stats "$1" "$2" "$3" 2>&1 | grep -v "^M	Net" >"$w/tartan.txt"
    if cmp -s "$w/gmtst.txt" "$w/tartan.txt"; then
      echo "ok: stats equal gmtst's on $(basename "$1") $(basename "$2") $(basename "$3")"
    else
      fail "stats differ from gmtst's on $1 $2 $3"
      diff "$w/gmtst.txt" "$w/tartan.txt" | sed 's/^/  | /' >&2
    fi
  }
  compare_with_gmtst "$w/m.grf" "$w/h3.tgt" "$w/a.map"
  compare_with_gmtst "$w/m.grf" "$w/m43.tgt" "$w/r.map"
  scotch_gmap "$w/m.grf" "$w/m43.tgt" "$w/scotch.map" >/dev/null 2>&1
  compare_with_gmtst "$w/m.grf" "$w/m43.tgt" "$w/scotch.map"
  SHARED=${TARTAN_SHARED_DATA:-}
  if [ -n "$SHARED" ] && [ -f "$SHARED/graphs/4elt.grf.gz" ]; then
    gzip -dc "$SHARED/graphs/4elt.grf.gz" >"$w/4elt.grf"
    for tgt in h8 t4x4x4 m2x4x8 k16; do
      scotch_gmap "$w/4elt.grf" "$SHARED/targets/$tgt.tgt" "$w/4elt_$tgt.map" >/dev/null 2>&1
      compare_with_gmtst "$w/4elt.grf" "$SHARED/targets/$tgt.tgt" "$w/4elt_$tgt.map"
    done
    "$T" map "$w/4elt.grf" "$SHARED/targets/T3D_64.tgt" -o "$w/4elt_T3D.map"
    compare_with_gmtst "$w/4elt.grf" "$SHARED/targets/T3D_64.tgt" "$w/4elt_T3D.map"
  else
    echo "skipped: shared data set absent, gmtst compared on generated graphs only"
  fi
else
  echo "skipped: gmtst or scotch_gmap not installed, no comparison with SCOTCH"
fi

finish
