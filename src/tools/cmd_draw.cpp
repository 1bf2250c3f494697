// `tartan draw`: pictures of a mapping, drawn through a Painter (painter.hpp: SVG, or PNG and
// PDF through cairo). `draw graph` shows the source graph at its coordinates with its vertices
// coloured by terminal; `draw target` (draw_target.cpp) shows the machine. Public API only.
//
// draw graph, in linear time in the graph's size:
//  - Coordinates come from a SCOTCH .xyz file (-g); 3-D points are drawn in the cabinet oblique
//    projection X = x + z/2·cos 45°, Y = y + z/2·sin 45° (depth halved, receding up and to the
//    right). Without -g, vertices are laid out by breadth-first levels: each connected
//    component (in the order of its smallest vertex) is searched from its smallest vertex,
//    X is the level and Y the rank within the level, centred; components sit side by side.
//  - Parts (the vertices of one terminal) are coloured by a greedy colouring of the parts'
//    adjacency (colours.hpp), so that parts joined by an edge never share a colour; cut edges are
//    thick and dark, the others thin and grey; part numbers are written at the parts' centres.
//  - Above --aggregate vertices (default 10000) or five times as many edges, the picture is
//    aggregated: the drawing area is divided into 256 cells along its longer side, each cell
//    takes the colour of the part holding most of its vertices (a Boyer-Moore majority vote:
//    the majority part when there is one) and the cut edges are drawn between the centres of
//    their ends' cells, each pair of cells once. One rectangle per run of equal cells in a row:
//    the file stays below a few megabytes whatever the graph's size.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "tartan.h"
#include "tools/cli_common.hpp"
#include "tools/draw.hpp"
#include "tools/colours.hpp"
#include "tools/painter.hpp"
#include "tools/tools.hpp"

namespace tartan_cli {

void load_target_argument(TARTAN_Arch* arch, const std::string& path);  // cmd_map.cpp

GraphView::GraphView(const TARTAN_Graph* graph) {
  TARTAN_Num *vert = nullptr, *vend = nullptr, *velo = nullptr, *vlbl = nullptr, *edge = nullptr,
             *edlo = nullptr;
  TARTAN_graphData(graph, &baseval, &vertnbr, &vert, &vend, &velo, &vlbl, &edgenbr, &edge, &edlo);
  verttab = vert;
  vendtab = vend != nullptr ? vend : vert + 1;
  velotab = velo;
  vlbltab = vlbl;
  edgetab = edge;
  edlotab = edlo;
}

std::string base_name(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::vector<TARTAN_Num> read_complete_mapping(const TARTAN_Graph* graph, const TARTAN_Arch* arch,
                                              const std::string& graph_path,
                                              const std::string& map_path) {
  using ArchHandle = Handle<TARTAN_Arch, TARTAN_archInit, TARTAN_archExit>;
  ArchHandle any_terminal;  // without a target, every terminal number is acceptable
  if (arch == nullptr) {
    check_call(TARTAN_archCmplt(any_terminal.get(), TARTAN_NUMMAX), "mapping");
    arch = any_terminal.get();
  }
  GraphView view(graph);
  std::vector<TARTAN_Num> parttab(std::size_t(view.vertnbr), -1);
  TARTAN_Mapping mapping;
  check_call(TARTAN_graphMapInit(graph, &mapping, arch, parttab.data()), "mapping");
  const int code = TARTAN_graphMapLoadPath(graph, &mapping, map_path.c_str());
  TARTAN_graphMapExit(graph, &mapping);
  check_call(code, map_path);
  TARTAN_Num mapped = 0, first_unmapped = -1;
  for (TARTAN_Num v = 0; v < view.vertnbr; ++v) {
    if (parttab[std::size_t(v)] >= 0)
      ++mapped;
    else if (first_unmapped < 0)
      first_unmapped = v;
  }
  if (first_unmapped >= 0)
    throw InputError(map_path + ": not a mapping of " + graph_path + ": it places " +
                     std::to_string(mapped) + " of its " + std::to_string(view.vertnbr) +
                     " vertices (vertex " + std::to_string(view.label(first_unmapped)) +
                     " has no terminal)");
  return parttab;
}

namespace {

// ---- Coordinates ----------------------------------------------------------------------------
struct Layout {
  std::vector<double> x, y;  // projected, y upwards
  std::vector<std::string> how;  // legend lines
};

// Reads a SCOTCH .xyz file (dimension count 1 to 3, vertex count, then "label x [y [z]]" per
// vertex, in any order) and projects it; InputError names the line of any problem.
Layout read_xyz(const std::string& path, const GraphView& graph) {
  std::FILE* stream = std::fopen(path.c_str(), "rb");
  if (stream == nullptr) throw InputError(path + ": " + std::strerror(errno));
  std::string text;
  char buffer[1 << 16];
  for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, stream)) > 0;)
    text.append(buffer, got);
  const bool failed = std::ferror(stream) != 0;
  std::fclose(stream);
  if (failed) throw InputError(path + ": read error");

