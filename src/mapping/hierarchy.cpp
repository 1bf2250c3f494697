#include "mapping/hierarchy.hpp"

#include <algorithm>

namespace tartan {

Hierarchy infer_hierarchy(const DistanceOracle& distance) {
  const Num k = distance.size();
  Hierarchy h;
  h.blocks.push_back(1);
  if (k <= 1) return h;
  std::vector<Num> all(static_cast<std::size_t>(k)), from0(static_cast<std::size_t>(k));
  for (Num t = 0; t < k; ++t) all[t] = t;
  distance.row(0, all.data(), all.size(), from0.data());
  std::vector<Num> values(from0.begin() + 1, from0.end());
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  for (Num value : values) {
    const Num within = static_cast<Num>(std::count_if(from0.begin(), from0.end(),
                                                      [&](Num d) { return d <= value; }));
    // The terminals within this distance of terminal 0 must be a prefix, a multiple of the
    // block below.
    for (Num t = 0; t < within; ++t)
      if (from0[t] > value) return {};
    if (within % h.blocks.back() != 0) return {};
    h.blocks.push_back(within);
    h.level_distance.push_back(value);
  }
  if (h.blocks.back() != k) return {};
  // Every terminal against the first terminal of each of its blocks.
  const std::size_t levels = h.blocks.size();
  for (Num t = 1; t < k; ++t)
    for (std::size_t i = 1; i + 1 < levels; ++i) {
      const Num first = t - t % h.blocks[i];
      if (first == t) continue;
      std::size_t common = 1;
      while (t / h.blocks[common] != first / h.blocks[common]) ++common;
      if (distance(first, t) != h.level_distance[common - 1]) return {};
    }
  return h;
}

}  // namespace tartan
