// The integer type of graphs and targets, fixed at configure time (--enable-int64).
#pragma once

#include <cstdint>

#include "config.h"

namespace tartan {

#if TARTAN_NUM_BITS == 64
using Num = std::int64_t;
#else
using Num = std::int32_t;
#endif

}  // namespace tartan
