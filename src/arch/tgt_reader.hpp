// Tokenizer of .tgt text (SCOTCH's target syntax: whitespace-separated words and integers,
// line breaks cosmetic). Every error names the line and the offending token.
#pragma once

#include <istream>
#include <string>

#include "common/error.hpp"
#include "common/num.hpp"

namespace tartan {

class TgtReader {
 public:
  explicit TgtReader(std::istream& in) : in_(in) {}

  // Next word; throws Error(format) "line L: missing WHAT" at end of data.
  std::string word(const char* what);
  // Next integer; Error(format) if absent or not an integer, Error(overflow) if it does not
  // fit in Num.
  Num number(const char* what);
  // Next integer, which must be at least minimum (Error(format) otherwise).
  Num number_at_least(const char* what, Num minimum);
  // Error(format) unless only whitespace is left.
  void expect_end();

  // Line of the last token read (1-based).
  int line() const { return token_line_; }
  // Rethrows error with "line L: " in front of its message and the same code.
  [[noreturn]] void fail_here(const Error& error) const;
  [[noreturn]] void fail_token(ErrorCode code, const std::string& message) const;
  // The token with non-printable bytes shown as \xNN, for messages.
  static std::string printable(const std::string& token);

 private:
  bool next_token(std::string& token);

  std::istream& in_;
  int line_ = 1;
  int token_line_ = 1;
};

// Calls make() and prefixes any Error it throws with the reader's current line.
template <class Make>
auto built_at(const TgtReader& reader, Make&& make) -> decltype(make()) {
  try {
    return make();
  } catch (const Error& error) {
    reader.fail_here(error);
  }
}

}  // namespace tartan
