#include "arch/distance_oracle.hpp"

namespace tartan {

DistanceOracle::DistanceOracle(const Architecture& arch) : arch_(arch), size_(arch.size()) {}

void DistanceOracle::row(Num from, const Num* to, std::size_t count, Num* out) const {
  for (std::size_t i = 0; i < count; ++i) out[i] = (*this)(from, to[i]);
}

}  // namespace tartan
