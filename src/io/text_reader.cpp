// Token and line reading with line numbers (see text_reader.hpp).
#include "io/text_reader.hpp"

#include <algorithm>
#include <limits>

namespace tartan::io {

namespace {

bool is_space(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

}  // namespace

std::string TextReader::quoted(const std::string& token) {
  constexpr std::size_t kShown = 40;
  static const char hex[] = "0123456789abcdef";
  std::string shown = "'";
  for (std::size_t i = 0; i < token.size() && i < kShown; ++i) {
    const unsigned char c = static_cast<unsigned char>(token[i]);
    if (c >= 0x20 && c < 0x7f) {
      shown += static_cast<char>(c);
    } else {
      shown += "\\x";
      shown += hex[c >> 4];
      shown += hex[c & 15];
    }
  }
  return shown + (token.size() > kShown ? "...'" : "'");
}

ParseStatus parse_num(const char* begin, const char* end, Num& value) {
  bool negative = false;
  if (begin < end && (*begin == '-' || *begin == '+')) negative = *begin++ == '-';
  if (begin == end) return ParseStatus::not_a_number;
  const std::uint64_t limit = static_cast<std::uint64_t>(std::numeric_limits<Num>::max()) +
                              (negative ? 1u : 0u);
  std::uint64_t magnitude = 0;
  bool overflow = false;
  for (const char* p = begin; p < end; ++p) {
    if (*p < '0' || *p > '9') return ParseStatus::not_a_number;
    const std::uint64_t digit = static_cast<std::uint64_t>(*p - '0');
    if (overflow || magnitude > (limit - digit) / 10) {  // tested before it could wrap
      overflow = true;
      continue;
    }
    magnitude = magnitude * 10 + digit;
  }
  if (overflow) return ParseStatus::overflow;
  value = negative ? static_cast<Num>(-static_cast<std::int64_t>(magnitude))
                   : static_cast<Num>(magnitude);
  return ParseStatus::ok;
}

std::vector<std::string_view> split_words(const std::string& line) {
  std::vector<std::string_view> words;
  std::size_t pos = 0;
  while (pos < line.size()) {
    while (pos < line.size() && is_space(line[pos])) ++pos;
    const std::size_t start = pos;
    while (pos < line.size() && !is_space(line[pos])) ++pos;
    if (pos > start) words.emplace_back(line.data() + start, pos - start);
  }
  return words;
}

int TextReader::peek() {
  const auto c = input_.sgetc();
  if (std::char_traits<char>::eq_int_type(c, std::char_traits<char>::eof())) {
    if (buffer_ != nullptr) buffer_->throw_if_failed();
    return -1;
  }
  return std::char_traits<char>::to_int_type(std::char_traits<char>::to_char_type(c)) & 0xff;
}

bool TextReader::next_token() {
  int c = peek();
  while (c >= 0 && is_space(c)) {
    if (c == '\n') ++line_;
    input_.sbumpc();
    c = peek();
  }
  token_.clear();
  number_pending_ = false;
  token_line_ = line_;
  if (c < 0) {
    have_token_ = false;
    return false;
  }
  while (c >= 0 && !is_space(c)) {
    if (token_.size() == kMaxTokenLength)
      fail_at_token(ErrorCode::format, "token " + quoted(token_) + " is too long");
    token_.push_back(static_cast<char>(c));
    input_.sbumpc();
    c = peek();
  }
  have_token_ = true;
  return true;
}

bool TextReader::read_buffered_num(Num& value) {
  const char* const begin = buffer_->buffered_begin();
  const char* const end = buffer_->buffered_end();
  const char* p = begin;
  while (p < end && is_space(static_cast<unsigned char>(*p))) {
    if (*p == '\n') ++line_;
    ++p;
  }
  const char* const start = p;
  // Up to kSafeDigits digits cannot overflow a Num; a sign, a longer number, any other
  // character or the end of the buffer within the token take the general path.
  constexpr std::ptrdiff_t kSafeDigits = sizeof(Num) >= 8 ? 18 : 9;
  Num parsed = 0;
  while (p < end && *p >= '0' && *p <= '9' && p - start < kSafeDigits) {
    parsed = parsed * 10 + static_cast<Num>(*p - '0');
    ++p;
  }
  const bool whole = p > start && p < end && is_space(static_cast<unsigned char>(*p));
  if (!whole) {
    buffer_->consume_buffered(static_cast<std::size_t>(start - begin));  // the white space
    return false;
  }
  number_length_ = static_cast<std::uint8_t>(p - start);
  std::copy(start, p, number_text_);
  number_pending_ = true;
  token_line_ = line_;
  have_token_ = true;
  buffer_->consume_buffered(static_cast<std::size_t>(p - begin));
  value = parsed;
  return true;
}

Num TextReader::read_num(const char* what) {
  // Graphs are mostly numbers: scanning them in the input's own buffer rather than a character
  // call at a time read a 10^6-vertex mesh (43 MB) several times faster.
  Num value = 0;
  if (buffer_ != nullptr && read_buffered_num(value)) return value;
  if (!next_token()) fail_expected(what);
  switch (parse_num(token_.data(), token_.data() + token_.size(), value)) {
    case ParseStatus::ok: return value;
    case ParseStatus::overflow:
      fail_at_token(ErrorCode::overflow, std::string(what) + " " + quoted(token_) +
                                             " does not fit in a " +
                                             std::to_string(sizeof(Num) * 8) + "-bit TARTAN_Num");
    case ParseStatus::not_a_number: break;
  }
  fail_expected(what);
}

Num TextReader::read_num_at_least(const char* what, Num minimum) {
  const Num value = read_num(what);
  if (value < minimum)
    fail_at_token(ErrorCode::format, std::string(what) + " '" + std::to_string(value) +
                                         "' must be at least " + std::to_string(minimum));
  return value;
}

const std::string& TextReader::read_word(const char* what) {
  if (!next_token()) fail_expected(what);
  return token_;
}

bool TextReader::read_line(std::string& line) {
  line.clear();
  int c = peek();
  if (c < 0) return false;
  token_line_ = line_;
  while (c >= 0 && c != '\n') {
    line.push_back(static_cast<char>(c));
    input_.sbumpc();
    c = peek();
  }
  if (c == '\n') {
    input_.sbumpc();
    ++line_;
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

bool TextReader::at_end() {
  int c = peek();
  while (c >= 0 && is_space(c)) {
    if (c == '\n') ++line_;
    input_.sbumpc();
    c = peek();
  }
  token_line_ = line_;
  return c < 0;
}

void TextReader::expect_end(const char* what) {
  if (next_token())
    fail_at_token(ErrorCode::format, "unexpected " + quoted(token_) + " after " + what);
}

void TextReader::fail_at(ErrorCode code, std::int64_t line, const std::string& message) const {
  fail(code, name_ + ": line " + std::to_string(line) + ": " + message);
}

void TextReader::fail_expected(const char* what) const {
  fail_at_token(ErrorCode::format,
                std::string("expected ") + what + ", found " +
                    (have_token_ ? quoted(token()) : std::string("end of file")));
}

}  // namespace tartan::io
