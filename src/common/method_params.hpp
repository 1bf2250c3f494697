// What a method receives from a strategy string: its named parameters (`name{key=value,...}`),
// typed on access. The strategy parser (src/strat) implements it; the mapping methods and the
// target builders (TARTAN_archBuild0's bipartitioning) read their options through it, so none
// of them depends on the parser.
#pragma once

#include <initializer_list>
#include <string>

#include "common/num.hpp"

namespace tartan {

// A wrong type or range is reported with the method, the parameter and the position in the
// strategy string.
class MethodParams {
 public:
  virtual ~MethodParams() = default;
  // Value of a numeric parameter, or fallback when absent; throws Error(format) if not a number
  // or outside [low, high].
  virtual double number(const std::string& key, double fallback, double low, double high) const = 0;
  virtual Num integer(const std::string& key, Num fallback, Num low, Num high) const = 0;
  // Value of a word parameter (an identifier such as a job policy), or fallback.
  virtual std::string word(const std::string& key, const std::string& fallback) const = 0;
  // Index in choices of a parameter that must be one of those words, or fallback when absent;
  // throws Error(format) listing the choices when it is none of them.
  virtual int choice(const std::string& key, std::initializer_list<const char*> choices,
                     int fallback) const = 0;
};

}  // namespace tartan
