// `tartan map`: maps a graph onto a target with a strategy and writes the .map file, through
// the public API only.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "tartan.h"
#include "tools/cli_common.hpp"
#include "tools/tools.hpp"

namespace tartan_cli {
namespace {

using ArchHandle = Handle<TARTAN_Arch, TARTAN_archInit, TARTAN_archExit>;
using StratHandle = Handle<TARTAN_Strat, TARTAN_stratInit, TARTAN_stratExit>;

const CommandSpec kMapSpec = {
    "map",
    "GRAPH TARGET",
    "map a graph onto a target and write the mapping",
    "Maps the vertices of GRAPH (.grf, .grf.gz, METIS .graph, Matrix Market .mtx) onto the\n"
    "terminals of TARGET (a .tgt file, or 'hwloc' for the processing units of this machine) and\n"
    "writes the mapping as a SCOTCH .map file. The strategy is the default one (dual recursive\n"
    "bipartitioning, its blocks oriented on meshes, tori and hypercubes, then k-way\n"
    "refinement; above 131072 vertices one V-cycle: the graph coarsened once, bipartitioned,\n"
    "refined on the way back up), one chosen with -c, or a strategy string given with -s\n"
    "(grammar: doc/strategy.md). Same inputs, strategy and seed give the same mapping.",
    {{'o', "output", "MAP", "write the mapping to MAP (default: standard output)"},
     {'s', "strategy", "STRAT", "mapping strategy string, e.g. \"drb;kway\""},
     {'c', "flags", "FLAGS",
      "default strategy: letters b balance, q quality, r recursive only, s speed, t safety"},
     {'b', "balance", "RATIO", "imbalance tolerance in [0, 1] (default 0.01)"},
     {'f', "fixed", "FILE", "fixed vertices: a .map file of vertices that keep their terminal"},
     {'\0', "old", "MAP",
      "remap: an old mapping (.map) whose vertices cost --migration-cost each when moved"},
     {'\0', "migration-cost", "W",
      "remap: weight of one migrated vertex against one unit of communication (default 1)"},
     {'\0', "seed", "N", "seed of the random generator (default 0)"},
     {'t', "threads", "N", "threads to use, 0 for one per processing unit this process may run "
                           "on (default 0); the mapping is the same for any N"},
     {'v', "verbose", nullptr, "print the phase timings on standard error"}},
    2,
    2};

TARTAN_Num strategy_flags(const std::string& letters) {
  TARTAN_Num flags = TARTAN_STRATDEFAULT;
  for (char letter : letters) {
    switch (letter) {
      case 'b': flags |= TARTAN_STRATBALANCE; break;
      case 'q': flags |= TARTAN_STRATQUALITY; break;
      case 'r': flags |= TARTAN_STRATRECURSIVE; break;
      case 's': flags |= TARTAN_STRATSPEED; break;
      case 't': flags |= TARTAN_STRATSAFETY; break;
      default:
        throw UsageError(std::string("unknown strategy flag '") + letter +
                         "' (expected letters among b, q, r, s, t)");
    }
  }
  return flags;
}

double migration_weight(const std::string& text) {
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !std::isfinite(value) || value < 0)
    throw UsageError("--migration-cost must be a number >= 0, not '" + text + "'");
  return value;
}

double balance_ratio(const std::string& text) {
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !std::isfinite(value) || value < 0 || value > 1)
    throw UsageError("balance must be a number between 0 and 1, not '" + text + "'");
  return value;
}

class PhaseClock {
 public:
  explicit PhaseClock(bool verbose) : verbose_(verbose) {}
  void lap(const char* phase) {
    const auto now = std::chrono::steady_clock::now();
    if (verbose_)
      std::fprintf(stderr, "%-16s %9.3f s\n", phase,
                   std::chrono::duration<double>(now - last_).count());
    last_ = now;
  }
  // The phases of the mapping computation itself (TARTAN_graphMapPhase), indented under "map".
  void mapping_phases(const TARTAN_Graph* graph, const TARTAN_Mapping* mapping) const {
    if (!verbose_) return;
    TARTAN_Num count = 0;
    check_call(TARTAN_graphMapPhaseCount(graph, mapping, &count), "mapping phases");
    for (TARTAN_Num i = 0; i < count; ++i) {
      const char* name = nullptr;
      double seconds = 0;
      check_call(TARTAN_graphMapPhase(graph, mapping, i, &name, &seconds), "mapping phases");
      std::fprintf(stderr, "  %-14s %9.3f s\n", name, seconds);
    }
  }

 private:
  bool verbose_;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

}  // namespace

