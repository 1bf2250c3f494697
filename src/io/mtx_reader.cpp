// Matrix Market coordinate reader (see graph_io.hpp).
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "graph/graph_builder.hpp"
#include "io/graph_io.hpp"

namespace tartan::io {

namespace {

std::string str(std::int64_t value) { return std::to_string(value); }

std::string lower(std::string_view word) {
  std::string text(word);
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

enum class Field { pattern, integer, real };

struct MtxHeader {
  Field field = Field::pattern;
};

MtxHeader read_banner(TextReader& reader, const std::string& line) {
  const std::vector<std::string_view> words = split_words(line);
  if (words.empty() || lower(words[0]) != "%%matrixmarket")
    reader.fail_at(ErrorCode::format, reader.line_number(),
                   "not a Matrix Market file (expected '%%MatrixMarket matrix coordinate "
                   "<field> <symmetry>')");
  if (words.size() != 5)
    reader.fail_at(ErrorCode::format, reader.line_number(),
                   "the banner needs 4 words after %%MatrixMarket: object, format, field, symmetry");
  if (lower(words[1]) != "matrix")
    reader.fail_at(ErrorCode::format, reader.line_number(),
                   "unknown object '" + std::string(words[1]) + "' (expected 'matrix')");
  const std::string format = lower(words[2]);
  if (format == "array")
    reader.fail_at(ErrorCode::not_supported, reader.line_number(),
                   "dense 'array' matrices are not read (store the matrix as 'coordinate')");
  if (format != "coordinate")
    reader.fail_at(ErrorCode::format, reader.line_number(),
                   "unknown format '" + std::string(words[2]) + "' (expected 'coordinate')");
  MtxHeader header;
  const std::string field = lower(words[3]);
  if (field == "pattern") header.field = Field::pattern;
  else if (field == "integer") header.field = Field::integer;
  else if (field == "real" || field == "double") header.field = Field::real;
  else if (field == "complex")
    reader.fail_at(ErrorCode::not_supported, reader.line_number(),
                   "complex matrices are not read (use pattern, integer or real)");
  else
    reader.fail_at(ErrorCode::format, reader.line_number(),
                   "unknown field '" + std::string(words[3]) +
                       "' (expected pattern, integer or real)");
  const std::string symmetry = lower(words[4]);
  if (symmetry != "general" && symmetry != "symmetric" && symmetry != "skew-symmetric" &&
      symmetry != "hermitian")
    reader.fail_at(ErrorCode::format, reader.line_number(),
                   "unknown symmetry '" + std::string(words[4]) +
                       "' (expected general, symmetric, skew-symmetric or hermitian)");
  // Storing one triangle or both gives the same pattern of A + A^T: nothing else to record.
  return header;
}

Num parse_entry_num(TextReader& reader, std::string_view word, const char* what) {
  Num value = 0;
  switch (parse_num(word.data(), word.data() + word.size(), value)) {
    case ParseStatus::ok: return value;
    case ParseStatus::overflow:
      reader.fail_at(ErrorCode::overflow, reader.line_number(),
                     std::string(what) + " '" + std::string(word.substr(0, 40)) +
                         "' does not fit in a " + str(sizeof(Num) * 8) + "-bit TARTAN_Num");
    case ParseStatus::not_a_number: break;
  }
  reader.fail_at(ErrorCode::format, reader.line_number(),
                 std::string("expected ") + what + ", found '" + std::string(word.substr(0, 40)) +
                     "'");
}

void check_real(TextReader& reader, std::string_view word) {
  const std::string text(word);
  char* end = nullptr;
  std::strtod(text.c_str(), &end);  // only validated: real values do not become weights
  if (text.empty() || end != text.c_str() + text.size())
    reader.fail_at(ErrorCode::format, reader.line_number(),
                   "expected a real value, found '" + text.substr(0, 40) + "'");
}

}  // namespace

void read_matrix_market(Graph& graph, InputBuffer& input, Num baseval) {
  if (baseval != 0 && baseval != 1) fail_invalid("baseval must be 0 or 1, not " + str(baseval));
  TextReader reader(input);
  std::string line;
  if (!reader.read_line(line))
    reader.fail_at(ErrorCode::format, 1, "empty file (expected a %%MatrixMarket banner)");
  const MtxHeader header = read_banner(reader, line);

  std::vector<std::string_view> words;
  do {
    if (!reader.read_line(line))
      reader.fail_at(ErrorCode::format, reader.line_number(),
                     "expected the size line 'rows columns entries', found end of file");
    words = split_words(line);
  } while (words.empty() || words[0][0] == '%');
  if (words.size() != 3)
    reader.fail_at(ErrorCode::format, reader.line_number(),
                   "expected the size line 'rows columns entries', found " + str(words.size()) +
                       " words");
  const Num rows = parse_entry_num(reader, words[0], "the row count");
  const Num columns = parse_entry_num(reader, words[1], "the column count");
  const Num entries = parse_entry_num(reader, words[2], "the entry count");
  if (rows < 0 || columns < 0 || entries < 0)
    reader.fail_at(ErrorCode::format, reader.line_number(), "negative matrix size");
  if (rows != columns)
    reader.fail_at(ErrorCode::format, reader.line_number(),
                   "the matrix is " + str(rows) + " x " + str(columns) +
                       ": only square matrices describe a graph");
  if (rows == std::numeric_limits<Num>::max())
    reader.fail_at(ErrorCode::overflow, reader.line_number(),
                   "row count leaves no room for vertnbr + 1 in TARTAN_Num");

  // Rows cost memory whether entries touch them or not: a header may not claim more rows
  // than its entries can touch plus kMtxIsolatedRows untouched ones (a 60-byte file claiming
  // 2e9 rows would otherwise allocate gigabytes before anything is read).
  constexpr Num kMtxIsolatedRows = Num{1} << 20;
  if (rows > kMtxIsolatedRows && (rows - kMtxIsolatedRows) / 2 > entries)
    reader.fail_at(ErrorCode::format, reader.line_number(),
                   "the matrix claims " + str(rows) + " rows but only " + str(entries) +
                       " entries: more than " + str(kMtxIsolatedRows) +
                       " rows would have no entry (a wrong size line?)");
  const std::size_t value_words = header.field == Field::pattern ? 0 : 1;
  std::vector<WeightedEdge> edges;
  edges.reserve(std::min<std::size_t>(entries, std::size_t{1} << 20));
  Num read = 0;
  while (read < entries && reader.read_line(line)) {
    words = split_words(line);
    if (words.empty() || words[0][0] == '%') continue;
    if (words.size() != 2 + value_words)
      reader.fail_at(ErrorCode::format, reader.line_number(),
                     "expected " + str(2 + value_words) + " words per entry, found " +
                         str(words.size()));
    const Num row = parse_entry_num(reader, words[0], "a row index");
    const Num column = parse_entry_num(reader, words[1], "a column index");
    if (row < 1 || row > rows || column < 1 || column > rows)
      reader.fail_at(ErrorCode::format, reader.line_number(),
                     "entry (" + str(row) + ", " + str(column) + ") is outside the " + str(rows) +
                         " x " + str(rows) + " matrix");
    Num weight = 1;
    if (header.field == Field::integer) {
      const Num value = parse_entry_num(reader, words[2], "an integer value");
      if (value == std::numeric_limits<Num>::min())
        reader.fail_at(ErrorCode::overflow, reader.line_number(),
                       "|" + str(value) + "| does not fit in TARTAN_Num");
      weight = value < 0 ? -value : value;
    } else if (header.field == Field::real) {
      check_real(reader, words[2]);
    }
    ++read;
    if (row != column) edges.push_back({row - 1, column - 1, weight});
  }
  if (read < entries)
    reader.fail_at(ErrorCode::format, reader.line_number() + 1,
                   "expected " + str(entries) + " entries, found " + str(read) +
                       " (truncated file?)");
  while (reader.read_line(line)) {
    words = split_words(line);
    if (!words.empty() && words[0][0] != '%')
      reader.fail_at(ErrorCode::format, reader.line_number(),
                     "more entries than the " + str(entries) + " the size line announces");
  }
  assign_owned(graph, csr_from_edges(rows, std::move(edges), header.field == Field::integer),
               baseval);
}

}  // namespace tartan::io
