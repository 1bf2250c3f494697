// Strategy strings: grammar (valid and invalid strings, with positions), composition
// semantics over tiny methods of the test's own table, default strategies.
#include <gtest/gtest.h>

#if defined(__linux__)
#include <sched.h>
#endif

#include <sstream>
#include <string>
#include <vector>

#include "arch/arch_factory.hpp"
#include "archbuild/deco_build.hpp"
#include "common/error.hpp"
#include "common/parallel.hpp"
#include "graph/graph_builder.hpp"
#include "io/text_reader.hpp"
#include "mapping/kway_state.hpp"
#include "partition/bipartition.hpp"
#include "metrics/mapping_stats.hpp"
#include "strat/strat_parser.hpp"
#include "strat/strategy.hpp"

namespace tartan {
namespace {

// ---- Tiny methods --------------------------------------------------------------------------
std::vector<std::string> trace;  // what the methods did, in order

// fill{to=T}: maps every free vertex onto terminal T (default 0).
class FillMethod : public MappingMethod {
 public:
  explicit FillMethod(Num to) : to_(to) {}
  void apply(MappingContext& ctx) const override {
    trace.push_back("fill" + std::to_string(to_));
    for (std::size_t v = 0; v < ctx.parttab.size(); ++v)
      if (ctx.fixed.empty() || !ctx.fixed[v]) ctx.parttab[v] = to_ % ctx.arch.size();
  }

 private:
  Num to_;
};

// spread: vertex v onto terminal v mod size (free vertices only).
class SpreadMethod : public MappingMethod {
 public:
  void apply(MappingContext& ctx) const override {
    trace.push_back("spread");
    for (std::size_t v = 0; v < ctx.parttab.size(); ++v)
      if (ctx.fixed.empty() || !ctx.fixed[v])
        ctx.parttab[v] = static_cast<Num>(v) % ctx.arch.size();
  }
};

// shift: every mapped free vertex moves to the next terminal.
class ShiftMethod : public MappingMethod {
 public:
  void apply(MappingContext& ctx) const override {
    trace.push_back("shift");
    for (std::size_t v = 0; v < ctx.parttab.size(); ++v)
      if (ctx.parttab[v] >= 0 && (ctx.fixed.empty() || !ctx.fixed[v]))
        ctx.parttab[v] = (ctx.parttab[v] + 1) % ctx.arch.size();
  }
};

// record{mode=word}: logs the context's imbalance and one draw of its generator.
class RecordMethod : public MappingMethod {
 public:
  explicit RecordMethod(std::string mode) : mode_(std::move(mode)) {}
  void apply(MappingContext& ctx) const override {
    trace.push_back(mode_ + " bal=" + std::to_string(ctx.imbalance) +
                    " draw=" + std::to_string(ctx.random.next()));
  }

