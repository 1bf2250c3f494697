// Times 10^7 terminal-distance queries on a few targets three ways: the virtual
// Architecture::terminal_distance, DistanceOracle's single query, and DistanceOracle::row by
// rows of 64. Queries are random pairs from a table that stays in cache, so the figures are
// the cost of the distance itself. Built by `make bench/distance_oracle_bench`, never by check.
//
// Usage: bench/distance_oracle_bench [queries]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "arch/arch_factory.hpp"
#include "arch/distance_oracle.hpp"
#include "common/random.hpp"

namespace {

using tartan::Num;

constexpr std::size_t kTableSize = std::size_t(1) << 16;
constexpr std::size_t kRowLength = 64;

// Best of three runs: the machine is shared, the minimum is the least disturbed.
template <class Body>
double seconds_of(Body body) {
  double best = 0;
  for (int run = 0; run < 3; ++run) {
    const auto start = std::chrono::steady_clock::now();
    body();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (run == 0 || seconds < best) best = seconds;
  }
  return best;
}

tartan::ArchPtr parse(const std::string& text) {
  std::istringstream in(text);
  return tartan::read_architecture(in);
}

void bench(const std::string& name, const tartan::ArchPtr& arch, std::size_t queries) {
  const tartan::DistanceOracle oracle(*arch);
  tartan::Random random(42);
  std::vector<Num> from(kTableSize), to(kTableSize);
  for (std::size_t i = 0; i < kTableSize; ++i) {
    from[i] = Num(random.below(std::uint64_t(arch->size())));
    to[i] = Num(random.below(std::uint64_t(arch->size())));
  }
  const std::size_t mask = kTableSize - 1;
  std::int64_t sums[3] = {0, 0, 0};
  const double virtual_time = seconds_of([&] {
    for (std::size_t q = 0; q < queries; ++q) {
      const Num a = from[q & mask], b = to[q & mask];
      sums[0] += a == b ? 0 : arch->terminal_distance(a, b);
    }
  });
  const double single_time = seconds_of([&] {
    for (std::size_t q = 0; q < queries; ++q) sums[1] += oracle(from[q & mask], to[q & mask]);
  });
  std::vector<Num> out(kRowLength);
  const double row_time = seconds_of([&] {
    for (std::size_t q = 0; q < queries; q += kRowLength) {
      const std::size_t start = q & mask;  // kTableSize is a multiple of kRowLength
      oracle.row(from[start], to.data() + start, kRowLength, out.data());
      for (std::size_t i = 0; i < kRowLength; ++i) sums[2] += out[i];
    }
  });
  std::printf("%-40s %8.2f %8.2f %8.2f   ns/query (virtual, oracle, oracle row)%s\n", name.c_str(),
              1e9 * virtual_time / double(queries), 1e9 * single_time / double(queries),
              1e9 * row_time / double(queries),
              sums[0] == sums[1] ? "" : "   MISMATCH (virtual/oracle)");
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t queries = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 10000000;
  if (queries % kRowLength != 0 || queries == 0) {
    std::fprintf(stderr, "queries must be a positive multiple of %zu\n", kRowLength);
    return 1;
  }
  try {
    for (const char* text :
         {"cmplt 512", "hcub 9", "mesh2D 32 16", "torus3D 8 8 8", "torusXD 5 4 4 2 2 4",
          "tleaf 3 4 100 8 10 16 1", "ltleaf 2 32 10 16 1  16 3 1 0 2 7 5 4 6 11 9 8 10 15 13 12 14"})
      bench(text, parse(text), queries);
    std::vector<Num> odd;  // every other terminal, as a batch scheduler might hand them out
    for (Num t = 1; t < 512; t += 2) odd.push_back(t);
    bench("sub 256 (odd terminals) torus3D 8 8 8", tartan::make_sub(parse("torus3D 8 8 8"), odd),
          queries);
    bench("sub 256 (odd terminals) tleaf 3 4 8 16",
          tartan::make_sub(parse("tleaf 3 4 100 8 10 16 1"), odd), queries);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "%s\n", error.what());
    return 1;
  }
  return 0;
}
