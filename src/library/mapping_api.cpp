// The mapping part of the C API: mapping handles tying a graph, a target and a part array;
// computing mappings with a strategy (src/strat), .map files (src/io/mapping_io) and the
// statistics (src/metrics).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "arch/arch_factory.hpp"
#include "arch/network.hpp"
#include "graph/graph_check.hpp"
#include "io/compressed_stream.hpp"
#include "io/mapping_io.hpp"
#include "library/arch_handle.hpp"
#include "library/graph_handle.hpp"
#include "library/strat_handle.hpp"
#include "metrics/mapping_stats.hpp"
#include "metrics/network_stats.hpp"
#include "strat/remap.hpp"

using namespace tartan;
using namespace tartan::api;

namespace {

struct MappingObject {
  const Graph* graph = nullptr;  // the graph object the mapping was initialised with
  Num vertnbr = 0;               // its vertex count then
  ArchPtr arch;
  Num* parttab = nullptr;        // the caller's array, or owned.data()
  std::vector<Num> owned;
  PhaseLog phases;               // of the last computation
};

}  // namespace

template <>
struct tartan::api::HandleTraits<MappingObject> {
  static constexpr std::uint64_t check = 0x5441'5254'4d41'5050ull;  // "TARTMAPP"
  static constexpr const char* name = "TARTAN_Mapping";
};

