#!/bin/sh
# The README stays true: its C example is doc/examples/readme_example.c (which the suite
# compiles and runs), and its two quick-start commands are what quickstart and .ci/run run.
. "$(dirname "$0")/cli_support.sh"
top=$(cd "$TARTAN_TEST_DATA/../.." && pwd)

sed -n '/^```c$/,/^```$/p' "$top/README" | sed '1d;$d' >"$work_dir/example.c"
expect_same "$top/doc/examples/readme_example.c" "$work_dir/example.c" \
  "README's C example is doc/examples/readme_example.c"

# The quick start: an indented block of exactly two commands.
sed -n '/^Quick start/,/^Install/p' "$top/README" | grep '^    [^ ]' | sed 's/^    //' \
  >"$work_dir/commands"
checks=$((checks + 1))
if [ "$(wc -l <"$work_dir/commands")" -eq 2 ] && [ "$(sed -n 1p "$work_dir/commands")" = "./quickstart" ]
then echo "ok: two quick-start commands, the first ./quickstart"
else fail "quick start is not './quickstart' and one test command: $(tr '\n' '|' <"$work_dir/commands")"; fi
test_command=$(sed -n 2p "$work_dir/commands")
checks=$((checks + 1))
if grep -Fqx "$test_command || { show_failures build; echo \"CI: test suite failed\" >&2; exit 1; }" "$top/.ci/run"
then echo "ok: .ci/run runs the README's test command: $test_command"
else fail ".ci/run does not run the README's test command '$test_command'"; fi
checks=$((checks + 1))
if grep -q "tartan graph gen" "$top/quickstart" && grep -q "^./quickstart$" "$top/.ci/run"
then echo "ok: quickstart runs the example job and .ci/run runs quickstart"
else fail "quickstart or .ci/run drifted from the README"; fi
finish
