// Tokenizer of .tgt text.
#include "arch/tgt_reader.hpp"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <limits>

namespace tartan {
namespace {

// Longer tokens are garbage (binary data, a wrong file): stop reading them early.
constexpr std::size_t kMaxTokenLength = 64;

}  // namespace

std::string TgtReader::printable(const std::string& token) {
  std::string shown;
  for (unsigned char c : token) {
    if (std::isprint(c)) {
      shown += static_cast<char>(c);
    } else {
      static const char hex[] = "0123456789abcdef";
      shown += "\\x";
      shown += hex[c >> 4];
      shown += hex[c & 15];
    }
  }
  return shown;
}

bool TgtReader::next_token(std::string& token) {
  token.clear();
  int c = in_.get();
  while (c != EOF && std::isspace(c)) {
    if (c == '\n') ++line_;
    c = in_.get();
  }
  token_line_ = line_;
  if (c == EOF) return false;
  while (c != EOF && !std::isspace(c)) {
    if (token.size() == kMaxTokenLength)
      fail_token(ErrorCode::format, "token '" + printable(token) + "...' is too long");
    token += static_cast<char>(c);
    c = in_.get();
  }
  if (c == '\n') in_.unget();
  return true;
}

std::string TgtReader::word(const char* what) {
  std::string token;
  if (!next_token(token)) fail_token(ErrorCode::format, std::string("missing ") + what);
  return token;
}

Num TgtReader::number(const char* what) {
  std::string token;
  if (!next_token(token)) fail_token(ErrorCode::format, std::string("missing ") + what);
  std::size_t start = (token[0] == '-' || token[0] == '+') ? 1 : 0;
  bool digits = token.size() > start;
  for (std::size_t i = start; i < token.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(token[i]))) digits = false;
  if (!digits)
    fail_token(ErrorCode::format,
               std::string("expected ") + what + ", found '" + printable(token) + "'");
  errno = 0;
  const long long value = std::strtoll(token.c_str(), nullptr, 10);
  if (errno == ERANGE || value > std::numeric_limits<Num>::max() ||
      value < std::numeric_limits<Num>::min())
    fail_token(ErrorCode::overflow,
               std::string(what) + " '" + token + "' does not fit in TARTAN_Num");
  return static_cast<Num>(value);
}

Num TgtReader::number_at_least(const char* what, Num minimum) {
  const Num value = number(what);
  if (value < minimum)
    fail_token(ErrorCode::format, std::string(what) + " '" + std::to_string(value) +
                                      "' must be at least " + std::to_string(minimum));
  return value;
}

void TgtReader::expect_end() {
  std::string token;
  if (next_token(token))
    fail_token(ErrorCode::format,
               "unexpected '" + printable(token) + "' after the end of the target description");
}

void TgtReader::fail_here(const Error& error) const {
  fail(error.code(), "line " + std::to_string(token_line_) + ": " + error.what());
}

void TgtReader::fail_token(ErrorCode code, const std::string& message) const {
  fail(code, "line " + std::to_string(token_line_) + ": " + message);
}

}  // namespace tartan