 private:
  std::string mode_;
};

const char* const kFillKeys[] = {"to", nullptr};
const char* const kNoKeys[] = {nullptr};
const char* const kRecordKeys[] = {"mode", nullptr};

MethodPtr make_fill(const MethodParams& params) {
  return std::make_unique<FillMethod>(params.integer("to", 0, 0, 1000));
}
MethodPtr make_spread(const MethodParams&) { return std::make_unique<SpreadMethod>(); }
MethodPtr make_shift(const MethodParams&) { return std::make_unique<ShiftMethod>(); }
MethodPtr make_record(const MethodParams& params) {
  return std::make_unique<RecordMethod>(params.word("mode", "record"));
}

const MethodTable kTable = {
    {"fill", "all free vertices onto one terminal", kFillKeys, make_fill},
    {"spread", "vertex v onto terminal v mod size", kNoKeys, make_spread},
    {"shift", "every free vertex to the next terminal", kNoKeys, make_shift},
    {"record", "logs imbalance and a draw", kRecordKeys, make_record},
};

// A path of n vertices (unit weights).
std::unique_ptr<Graph> path_graph(Num n) {
  std::vector<WeightedEdge> edges;
  for (Num v = 0; v + 1 < n; ++v) edges.push_back({v, v + 1, 1});
  return make_owned_graph(csr_from_edges(n, edges, false), 0);
}

std::vector<Num> run(const std::string& text, const Graph& graph, const Architecture& arch,
                     std::uint64_t seed = 0, double imbalance = 0.01) {
  trace.clear();
  MethodPtr method = parse_strategy(text, kTable);
  std::vector<Num> parttab(static_cast<std::size_t>(graph.vertnbr), -1);
  const std::vector<bool> fixed;
  Random random(seed);
  MappingContext ctx{graph, arch, parttab, fixed, imbalance, random};
  method->apply(ctx);
  return parttab;
}

// The message of the format error parsing text raises ("" if none).
std::string parse_error(const std::string& text) {
  try {
    parse_strategy(text, kTable);
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::format) << text;
    return error.what();
  }
  return "";
}

// ---- Grammar -------------------------------------------------------------------------------
TEST(StrategyGrammar, AcceptsTheDocumentedForms) {
  for (const char* text :
       {"fill", "fill{}", "fill{to=1}", " fill { to = 2 } ", "fill;shift", "fill ; shift ; shift",
        "(fill|spread)", "(fill;shift|spread|fill{to=3})", "(fill)", "((fill|spread);shift)",
        "/vert>3?fill:spread;", "/vert>3?fill;", "/(vert>1000 & term<=64)?fill:spread;",
        "/!(vert==4)|edge!=0?fill:spread;", "/load>=1e3?fill:spread;shift",
        "/vert<2?fill:spread;;shift", "fill{bal=0.05}", "record{mode=quiet,bal=0.2}",
        "/vert>1?/edge>1?fill:spread;:shift;", "fill{to=+1}", "/2<vert?fill;"}) {
    EXPECT_EQ(parse_error(text), "") << text;
  }
}

TEST(StrategyGrammar, ReportsPositionAndReason) {
  const std::pair<const char*, const char*> cases[] = {
      {"fillx", "position 1: unknown method 'fillx' (known: fill, spread, shift, record)"},
      {"fill;drbx", "position 6: unknown method 'drbx'"},
      {"", "position 1: expected a method name, '(' or '/', found end of strategy"},
      {"fill;", "position 6: expected a method name, '(' or '/', found end of strategy"},
      {"fill shift", "position 6: unexpected 's'"},
      {"fill{to=x}", "position 9: parameter 'to' of 'fill' expects an integer, found 'x'"},
      {"fill{to=1.5}", "position 9: parameter 'to' of 'fill' expects an integer, found '1.5'"},
      {"fill{to=5000}", "position 9: parameter 'to' of 'fill' must be between 0 and 1000"},
      {"fill{bal=abc}", "position 10: parameter 'bal' of 'fill' expects a number, found 'abc'"},
      {"fill{bal=2}", "position 10: parameter 'bal' of 'fill' must be between 0 and 1"},
      {"fill{room=-2}", "position 11: parameter 'room' of 'fill' must be between 0 and 1e+09"},
      {"record{mode=3}", "position 13: parameter 'mode' of 'record' expects a word, found 3"},
      {"fill{foo=1}", "position 6: method 'fill' has no parameter 'foo' (accepted: to, bal, room)"},
      {"fill{to=1,to=2}", "position 11: parameter 'to' given twice"},
      {"fill{to=1", "position 10: expected '}' to close the parameters of 'fill'"},
      {"fill{to}", "position 8: expected '=' after parameter 'to'"},
      {"fill{to=}", "position 9: parameter 'to' expects a number or a word"},
      {"(fill|spread", "position 13: expected ')' to close the group"},
      {"(fill|)", "position 7: expected a method name"},
      {"/vertx>1?fill;",
       "position 2: unknown variable 'vertx' (known: vert, edge, term, load, tree)"},
      {"/vert 1?fill;", "position 7: expected a comparison (<, <=, >, >=, ==, !=), found '1'"},
      {"/vert>1 fill;", "position 9: expected '?' after the condition, found 'f'"},
      {"/vert>1?fill:spread", "position 20: expected ';' to end the condition"},
      {"/(vert>1?fill;", "position 9: expected ')' to close the condition's parenthesis"},
      {"/vert>?fill;",
       "position 7: expected a variable (vert, edge, term, load, tree) or a number"},
      {"/vert=1?fill;", "position 6: expected a comparison"},
  };
  for (const auto& [text, expected] : cases) {
    const std::string message = parse_error(text);
    EXPECT_EQ(message.rfind(expected, 0), 0u) << "'" << text << "' gave: " << message;
  }
}

// The word parameters of the library's methods name their choices the same way, at the value's
// position, a number as any other wrong word.
TEST(StrategyGrammar, ChoicesAreListedWhereTheValueIsNone) {
  const std::pair<const char*, const char*> cases[] = {
      {"drb{policy=deep}",
       "position 12: parameter 'policy' of 'drb' must be biggest, breadth or depth, found 'deep'"},
      {"drb;kway{scope=1}",
       "position 16: parameter 'scope' of 'kway' must be boundary or moves, found '1'"},
      {"mm;swap{nbh=all}",
       "position 13: parameter 'nbh' of 'swap' must be n2, np or comm, found 'all'"},
  };
  for (const auto& [text, expected] : cases) {
    try {
      parse_strategy(text, mapping_method_table());
      ADD_FAILURE() << "'" << text << "' parsed";
    } catch (const Error& error) {
      EXPECT_EQ(error.code(), ErrorCode::format) << text;
      EXPECT_EQ(std::string(error.what()), expected) << text;
    }
  }
  for (const char* text : {"drb{policy=depth}", "drb;kway{scope=moves}", "mm;swap{nbh=n2}"})
    EXPECT_NO_THROW(parse_strategy(text, mapping_method_table())) << text;
}

TEST(StrategyGrammar, PublicTableHasTheMethodsAndDefaultsParse) {
  EXPECT_NE(find_method(mapping_method_table(), "drb"), nullptr);
  EXPECT_NE(find_method(mapping_method_table(), "kway"), nullptr);
  EXPECT_EQ(find_method(mapping_method_table(), "fill"), nullptr);
  for (unsigned flags : {0u, 1u, 2u, 3u, 4u, 8u, 0x100u, 0x10fu, 0x105u}) {
    const std::string text = default_strategy_text(flags, 16, 0.05);
    EXPECT_NO_THROW(parse_strategy(text, mapping_method_table())) << text;
  }
  // Between 2^14 and 2^16 vertices the small branch's pipeline; up to 2^14 the same with three
  // cycles of kway, off trees four times up to 2^15 edges and twice above, the cheapest kept.
  const std::string small =
      "drb{policy=breadth,unwrapped=8,treeruns=8,tries=2,bal=0.005};orient;"
      "kway{climb=1000,bal=0.005,room=1}";
  const std::string tiny =
      "drb{policy=breadth,unwrapped=8,treeruns=8,tries=2,bal=0.005};orient;"
      "kway{climb=1000,cycles=3,bal=0.005,room=1}";
  // Between 2^16 and 2^17 vertices kway without its climb, its later passes around the moves,
  // and six runs of the dear jobs on trees.
  const std::string middle =
      "drb{policy=breadth,unwrapped=8,treeruns=6,tries=2,bal=0.005};orient;"
      "kway{scope=moves,bal=0.005,room=1}";
  EXPECT_EQ(default_strategy_text(kStratDefault, 0, 0.01),
            "/vert>131072?(/tree==1?(vcycle{runs=1,treeruns=8,coarse=160,bal=0.01}):"
            "(vcycle{runs=1,bal=0.01});):"
            "(/vert>65536?(" + middle + "):(/vert>16384?(" + small + "):(/tree==1?(" + tiny +
                "):(/edge>32768?(" + tiny + "|" + tiny + "):(" + tiny + "|" + tiny + "|" + tiny + "|" +
                tiny + ");););););");
  // BALANCE leaves the big-graph branch (a V-cycle, whose refinement is its last step) and
  // the small one's bisections (at B/2 already) as they are, and takes kway's room away.
  const std::string small_balanced =
      "drb{policy=breadth,unwrapped=8,treeruns=8,tries=2,bal=0.005};orient;"
      "kway{climb=1000,bal=0.005}";
  const std::string tiny_balanced =
      "drb{policy=breadth,unwrapped=8,treeruns=8,tries=2,bal=0.005};orient;"
      "kway{climb=1000,cycles=3,bal=0.005}";
  const std::string middle_balanced =
      "drb{policy=breadth,unwrapped=8,treeruns=6,tries=2,bal=0.005};orient;"
      "kway{scope=moves,bal=0.005}";
  EXPECT_EQ(default_strategy_text(kStratBalance, 0, 0.01),
            "/vert>131072?(/tree==1?(vcycle{runs=1,treeruns=8,coarse=160,bal=0.01}):"
            "(vcycle{runs=1,bal=0.01});):"
            "(/vert>65536?(" + middle_balanced + "):(/vert>16384?(" + small_balanced +
                "):(/tree==1?(" + tiny_balanced + "):(/edge>32768?(" + tiny_balanced + "|" +
                tiny_balanced + "):(" + tiny_balanced + "|" + tiny_balanced + "|" + tiny_balanced +
                "|" + tiny_balanced + ");););););");
  EXPECT_EQ(default_strategy_text(kStratRecursive, 0, 0.01),
            "/vert>131072?(drb{policy=breadth,unwrapped=8,tries=2,runlevels=4,deepmoves=100,"
            "bal=0.01}):"
            "(drb{policy=breadth,unwrapped=8,treeruns=8,tries=2,bal=0.01});");
  EXPECT_EQ(default_strategy_text(kStratSpeed | kStratBalance, 0, 0.02),
            "/vert>131072?vcycle{runs=1,bal=0.02}:(drb{runs=1,tries=2,passes=4,bal=0.01};orient;"
            "kway{passes=2,bal=0.02});");
  EXPECT_EQ(default_strategy_text(kStratSpeed | kStratRecursive, 0, 0.01),
            "drb{runs=1,tries=2,passes=4,bal=0.01}");
  EXPECT_EQ(default_strategy_text(kStratBalance | kStratRecursive, 0, 0.1),
            "/vert>131072?(drb{policy=breadth,unwrapped=8,tries=2,runlevels=4,deepmoves=100,"
            "bal=0.05}):"
            "(drb{policy=breadth,unwrapped=8,treeruns=8,tries=2,bal=0.05});");
  EXPECT_THROW(default_strategy_text(0x10, 0, 0.01), Error);
  EXPECT_THROW(default_strategy_text(0, -1, 0.01), Error);
  EXPECT_THROW(default_strategy_text(0, 0, -0.5), Error);
  EXPECT_THROW(default_strategy_text(0, 0, 1.5), Error);
}

// ---- Composition -----------------------------------------------------------------------------
TEST(StrategyComposition, SequenceRunsInOrderOnTheSameMapping) {
  auto graph = path_graph(4);
  auto arch = make_complete(4);
  EXPECT_EQ(run("fill{to=1};shift;shift", *graph, *arch), (std::vector<Num>{3, 3, 3, 3}));
  EXPECT_EQ(trace, (std::vector<std::string>{"fill1", "shift", "shift"}));
}

TEST(StrategyComposition, BestOfKeepsTheLowerCost) {
  auto graph = path_graph(6);
  auto arch = make_mesh({6, 1});
  // spread costs 5 (every edge cut at distance 1); fill costs 0.
  EXPECT_EQ(run("(spread|fill{to=2})", *graph, *arch), std::vector<Num>(6, 2));
  EXPECT_EQ(run("(fill{to=2}|spread)", *graph, *arch), std::vector<Num>(6, 2));
  // Both alternatives start from the mapping before the group, not from each other's result.
  EXPECT_EQ(run("fill{to=1};(spread|shift)", *graph, *arch), std::vector<Num>(6, 2));
  // Ties go to the first alternative.
  EXPECT_EQ(run("(fill{to=4}|fill{to=1})", *graph, *arch), std::vector<Num>(6, 4));
  EXPECT_EQ(run("(fill{to=1}|fill{to=4})", *graph, *arch), std::vector<Num>(6, 1));
}

TEST(StrategyComposition, BestOfGivesEachAlternativeItsOwnGenerator) {
  auto graph = path_graph(2);
  auto arch = make_complete(2);
  run("(record|record)", *graph, *arch, 7);
  ASSERT_EQ(trace.size(), 2u);
  EXPECT_NE(trace[0], trace[1]);
  const std::vector<std::string> first = trace;
  run("(record|record)", *graph, *arch, 7);
  EXPECT_EQ(trace, first);  // same seed, same draws
  run("(record|record)", *graph, *arch, 8);
  EXPECT_NE(trace, first);
}

TEST(StrategyComposition, ConditionsTestGraphAndTarget) {
  auto graph = path_graph(5);  // vert 5, edge 4, load 5
  auto arch = make_complete(8);
  EXPECT_EQ(run("/vert>4?fill{to=1}:fill{to=2};", *graph, *arch)[0], 1);
  EXPECT_EQ(run("/vert>5?fill{to=1}:fill{to=2};", *graph, *arch)[0], 2);
  EXPECT_EQ(run("/(vert>1000 & term<=64)?fill{to=1}:fill{to=2};", *graph, *arch)[0], 2);
  EXPECT_EQ(run("/vert>1000 | term<=64?fill{to=1}:fill{to=2};", *graph, *arch)[0], 1);
  EXPECT_EQ(run("/edge==4 & load!=4 & !(term<8)?fill{to=3};", *graph, *arch)[0], 3);
  EXPECT_EQ(run("/term>=9?fill{to=3};", *graph, *arch)[0], -1);  // no else: nothing done
  EXPECT_EQ(run("/vert<=5?fill{to=3}:fill;shift", *graph, *arch)[0], 4);
}

// tree is 1 on the targets whose distance is a tree's (tleaf, ltleaf, cmplt, `sub` of one), 0 on
// the others.
TEST(StrategyComposition, ConditionsTellTreeTargets) {
  auto graph = path_graph(5);
  const std::pair<const char*, int> targets[] = {
      {"cmplt 8", 1},
      {"tleaf 2 2 10 4 1", 1},
      {"ltleaf 2 2 10 4 1  4 2 0 3 1", 1},
      {"sub\n3 0 5 6\ntleaf 2 2 10 4 1", 1},
      {"mesh2D 4 4", 0},
      {"torus3D 2 2 2", 0},
      {"hcub 3", 0},
      {"sub\n3 0 5 6\ntorus2D 4 4", 0},
  };
  for (const auto& [text, tree] : targets) {
    std::istringstream in(text);
    io::TextReader reader(*in.rdbuf(), "test.tgt");
    const ArchPtr arch = read_architecture(reader);
    EXPECT_EQ(run("/tree==1?fill{to=1}:fill{to=2};", *graph, *arch)[0], tree == 1 ? 1 : 2) << text;
  }
}

// room=U raises a step's tolerance to U x terminals / load (U units above the mean share),
// when that is within the enclosing tolerance and above the step's own: 40 vertices onto 4
// terminals, 10 each.
TEST(StrategyComposition, RoomRaisesTheStepTolerance) {
  auto graph = path_graph(40);
  auto arch = make_complete(4);
  run("record{mode=c,bal=0.01,room=1};record{mode=d,bal=0.2,room=1};record{mode=e,room=1};"
      "record{mode=f,bal=0.01,room=0};record{mode=g,bal=0.01,room=3}",
      *graph, *arch, 0, 0.15);
  ASSERT_EQ(trace.size(), 5u);
  EXPECT_EQ(trace[0].rfind("c bal=0.100000", 0), 0u) << trace[0];  // 1 x 4 / 40
  EXPECT_EQ(trace[1].rfind("d bal=0.200000", 0), 0u) << trace[1];  // its own is above
  EXPECT_EQ(trace[2].rfind("e bal=0.150000", 0), 0u) << trace[2];  // the enclosing one
  EXPECT_EQ(trace[3].rfind("f bal=0.010000", 0), 0u) << trace[3];
  EXPECT_EQ(trace[4].rfind("g bal=0.010000", 0), 0u) << trace[4];  // 0.3: beyond the 15 %
}

TEST(StrategyComposition, BalParameterOverridesTheImbalance) {
  auto graph = path_graph(2);
  auto arch = make_complete(2);
  run("record{mode=a};record{mode=b,bal=0.25}", *graph, *arch, 0, 0.01);
  ASSERT_EQ(trace.size(), 2u);
  EXPECT_EQ(trace[0].rfind("a bal=0.010000", 0), 0u) << trace[0];
  EXPECT_EQ(trace[1].rfind("b bal=0.250000", 0), 0u) << trace[1];
}

// ---- Running a strategy ----------------------------------------------------------------------
TEST(RunStrategy, DefaultStrategyMapsDeterministically) {
  auto graph = path_graph(40);
  auto arch = make_hypercube(2);
  Strategy strategy;
  std::vector<Num> first(40, -1), second(40, 7);
  run_strategy(strategy, *graph, *arch, first, {});
  run_strategy(strategy, *graph, *arch, second, {});
  EXPECT_EQ(first, second);
  for (Num part : first) EXPECT_TRUE(part >= 0 && part < 4);
  EXPECT_LE(mapping_cost(*graph, DistanceOracle(*arch), first.data()), 6);
}

TEST(RunStrategy, RejectsUnmappedResultsAndFixedVerticesOutsideTheTarget) {
  auto graph = path_graph(4);
  auto arch = make_complete(4);
  Strategy strategy;
  set_strategy_text(strategy, "kway");
  std::vector<Num> parttab(4, -1);
  try {
    run_strategy(strategy, *graph, *arch, parttab, {});
    ADD_FAILURE() << "kway alone should leave vertices unmapped";
  } catch (const Error& error) {
    // Either kway refuses an incomplete mapping or run_strategy finds vertices unmapped.
    EXPECT_EQ(error.code(), ErrorCode::invalid) << error.what();
  }
  Strategy plain;
  std::vector<Num> fixed_parts = {9, -1, -1, -1};
  try {
    run_strategy(plain, *graph, *arch, fixed_parts, {true, false, false, false});
    ADD_FAILURE() << "a fixed vertex outside the target was accepted";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::invalid);
    EXPECT_NE(std::string(error.what()).find("outside the target"), std::string::npos);
  }
  std::vector<Num> kept = {3, -1, -1, 2};
  run_strategy(plain, *graph, *arch, kept, {true, false, false, true});
  EXPECT_EQ(kept[0], 3);
  EXPECT_EQ(kept[3], 2);
}

