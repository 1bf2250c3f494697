// The painter of `tartan draw`: the drawing code emits its pictures as a short list of
// primitives (rectangles, circles, lines, segment sets, text, groups, the scale's ramp) to an
// abstract Painter; one back end writes them as SVG text (svg_painter.cpp), the other renders
// them through cairo as PNG or PDF (cairo_painter.cpp, built with --with-cairo). Both draw
// exactly the same primitives, so the formats show the same picture.
//
// Coordinates are picture units (SVG user units, PNG pixels, PDF points), x to the right and y
// downwards from the top-left corner. Every element carries a class: the SVG back end writes it
// (for styling and for the tests' counts), the cairo back end ignores it.
#pragma once

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace tartan_cli {

// A set of independent line segments drawn as one element (one SVG <path>, one cairo stroke).
class Segments {
 public:
  void add(double x1, double y1, double x2, double y2) { xy_.insert(xy_.end(), {x1, y1, x2, y2}); }
  bool empty() const { return xy_.empty(); }
  std::size_t size() const { return xy_.size() / 4; }
  // Segment k: (x1, y1, x2, y2) at data()[4k .. 4k+3].
  const double* data() const { return xy_.data(); }

 private:
  std::vector<double> xy_;
};

// An outline around a rectangle or circle; width 0: none.
struct Outline {
  std::string colour;
  double width = 0;
};

enum class Anchor { start, middle };

class Painter {
 public:
  virtual ~Painter() = default;

  // Colours are "#rgb" or "#rrggbb" (colours.hpp).
  virtual void rect(double x, double y, double w, double h, const std::string& fill,
                    const char* cls, const Outline& outline = {}) = 0;
  virtual void circle(double cx, double cy, double r, const std::string& fill, const char* cls,
                      const Outline& outline = {}) = 0;
  virtual void line(double x1, double y1, double x2, double y2, const std::string& stroke,
                    double width, const char* cls) = 0;
  // Many segments as one element with round caps; nothing when segments is empty.
  virtual void segments(const Segments& segments, const std::string& stroke, double width,
                        const char* cls) = 0;
  // Text of the given size (its baseline at y); halo: a white outline behind the glyphs, so
  // that a label stays readable over coloured shapes.
  virtual void text(double x, double y, const std::string& content, double size,
                    Anchor anchor = Anchor::start, const std::string& fill = "#000",
                    bool halo = false) = 0;
  // The picture's title (SVG <title>, PDF metadata; not shown in a PNG).
  virtual void title(const std::string& content) = 0;
  // Groups nest; crisp: shapes inside are drawn without anti-aliasing (no seams between
  // abutting cells).
  virtual void open_group(const char* cls, bool crisp = false) = 0;
  virtual void close_group() = 0;
  // A rectangle filled with the sequential scale (colours.hpp), low at the bottom, high at
  // the top, outlined.
  virtual void scale_ramp(double x, double y, double w, double h, const char* cls) = 0;
  // Completes the picture and writes whatever is still buffered (call once, last).
  virtual void finish() = 0;

  // A vertical colour bar: the ramp, its label above, its extreme values on the right.
  void colour_bar(double x, double y, double w, double h, double low, double high,
                  const std::string& label);
};

enum class PictureFormat { svg, png, pdf };

// The format of a picture: --format when given ("svg", "png" or "pdf"; UsageError otherwise),
// else the suffix of output (".png", ".pdf", any case), else SVG. A PNG or PDF in a build
// without cairo is a UsageError naming --with-cairo, raised here, before any input is read.
PictureFormat picture_format(const std::string& output, const std::string& format_option);

// Whether this build renders PNG and PDF (configure found cairo).
bool have_cairo();

// A painter writing a width x height picture to out in the given format. out stays owned by
// the caller and must outlive the painter.
std::unique_ptr<Painter> open_painter(PictureFormat format, std::FILE* out, double width,
                                      double height);

// The back ends (svg_painter.cpp, cairo_painter.cpp).
std::unique_ptr<Painter> open_svg_painter(std::FILE* out, double width, double height);
std::unique_ptr<Painter> open_cairo_painter(PictureFormat format, std::FILE* out, double width,
                                            double height);

// A number for SVG attributes and legends: two decimals at most, trailing zeros removed, in
// the C locale.
std::string number(double value);

}  // namespace tartan_cli
