// The colours of `tartan draw`, whatever the output format: the qualitative palette for parts,
// the colouring that keeps adjacent parts' colours apart, and the sequential scale for loads
// and congestion. Colours are "#rgb" or "#rrggbb" strings, as SVG writes them; the cairo back
// end parses them (rgb_of).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tartan_cli {

// Colour k of the qualitative palette: 12 hand-picked colours (ColorBrewer's "Paired" and
// "Set1" hues, readable on white), then hues stepped by the golden angle for k >= 12.
std::string palette_colour(std::size_t k);

// Greedy colouring of the parts' adjacency graph in the order of Welsh and Powell ("An upper
// bound for the chromatic number of a graph and its application to timetabling problems"):
// parts in decreasing degree order (ties: smaller number first) each take, among the palette's
// first 12 colours that no coloured neighbour has, the least used one (so that parts touching
// only at a corner tend to differ too), or a new colour when all 12 are taken. edges are pairs
// of parts in [0, partnbr), in any order, duplicates allowed. Returns a colour index per part;
// adjacent parts always differ. O(partnbr · 12 + edges log edges).
std::vector<std::size_t> colour_parts(std::size_t partnbr,
                                      std::vector<std::pair<std::int64_t, std::int64_t>> edges);

// The sequential scale: t in [0, 1] (clamped) to a colour from pale yellow through orange and
// red to dark purple (a perceptually ordered ramp in the spirit of matplotlib's "inferno",
// readable for the colour-blind and in grey).
std::string scale_colour(double t);

// The anchors of the sequential scale, evenly spaced from t = 0 to t = 1 (gradients).
struct Rgb {
  double r, g, b;  // 0 .. 255
};
const std::vector<Rgb>& scale_anchors();

// The components of a "#rgb" or "#rrggbb" colour (the drawing code's only forms); black for
// anything else.
Rgb rgb_of(const std::string& colour);
// "#rrggbb" of a colour.
std::string hex(const Rgb& colour);

}  // namespace tartan_cli
