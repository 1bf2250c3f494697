// Target architectures from the inside: every kind's terminal distances against values derived
// from the definitions, recursive bipartition invariants, .tgt round trips and sub targets.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <sstream>
#include <vector>

#include "arch/arch_factory.hpp"
#include "arch/arch_shape.hpp"
#include "common/error.hpp"
#include "io/text_reader.hpp"

using namespace tartan;

namespace {

using Reference = std::function<Num(Num, Num)>;

// Every pair of terminals: terminal_distance and the distance of terminal domains agree with
// the definition.
void expect_distances(const Architecture& arch, const Reference& reference) {
  for (Num a = 0; a < arch.size(); ++a)
    for (Num b = 0; b < arch.size(); ++b) {
      const Num expected = reference(a, b);
      ASSERT_EQ(arch.terminal_distance(a, b), expected) << arch.kind_name() << " " << a << "," << b;
      ASSERT_EQ(arch.domain_distance(arch.terminal_domain(a), arch.terminal_domain(b)), expected)
          << arch.kind_name() << " domains " << a << "," << b;
    }
}

// Recursive bipartition from the first domain: every terminal reached once, no empty domain,
// sizes and weights add up, numbers are the smallest terminal, inclusion holds.
// Returns the sorted terminals of dom.
std::vector<Num> walk(const Architecture& arch, const Domain& dom) {
  arch.check_domain(dom);
  Domain part0, part1;
  const Num size = arch.domain_size(dom);
  EXPECT_GE(size, 1);
  if (!arch.bipartition(dom, part0, part1)) {
    EXPECT_EQ(size, 1);
    const Num terminal = arch.domain_number(dom);
    EXPECT_TRUE(arch.terminal_domain(terminal) == dom) << arch.kind_name() << " " << terminal;
    EXPECT_EQ(arch.domain_weight(dom), arch.terminal_weight(terminal));
    return {terminal};
  }
  EXPECT_TRUE(arch.domain_includes(dom, part0));
  EXPECT_TRUE(arch.domain_includes(dom, part1));
  EXPECT_FALSE(arch.domain_includes(part0, part1));
  EXPECT_EQ(arch.domain_size(part0) + arch.domain_size(part1), size);
  EXPECT_EQ(arch.domain_weight(part0) + arch.domain_weight(part1), arch.domain_weight(dom));
  EXPECT_TRUE(arch.domain_includes(arch.join(part0, part1), dom));
  EXPECT_EQ(arch.domain_distance(dom, dom), 0);
  std::vector<Num> terminals = walk(arch, part0);
  const std::vector<Num> more = walk(arch, part1);
  terminals.insert(terminals.end(), more.begin(), more.end());
  std::sort(terminals.begin(), terminals.end());
  EXPECT_EQ(arch.domain_number(dom), terminals.front());
  EXPECT_EQ(Num(terminals.size()), size);
  return terminals;
}

void expect_bipartition_tree(const Architecture& arch) {
  const std::vector<Num> terminals = walk(arch, arch.first_domain());
  ASSERT_EQ(Num(terminals.size()), arch.size());
  for (Num t = 0; t < arch.size(); ++t) ASSERT_EQ(terminals[t], t) << arch.kind_name();
}

std::string saved(const Architecture& arch) {
  std::ostringstream out;
  write_architecture(arch, out);
  return out.str();
}

ArchPtr parse(const std::string& text) {
  std::istringstream in(text);
  io::TextReader reader(*in.rdbuf(), "test.tgt");
  return read_architecture(reader);
}

// load -> save -> load gives the same text, kind, size and distances.
void expect_round_trip(const Architecture& arch) {
  const std::string text = saved(arch);
  const ArchPtr again = parse(text);
  EXPECT_EQ(saved(*again), text);
  EXPECT_STREQ(again->kind_name(), arch.kind_name());
  ASSERT_EQ(again->size(), arch.size());
  for (Num a = 0; a < std::min<Num>(arch.size(), 40); ++a)
    for (Num b = 0; b < std::min<Num>(arch.size(), 40); ++b)
      ASSERT_EQ(again->terminal_distance(a, b), arch.terminal_distance(a, b));
}

void expect_all(const Architecture& arch, const Reference& reference) {
  expect_distances(arch, reference);
  expect_bipartition_tree(arch);
  expect_round_trip(arch);
}

std::vector<Num> coordinates(Num terminal, const std::vector<Num>& dims) {
  std::vector<Num> result;
  for (Num dim : dims) {
    result.push_back(terminal % dim);
    terminal /= dim;
  }
  return result;
}

Reference grid_reference(const std::vector<Num>& dims, bool wrap) {
  return [dims, wrap](Num a, Num b) {
    const std::vector<Num> ca = coordinates(a, dims), cb = coordinates(b, dims);
    Num total = 0;
    for (std::size_t d = 0; d < dims.size(); ++d) {
      const Num gap = std::abs(ca[d] - cb[d]);
      total += wrap ? std::min(gap, dims[d] - gap) : gap;
    }
    return total;
  };
}

// Leaves as digit paths from the root; the levels from the first differing digit down are
// crossed, their costs summed.
Reference tree_reference(const std::vector<Num>& sizes, const std::vector<Num>& costs,
                         const std::function<Num(Num)>& leaf_of) {
  return [=](Num a, Num b) {
    std::vector<Num> pa(sizes.size()), pb(sizes.size());
    Num la = leaf_of(a), lb = leaf_of(b);
    for (std::size_t k = sizes.size(); k-- > 0;) {
      pa[k] = la % sizes[k];
      pb[k] = lb % sizes[k];
      la /= sizes[k];
      lb /= sizes[k];
    }
    std::size_t first = 0;
    while (first < sizes.size() && pa[first] == pb[first]) ++first;
    Num total = 0;
    for (std::size_t k = first; k < sizes.size(); ++k) total += costs[k];
    return total;
  };
}

Num complete_reference(Num a, Num b) { return a == b ? 0 : 1; }

}  // namespace

