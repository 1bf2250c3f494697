#!/bin/sh
# `tartan arch build`: deco 0 and deco 2 targets from a target graph, vertex lists in SCOTCH's
# format and in `arch sub`'s syntax, and exit codes 0/1/2 on bad graphs and bad lists.
. "$(dirname "$0")/cli_support.sh"
w=$work_dir
T=$TARTAN_BIN

# The line "distances  min A  max B  avg C ..." of `arch info` as "A B C".
distance_figures() {
  sed -n 's/^distances  *min \([0-9]*\)  max \([0-9]*\)  avg \([0-9.]*\) .*/\1 \2 \3/p' "$1"
}

"$T" graph gen mesh2D 4 4 -o "$w/m44.grf" || fail "graph gen mesh2D 4 4"
printf 'mesh2D 4 4\n' >"$w/exact.tgt"
"$T" arch info "$w/exact.tgt" >"$w/exact.info" || fail "arch info on mesh2D 4 4"
# Two components: edges 0-1 and 2-3.
printf '0\n4 4\n0 000\n1 1\n1 0\n1 3\n1 2\n' >"$w/split.grf"

expect_run 0 'Usage: tartan arch build' "$T" arch build --help
expect_run 0 'vertex-list format' "$T" arch build --help
expect_run 0 'build +build a deco or net target' "$T" arch --help

# deco 0 (chosen by default at 16 terminals): exact mesh distances, loads back.
expect_run 0 '' "$T" arch build "$w/m44.grf" -o "$w/auto.tgt"
expect_run 0 '^kind +deco$' "$T" arch info "$w/auto.tgt"
expect_run 0 '' "$T" arch build --deco0 "$w/m44.grf" -o "$w/d0.tgt"
expect_run 0 '^kind +deco$' "$T" arch info "$w/d0.tgt"
expect_run 0 '^terminals +16$' "$T" arch info "$w/d0.tgt"
expect_run 0 '^weights +min 1  max 1  sum 16$' "$T" arch info "$w/d0.tgt"
expect_run 0 '' "$T" arch info "$w/d0.tgt"
checks=$((checks + 1))
if [ "$(distance_figures "$w/out")" = "$(distance_figures "$w/exact.info")" ]; then
  echo "ok: deco 0 distances are the mesh's: $(distance_figures "$w/out")"
else
  fail "deco 0 distances '$(distance_figures "$w/out")' differ from the mesh's '$(distance_figures "$w/exact.info")'"
fi
expect_run 0 '^6$' "$T" arch dist "$w/d0.tgt" 0 15
expect_run 0 '^0$' "$T" arch dist "$w/d0.tgt" 5 5

# deco 2: loads back; estimates never below the exact distance, on average within 1.3 times it.
expect_run 0 '' "$T" arch build --deco2 "$w/m44.grf" -o "$w/d2.tgt"
expect_run 0 '^kind +deco2$' "$T" arch info "$w/d2.tgt"
expect_run 0 '^terminals +16$' "$T" arch info "$w/d2.tgt"
expect_run 0 '' "$T" arch info "$w/d2.tgt"
checks=$((checks + 1))
if echo "$(distance_figures "$w/out") $(distance_figures "$w/exact.info")" |
  awk '{ exit !($1 >= $4 && $2 >= $5 && $2 <= 3 * $5 && $3 >= $6 && $3 <= 1.3 * $6) }'; then
  echo "ok: deco 2 distances $(distance_figures "$w/out") against exact $(distance_figures "$w/exact.info")"
else
  fail "deco 2 distances '$(distance_figures "$w/out")' against exact '$(distance_figures "$w/exact.info")'"
fi
# Standard output by default: a deco 2 file begins "deco", then "2".
expect_run 0 '' sh -c "'$T' arch build --deco2 '$w/m44.grf' | head -2 | tr '\\n' ' ' | grep -x 'deco 2 '"

