#include "mapping/migration.hpp"

namespace tartan {

double migration_cost(const MigrationCost& migration, const std::vector<Num>& part) {
  double sum = 0.0;
  for (Num v = 0; v < static_cast<Num>(part.size()); ++v) sum += migration.of(v, part[v]);
  return sum;
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
