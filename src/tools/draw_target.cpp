// `tartan draw target`: the machine behind a target, from its shape (TARTAN_archShape), as a
// picture (painter.hpp: SVG, PNG, PDF). Public API only.
//  - Meshes and tori: the grid of dimensions 0 (x, across) and 1 (y, down) as one panel, one
//    panel per slice of the further dimensions (z = 0, 1, ... for 3-D), side by side in rows.
//    Links join grid neighbours within a panel; a torus's wrap-around links are the lighter
//    stubs leaving the panel's borders. Links along dimensions 2 and up join equal positions of
//    neighbouring slices: diagonal stubs from each of their nodes (slice_direction).
//  - Hypercubes: a linear projection: dimensions 0 and 1 span a square, dimension 2 recedes
//    obliquely (a cube), each further dimension translates the drawing so far beside itself,
//    alternately across and down; links join nodes differing in one bit.
//  - Tree-leaf targets: the tree, root at the top, switches (inner nodes) as small dark squares,
//    terminals at the leaves, left to right.
//  - A sub target is drawn within the whole machine it restricts: its terminals coloured, the
//    other nodes pale grey. Targets without geometry whose network has switches (net targets,
//    deco 2) are drawn as that network by breadth-first levels; the others (complete graphs,
//    deco 0) show their terminals in number order in a square array.
// With GRAPH and MAP, each terminal is shaded by its load (the sum of the loads of the vertices
// mapped onto it) on a sequential scale, with a colour bar; on a target with links (network.hpp
// of the library: TARTAN_archLinks), each directed link is coloured and widened by its load
// (volume per unit of bandwidth, TARTAN_graphMapLinkLoads), with a second colour bar.
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "tartan.h"
#include "tools/cli_common.hpp"
#include "tools/draw.hpp"
#include "tools/colours.hpp"
#include "tools/painter.hpp"
#include "tools/tools.hpp"

