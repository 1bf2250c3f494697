// Dual Recursive Bipartitioning (seed 001 §2) as a plain function, for the method table's "drb"
// method and for tests.
#pragma once

#include "partition/bipartition.hpp"
#include "mapping/method.hpp"

namespace tartan {

enum class JobPolicy { biggest, breadth, depth };

struct DrbOptions {
  JobPolicy policy = JobPolicy::biggest;
  int runs = 2;  // multilevel bipartitions per job, the best kept (2: SCOTCH-level speed, see bench/README)
  BipartitionOptions bipartition;
};

// Maps every non-fixed vertex of ctx.graph onto ctx.arch (see methods.hpp). Throws Error(invalid)
// for variable-sized targets, a parttab of the wrong size, or fixed vertices outside the target.
void run_drb(MappingContext& ctx, const DrbOptions& options);

// The options of method when it is a drb method as the strategy parser makes it (no `bal`,
// not composed), else null. Lets a target build take its bipartitioning parameters from a
// strategy string.
const DrbOptions* drb_options_of(const MappingMethod& method);

// Checks the fixed vertices of ctx (fixed[v] => 0 <= parttab[v] < target size) and sizes parttab;
// shared by the methods of this concern.
void check_mapping_context(MappingContext& ctx);

}  // namespace tartan
