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
// overloaded terminal can go anywhere else. Rounds of three kinds, each once the previous kind
// is stuck: (1) every movable vertex of an overloaded terminal, best move first, into the
// cheapest of its neighbours' terminals where it fits, else the terminal with the most room
// where it fits; (2) making room (loads other than 1): a terminal below its capacity (v's
// neighbours' terminals, then the one with the most room) sends vertices lighter than v, lightest
// first, into terminals where they fit or that make room for them in turn (one level deeper),
// until v fits, or takes them back; (3) relaxed: into a terminal below its capacity that ends
// lighter than v's terminal was, which may then exceed its capacity by less than v's load and is
// relieved in the next rounds (64 rounds of this kind at most). Returns the moves made.
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