namespace tartan_cli {

void load_target_argument(TARTAN_Arch* arch, const std::string& path);  // cmd_map.cpp

namespace {

constexpr double kMargin = 20, kArea = 800, kLegendWidth = 300;
// Largest machine drawn: nodes (terminals and switches) and links; beyond, the file would
// exceed ~10 MB and nobody could read the picture.
constexpr long long kNodesMax = 65536, kLinksMax = 300000;

struct Label {
  double x, y;
  std::string text;
};

struct Machine {
  std::vector<double> x, y;          // per node of the whole machine (terminal positions)
  double glyph = 10;                 // side or diameter of a node
  bool round = false;                // circles (hypercube) or squares
  Segments links, wrap_links;
  Segments slice_links;              // grids: stubs of the links between slices
  std::vector<double> sx, sy;        // switches (trees)
  std::vector<Label> labels;         // panel captions
  std::vector<long long> panel;      // grids: the panel of each node (empty: one picture)
  double cell = 0;                   // grids: the distance between neighbours
  std::vector<TARTAN_Num> dims;      // grids: the size of each dimension
  double width = 0, height = 0;      // extent, margins included
  std::vector<std::string> how;      // legend lines
};

// Links between slices of a grid (along a dimension d >= 2) join equal positions of two
// panels: each is drawn as a short stub leaving its tail node diagonally, as depth recedes in
// a cabinet oblique projection: for d = 2, 4, ... up and to the right towards the next slice,
// down and to the left towards the previous one; for d = 3, 5, ... up and to the left, down
// and to the right. The stub is kSliceStub grid steps long.
constexpr double kSliceStub = 0.6;

// The unit vector of the stub of the link from grid node a to grid node b, neighbours along a
// dimension d >= 2 of dims (a torus of size 2 along d: towards the next slice both ways).
void slice_direction(const std::vector<TARTAN_Num>& dims, long long a, long long b, double& ux,
                     double& uy) {
  std::size_t d = 0;
  long long xa = 0, xb = 0;
  for (; d < dims.size(); ++d, a /= dims[d - 1], b /= dims[d - 1]) {
    xa = a % dims[d];
    xb = b % dims[d];
    if (xa != xb) break;
  }
  ux = uy = 0;
  if (d == dims.size()) return;  // a and b are the same node: no direction
  const double sign = (xa + 1) % dims[d] == xb ? 1 : -1, unit = std::sqrt(0.5);
  ux = sign * (d % 2 == 0 ? unit : -unit);
  uy = -sign * unit;
}

void check_drawable(long long nodes, long long links) {
  if (nodes > kNodesMax || links > kLinksMax)
    throw InputError("the machine has " + std::to_string(nodes) + " nodes and " +
                     std::to_string(links) + " links: too large to draw (at most " +
                     std::to_string(kNodesMax) + " nodes and " + std::to_string(kLinksMax) +
                     " links)");
}

Machine grid_machine(const std::vector<TARTAN_Num>& dims, bool wrap) {
  const long long d0 = dims[0], d1 = dims.size() > 1 ? dims[1] : 1;
  long long panels = 1, nodes = 1;
  for (std::size_t d = 2; d < dims.size(); ++d) panels *= dims[d];
  for (TARTAN_Num size : dims) nodes *= size;
  check_drawable(nodes, 2 * nodes * (long long)dims.size());
  const auto columns = (long long)std::ceil(std::sqrt(double(panels)));
  const long long rows = (panels + columns - 1) / columns;
  const double gap = 1.5, caption = panels > 1 ? 16 : 0;
  const double s = std::clamp(
      kArea / std::max(double(columns * d0) + gap * double(columns - 1),
                       double(rows * d1) + gap * double(rows - 1)),
      3.0, 40.0);
  Machine m;
  m.glyph = (dims.size() > 2 ? 0.6 : 1) * 0.8 * s;  // with slices, room for their stubs
  m.dims = dims;
  m.x.resize(std::size_t(nodes));
  m.y.resize(std::size_t(nodes));
  auto origin_x = [&](long long panel) { return kMargin + double(panel % columns) * (double(d0) + gap) * s; };
  auto origin_y = [&](long long panel) {
    return kMargin + caption + double(panel / columns) * ((double(d1) + gap) * s + caption);
  };
  m.cell = s;
  m.panel.resize(std::size_t(nodes));
  for (long long node = 0; node < nodes; ++node) {
    const long long x0 = node % d0, x1 = (node / d0) % d1, panel = node / (d0 * d1);
    m.x[std::size_t(node)] = origin_x(panel) + (double(x0) + 0.5) * s;
    m.y[std::size_t(node)] = origin_y(panel) + (double(x1) + 0.5) * s;
    m.panel[std::size_t(node)] = panel;
  }
  for (long long node = 0; node < nodes; ++node) {
    const long long x0 = node % d0, x1 = (node / d0) % d1;
    const double x = m.x[std::size_t(node)], y = m.y[std::size_t(node)];
    if (x0 + 1 < d0) {
      m.links.add(x, y, m.x[std::size_t(node + 1)], y);
    }
    if (x1 + 1 < d1) {
      m.links.add(x, y, x, m.y[std::size_t(node + d0)]);
    }
    if (wrap && d0 > 2 && (x0 == 0 || x0 + 1 == d0)) {
      m.wrap_links.add(x, y, x + (x0 == 0 ? -0.75 : 0.75) * s, y);
    }
    if (wrap && d1 > 2 && (x1 == 0 || x1 + 1 == d1)) {
      m.wrap_links.add(x, y, x, y + (x1 == 0 ? -0.75 : 0.75) * s);
    }
    long long stride = d0 * d1, rest = node / stride;
    for (std::size_t d = 2; d < dims.size(); stride *= dims[d], rest /= dims[d], ++d) {
      const long long xd = rest % dims[d];
      double ux = 0, uy = 0;
      if (xd + 1 < dims[d] || (wrap && dims[d] > 2)) {
        slice_direction(dims, node, node + ((xd + 1) % dims[d] - xd) * stride, ux, uy);
        m.slice_links.add(x, y, x + ux * kSliceStub * s, y + uy * kSliceStub * s);
      }
      if (xd > 0 || (wrap && dims[d] > 2)) {
        slice_direction(dims, node, node + ((xd + dims[d] - 1) % dims[d] - xd) * stride, ux, uy);
        m.slice_links.add(x, y, x + ux * kSliceStub * s, y + uy * kSliceStub * s);
      }
    }
  }
  for (long long panel = 0; panels > 1 && panel < panels; ++panel) {
    std::string text = dims.size() == 3 ? "z = " : "(";
    for (std::size_t d = 2, rest = std::size_t(panel); d < dims.size(); ++d) {
      text += (d > 2 ? "," : "") + std::to_string(rest % std::size_t(dims[d]));
      rest /= std::size_t(dims[d]);
    }
    if (dims.size() > 3) text += ")";
    m.labels.push_back({origin_x(panel), origin_y(panel) - 5, text});
  }
  m.width = 2 * kMargin + (double(columns * d0) + gap * double(columns - 1)) * s;
  m.height = 2 * kMargin + double(rows) * (double(d1) * s + caption) + gap * s * double(rows - 1);
  m.how = {std::string(wrap ? "torus" : "mesh") + ": x across, y down"};
  if (dims.size() > 2) {
    m.how.push_back("one panel per slice of the further dimensions;");
    m.how.push_back(dims.size() == 3 ? "links between slices: diagonal stubs, up-right to z+1,"
                                     : "links between slices: diagonal stubs, up to the next");
    m.how.push_back(dims.size() == 3 ? "down-left to z-1"
                                     : "slice (right: dims 2, 4, ...; left: 3, 5, ...)");
  }
  if (wrap) m.how.push_back("stubs at the borders: wrap-around links");
  return m;
}

Machine hypercube_machine(std::size_t dimnbr) {
  const long long nodes = 1LL << dimnbr;
  check_drawable(nodes, nodes * (long long)dimnbr / 2);
  std::vector<double> vx(dimnbr), vy(dimnbr);
  double width = 0, height = 0;
  for (std::size_t d = 0; d < dimnbr; ++d) {
    if (d == 0) {
      vx[d] = 1;
      width = 1;
    } else if (d == 1) {
      vy[d] = 1;
      height = 1;
    } else if (d == 2) {
      vx[d] = 0.45;
      vy[d] = -0.3;  // receding up and to the right
      width += 0.45;
      height += 0.3;
    } else if (d % 2 == 1) {
      vx[d] = width + 0.8;
      width = 2 * width + 0.8;
    } else {
      vy[d] = height + 0.8;
      height = 2 * height + 0.8;
    }
  }
  const double scale = kArea / std::max({width, height, 1.0});
  const double top = dimnbr > 2 ? 0.3 : 0.0;
  Machine m;
  m.round = true;
  m.glyph = std::clamp(0.3 * scale, 4.0, 24.0);
  m.x.resize(std::size_t(nodes));
  m.y.resize(std::size_t(nodes));
  for (long long node = 0; node < nodes; ++node) {
    double x = 0, y = top;
    for (std::size_t d = 0; d < dimnbr; ++d)
      if ((node >> d) & 1) {
        x += vx[d];
        y += vy[d];
      }
    m.x[std::size_t(node)] = kMargin + m.glyph + x * scale;
    m.y[std::size_t(node)] = kMargin + m.glyph + y * scale;
  }
  for (long long node = 0; node < nodes; ++node)
    for (std::size_t d = 0; d < dimnbr; ++d)
      if (((node >> d) & 1) == 0) {
        m.links.add(m.x[std::size_t(node)], m.y[std::size_t(node)],
                     m.x[std::size_t(node | (1LL << d))], m.y[std::size_t(node | (1LL << d))]);
      }
  m.width = 2 * (kMargin + m.glyph) + std::max(width, 1.0) * scale;
  m.height = 2 * (kMargin + m.glyph) + std::max(height, 1.0) * scale;
  m.how = {"hypercube: bit 0 across, bit 1 down, bit 2 oblique,",
           "further bits: copies side by side"};
  return m;
}

Machine tree_machine(const std::vector<TARTAN_Num>& arity, long long leaves) {
  const std::size_t levels = arity.size();
  std::vector<long long> below(levels + 1, 1);
  for (std::size_t d = levels; d-- > 0;) below[d] = below[d + 1] * arity[d];
  long long inner = 0;
  for (std::size_t d = 0; d < levels; ++d) inner += leaves / below[d];
  check_drawable(inner + leaves, inner + leaves - 1);
  const double sx = std::clamp(kArea / double(leaves), 2.0, 36.0);
  const double sy = std::clamp(0.6 * kArea / double(std::max<std::size_t>(levels, 1)), 24.0, 90.0);
  Machine m;
  m.glyph = std::min(0.8 * sx, 24.0);
  m.x.resize(std::size_t(leaves));
  m.y.resize(std::size_t(leaves));
  auto node_x = [&](std::size_t depth, long long j) {
    return kMargin + (double(j * below[depth]) + double(below[depth]) / 2) * sx;
  };
  auto node_y = [&](std::size_t depth) { return kMargin + 6 + double(depth) * sy; };
  for (std::size_t depth = 0; depth <= levels; ++depth) {
    const long long count = leaves / below[depth];
    for (long long j = 0; j < count; ++j) {
      const double x = node_x(depth, j), y = node_y(depth);
      if (depth < levels) {
        m.sx.push_back(x);
        m.sy.push_back(y);
      } else {
        m.x[std::size_t(j)] = x;
        m.y[std::size_t(j)] = y;
      }
      if (depth > 0) {
        m.links.add(node_x(depth - 1, j / arity[depth - 1]), node_y(depth - 1), x, y);
      }
    }
  }
  m.width = 2 * kMargin + double(leaves) * sx;
  m.height = 2 * kMargin + 6 + double(levels) * sy + m.glyph;
  m.how = {"tree: root at the top, switches as dark squares,", "terminals at the leaves"};
  return m;
}

Machine plain_machine(long long nodes) {
  check_drawable(nodes, 0);
  const auto columns = std::max(1LL, (long long)std::ceil(std::sqrt(double(nodes))));
  const long long rows = (nodes + columns - 1) / columns;
  const double s = std::clamp(kArea / double(columns), 3.0, 40.0);
  Machine m;
  m.glyph = 0.8 * s;
  for (long long node = 0; node < nodes; ++node) {
    m.x.push_back(kMargin + (double(node % columns) + 0.5) * s);
    m.y.push_back(kMargin + (double(node / columns) + 0.5) * s);
  }
  m.width = 2 * kMargin + double(columns) * s;
  m.height = 2 * kMargin + double(rows) * s;
  m.how = {"no geometry: terminals in number order, row by row"};
  return m;
}

// The network links of a mapped target (TARTAN_archLinks, TARTAN_graphMapLinkLoads) and the
// place of their ends (TARTAN_archNodePlaces).
struct Links {
  TARTAN_Num linknbr = 0;  // 0: none drawn (no links, or no place for their nodes)
  std::vector<TARTAN_Num> src, dst, place;
  std::vector<double> bandwidth, volume;
  double max_congestion = 0;
  std::string note;      // why there are none
};

// identity: nodes are their own places (the network layout); otherwise TARTAN_archNodePlaces.
Links read_links(const TARTAN_Graph* graph, const TARTAN_Arch* arch,
                 std::vector<TARTAN_Num>& parttab, const std::string& target_path, bool identity) {
  Links links;
  TARTAN_Num nodes = 0, linknbr = 0;
  if (TARTAN_archLinkCount(arch, &nodes, &linknbr) != TARTAN_OK) {
    links.note = "no link loads: " + std::string(TARTAN_errorMessage());
    return links;
  }
  if (linknbr > 2 * kLinksMax) {
    links.note = "no link loads: " + std::to_string(linknbr) + " links, too many to draw";
    return links;
  }
  links.place.resize(std::size_t(nodes));
  for (TARTAN_Num v = 0; v < nodes; ++v) links.place[std::size_t(v)] = v;
  if (!identity && TARTAN_archNodePlaces(arch, links.place.data()) != TARTAN_OK) {
    links.note = "no link loads: " + std::string(TARTAN_errorMessage());
    return links;
  }
  const auto count = std::size_t(linknbr);
  links.src.resize(count);
  links.dst.resize(count);
  links.bandwidth.resize(count);
  links.volume.resize(count);
  check_call(TARTAN_archLinks(arch, links.src.data(), links.dst.data(), links.bandwidth.data()),
             target_path);
  TARTAN_Mapping mapping;
  check_call(TARTAN_graphMapInit(graph, &mapping, arch, parttab.data()), "mapping");
  const int code = TARTAN_graphMapLinkLoads(graph, &mapping, links.volume.data(), nullptr);
  TARTAN_graphMapExit(graph, &mapping);
  check_call(code, "link loads");
  for (std::size_t i = 0; i < count; ++i)
    links.max_congestion = std::max(links.max_congestion, links.volume[i] / links.bandwidth[i]);
  links.linknbr = linknbr;
  return links;
}

// Each directed link as a line on the right-hand side of its direction (so that a->b and b->a
// lie side by side), coloured and widened by its volume per unit of bandwidth; unloaded links
// thin and grey. Within a grid panel, a link longer than one step is a wrap-around link: a stub
// leaves its tail away from its head. A link between panels (slices) is a diagonal stub from
// its tail (slice_direction).
void draw_links(Painter& paint, const Machine& m, TARTAN_Num nodenbr, const Links& links,
                double width) {
  auto x_of = [&](TARTAN_Num place) {
    return place < nodenbr ? m.x[std::size_t(place)] : m.sx[std::size_t(place - nodenbr)];
  };
  auto y_of = [&](TARTAN_Num place) {
    return place < nodenbr ? m.y[std::size_t(place)] : m.sy[std::size_t(place - nodenbr)];
  };
  paint.open_group("links");
  for (std::size_t i = 0; i < std::size_t(links.linknbr); ++i) {
    const TARTAN_Num p = links.place[std::size_t(links.src[i])], q = links.place[std::size_t(links.dst[i])];
    const double congestion = links.volume[i] / links.bandwidth[i];
    const double t = links.max_congestion > 0 ? congestion / links.max_congestion : 0;
    const double w = congestion > 0 ? width * (0.8 + 2.2 * t) : width * 0.6;
    const std::string colour = congestion > 0 ? scale_colour(t) : "#cccccc";
    if (!m.panel.empty() && m.panel[std::size_t(p)] != m.panel[std::size_t(q)]) {
      double ux = 0, uy = 0;
      slice_direction(m.dims, p, q, ux, uy);
      const double x = x_of(p), y = y_of(p), length = kSliceStub * m.cell;
      paint.line(x, y, x + ux * length, y + uy * length, colour, w, "slice-link");
      continue;
    }
    double x1 = x_of(p), y1 = y_of(p), x2 = x_of(q), y2 = y_of(q);
    const double dx = x2 - x1, dy = y2 - y1, length = std::max(std::hypot(dx, dy), 1e-9);
    if (!m.panel.empty() && length > 1.5 * m.cell) {  // wrap-around: a stub out of the panel
      x2 = x1 - dx / length * 0.75 * m.cell;
      y2 = y1 - dy / length * 0.75 * m.cell;
    }
    const double off = std::max(w * 0.6, m.glyph * 0.08);
    const double ox = -dy / length * off, oy = dx / length * off;  // right of the direction
    paint.line(x1 + ox, y1 + oy, x2 + ox, y2 + oy, colour, w, "link");
  }
  paint.close_group();
}

// Targets whose network has switches but no geometry (net targets, deco 2): every node by
// breadth-first levels over the links, each component from its node of highest degree (ties:
// the smaller node), level down and rank across; terminals as squares, switches as dark
// squares. O(nodes log nodes + links).
Machine network_machine(const TARTAN_Arch* arch, TARTAN_Num size, TARTAN_Num nodes,
                        TARTAN_Num linknbr, const std::string& target_path) {
  check_drawable(nodes, linknbr / 2);
  std::vector<TARTAN_Num> src(static_cast<std::size_t>(linknbr)), dst(src.size());
  check_call(TARTAN_archLinks(arch, src.data(), dst.data(), nullptr), target_path);
  const auto n = std::size_t(nodes);
  std::vector<std::size_t> start(n + 1, 0), neighbours(src.size());
  for (TARTAN_Num a : src) ++start[std::size_t(a) + 1];
  for (std::size_t v = 0; v < n; ++v) start[v + 1] += start[v];
  std::vector<std::size_t> fill(start.begin(), start.end() - 1);
  for (std::size_t i = 0; i < src.size(); ++i) neighbours[fill[std::size_t(src[i])]++] = std::size_t(dst[i]);
  // Roots by decreasing degree (ties: smaller node), so that hubs (switches) come out on top.
  std::vector<std::size_t> roots(n);
  for (std::size_t v = 0; v < n; ++v) roots[v] = v;
  std::stable_sort(roots.begin(), roots.end(), [&](std::size_t a, std::size_t b) {
    return start[a + 1] - start[a] > start[b + 1] - start[b];
  });
  const BfsLevels bfs = bfs_levels(n, roots, [&](std::size_t v, auto visit) {
    for (std::size_t k = start[v]; k < start[v + 1]; ++k) visit(neighbours[k]);
  });
  // Components side by side, each as wide as its widest level, with one node of gap.
  std::vector<long long> first(bfs.breadth.size() + 1, 0);
  for (std::size_t c = 0; c < bfs.breadth.size(); ++c) first[c + 1] = first[c] + (long long)bfs.breadth[c] + 1;
  const long long offset = first.back();
  long long depth = 0;
  for (std::size_t d : bfs.depth) depth = std::max(depth, (long long)d);
  std::vector<long long> level(n), rank(n);
  for (std::size_t v = 0; v < n; ++v) {
    level[v] = (long long)bfs.level[v];
    rank[v] = first[bfs.component[v]] + (long long)bfs.rank[v];
  }
  const double sx = std::clamp(kArea / double(std::max(offset, 1LL)), 3.0, 60.0);
  const double sy = std::clamp(0.6 * kArea / double(std::max(depth, 1LL)), 24.0, 90.0);
  Machine m;
  m.glyph = std::min(0.6 * sx, 24.0);
  for (std::size_t v = 0; v < n; ++v) {
    const double x = kMargin + (double(rank[v]) + 0.5) * sx, y = kMargin + 6 + double(level[v]) * sy;
    if (TARTAN_Num(v) < size) {
      m.x.push_back(x);
      m.y.push_back(y);
    } else {
      m.sx.push_back(x);
      m.sy.push_back(y);
    }
  }
  auto x_of = [&](TARTAN_Num v) { return v < size ? m.x[std::size_t(v)] : m.sx[std::size_t(v - size)]; };
  auto y_of = [&](TARTAN_Num v) { return v < size ? m.y[std::size_t(v)] : m.sy[std::size_t(v - size)]; };
  for (std::size_t i = 0; i < src.size(); ++i)
    if (src[i] < dst[i]) {
      m.links.add(x_of(src[i]), y_of(src[i]), x_of(dst[i]), y_of(dst[i]));
    }
  m.width = 2 * kMargin + double(offset) * sx;
  m.height = 2 * kMargin + 6 + double(depth) * sy;
  m.how = {"network: breadth-first levels down from the node", "of highest degree; switches as dark squares"};
  return m;
}

const CommandSpec kDrawTargetSpec = {
    "draw target",
    "TARGET [GRAPH MAP]",
    "draw the machine behind a target, terminals shaded by load",
    "Draws TARGET (a target file or 'hwloc') as SVG, PNG or PDF (by FILE's suffix or --format;\n"
    "PNG and PDF need a tartan built with cairo): meshes and tori as grids (one panel per\n"
    "slice beyond the second dimension, wrap-around links as stubs, links between slices as\n"
    "diagonal stubs: up-right to the next slice, down-left to the previous), hypercubes projected\n"
    "(bits 0 and 1 a square, bit 2 oblique, further bits side by side), tree-leaf targets as\n"
    "trees with their switches, a sub target within the whole machine (the other nodes pale\n"
    "grey), networks with switches (net targets) by breadth-first levels, other targets\n"
    "without geometry as an array of terminals in number order. With GRAPH and\n"
    "MAP (a mapping of GRAPH onto TARGET), terminals are shaded by load (the sum of the loads of\n"
    "their vertices) and, on targets with links, each directed link is coloured and widened by\n"
    "its load (volume per unit of bandwidth along the static routes), with colour bars.\n"
    "Machines above 65536 nodes or 300000 links are refused.",
    {{'o', "output", "FILE", "write the picture to FILE (default: standard output)"},
     {'f', "format", "FORMAT", "svg, png or pdf (default: by FILE's suffix, else svg)"}},
    1,
    3};

using ArchHandle = Handle<TARTAN_Arch, TARTAN_archInit, TARTAN_archExit>;

}  // namespace

int run_draw_target(int argc, char** argv) {
  const auto parsed = parse_command(kDrawTargetSpec, argc, argv);
  if (!parsed) return kExitOk;
  const std::vector<std::string>& args = parsed->args();
  if (args.size() == 2) throw UsageError("give both GRAPH and MAP, or neither");
  const std::string output = parsed->value("output", "-");
  const PictureFormat format = picture_format(output, parsed->value("format", ""));
  const std::string target_path = args[0];
  ArchHandle arch;
  load_target_argument(arch.get(), target_path);
  if (TARTAN_archVar(arch.get()) == 1)
    throw InputError(target_path + ": a variable-sized target (" +
                     std::string(TARTAN_archName(arch.get())) + ") has no terminals to draw");
  const TARTAN_Num size = TARTAN_archSize(arch.get());
  int shape = TARTAN_ARCHSHAPE_NONE;
  TARTAN_Num dimnbr = 0, nodenbr = 0;
  check_call(TARTAN_archShape(arch.get(), &shape, &dimnbr, nullptr, &nodenbr, nullptr), target_path);
  check_drawable(std::max<long long>(size, nodenbr), 0);  // before any array of that size
  std::vector<TARTAN_Num> dims(static_cast<std::size_t>(dimnbr)), place(static_cast<std::size_t>(size));
  check_call(TARTAN_archShape(arch.get(), &shape, &dimnbr, dims.data(), &nodenbr, place.data()),
             target_path);

  // A target without geometry whose network has switches is drawn as that network.
  TARTAN_Num network_nodes = 0, linknbr = 0;
  const bool network = shape == TARTAN_ARCHSHAPE_NONE &&
                       TARTAN_archLinkCount(arch.get(), &network_nodes, &linknbr) == TARTAN_OK &&
                       network_nodes > size;
  Machine m = shape == TARTAN_ARCHSHAPE_MESH || shape == TARTAN_ARCHSHAPE_TORUS
                  ? grid_machine(dims, shape == TARTAN_ARCHSHAPE_TORUS)
              : shape == TARTAN_ARCHSHAPE_HCUB ? hypercube_machine(dims.size())
              : shape == TARTAN_ARCHSHAPE_TREE ? tree_machine(dims, nodenbr)
              : network ? network_machine(arch.get(), size, network_nodes, linknbr, target_path)
                        : plain_machine(nodenbr);
  std::vector<TARTAN_Num> terminal_of(std::size_t(nodenbr), -1);
  for (TARTAN_Num t = 0; t < size; ++t) terminal_of[std::size_t(place[std::size_t(t)])] = t;

  // Terminal loads of the mapping, if one is given, and its link loads when the target has
  // links whose nodes have places in the drawing.
  std::vector<long long> load;
  long long load_max = 0, load_sum = 0;
  Links links;
  GraphHandle graph;
  if (args.size() == 3) {
    read_graph(graph.get(), args[1], graph_format_of(args[1]));
    std::vector<TARTAN_Num> parttab =
        read_complete_mapping(graph.get(), arch.get(), args[1], args[2]);
    const GraphView view(graph.get());
    load.assign(std::size_t(size), 0);
    for (TARTAN_Num v = 0; v < view.vertnbr; ++v) load[std::size_t(parttab[std::size_t(v)])] += view.load(v);
    for (long long l : load) {
      load_max = std::max(load_max, l);
      load_sum += l;
    }
    if (shape != TARTAN_ARCHSHAPE_NONE || network)
      links = read_links(graph.get(), arch.get(), parttab, target_path, network);
    else
      links.note = "links not drawn: this kind has no geometry";
    // Room for the two directions of each link (3-D grids have made room for their stubs).
    if (links.linknbr > 0 && !m.panel.empty() && m.dims.size() <= 2) m.glyph *= 0.6;
  }
  OutputFile out(output);
  const std::unique_ptr<Painter> painter =
      open_painter(format, out.get(), m.width + kMargin + kLegendWidth, std::max(m.height, 300.0));
  Painter& paint = *painter;
  paint.title(target_path + (load.empty() ? "" : " with the loads of " + args[2]));
  const double link_width = std::clamp(m.glyph / 6, 0.4, 2.5);
  if (links.linknbr == 0) {
    paint.segments(m.links, "#888", link_width, "links");
    paint.segments(m.wrap_links, "#bbb", link_width, "wrap-links");
    paint.segments(m.slice_links, "#888", link_width, "slice-links");
  } else {
    draw_links(paint, m, nodenbr, links, link_width);
  }
  paint.open_group("switches");
  for (std::size_t k = 0; k < m.sx.size(); ++k) {
    const double side = std::clamp(m.glyph * 0.5, 3.0, 10.0);
    paint.rect(m.sx[k] - side / 2, m.sy[k] - side / 2, side, side, "#333", "switch");
  }
  paint.close_group();
  for (const Label& label : m.labels) paint.text(label.x, label.y, label.text, 11);
  paint.open_group("nodes");
  const double g = m.glyph;
  for (std::size_t node = 0; node < terminal_of.size(); ++node) {
    const TARTAN_Num t = terminal_of[node];
    const std::string fill =
        t < 0 ? "#eeeeee"
              : load.empty() ? "#4e79a7"
                             : scale_colour(load_max > 0 ? double(load[std::size_t(t)]) / double(load_max) : 0);
    const char* cls = t < 0 ? "idle" : "term";
    const Outline outline{t < 0 ? "#bbb" : "#333", 0.5};
    if (m.round)
      paint.circle(m.x[node], m.y[node], g / 2, fill, cls, outline);
    else
      paint.rect(m.x[node] - g / 2, m.y[node] - g / 2, g, g, fill, cls, outline);
    if (t >= 0 && g >= 16)
      paint.text(m.x[node], m.y[node] + 3.5, std::to_string(t), std::min(10.0, g / 2.2),
                 Anchor::middle,
                 load.empty() || double(load[std::size_t(t)]) > 0.6 * double(load_max) ? "#fff" : "#000");
  }
  paint.close_group();

  const double x = m.width + kMargin;
  double y = kMargin + 4;
  std::vector<std::string> lines = {
      base_name(target_path) + ": " + TARTAN_archName(arch.get()) + ", " + std::to_string(size) +
      " terminals"};
  if (size < nodenbr)
    lines.push_back(std::to_string(nodenbr - size) + " nodes of the whole machine unused (grey)");
  lines.insert(lines.end(), m.how.begin(), m.how.end());
  for (const std::string& line : lines) {
    paint.text(x, y, line, 11);
    y += 15;
  }
  if (!load.empty()) {
    y += 5;
    paint.text(x, y, base_name(args[2]) + ": load per terminal", 11);
    y += 15;
    paint.text(x, y, "max " + std::to_string(load_max) + ", average " +
                         number(double(load_sum) / double(std::max<TARTAN_Num>(size, 1))), 11);
    if (links.linknbr > 0) {
      paint.text(x, y + 15, "links: colour and width by volume / bandwidth", 11);
      paint.text(x, y + 30, "(each direction on its own side; max " + number(links.max_congestion) + ")", 11);
      y += 30;
    } else if (!links.note.empty()) {
      paint.text(x, y + 15, links.note, 11);
      y += 15;
    }
    y += 30;
    paint.colour_bar(x, y, 16, 160, 0, double(load_max), "terminal load");
    if (links.linknbr > 0) paint.colour_bar(x + 110, y, 16, 160, 0, links.max_congestion, "link load");
  }
  paint.finish();
  out.close();
  return kExitOk;
}

}  // namespace tartan_cli
