# The hostile-input catalogues through the tartan command: every entry of
# tests/data/hostile/MANIFEST, tests/data/bad/MANIFEST and tests/data/bad_targets/MANIFEST
# makes the command exit with status 2 and a message (naming the file, holding the entry's
# fragment when it has one) on stderr, nothing on stdout, and no crash.
. "$(dirname "$0")/cli_support.sh"
T=$TARTAN_BIN
H=$TARTAN_TEST_DATA/hostile

# quote PATTERN: the fixed text as an extended regular expression.
quote() { printf '%s' "$1" | sed 's/[][\.*^$()+?{}|/]/\\&/g'; }

# tests/data/hostile: file loader code fragment.
while read -r file loader code fragment; do
  case $file in '#'*|'') continue ;; esac
  case $file in
    @dir) path=$H ;;
    @missing) path=$H/does-not-exist/x ;;
    *) path=$H/$file ;;
  esac
  pattern=$(quote "$fragment")
  case $loader in
    grf|metis|mtx) expect_run 2 "$pattern" "$T" graph check --format "$loader" "$path" ;;
    tgt) expect_run 2 "$pattern" "$T" arch info "$path" ;;
    map) expect_run 2 "$pattern" "$T" stats "$H/path12.grf" "$H/mesh2x3.tgt" "$path" ;;
    strat) expect_run 2 "$pattern" "$T" map "$H/path12.grf" "$H/mesh2x3.tgt" -s "$(cat "$path")" ;;
    *) fail "unknown loader '$loader' in hostile/MANIFEST" ;;
  esac
  expect_error_message
done <"$H/MANIFEST"

# tests/data/bad: file code loader (graphs; load or check fails). Without zlib, .gz files
# are refused too (ENOTSUP), also with status 2.
while read -r file code loader rest; do
  case $file in '#'*|'') continue ;; esac
  expect_run 2 "$(quote "$file")" "$T" graph check --format "$loader" "$TARTAN_TEST_DATA/bad/$file"
  expect_error_message
done <"$TARTAN_TEST_DATA/bad/MANIFEST"

# tests/data/bad_targets: file code fragment.
while read -r file code fragment; do
  case $file in '#'*|'') continue ;; esac
  expect_run 2 "$(quote "$fragment")" "$T" arch info "$TARTAN_TEST_DATA/bad_targets/$file"
  expect_error_message
done <"$TARTAN_TEST_DATA/bad_targets/MANIFEST"

# doc/hostile-inputs.md lists every file of the three catalogues and their entry counts.
doc=$TARTAN_TEST_DATA/../../doc/hostile-inputs.md
for catalogue in hostile bad bad_targets; do
  entries=0
  while read -r file rest; do
    case $file in '#'*|'') continue ;; esac
    entries=$((entries + 1))
    case $file in @*) continue ;; esac
    checks=$((checks + 1))
    grep -qF -- "| \`$file\` |" "$doc" || fail "doc/hostile-inputs.md does not list $catalogue/$file"
  done <"$TARTAN_TEST_DATA/$catalogue/MANIFEST"
  checks=$((checks + 1))
  grep -qE -- "^\| \`tests/data/$catalogue/MANIFEST\`[^|]*\| $entries \|" "$doc" ||
    fail "doc/hostile-inputs.md does not give $catalogue/MANIFEST's $entries entries"
done

finish
