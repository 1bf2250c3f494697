// `tartan graph`: info, check, convert and gen on source graphs, through the public API only.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "tartan.h"
#include "tools/cli_common.hpp"
#include "tools/tools.hpp"

namespace tartan_cli {
namespace {

const OptionSpec kFormatOption = {'f', "format", "FMT",
                                  "input format: grf, metis or mtx (default: from the extension)"};

GraphFormat input_format(const ParsedCommand& command, const std::string& path) {
  return command.has("format") ? graph_format_named(command.value("format", ""))
                               : graph_format_of(path);
}

// ---- info ---------------------------------------------------------------------------------
struct GraphSummary {
  TARTAN_Num baseval = 0, vertnbr = 0, edgenbr = 0;
  bool has_labels = false, has_vertex_loads = false, has_edge_loads = false;
  TARTAN_Num velomin = 0, velomax = 0, velosum = 0;
  double veloavg = 0, velodlt = 0;
  TARTAN_Num degrmin = 0, degrmax = 0;
  double degravg = 0, degrdlt = 0;
  TARTAN_Num edlomin = 0, edlomax = 0, edlosum = 0;
  double edloavg = 0, edlodlt = 0;
  TARTAN_Num compnbr = 0, compmin = 0, compmax = 0, isolated = 0;
};

GraphSummary summarise(const TARTAN_Graph* graph) {
  GraphSummary summary;
  TARTAN_Num *verttab = nullptr, *vendtab = nullptr, *velotab = nullptr, *vlbltab = nullptr,
             *edgetab = nullptr, *edlotab = nullptr;
  TARTAN_graphData(graph, &summary.baseval, &summary.vertnbr, &verttab, &vendtab, &velotab,
                   &vlbltab, &summary.edgenbr, &edgetab, &edlotab);
  summary.has_labels = vlbltab != nullptr;
  summary.has_vertex_loads = velotab != nullptr;
  summary.has_edge_loads = edlotab != nullptr;
  TARTAN_graphStat(graph, &summary.velomin, &summary.velomax, &summary.velosum, &summary.veloavg,
                   &summary.velodlt, &summary.degrmin, &summary.degrmax, &summary.degravg,
                   &summary.degrdlt, &summary.edlomin, &summary.edlomax, &summary.edlosum,
                   &summary.edloavg, &summary.edlodlt);

  std::vector<TARTAN_Num> comptab(static_cast<std::size_t>(summary.vertnbr));
  check_call(TARTAN_graphComponents(graph, &summary.compnbr, comptab.data()),
             "connected components");
  std::vector<TARTAN_Num> compsize(static_cast<std::size_t>(summary.compnbr), 0);
  for (TARTAN_Num component : comptab) ++compsize[static_cast<std::size_t>(component)];
  if (!compsize.empty()) {
    summary.compmin = *std::min_element(compsize.begin(), compsize.end());
    summary.compmax = *std::max_element(compsize.begin(), compsize.end());
  }
  for (TARTAN_Num vertex = 0; vertex < summary.vertnbr; ++vertex) {
    TARTAN_Num end = vendtab != nullptr ? vendtab[vertex] : verttab[vertex + 1];
    if (end == verttab[vertex]) ++summary.isolated;
  }
  return summary;
}

void print_text(const std::string& path, const GraphSummary& s) {
  auto yes_no = [](bool value) { return value ? "yes" : "no"; };
  std::printf("graph         %s\n", path.c_str());
  std::printf("vertices      %lld\n", static_cast<long long>(s.vertnbr));
  std::printf("edges         %lld (%lld arcs)\n", static_cast<long long>(s.edgenbr / 2),
              static_cast<long long>(s.edgenbr));
  std::printf("base          %lld\n", static_cast<long long>(s.baseval));
  std::printf("labels        %s\n", yes_no(s.has_labels));
  std::printf("vertex loads  %s: min %lld  max %lld  sum %lld  avg %g  dlt %g\n",
              s.has_vertex_loads ? "given" : "unit", static_cast<long long>(s.velomin),
              static_cast<long long>(s.velomax), static_cast<long long>(s.velosum), s.veloavg,
              s.velodlt);
  std::printf("degrees       min %lld  max %lld  avg %g  dlt %g\n",
              static_cast<long long>(s.degrmin), static_cast<long long>(s.degrmax), s.degravg,
              s.degrdlt);
  std::printf("edge loads    %s: min %lld  max %lld  sum %lld  avg %g  dlt %g\n",
              s.has_edge_loads ? "given" : "unit", static_cast<long long>(s.edlomin),
              static_cast<long long>(s.edlomax), static_cast<long long>(s.edlosum), s.edloavg,
              s.edlodlt);
  std::printf("components    %lld (sizes %lld to %lld, %lld isolated vertices)\n",
              static_cast<long long>(s.compnbr), static_cast<long long>(s.compmin),
              static_cast<long long>(s.compmax), static_cast<long long>(s.isolated));
}

// Escapes a file name for a JSON string.
std::string json_string(const std::string& text) {
  std::string quoted = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      quoted += '\\';
      quoted += static_cast<char>(c);
    } else if (c < 0x20) {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\u%04x", c);
      quoted += escape;
    } else {
      quoted += static_cast<char>(c);
    }
  }
  return quoted + "\"";
}

