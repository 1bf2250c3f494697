// Remapping: a mapping that pays for the vertices it moves away from an old mapping. SCOTCH's
// remapping (the SCOTCH 7 user's guide, "SCOTCH_graphRemap": an old mapping, a per-vertex
// migration load and the weight of migration against communication) minimises
//     communication cost + weight x (sum of the migration loads of the migrated vertices),
// a vertex being migrated when it had an old terminal and ends on another one.
#pragma once

#include <cstdint>
#include <vector>

#include "arch/architecture.hpp"
#include "common/num.hpp"
#include "mapping/kway_state.hpp"

namespace tartan {

struct MigrationCost {
  const std::vector<Num>* old = nullptr;   // old terminal per vertex, -1: none (never migrates)
  const std::vector<Num>* load = nullptr;  // migration load per vertex; null: 1 each
  double weight = 0.0;                     // against one unit of communication cost
  // Migration load of v if it ends on t.
  double of(Num v, Num t) const {
    const Num o = (*old)[v];
    if (o == -1 || o == t) return 0.0;
    return weight * static_cast<double>(load != nullptr ? (*load)[v] : 1);
  }
};

// Weighted migration of a whole mapping: weight x sum of the loads of the migrated vertices.
double migration_cost(const MigrationCost& migration, const std::vector<Num>& part);

// A renumbering of the terminals that makes part overlap the old mapping: perm[t] is the new
// terminal of the vertices part puts on t (a permutation of 0..k-1). Greedy maximum-weight
// matching between part's terminals and the old ones, the weight of a pair being the migration
// load of the vertices the pair would keep in place; heaviest pairs first (ties: smaller
// terminals first), terminals left unmatched paired in increasing order. O(n log n) time,
// O(n + k) memory: a fresh mapping's parts are arbitrary names for the target's terminals,
// and renaming them after the old mapping's is what lets a remap at low migration weight keep
// vertices in place (the caller keeps the renaming only if it pays: it may raise the
// communication cost on targets whose renaming is no symmetry).
std::vector<Num> overlap_relabelling(const MigrationCost& migration, const std::vector<Num>& part,
                                     Num k);

// The symmetry of the target (a renumbering of its terminals that keeps every distance) that
// makes part overlap the old mapping most (heaviest migration load kept in place; ties: the
// first in enumeration order, the identity first), as a permutation perm[t]; empty when the
// kind's symmetries are not enumerated or too many to try. Hypercubes: bit translations and
// coordinate permutations; meshes: reflections per axis; tori: rotations and reflections per
// axis; both also permuting axes of equal length. Unlike overlap_relabelling, the renamed
// mapping costs exactly the communication of part. Tried while (symmetries x distinct
// (new, old) pairs) stays under 4e7.
std::vector<Num> symmetric_relabelling(const Architecture& arch, const MigrationCost& migration,
                                       const std::vector<Num>& part);

// Greedy passes of single-vertex moves over the non-pinned vertices, each toward the terminal
// (its neighbours' terminals and its old one) that lowers communication + migration the most
// and that takes its load (KwayState::fits); stops after a pass without a move or after
// `passes` passes. Returns the moves made.
Num refine_with_migration(KwayState& state, const std::vector<char>& pinned,
                          const MigrationCost& migration, int passes);

}  // namespace tartan