// TARGET as `tartan map` and `tartan stats` take it: a .tgt path, "-", or "hwloc".
void load_target_argument(TARTAN_Arch* arch, const std::string& path) {
  if (path == "hwloc")
    check_call(TARTAN_archHwloc(arch), "hwloc");
  else if (path == "-")
    check_call(TARTAN_archLoadPath(arch, "-"), "standard input");
  else
    check_call(TARTAN_archLoadPath(arch, path.c_str()), path);
}

int run_map_command(int argc, char** argv) {
  const auto parsed = parse_command(kMapSpec, argc, argv);
  if (!parsed) return kExitOk;
  const std::string graph_path = parsed->args()[0], target_path = parsed->args()[1];
  const std::string output = parsed->value("output", "-");
  if (parsed->has("strategy") && parsed->has("flags"))
    throw UsageError("give a strategy string (-s) or strategy flags (-c), not both");
  const TARTAN_Num flags = strategy_flags(parsed->value("flags", ""));
  const double balance = balance_ratio(parsed->value("balance", "0.01"));
  const TARTAN_Num seed = static_cast<TARTAN_Num>(
      parse_integer(parsed->value("seed", "0"), "seed", 0, TARTAN_NUMMAX));
  if (parsed->has("migration-cost") && !parsed->has("old"))
    throw UsageError("--migration-cost needs an old mapping (--old MAP)");
  const double migration = migration_weight(parsed->value("migration-cost", "1"));
  const TARTAN_Num threads =
      static_cast<TARTAN_Num>(parse_integer(parsed->value("threads", "0"), "threads", 0, 4096));
  PhaseClock clock(parsed->has("verbose"));

  GraphHandle graph;
  read_graph(graph.get(), graph_path, graph_format_of(graph_path));
  clock.lap("read graph");
  ArchHandle arch;
  load_target_argument(arch.get(), target_path);
  clock.lap("read target");

  StratHandle strat;
  check_call(TARTAN_stratGraphMapBuild(strat.get(), flags, 0, balance), "strategy");
  if (parsed->has("strategy"))
    check_call(TARTAN_stratGraphMap(strat.get(), parsed->value("strategy", "").c_str()),
               "strategy");
  check_call(TARTAN_stratRandomSeed(strat.get(), seed), "seed");
  check_call(TARTAN_stratThreads(strat.get(), threads), "threads");

  TARTAN_Num vertnbr = 0;
  TARTAN_graphSize(graph.get(), &vertnbr, nullptr);
  std::vector<TARTAN_Num> parttab(static_cast<std::size_t>(vertnbr), -1);
  TARTAN_Mapping mapping;
  check_call(TARTAN_graphMapInit(graph.get(), &mapping, arch.get(), parttab.data()), "mapping");
  struct MappingGuard {
    TARTAN_Graph* graph;
    TARTAN_Mapping* mapping;
    ~MappingGuard() { TARTAN_graphMapExit(graph, mapping); }
  } guard{graph.get(), &mapping};
  if (parsed->has("fixed")) {
    const std::string fixed = parsed->value("fixed", "");
    check_call(TARTAN_graphMapLoadPath(graph.get(), &mapping, fixed.c_str()), fixed);
    clock.lap("read fixed");
  }
  if (parsed->has("old")) {
    // The old mapping is read through a second mapping handle over its own array.
    std::vector<TARTAN_Num> oldtab(static_cast<std::size_t>(vertnbr), -1);
    TARTAN_Mapping old_mapping;
    check_call(TARTAN_graphMapInit(graph.get(), &old_mapping, arch.get(), oldtab.data()),
               "old mapping");
    const std::string old = parsed->value("old", "");
    const int loaded = TARTAN_graphMapLoadPath(graph.get(), &old_mapping, old.c_str());
    TARTAN_graphMapExit(graph.get(), &old_mapping);
    check_call(loaded, old);
    clock.lap("read old");
    if (parsed->has("fixed"))
      check_call(TARTAN_graphRemapFixed(graph.get(), arch.get(), strat.get(), oldtab.data(),
                                        migration, nullptr, parttab.data()),
                 "remapping");
    else
      check_call(TARTAN_graphRemap(graph.get(), arch.get(), strat.get(), oldtab.data(),
                                   migration, nullptr, parttab.data()),
                 "remapping");
  } else if (parsed->has("fixed")) {
    check_call(TARTAN_graphMapFixedCompute(graph.get(), &mapping, strat.get()), "mapping");
  } else {
    check_call(TARTAN_graphMapCompute(graph.get(), &mapping, strat.get()), "mapping");
  }
  clock.lap("map");
  clock.mapping_phases(graph.get(), &mapping);
  OutputFile out(output);
  check_call(TARTAN_graphMapSave(graph.get(), &mapping, out.get()),
             output == "-" ? "standard output" : output);
  out.close();
  clock.lap("write map");
  return kExitOk;
}

}  // namespace tartan_cli