void print_json(const std::string& path, const GraphSummary& s) {
  auto n = [](TARTAN_Num value) { return static_cast<long long>(value); };
  auto b = [](bool value) { return value ? "true" : "false"; };
  std::printf("{\"graph\": %s, \"vertices\": %lld, \"edges\": %lld, \"arcs\": %lld, "
              "\"base\": %lld, \"labels\": %s,\n",
              json_string(path).c_str(), n(s.vertnbr), n(s.edgenbr / 2), n(s.edgenbr),
              n(s.baseval), b(s.has_labels));
  std::printf(" \"vertex_loads\": {\"given\": %s, \"min\": %lld, \"max\": %lld, \"sum\": %lld, "
              "\"avg\": %.17g, \"dlt\": %.17g},\n",
              b(s.has_vertex_loads), n(s.velomin), n(s.velomax), n(s.velosum), s.veloavg,
              s.velodlt);
  std::printf(" \"degrees\": {\"min\": %lld, \"max\": %lld, \"avg\": %.17g, \"dlt\": %.17g},\n",
              n(s.degrmin), n(s.degrmax), s.degravg, s.degrdlt);
  std::printf(" \"edge_loads\": {\"given\": %s, \"min\": %lld, \"max\": %lld, \"sum\": %lld, "
              "\"avg\": %.17g, \"dlt\": %.17g},\n",
              b(s.has_edge_loads), n(s.edlomin), n(s.edlomax), n(s.edlosum), s.edloavg,
              s.edlodlt);
  std::printf(" \"components\": {\"count\": %lld, \"min_size\": %lld, \"max_size\": %lld, "
              "\"isolated_vertices\": %lld}}\n",
              n(s.compnbr), n(s.compmin), n(s.compmax), n(s.isolated));
}

int run_info(int argc, char** argv) {
  const CommandSpec spec = {
      "graph info",
      "GRAPH",
      "Print the size, loads, degrees and connected components of a graph.",
      "GRAPH is a SCOTCH .grf (gzip-compressed or not), a METIS .graph or a Matrix Market\n"
      ".mtx file; '-' reads a .grf from standard input. The graph is checked first.\n"
      "Edges count each undirected edge once (arcs count it twice); edge-load sums run\n"
      "over edges; dlt is the average absolute deviation from the average, as in SCOTCH.",
      {kFormatOption, {'\0', "json", nullptr, "print one JSON object instead of text"}},
      1,
      1};
  std::optional<ParsedCommand> command = parse_command(spec, argc, argv);
  if (!command) return kExitOk;
  const std::string& path = command->args()[0];
  GraphHandle graph;
  read_graph(graph.get(), path, input_format(*command, path));
  GraphSummary summary = summarise(graph.get());
  if (command->has("json"))
    print_json(path, summary);
  else
    print_text(path, summary);
  return kExitOk;
}

