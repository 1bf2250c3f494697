// What a mapping method receives from the strategy string: its named parameters
// (`name{key=value,...}`), typed on access. A wrong type or range is reported with the
// method, the parameter and the position in the strategy string.
#pragma once

#include <string>

#include "common/num.hpp"
#include "mapping/method.hpp"

namespace tartan {

class MethodParams {
 public:
  virtual ~MethodParams() = default;
  // Value of a numeric parameter, or fallback when absent; throws Error(format) if not a number
  // or outside [low, high].
  virtual double number(const std::string& key, double fallback, double low, double high) const = 0;
  virtual Num integer(const std::string& key, Num fallback, Num low, Num high) const = 0;
  // Value of a word parameter (an identifier such as a job policy), or fallback.
  virtual std::string word(const std::string& key, const std::string& fallback) const = 0;
};

// One line of the method table (src/strat/method_table.cpp): the name used in strategy
// strings, its parameters (for validation and the docs), and its factory.
struct MethodEntry {
  const char* name;
  const char* summary;
  const char* const* keys;  // null-terminated list of accepted parameter names
  MethodPtr (*make)(const MethodParams& params);
};

}  // namespace tartan
