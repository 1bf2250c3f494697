// The interface every mapping heuristic implements (one file per heuristic in src/mapping),
// and the context a strategy runs them in. Their parameters come as common/method_params.hpp.
// Strategies (src/strat) compose methods: sequence, best-of, conditions on graph/target size.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "arch/architecture.hpp"
#include "common/method_params.hpp"
#include "common/num.hpp"
#include "common/phase_log.hpp"
#include "common/random.hpp"
#include "graph/graph.hpp"

namespace tartan {

struct MappingContext {
  const Graph& graph;
  const Architecture& arch;
  // Terminal number of each vertex (0-based vertex index); -1 = not placed yet. Methods that
  // construct a mapping fill every free entry; methods that refine start from a complete one.
  std::vector<Num>& parttab;
  // Per vertex: true if parttab[v] is fixed by the caller and must not change (may be empty).
  const std::vector<bool>& fixed;
  // Allowed imbalance: a terminal's load may exceed its share of the total load by this ratio
  // (mapping/balance.hpp).
  double imbalance;
  Random& random;
  // Where methods time their phases (null: not timed).
  PhaseLog* phases = nullptr;
  // Threads a method may use (TARTAN_stratThreads); the result must not depend on it.
  int threads = 1;
};

// Checks a context before a method runs: a target with a fixed number of terminals, parttab
// and fixed sized like the graph (an empty parttab is sized and filled with -1), a valid
// tolerance, every fixed vertex on a terminal of the target. Throws Error(invalid) naming the
// problem. Every method and the strategy runner call it: fixed vertices are validated here only.
// With allow_variable, a variable-sized target passes too (only drb maps onto one: see
// drb.hpp); its fixed vertices must then name one of its domains (numbers >= 1).
void validate_context(MappingContext& ctx, bool allow_variable = false);

class MappingMethod {
 public:
  virtual ~MappingMethod() = default;
  // Computes (or improves) ctx.parttab. Throws Error on impossible requests.
  virtual void apply(MappingContext& ctx) const = 0;
};

using MethodPtr = std::unique_ptr<const MappingMethod>;

}  // namespace tartan
