#!/bin/sh
# Network figures and network targets from the command line (doc/networks.md): `tartan stats`
# network lines, JSON member and --links on a case worked out by hand, `tartan arch links`,
# `tartan arch build --net`, the shipped net examples, and the errors (exit 1 and 2).
. "$(dirname "$0")/cli_support.sh"
w=$work_dir
T=$TARTAN_BIN
A=$(dirname "$0")/../../arch

# The path 0 -2- 1 -3- 2 on a ring of 4 at terminals 0, 1, 3: the messages 1 -> 3 and 3 -> 1
# are ties on half the ring, taken the + way (1 2 3 and 3 0 1).
printf '0\n3 4\n0 010\n1 2 1\n2 2 0 3 2\n1 3 1\n' >"$w/path.grf"
printf 'torus2D 4 1\n' >"$w/ring.tgt"
printf '3\n0 0\n1 1\n2 3\n' >"$w/path.map"
printf 'varcmplt\n' >"$w/var.tgt"
for line in 'NetMessages=4' 'NetLinks=5' 'NetTH=6' 'NetWH=16' 'NetMC=5' 'NetMMC=2' \
            'NetAC=3.200000' 'NetAMC=1.200000' \
            'NetDilat	max=2	avg=1.500000	weighted=1.600000' 'NetJ=16'; do
  expect_run 0 "^M	$line\$" "$T" stats "$w/path.grf" "$w/ring.tgt" "$w/path.map"
done
# gmtst's lines first, the network lines last.
"$T" stats "$w/path.grf" "$w/ring.tgt" "$w/path.map" >"$w/stats.txt"
checks=$((checks + 1))
first_net=$(grep -n '^M	Net' "$w/stats.txt" | head -n 1 | cut -d: -f1)
last_other=$(grep -vn '^M	Net' "$w/stats.txt" | tail -n 1 | cut -d: -f1)
if [ "$first_net" -gt "$last_other" ] && tail -n 1 "$w/stats.txt" | grep -q '^M	NetJ='; then echo "ok: network lines after gmtst's"; else fail "network lines misplaced"; fi
expect_run 0 '"network": \{"messages": 4, "links": 5, "th": 6, "wh": 16, "mc": 5, "mmc": 2, "ac": 3.2000000000000002, "amc": 1.2, "dilation": \{"max": 2, "avg": 1.5, "weighted": 1.6000000000000001\}, "j": 16\}' \
  "$T" stats --json "$w/path.grf" "$w/ring.tgt" "$w/path.map"
expect_run 0 '^0	0	1	1	5	2$' "$T" stats --links "$w/path.grf" "$w/ring.tgt" "$w/path.map"
expect_run 0 '^link	from	to	bandwidth	volume	messages$' \
  "$T" stats --links "$w/path.grf" "$w/ring.tgt" "$w/path.map"
# Variable-sized targets: no network figures.
printf '3\n0 1\n1 2\n2 3\n' >"$w/var.map"
expect_run 0 '"network": null' "$T" stats --json "$w/path.grf" "$w/var.tgt" "$w/var.map"
"$T" stats "$w/path.grf" "$w/var.tgt" "$w/var.map" >"$w/var.txt"
checks=$((checks + 1))
if grep -q '^M	Net' "$w/var.txt"; then fail "network lines on varcmplt"; else echo "ok: none on varcmplt"; fi

# tartan arch links.
expect_run 0 '^nodes 4 links 8 terminals 4$' "$T" arch links "$w/ring.tgt"
expect_run 0 '^0	0	1	1$' "$T" arch links "$w/ring.tgt"
expect_run 0 '^nodes 22 links 48 terminals 16$' "$T" arch links "$A/fattree_2level_16nodes.tgt"
expect_run 0 '	16	20	2$' "$T" arch links "$A/fattree_2level_16nodes.tgt"
expect_run 0 '^nodes 108 links 324 terminals 72$' "$T" arch links "$A/dragonfly_9groups_72nodes.tgt"
expect_run 0 '^distances  min 2  max 5 ' "$T" arch info "$A/dragonfly_9groups_72nodes.tgt"
expect_run 2 'a varcmplt target has no links' "$T" arch links "$w/var.tgt"
expect_error_message

# tartan arch build --net: loads are slots, edge weights bandwidths; saved and reloaded.
printf '0\n4 6\n0 011\n2 1 1 1\n0 3 1 0 1 2 2 3\n1 1 1 1\n3 1 2 1\n' >"$w/star.grf"
expect_run 0 '^net 4 3$' "$T" arch build --net "$w/star.grf"
expect_run 0 '' "$T" arch build --net "$w/star.grf" -o "$w/star.tgt"
expect_run 0 '^weights    min 1  max 3  sum 6$' "$T" arch info "$w/star.tgt"
expect_run 0 '^2	2	3	2$' "$T" arch links "$w/star.tgt"
# Mapping on a net target: every vertex on a terminal, figures printed.
"$T" graph gen mesh2D 8 8 -o "$w/m.grf" || fail "graph gen"
expect_run 0 '' "$T" map "$w/m.grf" "$A/fattree_2level_16nodes.tgt" -o "$w/ft.map"
expect_run 0 '^M	Processors 16/16' "$T" stats "$w/m.grf" "$A/fattree_2level_16nodes.tgt" "$w/ft.map"
expect_run 0 '^M	NetDilat	max=4	' "$T" stats "$w/m.grf" "$A/fattree_2level_16nodes.tgt" "$w/ft.map"

# Errors: usage (exit 1), bad inputs (exit 2).
expect_run 1 'not both' "$T" stats --json --links "$w/path.grf" "$w/ring.tgt" "$w/path.map"
expect_run 1 'give one of --deco0, --deco2 and --net' "$T" arch build --net --deco2 "$w/star.grf"
expect_run 1 '--net takes no -l' "$T" arch build --net -l 0,1 "$w/star.grf"
printf '0\n3 2\n0 011\n2 1 1 1\n0 1 1 0\n1 0\n' >"$w/apart.grf"
expect_run 2 'net nodes 0 and 2 are not connected' "$T" arch build --net "$w/apart.grf"
expect_error_message
printf 'net 2 1\n1 1\n0 1 0\n' >"$w/zero.tgt"
expect_run 2 'bandwidth' "$T" arch info "$w/zero.tgt"
expect_error_message

finish
