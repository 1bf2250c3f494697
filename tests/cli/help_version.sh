#!/bin/sh
# The top level of `tartan`: --help, --version, usage errors (exit 1) with a message and a hint.
. "$(dirname "$0")/cli_support.sh"

expect_run 0 '^Usage: tartan COMMAND' "$TARTAN_BIN" --help
expect_run 0 'graph +read, check' "$TARTAN_BIN" -h
expect_run 0 '^tartan [0-9]+\.[0-9]+' "$TARTAN_BIN" --version
expect_run 0 '^TARTAN_Num: (32|64) bits' "$TARTAN_BIN" --version
expect_run 1 "missing command" "$TARTAN_BIN"
expect_error_message
expect_run 1 "unknown command 'frobnicate'" "$TARTAN_BIN" frobnicate
expect_error_message
expect_run 1 "Try 'tartan --help'" "$TARTAN_BIN" --frobnicate
expect_run 0 '^Usage: tartan graph SUBCOMMAND' "$TARTAN_BIN" graph --help
expect_run 1 'tartan graph: missing subcommand' "$TARTAN_BIN" graph
expect_error_message
expect_run 1 "unknown subcommand 'nope'" "$TARTAN_BIN" graph nope
expect_run 1 "Try 'tartan graph --help'" "$TARTAN_BIN" graph nope
for sub in info check convert gen; do
  expect_run 0 "^Usage: tartan graph $sub \\[OPTIONS\\]" "$TARTAN_BIN" graph "$sub" --help
  expect_run 1 "tartan graph $sub: unknown option '--bogus'" "$TARTAN_BIN" graph "$sub" --bogus
  expect_error_message
  expect_run 1 "Try 'tartan graph $sub --help'" "$TARTAN_BIN" graph "$sub"
  expect_error_message
done
finish