# Vertex lists. SCOTCH's format (count first); terminals are numbered by their vertices, as
# SCOTCH's: 2 3 5 7 12 -> (2,0) (3,0) (1,1) (3,1) (0,3).
printf '5 5 3 12\n7 2\n' >"$w/five.txt"
expect_run 0 '' "$T" arch build -l "$w/five.txt" "$w/m44.grf" -o "$w/five.tgt"
expect_run 0 '^terminals +5$' "$T" arch info "$w/five.tgt"
expect_run 0 '^1$' "$T" arch dist "$w/five.tgt" 2 3
expect_run 0 '^5$' "$T" arch dist "$w/five.tgt" 2 12
expect_run 0 '^3$' "$T" arch dist "$w/five.tgt" 5 12
expect_run 2 'not a terminal number' "$T" arch dist "$w/five.tgt" 0 1
expect_run 0 '' "$T" arch build --deco2 --list "$w/five.txt" "$w/m44.grf" -o "$w/five2.tgt"
expect_run 0 '^terminals +5$' "$T" arch info "$w/five2.tgt"
if [ -n "${TARTAN_SHARED_DATA:-}" ] && [ -f "$TARTAN_SHARED_DATA/graphs/m4x4_vertlist.txt" ]; then
  expect_run 0 '' "$T" arch build -l "$TARTAN_SHARED_DATA/graphs/m4x4_vertlist.txt" \
    "$TARTAN_SHARED_DATA/graphs/m4x4.grf" -o "$w/shared.tgt"
  expect_run 0 '^terminals +5$' "$T" arch info "$w/shared.tgt"
  # A base-1 graph numbers its list from 1.
  b1=$TARTAN_SHARED_DATA/graphs/m4x4_b1_elv.grf
  expect_run 0 '' "$T" arch build -l 1,16 "$b1" -o "$w/b1.tgt"
  expect_run 0 '^terminals +2$' "$T" arch info "$w/b1.tgt"
  expect_run 2 'outside the target graph' "$T" arch build -l 0,15 "$b1"
fi
# `arch sub`'s syntax: a row of the mesh, its ends 3 hops apart.
expect_run 0 '' "$T" arch build -l 0-3 "$w/m44.grf" -o "$w/row.tgt"
expect_run 0 '^terminals +4$' "$T" arch info "$w/row.tgt"
expect_run 0 '^3$' "$T" arch dist "$w/row.tgt" 0 3
printf '15\n0,5\n' >"$w/sub-syntax.txt"
expect_run 0 '' "$T" arch build -l "@$w/sub-syntax.txt" "$w/m44.grf" -o "$w/at.tgt"
expect_run 0 '^6$' "$T" arch dist "$w/at.tgt" 0 15

# A disconnected graph needs a list inside one component.
expect_run 2 'split.grf' "$T" arch build "$w/split.grf" -o "$w/x.tgt"
expect_error_message
expect_run 2 'split.grf' "$T" arch build --deco2 "$w/split.grf"
expect_error_message
expect_run 0 '' "$T" arch build -l 2,3 "$w/split.grf" -o "$w/part.tgt"
expect_run 0 '^1$' "$T" arch dist "$w/part.tgt" 2 3
expect_run 2 'listed vertices 0 and 2 are in different connected components of the target graph \(components 0 and 1 of 2' "$T" arch build -l 0,2 "$w/split.grf"
expect_error_message
expect_run 2 'different connected components' "$T" arch build --deco2 -l 0,2 "$w/split.grf"
expect_error_message
# A deco 2 file whose terminals no link joins is refused, never at distance 0 (issue 11).
printf 'deco 2 2 2 3  1 0  2 1  1 2 2 0 -1 1 2 1 0  2 1 1 0 0 -1 -1 0 1  3 1 1 1 0 -1 -1 0 2  0 2 0 0 000 0 0 0  0 1 0 0 011 2 0 0  0 0 1\n' >"$w/split2.tgt"
expect_run 2 'split2.tgt: line 1: deco 2: terminals 0 \(vertex 0\) and 1 \(vertex 1\) lie in different connected components' "$T" arch dist "$w/split2.tgt" 0 1
expect_error_message
# Links of cost 0 would put distinct terminals at distance 0.
printf '0\n2 2\n0 010\n1 0 1\n1 0 0\n' >"$w/free.grf"
expect_run 2 'traversal cost 0' "$T" arch build "$w/free.grf"
expect_error_message
printf 'deco 0 2 3  0 1 2  1 1 3  0\n' >"$w/zero0.tgt"
expect_run 2 'terminals 0 and 1 are at distance 0' "$T" arch dist "$w/zero0.tgt" 0 1
expect_error_message

