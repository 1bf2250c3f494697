// Building decomposition-defined targets from a target graph: deco 0 (exact distance matrix,
// recursive bipartitioning with the multilevel graph bipartitioner) and deco 2 (multilevel,
// memory linear in the graph), and the size rule choosing between them. The targets themselves
// (and their files) are src/arch/deco*.hpp's; this layer sits above the target kinds and the
// graph partitioner it uses.
//
// list: the terminals as vertex numbers based like the graph, null for every vertex (see
// target_terminals.hpp for what is refused).
#pragma once

#include <cstdint>
#include <vector>

#include "arch/architecture.hpp"
#include "arch/deco2.hpp"
#include "graph/graph.hpp"
#include "partition/bipartition.hpp"

namespace tartan {

// How build_deco0 bipartitions: the parameters of the multilevel graph bipartitioner, the runs
// per domain (the best split kept) and the seed of its generator (same seed, same target).
struct Deco0Options {
  int runs = 2;
  BipartitionOptions bipartition;
  std::uint64_t seed = 0;
};

// The options a target build's `drb{...}` step gives (keys runs and kBipartitionKeys; ranges
// checked, Error(format) otherwise); the seed is left as it is.
void read_deco0_options(const MethodParams& params, Deco0Options& options);
extern const char* const kDeco0Keys[];  // null-terminated

// deco 0: distances go through the whole graph. The recursive bipartitioning splits each
// domain with the multilevel graph bipartitioner (partition/bipartition.hpp) into halves of
// floor and ceiling of half its terminals, cutting the fewest (cheapest-to-cross) links. A
// domain owns target-graph vertices: its terminals and the non-terminal vertices (routers,
// unlisted vertices, load 0) that fell on its side, so halves stay connected through them.
ArchPtr build_deco0_with(const Graph& graph, const std::vector<Num>* list,
                         const Deco0Options& options);
// The same with the default options (its own name, so it can be passed as a function pointer).
ArchPtr build_deco0(const Graph& graph, const std::vector<Num>* list);

// deco 2: the level graphs keep every vertex, so distances go through the whole graph;
// settle_limit as deco2.hpp's kDeco2SettleLimit.
ArchPtr build_deco2(const Graph& graph, const std::vector<Num>* list,
                    Num settle_limit = kDeco2SettleLimit);

// Terminal counts up to which build_deco_auto makes a deco 0 (exact distances; its matrix then
// takes at most ~8 MiB in 32-bit builds) rather than a deco 2.
constexpr Num kDeco0MaxTerminals = 1024;

// TARTAN_archBuild's rule: a deco 0 (with options) when the terminals are at most
// kDeco0MaxTerminals and its matrix fits deco_matrix_memory_limit(), else a deco 2.
ArchPtr build_deco_auto(const Graph& graph, const std::vector<Num>* list,
                        const Deco0Options& options);

}  // namespace tartan
