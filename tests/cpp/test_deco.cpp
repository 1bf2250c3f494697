// Decomposition-defined targets: deco 0 (exact distance matrix) and deco 2 (multilevel, bounded
// searches), against exact shortest paths on meshes and tori; hierarchy invariants; files.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "arch/arch_factory.hpp"
#include "arch/deco.hpp"
#include "arch/deco2.hpp"
#include "archbuild/deco_build.hpp"
#include "common/error.hpp"
#include "graph/graph_builder.hpp"
#include "graph/shortest_paths.hpp"
#include "io/text_reader.hpp"
#include "mapping_test_graphs.hpp"

namespace tartan {
namespace {

// Grid graph (mesh or torus) with unit or given edge cost.
std::unique_ptr<Graph> grid(const std::vector<Num>& dims, bool torus, Num cost = 1) {
  if (cost == 1) return tartan_test::grid_graph_nd(dims, torus);
  return tartan_test::grid_graph_nd(dims, torus, [cost](Num, Num) { return cost; });
}

struct Ratios {
  double mean = 0, low = 1e9, high = 0;
};

// Ratio of the target's terminal distances to exact shortest paths between their vertices.
Ratios compare_with_exact(const Architecture& arch, const Graph& graph,
                          const std::vector<Num>& vertex_of_terminal, Num stride = 1) {
  ExactDistances exact(graph);
  Ratios r;
  double sum = 0;
  long pairs = 0;
  for (Num a = 0; a < arch.size(); a += stride) {  // sources sampled every stride terminals
    const std::vector<Num> d = exact.from(vertex_of_terminal[a]);
    for (Num b = 0; b < arch.size(); ++b) {
      if (b == a) continue;
      const double ratio = double(arch.terminal_distance(a, b)) / double(d[vertex_of_terminal[b]]);
      sum += ratio;
      ++pairs;
      r.low = std::min(r.low, ratio);
      r.high = std::max(r.high, ratio);
    }
  }
  r.mean = sum / double(pairs);
  return r;
}

std::vector<Num> identity(Num n) {
  std::vector<Num> v(n);
  for (Num i = 0; i < n; ++i) v[i] = i;
  return v;
}

// Walks the bipartition tree: sizes and weights add up, every terminal is reached once.
void check_tree(const Architecture& arch) {
  std::vector<int> seen(arch.size(), 0);
  std::vector<Domain> stack{arch.first_domain()};
  Num total = 0;
  for (Num t = 0; t < arch.size(); ++t) total += arch.terminal_weight(t);
  EXPECT_EQ(arch.domain_size(arch.first_domain()), arch.size());
  EXPECT_EQ(arch.domain_weight(arch.first_domain()), total);
  while (!stack.empty()) {
    const Domain d = stack.back();
    stack.pop_back();
    Domain d0, d1;
    if (!arch.bipartition(d, d0, d1)) {
      ASSERT_EQ(arch.domain_size(d), 1);
      const Num t = arch.domain_number(d);
      ASSERT_TRUE(t >= 0 && t < arch.size());
      ++seen[t];
      EXPECT_TRUE(arch.terminal_domain(t) == d);
      continue;
    }
    EXPECT_EQ(arch.domain_size(d0) + arch.domain_size(d1), arch.domain_size(d));
    EXPECT_EQ(arch.domain_weight(d0) + arch.domain_weight(d1), arch.domain_weight(d));
    EXPECT_EQ(std::min(arch.domain_number(d0), arch.domain_number(d1)), arch.domain_number(d));
    EXPECT_TRUE(arch.domain_includes(d, d0));
    EXPECT_TRUE(arch.domain_includes(d, d1));
    EXPECT_FALSE(arch.domain_includes(d0, d1));
    stack.push_back(d0);
    stack.push_back(d1);
  }
  for (Num t = 0; t < arch.size(); ++t) EXPECT_EQ(seen[t], 1) << "terminal " << t;
}

ArchPtr read_target_text(std::istream& in) {
  io::TextReader reader(*in.rdbuf(), "test.tgt");
  return read_architecture(reader);
}

ArchPtr reload(const Architecture& arch) {
  std::stringstream text;
  write_architecture(arch, text);
  return read_target_text(text);
}

TEST(Deco0, TerminalDistancesAreExactOnAWeightedMesh) {
  auto graph = grid({5, 4}, false, 3);
  ArchPtr arch = build_deco0(*graph, nullptr);
  EXPECT_STREQ(arch->kind_name(), "deco");
  ASSERT_EQ(arch->size(), 20);
  const Ratios r = compare_with_exact(*arch, *graph, identity(20));
  EXPECT_DOUBLE_EQ(r.low, 1.0);
  EXPECT_DOUBLE_EQ(r.high, 1.0);
  check_tree(*arch);
  EXPECT_EQ(arch->terminal_distance(0, 19), 3 * 7);
}

TEST(Deco0, NonTerminalDistancesAverageTheSons) {
  auto graph = grid({4}, false);
  ArchPtr arch = build_deco0(*graph, nullptr);
  Domain a, b, a0, a1, b0, b1;
  ASSERT_TRUE(arch->bipartition(arch->first_domain(), a, b));
  ASSERT_TRUE(arch->bipartition(a, a0, a1));
  ASSERT_TRUE(arch->bipartition(b, b0, b1));
  const Num sum = arch->domain_distance(a0, b0) + arch->domain_distance(a0, b1) +
                  arch->domain_distance(a1, b0) + arch->domain_distance(a1, b1);
  EXPECT_EQ(arch->domain_distance(a, b), (sum + 2) / 4);
  EXPECT_EQ(arch->domain_distance(a, b), 2);  // path 0-1 | 2-3: (2+3+1+2)/4
}

TEST(Deco0, VertexListKeepsDistancesThroughTheWholeGraph) {
  auto graph = grid({3, 3}, false);  // corners 0, 2, 6, 8 and the centre 4
  const std::vector<Num> list = {8, 0, 2, 6};
  ArchPtr arch = build_deco0(*graph, &list);
  ASSERT_EQ(arch->size(), 4);  // terminals by vertex: 0, 2, 6, 8
  EXPECT_EQ(arch->terminal_distance(0, 3), 4);
  EXPECT_EQ(arch->terminal_distance(0, 1), 2);
  check_tree(*arch);
  ArchPtr again = reload(*arch);
  for (Num a = 0; a < 4; ++a)
    for (Num b = 0; b < 4; ++b)
      EXPECT_EQ(again->terminal_distance(a, b), arch->terminal_distance(a, b));
}

TEST(Deco0, MemoryCapRefusesLargeTargets) {
  auto graph = grid({40, 40}, false);
  setenv("TARTAN_DECO_MAX_MEMORY_MB", "1", 1);
  try {
    build_deco0(*graph, nullptr);
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::no_memory);
    EXPECT_NE(std::string(e.what()).find("TARTAN_DECO_MAX_MEMORY_MB"), std::string::npos);
  }
  unsetenv("TARTAN_DECO_MAX_MEMORY_MB");
  EXPECT_EQ(build_deco0(*graph, nullptr)->size(), 1600);
}

TEST(Deco2, TorusEstimateStaysCloseToExactHops) {
  auto graph = grid({8, 8, 8}, true);
  ArchPtr arch = build_deco2(*graph, nullptr);
  EXPECT_STREQ(arch->kind_name(), "deco2");
  ASSERT_EQ(arch->size(), 512);
  const Ratios r = compare_with_exact(*arch, *graph, identity(512), 8);
  RecordProperty("mean_ratio", std::to_string(r.mean));
  std::printf("8x8x8 torus: mean %.3f min %.3f max %.3f\n", r.mean, r.low, r.high);
  EXPECT_LE(r.mean, 1.30);
  EXPECT_LE(r.high, 3.0);
  EXPECT_GE(r.low, 0.75);
}

TEST(Deco2, MeshesAndWeightedToriStayCloseToExact) {
  struct Case {
    std::vector<Num> dims;
    bool torus;
    Num cost;
  };
  for (const Case& c : {Case{{32, 32}, false, 1}, Case{{6, 6, 6}, false, 1},
                        Case{{12, 10}, true, 5}, Case{{100}, false, 1}}) {
    auto graph = grid(c.dims, c.torus, c.cost);
    ArchPtr arch = build_deco2(*graph, nullptr);
    const Ratios r = compare_with_exact(*arch, *graph, identity(graph->vertnbr), 13);
    std::printf("grid of %d vertices: mean %.3f min %.3f max %.3f\n", int(graph->vertnbr), r.mean,
                r.low, r.high);
    EXPECT_LE(r.mean, 1.30);
    EXPECT_LE(r.high, 3.0);
    EXPECT_GE(r.low, 0.75);
    check_tree(*arch);
  }
}

// Distances come from cached per-vertex walk profiles: answers must not depend on the query
// order, the direction or the thread asking, never go below the exact distance, and be exact
// for close pairs (within the finest level's settle limit).
TEST(Deco2, CachedProfilesGiveSymmetricOrderFreeThreadSafeAnswers) {
  auto graph = grid({32, 32}, true);
  ArchPtr arch = build_deco2(*graph, nullptr);
  const Num n = arch->size();
  std::vector<Num> sources;
  for (Num a = 0; a < n; a += 37) sources.push_back(a);
  auto all_from = [&](Num a) {
    std::vector<Num> row(static_cast<std::size_t>(n));
    for (Num b = 0; b < n; ++b) row[static_cast<std::size_t>(b)] = arch->terminal_distance(a, b);
    return row;
  };
  std::vector<std::vector<Num>> rows;
  for (Num a : sources) rows.push_back(all_from(a));
  ExactDistances exact(*graph);
  for (std::size_t k = 0; k < sources.size(); ++k) {
    const std::vector<Num> d = exact.from(sources[k]);
    for (Num b = 0; b < n; ++b) {
      const Num estimate = rows[k][static_cast<std::size_t>(b)];
      EXPECT_EQ(estimate, arch->terminal_distance(b, sources[k]));
      EXPECT_GE(estimate, d[static_cast<std::size_t>(b)]);
      if (d[static_cast<std::size_t>(b)] <= 4) {
        EXPECT_EQ(estimate, d[static_cast<std::size_t>(b)]);
      }
    }
  }
  // A fresh target asked from two threads at once, in opposite orders.
  ArchPtr fresh = build_deco2(*graph, nullptr);
  std::vector<std::vector<Num>> forward(sources.size()), backward(sources.size());
  auto fill = [&](std::vector<std::vector<Num>>& out, bool reverse) {
    for (std::size_t i = 0; i < sources.size(); ++i) {
      const std::size_t k = reverse ? sources.size() - 1 - i : i;
      std::vector<Num> row(static_cast<std::size_t>(n));
      for (Num b = 0; b < n; ++b)
        row[static_cast<std::size_t>(b)] =
            fresh->terminal_distance(reverse ? n - 1 - b : b, sources[k]);
      if (reverse) std::reverse(row.begin(), row.end());
      out[k] = row;
    }
  };
  std::thread other(fill, std::ref(backward), true);
  fill(forward, false);
  other.join();
  EXPECT_EQ(forward, rows);
  EXPECT_EQ(backward, rows);
}

TEST(Deco2, HierarchyCoarsensToOneVertexWithATwoWayTree) {
  auto graph = grid({16, 16}, true);
  ArchPtr arch = build_deco2(*graph, nullptr);
  const Deco2Shape shape = deco2_shape(*arch);
  ASSERT_GE(shape.level_vertices.size(), 2u);
  EXPECT_EQ(shape.level_vertices.front(), 256);
  EXPECT_EQ(shape.level_vertices.back(), 1);
  for (std::size_t l = 1; l < shape.level_vertices.size(); ++l)
    EXPECT_LT(shape.level_vertices[l], shape.level_vertices[l - 1]);
  EXPECT_EQ(shape.domain_count, 2 * 256 - 1);
  EXPECT_LE(shape.tree_depth, 16);
  check_tree(*arch);
  EXPECT_THROW(deco2_shape(*build_deco0(*grid({3}, false), nullptr)), Error);
}

TEST(Deco2, ZeroCapacityRoutersAreDroppedButStillCarryPaths) {
  // A star of 4 routers (vertex 0 centre) each with 2 processors: only processors listed.
  std::vector<WeightedEdge> edges;
  for (Num r = 1; r <= 4; ++r) {
    edges.push_back({0, r, 1});
    edges.push_back({r, 4 + 2 * r - 1, 1});
    edges.push_back({r, 4 + 2 * r, 1});
  }
  auto graph = make_owned_graph(csr_from_edges(13, edges, false), 0);
  std::vector<Num> list;
  for (Num p = 5; p <= 12; ++p) list.push_back(p);
  ArchPtr arch = build_deco2(*graph, &list);
  ASSERT_EQ(arch->size(), 8);
  check_tree(*arch);
  EXPECT_EQ(deco2_shape(*arch).domain_count, 15);
  EXPECT_EQ(arch->terminal_distance(0, 1), 2);  // same router
  EXPECT_EQ(arch->terminal_distance(0, 2), 4);  // through the centre
  ArchPtr deco0 = build_deco0(*graph, &list);
  EXPECT_EQ(deco0->terminal_distance(0, 7), 4);
}

TEST(Deco2, SaveAndLoadKeepTheTarget) {
  auto graph = grid({6, 5}, true, 2);
  const std::vector<Num> list = {0, 3, 7, 8, 12, 20, 29};
  ArchPtr arch = build_deco2(*graph, &list);
  std::stringstream first;
  write_architecture(*arch, first);
  ArchPtr again = read_target_text(first);
  std::stringstream second;
  write_architecture(*again, second);
  EXPECT_EQ(first.str(), second.str());
  for (Num a = 0; a < arch->size(); ++a)
    for (Num b = 0; b < arch->size(); ++b)
      EXPECT_EQ(again->terminal_distance(a, b), arch->terminal_distance(a, b));
  check_tree(*again);
}

TEST(Deco2, DomainDistancesAverageTheirPieces) {
  // On a 16-vertex path the tree is the perfect binary one over contiguous runs; the halves
  // [0, 7] and [8, 15] are on average 8 apart (a single pair of end vertices would give 15 or 1).
  auto graph = grid({16}, false);
  ArchPtr arch = build_deco2(*graph, nullptr);
  Domain left, right;
  ASSERT_TRUE(arch->bipartition(arch->first_domain(), left, right));
  ASSERT_EQ(arch->domain_size(left), 8);
  EXPECT_EQ(arch->domain_distance(left, right), 8);
  EXPECT_EQ(arch->domain_distance(right, left), 8);
  // Quarters [0, 3] and [8, 11]: average 8 as well; a domain is at distance 0 of itself.
  Domain q0, q1, q2, q3;
  ASSERT_TRUE(arch->bipartition(left, q0, q1));
  ASSERT_TRUE(arch->bipartition(right, q2, q3));
  EXPECT_EQ(arch->domain_distance(q0, q2), 8);
  EXPECT_EQ(arch->domain_distance(q0, q0), 0);
}

// The text of a saved deco 2 with the costs of every coarse level changed (edge costs ×7,
// vertex costs 3), as a file from another tool would carry its own.
std::string with_other_coarse_costs(const std::string& saved) {
  std::istringstream in(saved);
  std::ostringstream out;
  auto copy = [&](long count) {
    long value = 0;
    for (long i = 0; i < count && in >> value; ++i) out << value << ' ';
    out << '\n';
    return value;
  };
  std::string word;
  in >> word >> word;  // deco 2
  out << "deco 2\n";
  long termnbr = 0, levlnbr = 0, vnumnbr = 0;
  in >> termnbr >> levlnbr >> vnumnbr;
  out << termnbr << ' ' << levlnbr << ' ' << vnumnbr << '\n';
  copy(2 * termnbr + 9 * (2 * termnbr - 1));
  for (long l = 0; l < levlnbr; ++l) {
    long version = 0, vertnbr = 0, arcnbr = 0, base = 0;
    std::string flags;
    in >> version >> vertnbr >> arcnbr >> base >> flags;
    out << version << '\n' << vertnbr << ' ' << arcnbr << '\n' << base << ' ' << flags << '\n';
    const bool vertex_weights = flags[2] == '1', edge_weights = flags[1] == '1';
    for (long v = 0; v < vertnbr; ++v) {
      long value = 0, degree = 0;
      if (vertex_weights) {
        in >> value;
        out << (l > 0 ? 3 : value) << ' ';
      }
      in >> degree;
      out << degree;
      for (long k = 0; k < degree; ++k) {
        if (edge_weights) {
          in >> value;
          out << ' ' << (l > 0 ? 7 * value : value);
        }
        in >> value;
        out << ' ' << value;
      }
      out << '\n';
    }
    copy(1);  // diameter
  }
  copy(vnumnbr);
  return out.str();
}

TEST(Deco2, FilesAreEstimatedFromTheirTargetGraphNotTheirCoarseCosts) {
  auto graph = grid({6, 5, 4}, true);
  ArchPtr built = build_deco2(*graph, nullptr);
  std::stringstream saved;
  write_architecture(*built, saved);
  std::istringstream foreign(with_other_coarse_costs(saved.str()));
  ArchPtr loaded = read_target_text(foreign);
  ASSERT_EQ(loaded->size(), built->size());
  for (Num a = 0; a < built->size(); ++a)
    for (Num b = 0; b < built->size(); b += 7)
      ASSERT_EQ(loaded->terminal_distance(a, b), built->terminal_distance(a, b)) << a << " " << b;
  // Same tree, same domain distances.
  std::vector<std::pair<Domain, Domain>> stack{{built->first_domain(), loaded->first_domain()}};
  while (!stack.empty()) {
    const auto [d, e] = stack.back();
    stack.pop_back();
    Domain d0, d1, e0, e1;
    ASSERT_EQ(built->bipartition(d, d0, d1), loaded->bipartition(e, e0, e1));
    if (built->domain_size(d) < 2) continue;
    EXPECT_EQ(loaded->domain_distance(e0, e1), built->domain_distance(d0, d1));
    stack.push_back({d0, e0});
    stack.push_back({d1, e1});
  }
  // The file's own levels (their costs changed) are what is saved again.
  std::stringstream again;
  write_architecture(*loaded, again);
  EXPECT_NE(again.str(), saved.str());
  std::stringstream twice;
  write_architecture(*reload(*loaded), twice);
  EXPECT_EQ(twice.str(), again.str());
}

// Reads a deco 2 text, checks its tree and that saving gives the same words back.
ArchPtr load_and_check_resave(const std::string& text, Num size) {
  std::istringstream in(text);
  ArchPtr arch = read_target_text(in);
  EXPECT_EQ(arch->size(), size);
  check_tree(*arch);
  std::stringstream saved;
  write_architecture(*arch, saved);
  std::istringstream given(text), written(saved.str());
  std::string a, b;
  while (given >> a) {
    EXPECT_TRUE(written >> b);
    EXPECT_EQ(a, b);
  }
  EXPECT_FALSE(written >> b);
  return arch;
}

TEST(Deco2, FilesAreBipartitionedByTheirTargetGraphAndSavedWithTheirOwnTree) {
  // A path 0-1-2-3 whose file tree splits {0, 2} from {1, 3}, as a random matching may; the
  // file's tree is what is saved.
  ArchPtr arch = load_and_check_resave(
      "deco 2 4 3 7  2 0  5 1  3 2  6 3"
      "  1 4 4 0 -1 1 4 2 0  2 2 2 0 0 2 3 1 1  4 1 1 0 1 -1 -1 0 2  5 1 1 2 1 -1 -1 0 3"
      "  3 2 2 1 0 5 6 1 4  6 1 1 1 4 -1 -1 0 5  7 1 1 3 4 -1 -1 0 6"
      "  0 4 6 0 000 1 1 2 0 2 2 1 3 1 2 3"
      "  0 2 2 0 011 1 1 1 1 1 1 1 0 1  0 1 0 0 011 1 0 0"
      "  0 0 0 2 1 1 3",
      4);
  // Mapping works with the halves of the path itself.
  Domain left, right;
  ASSERT_TRUE(arch->bipartition(arch->first_domain(), left, right));
  for (Num t = 0; t < 4; ++t)
    EXPECT_TRUE(arch->domain_includes(t < 2 ? left : right, arch->terminal_domain(t))) << t;
  EXPECT_EQ(arch->terminal_distance(0, 3), 3);
}

TEST(Deco, SubOverDecoTargets) {
  auto graph = grid({4, 4}, false);
  for (ArchPtr arch : {build_deco0(*graph, nullptr), build_deco2(*graph, nullptr)}) {
    ArchPtr sub = make_sub(arch, {15, 0, 5});
    ASSERT_EQ(sub->size(), 3);
    EXPECT_EQ(sub->terminal_distance(0, 1), arch->terminal_distance(15, 0));
    EXPECT_EQ(sub->terminal_distance(1, 2), arch->terminal_distance(0, 5));
    check_tree(*sub);
  }
}

void expect_error(ErrorCode code, const std::string& fragment, const std::function<void()>& f) {
  try {
    f();
    ADD_FAILURE() << "no error, expected one mentioning '" << fragment << "'";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), code) << e.what();
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
  }
}

