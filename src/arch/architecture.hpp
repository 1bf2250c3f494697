// The target-architecture abstraction of seed 001 (§2.1.2, §2.3.2): domains (sets of
// terminals), the whole domain, terminal domains, sizes and weights, distances, bipartition.
// One implementation per kind, each in its own file, registered in arch_registry.cpp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "arch/distance_form.hpp"
#include "common/num.hpp"

namespace tartan {

class Network;  // network.hpp

// A domain is a small value whose words each kind interprets its own way (a hypercube's fixed
// bits, a grid's box, a tree node, a decomposition label). Fits in TARTAN_ArchDom.
struct Domain {
  static constexpr int kWords = 30;
  std::array<std::int64_t, kWords> word{};
  bool operator==(const Domain& other) const { return word == other.word; }
};

// Seed 001 §3.3: the deterministic matching a kind uses to coarsen itself, so that a `sub`
// target can be built over any list of its terminals (arch_sub.cpp). The vertices of each
// coarsening level are named by labels; every coarse vertex absorbs at most two finer ones.
class TargetMatcher {
 public:
  virtual ~TargetMatcher() = default;
  // Label, at the finest level, of a listed terminal.
  virtual std::int64_t finest_label(Num terminal) const = 0;
  // Moves to the next coarser level; false when the current level is a single vertex.
  virtual bool coarsen_level() = 0;
  // Label, at the level just reached, of the vertex that absorbed `label` of the level before.
  virtual std::int64_t coarse_label(std::int64_t label) const = 0;
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
  // True for kinds with wraparound links (tori), whose domain_distance_unwrapped differs.
  virtual bool wraps_around() const { return false; }
  // Distance between two domains over the target without its wraparound links (a torus's
  // mesh); domain_distance for every other kind.
  virtual Num domain_distance_unwrapped(const Domain& a, const Domain& b) const {
    return domain_distance(a, b);
  }
  // Splits dom into two non-empty halves; false if dom is a single terminal.
  virtual bool bipartition(const Domain& dom, Domain& part0, Domain& part1) const = 0;
  // True if inner is a subset of outer (fixed vertices, remapping).
  virtual bool domain_includes(const Domain& outer, const Domain& inner) const = 0;

  // Distance between two terminals; kinds override it when they have a faster formula.
  virtual Num terminal_distance(Num a, Num b) const {
    return domain_distance(terminal_domain(a), terminal_domain(b));
  }
  // How DistanceOracle may compute terminal_distance without calling it; the default, generic,
  // makes the oracle call it.
  virtual DistanceForm distance_form() const { return DistanceForm{}; }
  // Capacity of one terminal.
  virtual Num terminal_weight(Num terminal) const {
    return domain_weight(terminal_domain(terminal));
  }

  // SCOTCH's terminal numbers, what users see (part arrays, .map files, domain numbers): deco 0
  // and deco 1 targets number a terminal by its label, the target-graph vertex (0-based index)
  // it stands for, so that a target built on the vertex list 1 5 9 has terminals 1, 5 and 9 as
  // SCOTCH's amk_grf -l and scotch_gmap make them; every other kind, deco 2 included (SCOTCH's
  // scotch_gmap writes 0..n-1 there), by position. Inside, terminals are always 0..size()-1;
  // src/library translates at the boundary. True when the two numberings agree.
  virtual bool numbered_by_position() const { return true; }
  // The user-visible number of terminal t (0 <= t < size()).
  virtual Num terminal_label(Num terminal) const { return terminal; }
  // The terminal whose user-visible number is label; -1 if none.
  virtual Num labelled_terminal(Num label) const {
    return label >= 0 && label < size() ? label : -1;
  }

  // The matching `sub` coarsens this kind with, for the listed terminals (seed 001 §3.3);
  // nullptr (the default) makes `sub` restrict this kind's own bipartition tree instead.
  virtual std::unique_ptr<TargetMatcher> make_matcher(const std::vector<Num>& terminals) const {
    (void)terminals;
    return nullptr;
  }
  // Smallest domain (of this kind's domains) containing both a and b; `sub` keeps one per node
  // to estimate distances between its non-terminal domains. The default descends the
  // bipartition tree from the first domain while one half holds both (architecture.cpp).
  virtual Domain join(const Domain& a, const Domain& b) const;
  // How many leading words of Domain::word this kind uses (the others stay zero), so that
  // `sub` stores its nodes' domains compactly.
  virtual int domain_words() const { return Domain::kWords; }
  // Throws Error(invalid) unless dom is a well-formed domain of this architecture: the C layer
  // checks every domain a user hands in before any other member sees it. Every kind should
  // override it (all of src/arch's do); the default trusts the domain.
  virtual void check_domain(const Domain& dom) const { (void)dom; }

  // The links and static routes of this target (network.hpp), or null when it has none (the
  // default).
  virtual const Network* network() const { return nullptr; }
  bool has_links() const { return network() != nullptr; }

  // Writes the .tgt text of this target (SCOTCH's syntax), a full description that loads back.
  virtual void save(std::ostream& out) const = 0;
};

using ArchPtr = std::shared_ptr<const Architecture>;

// Part arrays (n entries, -1 for "no terminal") between users' terminal numbers
// (Architecture::terminal_label) and the positions 0..size()-1 the internals use; nothing to do
// for kinds numbered by position. parts_to_positions throws Error(invalid) naming what, the
// entry and the number when an entry is no terminal of arch.
void parts_to_positions(const Architecture& arch, Num* parts, std::size_t n, const char* what);
void parts_to_labels(const Architecture& arch, Num* parts, std::size_t n);
// The terminal whose user-visible number is number; throws Error(invalid) naming what if none.
Num terminal_of_number(const Architecture& arch, Num number, const char* what);

}  // namespace tartan
