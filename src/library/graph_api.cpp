// The graph half of the C API: handles, building over the caller's arrays, files, checks and
// statistics. Each function validates its arguments and calls the internals in src/graph and
// src/io inside one guard.
#include <cstdlib>
#include <string>

#include "graph/graph_builder.hpp"
#include "graph/graph_check.hpp"
#include "graph/graph_stats.hpp"
#include "graph/traversal.hpp"
#include "io/compressed_stream.hpp"
#include "io/graph_io.hpp"
#include "library/graph_handle.hpp"

using namespace tartan;
using namespace tartan::api;

namespace {

const char* const kStreamName = "graph stream";

unsigned load_flags(Num flags) {
  if (flags < 0 || flags > 3)
    fail_invalid("flags must be 0, 1 (discard vertex loads), 2 (discard edge loads) or 3, not " +
                 std::to_string(flags));
  return static_cast<unsigned>(flags);
}

void import_graph(Graph& graph, io::InputBuffer& input, Num baseval, int format) {
  switch (format) {
    case TARTAN_GRAPHFORMAT_SCOTCH: io::read_grf(graph, input, baseval); return;
    case TARTAN_GRAPHFORMAT_METIS: io::read_metis(graph, input, baseval); return;
    case TARTAN_GRAPHFORMAT_MATRIXMARKET: io::read_matrix_market(graph, input, baseval); return;
    default: fail_invalid("unknown graph format " + std::to_string(format));
  }
}

void save_graph(const Graph& graph, io::OutputBuffer& out) {
  check_graph_structure(graph);
  io::write_grf(graph, out);
  out.finish();
}

}  // namespace