TEST(ArchComplete, DistancesTreeRoundTrip) {
  for (Num size : {1, 2, 5, 8}) expect_all(*make_complete(size), complete_reference);
}

TEST(ArchComplete, HalvesAreEqual) {
  const ArchPtr arch = make_complete(7);
  Domain part0, part1;
  ASSERT_TRUE(arch->bipartition(arch->first_domain(), part0, part1));
  EXPECT_EQ(arch->domain_size(part0), 4);
  EXPECT_EQ(arch->domain_size(part1), 3);
}

TEST(ArchWeightedComplete, BipartitionBalancesWeights) {
  const ArchPtr arch = make_weighted_complete({1, 2, 3, 4, 5});
  expect_all(*arch, complete_reference);
  Domain part0, part1;
  ASSERT_TRUE(arch->bipartition(arch->first_domain(), part0, part1));
  EXPECT_EQ(arch->domain_weight(arch->first_domain()), 15);
  // Best contiguous cut of 1 2 3 4 5 is {1,2,3,4} | {5}? No: {1,2,3} = 6 | {4,5} = 9 or
  // {1,2,3,4} = 10 | {5} = 5; both differ by 3 or 5: the first is better.
  EXPECT_EQ(arch->domain_weight(part0), 6);
  EXPECT_EQ(arch->domain_weight(part1), 9);
  const ArchPtr heavy = make_weighted_complete({100, 1, 1, 1, 1});
  ASSERT_TRUE(heavy->bipartition(heavy->first_domain(), part0, part1));
  EXPECT_EQ(heavy->domain_weight(part0), 100);
  EXPECT_EQ(heavy->domain_size(part1), 4);
  EXPECT_EQ(heavy->terminal_weight(0), 100);
}

TEST(ArchHypercube, DistancesTreeRoundTrip) {
  for (Num dims : {1, 2, 3, 5})
    expect_all(*make_hypercube(dims),
               [](Num a, Num b) { return Num(__builtin_popcountll(std::uint64_t(a ^ b))); });
}

