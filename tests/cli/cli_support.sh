# Shared by the tests/cli/*.sh scripts (sourced, not run). Each test runs `tartan` through
#   expect_run STATUS PATTERN COMMAND...
# which checks the exit status and that stdout+stderr match the extended regular expression
# PATTERN ('' to skip), and counts failures; the script ends with `finish`.
set -u

TARTAN_BIN=${TARTAN_BIN:?TARTAN_BIN must name the built tartan command}
TARTAN_TEST_DATA=${TARTAN_TEST_DATA:?TARTAN_TEST_DATA must name tests/data}
FORMATS=$TARTAN_TEST_DATA/formats

work_dir=$(mktemp -d "${TMPDIR:-/tmp}/tartan-cli.XXXXXX")
trap 'rm -rf "$work_dir"' EXIT
failures=0
checks=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# expect_run STATUS PATTERN COMMAND...: runs COMMAND, output in $work_dir/out and .../err.
expect_run() {
  local expected=$1 pattern=$2 status=0
  shift 2
  checks=$((checks + 1))
  "$@" >"$work_dir/out" 2>"$work_dir/err" </dev/null || status=$?
  if [ "$status" -ne "$expected" ]; then
    fail "'$*' exited with $status, expected $expected"
    sed 's/^/  | /' "$work_dir/out" "$work_dir/err" >&2
    return 0
  fi
  if [ -n "$pattern" ] && ! cat "$work_dir/out" "$work_dir/err" | grep -Eq -- "$pattern"; then
    fail "'$*' printed no line matching /$pattern/"
    sed 's/^/  | /' "$work_dir/out" "$work_dir/err" >&2
    return 0
  fi
  echo "ok: $* (exit $status)"
}

# expect_same FILE1 FILE2 WHAT: the two files are identical.
expect_same() {
  checks=$((checks + 1))
  if cmp -s "$1" "$2"; then echo "ok: $3"; else fail "$3: $1 and $2 differ"; fi
}

# A failure must say why on stderr and print nothing on stdout.
expect_error_message() {
  checks=$((checks + 1))
  if [ ! -s "$work_dir/err" ]; then fail "no message on stderr"; fi
  if [ -s "$work_dir/out" ]; then fail "output on stdout after an error"; fi
}

# The line of `tartan graph info` starting with KEY, e.g. info_field out vertices -> "16".
info_field() {
  sed -n "s/^$2 *//p" "$1"
}

has_zlib() {
  "$TARTAN_BIN" --version | grep -q '^zlib: yes'
}

finish() {
  echo "$checks checks, $failures failures"
  [ "$failures" -eq 0 ] && exit 0
  exit 1
}
