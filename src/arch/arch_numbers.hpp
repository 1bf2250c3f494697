// Checked arithmetic on terminal counts and weights: target sizes are products and sums of
// user-given numbers, and whatever does not fit in Num is reported (EOVERFLOW), never wrapped.
#pragma once

#include <string>

#include "common/error.hpp"
#include "common/num.hpp"

namespace tartan {

inline Num checked_mul(Num a, Num b, const char* what) {
  Num result;
  if (__builtin_mul_overflow(a, b, &result))
    fail(ErrorCode::overflow, std::string(what) + " does not fit in TARTAN_Num");
  return result;
}

inline Num checked_add(Num a, Num b, const char* what) {
  Num result;
  if (__builtin_add_overflow(a, b, &result))
    fail(ErrorCode::overflow, std::string(what) + " does not fit in TARTAN_Num");
  return result;
}

// Throws Error(invalid) "<what> is <value>, must be at least <minimum>".
inline void require_at_least(Num value, Num minimum, const std::string& what) {
  if (value < minimum)
    fail_invalid(what + " is " + std::to_string(value) + ", must be at least " +
                 std::to_string(minimum));
}

// Number of bits of Num usable for non-negative values (31 or 63).
constexpr int kNumValueBits = static_cast<int>(sizeof(Num) * 8) - 1;

}  // namespace tartan
