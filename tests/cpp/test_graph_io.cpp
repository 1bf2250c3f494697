// Internals of graph files: the text reader, the .grf reader and writer, the METIS and Matrix
// Market readers, and the gzip streams (src/io).
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "config.h"
#include "graph/graph_check.hpp"
#include "io/compressed_stream.hpp"
#include "io/graph_io.hpp"
#include "io/text_reader.hpp"

using namespace tartan;
using namespace tartan::io;

namespace {

// A FILE * holding text (closed by the deleter).
struct FileCloser {
  void operator()(FILE* file) const { std::fclose(file); }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

FilePtr file_with(const std::string& bytes) {
  FilePtr file(std::tmpfile());
  std::fwrite(bytes.data(), 1, bytes.size(), file.get());
  std::rewind(file.get());
  return file;
}

// Runs a reader on text; returns the Error it throws (code, message) or succeeds.
template <class Reader>
Error read_error(const std::string& text, Reader reader) {
  FilePtr file = file_with(text);
  InputBuffer input(file.get(), "t.grf");
  Graph graph;
  try {
    reader(graph, input);
  } catch (const Error& error) {
    return error;
  }
  return Error(ErrorCode::internal, "no error");
}

Error grf_error(const std::string& text) {
  return read_error(text, [](Graph& g, InputBuffer& in) { read_grf(g, in, -1); });
}

void read_grf_text(Graph& graph, const std::string& text, Num baseval = -1, unsigned discard = 0) {
  FilePtr file = file_with(text);
  InputBuffer input(file.get(), "t.grf");
  read_grf(graph, input, baseval, discard);
}

std::string write_to_string(const Graph& graph) {
  std::stringbuf out;
  write_grf(graph, out);
  return out.str();
}

const char* const kTriangle = "0\n3 6\n0 000\n2 1 2\n2 0 2\n2 0 1\n";

}  // namespace

TEST(ParseNum, LimitsAndGarbage) {
  Num value = 0;
  const std::string max = std::to_string(std::numeric_limits<Num>::max());
  const std::string min = std::to_string(std::numeric_limits<Num>::min());
  EXPECT_EQ(parse_num(max.data(), max.data() + max.size(), value), ParseStatus::ok);
  EXPECT_EQ(value, std::numeric_limits<Num>::max());
  EXPECT_EQ(parse_num(min.data(), min.data() + min.size(), value), ParseStatus::ok);
  EXPECT_EQ(value, std::numeric_limits<Num>::min());
  const std::string above = max.substr(0, max.size() - 1) + "8";
  EXPECT_EQ(parse_num(above.data(), above.data() + above.size(), value), ParseStatus::overflow);
  // 2^64 + 4 must not wrap around to 4
  const std::string wraps = "18446744073709551620";
  EXPECT_EQ(parse_num(wraps.data(), wraps.data() + wraps.size(), value), ParseStatus::overflow);
  const std::string huge(40, '9');
  EXPECT_EQ(parse_num(huge.data(), huge.data() + huge.size(), value), ParseStatus::overflow);
  for (const std::string bad : {"", "-", "+", "1x", "x1", "1.5", "--1"})
    EXPECT_EQ(parse_num(bad.data(), bad.data() + bad.size(), value), ParseStatus::not_a_number)
        << bad;
  const std::string plus = "+42";
  EXPECT_EQ(parse_num(plus.data(), plus.data() + plus.size(), value), ParseStatus::ok);
  EXPECT_EQ(value, 42);
}

TEST(TextReader, LineNumbersAndLines) {
  FilePtr file = file_with("1 2\n\n  3\r\nfour five\n");
  InputBuffer input(file.get(), "x");
  TextReader reader(input);
  EXPECT_EQ(reader.read_num("a"), 1);
  EXPECT_EQ(reader.read_num("b"), 2);
  EXPECT_EQ(reader.read_num("c"), 3);
  EXPECT_EQ(reader.token_line(), 3);
  std::string line;
  ASSERT_TRUE(reader.read_line(line));  // the rest of line 3
  EXPECT_EQ(line, "");
  ASSERT_TRUE(reader.read_line(line));
  EXPECT_EQ(line, "four five");
  EXPECT_EQ(reader.line_number(), 4);
  EXPECT_FALSE(reader.read_line(line));
  EXPECT_TRUE(reader.at_end());
  try {
    reader.read_num("a count");
    FAIL();
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::format);
    EXPECT_STREQ(error.what(), "x: line 5: expected a count, found end of file");
  }
}

