#!/bin/sh
# The shared library exports only TARTAN_* names (nm -D --defined-only on the built .so:
# libtartan.so, or libtartan64.so in an --enable-int64 build).
. "$(dirname "$0")/cli_support.sh"
library=$(dirname "$TARTAN_BIN")/.libs/lib${TARTAN_LIBNAME:-tartan}.so
if [ ! -f "$library" ]; then
  echo "no shared library at $library (--disable-shared?): skipped"
  exit 77
fi
if ! command -v nm >/dev/null 2>&1; then
  echo "nm not found: skipped"
  exit 77
fi
nm -D --defined-only "$library" | awk '{ print $NF }' | sort -u >"$work_dir/symbols"
checks=$((checks + 1))
if [ "$(grep -c '^TARTAN_' "$work_dir/symbols")" -lt 10 ]; then
  fail "fewer than 10 TARTAN_ symbols exported:"; cat "$work_dir/symbols" >&2
fi
checks=$((checks + 1))
if grep -v '^TARTAN_' "$work_dir/symbols" >"$work_dir/foreign"; then
  fail "symbols outside TARTAN_ exported:"; sed 's/^/  | /' "$work_dir/foreign" >&2
else
  echo "ok: $(wc -l <"$work_dir/symbols") exported symbols, all TARTAN_*"
fi
finish
