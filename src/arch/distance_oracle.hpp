// Distances between the terminals of any target: the one place every heuristic and every
// metric asks for dist(a, b), singly or by rows. Construction is cheap (O(levels or
// dimensions), no table); queries are const and thread-safe.
//
// The target's distance form (Architecture::distance_form, distance_form.hpp) is captured at
// construction and each query switches on it: no virtual call for complete graphs,
// hypercubes, meshes and tori (O(dimensions)), tree-leaves (O(levels)) and `sub` of those
// (through an oracle of the parent). Other kinds (deco 0 reads its matrix, deco 2 merges its
// walk profiles) are asked through Architecture::terminal_distance; for costly kinds (deco 2)
// the answers go through a bounded pair cache shared by the oracle's copies. Memory is
// O(levels + dimensions) plus the parent's oracle for `sub` and the cache's fixed 1 MiB;
// nothing is quadratic in the terminals.
//
// Terminals are 0 .. size()-1; out-of-range numbers are not checked on this hot path.
// Variable-sized targets (varcmplt, varhcub; size() is 0) have no terminal count: their
// "terminals" are domain labels (heap numbering, root 1, sons 2i and 2i+1), and the oracle
// answers the target's distance between those domains (varcmplt 1, varhcub the sub-cube
// distance), throwing Error(invalid) for labels below 1 as terminal_domain does. Mapping refuses
// these targets, so they take the generic path.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "arch/architecture.hpp"
#include "common/num.hpp"

namespace tartan {

class DistanceOracle {
 public:
  // arch must outlive the oracle (and its copies).
  explicit DistanceOracle(const Architecture& arch);

  const Architecture& arch() const { return arch_; }
  Num size() const { return size_; }

  // Distance between terminals a and b (0 when a == b).
  Num operator()(Num a, Num b) const {
    if (a == b) return 0;
    switch (kind_) {
      case Kind::complete:
        return 1;
      case Kind::hypercube:
        return Num(__builtin_popcountll(std::uint64_t(a ^ b)));
      case Kind::grid:
        return grid_distance(a, b);
      case Kind::tree_leaf:
        return leaf_distance(leaf_of(a), leaf_of(b));
      case Kind::sub:
      case Kind::generic:
        break;
    }
    return delegated_distance(a, b);
  }
  // True when every triple of terminals satisfies d(a, c) <= d(a, b) + d(b, c), known from the
  // form: complete graphs, hypercubes, grids, tree-leaves whose deeper levels cost at most
  // twice the shallower ones (always, with SCOTCH's summed link costs), and `sub` of those.
  // False for generic kinds, whose matrices or walks promise nothing. Searches use it to
  // discard exchanges that cannot pay without computing their gains.
  bool triangle_inequality() const { return triangle_inequality_; }
  // When two terminals' distance is set by their lowest common ancestor in a tree whose
  // subtrees are the target's domains (complete graphs: one level; tree-leaves; `sub` of
  // those): the cost of the tree's cheapest level; 0 for the other kinds. A bisection of a
  // domain of such a tree costs each cut edge exactly the distance between its halves,
  // whatever the later bisections do.
  Num tree_least_distance() const { return tree_least_distance_; }
  // out[i] = distance(from, to[i]) for i < count. Grids and tree-leaves decompose `from` once.
  void row(Num from, const Num* to, std::size_t count, Num* out) const;
  // Distance between two domains of the target (DRB's jobs ask for those).
  Num domain_distance(const Domain& a, const Domain& b) const {
    return arch_.domain_distance(a, b);
  }

 private:
  using Kind = DistanceForm::Kind;

  // Division by a number fixed at construction, the hot operation of grids and tree-leaves.
  // With 32-bit terminal numbers one multiplication replaces it (Lemire, Kaser and Kurz,
  // "Faster remainder by direct computation", 2019: exact for every 32-bit dividend and every
  // divisor from 2); 64-bit builds divide.
  class Divisor {
   public:
    explicit Divisor(Num divisor)
        : divisor_(divisor), inverse_(~std::uint64_t(0) / std::uint64_t(divisor) + 1) {}
    Num value() const { return divisor_; }
    Num quotient(Num number) const {
      if constexpr (kMultiply)
        return Num((Wide(inverse_) * std::uint32_t(number)) >> 64);
      else
        return number / divisor_;
    }
    // number % divisor, leaving number / divisor in number (the next mixed-radix digit).
    Num next_digit(Num& number) const {
      if constexpr (kMultiply) {
        const Wide product = Wide(inverse_) * std::uint32_t(number);
        number = Num(product >> 64);
        return Num((Wide(std::uint64_t(product)) * std::uint32_t(divisor_)) >> 64);
      } else {
        const Num digit = number % divisor_;
        number /= divisor_;
        return digit;
      }
    }

