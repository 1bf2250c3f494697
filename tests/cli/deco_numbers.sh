#!/bin/sh
# Issue 17: a deco target built on a vertex list numbers its terminals as SCOTCH does (the list
# 1 5 9 gives terminals 1, 5 and 9), so .map files interchange with scotch_gmap and gmtst in both
# directions; and `tartan map --old` (remapping) reads and writes that numbering. The SCOTCH
# half runs when scotch_gmap, gmtst and amk_grf are installed.
. "$(dirname "$0")/cli_support.sh"
w=$work_dir
T=$TARTAN_BIN

"$T" graph gen mesh2D 4 4 -o "$w/t.grf" || fail "graph gen target"
"$T" graph gen mesh2D 8 8 -o "$w/g.grf" || fail "graph gen graph"
printf '3\n1\n5\n9\n' >"$w/list.txt"

# Parts written are 1, 5 and 9 on deco 0, 0, 1 and 2 on deco 2 (as scotch_gmap writes them),
# each used; stats and --old read them back.
parts() { tail -n +2 "$1" | cut -f2 | sort -un | tr '\n' ' '; }
for kind in deco0 deco2; do
  if [ $kind = deco0 ]; then numbers='1 5 9 '; else numbers='0 1 2 '; fi
  expect_run 0 '' "$T" arch build "--$kind" -l "$w/list.txt" "$w/t.grf" -o "$w/d.tgt"
  expect_run 0 '' "$T" map "$w/g.grf" "$w/d.tgt" -o "$w/t.map"
  checks=$((checks + 1))
  if [ "$(parts "$w/t.map")" = "$numbers" ]; then echo "ok: $kind parts $numbers"
  else fail "$kind parts '$(parts "$w/t.map")', expected '$numbers'"; fi
  expect_run 0 '^M	Processors 3/3 \(1\)$' "$T" stats "$w/g.grf" "$w/d.tgt" "$w/t.map"
  expect_run 0 '' "$T" map "$w/g.grf" "$w/d.tgt" --old "$w/t.map" --migration-cost 10 \
    -o "$w/r.map"
  checks=$((checks + 1))
  if [ "$(parts "$w/r.map")" = "$numbers" ]; then echo "ok: $kind remapped parts $numbers"
  else fail "$kind remapped parts '$(parts "$w/r.map")', expected '$numbers'"; fi
done
"$T" arch build --deco0 -l "$w/list.txt" "$w/t.grf" -o "$w/d.tgt" || fail "arch build"
# A part that is no terminal number of the target is refused, naming it.
printf '1\n0\t2\n' >"$w/bad.map"
expect_run 2 'is 2, not a terminal number of the deco' "$T" stats "$w/g.grf" "$w/d.tgt" "$w/bad.map"
expect_error_message

# Remapping: --old keeps a mapping that costs nothing to keep when migration is dear, moves
# away from it when migration is free; --migration-cost without --old is a usage error.
printf 'hcub 2\n' >"$w/h2.tgt"
expect_run 0 '' "$T" map "$w/g.grf" "$w/h2.tgt" -o "$w/h.map"
expect_run 0 '' "$T" map "$w/g.grf" "$w/h2.tgt" --old "$w/h.map" --migration-cost 1000 -o "$w/k.map"
expect_same "$w/h.map" "$w/k.map" "remapping with a dear migration keeps the old mapping"
awk 'NR == 1 { print; next } { print $1 "\t" ($1 % 4) }' "$w/h.map" >"$w/scattered.map"
expect_run 0 '' "$T" map "$w/g.grf" "$w/h2.tgt" --old "$w/scattered.map" --migration-cost 0 \
  -o "$w/z.map"
expect_run 0 '' "$T" stats "$w/g.grf" "$w/h2.tgt" "$w/z.map"
zcost=$(sed -n 's/^M	CommExpan=[^(]*(\([0-9]*\)).*/\1/p' "$w/out")
expect_run 0 '' "$T" stats "$w/g.grf" "$w/h2.tgt" "$w/scattered.map"
scost=$(sed -n 's/^M	CommExpan=[^(]*(\([0-9]*\)).*/\1/p' "$w/out")
checks=$((checks + 1))
if [ -n "$zcost" ] && [ -n "$scost" ] && [ "$zcost" -lt "$scost" ]; then
  echo "ok: free migration leaves the scattered old mapping ($scost -> $zcost)"
