// Graph and CsrGraph pieces (see subgraph.hpp).
#include "graph/subgraph.hpp"

namespace tartan {

void view_csr_as_graph(const CsrGraph& csr, Graph& view) {
  view.baseval = 0;
  view.vertnbr = csr.vertex_count();
  view.edgenbr = csr.arc_count();
  view.verttab = csr.xadj.data();
  view.vendtab = csr.xadj.data() + 1;
  view.velotab = nullptr;
  view.vlbltab = nullptr;
  view.edgetab = csr.adjncy.data();
  view.edlotab = csr.adjwgt.data();
}

}  // namespace tartan