  const char* cursor = text.c_str();
  long long line = 1;
  auto fail = [&](const std::string& what) {
    throw InputError(path + ": line " + std::to_string(line) + ": " + what);
  };
  auto skip_blanks = [&] {
    while (*cursor == ' ' || *cursor == '\t' || *cursor == '\n' || *cursor == '\r') {
      if (*cursor == '\n') ++line;
      ++cursor;
    }
  };
  auto next_integer = [&](const char* what) {
    skip_blanks();
    char* end = nullptr;
    errno = 0;
    const long long value = std::strtoll(cursor, &end, 10);
    if (end == cursor || errno != 0 || (*end != '\0' && !std::isspace((unsigned char)*end)))
      fail(std::string("expected ") + what);
    cursor = end;
    return value;
  };
  auto next_real = [&](const char* what) {
    skip_blanks();
    char* end = nullptr;
    const double value = std::strtod(cursor, &end);
    if (end == cursor || !std::isfinite(value) ||
        (*end != '\0' && !std::isspace((unsigned char)*end)))
      fail(std::string("expected ") + what);
    cursor = end;
    return value;
  };

  const long long dimnbr = next_integer("the dimension count");
  if (dimnbr < 1 || dimnbr > 3) fail("dimension count " + std::to_string(dimnbr) + " is not 1, 2 or 3");
  const long long count = next_integer("the vertex count");
  if (count != graph.vertnbr)
    fail("the file gives coordinates for " + std::to_string(count) + " vertices, the graph has " +
         std::to_string(graph.vertnbr));
  std::unordered_map<TARTAN_Num, TARTAN_Num> vertex_of_label;
  if (graph.vlbltab != nullptr)
    for (TARTAN_Num v = 0; v < graph.vertnbr; ++v) vertex_of_label.emplace(graph.vlbltab[v], v);
  const auto n = std::size_t(graph.vertnbr);
  std::vector<double> coords(n * 3, 0.0);
  std::vector<char> seen(n, 0);
  for (long long k = 0; k < count; ++k) {
    skip_blanks();
    if (*cursor == '\0') fail("the file ends after " + std::to_string(k) + " of " + std::to_string(count) + " vertices");
    const long long label = next_integer("a vertex label");
    TARTAN_Num vertex = -1;
    if (graph.vlbltab != nullptr) {
      auto found = vertex_of_label.find(TARTAN_Num(label));
      if (found != vertex_of_label.end()) vertex = found->second;
    } else if (label >= graph.baseval && label - graph.baseval < graph.vertnbr) {
      vertex = TARTAN_Num(label - graph.baseval);
    }
    if (vertex < 0) fail("label " + std::to_string(label) + " is no vertex of the graph");
    if (seen[std::size_t(vertex)]) fail("vertex " + std::to_string(label) + " is listed twice");
    seen[std::size_t(vertex)] = 1;
    for (long long d = 0; d < dimnbr; ++d)
      coords[std::size_t(vertex) * 3 + std::size_t(d)] = next_real("a coordinate");
  }
  skip_blanks();
  if (*cursor != '\0') fail("unexpected text after the last vertex");

  Layout layout;
  layout.x.resize(n);
  layout.y.resize(n);
  const double depth = 0.5 * std::sqrt(0.5);  // cabinet projection: z/2 along 45 degrees
  for (std::size_t v = 0; v < n; ++v) {
    const double z = coords[v * 3 + 2];
    layout.x[v] = coords[v * 3] + depth * z;
    layout.y[v] = coords[v * 3 + 1] + depth * z;
  }
  layout.how = {"layout: coordinates of " + base_name(path)};
  if (dimnbr == 3) layout.how.push_back("3-D: cabinet oblique projection");
  return layout;
}

