#!/bin/bash
# Usage: bench/scotch-checks.sh SCOTCH_SRC [WORKDIR]
# Compiles SCOTCH 7.0.3's own sequential test programs (SCOTCH_SRC/src/check) unchanged
# against libtartan-scotch, with nothing but `pkg-config --cflags --libs tartan-scotch` (set
# PKG_CONFIG_PATH to an installed Tartan), and runs them with the arguments and data files of
# that directory's Makefile: 14 runs. Fetches nothing; SCOTCH's files are read where they are
# (the programs include ../libscotch/module.h and common.h from that tree). Prints one line per
# run and the count of runs that pass.
set -u
src=${1:?usage: bench/scotch-checks.sh SCOTCH_SRC [WORKDIR]}
check="$src/src/check"
work=${2:-$(mktemp -d /tmp/scotch-checks.XXXXXX)}
pc=${TARTAN_SCOTCH_PC:-tartan-scotch}
[ -f "$check/test_scotch_arch.c" ] || { echo "no $check/test_scotch_arch.c" >&2; exit 2; }
pkg-config --exists "$pc" || { echo "pkg-config does not find $pc" >&2; exit 2; }
libdir=$(pkg-config --variable=libdir "$pc")
export LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

pass=0 total=0
run() { # NAME ARGS...: one run of the program NAME, from the check directory
  local name=$1
  shift
  total=$((total + 1))
  if [ ! -x "$work/$name" ]; then
    echo "FAIL (did not build) $name $*"
    return
  fi
  if (cd "$check" && "$work/$name" "$@" >"$work/$name.$total.out" 2>&1); then
    pass=$((pass + 1))
    echo "PASS $name $*"
  else
    echo "FAIL $name $* ($(tail -n 1 "$work/$name.$total.out"))"
  fi
}
for name in test_strat_seq test_scotch_arch test_scotch_arch_deco test_scotch_graph_diam \
            test_scotch_graph_map test_scotch_graph_map_copy test_scotch_graph_part_ovl; do
  # shellcheck disable=SC2046  # pkg-config's output is meant to be split
  cc -o "$work/$name" "$check/$name.c" $(pkg-config --cflags --libs "$pc") -lm \
    >"$work/$name.build.log" 2>&1 || echo "build of $name failed: $work/$name.build.log"
done
tmp="$work/tmp"
mkdir -p "$tmp"
run test_strat_seq
run test_scotch_arch "$tmp/arch.tgt"
run test_scotch_arch_deco data/m4x4.grf "$tmp/arch2.tgt"
run test_scotch_graph_diam data/bump_b100000.grf
run test_scotch_graph_diam data/m16x16_b100000.grf
run test_scotch_graph_diam data/p2-p2.grf
for graph in m4x4 m4x4_b100000 m16x16 m16x16_b100000; do
  run test_scotch_graph_map "data/$graph.grf"
done
run test_scotch_graph_map_copy data/bump.grf
run test_scotch_graph_map_copy data/bump_b100000.grf
run test_scotch_graph_part_ovl 4 data/m16x16.grf /dev/null
run test_scotch_graph_part_ovl 4 data/m16x16_b100000.grf /dev/null
echo "$pass of $total runs pass (logs in $work)"
[ "$pass" -eq "$total" ]
