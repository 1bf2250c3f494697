// `tartan arch build`: a decomposition-defined target (deco 0 or deco 2) from a target graph,
// or with --net a heterogeneous network target (net).
#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <string>
#include <sys/stat.h>
#include <vector>

#include "tartan.h"
#include "tools/cli_common.hpp"
#include "tools/tools.hpp"

namespace tartan_cli {
namespace {

using ArchHandle = Handle<TARTAN_Arch, TARTAN_archInit, TARTAN_archExit>;
using StratHandle = Handle<TARTAN_Strat, TARTAN_stratInit, TARTAN_stratExit>;

const CommandSpec kBuildSpec = {
    "arch build",
    "GRAPH",
    "build a decomposition-defined target (deco) from a target graph",
    "Builds a decomposition-defined target from GRAPH, a target graph: vertex loads are\n"
    "processing capacities, edge weights link traversal costs. By default the kind is chosen\n"
    "by size: deco 0 (exact distances, memory quadratic in the terminal count) up to 1024\n"
    "terminals, deco 2 (multilevel, estimated distances, memory linear) above; --deco0 and\n"
    "--deco2 force one. deco 0 refuses to build above the memory cap set by the environment\n"
    "variable TARTAN_DECO_MAX_MEMORY_MB (default 512).\n"
    "\n"
    "-l LIST keeps only the listed vertices as terminals (routers, nodes not allocated to the\n"
    "job are left out), while distances still go through the whole graph. Vertices are listed\n"
    "like the graph numbers them (from its base value); terminals are numbered as SCOTCH\n"
    "numbers them: deco 0 by vertex index from 0 (the list 1 5 9 of a base-0 graph gives\n"
    "terminals 1, 5 and 9), deco 2 from 0 to n-1 in vertex order; .map files name them so,\n"
    "and interchange with scotch_gmap's and gmtst's.\n"
    "LIST is a file in SCOTCH's vertex-list format (the count, then that many vertex numbers,\n"
    "separated by blanks or line breaks: what amk_grf -l reads), or, when no file has that\n"
    "name, comma-separated vertex numbers and ranges A-B as `arch sub` takes (@FILE reads\n"
    "those from FILE). Without a list every vertex is a terminal, and the graph must be\n"
    "connected. Empty lists, repeated or out-of-range vertices and terminals of capacity 0\n"
    "are refused.\n"
    "\n"
    "deco 0 domains are split by the multilevel graph bipartitioner of the mapping method drb\n"
    "into halves of equal terminal counts (within one), cutting the links cheapest to cut;\n"
    "-s takes its parameters from a single drb{...} step (e.g. \"drb{runs=4,tries=8}\"),\n"
    "--seed seeds it. Same graph, list, strategy and seed give the same target.\n"
    "\n"
    "--net builds a heterogeneous network target (net, doc/networks.md) instead: vertex loads\n"
    "are the processes each node hosts (0: a switch), edge weights link bandwidths; terminals\n"
    "are the nodes with slots, routes shortest paths in hops. -l, -s, --seed do not apply.",
    {{'l', "list", "LIST", "keep only the listed vertices as terminals"},
     {'s', "strategy", "STRAT", "bipartitioning strategy of deco 0: one drb{...} step"},
     {'\0', "seed", "N", "seed of the deco 0 bipartitioning (default 0)"},
     {'\0', "deco0", nullptr, "build a deco 0 target (exact distances)"},
     {'\0', "deco2", nullptr, "build a deco 2 target (multilevel, linear memory)"},
     {'\0', "net", nullptr, "build a net target: loads are slots, edge weights bandwidths"},
     {'o', "output", "FILE", "write the target to FILE (default: standard output)"}},
    1,
    1};

bool is_regular_file(const std::string& path) {
  struct stat status;
  return ::stat(path.c_str(), &status) == 0 && S_ISREG(status.st_mode);
}

// A vertex list in SCOTCH's format: the count, then as many vertex numbers. The count must
// match the entries that follow, so a truncated or padded file is caught.
std::vector<TARTAN_Num> read_scotch_vertex_list(const std::string& path) {
  std::ifstream file(path);
  if (!file) throw InputError(path + ": cannot open: " + std::strerror(errno));
  std::vector<long long> numbers;
  std::string token;
  while (file >> token) {
    const std::optional<long long> value = parse_whole_integer(token);
    if (!value || *value < 0) throw InputError(path + ": '" + token + "' is not a vertex number");
    numbers.push_back(*value);
  }
  if (numbers.empty()) throw InputError(path + ": no vertex count (the file is empty)");
  const long long count = numbers.front();
  const long long given = static_cast<long long>(numbers.size()) - 1;
  if (count != given)
    throw InputError(path + ": the list announces " + std::to_string(count) +
                     " vertices but gives " + std::to_string(given));
  if (count == 0) throw InputError(path + ": the vertex list is empty");
  return std::vector<TARTAN_Num>(numbers.begin() + 1, numbers.end());
}

std::vector<TARTAN_Num> vertex_list_argument(const std::string& list) {
  if (is_regular_file(list)) return read_scotch_vertex_list(list);
  return parse_terminal_list(list);
}

// The net target of a graph: loads are slots, edge weights bandwidths (TARTAN_archNetwork
// takes a compact CSR graph, so a graph with a vendtab is compacted first).
int build_network(TARTAN_Arch* arch, const TARTAN_Graph* graph) {
  TARTAN_Num baseval, vertnbr, edgenbr;
  TARTAN_Num *verttab, *vendtab, *velotab, *vlbltab, *edgetab, *edlotab;
  TARTAN_graphData(graph, &baseval, &vertnbr, &verttab, &vendtab, &velotab, &vlbltab, &edgenbr,
                   &edgetab, &edlotab);
  std::vector<TARTAN_Num> start(verttab, verttab + vertnbr + 1), edges, bandwidths;
  if (vendtab != verttab + 1) {
    start.assign(1, baseval);
    for (TARTAN_Num v = 0; v < vertnbr; ++v) {
      for (TARTAN_Num arc = verttab[v] - baseval; arc < vendtab[v] - baseval; ++arc) {
        edges.push_back(edgetab[arc]);
        if (edlotab) bandwidths.push_back(edlotab[arc]);
      }
      start.push_back(baseval + static_cast<TARTAN_Num>(edges.size()));
    }
    edgetab = edges.data();
    if (edlotab) edlotab = bandwidths.data();
  }
  return TARTAN_archNetwork(arch, baseval, vertnbr, start.data(), velotab, edgetab, edlotab);
}

}  // namespace

int run_arch_build(int argc, char** argv) {
  auto parsed = parse_command(kBuildSpec, argc, argv);
  if (!parsed) return kExitOk;
  if (parsed->has("deco0") + parsed->has("deco2") + parsed->has("net") > 1)
    throw UsageError("give one of --deco0, --deco2 and --net");
  if (parsed->has("net") && (parsed->has("list") || parsed->has("strategy") || parsed->has("seed")))
    throw UsageError("--net takes no -l, -s or --seed");
  const std::string graph_path = parsed->args()[0];
  // Parse the list before reading a possibly large graph: command-line errors come first.
  std::vector<TARTAN_Num> list;
  if (parsed->has("list")) list = vertex_list_argument(parsed->value("list", ""));
  const TARTAN_Num seed = static_cast<TARTAN_Num>(
      parse_integer(parsed->value("seed", "0"), "seed", 0, TARTAN_NUMMAX));

  GraphHandle graph;
  read_graph(graph.get(), graph_path, graph_format_of(graph_path));
  const TARTAN_Num listnbr = static_cast<TARTAN_Num>(list.size());
  const TARTAN_Num* listtab = list.empty() ? nullptr : list.data();
  StratHandle strat;
  if (parsed->has("strategy"))
    check_call(TARTAN_stratGraphMap(strat.get(), parsed->value("strategy", "").c_str()),
               "strategy");
  check_call(TARTAN_stratRandomSeed(strat.get(), seed), "seed");
  ArchHandle arch;
  int code;
  if (parsed->has("net"))
    code = build_network(arch.get(), graph.get());
  else if (parsed->has("deco0"))
    code = TARTAN_archBuild0(arch.get(), graph.get(), listnbr, listtab, strat.get());
  else if (parsed->has("deco2"))
    code = TARTAN_archBuild2(arch.get(), graph.get(), listnbr, listtab);
  else
    code = TARTAN_archBuild(arch.get(), graph.get(), listnbr, listtab, strat.get());
  check_call(code, graph_path);

  const std::string output_path = parsed->value("output", "-");
  OutputFile output(output_path);
  check_call(TARTAN_archSave(arch.get(), output.get()),
             output_path == "-" ? "standard output" : output_path);
  output.close();
  return kExitOk;
}

}  // namespace tartan_cli