// ---- check --------------------------------------------------------------------------------
int run_check(int argc, char** argv) {
  const CommandSpec spec = {
      "graph check",
      "GRAPH",
      "Read a graph and run the library's full consistency check on it.",
      "Reports the first problem found (out-of-range neighbours, asymmetric arcs or arc\n"
      "weights, self loops, negative weights, inconsistent counts, overflowing sums) and\n"
      "exits with status 2; prints a one-line summary and exits with 0 if the graph is valid.",
      {kFormatOption, {'q', "quiet", nullptr, "print nothing on success"}},
      1,
      1};
  std::optional<ParsedCommand> command = parse_command(spec, argc, argv);
  if (!command) return kExitOk;
  const std::string& path = command->args()[0];
  GraphHandle graph;
  read_graph(graph.get(), path, input_format(*command, path));
  if (!command->has("quiet")) {
    TARTAN_Num vertnbr = 0, edgenbr = 0;
    TARTAN_graphSize(graph.get(), &vertnbr, &edgenbr);
    std::printf("%s: valid graph, %lld vertices, %lld edges\n", path.c_str(),
                static_cast<long long>(vertnbr), static_cast<long long>(edgenbr / 2));
  }
  return kExitOk;
}

// ---- convert ------------------------------------------------------------------------------
int run_convert(int argc, char** argv) {
  const CommandSpec spec = {
      "graph convert",
      "INPUT OUTPUT",
      "Convert a graph into SCOTCH's .grf format, compressed or not.",
      "INPUT: .grf or .grf.gz (SCOTCH), .graph (METIS/Chaco), .mtx (Matrix Market: the\n"
      "pattern of A + A^T without its diagonal, integer |values| as edge weights); any of\n"
      "them may be gzip-compressed. OUTPUT: .grf, or .grf.gz for a compressed file (needs\n"
      "zlib), or '-' for standard output. The graph is checked before it is written.",
      {kFormatOption,
       {'b', "base", "BASE", "renumber the output from 0 or 1 (default: keep .grf's, 0 else)"}},
      2,
      2};
  std::optional<ParsedCommand> command = parse_command(spec, argc, argv);
  if (!command) return kExitOk;
  const std::string& input = command->args()[0];
  const std::string& output = command->args()[1];
  if (output != "-" && graph_format_of(output) != GraphFormat::Scotch)
    throw UsageError("can only write SCOTCH graphs (.grf or .grf.gz), not '" + output + "'");
  TARTAN_Num baseval = -1;
  if (command->has("base"))
    baseval = static_cast<TARTAN_Num>(parse_integer(command->value("base", ""), "base", 0, 1));
  GraphHandle graph;
  read_graph(graph.get(), input, input_format(*command, input), baseval);
  write_graph(graph.get(), output);
  return kExitOk;
}

// ---- gen ----------------------------------------------------------------------------------
// A generated graph: compact CSR arrays (base 0 while built) and, for grids, coordinates.
struct GeneratedGraph {
  std::vector<TARTAN_Num> verttab{0};
  std::vector<TARTAN_Num> edgetab;
  int geometry_dims = 0;                      // 0: no geometry
  std::vector<std::vector<long long>> coords;  // per vertex, geometry_dims values
};

// Throws InputError if a graph of vertnbr vertices of degree at most degree_max does not fit
// TARTAN_Num (arcs included) -- checked before anything is allocated.
void check_size_fits(long double vertnbr, long double degree_max, const std::string& kind) {
  const long double limit = static_cast<long double>(TARTAN_NUMMAX);
  if (vertnbr > limit || vertnbr * degree_max > limit)
    throw InputError(kind + " too large for a " + std::to_string(TARTAN_NUM_BITS) +
                     "-bit TARTAN_Num (configure --enable-int64 for larger graphs)");
}