TEST(ArchHypercube, DomainDistancesCountHalfTheUnknownBits) {
  const ArchPtr arch = make_hypercube(4);
  Domain low, high;
  ASSERT_TRUE(arch->bipartition(arch->first_domain(), low, high));  // 0xxx, 1xxx
  EXPECT_EQ(arch->domain_number(high), 8);
  EXPECT_EQ(arch->domain_distance(low, high), 1);
  EXPECT_EQ(arch->domain_distance(arch->first_domain(), arch->terminal_domain(0)), 2);
  EXPECT_EQ(arch->domain_distance(high, arch->terminal_domain(0)), 1 + 1);  // 1 fixed + 3/2
  EXPECT_EQ(arch->domain_distance(low, arch->terminal_domain(0)), 1);
}

TEST(ArchGrid, MeshDistancesTreeRoundTrip) {
  for (const std::vector<Num>& dims :
       std::vector<std::vector<Num>>{{4, 4}, {3, 5}, {2, 3, 4}, {5, 1}, {1, 1}, {2, 2, 2, 3}})
    expect_all(*make_mesh(dims), grid_reference(dims, false));
}

TEST(ArchGrid, TorusDistancesTreeRoundTrip) {
  for (const std::vector<Num>& dims :
       std::vector<std::vector<Num>>{{4, 4}, {3, 5}, {4, 4, 4}, {5, 2, 3, 2}})
    expect_all(*make_torus(dims), grid_reference(dims, true));
}

TEST(ArchGrid, MeshXDDoesNotWrap) {
  // SCOTCH 7's meshXD wraps around like a torus; Tartan's is a mesh.
  const ArchPtr arch = parse("meshXD 2 8 8");
  EXPECT_STREQ(arch->kind_name(), "meshXD");
  EXPECT_EQ(arch->terminal_distance(0, 7), 7);
  EXPECT_EQ(parse("mesh2D 8 8")->terminal_distance(0, 7), 7);
  EXPECT_EQ(parse("torusXD 2 8 8")->terminal_distance(0, 7), 1);
  expect_round_trip(*arch);
  expect_all(*parse("meshXD 1 6"), grid_reference({6}, false));
}

TEST(ArchGrid, DomainDistanceIsBetweenCentresRoundedUp) {
  const ArchPtr mesh = make_mesh({3, 1});
  Domain part0, part1;
  ASSERT_TRUE(mesh->bipartition(mesh->first_domain(), part0, part1));
  EXPECT_EQ(mesh->domain_size(part0), 2);  // [0,1] | [2]
  EXPECT_EQ(mesh->domain_distance(part0, part1), 2);  // centres 0.5 and 2
  const ArchPtr torus = make_torus({8});
  ASSERT_TRUE(torus->bipartition(torus->first_domain(), part0, part1));  // [0,3] | [4,7]
  EXPECT_EQ(torus->domain_distance(part0, part1), 4);
  EXPECT_EQ(torus->domain_distance(torus->terminal_domain(0), part1), 3);  // 0 to 5.5 wraps: 2.5
}

TEST(ArchTleaf, DistancesSumTheLevelsCrossed) {
  const ArchPtr arch = make_tleaf({4, 2, 4}, {100, 10, 1});
  EXPECT_EQ(arch->terminal_distance(0, 1), 1);
  EXPECT_EQ(arch->terminal_distance(0, 4), 11);
  EXPECT_EQ(arch->terminal_distance(0, 8), 111);
  const auto identity = [](Num t) { return t; };
  expect_all(*arch, tree_reference({4, 2, 4}, {100, 10, 1}, identity));
  expect_all(*make_tleaf({3, 1, 5}, {7, 3, 2}), tree_reference({3, 1, 5}, {7, 3, 2}, identity));
  expect_all(*make_tleaf({1}, {4}), tree_reference({1}, {4}, identity));
  expect_all(*make_tleaf({2, 3, 2}, {5, 0, 1}), tree_reference({2, 3, 2}, {5, 0, 1}, identity));
}

