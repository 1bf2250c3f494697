#!/bin/sh
# `tartan graph convert`: METIS and Matrix Market into .grf, .grf <-> .grf.gz round trips, and
# its errors.
. "$(dirname "$0")/cli_support.sh"
w=$work_dir

# Both foreign descriptions of the 3 x 2 grid give the graph `gen mesh2D 3 2` gives (the same
# figures; neighbour order may differ), and converting a .grf again reproduces it exactly.
expect_run 0 '' "$TARTAN_BIN" graph gen mesh2D 3 2 -o "$w/gen.grf"
expect_run 0 '' "$TARTAN_BIN" graph info "$w/gen.grf"
grep -v '^graph ' "$w/out" >"$w/gen.info"
for input in mesh3x2.mtx mesh3x2.graph; do
  expect_run 0 '' "$TARTAN_BIN" graph convert "$FORMATS/$input" "$w/$input.grf"
  expect_run 0 '' "$TARTAN_BIN" graph info "$w/$input.grf"
  grep -v '^graph ' "$w/out" >"$w/$input.info"
  expect_same "$w/gen.info" "$w/$input.info" "$input converts to the 3 x 2 grid"
  expect_run 0 '' "$TARTAN_BIN" graph convert "$w/$input.grf" "$w/$input.again.grf"
  expect_same "$w/$input.grf" "$w/$input.again.grf" "$input: .grf -> .grf is stable"
done

# info and check read foreign formats directly; --format overrides the extension.
expect_run 0 '^vertices +6$' "$TARTAN_BIN" graph info "$FORMATS/mesh3x2.graph"
expect_run 0 'valid graph, 6 vertices, 7 edges' "$TARTAN_BIN" graph check "$FORMATS/mesh3x2.mtx"
cp "$FORMATS/mesh3x2.graph" "$w/mesh.txt"
expect_run 0 '^vertices +6$' "$TARTAN_BIN" graph info --format metis "$w/mesh.txt"
expect_run 1 "unknown graph format 'xls'" "$TARTAN_BIN" graph info --format xls "$w/mesh.txt"

# Weights survive: METIS fmt 11 vertex and edge weights.
expect_run 0 '' "$TARTAN_BIN" graph convert "$FORMATS/mesh3x2_weights.graph" "$w/weights.grf"
expect_run 0 'vertex loads +given: min 1  max 6  sum 21' "$TARTAN_BIN" graph info "$w/weights.grf"
expect_run 0 'edge loads +given: min 1  max 7  sum 28' "$TARTAN_BIN" graph info "$w/weights.grf"

# A general real matrix: the pattern of A + A^T without the diagonal, a 4-cycle.
expect_run 0 '' "$TARTAN_BIN" graph convert "$FORMATS/general_real.mtx" "$w/general.grf"
expect_run 0 '^edges +4 \(8 arcs\)' "$TARTAN_BIN" graph info "$w/general.grf"
expect_run 0 '^degrees +min 2  max 2' "$TARTAN_BIN" graph info "$w/general.grf"

# Base: --base 1 renumbers; converting back to base 0 gives the original file.
expect_run 0 '' "$TARTAN_BIN" graph convert --base 1 "$w/gen.grf" "$w/b1.grf"
expect_run 0 '^base +1$' "$TARTAN_BIN" graph info "$w/b1.grf"
expect_run 0 '' "$TARTAN_BIN" graph convert -b 0 "$w/b1.grf" "$w/b0.grf"
expect_same "$w/gen.grf" "$w/b0.grf" "base 0 -> 1 -> 0 round trip"

# Standard output.
expect_run 0 '' "$TARTAN_BIN" graph convert "$w/gen.grf" -
expect_same "$w/gen.grf" "$w/out" "convert to standard output"

# .grf -> .grf.gz -> .grf (with zlib).
if has_zlib; then
  expect_run 0 '' "$TARTAN_BIN" graph convert "$w/gen.grf" "$w/gen.grf.gz"
  checks=$((checks + 1))
  if gzip -t "$w/gen.grf.gz" 2>/dev/null; then echo "ok: .grf.gz is gzip data"
  else fail "$w/gen.grf.gz is not gzip data"; fi
  expect_run 0 '' "$TARTAN_BIN" graph convert "$w/gen.grf.gz" "$w/gen.back.grf"
  expect_same "$w/gen.grf" "$w/gen.back.grf" ".grf -> .grf.gz -> .grf round trip"
  if [ -n "${TARTAN_SHARED_DATA:-}" ] && [ -f "$TARTAN_SHARED_DATA/graphs/bump.grf.gz" ]; then
    expect_run 0 '^vertices +9800$' "$TARTAN_BIN" graph info "$TARTAN_SHARED_DATA/graphs/bump.grf.gz"
    expect_run 0 '' "$TARTAN_BIN" graph convert "$TARTAN_SHARED_DATA/graphs/bump.grf.gz" "$w/bump.grf"
    checks=$((checks + 1))
    if gzip -dc "$TARTAN_SHARED_DATA/graphs/bump.grf.gz" | "$TARTAN_BIN" graph info - | grep -q '^vertices *9800$'
    then echo "ok: bump.grf.gz piped through standard input"; else fail "bump.grf.gz through stdin"; fi
  else
    echo "shared data set absent: bump.grf.gz checks skipped"
  fi
else
  expect_run 2 'zlib' "$TARTAN_BIN" graph convert "$w/gen.grf" "$w/gen.grf.gz"
fi

# Errors: usage (exit 1), bad input (exit 2, with a message naming the file).
expect_run 1 'too few arguments' "$TARTAN_BIN" graph convert "$w/gen.grf"
expect_run 1 "unexpected argument 'extra'" "$TARTAN_BIN" graph convert "$w/gen.grf" "$w/x.grf" extra
expect_run 1 'can only write SCOTCH graphs' "$TARTAN_BIN" graph convert "$w/gen.grf" "$w/x.mtx"
expect_run 1 'base must be between 0 and 1' "$TARTAN_BIN" graph convert -b 3 "$w/gen.grf" "$w/x.grf"
expect_error_message
expect_run 2 "$w/missing.grf" "$TARTAN_BIN" graph convert "$w/missing.grf" "$w/x.grf"
expect_error_message
expect_run 2 'bad_count.graph' "$TARTAN_BIN" graph convert "$FORMATS/bad_count.graph" "$w/x.grf"
expect_error_message
expect_run 2 'bad_range.mtx' "$TARTAN_BIN" graph convert "$FORMATS/bad_range.mtx" "$w/x.grf"
expect_error_message
expect_run 2 'asymmetric.grf' "$TARTAN_BIN" graph convert "$FORMATS/asymmetric.grf" "$w/x.grf"
checks=$((checks + 1))
if [ -e "$w/x.grf" ]; then fail "an output was written for a bad input"; else echo "ok: no output for bad inputs"; fi
expect_run 2 "$w/no/dir/x.grf" "$TARTAN_BIN" graph convert "$w/gen.grf" "$w/no/dir/x.grf"
finish
