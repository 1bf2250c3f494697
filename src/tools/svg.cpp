// SVG output and colours for `tartan draw` (svg.hpp).
#include "tools/svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tartan_cli {

namespace {

struct Rgb {
  double r, g, b;
};

std::string hex(const Rgb& c) {
  auto byte = [](double v) { return int(std::lround(std::clamp(v, 0.0, 255.0))); };
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "#%02x%02x%02x", byte(c.r), byte(c.g), byte(c.b));
  return buffer;
}

// Anchors of the sequential scale, light (low) to dark (high).
const Rgb kScale[] = {{252, 255, 164}, {250, 193, 39}, {245, 125, 21},
                      {212, 72, 66},   {159, 42, 99},  {101, 21, 110}};
constexpr std::size_t kScaleAnchors = sizeof kScale / sizeof kScale[0];

const char* const kPalette[] = {"#1f78b4", "#e31a1c", "#33a02c", "#ff7f00",
                                "#6a3d9a", "#b15928", "#a6cee3", "#fb9a99",
                                "#b2df8a", "#fdbf6f", "#cab2d6", "#17becf"};
constexpr std::size_t kPaletteSize = sizeof kPalette / sizeof kPalette[0];

}  // namespace

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
        // Control characters are not allowed in XML 1.0 text.
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\n' || c == '\t') out += c;
    }
  }
  return out;
}

void move_to(std::string& data, double x, double y) {
  data += 'M';
  data += number(x);
  data += ' ';
  data += number(y);
}

void line_to(std::string& data, double x, double y) {
  data += 'L';
  data += number(x);
  data += ' ';
  data += number(y);
}

SvgWriter::SvgWriter(std::FILE* out, double width, double height) : out_(out) {
  std::fprintf(out_,
               "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%s\" "
               "height=\"%s\" viewBox=\"0 0 %s %s\" font-family=\"sans-serif\">\n",
               number(width).c_str(), number(height).c_str(), number(width).c_str(),
               number(height).c_str());
  std::fprintf(out_, "<rect x=\"0\" y=\"0\" width=\"%s\" height=\"%s\" fill=\"#fff\"/>\n",
               number(width).c_str(), number(height).c_str());
}

void SvgWriter::finish() { std::fputs("</svg>\n", out_); }

void SvgWriter::rect(double x, double y, double w, double h, const std::string& fill,
                     const char* cls, const std::string& extra) {
  std::fprintf(out_, "<rect class=\"%s\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\"%s%s/>\n",
               cls, number(x).c_str(), number(y).c_str(), number(w).c_str(), number(h).c_str(),
               fill.c_str(), extra.empty() ? "" : " ", extra.c_str());
}

void SvgWriter::circle(double cx, double cy, double r, const std::string& fill, const char* cls,
                       const std::string& extra) {
  std::fprintf(out_, "<circle class=\"%s\" cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"%s\"%s%s/>\n", cls,
               number(cx).c_str(), number(cy).c_str(), number(r).c_str(), fill.c_str(),
               extra.empty() ? "" : " ", extra.c_str());
}

void SvgWriter::line(double x1, double y1, double x2, double y2, const std::string& stroke,
                     double width, const char* cls) {
  std::fprintf(out_,
               "<line class=\"%s\" x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"%s\" "
               "stroke-width=\"%s\"/>\n",
               cls, number(x1).c_str(), number(y1).c_str(), number(x2).c_str(),
               number(y2).c_str(), stroke.c_str(), number(width).c_str());
}

void SvgWriter::path(const std::string& data, const std::string& stroke, double width,
                     const char* cls) {
  if (data.empty()) return;
  std::fprintf(out_,
               "<path class=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"%s\" "
               "stroke-linecap=\"round\" d=\"",
               cls, stroke.c_str(), number(width).c_str());
  std::fwrite(data.data(), 1, data.size(), out_);
  std::fputs("\"/>\n", out_);
}

void SvgWriter::text(double x, double y, const std::string& content, double size,
                     const char* anchor, const std::string& fill, const std::string& extra) {
  std::fprintf(out_,
               "<text x=\"%s\" y=\"%s\" font-size=\"%s\" text-anchor=\"%s\" fill=\"%s\"%s%s>%s</text>\n",
               number(x).c_str(), number(y).c_str(), number(size).c_str(), anchor, fill.c_str(),
               extra.empty() ? "" : " ", extra.c_str(), escape_xml(content).c_str());
}

void SvgWriter::title(const std::string& content) {
  std::fprintf(out_, "<title>%s</title>\n", escape_xml(content).c_str());
}

void SvgWriter::open_group(const char* cls, const std::string& extra) {
  std::fprintf(out_, "<g class=\"%s\"%s%s>\n", cls, extra.empty() ? "" : " ", extra.c_str());
}

void SvgWriter::close_group() { std::fputs("</g>\n", out_); }

