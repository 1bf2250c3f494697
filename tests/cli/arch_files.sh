#!/bin/sh
# Every ready target file in arch/ loads, has the terminal count its description implies,
# and round-trips through `tartan arch sub` of all its terminals.
. "$(dirname "$0")/cli_support.sh"
T=$TARTAN_BIN
ARCH_DIR=${TARTAN_ARCH_DIR:?TARTAN_ARCH_DIR must name arch/}

# Terminal count implied by a .tgt line (the kinds shipped in arch/).
expected_terminals() {
  set -- $(cat "$1")
  kind=$1
  shift
  case $kind in
    hcub) echo $((1 << $1)) ;;
    mesh2D | torus2D) echo $(($1 * $2)) ;;
    mesh3D | torus3D) echo $(($1 * $2 * $3)) ;;
    tleaf)
      levels=$1 product=1
      shift
      while [ "$levels" -gt 0 ]; do
        product=$((product * $1))
        shift 2
        levels=$((levels - 1))
      done
      echo $product ;;
    net)  # nodes, links, then the slots of every node: terminals are the nodes with slots
      nodes=$1 terminals=0
      shift 2
      while [ "$nodes" -gt 0 ]; do
        [ "$1" -gt 0 ] && terminals=$((terminals + 1))
        shift
        nodes=$((nodes - 1))
      done
      echo $terminals ;;
    *) echo "unknown kind $kind" ;;
  esac
}

count=0
for file in "$ARCH_DIR"/*.tgt; do
  count=$((count + 1))
  name=$(basename "$file")
  expect_run 0 "^terminals +$(expected_terminals "$file")\$" "$T" arch info "$file"
  checks=$((checks + 1))
  # Neighbouring terminals are 1 apart; in the shipped networks compute nodes meet through a
  # switch, 2 hops.
  nearest=1
  [ "$(head -c 4 "$file")" = "net " ] && nearest=2
  grep -Eq "^distances +min $nearest " "$work_dir/out" ||
    fail "$name: no distance line with min $nearest"
  grep -q "$name" "$ARCH_DIR/README" || fail "$name is not described in arch/README"
  grep -q "arch/$name" "$ARCH_DIR/local.mk" || fail "$name is not installed by arch/local.mk"
done
checks=$((checks + 1))
[ "$count" -ge 20 ] || fail "only $count target files in $ARCH_DIR"
finish