// Numbers are read in the input's buffer when they lie whole in it, and character by character
// otherwise (a sign, more digits than surely fit, a number cut by the end of the buffer, the
// end of the file): the values and line numbers are the same either way. The numbers cross the
// 64 KiB buffer's boundaries at every offset.
TEST(TextReader, NumbersAcrossBufferBoundaries) {
  std::string text;
  std::vector<Num> expected;
  std::vector<std::int64_t> lines;
  std::int64_t line = 1;
  const Num samples[] = {0, 7, -3, 42, 123456789, 2147483647, -2147483647, 65536, 99999};
  for (int i = 0; text.size() < 3 * 65536; ++i) {
    const Num value = samples[i % 9];
    text += (i % 3 == 0 && value >= 0 ? "+" : "") + std::to_string(value);
    expected.push_back(value);
    lines.push_back(line);
    if (i % 7 == 0) {
      text += "\n";
      ++line;
    } else {
      text += i % 2 ? " " : "\t";
    }
  }
  text += "00012";  // the last number ends the file
  expected.push_back(12);
  lines.push_back(line);
  FilePtr file = file_with(text);
  InputBuffer input(file.get(), "n");
  TextReader reader(input);
  for (std::size_t k = 0; k < expected.size(); ++k) {
    ASSERT_EQ(reader.read_num("a number"), expected[k]) << "number " << k;
    ASSERT_EQ(reader.token_line(), lines[k]) << "number " << k;
  }
  EXPECT_EQ(reader.token(), "00012");
  EXPECT_TRUE(reader.at_end());
  // Too big and not a number, after numbers of the fast path: the messages of the general one.
  FilePtr more = file_with("1 002 99999999999999999999 x");
  InputBuffer more_input(more.get(), "m");
  TextReader more_reader(more_input);
  EXPECT_EQ(more_reader.read_num("a"), 1);
  EXPECT_EQ(more_reader.read_num("b"), 2);
  EXPECT_EQ(more_reader.token(), "002");  // the text as written, as .grf's flags are read
  try {
    more_reader.read_num("a neighbour");
    FAIL();
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::overflow);
    EXPECT_NE(std::string(error.what()).find("a neighbour '99999999999999999999' does not fit"),
              std::string::npos)
        << error.what();
  }
  try {
    more_reader.read_num("a degree");
    FAIL();
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::format);
    EXPECT_STREQ(error.what(), "m: line 1: expected a degree, found 'x'");
  }
}

TEST(GrfReader, PlainGraph) {
  Graph graph;
  read_grf_text(graph, kTriangle);
  EXPECT_EQ(graph.vertnbr, 3);
  EXPECT_EQ(graph.edgenbr, 6);
  EXPECT_EQ(graph.baseval, 0);
  EXPECT_TRUE(graph.owns_arrays());
  EXPECT_NO_THROW(check_graph(graph));
  read_grf_text(graph, kTriangle, 1);
  EXPECT_EQ(graph.baseval, 1);
  EXPECT_EQ(graph.edgetab[0], 2);
  EXPECT_NO_THROW(check_graph(graph));
}

TEST(GrfReader, LabelsAreMappedToIndices) {
  Graph graph;
  // labels 10, 20, 30 given out of order; weights on vertices and edges
  read_grf_text(graph, "0\n3 4\n1 111\n30 5 1 7 10\n10 6 2 7 30 9 20\n20 7 1 9 10\n");
  ASSERT_NE(graph.vlbltab, nullptr);
  EXPECT_EQ(graph.label(0), 30);
  EXPECT_EQ(graph.neighbour(0), 1);  // vertex labelled 10 is vertex 1 (0-based)
  EXPECT_EQ(graph.arc_weight(0), 7);
  EXPECT_EQ(graph.vertex_load(2), 7);
  EXPECT_NO_THROW(check_graph(graph));
  // neighbours are written back by label
  const std::string text = write_to_string(graph);
  EXPECT_NE(text.find("30\t5\t1\t7 10\n"), std::string::npos) << text;
  Graph again;
  read_grf_text(again, text);
  EXPECT_EQ(write_to_string(again), text);
}

TEST(GrfReader, Discards) {
  Graph graph;
  read_grf_text(graph, "0\n2 2\n0 011\n4 1 3 1\n5 1 3 0\n", -1, kDiscardVertexLoads);
  EXPECT_EQ(graph.velotab, nullptr);
  ASSERT_NE(graph.edlotab, nullptr);
  read_grf_text(graph, "0\n2 2\n0 011\n4 1 3 1\n5 1 3 0\n", -1, kDiscardEdgeLoads);
  EXPECT_NE(graph.velotab, nullptr);
  EXPECT_EQ(graph.edlotab, nullptr);
}

TEST(GrfReader, MessagesNameTheLine) {
  Error error = grf_error("0\n3 6\n0 000\n2 1 2\n2 0 x\n2 0 1\n");
  EXPECT_EQ(error.code(), ErrorCode::format);
  EXPECT_STREQ(error.what(), "t.grf: line 5: expected a neighbour, found 'x'");
  error = grf_error("0\n3 6\n0 000\n2 1 2\n2 0 2\n2 0");
  EXPECT_STREQ(error.what(), "t.grf: line 6: expected a neighbour, found end of file");
  error = grf_error("0\n3 6\n0 000\n2 1 2\n2 0 7\n2 0 1\n");
  EXPECT_STREQ(error.what(), "t.grf: line 5: vertex 1: neighbour 7 is outside [0, 2]");
  error = grf_error("0\n3 6\n0 100\n1 2 2 3\n2 2 1 3\n1 2 1 2\n");
  EXPECT_EQ(error.code(), ErrorCode::format);
  EXPECT_NE(std::string(error.what()).find("line 6: duplicate vertex label 1"), std::string::npos);
  error = grf_error("0\n3 6\n0 000\n2 1 2\n2 0 99999999999999999999\n2 0 1\n");
  EXPECT_EQ(error.code(), ErrorCode::overflow);
  error = grf_error(std::string(kTriangle) + "7\n");
  EXPECT_NE(std::string(error.what()).find("unexpected '7' after the last vertex"),
            std::string::npos);
}

