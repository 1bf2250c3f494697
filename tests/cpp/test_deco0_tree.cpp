// The bipartitioning tree of deco 0 targets built from target graphs (build_deco0): every
// split gives halves of floor and ceiling of half the terminals, connected on meshes and tori,
// cuts cheap links rather than expensive ones, handles routers and disconnected domains, and is
// deterministic.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "archbuild/deco_build.hpp"
#include "common/error.hpp"
#include "graph/graph_builder.hpp"
#include "strat/strategy.hpp"
#include "mapping_test_graphs.hpp"

namespace tartan {
namespace {

// Grid graph (mesh or torus); cost(a, b) gives each edge's cost.
std::unique_ptr<Graph> grid(const std::vector<Num>& dims, bool torus,
                            Num (*cost)(Num, Num) = nullptr) {
  if (cost == nullptr) return tartan_test::grid_graph_nd(dims, torus);
  return tartan_test::grid_graph_nd(dims, torus, cost);
}

// Terminals (by terminal number) of each domain, walking the tree from the root.
struct TreeWalk {
  const Architecture& arch;
  std::vector<std::vector<Num>> splits;  // per internal domain: [size0, size1]

  std::vector<Num> members(const Domain& dom) const {
    std::vector<Num> result;
    for (Num t = 0; t < arch.size(); ++t)
      if (arch.domain_includes(dom, arch.terminal_domain(t))) result.push_back(t);
    return result;
  }
};

// True if the vertices (graph vertex = terminal here: no list) induce a connected subgraph.
bool connected(const Graph& graph, const std::vector<Num>& vertices) {
  std::vector<char> inside(static_cast<std::size_t>(graph.vertnbr), 0), seen(inside);
  for (Num v : vertices) inside[static_cast<std::size_t>(v)] = 1;
  std::vector<Num> stack = {vertices.front()};
  seen[static_cast<std::size_t>(vertices.front())] = 1;
  std::size_t reached = 0;
  while (!stack.empty()) {
    const Num v = stack.back();
    stack.pop_back();
    ++reached;
    for (Num arc = graph.begin(v); arc < graph.end(v); ++arc) {
      const Num u = graph.neighbour(arc);
      if (inside[static_cast<std::size_t>(u)] && !seen[static_cast<std::size_t>(u)]) {
        seen[static_cast<std::size_t>(u)] = 1;
        stack.push_back(u);
      }
    }
  }
  return reached == vertices.size();
}

// Checks every split of the tree: sizes floor/ceil of half, and (if graph is given) connected
// halves. Returns the number of internal domains visited.
int check_tree(const Architecture& arch, const Graph* graph) {
  TreeWalk walk{arch, {}};
  std::vector<Domain> stack = {arch.first_domain()};
  int internal = 0;
  while (!stack.empty()) {
    const Domain dom = stack.back();
    stack.pop_back();
    Domain half[2];
    if (!arch.bipartition(dom, half[0], half[1])) {
      EXPECT_EQ(arch.domain_size(dom), 1);
      continue;
    }
    ++internal;
    const Num size = arch.domain_size(dom);
    const Num size0 = arch.domain_size(half[0]), size1 = arch.domain_size(half[1]);
    EXPECT_EQ(size0 + size1, size);
    EXPECT_EQ(std::min(size0, size1), size / 2) << "unequal split of a domain of " << size;
    for (int s = 0; s < 2; ++s) {
      const std::vector<Num> members = walk.members(half[s]);
      EXPECT_EQ(static_cast<Num>(members.size()), arch.domain_size(half[s]));
      if (graph != nullptr && members.size() > 1) {
        EXPECT_TRUE(connected(*graph, members))
            << "disconnected half of " << members.size() << " terminals, first " << members[0];
      }
      stack.push_back(half[s]);
    }
  }
  return internal;
}

std::string saved(const Architecture& arch) {
  std::ostringstream out;
  arch.save(out);
  return out.str();
}

TEST(Deco0Tree, MeshAndTorusSplitIntoConnectedEqualHalves) {
  for (const auto& [dims, torus] :
       std::vector<std::pair<std::vector<Num>, bool>>{{{8, 8}, false},
                                                     {{6, 6}, true},
                                                     {{7, 5}, false},
                                                     {{4, 4, 4}, true}}) {
    auto graph = grid(dims, torus);
    ArchPtr arch = build_deco0(*graph, nullptr);
    SCOPED_TRACE(std::to_string(graph->vertnbr) + " vertices");
    EXPECT_EQ(check_tree(*arch, graph.get()), graph->vertnbr - 1);
  }
}

TEST(Deco0Tree, TorusRootCutsOnePlanePair) {
  // Halving a 4x4x4 torus cuts at best 2 planes of 16 links; a bipartitioner finds it.
  auto graph = grid({4, 4, 4}, true);
  ArchPtr arch = build_deco0(*graph, nullptr);
  Domain half[2];
  ASSERT_TRUE(arch->bipartition(arch->first_domain(), half[0], half[1]));
  TreeWalk walk{*arch, {}};
  std::vector<char> side(64, 0);
  for (Num t : walk.members(half[1])) side[static_cast<std::size_t>(t)] = 1;
  int cut = 0;
  for (Num v = 0; v < 64; ++v)
    for (Num arc = graph->begin(v); arc < graph->end(v); ++arc)
      if (side[static_cast<std::size_t>(v)] != side[static_cast<std::size_t>(graph->neighbour(arc))])
        ++cut;
  EXPECT_EQ(cut / 2, 32);
}

TEST(Deco0Tree, ExpensiveLinksAreCutFirst) {
  // 4x4 mesh whose links between columns 1 and 2 cost 10: the root separates columns {0,1}
  // from {2,3} (uniform costs would allow the horizontal cut as well).
  auto graph = grid({4, 4}, false, [](Num a, Num b) -> Num {
    return std::min(a % 4, b % 4) == 1 && std::max(a % 4, b % 4) == 2 ? 10 : 1;
  });
  ArchPtr arch = build_deco0(*graph, nullptr);
  Domain half[2];
  ASSERT_TRUE(arch->bipartition(arch->first_domain(), half[0], half[1]));
  TreeWalk walk{*arch, {}};
  for (int s = 0; s < 2; ++s) {
    const std::vector<Num> members = walk.members(half[s]);
    ASSERT_EQ(members.size(), 8u);
    for (Num t : members) EXPECT_EQ(t % 4 < 2, members[0] % 4 < 2) << "terminal " << t;
  }
  check_tree(*arch, graph.get());
}

TEST(Deco0Tree, RoutersAndDisconnectedDomainsStillSplitEvenly) {
  // A star: the centre (vertex 0) is a router outside the list, the 5 leaves are terminals;
  // whichever side takes the router, the other side's leaves share no link.
  std::vector<WeightedEdge> edges;
  for (Num leaf = 1; leaf <= 5; ++leaf) edges.push_back({0, leaf, 1});
  auto star = make_owned_graph(csr_from_edges(6, std::move(edges), false), 0);
  const std::vector<Num> leaves = {1, 2, 3, 4, 5};
  ArchPtr arch = build_deco0(*star, &leaves);
  EXPECT_EQ(arch->size(), 5);
  EXPECT_EQ(check_tree(*arch, nullptr), 4);
  EXPECT_EQ(arch->terminal_distance(0, 4), 2);

  // A mesh with every other vertex listed: halves are balanced in terminals.
  auto graph = grid({9, 9}, false);
  std::vector<Num> list;
  for (Num v = 0; v < graph->vertnbr; v += 2) list.push_back(v);
  ArchPtr sparse = build_deco0(*graph, &list);
  EXPECT_EQ(sparse->size(), 41);
  EXPECT_EQ(check_tree(*sparse, nullptr), 40);
}

TEST(Deco0Tree, SameGraphAndOptionsGiveTheSameTarget) {
  auto graph = grid({12, 10}, true);
  const std::string first = saved(*build_deco0(*graph, nullptr));
  EXPECT_EQ(saved(*build_deco0(*graph, nullptr)), first);
  Deco0Options other;
  other.seed = 12345;
  other.runs = 1;
  other.bipartition.tries = 2;
  ArchPtr reseeded = build_deco0_with(*graph, nullptr, other);
  EXPECT_EQ(saved(*build_deco0_with(*graph, nullptr, other)), saved(*reseeded));
  check_tree(*reseeded, graph.get());
}

}  // namespace
}  // namespace tartan