namespace {

const char* const kStreamName = "mapping stream";

// The mapping behind handle, checked against the graph the caller passes with it.
MappingObject& mapping_of(const TARTAN_Graph* graph_handle, const TARTAN_Mapping* handle) {
  const Graph& graph = unwrap<Graph>(graph_handle);
  MappingObject& mapping = unwrap<MappingObject>(handle);
  if (&graph != mapping.graph)
    fail_invalid("the mapping was initialised with another graph");
  if (graph.vertnbr != mapping.vertnbr)
    fail_invalid("the graph has " + std::to_string(graph.vertnbr) +
                 " vertices, the mapping was initialised for " + std::to_string(mapping.vertnbr));
  return mapping;
}

// Maps graph onto arch into parttab (vertnbr entries); with keep_fixed, entries other than -1
// are fixed vertices. strat may be NULL: the default strategy.
void compute(const Graph& graph, const Architecture& arch, const TARTAN_Strat* strat,
             Num* parttab, bool keep_fixed, PhaseLog* phases = nullptr) {
  // The methods rely on what TARTAN_graphCheck establishes (neighbours in range, symmetric
  // arcs, non-negative loads, sums that fit): a graph built but never checked is checked
  // here, in O(vertnbr + edgenbr), rather than trusted.
  check_graph(graph);
  const Strategy default_strategy;
  const Strategy& strategy = strat != nullptr ? unwrap<Strategy>(strat) : default_strategy;
  if (graph.vertnbr > 0) require(parttab, "parttab");
  std::vector<Num> parts(parttab, parttab + graph.vertnbr);
  std::vector<bool> fixed;
  if (keep_fixed) {
    fixed.resize(parts.size());
    for (std::size_t v = 0; v < parts.size(); ++v) fixed[v] = parts[v] != -1;
    parts_to_positions(arch, parts.data(), parts.size(), "parttab");
  }
  run_strategy(strategy, graph, arch, parts, fixed, phases);
  parts_to_labels(arch, parts.data(), parts.size());
  std::copy(parts.begin(), parts.end(), parttab);
}

// Remaps graph onto arch into parttab against oldtab (TARTAN_graphRemap's contract); with
// keep_fixed, parttab entries other than -1 are fixed vertices.
void remap(const Graph& graph, const Architecture& arch, const TARTAN_Strat* strat,
           const Num* oldtab, double emraval, const Num* vmlotab, Num* parttab, bool keep_fixed) {
  check_graph(graph);
  const Strategy default_strategy;
  const Strategy& strategy = strat != nullptr ? unwrap<Strategy>(strat) : default_strategy;
  const auto n = static_cast<std::size_t>(graph.vertnbr);
  if (n > 0) {
    require(parttab, "parttab");
    require(oldtab, "oldtab");
  }
  std::vector<Num> parts(parttab, parttab + n);
  std::vector<Num> old(oldtab, oldtab + n);
  std::vector<Num> load;
  if (vmlotab != nullptr) load.assign(vmlotab, vmlotab + n);
  std::vector<bool> fixed;
  if (keep_fixed) {
    fixed.resize(n);
    for (std::size_t v = 0; v < n; ++v) fixed[v] = parts[v] != -1;
    parts_to_positions(arch, parts.data(), n, "parttab");
  }
  parts_to_positions(arch, old.data(), n, "oldtab");
  run_remap(strategy, graph, arch, old, load, emraval, parts, fixed);
  parts_to_labels(arch, parts.data(), n);
  std::copy(parts.begin(), parts.end(), parttab);
}

// Largest part a .map file may hold, plus one; -1: any (variable-sized targets, and deco
// targets numbered by label, whose numbers are checked by parts_to_positions).
Num part_limit(const Architecture& arch) {
  return arch.variable_sized() || !arch.numbered_by_position() ? -1 : arch.size();
}

void load(const Graph& graph, MappingObject& mapping, io::InputBuffer& input) {
  std::vector<Num> parts;
  io::read_mapping(input, graph, part_limit(*mapping.arch), parts);
  std::vector<Num> positions = parts;
  parts_to_positions(*mapping.arch, positions.data(), positions.size(), "mapping file part");
  std::copy(parts.begin(), parts.end(), mapping.parttab);
}

void save(const Graph& graph, const MappingObject& mapping, io::OutputBuffer& out) {
  io::write_mapping(graph, mapping.parttab, out);
  out.finish();
}

// The mapping's parts as terminal positions: deco 0 targets number their terminals by label
// (SCOTCH's numbers), the internals by position.
std::vector<Num> positions_of(const MappingObject& mapping) {
  std::vector<Num> parts(mapping.parttab, mapping.parttab + mapping.vertnbr);
  parts_to_positions(*mapping.arch, parts.data(), parts.size(), "parttab");
  return parts;
}

void view(const Graph& graph, const MappingObject& mapping, std::FILE* stream, bool json) {
  const std::vector<Num> parts = positions_of(mapping);
  const std::string text = format_mapping_view(graph, *mapping.arch, parts.data(), json);
  if (std::fwrite(text.data(), 1, text.size(), stream) != text.size() || std::fflush(stream) != 0)
    fail(ErrorCode::io, "cannot write the statistics");
}

// The mapping's traffic per link into the caller's arrays (either may be null).
void link_loads(const Graph& graph, const MappingObject& mapping, double* voltab, Num* msgtab) {
  const Network& network = network_of(*mapping.arch);
  const Num count = link_count_as_num(network);
  LinkLoads loads(network, network.link_count());  // the caller holds arrays of that size
  compute_network_stats(graph, *mapping.arch, positions_of(mapping).data(), &loads);
  if (voltab) std::fill(voltab, voltab + count, 0.0);
  if (msgtab) std::fill(msgtab, msgtab + count, Num(0));
  loads.for_each([&](LinkIndex link, double volume, std::int64_t messages) {
    if (voltab) voltab[link] = volume;
    if (msgtab) msgtab[link] = Num(messages);
  });
}

void view_path(const Graph& graph, const MappingObject& mapping, const char* path, bool json) {
  require(path, "path");
  if (std::string(path) == "-") return view(graph, mapping, stdout, json);
  std::FILE* stream = std::fopen(path, "w");
  if (stream == nullptr) fail(ErrorCode::io, std::string("cannot create '") + path + "'");
  try {
    view(graph, mapping, stream, json);
  } catch (...) {
    std::fclose(stream);
    throw;
  }
  if (std::fclose(stream) != 0) fail(ErrorCode::io, std::string("cannot write '") + path + "'");
}

}  // namespace

