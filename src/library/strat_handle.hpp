// The TARTAN_Strat handle's traits, so that API files can unwrap strategies:
//   const tartan::Strategy& strategy = tartan::api::unwrap<tartan::Strategy>(strat_handle);
#pragma once

#include "library/api.hpp"
#include "strat/strategy.hpp"

namespace tartan::api {

template <>
struct HandleTraits<Strategy> {
  static constexpr std::uint64_t check = 0x5441'5254'5354'5241ull;  // "TARTSTRA"
  static constexpr const char* name = "TARTAN_Strat";
};

}  // namespace tartan::api
