// The load bound every mapping method keeps, written once: a domain of the target (a terminal,
// or a set of terminals for DRB's halves) may hold at most its share of the total load, by
// capacity, times 1 + imbalance, and never less than that share rounded up (so that a
// tolerance of 0 stays feasible with unit loads).
#pragma once

#include <cstdint>
#include <vector>

#include "arch/architecture.hpp"

namespace tartan {

// Largest acceptable load of a domain of capacity `weight` out of `weight_sum` when the whole
// target holds total_load.
std::int64_t load_capacity(std::int64_t total_load, std::int64_t weight, std::int64_t weight_sum,
                           double imbalance);

// load_capacity of every terminal of arch (terminals of capacity 0 get 0; a target whose
// capacities are all 0 counts every terminal as 1).
std::vector<std::int64_t> terminal_capacities(const Architecture& arch, std::int64_t total_load,
                                              double imbalance);

// The load bound of every terminal as refinements ask for it: a table over [0, k) when the
// target is small enough (up to kDenseTerminals terminals), and computed on demand from the
// target otherwise, so that mapping 64 vertices onto a 2^31-terminal complete graph takes memory
// in proportion to the graph, not to the target. Both give load_capacity of each terminal, with
// the conventions of terminal_capacities.
class TerminalCapacities {
 public:
  static constexpr Num kDenseTerminals = Num{1} << 22;

  // An explicit table (tests, and callers that computed one).
  TerminalCapacities(std::vector<std::int64_t> table);  // NOLINT: implicit on purpose
  TerminalCapacities(const Architecture& arch, std::int64_t total_load, double imbalance);

  Num size() const { return size_; }
  // True when every bound sits in a table (then callers may keep per-terminal arrays too).
  bool dense() const { return arch_ == nullptr; }
  std::int64_t operator[](Num t) const {
    return arch_ == nullptr ? table_[t] : computed(t);
  }

 private:
  std::int64_t computed(Num t) const;

  std::vector<std::int64_t> table_;
  Num size_ = 0;
  const Architecture* arch_ = nullptr;  // set when the bounds are computed on demand
  std::int64_t total_load_ = 0;
  std::int64_t weight_sum_ = 0;  // <= 0: every terminal counts as 1
  double imbalance_ = 0;
};

}  // namespace tartan
