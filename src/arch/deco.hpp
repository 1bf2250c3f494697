// Decomposition-defined targets with a distance matrix (SCOTCH's `deco 0`, seed 001 §2.3.1):
// a recursive bipartitioning tree of the target graph's terminals (domain labels 1, 2i, 2i+1)
// and the distances between every pair of domains. Terminal distances are given (exact
// shortest paths in the target graph for the targets Tartan builds, src/archbuild/); a
// non-terminal distance is the average of its sons' distances. Distinct terminals are at a
// positive distance: a matrix with a 0 (or less) between two of them is refused.
//
// Memory and time are quadratic in the number of terminals: builds and loads refuse (ENOMEM)
// when the matrix would exceed deco_matrix_memory_limit() (TARTAN_DECO_MAX_MEMORY_MB).
//
// Terminal numbers: terminals ranked by increasing label (the target-graph vertex they stand
// for), so without a vertex list terminal k is vertex k; users see the labels themselves, as
// SCOTCH's programs do (Architecture::terminal_label). Files: `deco 0` (user-written, and what
// Tartan saves) and `deco 1` (SCOTCH's compiled form, what SCOTCH's amk_grf writes) load;
// `deco 2` is deco2.hpp's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "arch/architecture.hpp"
#include "graph/coarsening.hpp"
#include "io/text_reader.hpp"

namespace tartan {

// Position of the terminal pair (a, b) in a lower triangle with diagonal.
inline std::size_t deco0_triangle(Num a, Num b) {
  if (a < b) std::swap(a, b);
  const auto row = static_cast<std::size_t>(a);
  return row * (row + 1) / 2 + static_cast<std::size_t>(b);
}

// The deco 0 target of termnbr terminals: labels (increasing), capacities and SCOTCH domain
// numbers per terminal, and the terminal distances as a lower triangle with diagonal
// (deco0_triangle; room reserved for the 2·termnbr−1 domains saves a copy). Throws
// Error(format) unless the domain numbers form a bipartitioning tree and distinct terminals
// are at positive distances. topology: the target graph the distances come from (arc weights =
// link costs), whose vertex term_vertex[t] is terminal t; given (by builds), it gives the
// target its links and routes (graph_routes.hpp); empty (files, which hold distances only),
// the target has no links.
ArchPtr make_deco0(std::vector<Num> labels, const std::vector<Num>& weights,
                   const std::vector<std::int64_t>& heaps, std::vector<Num> distances,
                   CsrGraph topology = {}, const std::vector<Num>& term_vertex = {});

// Bytes the deco 0 matrix of termnbr terminals needs (2·termnbr−1 domains, lower triangle).
std::uint64_t deco0_matrix_bytes(std::uint64_t termnbr);
// Memory cap (bytes) of that matrix: TARTAN_DECO_MAX_MEMORY_MB from the environment (a whole
// number of MiB from 1 to 2^40), 512 MiB when unset or empty; any other setting throws
// Error(invalid).


std::uint64_t deco_matrix_memory_limit();
// Throws Error(no_memory) when the matrix of termnbr terminals exceeds the cap.
void check_deco0_matrix_memory(std::uint64_t termnbr);

// Reads what follows the word "deco": the version (0, 1 or 2) and its data.
ArchPtr read_deco(io::TextReader& reader);

}  // namespace tartan
