// The only source of randomness in Tartan: a small seeded generator (xoshiro256**, seeded by
// splitmix64) owned by the mapping context, so the same seed gives the same mapping.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "common/big_arrays.hpp"

namespace tartan {

class Random {
 public:
  explicit Random(std::uint64_t seed = 0) { reseed(seed); }

  void reseed(std::uint64_t seed) {
    for (auto& word : state_) {
      seed += 0x9e3779b97f4a7c15ull;
      std::uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      word = z ^ (z >> 31);
    }
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }

  // Uniform integer in [0, bound); bound > 0.
  std::uint64_t below(std::uint64_t bound) { return next() % bound; }

  // Fisher-Yates shuffle, last position first (the draws below(n), below(n - 1), ..., below(2)).
  template <class T>
  void shuffle(std::vector<T>& values) {
    shuffle(values.data(), values.size());
  }
  // The same on the count values from first.
  template <class T>
  void shuffle(T* first, std::size_t count) {
    for (std::size_t i = count; i > 1; --i) std::swap(first[i - 1], first[below(i)]);
  }

  // A random order that keeps the working set of a sweep small: the values are cut into runs of
  // `run` consecutive ones, the runs are visited in a random order and each run's values are
  // shuffled within it (the draws: shuffle of the run numbers, then each run as shuffle draws).
  // Listed by vertex number, a mesh's vertices stay within a few runs of their neighbours, so a
  // sweep in this order touches a few runs' arcs and marks at a time rather than the whole graph.
  template <class T>
  void shuffle_in_runs(std::vector<T>& values, std::size_t run) {
    const std::size_t runs = (values.size() + run - 1) / run;
    std::vector<std::size_t> run_order(runs);
    for (std::size_t r = 0; r < runs; ++r) run_order[r] = r;
    shuffle(run_order);
    std::vector<T> result;
    reserve_big(result, values.size());
    for (std::size_t r : run_order) {
      const std::size_t begin = r * run;
      const std::size_t end = std::min(values.size(), begin + run);
      const std::size_t first = result.size();
      result.insert(result.end(), values.begin() + begin, values.begin() + end);
      shuffle(result.data() + first, end - begin);
    }
    values.swap(result);
  }

  // Uniform real in [0, 1).
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  // A generator for a sub-task, independent of how much this one is used afterwards.
  Random split() { return Random(next()); }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t state_[4];
};

}  // namespace tartan
