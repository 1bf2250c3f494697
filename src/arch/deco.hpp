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
#include "partition/bipartition.hpp"

namespace tartan {

// How build_deco0 bipartitions: the parameters of DRB's multilevel bipartitioner, the runs
// per domain (the best split kept) and the seed of its generator (same seed, same target).
struct Deco0Options {
  int runs = 2;  // as DrbOptions
  BipartitionOptions bipartition;
  std::uint64_t seed = 0;
};

// deco 0 from a target graph: list (based like the graph, null for every vertex) selects the
// terminals; distances go through the whole graph. The recursive bipartitioning splits each
// domain with the multilevel graph bipartitioner (partition/bipartition.hpp) into halves of
// floor and ceiling of half its terminals, cutting the fewest (cheapest-to-cross) links. A
// domain owns target-graph vertices: its terminals and the non-terminal vertices (routers,
// unlisted vertices, load 0) that fell on its side, so halves stay connected through them.
ArchPtr build_deco0_with(const Graph& graph, const std::vector<Num>* list,
                         const Deco0Options& options);
// The same with the default options (its own name, so it can be passed as a function pointer).
ArchPtr build_deco0(const Graph& graph, const std::vector<Num>* list);

// Bytes the deco 0 matrix of termnbr terminals needs (2·termnbr−1 domains, lower triangle).
std::uint64_t deco0_matrix_bytes(std::uint64_t termnbr);

// Reads what follows the word "deco": the version (0, 1 or 2) and its data.
ArchPtr read_deco(TgtReader& reader);

}  // namespace tartan
