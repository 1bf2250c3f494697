// C API: decomposition-defined targets built from a target graph (deco 0, deco 2).
#include <vector>

#include "archbuild/deco_build.hpp"
#include "graph/graph_check.hpp"
#include "library/api.hpp"
#include "library/arch_handle.hpp"
#include "library/graph_handle.hpp"
#include "library/strat_handle.hpp"
#include "strat/strat_parser.hpp"

namespace tartan::api {
namespace {

// The checked target graph of a build.
const Graph& target_graph(const TARTAN_Graph* handle) {
  const Graph& graph = unwrap<Graph>(handle);
  check_graph(graph);
  return graph;
}

// The vertex list as a vector (null: every vertex), its size checked.
std::unique_ptr<std::vector<Num>> vertex_list(const Graph& graph, Num listnbr,
                                              const Num* listtab) {
  if (listtab == nullptr) {
    if (listnbr != 0 && listnbr != graph.vertnbr)
      fail_invalid("listtab is NULL but listnbr is " + std::to_string(listnbr) +
                   " (0 or the vertex count " + std::to_string(graph.vertnbr) +
                   " selects every vertex)");
    return nullptr;
  }
  if (listnbr <= 0)
    fail_invalid("the vertex list is empty (listnbr is " + std::to_string(listnbr) + ")");
  return std::make_unique<std::vector<Num>>(listtab, listtab + listnbr);
}

// The bipartitioning options of a build's strategy (NULL or empty: the defaults): the
// parameters of its single drb{...} step, and its seed.
Deco0Options tree_options(const TARTAN_Strat* strat) {
  Deco0Options options;
  if (strat == nullptr) return options;
  const Strategy& strategy = unwrap<Strategy>(strat);
  options.seed = strategy.seed;
  if (strategy.text.empty()) return options;
  static const MethodEntry tree_step{"drb", "bipartitioning of a target build", kDeco0Keys,
                                     nullptr};
  try {
    read_deco0_options(*parse_method_call(strategy.text, tree_step), options);
  } catch (const Error& error) {
    fail_invalid("a target build's bipartitioning strategy must be a single drb{...} step (keys "
                 "runs, coarse, ratio, tries, passes, moves): '" + strategy.text + "': " +
                 error.what());
  }
  return options;
}

}  // namespace
}  // namespace tartan::api

using namespace tartan;
using namespace tartan::api;

TARTAN_API int TARTAN_archBuild0(TARTAN_Arch* arch, const TARTAN_Graph* tgtgraph,
                                 TARTAN_Num listnbr, const TARTAN_Num* listtab,
                                 const TARTAN_Strat* strat) {
  return guarded(__func__, [&] {
    check_arch_handle(arch);
    const Graph& graph = target_graph(tgtgraph);
    const auto list = vertex_list(graph, listnbr, listtab);
    const Deco0Options options = tree_options(strat);
    set_arch(arch, build_deco0_with(graph, list.get(), options));
  });
}

TARTAN_API int TARTAN_archBuild2(TARTAN_Arch* arch, const TARTAN_Graph* tgtgraph,
                                 TARTAN_Num listnbr, const TARTAN_Num* listtab) {
  return guarded(__func__, [&] {
    check_arch_handle(arch);
    const Graph& graph = target_graph(tgtgraph);
    const auto list = vertex_list(graph, listnbr, listtab);
    set_arch(arch, build_deco2(graph, list.get()));
  });
}

TARTAN_API int TARTAN_archBuild(TARTAN_Arch* arch, const TARTAN_Graph* tgtgraph,
                                TARTAN_Num listnbr, const TARTAN_Num* listtab,
                                const TARTAN_Strat* strat) {
  return guarded(__func__, [&] {
    check_arch_handle(arch);
    const Graph& graph = target_graph(tgtgraph);
    const auto list = vertex_list(graph, listnbr, listtab);
    const Deco0Options options = tree_options(strat);  // checked even when deco 2 is built
    set_arch(arch, build_deco_auto(graph, list.get(), options));
  });
}
