#include "io/mapping_io.hpp"

#include <string>
#include <unordered_map>

#include "common/error.hpp"
#include "io/number_writer.hpp"
#include "io/text_reader.hpp"

namespace tartan::io {

void read_mapping(InputBuffer& input, const Graph& graph, Num part_limit,
                  std::vector<Num>& parttab) {
  TextReader reader(input);
  const Num count = reader.read_num("a pair count");
  if (count < 0) reader.fail_at_token(ErrorCode::format, "negative pair count");
  if (count > graph.vertnbr)
    reader.fail_at_token(ErrorCode::format, std::to_string(count) +
                                                " pairs announced for a graph of " +
                                                std::to_string(graph.vertnbr) + " vertices");
  std::unordered_map<Num, Num> vertex_of_label;
  if (graph.vlbltab != nullptr) {
    vertex_of_label.reserve(static_cast<std::size_t>(graph.vertnbr));
    for (Num v = 0; v < graph.vertnbr; ++v) vertex_of_label.emplace(graph.vlbltab[v], v);
  }
  std::vector<Num> result(static_cast<std::size_t>(graph.vertnbr), -1);
  std::vector<std::int64_t> listed_on(static_cast<std::size_t>(graph.vertnbr), 0);
  for (Num pair = 0; pair < count; ++pair) {
    const Num label = reader.read_num("a vertex label");
    Num vertex = -1;
    if (graph.vlbltab != nullptr) {
      auto it = vertex_of_label.find(label);
      if (it != vertex_of_label.end()) vertex = it->second;
    } else if (label >= graph.baseval && label - graph.baseval < graph.vertnbr) {
      vertex = label - graph.baseval;
    }
    if (vertex < 0)
      reader.fail_at_token(ErrorCode::format,
                           "vertex label " + std::to_string(label) + " is not in the graph");
    if (listed_on[vertex] != 0)
      reader.fail_at_token(ErrorCode::format,
                           "vertex label " + std::to_string(label) + " already listed on line " +
                               std::to_string(listed_on[vertex]));
    listed_on[vertex] = reader.token_line();
    const Num part = reader.read_num("a terminal number");
    if (part < -1 || (part_limit >= 0 && part >= part_limit))
      reader.fail_at_token(ErrorCode::invalid,
                           "terminal " + std::to_string(part) + " of vertex label " +
                               std::to_string(label) + " is outside the target" +
                               (part_limit >= 0
                                    ? " (" + std::to_string(part_limit) + " terminals)"
                                    : std::string()));
    result[vertex] = part;
  }
  if (!reader.at_end()) {
    reader.next_token();
    reader.fail_at_token(ErrorCode::format, "unexpected data after the " +
                                                std::to_string(count) + " announced pairs");
  }
  parttab.swap(result);
}

void write_mapping(const Graph& graph, const Num* parttab, std::streambuf& out) {
  NumberWriter writer(out);
  writer.number(graph.vertnbr, '\n');
  for (Num v = 0; v < graph.vertnbr; ++v) {
    writer.number(graph.label(v), '\t');
    writer.number(parttab[v], '\n');
  }
}

}  // namespace tartan::io
