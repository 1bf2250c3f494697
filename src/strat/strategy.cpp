#include "strat/strategy.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "common/error.hpp"
#include "common/parallel.hpp"
#include "common/random.hpp"
#include "strat/strat_parser.hpp"

namespace tartan {
namespace {

std::string format_ratio(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.6g", value);
  return buffer;
}

bool blank(const std::string& text) {
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) return false;
  return true;
}

// Above this many vertices the default and SPEED map by one V-cycle and RECURSIVE gives drb's
// runs to the first levels only (the branches' reasons are with them below).
const std::string kBigGraphTest = "/vert>131072?";

}  // namespace

std::string default_strategy_text(unsigned flags, Num partnbr, double imbalance) {
  if ((flags & ~kStratAllFlags) != 0)
    fail_invalid("unknown strategy flag bits 0x" + [&] {
      char buffer[32];
      std::snprintf(buffer, sizeof buffer, "%x", flags & ~kStratAllFlags);
      return std::string(buffer);
    }());
  if (partnbr < 0) fail_invalid("part count must be >= 0, not " + std::to_string(partnbr));
  if (!std::isfinite(imbalance) || imbalance < 0 || imbalance > 1)
    fail_invalid("imbalance ratio must be between 0 and 1, not " + format_ratio(imbalance));
  const std::string bal = "bal=" + format_ratio(imbalance);
  // BALANCE: bipartitioning keeps half the tolerance in reserve for the refinement.
  const std::string half_bal = "bal=" + format_ratio(imbalance / 2);
  const std::string drb_bal = (flags & kStratBalance) != 0 ? half_bal : bal;
  const bool recursive = (flags & kStratRecursive) != 0;
  auto pipeline = [&](const std::string& drb_params, const std::string& kway_params,
                      const char* method = "drb", const std::string* bisection_bal = nullptr,
                      const std::string* refinement_bal = nullptr) {
    std::string text =
        method + ("{" + drb_params + (bisection_bal ? *bisection_bal : drb_bal) + "}");
    // orient undoes the rotations and mirror images bipartitioning leaves between blocks on
    // meshes, tori and hypercubes (a no-op elsewhere), before kway smooths the boundaries.
    if (!recursive)
      text += ";orient;kway{" + kway_params + (refinement_bal ? *refinement_bal : bal) + "}";
    return text;
  };
  std::string text;
  if ((flags & kStratSpeed) != 0 && (flags & kStratQuality) == 0) {
    text = pipeline("runs=1,tries=2,passes=4,", "passes=2,");
    // Above 2^17 vertices the default's V-cycle, without its tree runs.
    if (!recursive) text = kBigGraphTest + "vcycle{runs=1," + bal + "}:(" + text + ");";
  } else if ((flags & kStratQuality) != 0) {
    // A multisection along the target's hierarchy (drb where it has none), refined. Its
    // bisections vary much from seed to seed, so the effort goes into runs per bisection,
    // the best kept: one msec with 12 runs maps random geometric graphs of 2^15 vertices onto
    // trees cheaper, and in less time, than the best of msec and drb (bench/quality.py). Above
    // 2^16 vertices 4 runs keep a 48^3 mesh within seconds, 1.4 % below its best-known cost.
    const std::string hard = pipeline("runs=12,tries=8,passes=12,", "passes=10,", "msec");
    const std::string big = pipeline("runs=4,", "", "msec");
    text = "/vert>65536?(" + big + "):(" + hard + ");";
  } else {
    // Two initial bipartitions per level instead of drb's four: with the bipartitioner's
    // search slack, FM recovers from a poorer start, and two keep the default as fast as it was
    // before the slack (four: 1.3 to 1.7 x the time on bump and 4elt, for 1 % lower costs).
    // Above 2^17 vertices only the first four levels of bisections make two runs: the deeper
    // jobs took two thirds of the time, and their second run lowered the cost of meshes of
    // 2.6 x 10^5 to 10^6 vertices by 0 to 9 % only (bench/README, "Runs on the first levels").
    // Their FM passes stop after 100 moves without gain rather than 400: 12 to 27 % less CPU
    // time on 3-D meshes of 2.6 x 10^5 and 10^6 vertices (costs onto a tree 0.1 to 0.3 %
    // higher, onto a torus -6 to +3 %), 2 to 11 % on a 1024^2 mesh for 0.5 to 6 % more cost
    // (bench/README, "Moves of the deeper jobs").
    // The jobs go level by level (policy breadth), each level's in breadth-first order of
    // their adjacency, so that every job but the first follows a neighbour's halves rather
    // than cutting blindly (on hypercubes and tori), and with threads the jobs of a level that
    // share no edge are bisected side by side. Up to 2^17 vertices, over 14 bump, 4elt and
    // mesh instances, seeds 0-7: 0.975 x biggest-first's cost (geomean), the 256^2 mesh onto
    // hcub 10 0.80 x, bump onto torus 4^3 0.94 x, 0.98 to 1.016 x elsewhere; above, the
    // 10^6-vertex mesh maps in 0.80 x biggest-first's time on two threads, at the same cost
    // over 16 seeds (bench/README, "Breadth in the default", "Adjacent jobs first").
    // On tori the jobs that see their surroundings only through the distance without
    // wraparound make 8 runs (unwrapped=8): the first job of a level whose halves are equally
    // far around the rings no longer cuts a 3-D mesh across the axis the same dimension cut
    // before. 3-D meshes onto torus 8^3: 32^3 0.88 x the cost (every seed at the product
    // embedding's cost), 64^3 0.96 x, 100^3 0.87 x; 2-D meshes onto tori 0.999 to 1.004 x
    // (bench/README, "Jobs blind on a torus").
    // Up to 2^17 vertices the bisections and the refinement keep half the tolerance, so that
    // the heaviest terminal does not sit at the bound: used whole, kway fills terminals to it
    // (4elt onto 64 terminals: 246 vertices on the heaviest, maxavg 1.009, on 3 seeds of 8;
    // SCOTCH 7 1.005), for costs 0.3 to 0.6 % lower on three of the 14 instances and the same
    // on the others (bench/README, "Half the tolerance for the bisections", "Adjacent jobs
    // first"). Without kway (RECURSIVE) the bisections' result is final and keeps the whole
    // tolerance.
    // Up to 2^17 vertices, on trees (tleaf and `sub` of one) the jobs whose cut costs at least half
    // the root's make 8 runs (6 above 2^16, below) and the others one (treeruns=8): a cut edge of
    // the top levels costs the tree's dearest distance whatever follows. bump and 4elt onto three
    // trees, seeds 0-7: 0.955 to 0.994 x the cost for 1.06 to 1.38 x the CPU time; random geometric
    // graphs of 2^15 and 2^16 vertices 0.89 to 0.92 x; the 48^3 mesh, whose bisections are planes
    // on every run, the same cost for 1.31 x the CPU time. Above 2^17 vertices those levels' jobs
    // are the biggest, and the big branch keeps its runs (bench/README, "Runs where the cut is
    // dearest").
    // kway's half tolerance takes one unit of room (room=1) where it held none and the whole
    // tolerance holds one: onto terminals of equal integer shares (2^15 vertices onto 512
    // cores at 3 %: 64 each, where 1.5 % holds no vertex more) kway could move nothing, and a
    // random geometric graph and a Delaunay mesh of 2^15 vertices onto two 512-core trees
    // cost 1.07 to 1.37 x as much; every instance at 1 % maps as before (bench/README, "Room
    // for the refinement"). Not with BALANCE, which asks for the balance before the cost.
    // Up to 2^16 vertices kway climbs past the greedy passes' local optimum (climb=1000): bump
    // onto cmplt 256, seeds 0-7, 0.988 x the cost (5815 -> 5747), 0.996 to 1.000 x on the other
    // instances of bench/strategy-seeds.sh's shared, meshes and hierarchy sets, for about
    // 1.05 x the CPU time; the 10^6-vertex mesh onto torus 8^3 0.999 x for 1.17 x, so not
    // above (bench/README, "Climbing kway").
    // Up to 2^14 vertices, onto targets whose distance is not a tree's, the whole pipeline
    // runs twice, each run with a generator of its own, and the cheaper mapping is kept: from
    // seed to seed the same instance costs up to 10 % more or less (4elt onto mesh 2 x 4 x 8:
    // 3505 to 3851 over seeds 0-7), more than drb's runs per job recover. 9 bump, 4elt and
    // mesh instances onto meshes, tori, hypercubes and a `sub` of a torus, seeds 0-3: 0.953 to
    // 1.015 x the cost (0.985 x geomean; the 1.015, a 24^3 torus onto mesh 2 x 4 x 8, is
    // 0.985 x over seeds 0-11) for 1.7 to 2.1 x the CPU time, still below SCOTCH 7's; onto
    // trees (treeruns already multiplies the dear jobs' runs) 0.993 to 1.009 x, so they run
    // once (bench/README, "Two runs of the pipeline"). Four runs rather than two, once kway
    // makes three cycles: 7 bump, 4elt and torus instances onto meshes, tori and a hypercube,
    // seeds 0-3, 0.952 to 0.996 x the cost (0.981 x geomean; bump onto torus 4^3 3125 ->
    // 2975) for twice the time, on two threads 0.2 to 0.8 x SCOTCH 7's wall time
    // (bench/README, "Four runs of the pipeline"). Above 2^15 edges two: a run takes about
    // 0.4 s of CPU time on a 25^3 mesh, and four reached SCOTCH 7's wall time (onto hcub 8 0.72
    // against 0.70 s; two 0.36 s).
    const std::string& small_bal = recursive ? drb_bal : half_bal;
    const std::string small_refinement_bal =
        half_bal + ((flags & kStratBalance) != 0 ? "" : ",room=1");
    const std::string small = pipeline("policy=breadth,unwrapped=8,treeruns=8,tries=2,",
                                       "climb=1000,", "drb", &small_bal, &small_refinement_bal);
    // Between 2^16 and 2^17 vertices kway neither climbs nor revisits the whole boundary: its
    // passes after a level's first visit only the vertices around the last pass's moves
    // (scope=moves). 3-D meshes, a 300^2 mesh and a random geometric graph of 10^5 vertices
    // onto three trees, torus 8^3, hcub 7 and cmplt 256: 0.76 to 1.02 x the CPU time at 0.998
    // to 1.014 x the cost; the 50^3 mesh onto a 1024-core tree in 0.73 x the wall time, about
    // SCOTCH 7's (bench/README, "kway around the moves"). There the dear jobs on trees make 6
    // runs rather than 8 (treeruns=6): the 50^3 and 48^3 meshes, a 300^2 mesh and a random
    // geometric graph of 10^5 vertices onto three tree-leaves, seeds 0-3, 0.985 to 1.012 x the
    // cost (1.000 x geomean) for 0.80 to 0.93 x the CPU time, and on two threads the root job's
    // runs take three rounds instead of four: the 50^3 mesh onto tleaf 3 16 90 16 9 4 1 in 1.24
    // s where 8 runs took 1.36 s (SCOTCH 7 1.10 s; still 1.1 to 1.8 x its wall time on these
    // graphs, and fewer runs or FM moves cost the random geometric graph 2 to 6 %: bench/README,
    // "Six runs on the middle graphs").
    const std::string middle = pipeline("policy=breadth,unwrapped=8,treeruns=6,tries=2,",
                                        "scope=moves,", "drb", &small_bal, &small_refinement_bal);
    // Up to 2^14 vertices kway makes three cycles (cycles=3), each coarsening anew around the
    // last one's mapping: the 12 vs-scotch instances of that size (bump, 4elt, a 24^3 torus)
    // 0.991 to 1.000 x the cost (bump onto cmplt 256 5753 -> 5700) for 1.0 to 1.2 x the time;
    // on graphs of 2^15 to 1.1 x 10^5 vertices onto trees 0.999 to 1.000 x for 1.11 to 1.18 x
    // the CPU time, so not above (bench/README, "Cycles of kway").
    const std::string tiny = pipeline("policy=breadth,unwrapped=8,treeruns=8,tries=2,",
                                      "climb=1000,cycles=3,", "drb", &small_bal,
                                      &small_refinement_bal);
    const std::string off_trees = "/edge>32768?(" + tiny + "|" + tiny + "):(" + tiny + "|" + tiny +
                                  "|" + tiny + "|" + tiny + ");";
    const std::string small_branch =
        recursive ? small
                  : "/vert>65536?(" + middle + "):(/vert>16384?(" + small + "):(/tree==1?(" +
                        tiny + "):(" + off_trees + ");););";
    // Above 2^17 vertices one V-cycle: the graph is coarsened once, in a breadth-first
    // numbering whose aggregates are nearly regular blocks, where drb coarsens and refines the
    // whole graph again at each of its log2(k) levels. Meshes of 10^6 vertices (three
    // numberings) onto torus 8^3 and a 1024-core tree, a 1024^2 mesh onto hcub 10 and a random
    // geometric graph of 3 x 10^5 vertices onto both: 0.26 to 0.58 x the time of the drb
    // pipeline below, at 0.88 to 1.08 x its cost (1.11 and 1.15 x on the 60^3 and 75^3
    // meshes onto torus 8^3), in 0.15 to 0.43 x SCOTCH 7's wall time
    // (bench/README, "Breadth-first matching in the V-cycle"). Two greedy passes a level
    // rather than four: 0.61 to 0.93 x the V-cycle's time on those graphs, 1.00 to 1.012 x its
    // cost (bench/README, "Two passes in the default's V-cycle"); four again once the passes
    // after the first visit only the vertices around the last pass's moves (bench/README,
    // "Passes around the moves"). On trees the coarsest graph's dear jobs make 8 runs
    // (treeruns=8): a random geometric graph of 3 x 10^5 vertices onto a 1024-core tree costs
    // 0.80 x as much, the 10^6-vertex mesh 0.98 x, for 0.1 to 0.4 s more. The V-cycle does not
    // start lower on trees: between 2^16 and 2^17 vertices it would take 0.45 to 0.76 x SCOTCH
    // 7's time onto tree-leaves where the pipeline takes 0.9 to 1.8 x, but the `tree` test also
    // holds on complete graphs, where it costs 1.02 to 1.12 x the pipeline's, above SCOTCH's on
    // a 50^3 mesh onto cmplt 64 (bench/README, "Runs where the cut is dearest, in the
    // V-cycle"). On trees the coarsening also stops 2.5 times earlier (coarse=160 vertices per
    // terminal): a tree's cost is mostly its top cuts, which drb makes on the coarsest graph,
    // and finer coarsest graphs let it cut better. 10^6- and 4.2 x 10^5-vertex meshes, a
    // 1024^2 mesh and a random geometric graph of 3 x 10^5 vertices onto four tree-leaves and
    // cmplt 256: 0.86 to 1.002 x the cost (0.974 x geomean) for 0.84 to 1.59 x the time, still
    // below SCOTCH 7's; off trees the same change moved costs erratically (0.95 to 1.19 x), so
    // they keep 64 (bench/README, "Finer coarsest graphs on trees"). With RECURSIVE, drb with
    // runlevels=4 and deepmoves=100 (bench/README, "Runs on the first levels", "Moves of the
    // deeper jobs").
    const std::string big =
        recursive ? pipeline("policy=breadth,unwrapped=8,tries=2,runlevels=4,deepmoves=100,", "")
                  : "/tree==1?(vcycle{runs=1,treeruns=8,coarse=160," + bal + "}):(vcycle{runs=1," +
                        bal + "});";
    text = kBigGraphTest + "(" + big + "):(" + small_branch + ");";
  }
  // SAFETY: never worse than a plain bipartitioning of the same generator stream.
  if ((flags & kStratSafety) != 0 && !recursive) text = "(" + text + "|drb{" + drb_bal + "})";
  return text;
}

