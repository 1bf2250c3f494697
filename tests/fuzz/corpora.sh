#!/bin/sh
# Replays every committed fuzz corpus (tests/fuzz/corpus/NAME, seeds and regression files)
# through its harness, once per input: with --enable-fuzzing through libFuzzer (-runs=0),
# otherwise through tests/fuzz/fuzz_main.c. A crash or a broken promise fails the test.
set -u
TARTAN_BIN=${TARTAN_BIN:?TARTAN_BIN must name the built tartan command}
TARTAN_TEST_DATA=${TARTAN_TEST_DATA:?TARTAN_TEST_DATA must name tests/data}
builddir=$(dirname "$TARTAN_BIN")/tests/fuzz
corpora=$(dirname "$TARTAN_TEST_DATA")/fuzz/corpus
status=0
for name in grf import tgt map strat csr dgr; do
  if ! "$builddir/fuzz_$name" -runs=0 "$corpora/$name" >"fuzz_$name.replay.log" 2>&1; then
    echo "FAIL: fuzz_$name on $corpora/$name" >&2
    tail -n 40 "fuzz_$name.replay.log" >&2
    status=1
  else
    echo "ok: fuzz_$name replayed $(ls "$corpora/$name" | wc -l) input(s)"
  fi
  rm -f "fuzz_$name.replay.log"
done
exit $status