// Breadth-first levels, component by component (the fallback without coordinates).
Layout bfs_layout(const GraphView& graph) {
  const auto n = std::size_t(graph.vertnbr);
  std::vector<std::size_t> roots(n);
  for (std::size_t v = 0; v < n; ++v) roots[v] = v;
  const BfsLevels bfs = bfs_levels(n, roots, [&](std::size_t v, auto visit) {
    for (TARTAN_Num arc = graph.begin(TARTAN_Num(v)); arc < graph.end(TARTAN_Num(v)); ++arc)
      visit(std::size_t(graph.neighbour(arc)));
  });
  // Components side by side, each as wide as its levels, with one level of gap.
  std::vector<double> offset(bfs.depth.size() + 1, 0);
  for (std::size_t c = 0; c < bfs.depth.size(); ++c) offset[c + 1] = offset[c] + double(bfs.depth[c]) + 1;
  Layout layout;
  layout.x.resize(n);
  layout.y.resize(n);
  for (std::size_t v = 0; v < n; ++v) {
    layout.x[v] = offset[bfs.component[v]] + double(bfs.level[v]);
    layout.y[v] = double(bfs.rank[v]) - double(bfs.level_size[v] - 1) / 2;
  }
  layout.how = {"layout: breadth-first levels (no coordinates given)"};
  return layout;
}

// ---- The picture ------------------------------------------------------------------------------
constexpr double kMargin = 20, kArea = 800, kLegendWidth = 300;
constexpr std::size_t kCells = 256;          // aggregated pictures: cells along the longer side
constexpr std::size_t kSwatchesMax = 24;     // legend entries listed one by one
constexpr std::size_t kLabelledPartsMax = 256;

struct Frame {  // data coordinates -> picture coordinates
  double xmin = 0, ymax = 0, scale = 1, width = 0, height = 0;
  double px(double x) const { return kMargin + (x - xmin) * scale; }
  double py(double y) const { return kMargin + (ymax - y) * scale; }
};

Frame frame_of(const Layout& layout) {
  Frame frame;
  if (layout.x.empty()) {
    frame.width = frame.height = 100;
    return frame;
  }
  double xmin = layout.x[0], xmax = xmin, ymin = layout.y[0], ymax = ymin;
  for (std::size_t v = 0; v < layout.x.size(); ++v) {
    xmin = std::min(xmin, layout.x[v]);
    xmax = std::max(xmax, layout.x[v]);
    ymin = std::min(ymin, layout.y[v]);
    ymax = std::max(ymax, layout.y[v]);
  }
  const double span = std::max({xmax - xmin, ymax - ymin, 1e-9});
  frame.xmin = xmin;
  frame.ymax = ymax;
  frame.scale = kArea / span;
  frame.width = std::max((xmax - xmin) * frame.scale, 1.0);
  frame.height = std::max((ymax - ymin) * frame.scale, 1.0);
  return frame;
}

struct PartSummary {
  std::vector<std::size_t> colour;     // per used terminal (palette index)
  std::vector<TARTAN_Num> used;        // terminals holding vertices, increasing
  std::vector<std::size_t> of_vertex;  // per vertex: the index of its terminal in used
  std::vector<double> cx, cy;          // centres of the used terminals' vertices (data units)
  std::vector<long long> load;         // per used terminal
  std::size_t colours = 0;
  long long cut_edges = 0;
};

PartSummary summarise_parts(const GraphView& graph, const std::vector<TARTAN_Num>& parttab,
                            const Layout& layout) {
  // The terminals used, sorted, and each vertex's index among them: memory follows the graph,
  // never the terminal numbers (a map may name terminal 2^31 - 2 without a target).
  PartSummary parts;
  parts.used = parttab;
  std::sort(parts.used.begin(), parts.used.end());
  parts.used.erase(std::unique(parts.used.begin(), parts.used.end()), parts.used.end());
  parts.of_vertex.resize(parttab.size());
  for (std::size_t v = 0; v < parttab.size(); ++v)
    parts.of_vertex[v] = std::size_t(
        std::lower_bound(parts.used.begin(), parts.used.end(), parttab[v]) - parts.used.begin());
  const std::size_t usednbr = parts.used.size();
  parts.cx.assign(usednbr, 0);
  parts.cy.assign(usednbr, 0);
  parts.load.assign(usednbr, 0);
  std::vector<long long> count(usednbr, 0);
  std::vector<std::pair<std::int64_t, std::int64_t>> adjacent;
  for (TARTAN_Num v = 0; v < graph.vertnbr; ++v) {
    const std::size_t k = parts.of_vertex[std::size_t(v)];
    parts.cx[k] += layout.x[std::size_t(v)];
    parts.cy[k] += layout.y[std::size_t(v)];
    parts.load[k] += graph.load(v);
    ++count[k];
    for (TARTAN_Num arc = graph.begin(v); arc < graph.end(v); ++arc) {
      const TARTAN_Num w = graph.neighbour(arc);
      const std::size_t l = parts.of_vertex[std::size_t(w)];
      if (w > v && l != k) {
        ++parts.cut_edges;
        adjacent.emplace_back(std::int64_t(k), std::int64_t(l));
      }
    }
  }
  for (std::size_t k = 0; k < usednbr; ++k) {
    parts.cx[k] /= double(count[k]);
    parts.cy[k] /= double(count[k]);
  }
  parts.colour = colour_parts(usednbr, std::move(adjacent));
  for (std::size_t c : parts.colour) parts.colours = std::max(parts.colours, c + 1);
  return parts;
}