void set_strategy_threads(Strategy& strategy, Num threads) {
  if (threads < 0 || threads > kMaxThreads)
    fail_invalid("thread count must be between 0 and " + std::to_string(kMaxThreads) + ", not " +
                 std::to_string(threads));
  if (threads == 0) threads = std::min<Num>(available_processing_units(), kMaxThreads);
  strategy.threads = static_cast<int>(threads);
}

void set_strategy_text(Strategy& strategy, const std::string& text) {
  if (blank(text)) {
    strategy.method.reset();
    strategy.text.clear();
    return;
  }
  MethodPtr method = parse_strategy(text, mapping_method_table());
  strategy.method = std::move(method);
  strategy.text = text;
}

void run_strategy(const Strategy& strategy, const Graph& graph, const Architecture& arch,
                  std::vector<Num>& parttab, const std::vector<bool>& fixed, PhaseLog* phases) {
  const bool variable = arch.variable_sized();
  const Num size = arch.size();
  Random random(strategy.seed);
  MappingContext ctx{graph, arch, parttab, fixed, strategy.imbalance, random, phases,
                     strategy.threads};
  // Variable-sized targets pass here: drb maps onto them, kway leaves such a mapping as it is,
  // every other method refuses them (validate_context).
  validate_context(ctx, true);
  for (Num v = 0; v < graph.vertnbr; ++v)
    if (fixed.empty() || !fixed[v]) parttab[v] = -1;
  MethodPtr fallback;
  const MappingMethod* method = strategy.method.get();
  if (method == nullptr) {
    fallback = parse_strategy(default_strategy_text(kStratDefault, 0, strategy.imbalance),
                              mapping_method_table());
    method = fallback.get();
  }
  method->apply(ctx);
  if (parttab.size() != static_cast<std::size_t>(graph.vertnbr))
    fail(ErrorCode::internal, "the strategy resized the mapping array");
  for (Num v = 0; v < graph.vertnbr; ++v) {
    if (parttab[v] == -1)
      fail_invalid("the strategy left vertex " + std::to_string(graph.label(v)) +
                   " unmapped (a refinement method such as 'kway' needs a method that maps "
                   "every vertex, such as 'drb', before it)");
    if (parttab[v] < (variable ? 1 : 0) || (!variable && parttab[v] >= size))
      fail(ErrorCode::internal, "the strategy mapped vertex " + std::to_string(graph.label(v)) +
                                    " to terminal " + std::to_string(parttab[v]) +
                                    ", outside the target");
  }
}

}  // namespace tartan