// Grid with dims.size() dimensions, vertex x + y*dimX + z*dimX*dimY; neighbours at +-1 in each
// dimension, wrapping around in a torus (where a dimension of size 2 wraps onto the neighbour
// it already has, the edge is not doubled).
GeneratedGraph make_grid(const std::vector<long long>& dims, bool torus, const std::string& kind) {
  long double vertnbr = 1;
  for (long long dim : dims) vertnbr *= static_cast<long double>(dim);
  check_size_fits(vertnbr, 2.0L * dims.size(), kind);
  GeneratedGraph generated;
  generated.geometry_dims = static_cast<int>(dims.size());
  const auto count = static_cast<std::size_t>(vertnbr);
  generated.verttab.reserve(count + 1);
  generated.coords.reserve(count);
  std::vector<long long> coord(dims.size(), 0);
  for (std::size_t vertex = 0; vertex < count; ++vertex) {
    long long stride = 1;
    for (std::size_t d = 0; d < dims.size(); ++d) {
      const long long dim = dims[d];
      const long long here = coord[d];
      auto add = [&](long long there) {
        generated.edgetab.push_back(
            static_cast<TARTAN_Num>(static_cast<long long>(vertex) + (there - here) * stride));
      };
      if (here > 0)
        add(here - 1);
      else if (torus && dim > 2)
        add(dim - 1);
      if (here + 1 < dim)
        add(here + 1);
      else if (torus && dim > 2)
        add(0);
      stride *= dim;
    }
    generated.verttab.push_back(static_cast<TARTAN_Num>(generated.edgetab.size()));
    generated.coords.push_back(coord);
    for (std::size_t d = 0; d < dims.size(); ++d) {  // next coordinate, x fastest
      if (++coord[d] < dims[d]) break;
      coord[d] = 0;
    }
  }
  return generated;
}

GeneratedGraph make_hypercube(long long dimnbr) {
  check_size_fits(static_cast<long double>(1ULL << dimnbr), static_cast<long double>(dimnbr),
                  "hcub " + std::to_string(dimnbr));
  GeneratedGraph generated;
  const long long vertnbr = 1LL << dimnbr;
  for (long long vertex = 0; vertex < vertnbr; ++vertex) {
    for (long long bit = 0; bit < dimnbr; ++bit)
      generated.edgetab.push_back(static_cast<TARTAN_Num>(vertex ^ (1LL << bit)));
    generated.verttab.push_back(static_cast<TARTAN_Num>(generated.edgetab.size()));
  }
  return generated;
}

// SCOTCH's .xyz geometry: the dimension count, the vertex count, then "label x y [z]" lines.
void write_geometry(const GeneratedGraph& generated, TARTAN_Num baseval, OutputFile& out) {
  std::fprintf(out.get(), "%d\n%zu\n", generated.geometry_dims, generated.coords.size());
  for (std::size_t vertex = 0; vertex < generated.coords.size(); ++vertex) {
    std::fprintf(out.get(), "%lld", static_cast<long long>(vertex) + baseval);
    for (long long value : generated.coords[vertex]) std::fprintf(out.get(), " %lld", value);
    std::fputc('\n', out.get());
  }
}

struct GenKind {
  const char* name;
  std::size_t dimnbr;  // numbers expected after the kind
  bool torus;
  bool hypercube;
};

const GenKind kGenKinds[] = {
    {"mesh2D", 2, false, false}, {"mesh3D", 3, false, false}, {"torus2D", 2, true, false},
    {"torus3D", 3, true, false}, {"hcub", 1, false, true},
};

bool same_name(const std::string& given, const char* name) {
  const std::string expected = name;
  return given.size() == expected.size() &&
         std::equal(given.begin(), given.end(), expected.begin(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) ==
                  std::tolower(static_cast<unsigned char>(b));
         });
}