TEST(Deco, BadTargetGraphsAndListsAreRefused) {
  auto two = make_owned_graph(csr_from_edges(4, {{0, 1, 1}, {2, 3, 1}}, false), 0);
  for (auto build : {build_deco0, static_cast<ArchPtr (*)(const Graph&, const std::vector<Num>*)>(
                                      [](const Graph& g, const std::vector<Num>* l) {
                                        return build_deco2(g, l);
                                      })}) {
    expect_error(ErrorCode::invalid, "disconnected", [&] { build(*two, nullptr); });
    const std::vector<Num> across = {0, 2}, inside = {2, 3}, empty, repeated = {1, 0, 1},
                           outside = {0, 4};
    expect_error(ErrorCode::invalid, "different connected components", [&] { build(*two, &across); });
    EXPECT_EQ(build(*two, &inside)->size(), 2);
    expect_error(ErrorCode::invalid, "empty", [&] { build(*two, &empty); });
    expect_error(ErrorCode::invalid, "repeats vertex 1", [&] { build(*two, &repeated); });
    expect_error(ErrorCode::invalid, "outside", [&] { build(*two, &outside); });
    CsrArrays arrays = csr_from_edges(2, {{0, 1, 1}}, false);
    arrays.velotab = {0, 0};
    auto zero = make_owned_graph(std::move(arrays), 0);
    expect_error(ErrorCode::invalid, "capacity 0", [&] { build(*zero, nullptr); });
  }
}

