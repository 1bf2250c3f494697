// Graph files: SCOTCH's .grf (version 0) read and written, METIS .graph and Matrix Market .mtx
// read. Readers fill `graph` only on success (it is left as it was on error) and throw
// Error(format) with the file name and line, Error(overflow) for numbers beyond Num,
// Error(io) / Error(not_supported) from the stream. Readers check the file's structure
// (counts, ranges, labels), not the graph's consistency: check_graph (graph_check.hpp) finds
// asymmetric arcs, self loops and negative weights in a graph that was read.
#pragma once

#include <streambuf>

#include "graph/graph.hpp"
#include "io/compressed_stream.hpp"
#include "io/text_reader.hpp"

namespace tartan::io {

// Bits of read_grf's `discard` argument (TARTAN_graphLoad's flags, SCOTCH's values).
constexpr unsigned kDiscardVertexLoads = 1;
constexpr unsigned kDiscardEdgeLoads = 2;

// Reads a whole .grf stream: one graph, then nothing but white space. baseval: -1 keeps the
// file's base, 0 or 1 renumbers. Labels, when present, are kept in vlbltab and neighbours given
// by label are turned into vertex numbers; duplicate or unknown labels are format errors.
void read_grf(Graph& graph, InputBuffer& input, Num baseval, unsigned discard = 0);
// Reads one graph from a reader positioned at its version number and stops right after its
// last vertex (for files that embed graphs, such as deco 2 targets).
void read_grf(Graph& graph, TextReader& reader, Num baseval, unsigned discard = 0);

// Writes graph as a .grf (version 0) in its own base; neighbours by label when it has labels.
// Assumes check_graph_structure holds; throws Error(invalid) on a neighbour out of range.
// Write errors surface through the buffer (OutputBuffer::finish).
void write_grf(const Graph& graph, std::streambuf& out);

// METIS / Chaco .graph: "n m [fmt [ncon]]" (fmt digits: vertex sizes, vertex weights, edge
// weights; sizes are skipped; ncon must be 1), then one line per vertex; % starts a comment.
void read_metis(Graph& graph, InputBuffer& input, Num baseval);

// Matrix Market coordinate matrices (pattern, integer, real; general, symmetric,
// skew-symmetric, hermitian): the graph of A + A^T without the diagonal. Integer matrices give
// edge weights |a_ij| (the larger of |a_ij| and |a_ji| when both are stored), others none.
void read_matrix_market(Graph& graph, InputBuffer& input, Num baseval);

}  // namespace tartan::io