void draw_detailed(Painter& paint, const GraphView& graph, const std::vector<TARTAN_Num>& parttab,
                   const Layout& layout, const Frame& frame, const PartSummary& parts) {
  Segments uncut;
  std::vector<std::pair<TARTAN_Num, TARTAN_Num>> cut;
  for (TARTAN_Num v = 0; v < graph.vertnbr; ++v)
    for (TARTAN_Num arc = graph.begin(v); arc < graph.end(v); ++arc) {
      const TARTAN_Num w = graph.neighbour(arc);
      if (w <= v) continue;
      if (parttab[std::size_t(v)] != parttab[std::size_t(w)]) {
        cut.emplace_back(v, w);
      } else {
        uncut.add(frame.px(layout.x[std::size_t(v)]), frame.py(layout.y[std::size_t(v)]),
                   frame.px(layout.x[std::size_t(w)]), frame.py(layout.y[std::size_t(w)]));
      }
    }
  const double spacing = std::sqrt(frame.width * frame.height / double(std::max<TARTAN_Num>(graph.vertnbr, 1)));
  const double radius = std::clamp(0.3 * spacing, 0.8, 8.0);
  paint.segments(uncut, "#999", std::clamp(radius / 4, 0.3, 1.2), "edges");
  paint.open_group("cut");
  for (const auto& edge : cut)
    paint.line(frame.px(layout.x[std::size_t(edge.first)]), frame.py(layout.y[std::size_t(edge.first)]),
                frame.px(layout.x[std::size_t(edge.second)]), frame.py(layout.y[std::size_t(edge.second)]),
                "#111", std::clamp(radius * 0.6, 1.0, 3.0), "cut");
  paint.close_group();
  paint.open_group("vertices");
  for (TARTAN_Num v = 0; v < graph.vertnbr; ++v)
    paint.circle(frame.px(layout.x[std::size_t(v)]), frame.py(layout.y[std::size_t(v)]), radius,
                  palette_colour(parts.colour[parts.of_vertex[std::size_t(v)]]), "vertex");
  paint.close_group();
}

