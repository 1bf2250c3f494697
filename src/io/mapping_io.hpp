// Mapping files (.map, SCOTCH's format; also fixed-vertex files): a pair count, then one
// "vertex-label terminal" pair per line. The count may be smaller than the graph's vertex
// count: vertices not listed are unmapped (-1).
#pragma once

#include <streambuf>
#include <vector>

#include "graph/graph.hpp"
#include "io/compressed_stream.hpp"

namespace tartan::io {

// Reads a whole .map stream into parttab (resized to vertnbr, indexed by 0-based vertex).
// Terminals must be -1 or in [0, part_limit); part_limit < 0 accepts any non-negative one
// (variable-sized targets). parttab is changed only on success. Throws Error(format) naming
// the line for malformed files, more pairs than vertices, labels of no vertex and vertices
// listed twice; Error(invalid) naming the line for a terminal outside the target.
void read_mapping(InputBuffer& input, const Graph& graph, Num part_limit,
                  std::vector<Num>& parttab);

// Writes every vertex of graph: "vertnbr", then "label<TAB>terminal" lines in vertex order.
void write_mapping(const Graph& graph, const Num* parttab, std::streambuf& out);

}  // namespace tartan::io
