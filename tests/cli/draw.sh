#!/bin/sh
# `tartan draw graph` and `tartan draw target`: every mode on small inputs gives SVG that parses
# as XML (python3's xml.etree) with the expected number of coloured elements, renders with
# rsvg-convert when it is installed, and bad inputs give clear errors. Also checks that every
# SVG committed under doc/ parses and renders.
. "$(dirname "$0")/cli_support.sh"
w=$work_dir
T=$TARTAN_BIN
PY=${PYTHON:-python3}
if ! "$PY" -c 'import xml.etree.ElementTree' 2>/dev/null; then
  echo "SKIP: no python3 to parse the SVG output"
  exit 77
fi

# svg_count FILE CLASS: number of elements of class CLASS with a fill or stroke colour; prints
# "not XML" and fails when FILE does not parse.
svg_count() {
  "$PY" - "$1" "$2" <<'EOF'
import sys, xml.etree.ElementTree as ET
try:
    root = ET.parse(sys.argv[1]).getroot()
except ET.ParseError as error:
    print("not XML:", error)
    sys.exit(1)
print(sum(1 for e in root.iter()
          if e.get("class") == sys.argv[2] and (e.get("fill") or e.get("stroke"))))
EOF
}

# expect_count FILE CLASS N: exactly N such elements (N may be a pattern such as '[1-9][0-9]*').
expect_count() {
  checks=$((checks + 1))
  got=$(svg_count "$1" "$2") || { fail "$1: $got"; return 0; }
  if echo "$got" | grep -Eqx -- "$3"; then
    echo "ok: $1 has $got elements of class $2"
  else
    fail "$1: $got elements of class $2, expected $3"
  fi
}

# expect_segments FILE CLASS N: the elements of class CLASS (paths) have N segments in all.
expect_segments() {
  checks=$((checks + 1))
  got=$("$PY" - "$1" "$2" <<'EOF'
import sys, xml.etree.ElementTree as ET
print(sum(e.get("d", "").count("M") for e in ET.parse(sys.argv[1]).getroot().iter()
          if e.get("class") == sys.argv[2]))
EOF
)
  if [ "$got" = "$3" ]; then
    echo "ok: $1: $3 segments of class $2"
  else
    fail "$1: $got segments of class $2, expected $3"
  fi
}

# renders FILE: rsvg-convert turns it into a PNG, when rsvg-convert is installed.
renders() {
  command -v rsvg-convert >/dev/null 2>&1 || return 0
  checks=$((checks + 1))
  if rsvg-convert -o "$w/render.png" "$1" 2>"$w/render.err" && [ -s "$w/render.png" ]; then
    echo "ok: $1 renders"
  else
    fail "$1 does not render: $(cat "$w/render.err")"
  fi
}

"$T" graph gen mesh2D 8 8 -o "$w/m.grf" --xyz "$w/m.xyz" || fail "graph gen mesh2D"
"$T" graph gen mesh3D 4 4 4 -o "$w/c.grf" --xyz "$w/c.xyz" || fail "graph gen mesh3D"
printf 'cmplt 4\n' >"$w/k4.tgt"
printf 'torus3D 2 2 2\n' >"$w/t222.tgt"
printf 'hcub 3\n' >"$w/h3.tgt"
printf 'tleaf 2 2 10 3 1\n' >"$w/tl.tgt"
printf 'sub 3\n0 5 15\nmesh2D 4 4\n' >"$w/sub.tgt"
printf 'varcmplt\n' >"$w/var.tgt"
printf 'torus2D 300 300\n' >"$w/huge.tgt"
"$T" map "$w/m.grf" "$w/k4.tgt" -o "$w/m.map" || fail "map m"
"$T" map "$w/c.grf" "$w/t222.tgt" -o "$w/c.map" || fail "map c"
"$T" map "$w/m.grf" "$w/h3.tgt" -o "$w/h.map" || fail "map h"
"$T" graph gen mesh2D 4 4 -o "$w/small.grf" || fail "graph gen small"
"$T" graph gen mesh2D 12 10 -o "$w/big.grf" || fail "graph gen big"
"$T" map "$w/small.grf" "$w/k4.tgt" -o "$w/small.map" || fail "map small"
"$T" map "$w/big.grf" "$w/k4.tgt" -o "$w/big.map" || fail "map big"

expect_run 0 'Usage: tartan draw graph \[OPTIONS\] GRAPH MAP' "$T" draw graph --help
expect_run 0 'Usage: tartan draw target \[OPTIONS\] TARGET \[GRAPH MAP\]' "$T" draw target --help
expect_run 0 '^  draw ' "$T" --help

