// Decomposition-defined targets with a distance matrix (SCOTCH's `deco 0`, seed 001 §2.3.1):
// a recursive bipartitioning tree of the target graph's terminals (domain labels 1, 2i, 2i+1)
// and the distances between every pair of domains. Terminal distances are exact shortest paths
// in the whole target graph; a non-terminal distance is the average of its sons' distances.
//
// Memory and time are quadratic in the number of terminals: builds and loads refuse (ENOMEM)
// when the matrix would exceed deco_matrix_memory_limit() (TARTAN_DECO_MAX_MEMORY_MB).
//
// Terminal numbers: terminals ranked by increasing label (the target-graph vertex they stand
// for), so without a vertex list terminal k is vertex k. Files: `deco 0` (user-written, and what
// Tartan saves) and `deco 1` (SCOTCH's compiled form, what SCOTCH's amk_grf writes) load;
// `deco 2` is deco2.hpp's.
#pragma once

#include <cstdint>
#include <vector>

#include "arch/architecture.hpp"
#include "arch/tgt_reader.hpp"
#include "graph/graph.hpp"

namespace tartan {

// deco 0 from a target graph: list (based like the graph, null for every vertex) selects the
// terminals; distances go through the whole graph. The recursive bipartitioning splits each
// domain into halves of equal terminal counts (sizes differ by one at most) along the line
// joining its two farthest terminals (pseudo-peripheral pair), by difference of exact distances.
ArchPtr build_deco0(const Graph& graph, const std::vector<Num>* list);

// Bytes the deco 0 matrix of termnbr terminals needs (2·termnbr−1 domains, lower triangle).
std::uint64_t deco0_matrix_bytes(std::uint64_t termnbr);

// Reads what follows the word "deco": the version (0, 1 or 2) and its data.
ArchPtr read_deco(TgtReader& reader);

}  // namespace tartan
