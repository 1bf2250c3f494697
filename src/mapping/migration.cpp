#include "mapping/migration.hpp"

#include <algorithm>
#include <tuple>

#include "arch/distance_form.hpp"

namespace tartan {

double migration_cost(const MigrationCost& migration, const std::vector<Num>& part) {
  double sum = 0.0;
  for (Num v = 0; v < static_cast<Num>(part.size()); ++v) sum += migration.of(v, part[v]);
  return sum;
}

namespace {

using Pair = std::tuple<Num, Num, double>;  // (new terminal, old terminal, load)

// The distinct (new, old) terminal pairs of the vertices that have both, with their summed
// migration loads, sorted by pair.
std::vector<Pair> overlap_pairs(const MigrationCost& migration, const std::vector<Num>& part) {
  std::vector<Pair> pairs;
  for (std::size_t v = 0; v < part.size(); ++v) {
    const Num o = (*migration.old)[v];
    if (o == -1 || part[v] < 0) continue;
    pairs.emplace_back(part[v], o, migration.load != nullptr ? (*migration.load)[v] : 1);
  }
  std::sort(pairs.begin(), pairs.end());
  std::size_t merged = 0;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if (merged > 0 && std::get<0>(pairs[merged - 1]) == std::get<0>(pairs[i]) &&
        std::get<1>(pairs[merged - 1]) == std::get<1>(pairs[i]))
      std::get<2>(pairs[merged - 1]) += std::get<2>(pairs[i]);
    else
      pairs[merged++] = pairs[i];
  }
  pairs.resize(merged);
  return pairs;
}

constexpr double kSymmetryBudget = 4e7;  // symmetries x pairs tried at most

// Axis orders of a grid that keep the lengths: order[j] is the axis whose coordinate becomes
// axis j's. The identity first.
std::vector<std::vector<std::size_t>> axis_orders(const std::vector<Num>& dims) {
  std::vector<std::size_t> order(dims.size());
  for (std::size_t j = 0; j < order.size(); ++j) order[j] = j;
  std::vector<std::vector<std::size_t>> orders;
  do {
    bool keeps = true;
    for (std::size_t j = 0; j < order.size(); ++j) keeps = keeps && dims[order[j]] == dims[j];
    if (keeps) orders.push_back(order);
  } while (std::next_permutation(order.begin(), order.end()));
  return orders;
}

// Keeps the best of the symmetries `each` enumerates: each calls try_map(map) with a function
// map(t) giving the new number of terminal t.
template <typename Enumerate>
std::vector<Num> best_symmetry(const std::vector<Pair>& pairs, Num k, Enumerate each) {
  double best_score = -1.0;
  std::vector<Num> best;
  each([&](const auto& map) {
    double score = 0.0;
    for (const Pair& pair : pairs)
      if (map(std::get<0>(pair)) == std::get<1>(pair)) score += std::get<2>(pair);
    if (score > best_score) {
      best_score = score;
      best.resize(static_cast<std::size_t>(k));
      for (Num t = 0; t < k; ++t) best[t] = map(t);
    }
  });
  return best;
}

}  // namespace