# draw graph: at the coordinates, by breadth-first levels, in 3-D, aggregated.
expect_run 0 '' "$T" draw graph "$w/m.grf" "$w/m.map" -g "$w/m.xyz" -t "$w/k4.tgt" -o "$w/g.svg"
expect_count "$w/g.svg" vertex 64
expect_count "$w/g.svg" swatch 4
expect_count "$w/g.svg" edges 1
cut=$(sed -n 's/.*>\([0-9]*\) cut edges<.*/\1/p' "$w/g.svg")
expect_count "$w/g.svg" cut "${cut:-none}"
renders "$w/g.svg"
expect_run 0 '' "$T" draw graph "$w/m.grf" "$w/m.map" -o "$w/b.svg"
expect_count "$w/b.svg" vertex 64
expect_run 0 'breadth-first levels' cat "$w/b.svg"
renders "$w/b.svg"
expect_run 0 '' "$T" draw graph "$w/c.grf" "$w/c.map" --xyz "$w/c.xyz" -o "$w/c.svg"
expect_count "$w/c.svg" vertex 64
expect_count "$w/c.svg" swatch 8
expect_run 0 'oblique projection' cat "$w/c.svg"
renders "$w/c.svg"
expect_run 0 '' "$T" draw graph "$w/m.grf" "$w/m.map" -g "$w/m.xyz" --aggregate 10 -o "$w/a.svg"
expect_count "$w/a.svg" vertex 0
expect_count "$w/a.svg" cell '[1-9][0-9]*'
expect_count "$w/a.svg" cut 1
renders "$w/a.svg"
# Without a target any terminal number goes, and memory follows the graph, not the numbers.
printf '2\n0 2000000000\n1 7\n' >"$w/far.map"
"$T" graph gen mesh2D 2 1 -o "$w/two.grf" || fail "graph gen two"
expect_run 0 '' "$T" draw graph "$w/two.grf" "$w/far.map" -o "$w/far.svg"
expect_count "$w/far.svg" vertex 2
expect_count "$w/far.svg" swatch 2
expect_run 0 'terminal 2000000000: load 1' cat "$w/far.svg"
# Standard output, and the same picture twice.
expect_run 0 '^<svg ' "$T" draw graph "$w/m.grf" "$w/m.map" -g "$w/m.xyz" -t "$w/k4.tgt"
cp "$w/out" "$w/g2.svg"
expect_same "$w/g.svg" "$w/g2.svg" "draw graph is deterministic"

# draw target: grids (3-D as slices), with loads, hypercube, tree, sub, no geometry.
expect_run 0 '' "$T" draw target "$TARTAN_ARCH_DIR/torus3D_4x4x4.tgt" -o "$w/t.svg"
expect_count "$w/t.svg" term 64
expect_count "$w/t.svg" links 1
expect_count "$w/t.svg" wrap-links 1
expect_count "$w/t.svg" slice-links 1
# The links between slices as stubs, two per node of the 4 x 4 x 4 torus (wrap-around in z),
# 16 of a 2 x 2 x 3 mesh (4 + 4 upwards, 4 + 4 downwards).
expect_segments "$w/t.svg" slice-links 128
expect_run 0 'links between slices: diagonal stubs, up-right to z\+1' cat "$w/t.svg"
printf 'mesh3D 2 2 3\n' >"$w/m223.tgt"
expect_run 0 '' "$T" draw target "$w/m223.tgt" -o "$w/m223.svg"
expect_segments "$w/m223.svg" slice-links 16
expect_segments "$w/m223.svg" links 12
renders "$w/m223.svg"
renders "$w/t.svg"
expect_run 0 '' "$T" draw target "$w/h3.tgt" "$w/m.grf" "$w/h.map" -o "$w/h.svg"
expect_count "$w/h.svg" term 8
expect_count "$w/h.svg" colourbar 2
expect_count "$w/h.svg" link 24
renders "$w/h.svg"
# Links coloured by load: within the torus's slices, between its slices (stubs, 128 directed
# links), in the tree up and down every level, in a sub through the whole machine.
expect_run 0 '' "$T" map "$w/m.grf" "$TARTAN_ARCH_DIR/torus3D_4x4x4.tgt" -o "$w/t.map"
expect_run 0 '' "$T" draw target "$TARTAN_ARCH_DIR/torus3D_4x4x4.tgt" "$w/m.grf" "$w/t.map" \
  -o "$w/tm.svg"
