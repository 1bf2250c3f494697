// `tartan stats`: the quality figures of a mapping (SCOTCH's gmtst layout, or JSON), through
// the public API only.
#include <cstdio>
#include <string>
#include <vector>

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
    "wrong (doc/strategy.md, \"Statistics\"). On a target with links the network figures\n"
    "follow (NetMessages ... NetJ, doc/networks.md). With --json, one JSON object instead.\n"
    "With --links, the traffic of every link used instead: a header line, then one line per\n"
    "link carrying messages: link number, tail and head node, bandwidth, volume, messages.",
    {{'j', "json", nullptr, "print one JSON object"},
     {'l', "links", nullptr, "print the traffic of every link used"},
     {'o', "output", "FILE", "write to FILE (default: standard output)"}},
    3,
    3};

// One line per link carrying messages (TARTAN_archLinks, TARTAN_graphMapLinkLoads).
void print_link_loads(const TARTAN_Graph* graph, const TARTAN_Mapping* mapping,
                      const TARTAN_Arch* arch, std::FILE* out) {
  TARTAN_Num nodenbr, linknbr;
  check_call(TARTAN_archLinkCount(arch, &nodenbr, &linknbr), "target");
  const std::size_t count = static_cast<std::size_t>(linknbr);
  std::vector<TARTAN_Num> source(count), target(count), messages(count);
  std::vector<double> bandwidth(count), volume(count);
  check_call(TARTAN_archLinks(arch, source.data(), target.data(), bandwidth.data()), "target");
  check_call(TARTAN_graphMapLinkLoads(graph, mapping, volume.data(), messages.data()), "mapping");
  std::fprintf(out, "link\tfrom\tto\tbandwidth\tvolume\tmessages\n");
  for (std::size_t l = 0; l < count; ++l)
    if (messages[l] > 0)
      std::fprintf(out, "%zu\t%lld\t%lld\t%g\t%.17g\t%lld\n", l,
                   static_cast<long long>(source[l]), static_cast<long long>(target[l]),
                   bandwidth[l], volume[l], static_cast<long long>(messages[l]));
}

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
  if (parsed->has("links")) {
    if (json) throw UsageError("give --json or --links, not both");
    print_link_loads(graph.get(), &mapping, arch.get(), out.get());
    out.close();
    return kExitOk;
  }
  check_call(json ? TARTAN_graphMapViewJson(graph.get(), &mapping, out.get())
                  : TARTAN_graphMapView(graph.get(), &mapping, out.get()),
             output == "-" ? "standard output" : output);
  out.close();
  return kExitOk;
}

}  // namespace tartan_cli
