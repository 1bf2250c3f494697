// The painter's shared parts: the colour bar, the choice of format and of back end
// (painter.hpp).
#include "tools/painter.hpp"

#include <cctype>
#include <cstdio>

#include "config.h"
#include "tools/cli_common.hpp"

namespace tartan_cli {

void Painter::colour_bar(double x, double y, double w, double h, double low, double high,
                         const std::string& label) {
  scale_ramp(x, y, w, h, "colourbar");
  text(x, y - 6, label, 11);
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.4g", high);
  text(x + w + 4, y + 9, buffer, 10);
  std::snprintf(buffer, sizeof buffer, "%.4g", low);
  text(x + w + 4, y + h, buffer, 10);
}

bool have_cairo() {
#if HAVE_CAIRO
  return true;
#else
  return false;
#endif
}

PictureFormat picture_format(const std::string& output, const std::string& format_option) {
  std::string name = format_option;
  if (name.empty()) {
    const std::size_t dot = output.find_last_of("./");
    if (dot != std::string::npos && output[dot] == '.') name = output.substr(dot + 1);
    for (char& c : name) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (name != "png" && name != "pdf") name = "svg";
  }
  PictureFormat format;
  if (name == "svg")
    return PictureFormat::svg;
  else if (name == "png")
    format = PictureFormat::png;
  else if (name == "pdf")
    format = PictureFormat::pdf;
  else
    throw UsageError("unknown picture format '" + format_option + "' (known: svg, png, pdf)");
  if (!have_cairo())
    throw UsageError(name + " output needs cairo, and this tartan was built without it "
                     "(install cairo's development files and configure --with-cairo); "
                     "SVG is always available");
  return format;
}

std::unique_ptr<Painter> open_painter(PictureFormat format, std::FILE* out, double width,
                                      double height) {
  if (format == PictureFormat::svg) return open_svg_painter(out, width, height);
#if HAVE_CAIRO
  return open_cairo_painter(format, out, width, height);
#else
  throw UsageError("PNG and PDF output need cairo (configure --with-cairo)");
#endif
}

}  // namespace tartan_cli
