// What the methods built on a KwayState (sa, kl, mfa, mfa_hcub, swap) share around it: the
// fixed vertices and total load, the start when no mapping is given (a seeded random balanced
// one), the repair of a mapping whose terminals exceed the load bound (mapping/balance.hpp) and
// the apply() of kl and sa. Fixed vertices never move.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "common/num.hpp"
#include "common/random.hpp"
#include "mapping/kway_state.hpp"
#include "mapping/method.hpp"

namespace tartan {

// Sum of the vertex loads of graph.
std::int64_t total_vertex_load(const Graph& graph);

// Per vertex: 1 if ctx.fixed marks it, else 0 (the form KwayState users index fast).
std::vector<char> pinned_vertices(const MappingContext& ctx);

// Places every vertex at -1 in part (fixed vertices are never at -1 after validate_context):
// the vertices by decreasing load, in a seeded random order among equal loads, each on the
// terminal with the most room left below its
// capacity (ties: the lowest terminal), counting the loads of the vertices already placed. The
// result is balanced within the capacities whenever unit loads allow it, and random.
void place_unmapped_at_random(const CsrGraph& graph, std::vector<Num>& part,
                              const std::vector<std::int64_t>& capacity, Random& random);

// Moves vertices out of the terminals above their capacity until none is, or no vertex of an
// overloaded terminal can go anywhere else: each round takes every movable vertex of an
// overloaded terminal, best move first (the cheapest in cost toward a terminal that takes it
// among its neighbours' terminals, else the terminal with the most room). A terminal takes v if
// v fits; once no vertex fits anywhere (loads other than 1), also if it is below its capacity
// and ends lighter than v's terminal was. Such a terminal may exceed its capacity, by less than
// v's load, and is relieved in turn in the next rounds (64 rounds at most once relaxed), so that
// an overload travels along a chain of moves to the terminals with room. What may remain: a
// terminal above its capacity none of whose vertices any terminal below its capacity takes
// (with equal capacities, by less than its lightest movable vertex). Returns the moves made.
Num repair_overload(KwayState& state, const std::vector<char>& pinned);

// Brings a complete mapping within the load bound: when a terminal of ctx.parttab holds more
// than its capacity (terminal_capacities of ctx's tolerance), repair_overload on it; otherwise
// (the usual case) costs one pass over the vertices. What DRB ends with: its splits share the
// tolerance level by level, which bounds each split, not each terminal.
void relieve_overload(MappingContext& ctx);

// Checks that every vertex of ctx.parttab is on a terminal or at -1; places the ones at -1 at
// random (place_unmapped_at_random). Used by the methods that refine a mapping or start one.
void complete_mapping(MappingContext& ctx, const CsrGraph& graph,
                      const std::vector<std::int64_t>& capacity);

// apply() of the methods that improve a k-way mapping (kl, sa), under the phase `phase`:
// validate_context, complete_mapping, a KwayState on it within the load bound (repair_overload),
// then refine(state, pinned) and the result back into ctx.parttab.
void refine_kway_mapping(
    MappingContext& ctx, const char* phase,
    const std::function<void(KwayState& state, const std::vector<char>& pinned)>& refine);

}  // namespace tartan
