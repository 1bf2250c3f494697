// SVG output and colours for `tartan draw`: a small writer of SVG 1.1 elements (valid XML:
// text is escaped, numbers are written in the C locale with two decimals at most), the
// qualitative palette for parts, the colouring that keeps adjacent parts' colours apart, and
// the sequential scale (with its colour bar) for loads and congestion.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace tartan_cli {

class SvgWriter {
 public:
  // Writes the XML declaration and the opening <svg> of a width x height picture on a white
  // background.
  SvgWriter(std::FILE* out, double width, double height);
  // Closes the <svg> element (call once, before closing the stream).
  void finish();

  // Every element takes its class (for styling and for counting) and its fill or stroke colour.
  void rect(double x, double y, double w, double h, const std::string& fill,
            const char* cls, const std::string& extra = "");
  void circle(double cx, double cy, double r, const std::string& fill, const char* cls,
              const std::string& extra = "");
  void line(double x1, double y1, double x2, double y2, const std::string& stroke, double width,
            const char* cls);
  // A path from path data built with move_to/line_to (many segments, one element).
  void path(const std::string& data, const std::string& stroke, double width, const char* cls);
  void text(double x, double y, const std::string& content, double size,
            const char* anchor = "start", const std::string& fill = "#000",
            const std::string& extra = "");
  // <title> of the picture (shown by browsers as a tooltip) and raw grouping.
  void title(const std::string& content);
  void open_group(const char* cls, const std::string& extra = "");
  void close_group();
  // A vertical colour bar of the sequential scale from low (bottom) to high (top), labelled.
  void colour_bar(double x, double y, double w, double h, double low, double high,
                  const std::string& label);

  std::FILE* stream() { return out_; }

 private:
  std::FILE* out_;
  int gradients_ = 0;
};

// Path data helpers: "M x y" and "L x y" appended to data.
void move_to(std::string& data, double x, double y);
void line_to(std::string& data, double x, double y);

// A number for an attribute: two decimals at most, trailing zeros removed.
std::string number(double value);
// XML text with &, <, > and quotes escaped.
std::string escape_xml(const std::string& text);

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

}  // namespace tartan_cli
