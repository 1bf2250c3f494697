#!/bin/sh
# Hoefler and Snir's mappers from the command line (seed 003): greedy, recursive, rcm and ta,
# alone, composed and kept by best=mc, give a permutation of a torus's terminals with -b 0 (drb
# and kway too: one-to-one mode), stay within the load bound with several vertices per terminal,
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

finish
