// Distances between the terminals of any target: the one place every heuristic and every
// metric asks for dist(a, b), singly or by rows. Construction is cheap (no table); queries
// are const and thread-safe.
#pragma once

#include <cstddef>

#include "arch/architecture.hpp"
#include "common/num.hpp"

namespace tartan {

class DistanceOracle {
 public:
  explicit DistanceOracle(const Architecture& arch);

  const Architecture& arch() const { return arch_; }
  Num size() const { return size_; }

  // Distance between terminals a and b (0 when a == b).
  Num operator()(Num a, Num b) const { return a == b ? 0 : arch_.terminal_distance(a, b); }
  // out[i] = distance(from, to[i]) for i < count.
  void row(Num from, const Num* to, std::size_t count, Num* out) const;
  // Distance between two domains of the target (DRB's jobs ask for those).
  Num domain_distance(const Domain& a, const Domain& b) const {
    return arch_.domain_distance(a, b);
  }

 private:
  const Architecture& arch_;
  Num size_;
};

}  // namespace tartan
