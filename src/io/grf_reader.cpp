// SCOTCH source graph (.grf, version 0) reader (see graph_io.hpp).
#include <algorithm>
#include <limits>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "common/big_arrays.hpp"
#include "graph/graph_builder.hpp"
#include "io/graph_io.hpp"

namespace tartan::io {

namespace {

// The header's counts are trusted for reserving room up to what the input can hold: in a
// plain file every vertex and every arc takes at least two bytes; in other input (gzip data,
// pipes) the arrays start with room for 2^20 entries and grow.
constexpr std::size_t kReserveCap = std::size_t{1} << 20;

std::string str(std::int64_t value) { return std::to_string(value); }

struct GrfHeader {
  Num vertnbr = 0, edgenbr = 0, baseval = 0;
  bool labels = false, edge_weights = false, vertex_loads = false;
};

GrfHeader read_header(TextReader& reader) {
  GrfHeader header;
  const Num version = reader.read_num("the graph format version");
  if (version != 0)
    reader.fail_at_token(ErrorCode::format,
                         "unsupported graph format version " + str(version) +
                             " (Tartan reads version 0, centralized graphs)");
  header.vertnbr = reader.read_num("the vertex count");
  if (header.vertnbr < 0)
    reader.fail_at_token(ErrorCode::format, "negative vertex count " + str(header.vertnbr));
  if (header.vertnbr == std::numeric_limits<Num>::max())
    reader.fail_at_token(ErrorCode::overflow, "vertex count " + str(header.vertnbr) +
                                                  " leaves no room for vertnbr + 1 in TARTAN_Num");
  header.edgenbr = reader.read_num("the arc count");
  if (header.edgenbr < 0)
    reader.fail_at_token(ErrorCode::format, "negative arc count " + str(header.edgenbr));
  header.baseval = reader.read_num("the base value");
  if (header.baseval != 0 && header.baseval != 1)
    reader.fail_at_token(ErrorCode::format,
                         "base value " + str(header.baseval) + " is neither 0 nor 1");
  if (!reader.next_token()) reader.fail_expected("the property flags");
  const std::string& flags = reader.token();
  if (flags.size() != 3 || std::any_of(flags.begin(), flags.end(),
                                       [](char c) { return c != '0' && c != '1'; }))
    reader.fail_at_token(ErrorCode::format,
                         "bad property flags '" + flags.substr(0, 20) +
                             "' (expected three digits 0 or 1: labels, edge weights, vertex loads)");
  header.labels = flags[0] == '1';
  header.edge_weights = flags[1] == '1';
  header.vertex_loads = flags[2] == '1';
  return header;
}

// Turns neighbour labels into 0-based vertex numbers.
void resolve_labels(TextReader& reader, const CsrArrays& arrays,
                    const std::vector<std::int64_t>& vertex_line, std::vector<Num>& edgetab) {
  std::unordered_map<Num, Num> index_of;
  index_of.reserve(arrays.vlbltab.size());
  for (std::size_t v = 0; v < arrays.vlbltab.size(); ++v) {
    const auto [place, inserted] = index_of.emplace(arrays.vlbltab[v], static_cast<Num>(v));
    if (!inserted)
      reader.fail_at(ErrorCode::format, vertex_line[v],
                     "duplicate vertex label " + str(arrays.vlbltab[v]) +
                         " (already the label of the vertex on line " +
                         str(vertex_line[static_cast<std::size_t>(place->second)]) + ")");
  }
  for (std::size_t v = 0; v + 1 < arrays.verttab.size(); ++v)
    for (Num arc = arrays.verttab[v]; arc < arrays.verttab[v + 1]; ++arc) {
      Num& target = edgetab[static_cast<std::size_t>(arc)];
      const auto found = index_of.find(target);
      if (found == index_of.end())
        reader.fail_at(ErrorCode::format, vertex_line[v],
                       "neighbour label " + str(target) + " is the label of no vertex");
      target = found->second;
    }
}

}  // namespace

void read_grf(Graph& graph, TextReader& reader, Num baseval, unsigned discard) {
  if (baseval != -1 && baseval != 0 && baseval != 1)
    fail_invalid("baseval must be -1 (keep the file's), 0 or 1, not " + str(baseval));
  if (discard > (kDiscardVertexLoads | kDiscardEdgeLoads))
    fail_invalid("flags must be a combination of 1 (discard vertex loads) and 2 (discard edge "
                 "loads), not " + str(discard));
  const GrfHeader header = read_header(reader);
  const bool keep_loads = header.vertex_loads && !(discard & kDiscardVertexLoads);
  const bool keep_weights = header.edge_weights && !(discard & kDiscardEdgeLoads);

  CsrArrays arrays;
  std::vector<std::int64_t> vertex_line;  // with labels: each vertex's line, for messages
  const std::size_t trusted = std::max(kReserveCap, reader.size_bound() / 2);
  const std::size_t vertex_reserve = std::min<std::size_t>(header.vertnbr, trusted);
  const std::size_t arc_reserve = std::min<std::size_t>(header.edgenbr, trusted);
  reserve_big(arrays.verttab, vertex_reserve + 1);
  reserve_big(arrays.edgetab, arc_reserve);
  if (keep_loads) reserve_big(arrays.velotab, vertex_reserve);
  if (header.labels) {
    reserve_big(arrays.vlbltab, vertex_reserve);
    reserve_big(vertex_line, vertex_reserve);
  }
  if (keep_weights) reserve_big(arrays.edlotab, arc_reserve);
  arrays.verttab.push_back(0);

  const Num first = header.baseval, last = header.baseval + header.vertnbr - 1;
  std::int64_t arcs = 0;
  for (Num v = 0; v < header.vertnbr; ++v) {
    auto vertex = [&] { return "vertex " + str(v + header.baseval); };
    if (header.labels) {
      arrays.vlbltab.push_back(reader.read_num("a vertex label"));
      vertex_line.push_back(reader.token_line());
    }
    if (header.vertex_loads) {
      const Num load = reader.read_num("a vertex load");
      if (keep_loads) arrays.velotab.push_back(load);
    }
    const Num degree = reader.read_num("a degree");
    if (degree < 0)
      reader.fail_at_token(ErrorCode::format, vertex() + " has a negative degree (" + str(degree) + ")");
    if (degree > header.edgenbr - arcs)
      reader.fail_at_token(ErrorCode::format,
                           vertex() + "'s " + str(degree) + " arcs take the total past the " +
                               str(header.edgenbr) + " arcs the header announces");
    for (Num k = 0; k < degree; ++k) {
      if (header.edge_weights) {
        const Num weight = reader.read_num("an edge weight");
        if (keep_weights) arrays.edlotab.push_back(weight);
      }
      const Num target = reader.read_num("a neighbour");
      if (header.labels) {
        arrays.edgetab.push_back(target);  // a label until resolve_labels
      } else {
        if (target < first || target > last)
          reader.fail_at_token(ErrorCode::format,
                               vertex() + ": neighbour " + str(target) + " is outside [" +
                                   str(first) + ", " + str(last) + "]");
        arrays.edgetab.push_back(target - header.baseval);
      }
    }
    arcs += degree;
    arrays.verttab.push_back(static_cast<Num>(arcs));
  }
  if (arcs != header.edgenbr)
    reader.fail_at(ErrorCode::format, reader.token_line(),
                   "the vertices hold " + str(arcs) + " arcs but the header announces " +
                       str(header.edgenbr));
  if (header.labels) resolve_labels(reader, arrays, vertex_line, arrays.edgetab);
  assign_owned(graph, std::move(arrays), baseval == -1 ? header.baseval : baseval);
}

void read_grf(Graph& graph, InputBuffer& input, Num baseval, unsigned discard) {
  TextReader reader(input);
  Graph loaded;
  read_grf(loaded, reader, baseval, discard);
  reader.expect_end("the last vertex");
  graph.swap(loaded);
}

}  // namespace tartan::io