TEST(ArchTleaf, NestedDomainsAreAtHalfTheInnerDistance) {
  const ArchPtr arch = make_tleaf({2, 4}, {10, 1});
  Domain node0, node1, cores0, cores1;
  ASSERT_TRUE(arch->bipartition(arch->first_domain(), node0, node1));
  EXPECT_EQ(arch->domain_distance(node0, node1), 11);
  EXPECT_EQ(arch->domain_distance(node0, arch->terminal_domain(5)), 11);
  EXPECT_EQ(arch->domain_distance(node0, arch->terminal_domain(1)), 1);   // 1 / 2 rounded up
  EXPECT_EQ(arch->domain_distance(arch->first_domain(), node0), 6);       // 11 / 2 rounded up
  ASSERT_TRUE(arch->bipartition(node0, cores0, cores1));                 // {0,1} | {2,3}
  EXPECT_EQ(arch->domain_size(cores0), 2);
  EXPECT_EQ(arch->domain_distance(cores0, cores1), 1);
}

TEST(ArchTleaf, ThreeChildrenSplitTwoToOne) {
  const ArchPtr arch = make_tleaf({3, 2}, {5, 1});
  Domain part0, part1;
  ASSERT_TRUE(arch->bipartition(arch->first_domain(), part0, part1));
  EXPECT_EQ(arch->domain_size(part0), 4);
  EXPECT_EQ(arch->domain_size(part1), 2);
}

TEST(ArchLtleaf, PermutationRenumbersLeaves) {
  // SCOTCH's convention (checked against SCOTCH 7): the leaf at position i of a block is
  // terminal permtab[i]; with 0 2 4 6 1 3 5 7, terminals 0 2 4 6 share socket 0.
  const std::vector<Num> sizes{4, 2, 4}, costs{10, 5, 1}, perm{0, 2, 4, 6, 1, 3, 5, 7};
  const ArchPtr arch = make_ltleaf(sizes, costs, perm);
  EXPECT_STREQ(arch->kind_name(), "ltleaf");
  EXPECT_EQ(arch->terminal_distance(0, 2), 1);
  EXPECT_EQ(arch->terminal_distance(0, 1), 6);
  const auto leaf_of = [perm](Num t) {
    const Num block = Num(perm.size());
    Num position = 0;
    while (perm[position] != t % block) ++position;
    return t - t % block + position;
  };
  expect_all(*arch, tree_reference(sizes, costs, leaf_of));
  expect_all(*make_ltleaf({3, 2, 2}, {9, 3, 1}, {1, 0}),
             tree_reference({3, 2, 2}, {9, 3, 1}, [](Num t) { return t ^ 1; }));
  EXPECT_THROW(make_ltleaf(sizes, costs, {1, 0}), Error);  // 2 leaves under no node of it
  expect_all(*make_ltleaf({3, 2}, {4, 1}, {0}), tree_reference({3, 2}, {4, 1}, [](Num t) { return t; }));
  expect_round_trip(*parse("ltleaf 3 4 10 2 5 4 1 8 0 2 4 6 1 3 5 7"));
}