TEST(Deco, MalformedFilesAreRefused) {
  auto load = [](const std::string& text) {
    std::istringstream in(text);
    return read_target_text(in);
  };
  EXPECT_EQ(load("deco 0 2 3 0 1 2 1 1 3 5")->terminal_distance(0, 1), 5);
  expect_error(ErrorCode::format, "unknown deco version", [&] { load("deco 7 1"); });
  expect_error(ErrorCode::format, "single son", [&] { load("deco 0 2 7 0 1 2 1 1 6 5"); });
  expect_error(ErrorCode::format, "share domain number", [&] { load("deco 0 2 3 0 1 2 1 1 2 5"); });
  expect_error(ErrorCode::format, "lies inside", [&] { load("deco 0 2 3 0 1 1 1 1 2 5"); });
  expect_error(ErrorCode::format, "weight", [&] { load("deco 0 2 3 0 0 2 1 1 3 5"); });
  expect_error(ErrorCode::format, "distance", [&] { load("deco 0 2 3 0 1 2 1 1 3"); });
  expect_error(ErrorCode::format, "label", [&] { load("deco 0 2 3 4 1 2 4 1 3 5"); });
  // deco 2: a 2-terminal path; then the same with broken pieces.
  const std::string good =
      "deco 2 2 2 3  1 0  2 1  1 2 2 0 -1 1 2 1 0  2 1 1 0 0 -1 -1 0 1  3 1 1 1 0 -1 -1 0 2"
      "  0 2 2 0 000 1 1 1 0 1  0 1 0 0 011 0 0 0  0 0 1";
  ArchPtr two = load(good);
  EXPECT_EQ(two->size(), 2);
  EXPECT_EQ(two->terminal_distance(0, 1), 1);
  check_tree(*two);
  std::string bad = good;
  bad.replace(bad.find("1 2 2 0 -1 1 2"), 14, "1 2 2 0 -1 1 1");
  expect_error(ErrorCode::format, "reached twice", [&] { load(bad); });
  expect_error(ErrorCode::format, "level count", [&] { load("deco 2 2 0 3"); });
  expect_error(ErrorCode::format, "deco 2", [&] { load(good.substr(0, good.size() - 6)); });
  bad = good;
  bad.replace(bad.find("2 1 1 0 0 -1"), 12, "2 1 5 0 0 -1");
  expect_error(ErrorCode::format, "its terminals add up", [&] { load(bad); });
  // Terminals no link joins would be at distance 0 (issue 11): refused, naming them.
  expect_error(ErrorCode::format,
               "terminals 0 (vertex 0) and 1 (vertex 1) lie in different connected components "
               "of the target graph (components 0 and 1 of 2 in level 0)",
               [&] {
                 load(
                     "deco 2 2 2 3  1 0  2 1  1 2 2 0 -1 1 2 1 0  2 1 1 0 0 -1 -1 0 1"
                     "  3 1 1 1 0 -1 -1 0 2  0 2 0 0 000 0 0 0  0 1 0 0 011 2 0 0  0 0 1");
               });
  expect_error(ErrorCode::format, "traversal cost 0", [&] {
    load(
        "deco 2 2 2 3  1 0  2 1  1 2 2 0 -1 1 2 1 0  2 1 1 0 0 -1 -1 0 1  3 1 1 1 0 -1 -1 0 2"
        "  0 2 2 0 010 1 0 1 1 0 0 1  0 1 0 0 011 0 0 0  0 0 1");
  });
  bad = good;
  bad.replace(bad.find("2 1  1 2 2"), 10, "2 0  1 2 2");
  expect_error(ErrorCode::format, "terminals 0 and 1 are both vertex 0", [&] { load(bad); });
  // deco 0 and deco 1 matrices: distinct terminals at distance 0 are refused.
  expect_error(ErrorCode::format, "terminals 0 and 1 are at distance 0",
               [&] { load("deco 0 2 3 0 1 2 1 1 3 0"); });
  expect_error(ErrorCode::format, "are at distance 0",
               [&] { load("deco 1 2 3  0 2 2  0 1 1  1 1 1  0 0 0"); });
}