std::vector<Num> symmetric_relabelling(const Architecture& arch, const MigrationCost& migration,
                                       const std::vector<Num>& part) {
  const Num k = arch.size();
  const std::vector<Pair> pairs = overlap_pairs(migration, part);
  const double per_symmetry = static_cast<double>(std::max<std::size_t>(pairs.size(), 1));
  const DistanceForm form = arch.distance_form();
  if (form.kind == DistanceForm::Kind::hypercube) {
    int dim = 0;
    while ((Num{1} << dim) < k) ++dim;
    std::vector<int> order(static_cast<std::size_t>(dim));
    double orders = 1.0;
    for (int i = 0; i < dim; ++i) {
      order[i] = i;
      orders *= i + 1;
    }
    if (orders * static_cast<double>(k) * per_symmetry > kSymmetryBudget) return {};
    return best_symmetry(pairs, k, [&](const auto& try_map) {
      do {
        for (Num mask = 0; mask < k; ++mask)
          try_map([&](Num t) {
            Num image = 0;
            for (int i = 0; i < dim; ++i) image |= ((t >> order[i]) & 1) << i;
            return image ^ mask;
          });
      } while (std::next_permutation(order.begin(), order.end()));
    });
  }
  if (form.kind == DistanceForm::Kind::grid) {
    const std::vector<Num>& dims = *form.dims;
    const std::size_t axes = dims.size();
    const std::vector<std::vector<std::size_t>> orders = axis_orders(dims);
    // Per axis: reflect or not, then (tori) rotate by 0..len-1.
    std::vector<Num> choices(axes), stride(axes);
    double count = static_cast<double>(orders.size());
    for (std::size_t j = 0; j < axes; ++j) {
      choices[j] = form.wrap ? 2 * dims[j] : 2;
      stride[j] = j == 0 ? 1 : stride[j - 1] * dims[j - 1];
      count *= static_cast<double>(choices[j]);
    }
    if (count * per_symmetry > kSymmetryBudget) return {};
    return best_symmetry(pairs, k, [&](const auto& try_map) {
      std::vector<Num> choice(axes, 0);
      for (const std::vector<std::size_t>& order : orders) {
        std::fill(choice.begin(), choice.end(), 0);
        for (;;) {
          try_map([&](Num t) {
            Num image = 0;
            for (std::size_t j = 0; j < axes; ++j) {
              const Num len = dims[j];
              Num x = (t / stride[order[j]]) % len;
              if (choice[j] % 2 == 1) x = len - 1 - x;
              x = (x + choice[j] / 2) % len;
              image += x * stride[j];
            }
            return image;
          });
          std::size_t j = 0;
          while (j < axes && ++choice[j] == choices[j]) choice[j++] = 0;
          if (j == axes) break;
        }
      }
    });
  }
  return {};
}

std::vector<Num> overlap_relabelling(const MigrationCost& migration, const std::vector<Num>& part,
                                     Num k) {
  std::vector<Pair> pairs = overlap_pairs(migration, part);
  std::stable_sort(pairs.begin(), pairs.end(), [](const auto& a, const auto& b) {
    return std::get<2>(a) > std::get<2>(b);
  });
  std::vector<Num> perm(static_cast<std::size_t>(k), -1);
  std::vector<char> taken(static_cast<std::size_t>(k), 0);
  for (const auto& pair : pairs) {
    const Num from = std::get<0>(pair), to = std::get<1>(pair);
    if (perm[from] != -1 || taken[to] != 0) continue;
    perm[from] = to;
    taken[to] = 1;
  }
  Num next = 0;
  for (Num t = 0; t < k; ++t) {
    if (perm[t] != -1) continue;
    while (taken[next] != 0) ++next;
    perm[t] = next;
    taken[next] = 1;
  }
  return perm;
}

Num refine_with_migration(KwayState& state, const std::vector<char>& pinned,
                          const MigrationCost& migration, int passes) {
  const Num vertnbr = static_cast<Num>(state.part().size());
  Num moves = 0;
  for (int pass = 0; pass < passes; ++pass) {
    Num pass_moves = 0;
    for (Num v = 0; v < vertnbr; ++v) {
      if (pinned[v] != 0) continue;
      const Num current = state.terminal(v);
      const double stay = migration.of(v, current);
      Num best = -1;
      double best_gain = 0.0;
      auto consider = [&](Num t) {
        if (t == current || !state.fits(v, t)) return;
        const double gain =
            static_cast<double>(state.move_gain(v, t)) + stay - migration.of(v, t);
        if (gain > best_gain) {
          best_gain = gain;
          best = t;
        }
      };
      // The old terminal first: among equal gains, going back wins (it migrates nothing).
      const Num old = (*migration.old)[v];
      if (old != -1) consider(old);
      for (const auto& near : state.neighbour_terminals(v)) consider(near.terminal);
      if (best != -1) {
        state.move(v, best);
        ++pass_moves;
      }
    }
    moves += pass_moves;
    if (pass_moves == 0) break;
  }
  return moves;
}

}  // namespace tartan
