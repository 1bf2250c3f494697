#!/bin/sh
# `tartan draw ... -o FILE.png|FILE.pdf` (or --format png|pdf) through cairo: a PNG has the PNG
# signature, the SVG picture's size in pixels, and the colours of the SVG's shapes at sampled
# points (the same primitives through the other back end); a PDF starts with %PDF. Without
# cairo (`tartan --version` says "cairo: no"), PNG and PDF output is refused with a message
# naming --with-cairo, nothing is written, and the test then skips (exit 77): nothing rendered.
. "$(dirname "$0")/cli_support.sh"
w=$work_dir
T=$TARTAN_BIN
PY=${PYTHON:-python3}
torus=$TARTAN_ARCH_DIR/torus3D_4x4x4.tgt
# In the ASan build: fontconfig's global state is no leak of ours (fontconfig.supp).
LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$TARTAN_TOP_SRCDIR/tests/cli/fontconfig.supp"
export LSAN_OPTIONS

if ! "$T" --version | grep -q '^cairo: yes'; then
  expect_run 1 'png output needs cairo.*--with-cairo' "$T" draw target "$torus" -o "$w/t.png"
  expect_run 1 'pdf output needs cairo.*--with-cairo' "$T" draw target "$torus" --format pdf
  checks=$((checks + 1))
  if [ -e "$w/t.png" ]; then fail "a PNG was written without cairo"; fi
  [ "$failures" -eq 0 ] || finish
  echo "SKIP: tartan built without cairo: no PNG or PDF rendered"
  exit 77
fi
if ! "$PY" -c 'import xml.etree.ElementTree, zlib' 2>/dev/null; then
  echo "SKIP: no python3 to read the SVG and PNG output"
  exit 77
fi

# check_png SVG PNG: the PNG's signature and size (the SVG's width and height, rounded up), and
# at sampled points the fill colour of the SVG's shapes: the white background, terminals
# (class term, near a corner: their numbers are centred), legend swatches, and vertices far
# from every label. Prints the number of points checked; fails on the first difference.
check_png() {
  "$PY" - "$1" "$2" <<'EOF'
import math, struct, sys, zlib
import xml.etree.ElementTree as ET

def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: no PNG signature")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour_type, _, _, interlace = header
    if depth != 8 or colour_type not in (2, 6) or interlace:
        sys.exit(f"{path}: unexpected PNG layout {header}")
    channels = 4 if colour_type == 6 else 3
    raw, stride = zlib.decompress(idat), width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):  # the five filters of the PNG specification
            a = line[i - channels] if i >= channels else 0
            b, c = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1: line[i] = (line[i] + a) & 255
            elif kind == 2: line[i] = (line[i] + b) & 255
            elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        previous = line
    return width, height, channels, rows

def rgb(colour):
    colour = colour.lstrip("#")
    if len(colour) == 3:
        colour = "".join(c * 2 for c in colour)
    return tuple(int(colour[i:i + 2], 16) for i in (0, 2, 4))

svg = ET.parse(sys.argv[1]).getroot()
width, height, channels, rows = read_png(sys.argv[2])
expected = (math.ceil(float(svg.get("width"))), math.ceil(float(svg.get("height"))))
if (width, height) != expected:
    sys.exit(f"PNG of {width} x {height} pixels, expected {expected[0]} x {expected[1]}")
name = lambda e: e.tag.split("}")[-1]
labels = [(float(e.get("x")), float(e.get("y"))) for e in svg.iter() if name(e) == "text"]
points = [(1.0, 1.0, "#fff")]
for e in svg.iter():
    cls, fill = e.get("class"), e.get("fill")
    if cls in ("term", "idle"):
        points.append((float(e.get("x")) + 2.5, float(e.get("y")) + 2.5, fill))
    elif cls == "swatch":
        points.append((float(e.get("x")) + 5, float(e.get("y")) + 5, fill))
    elif cls == "vertex":
        x, y = float(e.get("cx")), float(e.get("cy"))
        if all(math.hypot(x - lx, y - ly) > 14 for lx, ly in labels):
            points.append((x, y, fill))