// Files written by SCOTCH's amk_grf (deco 1) and amk_grf -2 (deco 2), when it is installed.
TEST(Deco, ScotchFilesLoad) {
  if (std::system("command -v amk_grf >/dev/null 2>&1 && command -v gmk_m2 >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "SCOTCH's amk_grf is not installed";
  // A private scratch folder, removed on every exit path (make distcheck wants a clean tree).
  std::string pattern = (std::filesystem::temp_directory_path() / "tartan-deco-XXXXXX").string();
  ASSERT_NE(mkdtemp(pattern.data()), nullptr);
  const std::string dir = pattern;
  struct RemoveOnExit {
    std::string path;
    ~RemoveOnExit() { std::filesystem::remove_all(path); }
  } cleanup{dir};
  ASSERT_EQ(std::system(("mkdir -p " + dir + " && cd " + dir +
                         " && gmk_m2 8 8 -t m.grf && amk_grf m.grf d1.tgt && "
                         "amk_grf -2 m.grf d2.tgt && printf '4\\n0 9 27 63\\n' > l.txt && "
                         "amk_grf -2 -ll.txt m.grf d2l.tgt && amk_grf -ll.txt m.grf d1l.tgt")
                            .c_str()),
            0);
  auto graph = grid({8, 8}, true);
  auto load = [&](const std::string& name) {
    std::ifstream in(dir + "/" + name);
    return read_target_text(in);
  };
  ArchPtr deco1 = load("d1.tgt");
  ASSERT_EQ(deco1->size(), 64);
  const Ratios exact = compare_with_exact(*deco1, *graph, identity(64));
  EXPECT_DOUBLE_EQ(exact.low, 1.0);
  EXPECT_DOUBLE_EQ(exact.high, 1.0);
  check_tree(*deco1);
  ArchPtr deco2 = load("d2.tgt");
  ASSERT_EQ(deco2->size(), 64);
  check_tree(*deco2);
  // SCOTCH's files get Tartan's estimates, with the same bounds as Tartan's own targets.
  const Ratios estimate = compare_with_exact(*deco2, *graph, identity(64));
  EXPECT_LE(estimate.mean, 1.30);
  EXPECT_LE(estimate.high, 3.0);
  EXPECT_GE(estimate.low, 1.0);
  ArchPtr listed = load("d2l.tgt");
  ASSERT_EQ(listed->size(), 4);
  check_tree(*listed);
  ArchPtr listed1 = load("d1l.tgt");
  ASSERT_EQ(listed1->size(), 4);
  EXPECT_EQ(listed1->terminal_distance(0, 3), 2);  // vertices 0 and 63 on the torus
  EXPECT_NO_THROW(reload(*deco2));
}

}  // namespace
}  // namespace tartan
