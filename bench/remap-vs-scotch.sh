#!/bin/bash
# Usage: bench/remap-vs-scotch.sh [GRAPHS...]   (run from a build directory, or set TARTAN_BIN)
# Remapping, Tartan against SCOTCH on the same inputs: `tartan map --old OLD --migration-cost W`
# and `scotch_gmap -roOLD -rrW` (SCOTCH's remap: old mapping, edge migration ratio W, unit
# vertex migration costs), both with imbalance 0.05 (-b 0.05 / -b0.05).
# The old mapping models a load shift: SCOTCH maps the graph with the vertices of its first
# quarter weighing 4, onto the target; the graph is then remapped with unit loads, so the old
# mapping is badly balanced and must move. For each graph, target and W: communication cost
# (CommExpan sum, as `tartan stats` computes it: true distances), vertices migrated (parts
# that differ from the old mapping), the remapping objective comm + W x migrated, maxavg
# (largest load / average) and wall time; a fresh
# mapping (no old) of each tool is the reference row. Graphs default to 4elt and bump of the
# shared data set ($TARTAN_SHARED_DATA, default ../shared/data beside the source tree).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${TARTAN_SHARED_DATA:-$here/../../shared/data}
T=${TARTAN_BIN:-$(pwd)/tartan}
[ -x "$T" ] || { echo "no tartan at $T: run from the build directory or set TARTAN_BIN" >&2; exit 2; }
command -v scotch_gmap >/dev/null || { echo "scotch_gmap not installed" >&2; exit 2; }
work=$(mktemp -d /tmp/remap-vs-scotch.XXXXXX)
trap 'rm -rf "$work"' EXIT
graphs=("$@")
[ ${#graphs[@]} -gt 0 ] || graphs=("$data/graphs/4elt.grf.gz" "$data/graphs/bump.grf.gz")
targets=("$data/targets/t4x4x4.tgt" "$data/targets/m4x4.tgt" "$data/targets/h3.tgt")
weights=(0.1 1 10)

now() { date +%s.%N; }
cost_of() {  # GRAPH TARGET MAP -> "cost maxavg"
  "$T" stats "$1" "$2" "$3" |
    awk -F'[=( )\t]+' '/^M\tCommExpan/ { c = $4 } /^M\tTarget/ { m = $NF } END { print c, m }'
}
migrated() {  # OLD NEW -> vertices whose part differs
  awk 'FNR == 1 { next } NR == FNR { old[$1] = $2; next } old[$1] != $2 { n++ } END { print n + 0 }' \
    "$1" "$2"
}
row() {  # TOOL W GRAPH TARGET OLD MAP SECONDS
  local figures moved total
  figures=$(cost_of "$3" "$4" "$6")
  moved=$(migrated "$5" "$6")
  total=-
  [ "$2" = fresh ] || total=$(awk -v c="${figures% *}" -v w="$2" -v m="$moved" 'BEGIN { print c + w * m }')
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %.2f |\n' "$(basename "$3" .grf.gz)" \
    "$(basename "$4" .tgt)" "$1" "$2" "${figures% *}" "$moved" "$total" "${figures#* }" "$7"
}

echo "| graph | target | tool | W | comm cost | migrated | comm + W x migrated | maxavg | time (s) |"
echo "|---|---|---|---|---|---|---|---|---|"
for graph in "${graphs[@]}"; do
  g=$work/$(basename "$graph" .gz)
  case $graph in *.gz) zcat "$graph" >"$g" ;; *) cp "$graph" "$g" ;; esac
  # The graph with the loads of the old time: vertices of the first quarter weigh 4.
  awk 'NR == 1 { print; next } NR == 2 { n = $1; print; next }
       NR == 3 { if ($2 != "000") { print "graphs with labels or loads are not handled" > "/dev/stderr"; exit 1 }
                 print $1 "\t001"; next }
       { print ((NR - 4 < n / 4) ? 4 : 1) "\t" $0 }' "$g" >"$g.shift"
  for target in "${targets[@]}"; do
    old=$work/old.map
    scotch_gmap -b0.05 "$g.shift" "$target" "$old" 2>/dev/null
    t0=$(now); scotch_gmap -b0.05 "$g" "$target" "$work/s.map" 2>/dev/null; t1=$(now)
    row scotch fresh "$graph" "$target" "$old" "$work/s.map" "$(echo "$t1 - $t0" | bc)"
    t0=$(now); "$T" map -b 0.05 "$g" "$target" -o "$work/t.map"; t1=$(now)
    row tartan fresh "$graph" "$target" "$old" "$work/t.map" "$(echo "$t1 - $t0" | bc)"
    for w in "${weights[@]}"; do
      t0=$(now); scotch_gmap -b0.05 "-ro$old" "-rr$w" "$g" "$target" "$work/s.map" 2>/dev/null; t1=$(now)
      row scotch "$w" "$graph" "$target" "$old" "$work/s.map" "$(echo "$t1 - $t0" | bc)"
      t0=$(now); "$T" map -b 0.05 "$g" "$target" --old "$old" --migration-cost "$w" -o "$work/t.map"; t1=$(now)
      row tartan "$w" "$graph" "$target" "$old" "$work/t.map" "$(echo "$t1 - $t0" | bc)"
    done
  done
done