void draw_aggregated(Painter& paint, const GraphView& graph, const std::vector<TARTAN_Num>& parttab,
                     const Layout& layout, const Frame& frame, const PartSummary& parts) {
  const double cell = std::max(frame.width, frame.height) / double(kCells);
  const auto columns = std::min(kCells, std::size_t(frame.width / cell) + 1);
  const auto rows = std::min(kCells, std::size_t(frame.height / cell) + 1);
  const std::size_t cellnbr = columns * rows;
  std::vector<TARTAN_Num> candidate(cellnbr, -1);
  std::vector<long long> votes(cellnbr, 0);
  std::vector<std::size_t> cell_of(std::size_t(graph.vertnbr));
  for (TARTAN_Num v = 0; v < graph.vertnbr; ++v) {
    const double px = frame.px(layout.x[std::size_t(v)]) - kMargin;
    const double py = frame.py(layout.y[std::size_t(v)]) - kMargin;
    const std::size_t c = std::min(columns - 1, std::size_t(std::max(0.0, px / cell)));
    const std::size_t r = std::min(rows - 1, std::size_t(std::max(0.0, py / cell)));
    const std::size_t k = r * columns + c;
    cell_of[std::size_t(v)] = k;
    const auto part = TARTAN_Num(parts.of_vertex[std::size_t(v)]);  // index among the used
    if (votes[k] == 0) {  // a first vertex, or a tie so far: a new candidate
      candidate[k] = part;
      votes[k] = 1;
    } else {
      votes[k] += candidate[k] == part ? 1 : -1;
    }
  }
  // candidate is -1 only in cells without vertices.
  paint.open_group("cells", true);  // crisp: no seams between cells
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < columns;) {
      const TARTAN_Num part = candidate[r * columns + c];
      std::size_t end = c + 1;
      while (end < columns && candidate[r * columns + end] == part) ++end;
      if (part >= 0)
        paint.rect(kMargin + double(c) * cell, kMargin + double(r) * cell, double(end - c) * cell,
                    cell, palette_colour(parts.colour[std::size_t(part)]), "cell");
      c = end;
    }
  paint.close_group();
  // Cut edges between distinct cells, each pair of cells once, from centre to centre.
  std::vector<std::uint64_t> cut_cells;
  for (TARTAN_Num v = 0; v < graph.vertnbr; ++v)
    for (TARTAN_Num arc = graph.begin(v); arc < graph.end(v); ++arc) {
      const TARTAN_Num w = graph.neighbour(arc);
      if (w <= v || parttab[std::size_t(v)] == parttab[std::size_t(w)]) continue;
      const std::size_t a = cell_of[std::size_t(v)], b = cell_of[std::size_t(w)];
      if (a != b) cut_cells.push_back(std::uint64_t(std::min(a, b)) * cellnbr + std::max(a, b));
    }
  std::sort(cut_cells.begin(), cut_cells.end());
  cut_cells.erase(std::unique(cut_cells.begin(), cut_cells.end()), cut_cells.end());
  Segments border;
  auto centre_x = [&](std::size_t k) { return kMargin + (double(k % columns) + 0.5) * cell; };
  auto centre_y = [&](std::size_t k) { return kMargin + (double(k / columns) + 0.5) * cell; };
  for (std::uint64_t key : cut_cells) {
    const auto a = std::size_t(key / cellnbr), b = std::size_t(key % cellnbr);
    border.add(centre_x(a), centre_y(a), centre_x(b), centre_y(b));
  }
  paint.segments(border, "#111", std::clamp(cell * 0.3, 0.6, 1.5), "cut");
}

// Part numbers at the parts' centres, and the legend on the right.
void draw_legend(Painter& paint, const Frame& frame, const PartSummary& parts,
                 const std::vector<std::string>& lines, bool aggregated) {
  if (parts.used.size() <= kLabelledPartsMax) {
    paint.open_group("part-numbers");
    for (std::size_t k = 0; k < parts.used.size(); ++k)
      paint.text(frame.px(parts.cx[k]), frame.py(parts.cy[k]) + 4, std::to_string(parts.used[k]),
                  11, Anchor::middle, "#000", true);
    paint.close_group();
  }
  const double x = kMargin * 2 + frame.width;
  double y = kMargin + 4;
  for (const std::string& line : lines) {
    paint.text(x, y, line, 11);
    y += 15;
  }
  y += 4;
  paint.text(x, y, aggregated ? "cut edges: dark lines between cells" : "cut edges: thick dark lines", 11);
  y += 15;
  paint.text(x, y, std::to_string(parts.colours) + " colours: parts joined by an edge differ", 11);
  y += 18;
  const std::size_t listed = std::min(parts.used.size(), kSwatchesMax);
  paint.open_group("legend");
  for (std::size_t k = 0; k < listed; ++k) {
    paint.rect(x, y - 9, 10, 10, palette_colour(parts.colour[k]), "swatch");
    paint.text(x + 15, y, "terminal " + std::to_string(parts.used[k]) + ": load " +
                              std::to_string(parts.load[k]), 11);
    y += 14;
  }
  paint.close_group();
  if (listed < parts.used.size())
    paint.text(x, y, "... " + std::to_string(parts.used.size() - listed) +
                         " more: numbers at the parts' centres", 11);
}

