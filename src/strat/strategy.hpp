// A mapping strategy as the C layer holds it: the parsed method tree, the imbalance tolerance
// and the seed of its generator; and how one is run on a graph and a target.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "arch/architecture.hpp"
#include "graph/graph.hpp"
#include "mapping/method.hpp"
#include "strat/method_table.hpp"

namespace tartan {

// SCOTCH's default imbalance tolerance for mapping (its code, not its gmap help).
constexpr double kDefaultImbalance = 0.01;

// Bits of TARTAN_stratGraphMapBuild's flags (same values as TARTAN_STRAT*).
enum StrategyFlag : unsigned {
  kStratDefault = 0x0000,
  kStratQuality = 0x0001,
  kStratSpeed = 0x0002,
  kStratBalance = 0x0004,
  kStratSafety = 0x0008,
  kStratRecursive = 0x0100,
};
constexpr unsigned kStratAllFlags =
    kStratQuality | kStratSpeed | kStratBalance | kStratSafety | kStratRecursive;

struct Strategy {
  std::string text;          // the strategy string; empty: the default strategy
  MethodPtr method;          // parsed text (null while text is empty)
  double imbalance = kDefaultImbalance;
  std::uint64_t seed = 0;
  int threads = 1;  // TARTAN_stratThreads
};

// The strategy string TARTAN_stratGraphMapBuild makes (doc/strategy.md, "Default strategies").
// Throws Error(invalid) for unknown flag bits, a negative part count or a bad ratio.
std::string default_strategy_text(unsigned flags, Num partnbr, double imbalance);

// Sets the threads the strategy's methods may use: threads in [1, kMaxThreads], or 0 for the
// processing units this process may run on (available_processing_units). Throws
// Error(invalid) otherwise.
constexpr Num kMaxThreads = 4096;
void set_strategy_threads(Strategy& strategy, Num threads);

// Parses text over the public method table into strategy (left unchanged on error); an
// all-blank text selects the default strategy.
void set_strategy_text(Strategy& strategy, const std::string& text);

// Computes parttab (vertnbr entries, terminal per 0-based vertex). With fixed non-empty,
// vertices with fixed[v] keep parttab[v] (checked against the target); other entries are
// overwritten. Throws Error(invalid) if the strategy leaves a vertex unmapped or off the target.
// phases, when given, receives the time of each phase of the methods run.
void run_strategy(const Strategy& strategy, const Graph& graph, const Architecture& arch,
                  std::vector<Num>& parttab, const std::vector<bool>& fixed,
                  PhaseLog* phases = nullptr);

}  // namespace tartan