# Bad lists: exit 2 with a message.
expect_run 2 'm44.grf' "$T" arch build -l 0,16 "$w/m44.grf"
expect_error_message
expect_run 2 'm44.grf' "$T" arch build --deco2 -l 3,1,3 "$w/m44.grf"
expect_error_message
printf '3 1 2 1\n' >"$w/repeated.txt"
expect_run 2 'm44.grf' "$T" arch build -l "$w/repeated.txt" "$w/m44.grf"
expect_error_message
printf '0\n' >"$w/empty.txt"
expect_run 2 'empty.txt: the vertex list is empty' "$T" arch build -l "$w/empty.txt" "$w/m44.grf"
expect_error_message
: >"$w/blank.txt"
expect_run 2 'blank.txt: no vertex count' "$T" arch build -l "$w/blank.txt" "$w/m44.grf"
expect_error_message
printf '3 1 2\n' >"$w/short.txt"
expect_run 2 'announces 3 vertices but gives 2' "$T" arch build -l "$w/short.txt" "$w/m44.grf"
expect_error_message
printf '2 1 x\n' >"$w/word.txt"
expect_run 2 "'x' is not a vertex number" "$T" arch build -l "$w/word.txt" "$w/m44.grf"
expect_error_message
expect_run 2 'missing.txt' "$T" arch build -l "@$w/missing.txt" "$w/m44.grf"
expect_run 1 'lists no terminal' "$T" arch build -l , "$w/m44.grf"
expect_run 1 'must be an integer' "$T" arch build -l 1,a "$w/m44.grf"

# deco 0 bipartitioning strategy and seed: one drb{...} step, the same target each time.
expect_run 0 '' "$T" arch build --deco0 -s 'drb{runs=1,tries=2}' --seed 3 "$w/m44.grf" -o "$w/s1.tgt"
expect_run 0 '' "$T" arch build --deco0 -s 'drb{runs=1,tries=2}' --seed 3 "$w/m44.grf" -o "$w/s2.tgt"
expect_run 0 '' cmp "$w/s1.tgt" "$w/s2.tgt"
expect_run 2 'single drb\{\.\.\.\} step' "$T" arch build --deco0 -s 'drb;kway' "$w/m44.grf"
expect_error_message
expect_run 2 "no parameter 'nope'" "$T" arch build -s 'drb{nope=1}' "$w/m44.grf"
expect_run 1 'seed must be between' "$T" arch build --seed -1 "$w/m44.grf"

# Bad graphs and command lines.
expect_run 2 'asymmetric_arc.grf' "$T" arch build "$TARTAN_TEST_DATA/bad/asymmetric_arc.grf"
expect_error_message
expect_run 2 'missing.grf' "$T" arch build "$w/missing.grf"
expect_error_message
expect_run 1 'give one of --deco0, --deco2 and --net' "$T" arch build --deco0 --deco2 "$w/m44.grf"
expect_run 1 'missing argument|too few arguments' "$T" arch build
expect_run 1 "unknown option '--deco3'" "$T" arch build --deco3 "$w/m44.grf"
finish
