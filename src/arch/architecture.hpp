// The target-architecture abstraction of seed 001 (§2.1.2, §2.3.2): domains (sets of
// terminals), the whole domain, terminal domains, sizes and weights, distances, bipartition.
// One implementation per kind, each in its own file, registered in arch_registry.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>

#include "common/num.hpp"

namespace tartan {

// A domain is a small value whose words each kind interprets its own way (a hypercube's fixed
// bits, a grid's box, a tree node, a decomposition label). Fits in TARTAN_ArchDom.
struct Domain {
  static constexpr int kWords = 30;
  std::array<std::int64_t, kWords> word{};
  bool operator==(const Domain& other) const { return word == other.word; }
};

class Architecture {
 public:
  virtual ~Architecture() = default;

  virtual const char* kind_name() const = 0;     // "hcub", "torus3D", "sub", ...
  virtual Num size() const = 0;                  // terminals (0 for variable-sized kinds)
  virtual bool variable_sized() const { return false; }

  virtual Domain first_domain() const = 0;                  // the whole target
  virtual Domain terminal_domain(Num terminal) const = 0;   // throws Error(invalid) if out of range
  virtual Num domain_number(const Domain& dom) const = 0;   // smallest terminal of the domain
  virtual Num domain_size(const Domain& dom) const = 0;     // terminals in the domain
  virtual Num domain_weight(const Domain& dom) const = 0;   // capacity (sum of terminal weights)
  virtual Num domain_distance(const Domain& a, const Domain& b) const = 0;
  // Splits dom into two non-empty halves; false if dom is a single terminal.
  virtual bool bipartition(const Domain& dom, Domain& part0, Domain& part1) const = 0;
  // True if inner is a subset of outer (fixed vertices, remapping).
  virtual bool domain_includes(const Domain& outer, const Domain& inner) const = 0;

  // Distance between two terminals; kinds override it when they have a faster formula.
  virtual Num terminal_distance(Num a, Num b) const {
    return domain_distance(terminal_domain(a), terminal_domain(b));
  }
  // Capacity of one terminal.
  virtual Num terminal_weight(Num terminal) const {
    return domain_weight(terminal_domain(terminal));
  }

  // Writes the .tgt text of this target (SCOTCH's syntax), a full description that loads back.
  virtual void save(std::ostream& out) const = 0;
};

using ArchPtr = std::shared_ptr<const Architecture>;

}  // namespace tartan