for x, y, fill in points:
    pixel = tuple(rows[int(y)][int(x) * channels:int(x) * channels + 3])
    if any(abs(p - q) > 2 for p, q in zip(pixel, rgb(fill))):
        sys.exit(f"pixel ({int(x)}, {int(y)}) is {pixel}, the SVG's shape there is {fill}")
print(len(points))
EOF
}

# expect_png SVG PNG MIN: check_png passes with at least MIN points.
expect_png() {
  checks=$((checks + 1))
  if got=$(check_png "$1" "$2" 2>&1) && [ "$got" -ge "$3" ]; then
    echo "ok: $2 matches $1 at $got points"
  else
    fail "$2 against $1: $got"
  fi
}

# expect_pdf FILE: a PDF file (its header, its end of file marker).
expect_pdf() {
  checks=$((checks + 1))
  if [ "$(head -c 5 "$1")" = "%PDF-" ] && tail -c 8 "$1" | grep -q '%%EOF'; then
    echo "ok: $1 is a PDF"
  else
    fail "$1 is no PDF"
  fi
}

"$T" graph gen mesh2D 8 8 -o "$w/m.grf" --xyz "$w/m.xyz" || fail "graph gen mesh2D"
printf 'cmplt 4\n' >"$w/k4.tgt"
"$T" map "$w/m.grf" "$w/k4.tgt" -o "$w/m.map" || fail "map m"
"$T" map "$w/m.grf" "$torus" -o "$w/t.map" || fail "map t"

expect_run 0 '^cairo: yes' "$T" --version
expect_run 0 'svg, png or pdf' "$T" draw graph --help
# The machine, by suffix (any case) and by --format, to a file and to standard output.
expect_run 0 '' "$T" draw target "$torus" -o "$w/t.svg"
expect_run 0 '' "$T" draw target "$torus" -o "$w/t.png"
expect_png "$w/t.svg" "$w/t.png" 65
expect_run 0 '' "$T" draw target "$torus" -o "$w/T.PNG"
expect_same "$w/t.png" "$w/T.PNG" "the suffix chooses PNG in any case; the same PNG twice"
"$T" draw target "$torus" --format png >"$w/stdout.png" || fail "--format png to standard output"
expect_same "$w/t.png" "$w/stdout.png" "--format png to standard output"
expect_run 0 '' "$T" draw target "$torus" "$w/m.grf" "$w/t.map" -o "$w/tm.svg"
expect_run 0 '' "$T" draw target "$torus" "$w/m.grf" "$w/t.map" -o "$w/tm.png"
expect_png "$w/tm.svg" "$w/tm.png" 65
expect_run 0 '' "$T" draw target "$torus" "$w/m.grf" "$w/t.map" -o "$w/tm.pdf"
expect_pdf "$w/tm.pdf"
# The graph, detailed and aggregated; --format wins over the suffix.
expect_run 0 '' "$T" draw graph "$w/m.grf" "$w/m.map" -g "$w/m.xyz" -o "$w/g.svg"
expect_run 0 '' "$T" draw graph "$w/m.grf" "$w/m.map" -g "$w/m.xyz" -o "$w/g.png"
expect_png "$w/g.svg" "$w/g.png" 20
expect_run 0 '' "$T" draw graph "$w/m.grf" "$w/m.map" -g "$w/m.xyz" -a 10 -o "$w/a.svg"
expect_run 0 '' "$T" draw graph "$w/m.grf" "$w/m.map" -g "$w/m.xyz" -a 10 -o "$w/a.png"
expect_png "$w/a.svg" "$w/a.png" 5
expect_run 0 '' "$T" draw graph "$w/m.grf" "$w/m.map" --format pdf -o "$w/g.svg"
expect_pdf "$w/g.svg"
# A bad --format is a usage error, before any input is read.
expect_run 1 "unknown picture format 'gif' \(known: svg, png, pdf\)" \
  "$T" draw graph "$w/m.grf" "$w/m.map" --format gif -o "$w/x.gif"
expect_error_message
checks=$((checks + 1))
if [ -e "$w/x.gif" ]; then fail "an output was written despite the error"; else echo "ok: no output"; fi

finish