TEST(GrfReader, FailureLeavesGraphUnchanged) {
  Graph graph;
  read_grf_text(graph, kTriangle);
  EXPECT_THROW(read_grf_text(graph, "0\n2 2\n0 000\n1 1\n"), Error);
  EXPECT_EQ(graph.vertnbr, 3);
  EXPECT_NO_THROW(check_graph(graph));
}

TEST(GrfReader, HugeHeaderDoesNotAllocate) {
  // 2^31-2 vertices announced, none given: fails on the data, not on memory.
  const Error error = grf_error("0\n2147483646 2147483646\n0 000\n");
  EXPECT_EQ(error.code(), ErrorCode::format);
}

TEST(GrfWriter, IsolatedVerticesAndBase) {
  Graph graph;
  read_grf_text(graph, "0\n3 2\n1 000\n1 2\n1 1\n0\n");
  EXPECT_EQ(write_to_string(graph), "0\n3\t2\n1\t000\n1\t2\n1\t1\n0\n");
}

TEST(Gzip, StreamsRoundTrip) {
  if (!gzip_supported()) GTEST_SKIP() << "built without zlib";
  FilePtr file(std::tmpfile());
  {
    OutputBuffer out(file.get(), "x.gz", true);
    for (int i = 0; i < 20000; ++i) out.sputn("0123456789\n", 11);
    out.finish();
  }
  std::rewind(file.get());
  InputBuffer input(file.get(), "x.gz");
  std::istream in(&input);
  std::string line;
  int lines = 0;
  while (std::getline(in, line)) {
    ASSERT_EQ(line, "0123456789");
    ++lines;
  }
  EXPECT_TRUE(input.compressed());
  EXPECT_NO_THROW(input.throw_if_failed());
  EXPECT_EQ(lines, 20000);
}

TEST(Gzip, CorruptDataIsAFormatError) {
  if (!gzip_supported()) GTEST_SKIP() << "built without zlib";
  const Error error = grf_error(std::string("\x1f\x8b\x08\x00garbage garbage garbage", 27));
  EXPECT_EQ(error.code(), ErrorCode::format);
  EXPECT_NE(std::string(error.what()).find("gzip"), std::string::npos) << error.what();
}

TEST(MetisReader, FormatsAndComments) {
  FilePtr file = file_with("% comment\n3 2 10\n% vertex 1\n4 2\n5 1 3\n6 2\n");
  InputBuffer input(file.get(), "m.graph");
  Graph graph;
  read_metis(graph, input, 0);
  EXPECT_EQ(graph.vertnbr, 3);
  EXPECT_EQ(graph.edgenbr, 4);
  ASSERT_NE(graph.velotab, nullptr);
  EXPECT_EQ(graph.velotab[1], 5);
  EXPECT_EQ(graph.edlotab, nullptr);
  EXPECT_NO_THROW(check_graph(graph));
  // vertex sizes (fmt 100) are read and dropped; an isolated vertex is an empty line
  FilePtr sized = file_with("3 1 100\n9 2\n9 1\n9\n");
  InputBuffer sized_input(sized.get(), "s.graph");
  read_metis(graph, sized_input, 1);
  EXPECT_EQ(graph.vertnbr, 3);
  EXPECT_EQ(graph.degree(2), 0);
  EXPECT_EQ(graph.baseval, 1);
  const Error error = read_error("3 3\n2 3\n1 3\n1 2 2\n",
                                 [](Graph& g, InputBuffer& in) { read_metis(g, in, 0); });
  EXPECT_EQ(error.code(), ErrorCode::format);
  EXPECT_NE(std::string(error.what()).find("line 4"), std::string::npos) << error.what();
}

TEST(MatrixMarketReader, SymmetrisesAndDropsDiagonal) {
  FilePtr file = file_with(
      "%%MatrixMarket matrix coordinate integer general\n3 3 4\n1 2 -4\n2 1 6\n3 3 9\n3 1 2\n");
  InputBuffer input(file.get(), "a.mtx");
  Graph graph;
  read_matrix_market(graph, input, 0);
  EXPECT_EQ(graph.vertnbr, 3);
  EXPECT_EQ(graph.edgenbr, 4);
  ASSERT_NE(graph.edlotab, nullptr);
  EXPECT_EQ(graph.neighbour(0), 1);
  EXPECT_EQ(graph.arc_weight(0), 6);  // max(|-4|, |6|)
  EXPECT_NO_THROW(check_graph(graph));
}