TEST(ArchVariable, DomainsAreHeapLabels) {
  for (const ArchPtr& arch : {make_variable_complete(), make_variable_hypercube()}) {
    EXPECT_TRUE(arch->variable_sized());
    EXPECT_EQ(arch->size(), 0);
    Domain part0, part1;
    const Domain first = arch->first_domain();
    EXPECT_EQ(arch->domain_number(first), 1);
    ASSERT_TRUE(arch->bipartition(first, part0, part1));
    EXPECT_EQ(arch->domain_number(part0), 2);
    EXPECT_EQ(arch->domain_number(part1), 3);
    EXPECT_EQ(arch->domain_distance(part0, part1), 1);
    EXPECT_TRUE(arch->domain_includes(first, part1));
    EXPECT_TRUE(arch->terminal_domain(6) == arch->join(arch->terminal_domain(12), arch->terminal_domain(13)));
    expect_round_trip(*arch);
    // Deep bipartitions stop where labels would overflow.
    Domain dom = first;
    int depth = 0;
    while (arch->bipartition(dom, part0, part1)) {
      dom = part1;
      ++depth;
    }
    EXPECT_EQ(depth, int(sizeof(Num) * 8) - 2);
    arch->check_domain(dom);
  }
  const ArchPtr hypercube = make_variable_hypercube();
  // 4 = 100b and 7 = 111b: two bits differ; 2 = 10b against 7 (prefix 11): one bit, plus 1/2.
  EXPECT_EQ(hypercube->domain_distance(hypercube->terminal_domain(4), hypercube->terminal_domain(7)), 2);
  EXPECT_EQ(hypercube->domain_distance(hypercube->terminal_domain(2), hypercube->terminal_domain(7)), 1);
  EXPECT_THROW(hypercube->terminal_domain(0), Error);
}

TEST(ArchSub, TorusKeepsTorusDistances) {
  const std::vector<Num> dims{6, 5};
  const ArchPtr torus = make_torus(dims);
  // Scattered, disconnected, unordered.
  const std::vector<Num> listed{29, 0, 5, 24, 13, 7, 18, 2};
  const ArchPtr sub = make_sub(torus, listed);
  EXPECT_EQ(sub->size(), 8);
  const Reference reference = grid_reference(dims, true);
  expect_all(*sub, [&](Num a, Num b) { return reference(listed[a], listed[b]); });
  EXPECT_EQ(sub->terminal_distance(0, 1), 2);  // (5,4) and (0,0) wrap to 1 + 1
}

TEST(ArchSub, EveryKindAndNesting) {
  const std::vector<ArchPtr> parents{
      make_complete(9),          make_weighted_complete({3, 1, 4, 1, 5, 9, 2, 6}),
      make_hypercube(4),         make_mesh({7, 3}),
      make_mesh({4, 3, 3}),      make_torus({5, 5}),
      make_tleaf({3, 2, 3}, {20, 5, 1}), make_ltleaf({2, 4}, {9, 1}, {3, 1, 2, 0})};
  for (const ArchPtr& parent : parents) {
    std::vector<Num> listed;
    for (Num t = parent->size() - 1; t >= 0; t -= 2) listed.push_back(t);
    const ArchPtr sub = make_sub(parent, listed);
    expect_all(*sub, [&](Num a, Num b) { return parent->terminal_distance(listed[a], listed[b]); });
    for (Num k = 0; k < sub->size(); ++k)
      EXPECT_EQ(sub->terminal_weight(k), parent->terminal_weight(listed[k]));
    // All terminals in order: the same distances as the parent.
    std::vector<Num> all(parent->size());
    for (Num t = 0; t < parent->size(); ++t) all[t] = t;
    const ArchPtr whole = make_sub(parent, all);
    expect_bipartition_tree(*whole);
    EXPECT_EQ(whole->domain_weight(whole->first_domain()),
              parent->domain_weight(parent->first_domain()));
    // Sub of sub: part k is listed[inner[k]] of the parent.
    const std::vector<Num> inner{Num(listed.size()) - 1, 0, Num(listed.size()) / 2};
    const ArchPtr nested = make_sub(sub, inner);
    expect_all(*nested, [&](Num a, Num b) {
      return parent->terminal_distance(listed[inner[a]], listed[inner[b]]);
    });
  }
}

TEST(ArchSub, MatchingKeepsNeighboursTogether) {
  // Two clusters far apart on a line: the first bipartition separates them.
  const ArchPtr mesh = make_mesh({64});
  const ArchPtr sub = make_sub(mesh, {60, 1, 61, 0, 2, 62});
  Domain part0, part1;
  ASSERT_TRUE(sub->bipartition(sub->first_domain(), part0, part1));
  EXPECT_EQ(sub->domain_size(part0), 3);
  EXPECT_EQ(sub->domain_size(part1), 3);
  EXPECT_GE(sub->domain_distance(part0, part1), 55);
  // Odd extents alternate their unmatched end: 5 terminals on a 5-line give a 3 | 2 or 2 | 3.
  const ArchPtr line = make_sub(make_mesh({5}), {0, 1, 2, 3, 4});
  ASSERT_TRUE(line->bipartition(line->first_domain(), part0, part1));
  EXPECT_EQ(std::abs(line->domain_size(part0) - line->domain_size(part1)), 1);
}

