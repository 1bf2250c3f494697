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

# Parts written are 1, 5 and 9, each used; stats and --old read them back.
for kind in --deco0 --deco2; do
  expect_run 0 '' "$T" arch build "$kind" -l "$w/list.txt" "$w/t.grf" -o "$w/d.tgt"
  expect_run 0 '' "$T" map "$w/g.grf" "$w/d.tgt" -o "$w/t.map"
  expect_run 0 '^1 5 9 $' sh -c "tail -n +2 '$w/t.map' | cut -f2 | sort -un | tr '\n' ' '"
  expect_run 0 '^M	Processors 3/3 \(1\)$' "$T" stats "$w/g.grf" "$w/d.tgt" "$w/t.map"
  expect_run 0 '' "$T" map "$w/g.grf" "$w/d.tgt" --old "$w/t.map" --migration-cost 10 \
    -o "$w/r.map"
  expect_run 0 '^1 5 9 $' sh -c "tail -n +2 '$w/r.map' | cut -f2 | sort -un | tr '\n' ' '"
done
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
expect_run 2 'h2.tgt' "$T" map "$w/g.grf" "$w/h2.tgt" --old "$w/nowhere.map"

if command -v scotch_gmap >/dev/null 2>&1 && command -v gmtst >/dev/null 2>&1 &&
   command -v amk_grf >/dev/null 2>&1; then
  # SCOTCH's target, SCOTCH's mapping: Tartan reads both and reports parts 1, 5, 9.
  amk_grf "-l$w/list.txt" "$w/t.grf" "$w/s.tgt" 2>"$w/amk.err" || fail "amk_grf"
  scotch_gmap "$w/g.grf" "$w/s.tgt" "$w/s.map" 2>"$w/gmap.err" || fail "scotch_gmap"
  expect_run 0 '^M	Processors 3/3 \(1\)$' "$T" stats "$w/g.grf" "$w/s.tgt" "$w/s.map"
  expect_run 0 '^M	Processors 3/3 \(1\)$' "$T" stats "$w/g.grf" "$w/d.tgt" "$w/s.map"
  # Tartan's mapping read by gmtst on SCOTCH's target: every vertex mapped, 3 parts used.
  expect_run 0 '' "$T" map "$w/g.grf" "$w/s.tgt" -o "$w/t.map"
  expect_run 0 '^M	Processors 3/3 \(1\)$' gmtst "$w/g.grf" "$w/s.tgt" "$w/t.map"
  expect_run 0 'Target.*min=2[01]	max=2[23]' gmtst "$w/g.grf" "$w/s.tgt" "$w/t.map"
  # deco 2 files of SCOTCH's keep their numbers too.
  amk_grf -2 "-l$w/list.txt" "$w/t.grf" "$w/s2.tgt" 2>"$w/amk.err" || fail "amk_grf -2"
  expect_run 0 '' "$T" map "$w/g.grf" "$w/s2.tgt" -o "$w/t2.map"
  expect_run 0 '^1 5 9 $' sh -c "tail -n +2 '$w/t2.map' | cut -f2 | sort -un | tr '\n' ' '"
  expect_run 0 '^M	Processors 3/3 \(1\)$' gmtst "$w/g.grf" "$w/s2.tgt" "$w/t2.map"
else
  echo "SCOTCH (scotch_gmap, gmtst, amk_grf) not installed: interchange with it not tested"
fi
finish
