#!/bin/sh
# `tartan arch info | dist | sub | hwloc`: results, --help, and exit codes 0/1/2.
. "$(dirname "$0")/cli_support.sh"
w=$work_dir
T=$TARTAN_BIN

has_hwloc() {
  "$T" --version | grep -q '^hwloc: yes'
}

printf 'torus2D 4 4\n' >"$w/t44.tgt"
printf 'tleaf 2 2 10 4 1\n' >"$w/node.tgt"
printf 'cmpltw 3 1 5 2\n' >"$w/w.tgt"
printf 'torus2D 4\n' >"$w/truncated.tgt"
printf 'hcub 0\n' >"$w/hcub0.tgt"
printf 'nosuchkind 3\n' >"$w/unknown.tgt"

# --help everywhere, exit 0.
expect_run 0 'Usage: tartan arch SUBCOMMAND' "$T" arch --help
for sub in info dist sub hwloc; do
  expect_run 0 "Usage: tartan arch $sub" "$T" arch "$sub" --help
done
expect_run 0 'core 1, cache 2' "$T" arch hwloc --help

# info: kind, terminals, weights, distances over all pairs.
expect_run 0 '^kind +torus2D' "$T" arch info "$w/t44.tgt"
expect_run 0 '^terminals +16$' "$T" arch info "$w/t44.tgt"
expect_run 0 '^weights +min 1  max 1  sum 16$' "$T" arch info "$w/t44.tgt"
# 4x4 torus: distances 1..4, average 256/120.
expect_run 0 '^distances +min 1  max 4  avg 2.1333  \(all 120 of 120 pairs\)' "$T" arch info "$w/t44.tgt"
expect_run 0 '^weights +min 1  max 5  sum 8$' "$T" arch info "$w/w.tgt"
expect_run 0 '^distances +min 1  max 11 ' "$T" arch info "$w/node.tgt"
printf 'varhcub\n' >"$w/var.tgt"
expect_run 0 '^terminals +variable' "$T" arch info "$w/var.tgt"
# Domains 14 (binary 1110: depth 3) and 17 (10001: depth 4) of a varhcub: bits 110 against
# 000 differ twice, one bit fixed by 17 alone counts half, rounded down.
expect_run 0 '^2$' "$T" arch dist "$w/var.tgt" 14 17
# Large targets are sampled, and say so.
printf 'torus3D 16 16 16\n' >"$w/big.tgt"
expect_run 0 '^distances +min 1  max 24 .*sampled 500000 of 8386560 pairs' "$T" arch info "$w/big.tgt"

# dist
expect_run 0 '^2$' "$T" arch dist "$w/t44.tgt" 0 5
expect_run 0 '^1$' "$T" arch dist "$w/t44.tgt" 0 3
expect_run 0 '^11$' "$T" arch dist "$w/node.tgt" 0 4
expect_run 0 '^0$' "$T" arch dist "$w/node.tgt" 6 6
expect_run 2 'terminal 16' "$T" arch dist "$w/t44.tgt" 0 16
expect_error_message
expect_run 1 'B must be an integer' "$T" arch dist "$w/t44.tgt" 0 x
expect_run 1 'missing argument|too few arguments' "$T" arch dist "$w/t44.tgt" 0
expect_run 1 "unexpected argument '3'" "$T" arch dist "$w/t44.tgt" 0 1 3

