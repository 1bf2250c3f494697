// Terminal distances for refinement heuristics: Architecture::terminal_distance is a virtual call
// (and for some kinds a computation), so distances are memoised in a lazily filled k x k table
// when the target is small enough, and computed on demand otherwise.
#pragma once

#include <cstdint>
#include <vector>

#include "arch/architecture.hpp"
#include "common/num.hpp"

namespace tartan {

class TerminalDistanceCache {
 public:
  // Targets up to this many terminals get a full table (4 bytes per pair, filled on demand).
  static constexpr Num kTableLimit = 2048;

  explicit TerminalDistanceCache(const Architecture& arch) : arch_(arch), size_(arch.size()) {
    if (size_ > 0 && size_ <= kTableLimit)
      table_.assign(static_cast<std::size_t>(size_) * static_cast<std::size_t>(size_), -1);
  }

  Num operator()(Num a, Num b) {
    if (a == b) return 0;
    if (table_.empty()) return arch_.terminal_distance(a, b);
    std::int32_t& slot = table_[static_cast<std::size_t>(a) * static_cast<std::size_t>(size_) +
                                static_cast<std::size_t>(b)];
    if (slot < 0) {
      slot = static_cast<std::int32_t>(arch_.terminal_distance(a, b));
      table_[static_cast<std::size_t>(b) * static_cast<std::size_t>(size_) +
             static_cast<std::size_t>(a)] = slot;
    }
    return slot;
  }

 private:
  const Architecture& arch_;
  Num size_;
  std::vector<std::int32_t> table_;
};

}  // namespace tartan
