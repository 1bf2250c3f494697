#!/bin/sh
# One-to-one mapping (issue 14, seed 000): every one-to-one method of Tartan, drb;kway and
# SCOTCH's `scotch_gmap -b0` on the seed's models -- quotient graphs of partitions of a 3-D mesh
# and of a random geometric graph into n = 64 K parts (cut sizes as edge weights, unit loads)
# -- mapped onto S = 4:16:K, D = 1:10:100 (tleaf 3 K 90 16 9 4 1).
#
#   bench/qap-vs-scotch.sh [K ...]        (default: 5 12)
#
# Environment: TARTAN (the tartan command, default build/tartan), PER_PART (vertices of the
# partitioned graph per part, default 25), MODELS (default "mesh rgg"), METHODS (strategies,
# default all below; large K: leave out the quadratic ones), WORK (scratch folder).
# J is the seed's objective, J = sum over ordered pairs = 2 x CommExpan; time is the `map`
# phase of `tartan map -v` (construction + search, no I/O), and scotch_gmap's wall time.
# Prints one table per model and K, then the issue's "Must show" checks.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
T=${TARTAN:-$here/../build/tartan}
PER_PART=${PER_PART:-25}
MODELS=${MODELS:-mesh rgg}
WORK=${WORK:-$(mktemp -d)}
DEFAULT_METHODS='identity random mm gac topdown bottomup mm;swap{nbh=n2} mm;swap{nbh=np} mm;swap{nbh=comm,d=10} topdown;swap{nbh=comm,d=10} bottomup;swap{nbh=comm,d=10} drb;kway'
METHODS=${METHODS:-$DEFAULT_METHODS}
[ $# -gt 0 ] || set -- 5 12
have_scotch=no
command -v scotch_gmap >/dev/null 2>&1 && have_scotch=yes

cost() { "$T" stats "$1" "$2" "$3" | sed -n 's/.*CommExpan=[^(]*(\([0-9]*\)).*/\1/p'; }
map_time() { sed -n 's/^map  *\([0-9.]*\) s$/\1/p' "$1"; }
is_permutation() {  # MAP N
  tail -n +2 "$1" | cut -f2 | sort -n | uniq | awk -v n="$2" 'BEGIN { k = 0 } $1 == k { k++ } END { exit k != n }'
}

for model in $MODELS; do
  for K in "$@"; do
    n=$((64 * K))
    dir=$WORK/$model-$K
    mkdir -p "$dir"
    size=$((n * PER_PART))
    if [ "$model" = mesh ]; then
      side=$(awk -v s="$size" 'BEGIN { c = int(exp(log(s) / 3)); while (c * c * c < s) c++; print c }')
      "$T" graph gen mesh3D "$side" "$side" "$side" -o "$dir/fine.grf"
      what="mesh3D $side^3"
    else
      python3 "$here/qap_rgg.py" "$size" 1 "$dir/fine.grf"
      what="rgg $size"
    fi
    printf 'cmplt %d\n' "$n" >"$dir/parts.tgt"
    "$T" map "$dir/fine.grf" "$dir/parts.tgt" -o "$dir/fine.map"
    python3 "$here/qap_quotient.py" "$dir/fine.grf" "$dir/fine.map" "$n" "$dir/q.grf"
    "$T" arch hierarchy "S=4:16:$K" "D=1:10:100" -o "$dir/h.tgt"
    echo
    echo "== $model: quotient of $what into n = $n parts, S=4:16:$K D=1:10:100 ($(cat "$dir/h.tgt"))"
    printf '%-36s %12s %8s %9s  %s\n' method J J/J_mm time_s perm
    : >"$dir/results"
    jmm=
    echo "$METHODS" | tr ' ' '\n' | while read -r s; do
      [ -n "$s" ] || continue
      "$T" map -v -b 0 -s "$s" "$dir/q.grf" "$dir/h.tgt" -o "$dir/out.map" 2>"$dir/phases"
      j=$(( 2 * $(cost "$dir/q.grf" "$dir/h.tgt" "$dir/out.map") ))
      t=$(map_time "$dir/phases")
      if is_permutation "$dir/out.map" "$n"; then p=yes; else p=NO; fi
      [ "$s" = mm ] && jmm=$j
      ratio=$(awk -v a="$j" -v b="${jmm:-0}" 'BEGIN { if (b > 0) printf "%.3f", a / b; else printf "-" }')
      printf '%-36s %12d %8s %9s  %s\n' "$s" "$j" "$ratio" "$t" "$p"
      printf '%s\t%s\t%s\n' "$s" "$j" "$p" >>"$dir/results"
    done
    jmm=$(awk -F '\t' '$1 == "mm" { print $2 }' "$dir/results")
    if [ "$have_scotch" = yes ]; then
      start=$(date +%s.%N)
      scotch_gmap -b0 "$dir/q.grf" "$dir/h.tgt" "$dir/scotch.map" >/dev/null 2>&1
      end=$(date +%s.%N)
      j=$(( 2 * $(cost "$dir/q.grf" "$dir/h.tgt" "$dir/scotch.map") ))
      if is_permutation "$dir/scotch.map" "$n"; then p=yes; else p=NO; fi
      printf '%-36s %12d %8s %9.3f  %s\n' "scotch_gmap -b0" "$j" \
        "$(awk -v a="$j" -v b="${jmm:-0}" 'BEGIN { if (b > 0) printf "%.3f", a / b; else printf "-" }')" \
        "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" "$p"
      printf '%s\t%s\t%s\n' scotch "$j" "$p" >>"$dir/results"
    fi
    # The issue's "Must show", on this instance.
    awk -F '\t' '
      { j[$1] = $2; if ($3 != "yes" && $1 != "drb;kway") perm = 1 }
      function check(ok, text) { printf "  %s  %s\n", ok ? "holds " : "FAILS ", text }
      END {
        best = -1
        for (m in j) if (m != "drb;kway" && m != "scotch" && (best < 0 || j[m] < best)) { best = j[m]; bm = m }
        check(!perm, "every one-to-one method returns a permutation")
        if ("topdown" in j) check(j["topdown"] <= 0.85 * j["mm"], "J(topdown) <= 0.85 J(mm)")
        if ("mm;swap{nbh=n2}" in j) check(j["mm;swap{nbh=n2}"] <= 0.95 * j["mm"], "J(mm;swap{nbh=n2}) <= 0.95 J(mm)")
        if ("topdown;swap{nbh=comm,d=10}" in j) check(j["topdown;swap{nbh=comm,d=10}"] <= j["topdown"], "J(topdown;swap{nbh=comm,d=10}) <= J(topdown)")
        if ("scotch" in j) check(best < j["scotch"], "best one-to-one (" bm ") below SCOTCH -b0")
        if ("identity" in j) check(best <= j["identity"], "best one-to-one not above identity")
        if ("drb;kway" in j) check(best <= j["drb;kway"], "best one-to-one not above drb;kway")
      }' "$dir/results"
  done
done