TEST(ArchSub, SingleTerminal) {
  const ArchPtr sub = make_sub(make_hypercube(3), {5});
  Domain part0, part1;
  EXPECT_FALSE(sub->bipartition(sub->first_domain(), part0, part1));
  EXPECT_EQ(sub->domain_number(sub->first_domain()), 0);
  expect_round_trip(*sub);
}

TEST(ArchSub, RejectsBadLists) {
  const ArchPtr parent = make_complete(4);
  auto code_of = [](const std::function<void()>& body) {
    try {
      body();
    } catch (const Error& error) {
      return error.code();
    }
    return ErrorCode::internal;
  };
  EXPECT_EQ(code_of([&] { make_sub(parent, {0, 0, 1}); }), ErrorCode::invalid);
  EXPECT_EQ(code_of([&] { make_sub(parent, {0, 9}); }), ErrorCode::invalid);
  EXPECT_EQ(code_of([&] { make_sub(parent, {-1}); }), ErrorCode::invalid);
  EXPECT_EQ(code_of([&] { make_sub(parent, {}); }), ErrorCode::invalid);
  EXPECT_EQ(code_of([&] { make_sub(make_variable_complete(), {1}); }), ErrorCode::invalid);
  EXPECT_EQ(code_of([&] { make_sub(nullptr, {1}); }), ErrorCode::invalid);
}

TEST(ArchFormat, ReadsEveryKindAndRejectsBadText) {
  const char* good[] = {"cmplt 8", "cmpltw 5 1 2 3 4 5", "hcub 4", "mesh2D 2 4", "mesh3D 3 4 5",
                        "meshXD 5 3 3 5 4 8", "torus3D 4 4 4", "torusXD 5 3 3 5 4 8",
                        "tleaf 3 6 20 3 5 4 1", "ltleaf 3 4 10 2 5 4 1 8 0 2 4 6 1 3 5 7",
                        "varcmplt", "varhcub", "sub 5 0 4 1 5 7 mesh2D 4 2",
                        "sub 2 1 0 sub 3 2 0 1 torus2D 3 3", "  hcub\n\n 2 \n"};
  for (const char* text : good) {
    const ArchPtr arch = parse(text);
    expect_round_trip(*arch);
  }
  struct Bad {
    const char* text;
    ErrorCode code;
    const char* fragment;
  };
  const Bad bad[] = {
      {"", ErrorCode::format, "expected target kind, found end of file"},
      {"blob 3", ErrorCode::format, "unknown target kind 'blob'"},
      {"hcub 0", ErrorCode::format, "at least 1"},
      {"cmplt -3", ErrorCode::format, "at least 1"},
      {"mesh2D 0 3", ErrorCode::format, "at least 1"},
      {"torus3D 4 4", ErrorCode::format, "found end of file"},
      {"tleaf 2 4 10", ErrorCode::format, "found end of file"},
      {"hcub 3 x", ErrorCode::format, "unexpected 'x'"},
      {"hcub x", ErrorCode::format, "found 'x'"},
      {"hcub 99999999999999999999999", ErrorCode::overflow, "does not fit"},
      {"hcub 70", ErrorCode::overflow, "do not fit"},
      {"mesh2D 4294967296 4294967296", ErrorCode::overflow, "does not fit"},
      {"sub 3 0 0 1 cmplt 4", ErrorCode::invalid, "both terminal 0"},
      {"sub 2 0 9 cmplt 4", ErrorCode::invalid, "out of range"},
      {"sub 1 1 varcmplt", ErrorCode::invalid, "variable-sized"},
      {"ltleaf 2 2 10 2 1 4 0 0 1 2", ErrorCode::invalid, "not a permutation"},
      {"ltleaf 2 2 10 2 1 3 0 1 2", ErrorCode::invalid, "permutation of 3"},
      {"ltleaf 2 2 10 2 1 2 0 5", ErrorCode::invalid, "out of range"},
      {"meshXD 99 2", ErrorCode::format, "exceeds"},
      {"cmpltw 3 1 0 1", ErrorCode::format, "at least 1"},
  };
  for (const Bad& item : bad) {
    try {
      parse(item.text);
      ADD_FAILURE() << "accepted: " << item.text;
    } catch (const Error& error) {
      EXPECT_EQ(error.code(), item.code) << item.text << ": " << error.what();
      EXPECT_NE(std::string(error.what()).find(item.fragment), std::string::npos)
          << item.text << ": " << error.what();
      EXPECT_NE(std::string(error.what()).find("line "), std::string::npos) << error.what();
    }
  }
}