# sub: lists, ranges, @file; the result keeps the original distances.
expect_run 0 '' "$T" arch sub "$w/t44.tgt" 0,3,12-15 -o "$w/sub.tgt"
expect_run 0 '^kind +sub' "$T" arch info "$w/sub.tgt"
expect_run 0 '^terminals +6$' "$T" arch info "$w/sub.tgt"
expect_run 0 '^1$' "$T" arch dist "$w/sub.tgt" 0 1   # terminals 0 and 3 of the torus
expect_run 0 '^1$' "$T" arch dist "$w/sub.tgt" 0 2   # terminals 0 and 12
expect_run 0 '^2$' "$T" arch dist "$w/sub.tgt" 1 2   # terminals 3 and 12
printf '15\n14, 13\n0-1\n' >"$w/list.txt"
expect_run 0 '^sub 5$' "$T" arch sub "$w/t44.tgt" "@$w/list.txt"
expect_run 0 '' "$T" arch sub "$w/t44.tgt" "@$w/list.txt" -o "$w/sub2.tgt"
expect_run 0 '^1$' "$T" arch dist "$w/sub2.tgt" 0 1   # terminals 15 and 14
expect_run 0 '^2$' "$T" arch dist "$w/sub2.tgt" 0 3   # terminals 15 and 0
expect_run 2 'list.missing' "$T" arch sub "$w/t44.tgt" "@$w/list.missing"
expect_run 2 '' "$T" arch sub "$w/t44.tgt" 0,0 -o "$w/x.tgt"
expect_error_message
expect_run 2 '' "$T" arch sub "$w/t44.tgt" 0,16
expect_error_message
expect_run 1 'descending' "$T" arch sub "$w/t44.tgt" 5-2
expect_run 1 'must be an integer' "$T" arch sub "$w/t44.tgt" 1,a
expect_run 1 'lists no terminal' "$T" arch sub "$w/t44.tgt" ,
expect_run 1 'missing argument|too few arguments' "$T" arch sub "$w/t44.tgt"

# Bad target files: exit 2 with the file named.
for bad in truncated hcub0 unknown; do
  expect_run 2 "$bad.tgt" "$T" arch info "$w/$bad.tgt"
  expect_error_message
done
expect_run 2 'missing.tgt' "$T" arch dist "$w/missing.tgt" 0 1
expect_run 1 "unknown subcommand 'frobnicate'" "$T" arch frobnicate
expect_run 1 'missing subcommand' "$T" arch
expect_run 1 "unknown option '--bogus'" "$T" arch info --bogus "$w/t44.tgt"

# hwloc
if has_hwloc; then
  expect_run 0 '' "$T" arch hwloc --synthetic "pack:2 core:4 pu:2" -o "$w/hw.tgt"
  expect_run 0 '^kind +tleaf' "$T" arch info "$w/hw.tgt"
  expect_run 0 '^terminals +16$' "$T" arch info "$w/hw.tgt"
  expect_run 0 '^1$' "$T" arch dist "$w/hw.tgt" 0 1
  expect_run 0 '^5$' "$T" arch dist "$w/hw.tgt" 0 7
  expect_run 0 '^15$' "$T" arch dist "$w/hw.tgt" 0 8
  expect_run 0 '^tleaf 3 2 50 4 4 2 1' "$T" arch hwloc -s "pack:2 core:4 pu:2" --costs machine=50
  expect_run 0 '^tleaf 3 2 30 ' env TARTAN_HWLOC_COSTS=machine=30 "$T" arch hwloc -s "pack:2 core:4 pu:2"
  expect_run 0 '^sub 10$' "$T" arch hwloc --xml "$TARTAN_TEST_DATA/hwloc_2pack_10of16pu_allowed.xml"
  expect_run 0 '' "$T" arch hwloc -o "$w/machine.tgt"
  expect_run 0 '^terminals +[1-9]' "$T" arch info "$w/machine.tgt"
  expect_run 2 'synthetic description' "$T" arch hwloc --synthetic "pack:2 bogus:3"
  expect_error_message
  expect_run 2 'unknown level class "socket"' "$T" arch hwloc -s "pu:2" --costs socket=3
  expect_run 2 'cannot open' "$T" arch hwloc --xml "$w/missing.xml"
else
  expect_run 2 'without hwloc' "$T" arch hwloc --synthetic "pack:2 core:4 pu:2"
  expect_error_message
  expect_run 2 'without hwloc' "$T" arch hwloc
fi
expect_run 1 'not both' "$T" arch hwloc --xml a.xml --synthetic "pu:2"
expect_run 1 "unexpected argument" "$T" arch hwloc extra
finish
