// Reading text formats (graphs, targets, mappings) token by token or line by line, with line
// numbers in every message: "graph.grf: line 7: expected a neighbour, found 'x'". The one
// tokenizer of Tartan's files.
//
//   TextReader reader(input);                 // input: an InputBuffer (compressed_stream.hpp)
//   Num n = reader.read_num("a vertex count");  // EFORMAT if absent or not a number,
//                                               // EOVERFLOW if it does not fit in Num
//   Num d = reader.read_num_at_least("hcub dimension", 1);
//   if (n < 0) reader.fail_at_token(ErrorCode::format, "negative vertex count");
//   auto arch = reader.located([&] { return make_hypercube(d); });  // "line L: " on its errors
//   std::string line; while (reader.read_line(line)) ...   // line-oriented formats
//
// Token and line reading may be mixed: read_line returns the rest of the current line. Tokens
// are at most kMaxTokenLength bytes (longer ones are garbage, such as binary data: EFORMAT).
#pragma once

#include <cstdint>
#include <streambuf>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/error.hpp"
#include "common/num.hpp"
#include "io/compressed_stream.hpp"

namespace tartan::io {

enum class ParseStatus { ok, not_a_number, overflow };

// Parses [begin, end) as a whole decimal integer with an optional sign.
ParseStatus parse_num(const char* begin, const char* end, Num& value);

// The white-space-separated words of a line (views into it).
std::vector<std::string_view> split_words(const std::string& line);

class TextReader {
 public:
  static constexpr std::size_t kMaxTokenLength = 64;

  // Reads an InputBuffer, raising its read and decompression errors; name() is its name.
  explicit TextReader(InputBuffer& input) : input_(input), buffer_(&input), name_(input.name()) {}
  // Reads any stream buffer (text in memory); name starts every message.
  TextReader(std::streambuf& input, std::string name) : input_(input), name_(std::move(name)) {}

  // Skips white space and reads the next token; false at end of data (raising any read error).
  bool next_token();
  const std::string& token() const {
    if (number_pending_) {
      token_.assign(number_text_, number_length_);
      number_pending_ = false;
    }
    return token_;
  }
  std::int64_t token_line() const { return token_line_; }

  // Reads the next token as a Num; `what` names it in messages ("a vertex count").
  Num read_num(const char* what);
  // The same, EFORMAT "WHAT 'V' must be at least MINIMUM" below minimum.
  Num read_num_at_least(const char* what, Num minimum);
  // Reads the next token, whatever it is; EFORMAT "expected WHAT, found end of file" at the end.
  const std::string& read_word(const char* what);

  // Reads the rest of the current line (without its end); false at end of data.
  bool read_line(std::string& line);
  std::int64_t line_number() const { return token_line_; }  // of the line read_line last returned

  // True if only white space remains.
  bool at_end();
  // EFORMAT "unexpected 'x' after WHAT" unless only white space remains.
  void expect_end(const char* what);

  [[noreturn]] void fail_at(ErrorCode code, std::int64_t line, const std::string& message) const;
  [[noreturn]] void fail_at_token(ErrorCode code, const std::string& message) const {
    fail_at(code, token_line_, message);
  }
  // Message for a missing or malformed token: "expected WHAT, found 'x'" / "found end of file".
  [[noreturn]] void fail_expected(const char* what) const;
  const std::string& name() const { return name_; }
  // A bound on the bytes left to read, or 0 when unknown (InputBuffer::plain_file_size).
  std::size_t size_bound() const { return buffer_ != nullptr ? buffer_->plain_file_size() : 0; }

  // Calls make() (a constructor checking what was read) and gives any Error it throws the
  // reader's location: "NAME: line L: " (L: the line of the last token) and the same code.
  template <class Make>
  auto located(Make&& make) const -> decltype(make()) {
    try {
      return make();
    } catch (const Error& error) {
      fail_at_token(error.code(), error.what());
    }
  }

  // The token as shown in messages: quoted, bytes outside printable ASCII as \xNN, long
  // tokens cut.
  static std::string quoted(const std::string& token);

 private:
  int peek();  // next character or -1 at end (raising read errors)
  // read_num's fast path: skips white space and reads a plain unsigned number lying whole in
  // buffer_'s buffered characters; false (the white space consumed) for anything else.
  bool read_buffered_num(Num& value);

  std::streambuf& input_;
  InputBuffer* buffer_ = nullptr;  // input_ when it is an InputBuffer
  std::string name_;
  // The last token; read_num's fast path keeps its digits in number_text_ and leaves token_ to
  // be filled when asked for (a string assignment per number was a fifth of reading a graph).
  mutable std::string token_;
  mutable bool number_pending_ = false;
  char number_text_[24] = {};  // the fast path takes at most 18 digits (kSafeDigits)
  std::uint8_t number_length_ = 0;
  std::int64_t line_ = 1;        // line of the next character
  std::int64_t token_line_ = 1;  // line of token_
  bool have_token_ = false;
};

}  // namespace tartan::io
