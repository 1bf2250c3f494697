#!/bin/sh
# `tartan graph gen` then `tartan graph info` / `check`: sizes, degrees, components, geometry.
. "$(dirname "$0")/cli_support.sh"
w=$work_dir

# gen_info KIND DIMS... -- VERTICES EDGES DEGMIN DEGMAX: generates, then checks info's figures.
gen_info() {
  local args="" expected
  while [ "$1" != "--" ]; do args="$args $1"; shift; done
  shift
  expect_run 0 '' "$TARTAN_BIN" graph gen $args -o "$w/g.grf"
  expect_run 0 '' "$TARTAN_BIN" graph info "$w/g.grf"
  expected="$1|$2 ($(($2 * 2)) arcs)|min $3  max $4"
  actual="$(info_field "$w/out" vertices)|$(info_field "$w/out" edges)|$(info_field "$w/out" degrees | sed 's/  avg.*//')"
  checks=$((checks + 1))
  if [ "$actual" = "$expected" ]; then echo "ok: gen$args: $actual"
  else fail "gen$args: info says '$actual', expected '$expected'"; fi
}

gen_info mesh2D 4 3 -- 12 17 2 4
gen_info mesh3D 2 3 4 -- 24 46 3 5
gen_info torus2D 4 5 -- 20 40 4 4
gen_info torus3D 3 3 3 -- 27 81 6 6
gen_info torus2D 2 3 -- 6 9 3 3
gen_info hcub 4 -- 16 32 4 4
gen_info mesh2D 1 1 -- 1 0 0 0

# A connected generated graph has one component and passes the check; base 1 too.
expect_run 0 '^components +1 \(sizes 1 to 1, 1 isolated' "$TARTAN_BIN" graph info "$w/g.grf"
expect_run 0 '' "$TARTAN_BIN" graph gen mesh2D 4 3 -b 1 -o "$w/b1.grf"
expect_run 0 '^base +1' "$TARTAN_BIN" graph info "$w/b1.grf"
expect_run 0 '^components +1 \(sizes 12 to 12, 0 isolated' "$TARTAN_BIN" graph info "$w/b1.grf"
expect_run 0 'valid graph, 12 vertices, 17 edges' "$TARTAN_BIN" graph check "$w/b1.grf"
expect_run 0 '' "$TARTAN_BIN" graph check --quiet "$w/b1.grf"
checks=$((checks + 1))
if [ -s "$w/out" ]; then fail "check --quiet printed something"; else echo "ok: check --quiet is quiet"; fi
expect_run 0 '"vertices": 12, "edges": 17' "$TARTAN_BIN" graph info --json "$w/b1.grf"

# Standard output and input: gen | info -.
checks=$((checks + 1))
if "$TARTAN_BIN" graph gen hcub 3 | "$TARTAN_BIN" graph info - | grep -Eq '^vertices +8$'
then echo "ok: gen | info -"; else fail "gen hcub 3 | info - did not report 8 vertices"; fi

# Geometry in SCOTCH's .xyz layout: dimension count, vertex count, "label x y [z]".
expect_run 0 '' "$TARTAN_BIN" graph gen mesh3D 2 3 4 -o "$w/m.grf" --xyz "$w/m.xyz"
checks=$((checks + 1))
if [ "$(sed -n '1p;2p;3p;5p;$p' "$w/m.xyz" | tr '\n' '|')" = "3|24|0 0 0 0|2 0 1 0|23 1 2 3|" ]
then echo "ok: mesh3D geometry"; else fail "mesh3D geometry: $(head -5 "$w/m.xyz" | tr '\n' '|')"; fi
expect_run 0 '' "$TARTAN_BIN" graph gen torus2D 3 2 -b 1 -o "$w/t.grf" --xyz "$w/t.xyz"
printf '2\n6\n1 0 0\n2 1 0\n3 2 0\n4 0 1\n5 1 1\n6 2 1\n' >"$w/t.expected.xyz"
expect_same "$w/t.xyz" "$w/t.expected.xyz" "torus2D geometry with base 1"

# Usage errors (exit 1) and inputs that cannot be honoured (exit 2).
expect_run 1 "unknown kind 'ring'" "$TARTAN_BIN" graph gen ring 4
expect_error_message
expect_run 1 'mesh3D takes 3 numbers, not 2' "$TARTAN_BIN" graph gen mesh3D 4 4
expect_run 1 "dimension 2 must be an integer, not 'x'" "$TARTAN_BIN" graph gen mesh2D 4 x
expect_run 1 'dimension 1 must be between 1 and' "$TARTAN_BIN" graph gen mesh2D 0 3
expect_run 1 'hcub dimension must be between 1 and 62' "$TARTAN_BIN" graph gen hcub 0
expect_run 1 'hcub has no geometry' "$TARTAN_BIN" graph gen hcub 3 --xyz "$w/h.xyz"
expect_run 1 'base must be between 0 and 1' "$TARTAN_BIN" graph gen hcub 3 -b 2
expect_run 1 "option '-o' needs a value" "$TARTAN_BIN" graph gen hcub 3 -o
expect_run 1 "can only write SCOTCH graphs" "$TARTAN_BIN" graph gen hcub 3 -o "$w/h.mtx"
expect_run 1 'missing argument' "$TARTAN_BIN" graph gen
expect_run 2 'too large for a' "$TARTAN_BIN" graph gen hcub 62
expect_error_message
expect_run 2 'cannot open for writing' "$TARTAN_BIN" graph gen mesh2D 2 2 -o "$w/g2.grf" --xyz "$w/no/such/dir/g.xyz"
expect_run 2 "$w/no/such/dir/g.grf" "$TARTAN_BIN" graph gen mesh2D 2 2 -o "$w/no/such/dir/g.grf"
expect_error_message
finish