   private:
    __extension__ typedef unsigned __int128 Wide;
    static constexpr bool kMultiply = sizeof(Num) == 4;
    Num divisor_;
    std::uint64_t inverse_;  // 2^64 / divisor rounded up
  };

  // A grid dimension of extent 2 or more (extent 1 changes no coordinate, so it is dropped).
  struct GridAxis {
    Divisor extent;
    bool ring;  // a torus dimension of extent 3 or more: going round may be shorter
    Num gap(Num xa, Num xb) const {
      const Num straight = xa > xb ? xa - xb : xb - xa;
      return ring && extent.value() - straight < straight ? extent.value() - straight : straight;
    }
  };
  // A depth of a tree-leaf whose nodes branch (depths of single children are dropped).
  struct TreeDepth {
    Divisor leaves_below;  // leaves under one node of this depth
    Num cost;              // distance between leaves whose lowest common ancestor is this deep
  };
  // Bounds of the fixed-size scratch arrays of row(): a grid domain takes two words per
  // dimension, and every kept tree depth at least doubles the leaf count, which fits in Num.
  static constexpr std::size_t kMaxGridAxes = Domain::kWords / 2;
  static constexpr std::size_t kMaxTreeDepths = sizeof(Num) * 8;

  Num grid_distance(Num a, Num b) const {
    Num total = 0;
    for (const GridAxis& axis : grid_inner_axes_)
      total += axis.gap(axis.extent.next_digit(a), axis.extent.next_digit(b));
    return total + grid_outer_axis_.gap(a, b);  // the last coordinate needs no division
  }
  Num leaf_of(Num terminal) const {
    if (leaf_in_block_ == nullptr) return terminal;
    const Num offset = terminal % block_;
    return terminal - offset + leaf_in_block_[offset];
  }
  // Distinct leaves: climbs from the deepest branching depth, since close pairs are the common
  // case in a mapping.
  Num leaf_distance(Num a, Num b) const {
    std::size_t depth = tree_depths_.size() - 1;
    while (depth > 0 && tree_depths_[depth].leaves_below.quotient(a) !=
                            tree_depths_[depth].leaves_below.quotient(b))
      --depth;
    return tree_depths_[depth].cost;
  }

  // A direct-mapped cache of answered pairs for costly generic targets. Each slot is one 64-bit
  // word holding the pair (smaller terminal first) and its distance, so concurrent queries
  // read and write whole entries without locks: a lookup either finds its own pair or misses.
  // Pairs need 2 × terminal_bits bits; distances that do not fit in the rest are not cached.
  class PairCache {
   public:
    explicit PairCache(Num terminals);
    bool usable() const { return !slots_.empty(); }
    bool find(Num a, Num b, Num& distance) const;
    void store(Num a, Num b, Num distance) const;

   private:
    std::uint64_t pair_key(Num a, Num b) const {
      return (std::uint64_t(a < b ? a : b) << terminal_bits_ | std::uint64_t(a < b ? b : a))
             << distance_bits_;
    }
    std::size_t slot_of(std::uint64_t key) const {
      return std::size_t((key * 0x9E3779B97F4A7C15ull) >> (64 - kSlotBits));
    }
    static constexpr int kSlotBits = 17;  // 2^17 words: 1 MiB
    int terminal_bits_ = 0;
    int distance_bits_ = 0;
    mutable std::vector<std::atomic<std::uint64_t>> slots_;
  };

  // sub and generic, out of line so that the closed forms above can be inlined at call sites
  // (a recursive function would not be).
  Num delegated_distance(Num a, Num b) const;
  void grid_row(Num from, const Num* to, std::size_t count, Num* out) const;
  void tree_row(Num from, const Num* to, std::size_t count, Num* out) const;
  void sub_row(Num from, const Num* to, std::size_t count, Num* out) const;

  const Architecture& arch_;
  Num size_;
  Kind kind_ = Kind::generic;
  bool triangle_inequality_ = false;
  Num tree_least_distance_ = 0;
  std::vector<GridAxis> grid_inner_axes_;  // every kept dimension but the last, first first
  GridAxis grid_outer_axis_{Divisor(1), false};  // the last kept one (never divided by)
  std::vector<TreeDepth> tree_depths_;     // root side first; never empty for a tree-leaf
  const Num* leaf_in_block_ = nullptr;     // ltleaf: terminal offset in a block -> leaf offset
  Num block_ = 1;
  std::shared_ptr<const DistanceOracle> parent_;  // sub
  std::shared_ptr<const PairCache> cache_;        // costly generic kinds
  const Num* parent_terminals_ = nullptr;          // sub: terminal -> parent terminal
};

}  // namespace tartan