expect_count "$w/tm.svg" link 256
expect_count "$w/tm.svg" term 64
expect_count "$w/tm.svg" slice-link 128
renders "$w/tm.svg"
expect_run 0 '' "$T" map "$w/m.grf" "$w/tl.tgt" -o "$w/tl.map"
expect_run 0 '' "$T" draw target "$w/tl.tgt" "$w/m.grf" "$w/tl.map" -o "$w/tlm.svg"
expect_count "$w/tlm.svg" link 16
expect_count "$w/tlm.svg" switch 3
renders "$w/tlm.svg"
expect_run 0 '' "$T" map "$w/m.grf" "$w/sub.tgt" -o "$w/s.map"
expect_run 0 '' "$T" draw target "$w/sub.tgt" "$w/m.grf" "$w/s.map" -o "$w/sm.svg"
expect_count "$w/sm.svg" link 48
expect_count "$w/sm.svg" idle 13
renders "$w/sm.svg"
expect_run 0 '' "$T" draw target "$w/tl.tgt" -o "$w/tl.svg"
expect_count "$w/tl.svg" term 6
expect_count "$w/tl.svg" switch 3
renders "$w/tl.svg"
expect_run 0 '' "$T" draw target "$w/sub.tgt" -o "$w/s.svg"
expect_count "$w/s.svg" term 3
expect_count "$w/s.svg" idle 13
renders "$w/s.svg"
expect_run 0 '' "$T" draw target "$w/k4.tgt" "$w/m.grf" "$w/m.map" -o "$w/k.svg"
expect_count "$w/k.svg" term 4
expect_count "$w/k.svg" colourbar 1
renders "$w/k.svg"

# A network with a switch (a net target): nodes by breadth-first levels, its 6 directed links.
printf 'net 4 3\n0 2 1 3\n0 1 1\n0 2 1\n2 3 4\n' >"$w/net.tgt"
"$T" graph gen mesh2D 3 2 -o "$w/six.grf" || fail "graph gen six"
expect_run 0 '' "$T" map "$w/six.grf" "$w/net.tgt" -o "$w/net.map"
expect_run 0 '' "$T" draw target "$w/net.tgt" "$w/six.grf" "$w/net.map" -o "$w/net.svg"
expect_count "$w/net.svg" term 3
expect_count "$w/net.svg" switch 1
expect_count "$w/net.svg" link 6
renders "$w/net.svg"
expect_run 0 'links not drawn: this kind has no geometry' cat "$w/k.svg"

# The shape `arch info` reports (TARTAN_archShape).
expect_run 0 '^shape +torus 4 x 4 x 4$' "$T" arch info "$TARTAN_ARCH_DIR/torus3D_4x4x4.tgt"
expect_run 0 '^shape +mesh 4 x 4 \(3 of its 16 nodes\)$' "$T" arch info "$w/sub.tgt"
expect_run 0 '^shape +tree 2 x 3 \(children per level\)$' "$T" arch info "$w/tl.tgt"
expect_run 0 '^shape +hcub 3 dimensions$' "$T" arch info "$w/h3.tgt"
expect_run 0 '^shape +none$' "$T" arch info "$w/k4.tgt"

# Bad inputs: clear errors, exit 2 (1 for usage), nothing written.
head -n 20 "$w/m.xyz" | sed '2s/.*/18/' >"$w/short.xyz"
expect_run 2 'line 2: the file gives coordinates for 18 vertices, the graph has 64' \
  "$T" draw graph "$w/m.grf" "$w/m.map" -g "$w/short.xyz" -o "$w/x.svg"
expect_error_message
sed '3s/^0 /99 /' "$w/m.xyz" >"$w/badlabel.xyz"
expect_run 2 'line 3: label 99 is no vertex of the graph' \
  "$T" draw graph "$w/m.grf" "$w/m.map" -g "$w/badlabel.xyz" -o "$w/x.svg"
expect_run 2 'small.map: not a mapping of .*m.grf: it places 16 of its 64 vertices \(vertex 16 has no terminal\)' \
  "$T" draw graph "$w/m.grf" "$w/small.map" -o "$w/x.svg"
expect_run 2 'big.map' "$T" draw graph "$w/m.grf" "$w/big.map" -o "$w/x.svg"
expect_run 2 'h.map.*(outside|out of range)' \
  "$T" draw graph "$w/m.grf" "$w/h.map" -t "$w/k4.tgt" -o "$w/x.svg"
expect_run 2 'variable-sized target \(varcmplt\) has no terminals to draw' \
  "$T" draw target "$w/var.tgt" -o "$w/x.svg"
expect_run 2 'too large to draw' "$T" draw target "$w/huge.tgt" -o "$w/x.svg"
printf 'cmplt 2000000000\n' >"$w/huge_cmplt.tgt"
expect_run 2 'too large to draw' "$T" draw target "$w/huge_cmplt.tgt" -o "$w/x.svg"
expect_run 1 'give both GRAPH and MAP' "$T" draw target "$w/h3.tgt" "$w/m.grf"
expect_run 2 'h.map.*(outside|out of range)' \
  "$T" draw target "$w/k4.tgt" "$w/m.grf" "$w/h.map" -o "$w/x.svg"
checks=$((checks + 1))
if [ -e "$w/x.svg" ]; then fail "an output was written despite the errors"; else echo "ok: no output on errors"; fi

# The pictures committed in the repository (README) parse and render.
for picture in "$TARTAN_TOP_SRCDIR"/doc/images/*.svg; do
  [ -e "$picture" ] || continue
  expect_count "$picture" term '[0-9]*'
  renders "$picture"
done

finish
