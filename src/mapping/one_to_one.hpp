// What the one-to-one mappers of seed 000 (identity, random, mm, gac, topdown, bottomup) share:
// the check that one vertex per terminal is a valid mapping, the vertices and terminals left
// once fixed vertices are placed, and a perfectly balanced bipartition (exact vertex counts).
//
// The rule (doc/strategy.md, "One-to-one methods"): the graph has exactly as many vertices as
// the target has terminals, and every vertex load fits in every terminal's load bound
// (balance.hpp) at the method's tolerance -- always true for equal loads on a target whose
// terminals have equal weights, whatever the tolerance, `-b 0` included. Otherwise the method
// fails with Error(invalid) saying what it needs; no vertex is left unmapped.
#pragma once

#include <cstdint>
#include <vector>

#include "common/num.hpp"
#include "common/random.hpp"
#include "graph/coarsening.hpp"
#include "mapping/method.hpp"
#include "partition/bipartition.hpp"

namespace tartan {

struct OneToOne {
  std::vector<Num> free_vertices;   // vertices not fixed, increasing
  std::vector<Num> free_terminals;  // terminals no fixed vertex holds, increasing (same count)
};

// One-to-one mode (doc/strategy.md): the load bound itself leaves one vertex per terminal -- as
// many vertices as terminals, every vertex load 1 and every terminal's bound 1 at ctx's
// tolerance (`-b 0` on a target whose terminals weigh the same). Every method, drb and kway
// included, then returns a permutation; the mappers that handle several vertices per terminal
// (recursive, greedy, rcm) switch to their exact one-to-one form.
bool one_to_one_mode(const MappingContext& ctx);

// validate_context, then the one-to-one rule above; fixed vertices on one terminal twice are
// refused. method names the caller in the messages.
OneToOne prepare_one_to_one(MappingContext& ctx, const char* method);

// Splits the vertices of graph in two, exactly count0 of them on side 0 (vertex weights are
// ignored: counts), with few cut edge weights: the multilevel bipartitioner of DRB with both
// capacities exact, then, should it miss them, the cheapest moves that restore the counts.
void exact_bipartition(const CsrGraph& graph, Num count0, const BipartitionOptions& options,
                       Random& random, BipartitionWorkspace& workspace,
                       std::vector<std::uint8_t>& side, const MultilevelPhases& phases = {});

}  // namespace tartan
