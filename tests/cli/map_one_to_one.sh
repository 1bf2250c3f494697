#!/bin/sh
# One-to-one mapping from the command line (seed 000): `tartan arch hierarchy` turns the seed's
# S=... D=... notation into a tleaf, and `tartan map -b 0 -s` with the one-to-one methods gives
# a permutation of the terminals; refusals exit 2 with a message.
. "$(dirname "$0")/cli_support.sh"
w=$work_dir
T=$TARTAN_BIN

# The hierarchy notation: S innermost first, D the distances per level, the tleaf top first.
expect_run 0 '^tleaf 3 6 90 4 9 4 1$' "$T" arch hierarchy S=4:4:6 D=1:10:100
expect_run 0 '^tleaf 3 6 90 4 9 4 1$' "$T" arch hierarchy "D=1:10:100 S=4:4:6"
expect_run 0 '^tleaf 1 7 3$' "$T" arch hierarchy S=7 D=3
expect_run 0 '' "$T" arch hierarchy S=4:4:6 D=1:10:100 -o "$w/h96.tgt"
expect_run 0 '^1$' "$T" arch dist "$w/h96.tgt" 0 3
expect_run 0 '^10$' "$T" arch dist "$w/h96.tgt" 0 4
expect_run 0 '^100$' "$T" arch dist "$w/h96.tgt" 0 16
expect_run 1 'D must not decrease' "$T" arch hierarchy S=4:4 D=10:1
expect_error_message
expect_run 1 'S has 2 levels and D 3' "$T" arch hierarchy S=4:4 D=1:10:100
expect_run 1 'give both S=' "$T" arch hierarchy S=4:4
expect_run 1 "found 'X=3'" "$T" arch hierarchy S=4 X=3
expect_run 0 'Usage: tartan arch hierarchy' "$T" arch hierarchy --help

# Every method, alone and composed, gives a permutation of the 96 terminals.
"$T" graph gen mesh3D 4 4 6 -o "$w/g96.grf" || fail "graph gen"
is_permutation() {  # MAP: 96 lines after the count, terminals 0..95 once each
  tail -n +2 "$1" | cut -f2 | sort -n | uniq | awk 'BEGIN { n = 0 } $1 == n { n++ } END { exit n != 96 }'
}
for s in identity random mm gac topdown bottomup 'mm;swap{nbh=n2}' 'gac;swap{nbh=np}' \
         'topdown;swap{nbh=comm,d=10}' 'bottomup;swap{nbh=comm,d=1}'; do
  expect_run 0 '' "$T" map -b 0 -s "$s" "$w/g96.grf" "$w/h96.tgt" -o "$w/p.map"
  checks=$((checks + 1))
  if is_permutation "$w/p.map"; then echo "ok: '$s' gives a permutation"; else fail "'$s' gives no permutation"; fi
done
# Swap never makes a mapping worse.
cost() { "$T" stats "$1" "$2" "$3" | sed -n 's/.*CommExpan=[^(]*(\([0-9]*\)).*/\1/p'; }
"$T" map -b 0 -s mm "$w/g96.grf" "$w/h96.tgt" -o "$w/mm.map"
"$T" map -b 0 -s 'mm;swap{nbh=n2}' "$w/g96.grf" "$w/h96.tgt" -o "$w/mm_n2.map"
checks=$((checks + 1))
a=$(cost "$w/g96.grf" "$w/h96.tgt" "$w/mm.map"); b=$(cost "$w/g96.grf" "$w/h96.tgt" "$w/mm_n2.map")
if [ -n "$a" ] && [ -n "$b" ] && [ "$b" -le "$a" ]; then echo "ok: mm;swap $b <= mm $a"; else fail "mm;swap '$b' above mm '$a'"; fi
# Same seed, same permutation.
expect_run 0 '' "$T" map --seed 4 -s random "$w/g96.grf" "$w/h96.tgt" -o "$w/r1.map"
expect_run 0 '' "$T" map --seed 4 -s random "$w/g96.grf" "$w/h96.tgt" -o "$w/r2.map"
expect_same "$w/r1.map" "$w/r2.map" "same seed, same random permutation"

# Refusals: more vertices than terminals, a non-hierarchical target for bottomup, bad nbh.
"$T" graph gen mesh3D 4 4 7 -o "$w/g112.grf" || fail "graph gen"
expect_run 2 "'topdown' maps one vertex per terminal: the graph has 112 vertices and the target 96 terminals" \
  "$T" map -b 0 -s topdown "$w/g112.grf" "$w/h96.tgt"
expect_error_message
printf 'mesh2D 8 12\n' >"$w/m96.tgt"
expect_run 2 "'bottomup' needs a hierarchical target" "$T" map -s bottomup "$w/g96.grf" "$w/m96.tgt"
expect_run 0 '' "$T" map -s 'topdown;swap' "$w/g96.grf" "$w/m96.tgt" -o "$w/m.map"
expect_run 2 "'nbh' of 'swap' must be n2, np or comm" "$T" map -s 'mm;swap{nbh=all}' "$w/g96.grf" "$w/h96.tgt"

finish