extern "C" {

TARTAN_API int TARTAN_graphSizeof(void) { return static_cast<int>(sizeof(TARTAN_Graph)); }

TARTAN_API TARTAN_Graph* TARTAN_graphAlloc(void) {
  return static_cast<TARTAN_Graph*>(std::malloc(sizeof(TARTAN_Graph)));
}

TARTAN_API int TARTAN_graphInit(TARTAN_Graph* graph) {
  return guarded(__func__, [&] { init_handle(graph, std::make_unique<Graph>()); });
}

TARTAN_API void TARTAN_graphExit(TARTAN_Graph* graph) { exit_handle<Graph>(graph); }

TARTAN_API void TARTAN_graphFree(TARTAN_Graph* graph) {
  guarded(__func__, [&] { unwrap<Graph>(graph).clear(); });
}

TARTAN_API int TARTAN_graphBuild(TARTAN_Graph* graph, TARTAN_Num baseval, TARTAN_Num vertnbr,
                                 const TARTAN_Num* verttab, const TARTAN_Num* vendtab,
                                 const TARTAN_Num* velotab, const TARTAN_Num* vlbltab,
                                 TARTAN_Num edgenbr, const TARTAN_Num* edgetab,
                                 const TARTAN_Num* edlotab) {
  return guarded(__func__, [&] {
    Graph& target = unwrap<Graph>(graph);
    if (vertnbr > 0 || verttab != nullptr) require(verttab, "verttab");
    if (edgenbr > 0) require(edgetab, "edgetab");
    Graph built;
    built.baseval = baseval;
    built.vertnbr = vertnbr;
    built.edgenbr = edgenbr;
    built.verttab = verttab;
    built.vendtab = vendtab != nullptr ? vendtab : (verttab != nullptr ? verttab + 1 : nullptr);
    built.velotab = velotab;
    built.vlbltab = vlbltab;
    built.edgetab = edgetab;
    built.edlotab = edlotab;
    check_graph_structure(built);
    target.swap(built);
  });
}

TARTAN_API int TARTAN_graphLoad(TARTAN_Graph* graph, FILE* stream, TARTAN_Num baseval,
                                TARTAN_Num flags) {
  return guarded(__func__, [&] {
    Graph& target = unwrap<Graph>(graph);
    const unsigned discard = load_flags(flags);
    io::InputBuffer input(require(stream, "stream"), kStreamName);
    io::read_grf(target, input, baseval, discard);
  });
}

TARTAN_API int TARTAN_graphLoadPath(TARTAN_Graph* graph, const char* path, TARTAN_Num baseval,
                                    TARTAN_Num flags) {
  return guarded(__func__, [&] {
    Graph& target = unwrap<Graph>(graph);
    const unsigned discard = load_flags(flags);
    auto input = io::InputBuffer::open(require(path, "path"));
    io::read_grf(target, *input, baseval, discard);
  });
}

TARTAN_API int TARTAN_graphSave(const TARTAN_Graph* graph, FILE* stream) {
  return guarded(__func__, [&] {
    const Graph& source = unwrap<Graph>(graph);
    io::OutputBuffer out(require(stream, "stream"), kStreamName, false);
    save_graph(source, out);
  });
}

TARTAN_API int TARTAN_graphSavePath(const TARTAN_Graph* graph, const char* path) {
  return guarded(__func__, [&] {
    const Graph& source = unwrap<Graph>(graph);
    auto out = io::OutputBuffer::create(require(path, "path"));
    save_graph(source, *out);
  });
}

TARTAN_API int TARTAN_graphCheck(const TARTAN_Graph* graph) {
  return guarded(__func__, [&] { check_graph(unwrap<Graph>(graph)); });
}

TARTAN_API void TARTAN_graphData(const TARTAN_Graph* graph, TARTAN_Num* baseptr,
                                 TARTAN_Num* vertptr, TARTAN_Num** verttab, TARTAN_Num** vendtab,
                                 TARTAN_Num** velotab, TARTAN_Num** vlbltab, TARTAN_Num* edgeptr,
                                 TARTAN_Num** edgetab, TARTAN_Num** edlotab) {
  guarded(__func__, [&] {
    const Graph& source = unwrap<Graph>(graph);
    // SCOTCH's signature hands out non-const pointers; the arrays stay the graph's (or caller's).
    if (baseptr) *baseptr = source.baseval;
    if (vertptr) *vertptr = source.vertnbr;
    if (verttab) *verttab = const_cast<TARTAN_Num*>(source.verttab);
    if (vendtab) *vendtab = const_cast<TARTAN_Num*>(source.vendtab);
    if (velotab) *velotab = const_cast<TARTAN_Num*>(source.velotab);
    if (vlbltab) *vlbltab = const_cast<TARTAN_Num*>(source.vlbltab);
    if (edgeptr) *edgeptr = source.edgenbr;
    if (edgetab) *edgetab = const_cast<TARTAN_Num*>(source.edgetab);
    if (edlotab) *edlotab = const_cast<TARTAN_Num*>(source.edlotab);
  });
}

TARTAN_API void TARTAN_graphSize(const TARTAN_Graph* graph, TARTAN_Num* vertnbr,
                                 TARTAN_Num* edgenbr) {
  guarded(__func__, [&] {
    const Graph& source = unwrap<Graph>(graph);
    if (vertnbr) *vertnbr = source.vertnbr;
    if (edgenbr) *edgenbr = source.edgenbr;
  });
}

TARTAN_API TARTAN_Num TARTAN_graphBase(TARTAN_Graph* graph, TARTAN_Num baseval) {
  return guarded_value<TARTAN_Num>(__func__, -1, [&] {
    Graph& target = unwrap<Graph>(graph);
    const Num old = target.baseval;
    if (target.verttab == nullptr && target.vertnbr == 0) {  // empty graph: nothing to renumber
      if (baseval != 0 && baseval != 1) fail_invalid("baseval must be 0 or 1");
      target.baseval = baseval;
    } else {
      rebase_owned(target, baseval);
    }
    return old;
  });
}

TARTAN_API void TARTAN_graphStat(const TARTAN_Graph* graph, TARTAN_Num* velominptr,
                                 TARTAN_Num* velomaxptr, TARTAN_Num* velosumptr,
                                 double* veloavgptr, double* velodltptr, TARTAN_Num* degrminptr,
                                 TARTAN_Num* degrmaxptr, double* degravgptr, double* degrdltptr,
                                 TARTAN_Num* edlominptr, TARTAN_Num* edlomaxptr,
                                 TARTAN_Num* edlosumptr, double* edloavgptr,
                                 double* edlodltptr) {
  guarded(__func__, [&] {
    const Graph& source = unwrap<Graph>(graph);
    check_graph_structure(source);
    const GraphStats s = graph_stats(source);
    if (velominptr) *velominptr = s.velomin;
    if (velomaxptr) *velomaxptr = s.velomax;
    if (velosumptr) *velosumptr = s.velosum;
    if (veloavgptr) *veloavgptr = s.veloavg;
    if (velodltptr) *velodltptr = s.velodlt;
    if (degrminptr) *degrminptr = s.degrmin;
    if (degrmaxptr) *degrmaxptr = s.degrmax;
    if (degravgptr) *degravgptr = s.degravg;
    if (degrdltptr) *degrdltptr = s.degrdlt;
    if (edlominptr) *edlominptr = s.edlomin;
    if (edlomaxptr) *edlomaxptr = s.edlomax;
    if (edlosumptr) *edlosumptr = s.edlosum;
    if (edloavgptr) *edloavgptr = s.edloavg;
    if (edlodltptr) *edlodltptr = s.edlodlt;
  });
}

TARTAN_API int TARTAN_graphComponents(const TARTAN_Graph* graph, TARTAN_Num* compnbr,
                                      TARTAN_Num* comptab) {
  return guarded(__func__, [&] {
    const Graph& source = unwrap<Graph>(graph);
    require(compnbr, "compnbr");
    check_graph(source);
    const Components components = connected_components(source);
    *compnbr = components.count;
    if (comptab) std::copy(components.component.begin(), components.component.end(), comptab);
  });
}

TARTAN_API int TARTAN_graphImport(TARTAN_Graph* graph, FILE* stream, TARTAN_Num baseval,
                                  int format) {
  return guarded(__func__, [&] {
    Graph& target = unwrap<Graph>(graph);
    io::InputBuffer input(require(stream, "stream"), kStreamName);
    import_graph(target, input, baseval, format);
  });
}

TARTAN_API int TARTAN_graphImportPath(TARTAN_Graph* graph, const char* path, TARTAN_Num baseval,
                                      int format) {
  return guarded(__func__, [&] {
    Graph& target = unwrap<Graph>(graph);
    if (format < TARTAN_GRAPHFORMAT_SCOTCH || format > TARTAN_GRAPHFORMAT_MATRIXMARKET)
      fail_invalid("unknown graph format " + std::to_string(format));
    auto input = io::InputBuffer::open(require(path, "path"));
    import_graph(target, *input, baseval, format);
  });
}

}  // extern "C"
