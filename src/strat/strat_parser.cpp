// A recursive-descent parser over the grammar of doc/strategy.md:
//   strategy  := sequence END
//   sequence  := step { ';' step }        (a condition's closing ';' also separates)
//   step      := method | '(' sequence { '|' sequence } ')' [ '{' 'best' '=' (cost|mc) '}' ]
//                | condition
//   method    := NAME [ '{' [ NAME '=' value { ',' NAME '=' value } ] '}' ]
//   condition := '/' expr '?' step [ ':' step ] ';'
//   expr      := conj { '|' conj }      conj := unary { '&' unary }
//   unary     := '!' unary | '(' expr ')' | operand RELATION operand
//   operand   := vert | edge | term | load | tree | NUMBER
#include "strat/strat_parser.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <sstream>

#include "common/error.hpp"
#include "strat/composition.hpp"

namespace tartan {
namespace {

std::string format_number(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

struct ParamValue {
  std::size_t position;  // 1-based, of the value
  std::string text;
  bool is_number;
  double number;
};

// The parameters of one method occurrence, with their positions for messages.
class ParsedParams : public MethodParams {
 public:
  explicit ParsedParams(std::string method) : method_(std::move(method)) {}

  std::map<std::string, ParamValue> values;

  double number(const std::string& key, double fallback, double low,
                double high) const override {
    const ParamValue* value = find(key);
    if (value == nullptr) return fallback;
    if (!value->is_number)
      fail_at(*value, "parameter '" + key + "' of '" + method_ + "' expects a number, found '" +
                          value->text + "'");
    if (!(value->number >= low && value->number <= high))
      fail_at(*value, "parameter '" + key + "' of '" + method_ + "' must be between " +
                          format_number(low) + " and " + format_number(high) + ", found " +
                          value->text);
    return value->number;
  }

  Num integer(const std::string& key, Num fallback, Num low, Num high) const override {
    const ParamValue* value = find(key);
    if (value == nullptr) return fallback;
    if (!value->is_number || value->number != std::floor(value->number))
      fail_at(*value, "parameter '" + key + "' of '" + method_ + "' expects an integer, found '" +
                          value->text + "'");
    if (!(value->number >= static_cast<double>(low) && value->number <= static_cast<double>(high)))
      fail_at(*value, "parameter '" + key + "' of '" + method_ + "' must be between " +
                          std::to_string(low) + " and " + std::to_string(high) + ", found " +
                          value->text);
    return static_cast<Num>(value->number);
  }

  std::string word(const std::string& key, const std::string& fallback) const override {
    const ParamValue* value = find(key);
    if (value == nullptr) return fallback;
    if (value->is_number)
      fail_at(*value, "parameter '" + key + "' of '" + method_ + "' expects a word, found " +
                          value->text);
    return value->text;
  }

  int choice(const std::string& key, std::initializer_list<const char*> choices,
             int fallback) const override {
    const ParamValue* value = find(key);
    if (value == nullptr) return fallback;
    std::string listed;  // "a, b or c"
    int index = 0;
    for (const char* candidate : choices) {
      if (value->text == candidate) return index;
      if (index > 0) listed += index + 1 == static_cast<int>(choices.size()) ? " or " : ", ";
      listed += candidate;
      ++index;
    }
    fail_at(*value, "parameter '" + key + "' of '" + method_ + "' must be " + listed +
                        ", found '" + value->text + "'");
  }

 private:
  const ParamValue* find(const std::string& key) const {
    auto it = values.find(key);
    return it == values.end() ? nullptr : &it->second;
  }
  [[noreturn]] static void fail_at(const ParamValue& value, const std::string& reason) {
    fail_format("position " + std::to_string(value.position) + ": " + reason);
  }

  std::string method_;
};

class Parser {
 public:
  Parser(const std::string& text, const MethodTable& table) : text_(text), table_(table) {}

  MethodPtr parse() {
    skip_blanks();
    MethodPtr method = sequence();
    skip_blanks();
    if (!at_end()) fail_here("unexpected '" + std::string(1, peek()) + "'");
    return method;
  }

  // Exactly one call of entry: its name, then its parameters (`bal` only if entry lists it).
  std::unique_ptr<ParsedParams> call(const MethodEntry& entry) {
    skip_blanks();
    const std::size_t start = pos_;
    const std::string method_name = name_start(peek()) ? name() : std::string();
    if (method_name != entry.name)
      fail_at(start, "expected a single " + std::string(entry.name) + "{...} step, found " +
                         (method_name.empty() ? found() : "'" + method_name + "'"));
    auto params = std::make_unique<ParsedParams>(method_name);
    allow_imbalance_ = accepts_key(entry, kImbalanceKey);
    if (accept('{') && !accept('}')) {
      do parameter(entry, *params);
      while (accept(','));
      expect('}', "to close the parameters of '" + method_name + "'");
    }
    skip_blanks();
    if (!at_end())
      fail_here("expected a single " + std::string(entry.name) + "{...} step, found " + found() +
                " after it");
    return params;
  }

 private:
  // ---- characters -------------------------------------------------------------------------
  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return at_end() ? '\0' : text_[pos_]; }
  void skip_blanks() {
    while (!at_end() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool accept(char c) {
    skip_blanks();
    if (peek() != c) return false;
    ++pos_;
    return true;
  }
  std::string found() const {
    return at_end() ? std::string("end of strategy") : "'" + std::string(1, peek()) + "'";
  }
  void expect(char c, const std::string& context) {
    if (!accept(c))
      fail_here("expected '" + std::string(1, c) + "'" + (context.empty() ? "" : " ") + context +
                ", found " + found());
  }
  [[noreturn]] void fail_at(std::size_t position, const std::string& reason) const {
    fail_format("position " + std::to_string(position + 1) + ": " + reason);
  }
  [[noreturn]] void fail_here(const std::string& reason) const { fail_at(pos_, reason); }

  static bool name_start(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
  }
  static bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
  std::string name() {
    std::size_t start = pos_;
    while (!at_end() && name_char(text_[pos_])) ++pos_;
    return text_.substr(start, pos_ - start);
  }
  // A number at the current position (sign, digits, fraction, exponent); false if none.
  bool number(double& value, std::string& spelling) {
    const char* begin = text_.c_str() + pos_;
    if (!(std::isdigit(static_cast<unsigned char>(*begin)) || *begin == '.' || *begin == '-' ||
          *begin == '+'))
      return false;
    char* end = nullptr;
    value = std::strtod(begin, &end);
    if (end == begin) return false;
    // strtod also reads "inf", "nan" and hexadecimal: allow only plain decimal spellings.
    for (const char* c = begin; c < end; ++c)
      if (!(std::isdigit(static_cast<unsigned char>(*c)) || *c == '.' || *c == '-' || *c == '+' ||
            *c == 'e' || *c == 'E'))
        return false;
    spelling.assign(begin, static_cast<std::size_t>(end - begin));
    // A decimal number beyond a double's range ("1e400") is named whole, not by its first digit.
    if (!std::isfinite(value)) fail_here("the number '" + spelling + "' is too large");
    pos_ += static_cast<std::size_t>(end - begin);
    return true;
  }

  // ---- strategies -------------------------------------------------------------------------
  MethodPtr sequence() {
    std::vector<MethodPtr> steps;
    for (;;) {
      bool ended_by_semicolon = false;
      steps.push_back(step(ended_by_semicolon));
      if (accept(';')) continue;
      skip_blanks();
      // After a condition (closed by its own ';'), the next step may follow directly.
      if (ended_by_semicolon && (name_start(peek()) || peek() == '(' || peek() == '/')) continue;
      break;
    }
    if (steps.size() == 1) return std::move(steps.front());
    return std::make_unique<SequenceMethod>(std::move(steps));
  }

  MethodPtr step(bool& ended_by_semicolon) {
    skip_blanks();
    const char c = peek();
    if (c == '(') return group();
    if (c == '/') {
      ended_by_semicolon = true;
      return condition();
    }
    if (name_start(c)) return method();
    fail_here("expected a method name, '(' or '/', found " + found());
  }

  MethodPtr group() {
    const Nesting nesting(*this);
    expect('(', "");
    std::vector<MethodPtr> alternatives;
    alternatives.push_back(sequence());
    while (accept('|')) alternatives.push_back(sequence());
    expect(')', "to close the group");
    BestCriterion criterion = BestCriterion::cost;
    if (accept('{')) {
      skip_blanks();
      const std::size_t key_position = pos_;
      const std::string key = name_start(peek()) ? name() : std::string();
      if (key != "best")
        fail_at(key_position, "a group takes one option, best=cost|mc, found " +
                                  (key.empty() ? found() : "'" + key + "'"));
      expect('=', "after 'best'");
      skip_blanks();
      const std::size_t value_position = pos_;
      const std::string value = name_start(peek()) ? name() : std::string();
      if (value == "mc")
        criterion = BestCriterion::mc;
      else if (value != "cost")
        fail_at(value_position, "best= takes cost or mc, found " +
                                    (value.empty() ? found() : "'" + value + "'"));
      expect('}', "to close the options of the group");
    }
    if (alternatives.size() == 1 && criterion == BestCriterion::cost)
      return std::move(alternatives.front());
    return std::make_unique<BestOfMethod>(std::move(alternatives), criterion);
  }

  MethodPtr method() {
    const std::size_t start = pos_;
    const std::string method_name = name();
    const MethodEntry* entry = find_method(table_, method_name);
    if (entry == nullptr) fail_at(start, "unknown method '" + method_name + "'" + known_methods());
    ParsedParams params(method_name);
    if (accept('{')) {
      if (!accept('}')) {
        do parameter(*entry, params);
        while (accept(','));
        expect('}', "to close the parameters of '" + method_name + "'");
      }
    }
    double imbalance = -1, room = 0;
    if (params.values.count(kImbalanceKey) != 0 && !accepts_key(*entry, kImbalanceKey))
      imbalance = params.number(kImbalanceKey, 0, 0, 1);
    if (params.values.count(kRoomKey) != 0 && !accepts_key(*entry, kRoomKey))
      room = params.number(kRoomKey, 0, 0, 1e9);
    MethodPtr built = entry->make(params);
    if (imbalance >= 0 || room > 0)
      return std::make_unique<ImbalanceMethod>(std::move(built), imbalance, room);
    return built;
  }

  static bool accepts_key(const MethodEntry& entry, const std::string& key) {
    for (const char* const* k = entry.keys; k != nullptr && *k != nullptr; ++k)
      if (key == *k) return true;
    return false;
  }

  void parameter(const MethodEntry& entry, ParsedParams& params) {
    skip_blanks();
    const std::size_t key_position = pos_;
    if (!name_start(peek()))
      fail_here("expected a parameter name in '" + std::string(entry.name) + "{...}', found " +
                found());
    const std::string key = name();
    if (!accepts_key(entry, key) &&
        !(allow_imbalance_ && (key == kImbalanceKey || key == kRoomKey))) {
      std::string accepted;
      for (const char* const* k = entry.keys; k != nullptr && *k != nullptr; ++k)
        accepted += std::string(accepted.empty() ? "" : ", ") + *k;
      for (const char* generic : {kImbalanceKey, kRoomKey})
        if (allow_imbalance_ && !accepts_key(entry, generic))
          accepted += std::string(accepted.empty() ? "" : ", ") + generic;
      fail_at(key_position, "method '" + std::string(entry.name) + "' has no parameter '" + key +
                                "' (accepted: " + accepted + ")");
    }
    if (params.values.count(key) != 0)
      fail_at(key_position, "parameter '" + key + "' given twice");
    expect('=', "after parameter '" + key + "'");
    skip_blanks();
    ParamValue value{pos_ + 1, "", false, 0};
    if (number(value.number, value.text)) {
      value.is_number = true;
    } else if (name_start(peek())) {
      value.text = name();
    } else {
      fail_here("parameter '" + key + "' expects a number or a word, found " + found());
    }
    params.values.emplace(key, std::move(value));
  }

  std::string known_methods() const {
    std::string list;
    for (const MethodEntry& entry : table_)
      list += std::string(list.empty() ? " (known: " : ", ") + entry.name;
    return list.empty() ? std::string(" (no method is available)") : list + ")";
  }

  MethodPtr condition() {
    const Nesting nesting(*this);
    expect('/', "");
    operators_ = 0;
    std::unique_ptr<Condition> test = disjunction();
    expect('?', "after the condition");
    bool ignored = false;
    MethodPtr then_method = step(ignored);
    MethodPtr else_method;
    if (accept(':')) else_method = step(ignored);
    expect(';', "to end the condition");
    return std::make_unique<ConditionMethod>(std::move(test), std::move(then_method),
                                             std::move(else_method));
  }

  // ---- conditions -------------------------------------------------------------------------
  std::unique_ptr<Condition> disjunction() {
    std::unique_ptr<Condition> left = conjunction();
    while (accept('|')) {
      count_operator();
      left = Condition::combine(Condition::Kind::either, std::move(left), conjunction());
    }
    return left;
  }

  std::unique_ptr<Condition> conjunction() {
    std::unique_ptr<Condition> left = unary();
    while (accept('&')) {
      count_operator();
      left = Condition::combine(Condition::Kind::both, std::move(left), unary());
    }
    return left;
  }

  std::unique_ptr<Condition> unary() {
    if (accept('!')) {
      const Nesting nesting(*this);
      return Condition::negation(unary());
    }
    if (accept('(')) {
      const Nesting nesting(*this);
      std::unique_ptr<Condition> inner = disjunction();
      expect(')', "to close the condition's parenthesis");
      return inner;
    }
    const Condition::Operand left = operand();
    const Condition::Relation relation = comparison();
    const Condition::Operand right = operand();
    return Condition::comparison(left, relation, right);
  }

  Condition::Operand operand() {
    skip_blanks();
    Condition::Operand result;
    std::string spelling;
    if (number(result.constant, spelling)) return result;
    const std::size_t start = pos_;
    if (!name_start(peek()))
      fail_here("expected a variable (vert, edge, term, load, tree) or a number, found " + found());
    const std::string variable = name();
    static const StrategyVariable all[] = {StrategyVariable::vert, StrategyVariable::edge,
                                           StrategyVariable::term, StrategyVariable::load,
                                           StrategyVariable::tree};
    for (StrategyVariable candidate : all)
      if (variable == variable_name(candidate)) {
        result.is_variable = true;
        result.variable = candidate;
        return result;
      }
    fail_at(start, "unknown variable '" + variable + "' (known: vert, edge, term, load, tree)");
  }

  Condition::Relation comparison() {
    skip_blanks();
    using Relation = Condition::Relation;
    const char c = peek();
    const char next = pos_ + 1 < text_.size() ? text_[pos_ + 1] : '\0';
    if (c == '<' || c == '>') {
      pos_ += next == '=' ? 2 : 1;
      if (c == '<') return next == '=' ? Relation::less_equal : Relation::less;
      return next == '=' ? Relation::greater_equal : Relation::greater;
    }
    if ((c == '=' || c == '!') && next == '=') {
      pos_ += 2;
      return c == '=' ? Relation::equal : Relation::not_equal;
    }
    fail_here("expected a comparison (<, <=, >, >=, ==, !=), found " + found());
  }

  // Strategies and conditions are trees that parsing, running and freeing walk recursively:
  // their depth and the operators of a condition are bounded (doc/strategy.md), so that no
  // string can exhaust the stack (30 000 nested parentheses did, even in a thread's 256 KiB).
  static constexpr int kMaxNesting = 100;
  static constexpr int kMaxOperators = 100;
  struct Nesting {
    explicit Nesting(Parser& parser) : parser_(parser) {
      if (++parser_.depth_ > kMaxNesting)
        parser_.fail_here("nesting deeper than " + std::to_string(kMaxNesting) +
                          " levels (groups, conditions, '!' and parentheses)");
    }
    ~Nesting() { --parser_.depth_; }
    Nesting(const Nesting&) = delete;
    Nesting& operator=(const Nesting&) = delete;
    Parser& parser_;
  };
  void count_operator() {
    if (++operators_ > kMaxOperators)
      fail_here("a condition may combine at most " + std::to_string(kMaxOperators) +
                " comparisons with '&' and '|'");
  }

  const std::string& text_;
  const MethodTable& table_;
  std::size_t pos_ = 0;
  bool allow_imbalance_ = true;  // every method of a strategy accepts `bal` and `room`
  int depth_ = 0, operators_ = 0;
};

}  // namespace

MethodPtr parse_strategy(const std::string& text, const MethodTable& table) {
  return Parser(text, table).parse();
}

std::unique_ptr<MethodParams> parse_method_call(const std::string& text, const MethodEntry& entry) {
  const MethodTable no_methods;
  return Parser(text, no_methods).call(entry);
}

}  // namespace tartan
