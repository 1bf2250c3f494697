#!/bin/sh
# `tartan graph check` and `info` on valid and invalid graphs: exit 0, or 2 with the reason.
. "$(dirname "$0")/cli_support.sh"
w=$work_dir

expect_run 0 'valid graph, 6 vertices, 7 edges' "$TARTAN_BIN" graph check "$FORMATS/mesh3x2.graph"

# Inconsistent or malformed .grf files: exit 2, a message naming the file, nothing on stdout.
printf '0\n3 3\n0 000\n1 1\n2 0 2\n0\n' >"$w/asymmetric.grf"
printf '0\n2 2\n0 000\n1 5\n1 0\n' >"$w/out_of_range.grf"
printf '0\n2 2\n0 000\n1 0\n1 1\n' >"$w/self_loop.grf"
printf '0\n2 2\n0 000\n1 x\n1 0\n' >"$w/not_a_number.grf"
printf '0\n3 4\n0 000\n1 1\n1 0\n' >"$w/truncated.grf"
printf '' >"$w/empty.grf"
for bad in asymmetric out_of_range self_loop not_a_number truncated empty; do
  expect_run 2 "tartan graph check: .*$bad.grf" "$TARTAN_BIN" graph check "$w/$bad.grf"
  expect_error_message
  expect_run 2 "tartan graph info: .*$bad.grf" "$TARTAN_BIN" graph info "$w/$bad.grf"
  expect_error_message
done
expect_run 2 'missing.grf' "$TARTAN_BIN" graph check "$w/missing.grf"
expect_error_message
expect_run 2 'bad_range.mtx' "$TARTAN_BIN" graph check "$FORMATS/bad_range.mtx"
expect_run 1 "unexpected argument 'b.grf'" "$TARTAN_BIN" graph check a.grf b.grf

# The shared data set's graphs are valid.
if [ -n "${TARTAN_SHARED_DATA:-}" ] && [ -f "$TARTAN_SHARED_DATA/graphs/m4x4_b1_elv.grf" ]; then
  expect_run 0 'valid graph, 16 vertices, 24 edges' "$TARTAN_BIN" graph check "$TARTAN_SHARED_DATA/graphs/m4x4_b1_elv.grf"
  # The figures SCOTCH's gtst gives for this graph (its edge-load sum, 118, counts arcs; ours edges).
  expect_run 0 'vertex loads +given: min 1  max 3  sum 28  avg 1.75  dlt 0.65625' "$TARTAN_BIN" graph info "$TARTAN_SHARED_DATA/graphs/m4x4_b1_elv.grf"
  expect_run 0 'degrees +min 2  max 4  avg 3  dlt 0.5' "$TARTAN_BIN" graph info "$TARTAN_SHARED_DATA/graphs/m4x4_b1_elv.grf"
  expect_run 0 'edge loads +given: min 1  max 7  sum 59  avg 2.45833  dlt 1.40625' "$TARTAN_BIN" graph info "$TARTAN_SHARED_DATA/graphs/m4x4_b1_elv.grf"
  expect_run 0 '^labels +yes' "$TARTAN_BIN" graph info "$TARTAN_SHARED_DATA/graphs/m4x4_b1_elv.grf"
else
  echo "shared data set absent: its checks skipped"
fi
finish