const CommandSpec kDrawGraphSpec = {
    "draw graph",
    "GRAPH MAP",
    "draw a mapped graph, vertices coloured by terminal",
    "Draws GRAPH with its vertices coloured by their terminal in MAP (a SCOTCH .map file that\n"
    "maps every vertex), as SVG, PNG or PDF (by FILE's suffix or --format; PNG and PDF need a\n"
    "tartan built with cairo). Parts joined by an edge get different colours (a greedy\n"
    "colouring of the parts' adjacency); cut edges are thick and dark; part numbers are written\n"
    "at the parts' centres; a legend lists the figures. Coordinates come from a SCOTCH .xyz file\n"
    "(-g; `tartan graph gen --xyz` writes them); 3-D points are drawn in the cabinet oblique\n"
    "projection (x + z/2 cos 45, y + z/2 sin 45). Without -g, vertices are placed by\n"
    "breadth-first levels from each component's smallest vertex (level across, rank down).\n"
    "Above --aggregate vertices (or five times as many edges), the picture is aggregated: 256\n"
    "cells along the longer side, each of the colour of the part holding most of its vertices,\n"
    "cut edges drawn between the centres of their ends' cells.",
    {{'g', "xyz", "FILE", "vertex coordinates (SCOTCH .xyz: dimensions, count, label x y [z])"},
     {'t', "target", "TARGET", "the target MAP refers to (checks its terminal numbers)"},
     {'a', "aggregate", "N", "aggregate above N vertices (default 10000)"},
     {'o', "output", "FILE", "write the picture to FILE (default: standard output)"},
     {'f', "format", "FORMAT", "svg, png or pdf (default: by FILE's suffix, else svg)"}},
    2,
    2};

int run_draw_graph(int argc, char** argv) {
  const auto parsed = parse_command(kDrawGraphSpec, argc, argv);
  if (!parsed) return kExitOk;
  const std::string graph_path = parsed->args()[0], map_path = parsed->args()[1];
  const std::string output = parsed->value("output", "-");
  const PictureFormat format = picture_format(output, parsed->value("format", ""));
  const long long aggregate_above =
      parse_integer(parsed->value("aggregate", "10000"), "aggregate", 0, TARTAN_NUMMAX);
  GraphHandle graph;
  read_graph(graph.get(), graph_path, graph_format_of(graph_path));
  using ArchHandle = Handle<TARTAN_Arch, TARTAN_archInit, TARTAN_archExit>;
  ArchHandle arch;
  const bool with_target = parsed->has("target");
  if (with_target) load_target_argument(arch.get(), parsed->value("target", ""));
  const std::vector<TARTAN_Num> parttab =
      read_complete_mapping(graph.get(), with_target ? arch.get() : nullptr, graph_path, map_path);
  const GraphView view(graph.get());
  const Layout layout =
      parsed->has("xyz") ? read_xyz(parsed->value("xyz", ""), view) : bfs_layout(view);
  const Frame frame = frame_of(layout);
  const PartSummary parts = summarise_parts(view, parttab, layout);
  const bool aggregated =
      view.vertnbr > aggregate_above || view.edgenbr / 2 > 5 * aggregate_above;

  std::vector<std::string> lines = {
      base_name(graph_path) + ": " + std::to_string(view.vertnbr) + " vertices, " +
          std::to_string(view.edgenbr / 2) + " edges",
      base_name(map_path) + ": " + std::to_string(parts.used.size()) + " terminals used" +
          (with_target ? " of " + std::to_string(TARTAN_archSize(arch.get())) : ""),
      std::to_string(parts.cut_edges) + " cut edges"};
  lines.insert(lines.end(), layout.how.begin(), layout.how.end());
  if (aggregated)
    lines.insert(lines.end(), {"aggregated above " + std::to_string(aggregate_above) + " vertices:",
                               "each cell in the colour of its majority part"});
  OutputFile out(output);
  const double legend_height = 20.0 * double(lines.size() + 3) +
                               14.0 * double(std::min(parts.used.size(), kSwatchesMax) + 1);
  const std::unique_ptr<Painter> painter =
      open_painter(format, out.get(), frame.width + 3 * kMargin + kLegendWidth,
                   std::max(frame.height + 2 * kMargin, legend_height + 2 * kMargin));
  Painter& paint = *painter;
  paint.title(graph_path + " mapped by " + map_path);
  if (aggregated)
    draw_aggregated(paint, view, parttab, layout, frame, parts);
  else
    draw_detailed(paint, view, parttab, layout, frame, parts);
  draw_legend(paint, frame, parts, lines, aggregated);
  paint.finish();
  out.close();
  return kExitOk;
}

}  // namespace

int run_draw_command(int argc, char** argv) {
  return dispatch_subcommands(
      "draw", "draw mappings as pictures (SVG; PNG and PDF with cairo)",
      {{"graph", "the graph at its coordinates, vertices coloured by terminal", run_draw_graph},
       {"target", "the machine, terminals and links shaded by load", run_draw_target}},
      argc, argv);
}

}  // namespace tartan_cli