else fail "free migration: cost '$zcost', old mapping '$scost'"; fi
expect_run 1 'needs an old mapping' "$T" map "$w/g.grf" "$w/h2.tgt" --migration-cost 2
expect_run 2 'nowhere.map' "$T" map "$w/g.grf" "$w/h2.tgt" --old "$w/nowhere.map"

if command -v scotch_gmap >/dev/null 2>&1 && command -v gmtst >/dev/null 2>&1 &&
   command -v amk_grf >/dev/null 2>&1; then
  # gmtst 7.0.3 reads past its arrays on deco 1 targets, on its own mappings too (its deco 0/1
  # terminal lookup is off by one): whether it crashes depends on the memory layout, about half
  # of its runs on one machine, every run on another. gmtst_check PATTERN GRAPH TARGET MAP
  # checks the first of 10 runs that does not crash; when all 10 crash, gmtst gives no answer
  # to check and the check is reported as skipped (SCOTCH's fault, not the mapping's).
  gmtst_check() {
    pattern=$1
    shift
    for attempt in 1 2 3 4 5 6 7 8 9 10; do
      status=0
      gmtst "$@" >"$w/gmtst.out" 2>&1 || status=$?
      [ "$status" -ge 128 ] || break
    done
    if [ "$status" -ge 128 ]; then
      echo "skip: gmtst $* crashed on 10 runs out of 10 (signal $((status - 128)))"
      return 0
    fi
    expect_run 0 "$pattern" cat "$w/gmtst.out"
    [ "$status" -eq 0 ] || fail "gmtst $* exited with $status"
  }
  # SCOTCH's target, SCOTCH's mapping (parts 1, 5, 9): Tartan reads both.
  amk_grf "-l$w/list.txt" "$w/t.grf" "$w/s.tgt" 2>"$w/amk.err" || fail "amk_grf"
  scotch_gmap "$w/g.grf" "$w/s.tgt" "$w/s.map" 2>"$w/gmap.err" || fail "scotch_gmap"
  checks=$((checks + 1))
  if [ "$(parts "$w/s.map")" = '1 5 9 ' ]; then echo "ok: scotch_gmap writes parts 1 5 9"
  else fail "scotch_gmap parts '$(parts "$w/s.map")'"; fi
  expect_run 0 '^M	Processors 3/3 \(1\)$' "$T" stats "$w/g.grf" "$w/s.tgt" "$w/s.map"
  expect_run 0 '^M	Processors 3/3 \(1\)$' "$T" stats "$w/g.grf" "$w/d.tgt" "$w/s.map"
  expect_run 0 '' "$T" map "$w/g.grf" "$w/s.tgt" --old "$w/s.map" -o "$w/r.map"
  # Tartan's mapping read by gmtst on SCOTCH's target: every vertex mapped, 3 parts used.
  expect_run 0 '' "$T" map "$w/g.grf" "$w/s.tgt" -o "$w/t.map"
  gmtst_check '^M	Processors 3/3 \(1\)$' "$w/g.grf" "$w/s.tgt" "$w/t.map"
  gmtst_check 'Target.*min=2[01]	max=2[23]' "$w/g.grf" "$w/s.tgt" "$w/t.map"
  # deco 2, SCOTCH's file (amk_grf -2): parts 0, 1, 2 both ways.
  amk_grf -2 "-l$w/list.txt" "$w/t.grf" "$w/s2.tgt" 2>"$w/amk.err" || fail "amk_grf -2"
  scotch_gmap "$w/g.grf" "$w/s2.tgt" "$w/s2.map" 2>"$w/gmap.err" || fail "scotch_gmap deco 2"
  expect_run 0 '^M	Processors 3/3 \(1\)$' "$T" stats "$w/g.grf" "$w/s2.tgt" "$w/s2.map"
  expect_run 0 '' "$T" map "$w/g.grf" "$w/s2.tgt" -o "$w/t2.map"
  checks=$((checks + 1))
  if [ "$(parts "$w/t2.map")" = "$(parts "$w/s2.map")" ]; then echo "ok: deco 2 parts as SCOTCH's"
  else fail "deco 2 parts '$(parts "$w/t2.map")', SCOTCH's '$(parts "$w/s2.map")'"; fi
  expect_run 0 '^M	Processors 3/3 \(1\)$' gmtst "$w/g.grf" "$w/s2.tgt" "$w/t2.map"
else
  echo "SCOTCH (scotch_gmap, gmtst, amk_grf) not installed: interchange with it not tested"
fi
finish
