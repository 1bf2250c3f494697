# Every file the tartan command writes with -o (graphs, targets, mappings, statistics,
# geometry) is written atomically: a write that fails midway (file size limit, as a full disk
# would) or a command interrupted by a signal leaves the previous file whole, and no
# temporary file behind.
. "$(dirname "$0")/cli_support.sh"
T=$TARTAN_BIN
out=$work_dir/o
mkdir "$out"

# entries: the files of $out, one per line (a temporary file left behind shows up here).
entries() { ls -A "$out" | tr '\n' ' '; }
expect_entries() {
  checks=$((checks + 1))
  if [ "$(entries)" = "$1" ]; then echo "ok: files of the output folder: $1"
  else fail "the output folder holds '$(entries)', expected '$1'"; fi
}
expect_holds() {
  checks=$((checks + 1))
  if [ "$(cat "$1")" = "$2" ]; then echo "ok: $1 kept its contents"
  else fail "$1 holds '$(head -c 60 "$1")...', expected '$2'"; fi
}
# limited COMMAND...: runs COMMAND with files limited to 4 blocks (SIGXFSZ ignored: writes
# fail with EFBIG).
limited() { (ulimit -f 4 && trap '' XFSZ && exec "$@"); }

expect_run 0 '' "$T" graph gen mesh2D 60 60 -o "$work_dir/m.grf"
expect_run 0 '' "$T" arch build "$work_dir/m.grf" -o "$work_dir/m.tgt"
for name in g.grf t.tgt m.map s.txt x.xyz; do echo "old $name" >"$out/$name"; done

expect_run 2 'g.grf' limited "$T" graph gen mesh2D 200 200 -o "$out/g.grf"
expect_holds "$out/g.grf" "old g.grf"
expect_run 2 'too large' limited "$T" graph gen mesh2D 200 200 -o "$work_dir/n.grf" --xyz "$out/x.xyz"
expect_holds "$out/x.xyz" "old x.xyz"
expect_run 2 't.tgt' limited "$T" arch build "$work_dir/m.grf" -o "$out/t.tgt"
expect_holds "$out/t.tgt" "old t.tgt"
expect_run 2 'm.map' limited "$T" map "$work_dir/m.grf" "$TARTAN_ARCH_DIR/torus2D_4x4.tgt" -o "$out/m.map"
expect_holds "$out/m.map" "old m.map"
expect_entries "g.grf m.map s.txt t.tgt x.xyz "

# Without the limit, the same commands replace the files.
expect_run 0 '' "$T" map "$work_dir/m.grf" "$TARTAN_ARCH_DIR/torus2D_4x4.tgt" -o "$out/m.map"
expect_run 0 '' "$T" stats "$work_dir/m.grf" "$TARTAN_ARCH_DIR/torus2D_4x4.tgt" "$out/m.map" -o "$out/s.txt"
expect_run 0 '' grep -q CommDilat "$out/s.txt"
expect_entries "g.grf m.map s.txt t.tgt x.xyz "

# A geometry file that cannot be created fails before the graph file is touched.
expect_run 2 'nonexistent' "$T" graph gen mesh2D 4 4 -o "$out/g.grf" --xyz "$work_dir/nonexistent/a.xyz"
expect_holds "$out/g.grf" "old g.grf"
expect_run 2 'nonexistent' "$T" graph gen mesh2D 4 4 -o "$out/new.grf" --xyz "$work_dir/nonexistent/a.xyz"
expect_entries "g.grf m.map s.txt t.tgt x.xyz "

# A mapping interrupted by SIGTERM: the output is either complete (the command wrote it before
# the signal, whatever its exit status: the signal may come while it exits) or absent; never a
# part, never a temporary file. The quality mode keeps the command busy past the signal (about
# 2 s here; the default maps this graph in 0.2 s).
expect_run 0 '' "$T" graph gen mesh2D 400 400 -o "$work_dir/big.grf"
rm -f "$out/m.map"
"$T" map -c q "$work_dir/big.grf" "$TARTAN_ARCH_DIR/torus3D_8x8x8.tgt" -o "$out/m.map" 2>/dev/null &
pid=$!
sleep 1
kill -TERM "$pid" 2>/dev/null
status=0
wait "$pid" || status=$?
checks=$((checks + 1))
if [ -e "$out/m.map" ]; then
  if [ "$(head -n 1 "$out/m.map")" = 160000 ] && [ "$(wc -l <"$out/m.map")" -eq 160001 ]; then
    echo "ok: the mapping was written before the signal (status $status), complete"
  else fail "$out/m.map exists but is incomplete (status $status)"; fi
elif [ "$status" -eq 0 ]; then fail "the mapping finished but wrote no $out/m.map"
else echo "ok: interrupted (status $status), no output file"; fi
checks=$((checks + 1))
if ls -A "$out" | grep -q '^\.'; then fail "a temporary file was left: $(entries)"
else echo "ok: no temporary file left"; fi

finish
