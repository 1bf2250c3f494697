// DistanceOracle on targets of every kind: on every pair of terminals it equals the distance
// between the terminal domains, its rows equal its single queries, it is symmetric with a zero
// diagonal; the kinds with a closed form expose it; variable-sized targets answer by labels.
#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "arch/arch_factory.hpp"
#include "arch/deco.hpp"
#include "arch/deco2.hpp"
#include "arch/distance_oracle.hpp"
#include "arch/hwloc_topology.hpp"
#include "archbuild/deco_build.hpp"
#include "common/error.hpp"
#include "graph/graph_builder.hpp"
#include "io/text_reader.hpp"
#include "mapping_test_graphs.hpp"

namespace tartan {
namespace {

using Kind = DistanceForm::Kind;

ArchPtr parse(const std::string& text) {
  std::istringstream in(text);
  io::TextReader reader(*in.rdbuf(), "test.tgt");
  return read_architecture(reader);
}

ArchPtr reload(const Architecture& arch) {
  std::stringstream text;
  write_architecture(arch, text);
  io::TextReader reader(*text.rdbuf(), "saved.tgt");
  return read_architecture(reader);
}

// The whole contract on one target: every pair against the terminal domains' distance,
// symmetry, zero diagonal, rows (over every terminal, and over a long list with repeats that
// crosses sub's chunks) against single queries.
void expect_oracle_exact(const Architecture& arch, const std::string& name) {
  SCOPED_TRACE(name);
  const DistanceOracle oracle(arch);
  ASSERT_EQ(&oracle.arch(), &arch);
  ASSERT_EQ(oracle.size(), arch.size());
  const Num n = arch.size();
  std::vector<Num> all(static_cast<std::size_t>(n));
  for (Num t = 0; t < n; ++t) all[static_cast<std::size_t>(t)] = t;
  std::vector<Num> scattered;  // every terminal several times, out of order
  for (Num k = 0; k < 3 * n + 300; ++k) scattered.push_back((k * 7 + k / n) % n);
  std::vector<Num> row(all.size()), long_row(scattered.size());
  for (Num a = 0; a < n; ++a) {
    const Domain domain_a = arch.terminal_domain(a);
    ASSERT_EQ(oracle(a, a), 0) << "terminal " << a;
    for (Num b = 0; b < n; ++b) {
      const Num expected = arch.domain_distance(domain_a, arch.terminal_domain(b));
      ASSERT_EQ(oracle(a, b), expected) << "terminals " << a << ", " << b;
      ASSERT_EQ(oracle(b, a), oracle(a, b)) << "terminals " << a << ", " << b;
    }
    oracle.row(a, all.data(), all.size(), row.data());
    for (Num b = 0; b < n; ++b)
      ASSERT_EQ(row[static_cast<std::size_t>(b)], oracle(a, b)) << "row " << a << ", " << b;
    oracle.row(a, scattered.data(), scattered.size(), long_row.data());
    for (std::size_t i = 0; i < scattered.size(); ++i)
      ASSERT_EQ(long_row[i], oracle(a, scattered[i])) << "long row " << a << ", entry " << i;
  }
  oracle.row(0, all.data(), 0, row.data());  // an empty row writes nothing and does not fail
  // A promised triangle inequality holds on every triple (the swap search prunes by it).
  if (oracle.triangle_inequality()) {
    for (Num a = 0; a < n; ++a)
      for (Num b = 0; b < n; ++b)
        for (Num c = 0; c < n; ++c) {
          ASSERT_LE(oracle(a, c), oracle(a, b) + oracle(b, c))
              << "terminals " << a << ", " << b << ", " << c;
        }
  }
}

struct TextTarget {
  const char* text;
  Kind form;  // the distance form its kind must expose
};

// Every fixed-size kind of the .tgt format, with the shapes that need care: dimensions of size 1
// and 2, odd and even rings, one-terminal targets, tree levels with a single child, ltleaf
// blocks at two depths, sub over every closed form and over another sub.
const TextTarget kTextTargets[] = {
    {"cmplt 1", Kind::complete},
    {"cmplt 7", Kind::complete},
    {"cmpltw 5 1 3 2 5 4", Kind::complete},
    {"hcub 1", Kind::hypercube},
    {"hcub 4", Kind::hypercube},
    {"mesh2D 5 3", Kind::grid},
    {"mesh3D 3 1 4", Kind::grid},
    {"meshXD 4 2 1 3 2", Kind::grid},
    {"meshXD 1 6", Kind::grid},
    {"torus2D 5 4", Kind::grid},
    {"torus2D 2 7", Kind::grid},
    {"torus3D 3 2 4", Kind::grid},
    {"torus3D 1 5 1", Kind::grid},
    {"torusXD 4 3 1 2 6", Kind::grid},
    {"torusXD 2 1 1", Kind::grid},
    {"torusXD 1 9", Kind::grid},
    {"tleaf 3 2 10 3 5 2 1", Kind::tree_leaf},
    {"tleaf 4 2 100 1 50 3 10 2 1", Kind::tree_leaf},
    {"tleaf 2 1 7 1 3", Kind::tree_leaf},
    {"tleaf 1 6 3", Kind::tree_leaf},
    {"ltleaf 2 3 10 4 1  4 2 0 3 1", Kind::tree_leaf},
    {"ltleaf 3 2 20 2 5 3 1  6 5 3 1 0 2 4", Kind::tree_leaf},
    {"sub 7 0 47 5 12 30 21 44 torus3D 4 4 3", Kind::sub},
    {"sub 5 11 0 6 3 9 tleaf 3 2 10 3 5 2 1", Kind::sub},
    {"sub 6 9 2 14 7 0 11 hcub 4", Kind::sub},
    {"sub 4 3 0 5 1 sub 6 1 7 9 12 4 19 torus2D 5 4", Kind::sub},
    {"sub 5 2 4 0 7 6 ltleaf 2 3 10 4 1  4 2 0 3 1", Kind::sub},
    {"sub 3 4 1 2 cmpltw 5 1 3 2 5 4", Kind::sub},
    {"sub 5 3 0 8 2 6 meshXD 2 3 3", Kind::sub},
};

TEST(DistanceOracle, EqualsTerminalDomainDistancesOnEveryFixedSizeKind) {
  for (const TextTarget& target : kTextTargets) {
    const ArchPtr arch = parse(target.text);
    EXPECT_EQ(arch->distance_form().kind, target.form) << target.text;
    // Every algorithmic kind is a metric; only matrices and walks (generic) promise nothing.
    EXPECT_TRUE(DistanceOracle(*arch).triangle_inequality()) << target.text;
    expect_oracle_exact(*arch, target.text);
  }
}

// tree_least_distance: the least distance between two terminals on complete graphs and
// tree-leaves, the parent's for a `sub` of those, 0 (no tree) for every other kind.
TEST(DistanceOracle, TreeLeastDistanceOfTreesOnly) {
  for (const TextTarget& target : kTextTargets) {
    const ArchPtr arch = parse(target.text);
    const DistanceOracle distance(*arch);
    Num least = 0;
    if (target.form == Kind::complete || target.form == Kind::tree_leaf) {
      for (Num a = 0; a < arch->size(); ++a)
        for (Num b = a + 1; b < arch->size(); ++b)
          if (least == 0 || distance(a, b) < least) least = distance(a, b);
      if (arch->size() == 1 && target.form == Kind::complete) least = 1;
    } else if (target.form == Kind::sub) {
      least = DistanceOracle(*arch->distance_form().parent).tree_least_distance();
    }
    EXPECT_EQ(distance.tree_least_distance(), least) << target.text;
  }
  EXPECT_EQ(DistanceOracle(*parse("sub 3 4 1 2 cmpltw 5 1 3 2 5 4")).tree_least_distance(), 1);
  EXPECT_EQ(DistanceOracle(*parse("sub 5 11 0 6 3 9 tleaf 3 2 10 3 5 2 1")).tree_least_distance(),
            DistanceOracle(*parse("tleaf 3 2 10 3 5 2 1")).tree_least_distance());
  EXPECT_EQ(DistanceOracle(*parse("sub 6 9 2 14 7 0 11 hcub 4")).tree_least_distance(), 0);
}

// Found by fuzz_tgt: level costs summing above half the largest Num overflowed the doubling
// in the triangle test (UBSan in the sanitizer builds). Tree distances add the level costs
// up, so the inequality holds, and the answers stay exact.
TEST(DistanceOracle, TriangleTestOfHugeLevelCosts) {
  const ArchPtr arch = parse("tleaf 2 3 4 2 1088888888");
  const DistanceOracle oracle(*arch);
  EXPECT_TRUE(oracle.triangle_inequality());
  EXPECT_EQ(oracle(0, 1), 1088888888);
  EXPECT_EQ(oracle(0, 2), 1088888892);
}

TEST(DistanceOracle, GridsAreTheSameWhateverTheirNaming) {
  const std::vector<std::vector<Num>> shapes = {{6, 1, 5}, {2, 2, 2, 2}, {3}, {1, 1, 1}};
  for (const std::vector<Num>& dims : shapes)
    for (bool wrap : {false, true}) {
      const ArchPtr arch = make_grid(dims, wrap, true);
      expect_oracle_exact(*arch, arch->kind_name() + std::string(" made in code"));
    }
}

// The oracle's answer for terminals a and b of the target described by text.
Num oracle_distance(const std::string& text, Num a, Num b) {
  const ArchPtr arch = parse(text);
  return DistanceOracle(*arch)(a, b);
}

TEST(DistanceOracle, KnownValues) {
  // Independent of domain_distance: the formulas themselves.
  EXPECT_EQ(oracle_distance("torus2D 5 4", 0, 4), 1);          // x 0 and 4 on a ring of 5
  EXPECT_EQ(oracle_distance("torus2D 5 4", 0, 2 + 5 * 2), 4);  // (2, 2): 2 + 2
  EXPECT_EQ(oracle_distance("torus2D 5 4", 0, 3 + 5 * 3), 3);  // (3, 3): 2 + 1
  EXPECT_EQ(oracle_distance("meshXD 3 4 1 3", 0, 3 + 4 * 2), 5);
  EXPECT_EQ(oracle_distance("tleaf 3 2 100 2 10 2 1", 0, 1), 1);
  EXPECT_EQ(oracle_distance("tleaf 3 2 100 2 10 2 1", 0, 3), 11);
  EXPECT_EQ(oracle_distance("tleaf 3 2 100 2 10 2 1", 1, 6), 111);
  // Leaf positions hold terminals 0 2 1 3: 0 and 2 are siblings, 0 and 1 are not.
  EXPECT_EQ(oracle_distance("ltleaf 2 2 10 2 1  4 0 2 1 3", 0, 2), 1);
  EXPECT_EQ(oracle_distance("ltleaf 2 2 10 2 1  4 0 2 1 3", 0, 1), 11);
  EXPECT_EQ(oracle_distance("ltleaf 2 2 10 2 1  4 0 2 1 3", 3, 1), 1);
  EXPECT_EQ(oracle_distance("hcub 5", 0b10110, 0b01100), 3);
  EXPECT_EQ(oracle_distance("cmpltw 3 4 1 9", 2, 0), 1);
  // (0,0) (2,2) (1,1) on a 3x3 torus: every pair 1 + 1 apart.
  EXPECT_EQ(oracle_distance("sub 3 0 8 4 torus2D 3 3", 0, 1), 2);
  EXPECT_EQ(oracle_distance("sub 3 0 8 4 torus2D 3 3", 1, 2), 2);
  EXPECT_EQ(oracle_distance("sub 3 0 8 4 torus2D 3 3", 2, 0), 2);
}

// deco 0 and deco 2 built from small target graphs (all vertices, or a vertex list), loaded
// from .tgt text, and under a sub: the generic path through terminal_distance.
TEST(DistanceOracle, EqualsTerminalDomainDistancesOnDecompositionTargets) {
  const auto mesh = tartan_test::grid_graph_nd({4, 3}, false);
  const auto torus = tartan_test::grid_graph_nd({5, 4}, true);
  const std::vector<Num> list = {0, 3, 7, 8, 12, 19, 14, 5};
  std::vector<std::pair<std::string, ArchPtr>> targets = {
      {"deco 0 of a 4x3 mesh", build_deco0(*mesh, nullptr)},
      {"deco 0 of listed torus vertices", build_deco0(*torus, &list)},
      {"deco 2 of a 4x3 mesh", build_deco2(*mesh, nullptr)},
      {"deco 2 of listed torus vertices", build_deco2(*torus, &list)},
      {"deco 2 of a 5x4 torus", build_deco2(*torus, nullptr)},
      {"deco 0 text", parse("deco 0 4 7  0 1 4  1 1 5  2 2 6  3 1 7  1  2 1  3 2 1")},
  };
  targets.emplace_back("deco 0 saved and loaded", reload(*targets[1].second));
  targets.emplace_back("deco 2 saved and loaded", reload(*targets[3].second));
  targets.emplace_back("sub of deco 0", make_sub(targets[0].second, {11, 2, 5, 0, 7}));
  targets.emplace_back("sub of deco 2", make_sub(targets[4].second, {19, 3, 4, 10, 0, 13}));
  for (const auto& target : targets) {
    const bool sub = target.second->kind_name() == std::string("sub");
    const Kind expected = sub ? Kind::sub : Kind::generic;
    EXPECT_EQ(target.second->distance_form().kind, expected) << target.first;
    expect_oracle_exact(*target.second, target.first);
  }
}

// hwloc's model: a regular PU tree is a tleaf, an irregular one a sub of a tleaf (built without
// hwloc), and synthetic machines when hwloc is there.
TEST(DistanceOracle, EqualsTerminalDomainDistancesOnHwlocTargets) {
  PuTree irregular;
  irregular.levels = {HwlocLevelClass::machine, HwlocLevelClass::package, HwlocLevelClass::core};
  for (Num package = 0; package < 2; ++package)
    for (Num core = 0; core < 3 - package; ++core)
      for (Num pu = 0; pu < 2; ++pu) irregular.paths.push_back({package, core, pu});
  const ArchPtr from_tree = target_from_pu_tree(irregular, HwlocCosts{});
  EXPECT_EQ(from_tree->distance_form().kind, Kind::sub);
  expect_oracle_exact(*from_tree, "irregular PU tree");
  if (!hwloc_supported()) GTEST_SKIP() << "built without hwloc";
  for (const char* description : {"pack:2 l3:2 core:2 pu:2", "pack:3 numa:2 core:3 pu:1"}) {
    const ArchPtr machine = hwloc_synthetic_target(description, HwlocCosts{});
    expect_oracle_exact(*machine, description);
  }
  const char* data = std::getenv("TARTAN_TEST_DATA");
  if (data != nullptr) {
    const std::string path = std::string(data) + "/hwloc_2pack_10of16pu_allowed.xml";
    const ArchPtr partial = hwloc_xml_target(path, HwlocCosts{});
    EXPECT_EQ(partial->distance_form().kind, Kind::sub);
    expect_oracle_exact(*partial, path);
  }
}

// Variable-sized targets: "terminals" are domain labels from 1; the oracle answers the target's
// distance between those domains and refuses label 0 as the target does.
TEST(DistanceOracle, VariableSizedTargetsAnswerByDomainLabels) {
  for (const ArchPtr& arch : {make_variable_complete(), make_variable_hypercube()}) {
    SCOPED_TRACE(arch->kind_name());
    const DistanceOracle oracle(*arch);
    EXPECT_EQ(oracle.size(), 0);
    std::vector<Num> labels;
    for (Num label = 1; label <= 40; ++label) labels.push_back(label);
    labels.push_back(Num(1) << 20);
    std::vector<Num> row(labels.size());
    for (Num a : labels) {
      for (Num b : labels)
        ASSERT_EQ(oracle(a, b),
                  arch->domain_distance(arch->terminal_domain(a), arch->terminal_domain(b)))
            << a << ", " << b;
      oracle.row(a, labels.data(), labels.size(), row.data());
      for (std::size_t i = 0; i < labels.size(); ++i) ASSERT_EQ(row[i], oracle(a, labels[i]));
    }
    try {
      oracle(0, 3);
      ADD_FAILURE() << "label 0 accepted";
    } catch (const Error& error) {
      EXPECT_EQ(error.code(), ErrorCode::invalid);
    }
  }
}

// Copies share nothing mutable and queries are const: two threads over one oracle (a sub of a
// sub, whose parent oracles are shared by the copy) and its copy give the single-thread answers.
TEST(DistanceOracle, CopiesAndConcurrentQueriesAgree) {
  const ArchPtr arch = parse("sub 6 5 0 3 1 4 2 sub 8 1 7 9 12 4 19 0 10 torus2D 5 4");
  const DistanceOracle oracle(*arch);
  const DistanceOracle copy = oracle;
  const Num n = arch->size();
  std::vector<Num> expected(static_cast<std::size_t>(n * n));
  for (Num a = 0; a < n; ++a)
    for (Num b = 0; b < n; ++b) expected[static_cast<std::size_t>(a * n + b)] = oracle(a, b);
  std::vector<int> mismatches(2, 0);
  auto work = [&](const DistanceOracle& used, int& count) {
    for (int round = 0; round < 2000; ++round)
      for (Num a = 0; a < n; ++a)
        for (Num b = 0; b < n; ++b)
          if (used(a, b) != expected[static_cast<std::size_t>(a * n + b)]) ++count;
  };
  std::thread first(work, std::cref(oracle), std::ref(mismatches[0]));
  std::thread second(work, std::cref(copy), std::ref(mismatches[1]));
  first.join();
  second.join();
  EXPECT_EQ(mismatches[0], 0);
  EXPECT_EQ(mismatches[1], 0);
}

// deco 2 answers through the oracle's pair cache, shared by copies: with more pairs than cache
// slots (entries are evicted and rewritten while another thread reads them), every answer
// stays the target's own distance.
TEST(DistanceOracle, CachedDistancesOfCostlyTargetsStayExactUnderConcurrency) {
  const auto torus = tartan_test::grid_graph_nd({24, 24}, true);
  const ArchPtr arch = build_deco2(*torus, nullptr);
  ASSERT_TRUE(arch->distance_form().costly);
  const DistanceOracle oracle(*arch);
  const DistanceOracle copy = oracle;
  const Num n = arch->size();
  std::vector<Num> expected(static_cast<std::size_t>(n * n));
  for (Num a = 0; a < n; ++a)
    for (Num b = 0; b < n; ++b)
      expected[static_cast<std::size_t>(a * n + b)] = a == b ? 0 : arch->terminal_distance(a, b);
  std::vector<int> mismatches(2, 0);
  auto work = [&](const DistanceOracle& used, bool reversed, int& count) {
    std::vector<Num> row(static_cast<std::size_t>(n));
    std::vector<Num> all(static_cast<std::size_t>(n));
    for (Num b = 0; b < n; ++b) all[static_cast<std::size_t>(b)] = b;
    for (int round = 0; round < 2; ++round)
      for (Num step = 0; step < n; ++step) {
        const Num a = reversed ? n - 1 - step : step;
        for (Num b = 0; b < n; ++b)
          if (used(a, b) != expected[static_cast<std::size_t>(a * n + b)]) ++count;
        used.row(a, all.data(), all.size(), row.data());
        for (Num b = 0; b < n; ++b)
          if (row[static_cast<std::size_t>(b)] != expected[static_cast<std::size_t>(a * n + b)])
            ++count;
      }
  };
  std::thread first(work, std::cref(oracle), false, std::ref(mismatches[0]));
  std::thread second(work, std::cref(copy), true, std::ref(mismatches[1]));
  first.join();
  second.join();
  EXPECT_EQ(mismatches[0], 0);
  EXPECT_EQ(mismatches[1], 0);
}

}  // namespace
}  // namespace tartan
