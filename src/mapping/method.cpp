#include "mapping/method.hpp"

#include <cmath>
#include <string>

#include "common/error.hpp"

namespace tartan {

void validate_context(MappingContext& ctx, bool allow_variable) {
  const Num n = ctx.graph.vertnbr;
  const bool variable = ctx.arch.variable_sized();
  if (variable && !allow_variable)
    fail_invalid(std::string("this method needs a target with a fixed number of terminals; '") +
                 ctx.arch.kind_name() + "' is variable-sized (only drb maps onto it)");
  if (!variable && ctx.arch.size() <= 0)
    fail_invalid(std::string("target '") + ctx.arch.kind_name() + "' has no terminals");
  if (ctx.parttab.empty() && n > 0) ctx.parttab.assign(static_cast<std::size_t>(n), -1);
  if (static_cast<Num>(ctx.parttab.size()) != n)
    fail_invalid("mapping array has " + std::to_string(ctx.parttab.size()) +
                 " entries for a graph of " + std::to_string(n) + " vertices");
  if (!ctx.fixed.empty() && static_cast<Num>(ctx.fixed.size()) != n)
    fail_invalid("fixed-vertex array has " + std::to_string(ctx.fixed.size()) +
                 " entries for a graph of " + std::to_string(n) + " vertices");
  if (ctx.imbalance < 0 || !std::isfinite(ctx.imbalance))
    fail_invalid("imbalance tolerance must be a non-negative number");
  const Num k = ctx.arch.size();
  for (Num v = 0; v < static_cast<Num>(ctx.fixed.size()); ++v) {
    if (!ctx.fixed[v]) continue;
    const Num t = ctx.parttab[v];
    if (variable) {
      if (t < 1)
        fail_invalid("vertex " + std::to_string(ctx.graph.label(v)) + " is fixed on domain " +
                     std::to_string(t) + " of a variable-sized target, whose numbers are >= 1");
      continue;
    }
    if (t < 0 || t >= k)
      fail_invalid("vertex " + std::to_string(ctx.graph.label(v)) + " is fixed on terminal " +
                   std::to_string(t) + ", outside the target's " + std::to_string(k) +
                   " terminals");
  }
}

}  // namespace tartan
