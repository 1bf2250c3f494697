#!/bin/sh
# Deveci et al.'s mappers from the command line (seed 004): `tartan arch sub` writes the target
# of a scheduler's node list (numbers, ranges or X:Y:Z coordinates) on a torus; `tartan map -b 0
# -s` with umpa_greedy and its refinements gives a permutation of the nodes, the greedy below
# the allocation order (DEF) in WH and each refinement no worse than the greedy on its figure;
# refusals exit with a message.
. "$(dirname "$0")/cli_support.sh"
w=$work_dir
T=$TARTAN_BIN

echo "torus3D 8 8 8" > "$w/machine.tgt"
# 64 nodes in runs, as numbers and as coordinates (node x + 8 y + 64 z).
printf '3-9\n20,21 22\n100-111\n200-215\n300-307\n400-413\n500-503\n' > "$w/nodes.txt"
expect_run 0 '' "$T" arch sub "$w/machine.tgt" @"$w/nodes.txt" -o "$w/alloc.tgt"
expect_run 0 '^sub 3$' "$T" arch sub "$w/machine.tgt" 3:0:0,4:2:0,7:7:7
expect_run 0 '^3 20 511$' "$T" arch sub "$w/machine.tgt" 3:0:0,4:2:0,7:7:7
expect_run 0 '^2 3 4$' "$T" arch sub "$w/machine.tgt" 2,3:0:0,4
expect_run 2 'coordinate 2 is 8, outside \[0, 8\)' "$T" arch sub "$w/machine.tgt" 0:0:8
expect_error_message
expect_run 2 '2 coordinates given' "$T" arch sub "$w/machine.tgt" 1:2
echo "cmplt 8" > "$w/k8.tgt"
expect_run 2 "not of a 'cmplt' target" "$T" arch sub "$w/k8.tgt" 1:2

"$T" graph gen mesh3D 4 4 4 -o "$w/g64.grf" || fail "graph gen"
is_permutation() {  # MAP: 64 lines after the count, terminals 0..63 once each
  tail -n +2 "$1" | cut -f2 | sort -n | uniq | awk 'BEGIN { n = 0 } $1 == n { n++ } END { exit n != 64 }'
}
figure() { "$T" stats "$w/g64.grf" "$w/alloc.tgt" "$1" | sed -n "s/^M	Net$2=//p"; }
for s in identity umpa_greedy 'umpa_greedy;umpa_wh' 'umpa_greedy;umpa_mc' 'umpa_greedy;umpa_mmc' \
         'umpa_greedy{nbfs=2};umpa_wh{delta=4,stop=0.01}' umpa_wh umpa_mc; do
  name=$(echo "$s" | tr -c 'a-z0-9\n' '_')
  expect_run 0 '' "$T" map -b 0 -s "$s" "$w/g64.grf" "$w/alloc.tgt" -o "$w/$name.map"
  checks=$((checks + 1))
  if is_permutation "$w/$name.map"; then echo "ok: '$s' gives a permutation"; else fail "'$s' gives no permutation"; fi
done
at_most() {  # A B WHAT: A <= B (numbers, MC may be decimal)
  checks=$((checks + 1))
  if awk -v a="$1" -v b="$2" 'BEGIN { exit !(a != "" && b != "" && a + 0 <= b + 0) }'; then
    echo "ok: $3 ($1 <= $2)"
  else
    fail "$3: '$1' above '$2'"
  fi
}
g=$w/umpa_greedy.map
at_most "$(figure "$g" WH)" "$(figure "$w/identity.map" WH)" "WH(umpa_greedy) <= WH(DEF)"
at_most "$(figure "$w/umpa_greedy_umpa_wh.map" WH)" "$(figure "$g" WH)" "WH after umpa_wh"
at_most "$(figure "$w/umpa_greedy_umpa_mc.map" MC)" "$(figure "$g" MC)" "MC after umpa_mc"
at_most "$(figure "$w/umpa_greedy_umpa_mmc.map" MMC)" "$(figure "$g" MMC)" "MMC after umpa_mmc"
# Same seed, same mapping; several vertices per node keep the bound.
expect_run 0 '' "$T" map --seed 3 -b 0 -s 'umpa_greedy;umpa_wh' "$w/g64.grf" "$w/alloc.tgt" -o "$w/again.map"
expect_same "$w/umpa_greedy_umpa_wh.map" "$w/again.map" "same inputs, same umpa mapping"
expect_run 0 '' "$T" arch sub "$w/machine.tgt" 3-10 -o "$w/eight.tgt"
expect_run 0 '' "$T" map -b 0 -s 'umpa_greedy;umpa_mmc' "$w/g64.grf" "$w/eight.tgt" -o "$w/eight.map"
checks=$((checks + 1))
if [ "$(tail -n +2 "$w/eight.map" | cut -f2 | sort | uniq -c | awk '$1 != 8' | wc -l)" -eq 0 ]; then
  echo "ok: 8 vertices on each of 8 nodes"
else
  fail "loads of eight.map are not 8 each"
fi

# Refusals: bad parameters, a variable-sized target.
expect_run 2 'delta' "$T" map -s 'umpa_wh{delta=0}' "$w/g64.grf" "$w/alloc.tgt"
expect_error_message
expect_run 2 'nbfs' "$T" map -s 'umpa_greedy{nbfs=x}' "$w/g64.grf" "$w/alloc.tgt"
echo "varcmplt" > "$w/var.tgt"
expect_run 2 'variable' "$T" map -s umpa_greedy "$w/g64.grf" "$w/var.tgt"
finish
