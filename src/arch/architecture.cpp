// Default members of the target-architecture interface.
#include "arch/architecture.hpp"

#include <string>

#include "common/error.hpp"

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

void parts_to_positions(const Architecture& arch, Num* parts, std::size_t n, const char* what) {
  if (arch.numbered_by_position()) return;
  for (std::size_t v = 0; v < n; ++v) {
    if (parts[v] == -1) continue;
    const Num terminal = arch.labelled_terminal(parts[v]);
    if (terminal < 0)
      fail_invalid(std::string(what) + "[" + std::to_string(v) + "] is " +
                   std::to_string(parts[v]) + ", not a terminal number of the " +
                   arch.kind_name() + " target");
    parts[v] = terminal;
  }
}

void parts_to_labels(const Architecture& arch, Num* parts, std::size_t n) {
  if (arch.numbered_by_position()) return;
  for (std::size_t v = 0; v < n; ++v)
    if (parts[v] >= 0) parts[v] = arch.terminal_label(parts[v]);
}

Num terminal_of_number(const Architecture& arch, Num number, const char* what) {
  if (arch.numbered_by_position()) return number;
  const Num terminal = arch.labelled_terminal(number);
  if (terminal < 0)
    fail_invalid(std::string(what) + " " + std::to_string(number) +
                 " is not a terminal number of the " + arch.kind_name() + " target");
  return terminal;
}

}  // namespace tartan
