#include "mapping/migration.hpp"

#include <algorithm>
#include <tuple>

namespace tartan {

double migration_cost(const MigrationCost& migration, const std::vector<Num>& part) {
  double sum = 0.0;
  for (Num v = 0; v < static_cast<Num>(part.size()); ++v) sum += migration.of(v, part[v]);
  return sum;
}

std::vector<Num> overlap_relabelling(const MigrationCost& migration, const std::vector<Num>& part,
                                     Num k) {
  // (new terminal, old terminal, load) for every vertex with both, merged per pair.
  std::vector<std::tuple<Num, Num, double>> pairs;
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
