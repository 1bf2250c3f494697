// The colours of `tartan draw` (colours.hpp).
#include "tools/colours.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tartan_cli {

namespace {

// Anchors of the sequential scale, light (low) to dark (high).
const Rgb kScale[] = {{252, 255, 164}, {250, 193, 39}, {245, 125, 21},
                      {212, 72, 66},   {159, 42, 99},  {101, 21, 110}};
constexpr std::size_t kScaleAnchors = sizeof kScale / sizeof kScale[0];

const char* const kPalette[] = {"#1f78b4", "#e31a1c", "#33a02c", "#ff7f00",
                                "#6a3d9a", "#b15928", "#a6cee3", "#fb9a99",
                                "#b2df8a", "#fdbf6f", "#cab2d6", "#17becf"};
constexpr std::size_t kPaletteSize = sizeof kPalette / sizeof kPalette[0];

}  // namespace

std::string hex(const Rgb& c) {
  auto byte = [](double v) { return int(std::lround(std::clamp(v, 0.0, 255.0))); };
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "#%02x%02x%02x", byte(c.r), byte(c.g), byte(c.b));
  return buffer;
}

Rgb rgb_of(const std::string& colour) {
  auto digit = [&](std::size_t k) {
    const char c = colour[k];
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                          : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
  };
  const std::size_t length = colour.size();
  if ((length != 4 && length != 7) || colour[0] != '#') return {0, 0, 0};
  for (std::size_t k = 1; k < length; ++k)
    if (digit(k) < 0) return {0, 0, 0};
  if (length == 4) return {17.0 * digit(1), 17.0 * digit(2), 17.0 * digit(3)};
  return {16.0 * digit(1) + digit(2), 16.0 * digit(3) + digit(4), 16.0 * digit(5) + digit(6)};
}

const std::vector<Rgb>& scale_anchors() {
  static const std::vector<Rgb> anchors(kScale, kScale + kScaleAnchors);
  return anchors;
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
