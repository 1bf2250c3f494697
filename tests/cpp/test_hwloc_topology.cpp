// The hwloc topology model: cost strings, PU trees to targets (regular, irregular, partial),
// and the trees hwloc gives for synthetic descriptions.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "arch/hwloc_topology.hpp"
#include "common/error.hpp"

namespace tartan {
namespace {

ErrorCode code_of(const std::function<void()>& body) {
  try {
    body();
  } catch (const Error& error) {
    return error.code();
  }
  return static_cast<ErrorCode>(0);
}

// ---- cost strings -----------------------------------------------------------------------
TEST(HwlocCosts, DefaultsAreTheDocumentedModel) {
  const HwlocCosts costs;
  EXPECT_EQ(costs.of(HwlocLevelClass::core), 1);
  EXPECT_EQ(costs.of(HwlocLevelClass::cache), 2);
  EXPECT_EQ(costs.of(HwlocLevelClass::group), 4);
  EXPECT_EQ(costs.of(HwlocLevelClass::package), 4);
  EXPECT_EQ(costs.of(HwlocLevelClass::machine), 10);
  EXPECT_EQ(costs.of(HwlocLevelClass::cluster), 100);
  EXPECT_STREQ(hwloc_level_class_name(HwlocLevelClass::group), "group");
}

TEST(HwlocCosts, ParsesItemsAndKeepsTheOthers) {
  const HwlocCosts costs = parse_hwloc_costs(" core=3,cache=5  machine=40,\tcluster=1000 ");
  EXPECT_EQ(costs.of(HwlocLevelClass::core), 3);
  EXPECT_EQ(costs.of(HwlocLevelClass::cache), 5);
  EXPECT_EQ(costs.of(HwlocLevelClass::group), 4);
  EXPECT_EQ(costs.of(HwlocLevelClass::package), 4);
  EXPECT_EQ(costs.of(HwlocLevelClass::machine), 40);
  EXPECT_EQ(costs.of(HwlocLevelClass::cluster), 1000);
  EXPECT_EQ(parse_hwloc_costs("").of(HwlocLevelClass::machine), 10);
  HwlocCosts base;
  base.cost[0] = 7;
  EXPECT_EQ(parse_hwloc_costs("cache=1", base).of(HwlocLevelClass::core), 7);
}

TEST(HwlocCosts, RefusesMalformedItems) {
  for (const char* bad : {"core", "core=", "=3", "bogus=1", "core=0", "core=-2", "core=2x",
                          "core=99999999999999999999", "core:1"}) {
    EXPECT_EQ(code_of([&] { parse_hwloc_costs(bad); }), ErrorCode::format) << bad;
  }
  try {
    parse_hwloc_costs("core=1,socket=3");
    FAIL() << "accepted an unknown class";
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("unknown level class \"socket\""),
              std::string::npos);
  }
}

// ---- PU trees to targets --------------------------------------------------------------------
Num distance(const ArchPtr& arch, Num a, Num b) { return arch->terminal_distance(a, b); }

// A regular tree: 2 packages x 3 cores x 2 PUs, the root has a one-child level in between.
PuTree regular_tree() {
  PuTree tree;
  tree.levels = {HwlocLevelClass::machine, HwlocLevelClass::package, HwlocLevelClass::cache,
                 HwlocLevelClass::core};
  for (Num package = 0; package < 2; ++package)
    for (Num core = 0; core < 3; ++core)
      for (Num pu = 0; pu < 2; ++pu) tree.paths.push_back({package, core, 0, pu});
  return tree;
}

TEST(PuTreeTarget, RegularTreeIsAPlainTleafWithoutTheUnbranchedLevel) {
  const ArchPtr arch = target_from_pu_tree(regular_tree(), HwlocCosts{});
  EXPECT_STREQ(arch->kind_name(), "tleaf");
  ASSERT_EQ(arch->size(), 12);
  EXPECT_EQ(distance(arch, 0, 1), 1);           // PUs of a core
  EXPECT_EQ(distance(arch, 0, 5), 1 + 4);       // cores of a package (no cache level)
  EXPECT_EQ(distance(arch, 5, 6), 1 + 4 + 10);  // packages
  EXPECT_EQ(distance(arch, 3, 3), 0);
}

TEST(PuTreeTarget, CostsFollowTheLevelClasses) {
  const ArchPtr arch =
      target_from_pu_tree(regular_tree(), parse_hwloc_costs("core=2,package=7,machine=11"));
  EXPECT_EQ(distance(arch, 0, 1), 2);
  EXPECT_EQ(distance(arch, 0, 5), 2 + 7);
  EXPECT_EQ(distance(arch, 0, 11), 2 + 7 + 11);
}

TEST(PuTreeTarget, MissingPusGiveASubOfTheRegularTree) {
  PuTree tree = regular_tree();
  tree.paths.erase(tree.paths.begin() + 2, tree.paths.begin() + 4);  // package 0 loses core 1
  for (std::size_t pu = 2; pu < 4; ++pu) tree.paths[pu][1] = 1;       // core 2 becomes rank 1
  const ArchPtr arch = target_from_pu_tree(tree, HwlocCosts{});
  EXPECT_STREQ(arch->kind_name(), "sub");
  ASSERT_EQ(arch->size(), 10);
  EXPECT_EQ(distance(arch, 2, 3), 1);
  EXPECT_EQ(distance(arch, 0, 3), 5);
  EXPECT_EQ(distance(arch, 3, 4), 15);
  EXPECT_EQ(distance(arch, 4, 9), 5);
}

TEST(PuTreeTarget, SinglePuIsAOneTerminalTarget) {
  PuTree tree;
  tree.levels = {HwlocLevelClass::machine};
  tree.paths = {{0}};
  const ArchPtr arch = target_from_pu_tree(tree, HwlocCosts{});
  EXPECT_EQ(arch->size(), 1);
  EXPECT_EQ(distance(arch, 0, 0), 0);
}

TEST(PuTreeTarget, RefusesInconsistentTrees) {
  PuTree empty;
  EXPECT_EQ(code_of([&] { target_from_pu_tree(empty, HwlocCosts{}); }), ErrorCode::invalid);
  PuTree short_path = regular_tree();
  short_path.paths[3].pop_back();
  EXPECT_EQ(code_of([&] { target_from_pu_tree(short_path, HwlocCosts{}); }), ErrorCode::invalid);
  PuTree negative = regular_tree();
  negative.paths[1][3] = -1;
  EXPECT_EQ(code_of([&] { target_from_pu_tree(negative, HwlocCosts{}); }), ErrorCode::invalid);
  PuTree duplicate = regular_tree();
  duplicate.paths[1] = duplicate.paths[0];
  EXPECT_EQ(code_of([&] { target_from_pu_tree(duplicate, HwlocCosts{}); }), ErrorCode::invalid);
}

TEST(PuTreeTarget, RefusesTreesTooLargeForNum) {
  if (sizeof(Num) != 4) GTEST_SKIP() << "64-bit TARTAN_Num: 2^32 leaves fit";
  PuTree tree;
  tree.levels = {HwlocLevelClass::machine, HwlocLevelClass::package};
  tree.paths = {{0, 0}, {65535, 65535}};
  EXPECT_EQ(code_of([&] { target_from_pu_tree(tree, HwlocCosts{}); }), ErrorCode::overflow);
}

// ---- hwloc itself -------------------------------------------------------------------------
TEST(HwlocTree, SyntheticDescriptionGivesLevelsAndPaths) {
  if (!hwloc_supported()) {
    EXPECT_EQ(code_of([] { hwloc_synthetic_tree("pu:2"); }), ErrorCode::not_supported);
    EXPECT_EQ(code_of([] { hwloc_machine_tree(); }), ErrorCode::not_supported);
    EXPECT_EQ(code_of([] { hwloc_xml_tree("x.xml"); }), ErrorCode::not_supported);
    return;
  }
  const PuTree tree = hwloc_synthetic_tree("pack:2 l3:2 core:2 pu:2");
  const std::vector<HwlocLevelClass> expected_levels = {
      HwlocLevelClass::machine, HwlocLevelClass::package, HwlocLevelClass::cache,
      HwlocLevelClass::core};
  EXPECT_EQ(tree.levels, expected_levels);
  ASSERT_EQ(tree.paths.size(), 16u);
  EXPECT_EQ(tree.paths[5], (std::vector<Num>{0, 1, 0, 1}));
  EXPECT_EQ(tree.paths[14], (std::vector<Num>{1, 1, 1, 0}));
}

TEST(HwlocTree, NumaNodesInsidePackagesAreGroups) {
  if (!hwloc_supported()) GTEST_SKIP() << "built without hwloc";
  const PuTree tree = hwloc_synthetic_tree("pack:2 numa:2 core:2 pu:1");
  ASSERT_EQ(tree.paths.size(), 8u);
  const ArchPtr arch = target_from_pu_tree(tree, HwlocCosts{});
  EXPECT_EQ(arch->size(), 8);
  EXPECT_EQ(distance(arch, 0, 1), 4);           // cores of one NUMA group (group class)
  EXPECT_EQ(distance(arch, 0, 2), 4 + 4);       // NUMA groups of one package
  EXPECT_EQ(distance(arch, 0, 4), 4 + 4 + 10);  // packages
}

TEST(HwlocTree, BadDescriptionsAndFiles) {
  if (!hwloc_supported()) GTEST_SKIP() << "built without hwloc";
  EXPECT_EQ(code_of([] { hwloc_synthetic_tree("pack:2 bogus:3"); }), ErrorCode::format);
  EXPECT_EQ(code_of([] { hwloc_xml_tree("/nonexistent/topology.xml"); }), ErrorCode::io);
}

TEST(HwlocTree, RunningMachineHasAllowedPus) {
  if (!hwloc_supported()) GTEST_SKIP() << "built without hwloc";
  const PuTree tree = hwloc_machine_tree();
  EXPECT_GE(tree.paths.size(), 1u);
  const ArchPtr arch = hwloc_machine_target(HwlocCosts{});
  EXPECT_EQ(arch->size(), static_cast<Num>(tree.paths.size()));
}

}  // namespace
}  // namespace tartan
