#!/bin/sh
# Hoefler and Snir's mappers from the command line (seed 003): greedy, recursive, rcm and ta,
# alone, composed and kept by best=mc, give a permutation of a torus's terminals with -b 0 (drb
# and kway too: one-to-one mode), stay within the load bound with several vertices per terminal
# (a torus, and the fat tree of arch/ whose nodes host 4 processes, pre-partitioned or not),
# and bad parameters exit with a message.
. "$(dirname "$0")/cli_support.sh"
w=$work_dir
T=$TARTAN_BIN

"$T" graph gen mesh3D 4 4 6 -o "$w/g96.grf" || fail "graph gen"
printf 'torus3D 4 4 6\n' >"$w/t96.tgt"
printf 'torus2D 4 4\n' >"$w/t16.tgt"
is_permutation() {  # MAP: 96 lines after the count, terminals 0..95 once each
  tail -n +2 "$1" | cut -f2 | sort -n | uniq | awk 'BEGIN { n = 0 } $1 == n { n++ } END { exit n != 96 }'
}
for s in greedy recursive rcm 'greedy;ta' 'rcm;ta{rounds=4,steps=1}' drb 'drb;kway' \
         '(greedy;ta|recursive;ta|rcm){best=mc}' 'recursive{pre=1}' 'greedy{start=50}'; do
  expect_run 0 '' "$T" map -b 0 -s "$s" "$w/g96.grf" "$w/t96.tgt" -o "$w/p.map"
  checks=$((checks + 1))
  if is_permutation "$w/p.map"; then echo "ok: '$s' gives a permutation"; else fail "'$s' gives no permutation"; fi
done
# Several vertices per terminal: 96 vertices on 16 terminals, 6 each at -b 0.
for s in greedy recursive rcm 'greedy{pre=1};ta' 'rcm{pre=1}'; do
  expect_run 0 '' "$T" map -b 0 -s "$s" "$w/g96.grf" "$w/t16.tgt" -o "$w/p16.map"
  checks=$((checks + 1))
  most=$(tail -n +2 "$w/p16.map" | cut -f2 | sort -n | uniq -c | awk '$1 > m { m = $1 } END { print m }')
  if [ "$most" = 6 ]; then echo "ok: '$s' puts 6 vertices per terminal"; else fail "'$s' puts up to '$most' on a terminal"; fi
done
# Seed 003's heterogeneous networks: a fat tree of 16 nodes of 4 slots, 64 processes; with and
# without pre-partitioning every node holds its 4, and best=mc keeps the lowest MC of tartan stats.
A=$(dirname "$0")/../../arch
"$T" graph gen mesh3D 4 4 4 -o "$w/g64.grf" || fail "graph gen"
for s in greedy recursive rcm 'greedy{pre=1};ta' 'rcm{pre=1}' '(greedy;ta|recursive|rcm{pre=1}){best=mc}'; do
  expect_run 0 '' "$T" map -b 0 -s "$s" "$w/g64.grf" "$A/fattree_2level_16nodes.tgt" -o "$w/ft.map"
  checks=$((checks + 1))
  most=$(tail -n +2 "$w/ft.map" | cut -f2 | sort -n | uniq -c | awk '$1 > m { m = $1 } END { print m }')
  if [ "$most" = 4 ]; then echo "ok: '$s' fills each node's 4 slots"; else fail "'$s' puts up to '$most' on a node"; fi
done
mc() { "$T" stats "$w/g64.grf" "$A/fattree_2level_16nodes.tgt" "$1" | sed -n 's/^M	NetMC=//p'; }
for s in greedy recursive; do
  "$T" map -b 0 -s "$s" "$w/g64.grf" "$A/fattree_2level_16nodes.tgt" -o "$w/$s.map" || fail "map $s"
done
"$T" map -b 0 -s '(greedy|recursive){best=mc}' "$w/g64.grf" "$A/fattree_2level_16nodes.tgt" -o "$w/best.map" || fail "map best"
checks=$((checks + 1))
lowest=$(printf '%s\n%s\n' "$(mc "$w/greedy.map")" "$(mc "$w/recursive.map")" | sort -g | head -1)
if [ "$(mc "$w/best.map")" = "$lowest" ]; then echo "ok: best=mc keeps MC $lowest"; else fail "best=mc MC $(mc "$w/best.map"), lowest $lowest"; fi

# Same seed, same mapping.
expect_run 0 '' "$T" map --seed 4 -s 'greedy;ta' "$w/g96.grf" "$w/t96.tgt" -o "$w/a.map"
expect_run 0 '' "$T" map --seed 4 -s 'greedy;ta' "$w/g96.grf" "$w/t96.tgt" -o "$w/b.map"
expect_same "$w/a.map" "$w/b.map" "same seed, same greedy;ta mapping"

expect_run 2 'greedy start=96 is not a terminal of the target' \
  "$T" map -s 'greedy{start=96}' "$w/g96.grf" "$w/t96.tgt"
expect_error_message
expect_run 2 'best= takes cost or mc' "$T" map -s '(greedy|rcm){best=low}' "$w/g96.grf" "$w/t96.tgt"
expect_run 2 "parameter 'threshold' of 'ta' must be between 0" \
  "$T" map -s 'greedy;ta{threshold=-1}' "$w/g96.grf" "$w/t96.tgt"
# A target without links (a deco 0 keeps distances only): refused, recursive still maps.
"$T" graph gen mesh3D 2 2 2 -o "$w/g8.grf" || fail "graph gen"
expect_run 0 '' "$T" arch build --deco0 "$w/g8.grf" -o "$w/d0.tgt"
for s in greedy rcm 'recursive;ta' '(recursive|drb){best=mc}'; do
  expect_run 2 'a deco target has no links' "$T" map -s "$s" "$w/g8.grf" "$w/d0.tgt"
done
expect_run 0 '' "$T" map -s recursive "$w/g8.grf" "$w/d0.tgt" -o "$w/d0.map"

finish