TEST(ArchDomains, CheckRejectsForeignWords) {
  const std::vector<ArchPtr> archs{make_complete(4), make_hypercube(3), make_mesh({3, 3}),
                                   make_tleaf({2, 3}, {4, 1}), make_variable_hypercube(),
                                   make_sub(make_mesh({4, 4}), {1, 5, 9})};
  for (const ArchPtr& arch : archs) {
    Domain garbage;
    garbage.word.fill(-5);
    EXPECT_THROW(arch->check_domain(garbage), Error) << arch->kind_name();
    garbage.word.fill(1000000);
    EXPECT_THROW(arch->check_domain(garbage), Error) << arch->kind_name();
    EXPECT_NO_THROW(arch->check_domain(arch->first_domain()));
  }
}

// arch_shape reads the geometry from the distance forms: grids, hypercubes, trees, subs of subs.
TEST(ArchShape, GridsCubesTreesAndSubs) {
  const ArchShape torus = arch_shape(*make_torus({3, 4}));
  EXPECT_EQ(torus.kind, ArchShape::Kind::torus);
  EXPECT_EQ(torus.dims, (std::vector<Num>{3, 4}));
  EXPECT_EQ(torus.node_count, 12);
  const ArchShape cube = arch_shape(*make_hypercube(4));
  EXPECT_EQ(cube.kind, ArchShape::Kind::hypercube);
  EXPECT_EQ(cube.dims.size(), 4u);
  const ArchPtr tree = make_tleaf({2, 3}, {10, 1});
  const ArchShape leaves = arch_shape(*tree);
  EXPECT_EQ(leaves.kind, ArchShape::Kind::tree);
  EXPECT_EQ(leaves.dims, (std::vector<Num>{2, 3}));
  const ArchPtr sub = make_sub(make_sub(make_mesh({4, 4}), {15, 3, 9, 0}), {2, 0});
  const ArchShape placed = arch_shape(*sub);
  EXPECT_EQ(placed.kind, ArchShape::Kind::mesh);
  EXPECT_EQ(placed.node_count, 16);
  EXPECT_EQ(placed.place, (std::vector<Num>{9, 15}));
  EXPECT_EQ(arch_shape(*make_complete(3)).kind, ArchShape::Kind::none);
}

// node_places follows network.hpp's numbering: a tree's switches after its leaves, a sub's
// listed terminals first, then the original's other nodes in their order.
TEST(ArchShape, NodePlacesOfTreesAndSubs) {
  const ArchPtr tree = make_tleaf({2, 2}, {10, 1});  // 4 leaves, root, 2 switches
  EXPECT_EQ(node_places(*tree), (std::vector<Num>{0, 1, 2, 3, 4, 5, 6}));
  const ArchPtr sub = make_sub(tree, {3, 1});
  EXPECT_EQ(node_places(*sub), (std::vector<Num>{3, 1, 0, 2, 4, 5, 6}));
  EXPECT_THROW(node_places(*make_variable_complete()), Error);
}