extern "C" {

TARTAN_API int TARTAN_mappingSizeof(void) { return static_cast<int>(sizeof(TARTAN_Mapping)); }

TARTAN_API TARTAN_Mapping* TARTAN_mappingAlloc(void) {
  return static_cast<TARTAN_Mapping*>(std::malloc(sizeof(TARTAN_Mapping)));
}

TARTAN_API int TARTAN_graphMapInit(const TARTAN_Graph* graph, TARTAN_Mapping* mapping,
                                   const TARTAN_Arch* arch, TARTAN_Num* parttab) {
  return guarded(__func__, [&] {
    auto object = std::make_unique<MappingObject>();
    object->graph = &unwrap<Graph>(graph);
    object->vertnbr = object->graph->vertnbr;
    object->arch = arch_of(arch);
    if (parttab == nullptr) {
      object->owned.assign(static_cast<std::size_t>(object->vertnbr), -1);
      parttab = object->owned.data();
    }
    object->parttab = parttab;
    init_handle(require(mapping, "mapping"), std::move(object));
  });
}

TARTAN_API void TARTAN_graphMapExit(const TARTAN_Graph* graph, TARTAN_Mapping* mapping) {
  (void)graph;  // SCOTCH's shape; the mapping knows its graph
  exit_handle<MappingObject>(mapping);
}

TARTAN_API int TARTAN_graphMapCompute(TARTAN_Graph* graph, TARTAN_Mapping* mapping,
                                      TARTAN_Strat* strat) {
  return guarded(__func__, [&] {
    MappingObject& object = mapping_of(graph, mapping);
    object.phases.clear();
    compute(*object.graph, *object.arch, strat, object.parttab, false, &object.phases);
  });
}

TARTAN_API int TARTAN_graphMapFixedCompute(TARTAN_Graph* graph, TARTAN_Mapping* mapping,
                                           TARTAN_Strat* strat) {
  return guarded(__func__, [&] {
    MappingObject& object = mapping_of(graph, mapping);
    object.phases.clear();
    compute(*object.graph, *object.arch, strat, object.parttab, true, &object.phases);
  });
}

TARTAN_API int TARTAN_graphMap(TARTAN_Graph* graph, const TARTAN_Arch* arch, TARTAN_Strat* strat,
                               TARTAN_Num* parttab) {
  return guarded(__func__, [&] {
    compute(unwrap<Graph>(graph), *arch_of(arch), strat, parttab, false);
  });
}

TARTAN_API int TARTAN_graphMapFixed(TARTAN_Graph* graph, const TARTAN_Arch* arch,
                                    TARTAN_Strat* strat, TARTAN_Num* parttab) {
  return guarded(__func__, [&] {
    compute(unwrap<Graph>(graph), *arch_of(arch), strat, parttab, true);
  });
}

TARTAN_API int TARTAN_graphRemap(TARTAN_Graph* graph, const TARTAN_Arch* arch,
                                 TARTAN_Strat* strat, const TARTAN_Num* oldtab, double emraval,
                                 const TARTAN_Num* vmlotab, TARTAN_Num* parttab) {
  return guarded(__func__, [&] {
    remap(unwrap<Graph>(graph), *arch_of(arch), strat, oldtab, emraval, vmlotab, parttab, false);
  });
}

TARTAN_API int TARTAN_graphRemapFixed(TARTAN_Graph* graph, const TARTAN_Arch* arch,
                                      TARTAN_Strat* strat, const TARTAN_Num* oldtab,
                                      double emraval, const TARTAN_Num* vmlotab,
                                      TARTAN_Num* parttab) {
  return guarded(__func__, [&] {
    remap(unwrap<Graph>(graph), *arch_of(arch), strat, oldtab, emraval, vmlotab, parttab, true);
  });
}

TARTAN_API int TARTAN_graphMapPhaseCount(const TARTAN_Graph* graph,
                                         const TARTAN_Mapping* mapping, TARTAN_Num* phasenbr) {
  return guarded(__func__, [&] {
    const MappingObject& object = mapping_of(graph, mapping);
    require(phasenbr, "phasenbr");
    *phasenbr = static_cast<Num>(object.phases.phases().size());
  });
}

TARTAN_API int TARTAN_graphMapPhase(const TARTAN_Graph* graph, const TARTAN_Mapping* mapping,
                                    TARTAN_Num index, const char** nameptr, double* secondsptr) {
  return guarded(__func__, [&] {
    const auto& phases = mapping_of(graph, mapping).phases.phases();
    if (index < 0 || static_cast<std::size_t>(index) >= phases.size())
      fail_invalid("phase " + std::to_string(index) + " does not exist (the last computation has " +
                   std::to_string(phases.size()) + " phases)");
    if (nameptr != nullptr) *nameptr = phases[index].name.c_str();
    if (secondsptr != nullptr) *secondsptr = phases[index].seconds;
  });
}

TARTAN_API int TARTAN_graphPart(TARTAN_Graph* graph, TARTAN_Num partnbr, TARTAN_Strat* strat,
                                TARTAN_Num* parttab) {
  return guarded(__func__, [&] {
    const Graph& source = unwrap<Graph>(graph);
    if (partnbr < 1) fail_invalid("part count must be at least 1, not " + std::to_string(partnbr));
    compute(source, *make_complete(partnbr), strat, parttab, false);
  });
}

TARTAN_API int TARTAN_graphMapLoad(const TARTAN_Graph* graph, TARTAN_Mapping* mapping,
                                   FILE* stream) {
  return guarded(__func__, [&] {
    MappingObject& object = mapping_of(graph, mapping);
    io::InputBuffer input(require(stream, "stream"), kStreamName);
    load(*object.graph, object, input);
  });
}

TARTAN_API int TARTAN_graphMapLoadPath(const TARTAN_Graph* graph, TARTAN_Mapping* mapping,
                                       const char* path) {
  return guarded(__func__, [&] {
    MappingObject& object = mapping_of(graph, mapping);
    auto input = io::InputBuffer::open(require(path, "path"));
    load(*object.graph, object, *input);
  });
}

TARTAN_API int TARTAN_graphMapSave(const TARTAN_Graph* graph, const TARTAN_Mapping* mapping,
                                   FILE* stream) {
  return guarded(__func__, [&] {
    const MappingObject& object = mapping_of(graph, mapping);
    io::OutputBuffer out(require(stream, "stream"), kStreamName, false);
    save(*object.graph, object, out);
  });
}

TARTAN_API int TARTAN_graphMapSavePath(const TARTAN_Graph* graph,
                                       const TARTAN_Mapping* mapping, const char* path) {
  return guarded(__func__, [&] {
    const MappingObject& object = mapping_of(graph, mapping);
    auto out = io::OutputBuffer::create(require(path, "path"));
    save(*object.graph, object, *out);
  });
}

TARTAN_API int TARTAN_graphMapView(const TARTAN_Graph* graph, const TARTAN_Mapping* mapping,
                                   FILE* stream) {
  return guarded(__func__, [&] {
    const MappingObject& object = mapping_of(graph, mapping);
    view(*object.graph, object, require(stream, "stream"), false);
  });
}

TARTAN_API int TARTAN_graphMapViewPath(const TARTAN_Graph* graph, const TARTAN_Mapping* mapping,
                                       const char* path) {
  return guarded(__func__, [&] {
    const MappingObject& object = mapping_of(graph, mapping);
    view_path(*object.graph, object, path, false);
  });
}

TARTAN_API int TARTAN_graphMapViewJson(const TARTAN_Graph* graph, const TARTAN_Mapping* mapping,
                                       FILE* stream) {
  return guarded(__func__, [&] {
    const MappingObject& object = mapping_of(graph, mapping);
    view(*object.graph, object, require(stream, "stream"), true);
  });
}

TARTAN_API int TARTAN_graphMapViewJsonPath(const TARTAN_Graph* graph,
                                           const TARTAN_Mapping* mapping, const char* path) {
  return guarded(__func__, [&] {
    const MappingObject& object = mapping_of(graph, mapping);
    view_path(*object.graph, object, path, true);
  });
}

}

TARTAN_API int TARTAN_graphMapNetStats(const TARTAN_Graph* graph, const TARTAN_Mapping* mapping,
                                       TARTAN_NetStats* stats) {
  return guarded(__func__, [&] {
    const MappingObject& object = mapping_of(graph, mapping);
    require(stats, "stats");
    const NetworkStats s =
        compute_network_stats(*object.graph, *object.arch, positions_of(object).data());
    *stats = TARTAN_NetStats{s.messages, s.links_used, s.th, s.wh, s.mc, s.mmc, s.ac, s.amc,
                             s.dilation_max, s.dilation_avg, s.dilation_weighted, s.j};
  });
}

TARTAN_API int TARTAN_graphMapLinkLoads(const TARTAN_Graph* graph, const TARTAN_Mapping* mapping,
                                        double* voltab, TARTAN_Num* msgtab) {
  return guarded(__func__, [&] {
    const MappingObject& object = mapping_of(graph, mapping);
    link_loads(*object.graph, object, voltab, msgtab);
  });
}
