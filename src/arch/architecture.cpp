// Default members of the target-architecture interface.
#include "arch/architecture.hpp"

namespace tartan {

Domain Architecture::join(const Domain& a, const Domain& b) const {
  Domain whole = first_domain();
  Domain part0, part1;
  while (bipartition(whole, part0, part1)) {
    if (domain_includes(part0, a) && domain_includes(part0, b))
      whole = part0;
    else if (domain_includes(part1, a) && domain_includes(part1, b))
      whole = part1;
    else
      break;
  }
  return whole;
}

}  // namespace tartan
