// The domain tree shared by the tree-shaped targets (src/arch/domain_tree.hpp): derived sizes,
// capacities, smallest terminals and preorder ranges on a tree numbered out of order, every
// malformed link structure refused, and the Architecture members TreeArchitecture answers.
#include <gtest/gtest.h>

#include <limits>
#include <ostream>
#include <string>
#include <vector>

#include "arch/domain_tree.hpp"
#include "common/error.hpp"

using namespace tartan;

namespace {

using Links = DomainTree::Links;

// Root 3 with sons 1 and 4; 4 with sons 0 and 2. Terminal 0 is node 1, terminal 1 node 2,
// terminal 2 node 0.
std::vector<Links> sample_links() {
  return {{4, -1, -1}, {3, -1, -1}, {4, -1, -1}, {-1, 1, 4}, {3, 0, 2}};
}

DomainTree sample_tree() { return DomainTree(sample_links(), {1, 2, 0}, {5, 6, 7}); }

std::string error_of(std::vector<Links> links, std::vector<Num> leaves,
                     std::vector<Num> weights) {
  try {
    DomainTree tree(std::move(links), std::move(leaves), weights);
  } catch (const Error& error) {
    return error.what();
  }
  return "";
}

// A two-level target over the sample tree; distance = 1 between distinct domains.
class SampleArch final : public TreeArchitecture {
 public:
  SampleArch() { set_tree(sample_tree()); }
  const char* kind_name() const override { return "sample"; }
  Num domain_distance(const Domain& a, const Domain& b) const override {
    return node_of(a) == node_of(b) ? 0 : 1;
  }
  void save(std::ostream&) const override {}
};

}  // namespace

TEST(DomainTree, DerivesSizesWeightsAndRanges) {
  const DomainTree tree = sample_tree();
  EXPECT_EQ(tree.node_count(), 5);
  EXPECT_EQ(tree.terminal_count(), 3);
  EXPECT_EQ(tree.root(), 3);
  EXPECT_EQ(tree.size(3), 3);
  EXPECT_EQ(tree.weight(3), 18);
  EXPECT_EQ(tree.size(4), 2);
  EXPECT_EQ(tree.weight(4), 13);
  EXPECT_EQ(tree.min_terminal(4), 1);
  EXPECT_EQ(tree.min_terminal(3), 0);
  EXPECT_EQ(tree.weight(0), 7);
  EXPECT_TRUE(tree.is_leaf(1));
  EXPECT_FALSE(tree.is_leaf(4));
  // Preorder 3, 1, 4, 0, 2.
  EXPECT_EQ(tree.preorder(3), 0);
  EXPECT_EQ(tree.preorder(1), 1);
  EXPECT_EQ(tree.preorder(4), 2);
  EXPECT_EQ(tree.preorder_end(4), 5);
  EXPECT_EQ(tree.preorder_end(1), 2);
  for (Num d = 0; d < 5; ++d) EXPECT_TRUE(tree.includes(3, d)) << d;
  EXPECT_TRUE(tree.includes(4, 0));
  EXPECT_TRUE(tree.includes(4, 2));
  EXPECT_FALSE(tree.includes(4, 1));
  EXPECT_FALSE(tree.includes(1, 4));
  EXPECT_FALSE(tree.includes(0, 4));
}

TEST(DomainTree, SingleTerminalTree) {
  const DomainTree tree({{-1, -1, -1}}, {0}, {9});
  EXPECT_EQ(tree.root(), 0);
  EXPECT_EQ(tree.size(0), 1);
  EXPECT_EQ(tree.weight(0), 9);
  EXPECT_TRUE(tree.includes(0, 0));
}

TEST(DomainTree, RefusesMalformedLinks) {
  std::vector<Links> links = sample_links();
  links[4].son1 = -1;
  EXPECT_NE(error_of(links, {1, 2, 0}, {1, 1, 1}).find("domain 4 has a single son"),
            std::string::npos);
  links = sample_links();
  links[4].son1 = 7;
  EXPECT_NE(error_of(links, {1, 2, 0}, {1, 1, 1}).find("outside [0, 5)"), std::string::npos);
  links = sample_links();
  links[2].father = 3;
  EXPECT_NE(error_of(links, {1, 2, 0}, {1, 1, 1}).find("names domain 3 as its father"),
            std::string::npos);
  links = sample_links();
  links[1].father = -1;
  links[3] = {-1, 4, 4};
  EXPECT_NE(error_of(links, {1, 2, 0}, {1, 1, 1}).find("are both roots"), std::string::npos);
  // 3 and 4 each other's father: a cycle, no root.
  links = sample_links();
  links[3].father = 4;
  links[4].father = 3;
  EXPECT_NE(error_of(links, {1, 2, 0}, {1, 1, 1}).find("no domain is the root"),
            std::string::npos);
  links = sample_links();
  EXPECT_NE(error_of(links, {4, 2, 0}, {1, 1, 1}).find("terminal 0 is not alone in a leaf"),
            std::string::npos);
  EXPECT_NE(error_of(links, {1, 1, 0}, {1, 1, 1}).find("terminal 1 is not alone in a leaf"),
            std::string::npos);
  EXPECT_NE(error_of(links, {1, 2}, {1, 1}).find("leaf domain 0 holds no terminal"),
            std::string::npos);
  try {
    const Num most = std::numeric_limits<Num>::max();
    DomainTree tree({{-1, 1, 2}, {0, -1, -1}, {0, -1, -1}}, {1, 2}, {most, most});
    ADD_FAILURE() << "capacity overflow not reported";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::overflow);
  }
}

TEST(DomainTree, RefusesDomainsReachedTwiceOrNever) {
  EXPECT_NE(error_of({{-1, 1, 1}, {0, -1, -1}, {0, -1, -1}}, {1, 2}, {1, 1})
                .find("domain 1 is reached twice"),
            std::string::npos);
  // 3 and 4 name each other as father, away from the root 0.
  EXPECT_NE(error_of({{-1, 1, 2}, {0, -1, -1}, {0, -1, -1}, {4, -1, -1}, {3, -1, -1}}, {1, 2},
                     {1, 1})
                .find("2 domains are not reachable from the root"),
            std::string::npos);
}

TEST(TreeArchitecture, AnswersFromTheTree) {
  const SampleArch arch;
  EXPECT_EQ(arch.size(), 3);
  const Domain root = arch.first_domain();
  EXPECT_EQ(arch.domain_size(root), 3);
  EXPECT_EQ(arch.domain_weight(root), 18);
  EXPECT_EQ(arch.domain_number(root), 0);
  Domain part0, part1;
  ASSERT_TRUE(arch.bipartition(root, part0, part1));
  EXPECT_EQ(arch.domain_size(part0), 1);
  EXPECT_EQ(arch.domain_number(part1), 1);
  EXPECT_TRUE(arch.domain_includes(part1, arch.terminal_domain(2)));
  EXPECT_FALSE(arch.domain_includes(part0, arch.terminal_domain(2)));
  EXPECT_FALSE(arch.bipartition(arch.terminal_domain(0), part0, part1));
  EXPECT_EQ(arch.terminal_weight(1), 6);
  EXPECT_EQ(arch.terminal_distance(0, 2), 1);
  EXPECT_THROW(arch.terminal_domain(3), Error);
  Domain foreign;
  foreign.word[0] = 5;
  EXPECT_THROW(arch.check_domain(foreign), Error);
  foreign.word[0] = 0;
  foreign.word[1] = 1;
  EXPECT_THROW(arch.check_domain(foreign), Error);
  EXPECT_THROW(arch.domain_size(DomainTree::domain(-1)), Error);
}