int run_gen(int argc, char** argv) {
  const CommandSpec spec = {
      "graph gen",
      "KIND DIMS...",
      "Generate a mesh, torus or hypercube graph as a .grf file.",
      "Kinds (the names of the matching targets):\n"
      "  mesh2D X Y       X by Y grid, each vertex linked to its 4 neighbours\n"
      "  mesh3D X Y Z     X by Y by Z grid, 6 neighbours\n"
      "  torus2D X Y      grid with wrap-around links\n"
      "  torus3D X Y Z    grid with wrap-around links\n"
      "  hcub D           hypercube of dimension D (2^D vertices)\n"
      "Vertex x + y*X + z*X*Y sits at coordinates (x, y, z); --xyz writes them in SCOTCH's\n"
      "geometry format (dimension count, vertex count, then 'label x y [z]' lines).",
      {{'o', "output", "FILE", "write the graph to FILE (.grf or .grf.gz; default: stdout)"},
       {'\0', "xyz", "FILE", "also write the vertex coordinates (meshes and tori)"},
       {'b', "base", "BASE", "number vertices from 0 (default) or 1"}},
      1,
      4};
  std::optional<ParsedCommand> command = parse_command(spec, argc, argv);
  if (!command) return kExitOk;
  const std::vector<std::string>& args = command->args();
  const GenKind* kind = nullptr;
  for (const GenKind& candidate : kGenKinds)
    if (same_name(args[0], candidate.name)) kind = &candidate;
  if (kind == nullptr)
    throw UsageError("unknown kind '" + args[0] + "' (mesh2D, mesh3D, torus2D, torus3D, hcub)");
  if (args.size() - 1 != kind->dimnbr)
    throw UsageError(std::string(kind->name) + " takes " + std::to_string(kind->dimnbr) +
                     (kind->dimnbr == 1 ? " number" : " numbers") + ", not " +
                     std::to_string(args.size() - 1));
  const std::string output = command->value("output", "-");
  if (output != "-" && graph_format_of(output) != GraphFormat::Scotch)
    throw UsageError("can only write SCOTCH graphs (.grf or .grf.gz), not '" + output + "'");
  if (kind->hypercube && command->has("xyz"))
    throw UsageError("hcub has no geometry: --xyz applies to meshes and tori");
  const auto baseval =
      static_cast<TARTAN_Num>(parse_integer(command->value("base", "0"), "base", 0, 1));

  GeneratedGraph generated;
  if (kind->hypercube) {
    generated = make_hypercube(parse_integer(args[1], "hcub dimension", 1, 62));
  } else {
    std::vector<long long> dims;
    std::string kind_text = kind->name;
    for (std::size_t d = 1; d < args.size(); ++d) {
      dims.push_back(parse_integer(args[d], "dimension " + std::to_string(d), 1, TARTAN_NUMMAX));
      kind_text += " " + args[d];
    }
    generated = make_grid(dims, kind->torus, kind_text);
  }
  if (baseval != 0) {
    for (TARTAN_Num& index : generated.verttab) index += baseval;
    for (TARTAN_Num& neighbour : generated.edgetab) neighbour += baseval;
  }

  const auto vertnbr = static_cast<TARTAN_Num>(generated.verttab.size() - 1);
  const auto edgenbr = static_cast<TARTAN_Num>(generated.edgetab.size());
  GraphHandle graph;
  check_call(TARTAN_graphBuild(graph.get(), baseval, vertnbr, generated.verttab.data(), nullptr,
                               nullptr, nullptr, edgenbr, generated.edgetab.data(), nullptr),
             "building the graph");
  // The geometry is written first (into its temporary file): a geometry path that cannot be
  // written then fails before the graph file is created or replaced.
  std::unique_ptr<OutputFile> geometry;
  if (command->has("xyz")) {
    geometry = std::make_unique<OutputFile>(command->value("xyz", ""));
    write_geometry(generated, baseval, *geometry);
  }
  write_graph(graph.get(), output);
  if (geometry) geometry->close();
  return kExitOk;
}

}  // namespace

int run_graph_command(int argc, char** argv) {
  static const std::vector<Subcommand> subcommands = {
      {"info", "print the size, loads, degrees and components of a graph", run_info},
      {"check", "check a graph's consistency", run_check},
      {"convert", "convert .grf, .grf.gz, METIS .graph, Matrix Market .mtx into .grf",
       run_convert},
      {"gen", "generate 2D/3D meshes and tori, hypercubes (with .xyz geometry)", run_gen},
  };
  return dispatch_subcommands("graph", "Read, check, convert and generate source graphs.",
                              subcommands, argc, argv);
}

}  // namespace tartan_cli
