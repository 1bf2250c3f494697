// Graphs derived from a CsrGraph by vertex sets: the subgraph induced by a list of vertices and
// the quotient graph of a partition (each part one vertex, parallel edges merged with their
// weights summed). Pairwise contraction for multilevel schemes is coarsening.hpp's; these serve
// the hierarchy-driven one-to-one mappers (seed 000 §3.1), which split and contract by groups.
#pragma once

#include <vector>

#include "common/num.hpp"
#include "graph/coarsening.hpp"

namespace tartan {

// The subgraph of graph induced by vertices (distinct, 0-based): vertex i of the result is
// vertices[i]; weights kept, edges leaving the set dropped. local is scratch of graph's vertex
// count filled with -1 (restored on return).
CsrGraph induced_csr(const CsrGraph& graph, const std::vector<Num>& vertices, std::vector<Num>& local);

// The quotient of graph by part (part[v] in [0, parts)): vertex weights summed per part, the
// weights of the edges between two parts summed into one edge, edges inside a part dropped.
CsrGraph quotient_csr(const CsrGraph& graph, const std::vector<Num>& part, Num parts);

}  // namespace tartan