TEST(RunStrategy, BlankTextIsTheDefaultAndBadTextKeepsTheOldStrategy) {
  Strategy strategy;
  set_strategy_text(strategy, "drb");
  EXPECT_EQ(strategy.text, "drb");
  EXPECT_THROW(set_strategy_text(strategy, "drb{tries=x}"), Error);
  EXPECT_EQ(strategy.text, "drb");
  EXPECT_NE(strategy.method, nullptr);
  set_strategy_text(strategy, "  ");
  EXPECT_EQ(strategy.text, "");
  EXPECT_EQ(strategy.method, nullptr);
}

// ---- Single calls (TARTAN_archBuild0's bipartitioning options) -------------------------
TEST(MethodCall, GivesTheParametersOfOneStepOrRefuses) {
  const MethodEntry drb{"drb", "tree bipartitioning", kDeco0Keys, nullptr};
  Deco0Options deco0;
  deco0.seed = 17;
  read_deco0_options(
      *parse_method_call(" drb{runs=3,tries=7,passes=2,coarse=50,moves=90,ratio=0.5} ", drb),
      deco0);
  EXPECT_EQ(deco0.runs, 3);
  EXPECT_EQ(deco0.seed, 17u);
  const BipartitionOptions& options = deco0.bipartition;
  EXPECT_EQ(options.tries, 7);
  EXPECT_EQ(options.passes, 2);
  EXPECT_EQ(options.coarse_size, 50);
  EXPECT_EQ(options.moves, 90);
  EXPECT_DOUBLE_EQ(options.coarse_ratio, 0.5);
  EXPECT_EQ(read_bipartition_options(*parse_method_call("drb", drb)).tries,
            BipartitionOptions{}.tries);
  const std::pair<const char*, const char*> refused[] = {
      {"kway", "position 1: expected a single drb{...} step, found 'kway'"},
      {"drb;kway", "position 4: expected a single drb{...} step, found ';' after it"},
      {"(drb|drb{runs=3})", "position 1: expected a single drb{...} step, found '('"},
      {"drb{bal=0.1}", "position 5: method 'drb' has no parameter 'bal'"},
      {"drb{tries=0}", "position 11: parameter 'tries' of 'drb' must be between 1 and 100"}};
  for (const auto& [text, reason] : refused) {
    try {
      read_bipartition_options(*parse_method_call(text, drb));
      ADD_FAILURE() << text << " accepted";
    } catch (const Error& error) {
      EXPECT_EQ(error.code(), ErrorCode::format) << text;
      EXPECT_NE(std::string(error.what()).find(reason), std::string::npos) << error.what();
    }
  }
}

