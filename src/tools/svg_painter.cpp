// The SVG back end of the painter (painter.hpp): SVG 1.1 text, valid XML (text is escaped,
// numbers are written in the C locale with two decimals at most).
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

#include "tools/colours.hpp"
#include "tools/painter.hpp"

namespace tartan_cli {

std::string number(double value) {
  if (!std::isfinite(value)) value = 0;
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.2f", value);  // the C locale: the tools never set one
  std::string text = buffer;
  while (!text.empty() && text.back() == '0') text.pop_back();
  if (!text.empty() && text.back() == '.') text.pop_back();
  if (text == "-0") text = "0";
  return text;
}

namespace {

// XML text with &, <, > and quotes escaped; control characters (not allowed in XML 1.0) left
// out.
std::string escape_xml(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\n' || c == '\t') out += c;
    }
  }
  return out;
}

std::string outline_attributes(const Outline& outline) {
  if (!(outline.width > 0)) return "";
  return " stroke=\"" + outline.colour + "\" stroke-width=\"" + number(outline.width) + "\"";
}

class SvgPainter final : public Painter {
 public:
  // Writes the XML declaration and the opening <svg> of a width x height picture on a white
  // background.
  SvgPainter(std::FILE* out, double width, double height) : out_(out) {
    std::fprintf(out_,
                 "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                 "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%s\" "
                 "height=\"%s\" viewBox=\"0 0 %s %s\" font-family=\"sans-serif\">\n",
                 number(width).c_str(), number(height).c_str(), number(width).c_str(),
                 number(height).c_str());
    std::fprintf(out_, "<rect x=\"0\" y=\"0\" width=\"%s\" height=\"%s\" fill=\"#fff\"/>\n",
                 number(width).c_str(), number(height).c_str());
  }

  void rect(double x, double y, double w, double h, const std::string& fill, const char* cls,
            const Outline& outline) override {
    std::fprintf(out_, "<rect class=\"%s\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\"%s/>\n",
                 cls, number(x).c_str(), number(y).c_str(), number(w).c_str(),
                 number(h).c_str(), fill.c_str(), outline_attributes(outline).c_str());
  }

  void circle(double cx, double cy, double r, const std::string& fill, const char* cls,
              const Outline& outline) override {
    std::fprintf(out_, "<circle class=\"%s\" cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"%s\"%s/>\n", cls,
                 number(cx).c_str(), number(cy).c_str(), number(r).c_str(), fill.c_str(),
                 outline_attributes(outline).c_str());
  }

  void line(double x1, double y1, double x2, double y2, const std::string& stroke, double width,
            const char* cls) override {
    std::fprintf(out_,
                 "<line class=\"%s\" x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"%s\" "
                 "stroke-width=\"%s\"/>\n",
                 cls, number(x1).c_str(), number(y1).c_str(), number(x2).c_str(),
                 number(y2).c_str(), stroke.c_str(), number(width).c_str());
  }

  void segments(const Segments& segments, const std::string& stroke, double width,
                const char* cls) override {
    if (segments.empty()) return;
    std::fprintf(out_,
                 "<path class=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"%s\" "
                 "stroke-linecap=\"round\" d=\"",
                 cls, stroke.c_str(), number(width).c_str());
    std::string data;
    const double* xy = segments.data();
    for (std::size_t k = 0; k < segments.size(); ++k, xy += 4) {
      data.clear();
      data += 'M';
      data += number(xy[0]);
      data += ' ';
      data += number(xy[1]);
      data += 'L';
      data += number(xy[2]);
      data += ' ';
      data += number(xy[3]);
      std::fwrite(data.data(), 1, data.size(), out_);
    }
    std::fputs("\"/>\n", out_);
  }

  void text(double x, double y, const std::string& content, double size, Anchor anchor,
            const std::string& fill, bool halo) override {
    std::fprintf(out_,
                 "<text x=\"%s\" y=\"%s\" font-size=\"%s\" text-anchor=\"%s\" fill=\"%s\"%s>%s</text>\n",
                 number(x).c_str(), number(y).c_str(), number(size).c_str(),
                 anchor == Anchor::middle ? "middle" : "start", fill.c_str(),
                 halo ? " stroke=\"#fff\" stroke-width=\"2.5\" paint-order=\"stroke\"" : "",
                 escape_xml(content).c_str());
  }

  void title(const std::string& content) override {
    std::fprintf(out_, "<title>%s</title>\n", escape_xml(content).c_str());
  }

  void open_group(const char* cls, bool crisp) override {
    std::fprintf(out_, "<g class=\"%s\"%s>\n", cls, crisp ? " shape-rendering=\"crispEdges\"" : "");
  }

  void close_group() override { std::fputs("</g>\n", out_); }

  void scale_ramp(double x, double y, double w, double h, const char* cls) override {
    const std::string id = "scale" + std::to_string(gradients_++);
    std::fprintf(out_, "<defs><linearGradient id=\"%s\" x1=\"0\" y1=\"1\" x2=\"0\" y2=\"0\">\n",
                 id.c_str());
    const std::vector<Rgb>& anchors = scale_anchors();
    for (std::size_t k = 0; k < anchors.size(); ++k) {
      const double t = double(k) / double(anchors.size() - 1);
      std::fprintf(out_, "<stop offset=\"%s\" stop-color=\"%s\"/>\n", number(t).c_str(),
                   hex(anchors[k]).c_str());
    }
    std::fputs("</linearGradient></defs>\n", out_);
    rect(x, y, w, h, "url(#" + id + ")", cls, {"#444", 0.5});
  }

  void finish() override { std::fputs("</svg>\n", out_); }

 private:
  std::FILE* out_;
  int gradients_ = 0;
};

}  // namespace

std::unique_ptr<Painter> open_svg_painter(std::FILE* out, double width, double height) {
  return std::make_unique<SvgPainter>(out, width, height);
}

}  // namespace tartan_cli
