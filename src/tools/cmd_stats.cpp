// `tartan stats`: the quality figures of a mapping (SCOTCH's gmtst layout, or JSON), through
// the public API only.
#include <cstdio>
#include <string>

#include "tartan.h"
#include "tools/cli_common.hpp"
#include "tools/tools.hpp"

namespace tartan_cli {

void load_target_argument(TARTAN_Arch* arch, const std::string& path);  // cmd_map.cpp

namespace {

using ArchHandle = Handle<TARTAN_Arch, TARTAN_archInit, TARTAN_archExit>;

const CommandSpec kStatsSpec = {
    "stats",
    "GRAPH TARGET MAP",
    "print the quality figures of a mapping",
    "Prints the statistics of the mapping MAP (a SCOTCH .map file) of GRAPH onto TARGET (a\n"
    "target file or 'hwloc') in the layout of SCOTCH's gmtst: loads of the used terminals,\n"
    "neighbours, dilation, communication cost (CommExpan, in parentheses), cut, the share of\n"
    "communication per distance, part diameters. Figures equal gmtst's, except where gmtst is\n"
    "wrong (doc/strategy.md, \"Statistics\"). With --json, one JSON object instead.",
    {{'j', "json", nullptr, "print one JSON object"},
     {'o', "output", "FILE", "write to FILE (default: standard output)"}},
    3,
    3};

}  // namespace

int run_stats_command(int argc, char** argv) {
  const auto parsed = parse_command(kStatsSpec, argc, argv);
  if (!parsed) return kExitOk;
  const std::string graph_path = parsed->args()[0], target_path = parsed->args()[1],
                    map_path = parsed->args()[2];
  GraphHandle graph;
  read_graph(graph.get(), graph_path, graph_format_of(graph_path));
  ArchHandle arch;
  load_target_argument(arch.get(), target_path);
  TARTAN_Mapping mapping;
  check_call(TARTAN_graphMapInit(graph.get(), &mapping, arch.get(), nullptr), "mapping");
  struct MappingGuard {
    TARTAN_Graph* graph;
    TARTAN_Mapping* mapping;
    ~MappingGuard() { TARTAN_graphMapExit(graph, mapping); }
  } guard{graph.get(), &mapping};
  if (map_path == "-")
    check_call(TARTAN_graphMapLoad(graph.get(), &mapping, stdin), "standard input");
  else
    check_call(TARTAN_graphMapLoadPath(graph.get(), &mapping, map_path.c_str()), map_path);
  const std::string output = parsed->value("output", "-");
  OutputFile out(output);
  const bool json = parsed->has("json");
  check_call(json ? TARTAN_graphMapViewJson(graph.get(), &mapping, out.get())
                  : TARTAN_graphMapView(graph.get(), &mapping, out.get()),
             output == "-" ? "standard output" : output);
  out.close();
  return kExitOk;
}

}  // namespace tartan_cli