// Threads 0 means the processing units this process may run on: its affinity mask, not the
// machine's count (a batch job bound to a few cores of a big node uses those few).
TEST(StrategyThreads, ZeroFollowsTheAffinityMask) {
  Strategy strategy;
  set_strategy_threads(strategy, 0);
  EXPECT_EQ(strategy.threads, available_processing_units());
  EXPECT_GE(strategy.threads, 1);
#if defined(__linux__) && defined(CPU_COUNT)
  cpu_set_t saved;
  ASSERT_EQ(sched_getaffinity(0, sizeof(saved), &saved), 0);
  int first = 0;
  while (first < CPU_SETSIZE && !CPU_ISSET(first, &saved)) ++first;
  ASSERT_LT(first, CPU_SETSIZE);
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(first, &one);
  ASSERT_EQ(sched_setaffinity(0, sizeof(one), &one), 0);
  const int units = available_processing_units();
  set_strategy_threads(strategy, 0);
  const int threads = strategy.threads;
  ASSERT_EQ(sched_setaffinity(0, sizeof(saved), &saved), 0);
  EXPECT_EQ(units, 1);
  EXPECT_EQ(threads, 1);
  EXPECT_EQ(available_processing_units(), CPU_COUNT(&saved));
#endif
  set_strategy_threads(strategy, 3);
  EXPECT_EQ(strategy.threads, 3);
}

}  // namespace
}  // namespace tartan