void SvgWriter::colour_bar(double x, double y, double w, double h, double low, double high,
                           const std::string& label) {
  const std::string id = "scale" + std::to_string(gradients_++);
  std::fprintf(out_, "<defs><linearGradient id=\"%s\" x1=\"0\" y1=\"1\" x2=\"0\" y2=\"0\">\n",
               id.c_str());
  for (std::size_t k = 0; k < kScaleAnchors; ++k) {
    const double t = double(k) / double(kScaleAnchors - 1);
    std::fprintf(out_, "<stop offset=\"%s\" stop-color=\"%s\"/>\n", number(t).c_str(),
                 hex(kScale[k]).c_str());
  }
  std::fputs("</linearGradient></defs>\n", out_);
  rect(x, y, w, h, "url(#" + id + ")", "colourbar", "stroke=\"#444\" stroke-width=\"0.5\"");
  text(x, y - 6, label, 11);
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.4g", high);
  text(x + w + 4, y + 9, buffer, 10);
  std::snprintf(buffer, sizeof buffer, "%.4g", low);
  text(x + w + 4, y + h, buffer, 10);
}

std::string palette_colour(std::size_t k) {
  if (k < kPaletteSize) return kPalette[k];
  // Golden-angle hues (137.5 degrees apart) at two lightness levels, converted to RGB.
  const double hue = std::fmod(double(k - kPaletteSize) * 137.508, 360.0) / 60.0;
  const double light = (k % 2 == 0) ? 0.45 : 0.62, sat = 0.65;
  const double chroma = (1 - std::fabs(2 * light - 1)) * sat;
  const double second = chroma * (1 - std::fabs(std::fmod(hue, 2.0) - 1));
  double r = 0, g = 0, b = 0;
  switch (int(hue)) {
    case 0: r = chroma; g = second; break;
    case 1: r = second; g = chroma; break;
    case 2: g = chroma; b = second; break;
    case 3: g = second; b = chroma; break;
    case 4: r = second; b = chroma; break;
    default: r = chroma; b = second; break;
  }
  const double m = light - chroma / 2;
  return hex({(r + m) * 255, (g + m) * 255, (b + m) * 255});
}

std::vector<std::size_t> colour_parts(std::size_t partnbr,
                                      std::vector<std::pair<std::int64_t, std::int64_t>> edges) {
  for (auto& edge : edges)
    if (edge.first > edge.second) std::swap(edge.first, edge.second);
  std::sort(edges.begin(), edges.end());
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  // Adjacency lists in CSR form.
  std::vector<std::size_t> start(partnbr + 1, 0), neighbours(2 * edges.size());
  for (const auto& edge : edges) {
    ++start[std::size_t(edge.first) + 1];
    ++start[std::size_t(edge.second) + 1];
  }
  for (std::size_t p = 0; p < partnbr; ++p) start[p + 1] += start[p];
  std::vector<std::size_t> fill(start.begin(), start.end() - 1);
  for (const auto& edge : edges) {
    neighbours[fill[std::size_t(edge.first)]++] = std::size_t(edge.second);
    neighbours[fill[std::size_t(edge.second)]++] = std::size_t(edge.first);
  }
  std::vector<std::size_t> order(partnbr);
  for (std::size_t p = 0; p < partnbr; ++p) order[p] = p;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return start[a + 1] - start[a] > start[b + 1] - start[b];
  });
  constexpr std::size_t kNone = ~std::size_t(0);
  // taken_by[c]: the last part that found colour c on a neighbour; uses[c]: parts coloured c.
  std::vector<std::size_t> colour(partnbr, kNone), taken_by(kPaletteSize, kNone),
      uses(kPaletteSize, 0);
  for (std::size_t part : order) {
    for (std::size_t k = start[part]; k < start[part + 1]; ++k) {
      const std::size_t c = colour[neighbours[k]];
      if (c != kNone) taken_by[c] = part;
    }
    // The least used free colour of the palette (smallest on ties), a new one if none is free.
    std::size_t best = kNone;
    for (std::size_t c = 0; c < uses.size(); ++c)
      if (taken_by[c] != part && (best == kNone || uses[c] < uses[best])) best = c;
    if (best == kNone) {
      best = uses.size();
      uses.push_back(0);
      taken_by.push_back(kNone);
    }
    colour[part] = best;
    ++uses[best];
  }
  return colour;
}

std::string scale_colour(double t) {
  if (!(t > 0)) t = 0;
  if (t > 1) t = 1;
  const double position = t * double(kScaleAnchors - 1);
  const auto k = std::min(std::size_t(position), kScaleAnchors - 2);
  const double f = position - double(k);
  const Rgb& a = kScale[k];
  const Rgb& b = kScale[k + 1];
  return hex({a.r + (b.r - a.r) * f, a.g + (b.g - a.g) * f, a.b + (b.b - a.b) * f});
}

}  // namespace tartan_cli
