// Building deco 2 targets, and the rule choosing deco 0 or deco 2 (see deco_build.hpp).
#include "archbuild/deco_build.hpp"

#include <utility>

#include "arch/deco.hpp"
#include "arch/deco2.hpp"
#include "archbuild/target_terminals.hpp"
#include "graph/coarsening.hpp"

namespace tartan {

ArchPtr build_deco2(const Graph& graph, const std::vector<Num>* list, Num settle_limit) {
  TargetTerminals terminals = select_target_terminals(graph, list);
  CsrGraph finest = csr_from_graph(graph);
  std::vector<Num> loads;
  if (graph.velotab != nullptr) loads = finest.vwgt;
  return make_deco2(std::move(finest), std::move(loads), std::move(terminals.vertex),
                    terminals.weight, settle_limit);
}

ArchPtr build_deco_auto(const Graph& graph, const std::vector<Num>* list,
                        const Deco0Options& options) {
  const Num termnbr = list ? static_cast<Num>(list->size()) : graph.vertnbr;
  const bool small =
      termnbr <= kDeco0MaxTerminals &&
      deco0_matrix_bytes(static_cast<std::uint64_t>(termnbr)) <= deco_matrix_memory_limit();
  return small ? build_deco0_with(graph, list, options) : build_deco2(graph, list);
}

}  // namespace tartan
