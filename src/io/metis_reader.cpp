// METIS / Chaco .graph reader (see graph_io.hpp).
#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "graph/graph_builder.hpp"
#include "io/graph_io.hpp"

namespace tartan::io {

namespace {

std::string str(std::int64_t value) { return std::to_string(value); }

bool is_comment(const std::string& line) {
  for (char c : line) {
    if (c == '%') return true;
    if (c != ' ' && c != '\t') return false;
  }
  return false;
}

bool is_blank(const std::string& line) { return split_words(line).empty(); }

class MetisLineParser {
 public:
  MetisLineParser(TextReader& reader, const std::vector<std::string_view>& words)
      : reader_(reader), words_(words) {}
  bool done() const { return next_ == words_.size(); }
  std::size_t left() const { return words_.size() - next_; }
  Num number(const char* what) {
    if (done())
      reader_.fail_at(ErrorCode::format, reader_.line_number(),
                      std::string("expected ") + what + ", found end of line");
    const std::string_view word = words_[next_++];
    Num value = 0;
    switch (parse_num(word.data(), word.data() + word.size(), value)) {
      case ParseStatus::ok: return value;
      case ParseStatus::overflow:
        reader_.fail_at(ErrorCode::overflow, reader_.line_number(),
                        std::string(what) + " '" + std::string(word.substr(0, 40)) +
                            "' does not fit in a " + str(sizeof(Num) * 8) + "-bit TARTAN_Num");
      case ParseStatus::not_a_number: break;
    }
    reader_.fail_at(ErrorCode::format, reader_.line_number(),
                    std::string("expected ") + what + ", found '" +
                        std::string(word.substr(0, 40)) + "'");
  }

 private:
  TextReader& reader_;
  const std::vector<std::string_view>& words_;
  std::size_t next_ = 0;
};

}  // namespace

void read_metis(Graph& graph, InputBuffer& input, Num baseval) {
  if (baseval != 0 && baseval != 1) fail_invalid("baseval must be 0 or 1, not " + str(baseval));
  TextReader reader(input);
  std::string line;
  bool have_header = false;
  while (reader.read_line(line))
    if (!is_comment(line) && !is_blank(line)) {
      have_header = true;
      break;
    }
  if (!have_header)
    reader.fail_at(ErrorCode::format, reader.line_number(),
                   "expected the METIS header 'vertices edges [fmt [ncon]]', found end of file");
  std::vector<std::string_view> words = split_words(line);
  MetisLineParser header(reader, words);
  const Num vertnbr = header.number("the vertex count");
  const Num edge_count = header.number("the edge count");
  if (vertnbr < 0 || edge_count < 0)
    reader.fail_at(ErrorCode::format, reader.line_number(), "negative vertex or edge count");
  if (vertnbr == std::numeric_limits<Num>::max() ||
      edge_count > std::numeric_limits<Num>::max() / 2)
    reader.fail_at(ErrorCode::overflow, reader.line_number(),
                   "vertex or arc count does not fit in TARTAN_Num");
  bool sizes = false, vertex_weights = false, edge_weights = false;
  if (!header.done()) {
    const std::string_view fmt = words[2];
    header.number("the format code");
    if (fmt.size() > 3 || fmt.find_first_not_of("01") != std::string_view::npos)
      reader.fail_at(ErrorCode::format, reader.line_number(),
                     "bad format code '" + std::string(fmt.substr(0, 20)) +
                         "' (up to three digits 0 or 1: vertex sizes, vertex weights, edge weights)");
    const std::string padded = std::string(3 - fmt.size(), '0') + std::string(fmt);
    sizes = padded[0] == '1';
    vertex_weights = padded[1] == '1';
    edge_weights = padded[2] == '1';
  }
  Num ncon = 1;
  if (!header.done()) {
    ncon = header.number("the number of vertex weights");
    if (ncon < 1)
      reader.fail_at(ErrorCode::format, reader.line_number(),
                     "the number of vertex weights must be positive, not " + str(ncon));
    if (ncon > 1 && vertex_weights)
      reader.fail_at(ErrorCode::not_supported, reader.line_number(),
                     "multi-constraint graphs (" + str(ncon) +
                         " weights per vertex) are not supported");
  }
  if (!header.done())
    reader.fail_at(ErrorCode::format, reader.line_number(), "extra words in the METIS header");

  const std::int64_t arcs_expected = 2 * static_cast<std::int64_t>(edge_count);
  CsrArrays arrays;
  arrays.verttab.reserve(std::min<std::size_t>(vertnbr, std::size_t{1} << 20) + 1);
  arrays.verttab.push_back(0);
  Num v = 0;
  while (v < vertnbr && reader.read_line(line)) {
    if (is_comment(line)) continue;
    words = split_words(line);
    MetisLineParser parser(reader, words);
    const std::string vertex = "vertex " + str(v + 1);
    if (sizes) parser.number("a vertex size");
    if (vertex_weights) {
      const Num weight = parser.number("a vertex weight");
      arrays.velotab.push_back(weight);
    }
    if (edge_weights && parser.left() % 2 != 0)
      reader.fail_at(ErrorCode::format, reader.line_number(),
                     vertex + ": neighbours and edge weights do not come in pairs");
    while (!parser.done()) {
      const Num target = parser.number("a neighbour");
      if (target < 1 || target > vertnbr)
        reader.fail_at(ErrorCode::format, reader.line_number(),
                       vertex + ": neighbour " + str(target) + " is outside [1, " + str(vertnbr) +
                           "]");
      if (static_cast<std::int64_t>(arrays.edgetab.size()) >= arcs_expected)
        reader.fail_at(ErrorCode::format, reader.line_number(),
                       vertex + ": more arcs than twice the " + str(edge_count) +
                           " edges the header announces");
      arrays.edgetab.push_back(target - 1);
      if (edge_weights) arrays.edlotab.push_back(parser.number("an edge weight"));
    }
    arrays.verttab.push_back(static_cast<Num>(arrays.edgetab.size()));
    ++v;
  }
  if (v < vertnbr)
    reader.fail_at(ErrorCode::format, reader.line_number() + 1,
                   "expected " + str(vertnbr) + " vertex lines, found " + str(v) +
                       " (truncated file?)");
  if (static_cast<std::int64_t>(arrays.edgetab.size()) != arcs_expected)
    reader.fail_at(ErrorCode::format, reader.line_number(),
                   "the vertex lines hold " + str(static_cast<std::int64_t>(arrays.edgetab.size())) +
                       " arcs, the header announces " + str(edge_count) + " edges (" +
                       str(arcs_expected) + " arcs)");
  while (reader.read_line(line))
    if (!is_comment(line) && !is_blank(line))
      reader.fail_at(ErrorCode::format, reader.line_number(),
                     "unexpected line after the last vertex");
  assign_owned(graph, std::move(arrays), baseval);
}

}  // namespace tartan::io
