#include "mapping/balance.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace tartan {

std::int64_t load_capacity(std::int64_t total_load, std::int64_t weight, std::int64_t weight_sum,
                           double imbalance) {
  if (weight_sum <= 0) return total_load;
  const double share = static_cast<double>(total_load) * static_cast<double>(weight) /
                       static_cast<double>(weight_sum);
  // The small slack absorbs the rounding of share when it is a whole number.
  return std::max(static_cast<std::int64_t>(std::floor(share * (1.0 + imbalance) + 1e-9)),
                  static_cast<std::int64_t>(std::ceil(share - 1e-9)));
}

std::vector<std::int64_t> terminal_capacities(const Architecture& arch, std::int64_t total_load,
                                              double imbalance) {
  const Num k = arch.size();
  std::vector<std::int64_t> weight(static_cast<std::size_t>(k));
  std::int64_t weight_sum = 0;
  for (Num t = 0; t < k; ++t) {
    weight[t] = std::max<std::int64_t>(0, arch.terminal_weight(t));
    weight_sum += weight[t];
  }
  if (weight_sum <= 0) {
    std::fill(weight.begin(), weight.end(), 1);
    weight_sum = k;
  }
  std::vector<std::int64_t> capacity(static_cast<std::size_t>(k));
  for (Num t = 0; t < k; ++t)
    capacity[t] = load_capacity(total_load, weight[t], weight_sum, imbalance);
  return capacity;
}

TerminalCapacities::TerminalCapacities(std::vector<std::int64_t> table)
    : table_(std::move(table)), size_(static_cast<Num>(table_.size())) {}

TerminalCapacities::TerminalCapacities(const Architecture& arch, std::int64_t total_load,
                                       double imbalance)
    : size_(arch.size()) {
  if (size_ <= kDenseTerminals) {
    table_ = terminal_capacities(arch, total_load, imbalance);
    return;
  }
  // The whole target's capacity is the sum of its terminals' weights, known without visiting them.
  arch_ = &arch;
  total_load_ = total_load;
  weight_sum_ = arch.domain_weight(arch.first_domain());
  imbalance_ = imbalance;
}

std::int64_t TerminalCapacities::computed(Num t) const {
  if (weight_sum_ <= 0) return load_capacity(total_load_, 1, size_, imbalance_);
  return load_capacity(total_load_, std::max<std::int64_t>(0, arch_->terminal_weight(t)),
                       weight_sum_, imbalance_);
}

}  // namespace tartan
