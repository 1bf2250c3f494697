/* Strategies and mappings through the public API, as a user calls them: strategy strings and
 * their errors, default strategies, mapping (plain, fixed, partitioning), determinism, .map
 * files and their errors, statistics, and misuse (mismatched graph, bad handles, targets that
 * cannot hold the mapping). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tartan.h"
#include "test_support.h"

#define ASSERT_OK(call) CU_ASSERT_EQUAL_FATAL((call), TARTAN_OK)

static int message_has(const char *fragment) {
  if (strstr(TARTAN_errorMessage(), fragment) != NULL) return 1;
  fprintf(stderr, "\n  message '%s' lacks '%s'\n", TARTAN_errorMessage(), fragment);
  return 0;
}

/* ---- a 6x6 grid built in code (base 0, no labels) and a labelled base-1 copy ---------- */
enum { SIDE = 6, VERTNBR = SIDE * SIDE };
static TARTAN_Num verttab[VERTNBR + 1], edgetab[4 * VERTNBR], vlbltab[VERTNBR];
static TARTAN_Num verttab1[VERTNBR + 1], edgetab1[4 * VERTNBR];
static TARTAN_Num edgenbr;

static void make_grid_arrays(void) {
  TARTAN_Num v;
  edgenbr = test_grid_arrays(SIDE, verttab, edgetab);
  for (v = 0; v <= VERTNBR; v++) verttab1[v] = verttab[v] + 1;
  for (v = 0; v < edgenbr; v++) edgetab1[v] = edgetab[v] + 1;
  for (v = 0; v < VERTNBR; v++) vlbltab[v] = 100 + 3 * v; /* labels unrelated to indices */
}

static void build_grid(TARTAN_Graph *graph) {
  ASSERT_OK(TARTAN_graphInit(graph));
  ASSERT_OK(TARTAN_graphBuild(graph, 0, VERTNBR, verttab, NULL, NULL, NULL, edgenbr, edgetab,
                              NULL));
}

static void build_labelled_grid(TARTAN_Graph *graph) {
  ASSERT_OK(TARTAN_graphInit(graph));
  ASSERT_OK(TARTAN_graphBuild(graph, 1, VERTNBR, verttab1, NULL, NULL, vlbltab, edgenbr,
                              edgetab1, NULL));
}

/* Communication cost on a hypercube (Hamming distance), edges counted once. */
static long hypercube_cost(const TARTAN_Num *parttab) {
  long cost = 0;
  TARTAN_Num v, arc;
  for (v = 0; v < VERTNBR; v++)
    for (arc = verttab[v]; arc < verttab[v + 1]; arc++) {
      TARTAN_Num w = edgetab[arc], bits = parttab[v] ^ parttab[w];
      if (w < v) continue;
      for (; bits != 0; bits >>= 1) cost += bits & 1;
    }
  return cost;
}

static void check_balanced(const TARTAN_Num *parttab, TARTAN_Num parts, TARTAN_Num maxload) {
  TARTAN_Num load[64] = {0}, v;
  for (v = 0; v < VERTNBR; v++) {
    CU_ASSERT_FATAL(parttab[v] >= 0 && parttab[v] < parts);
    load[parttab[v]]++;
  }
  for (v = 0; v < parts; v++) CU_ASSERT(load[v] <= maxload);
}

/* Reads a whole stream into a static buffer. */
static const char *slurp(FILE *stream) {
  static char text[1 << 16];
  size_t length;
  rewind(stream);
  length = fread(text, 1, sizeof text - 1, stream);
  text[length] = '\0';
  return text;
}

static FILE *stream_of(const char *text) {
  FILE *stream = tmpfile();
  fputs(text, stream);
  rewind(stream);
  return stream;
}

/* ---- strategies ------------------------------------------------------------------------- */
static void test_strat_strings(void) {
  TARTAN_Strat strat;
  CU_ASSERT(TARTAN_stratSizeof() == (int) sizeof(TARTAN_Strat));
  ASSERT_OK(TARTAN_stratInit(&strat));
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "drb;kway"), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "(drb;kway|drb{tries=8};kway{passes=2})"),
                  TARTAN_OK);
  CU_ASSERT_EQUAL(
      TARTAN_stratGraphMap(&strat, "/(vert>1000 & term<=64)?(drb;kway):drb{policy=depth};"),
      TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, ""), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "drb;kway;drbx"), TARTAN_EFORMAT);
  CU_ASSERT(message_has("position 10: unknown method 'drbx'"));
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "drb{policy=biggest};kway{bal=x}"),
                  TARTAN_EFORMAT);
  CU_ASSERT(message_has("position 30: parameter 'bal' of 'kway' expects a number"));
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "drb{tries=0}"), TARTAN_EFORMAT);
  CU_ASSERT(message_has("position 11: parameter 'tries'"));
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "(drb|kway"), TARTAN_EFORMAT);
  CU_ASSERT(message_has("position 10: expected ')'"));
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "/verts>2?drb;"), TARTAN_EFORMAT);
  CU_ASSERT(message_has("position 2: unknown variable 'verts'"));
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, NULL), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_stratRandomSeed(&strat, 42), TARTAN_OK);
  TARTAN_stratExit(&strat);
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "drb"), TARTAN_EHANDLE);
  CU_ASSERT(message_has("after its Exit"));
  CU_ASSERT_EQUAL(TARTAN_stratRandomSeed(&strat, 1), TARTAN_EHANDLE);
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(NULL, "drb"), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_stratRandomSeed(NULL, 1), TARTAN_EINVAL);
  TARTAN_stratExit(&strat); /* harmless twice */
}

static void test_strat_build(void) {
  static const TARTAN_Num flags[] = {
      TARTAN_STRATDEFAULT, TARTAN_STRATQUALITY, TARTAN_STRATSPEED, TARTAN_STRATBALANCE,
      TARTAN_STRATSAFETY, TARTAN_STRATRECURSIVE,
      TARTAN_STRATQUALITY | TARTAN_STRATBALANCE | TARTAN_STRATSAFETY | TARTAN_STRATRECURSIVE};
  TARTAN_Strat *strat = TARTAN_stratAlloc();
  size_t i;
  CU_ASSERT_FATAL(strat != NULL);
  ASSERT_OK(TARTAN_stratInit(strat));
  for (i = 0; i < sizeof flags / sizeof flags[0]; i++)
    CU_ASSERT_EQUAL(TARTAN_stratGraphMapBuild(strat, flags[i], 16, 0.05), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_stratGraphMapBuild(strat, 0x10, 16, 0.05), TARTAN_EINVAL);
  CU_ASSERT(message_has("unknown strategy flag"));
  CU_ASSERT_EQUAL(TARTAN_stratGraphMapBuild(strat, TARTAN_STRATDEFAULT, -1, 0.05), TARTAN_EINVAL);
  CU_ASSERT(message_has("part count"));
  CU_ASSERT_EQUAL(TARTAN_stratGraphMapBuild(strat, TARTAN_STRATDEFAULT, 4, -0.1), TARTAN_EINVAL);
  CU_ASSERT(message_has("imbalance ratio"));
  CU_ASSERT_EQUAL(TARTAN_stratGraphMapBuild(strat, TARTAN_STRATDEFAULT, 4, 2.0), TARTAN_EINVAL);
  TARTAN_stratExit(strat);
  free(strat);
}

/* ---- mapping ------------------------------------------------------------------------------ */
static void test_map_default_and_determinism(void) {
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Strat strat;
  TARTAN_Num first[VERTNBR], second[VERTNBR], other[VERTNBR];
  build_grid(&graph);
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archHcub(&arch, 2));
  ASSERT_OK(TARTAN_stratInit(&strat));
  ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, first));
  ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, second));
  CU_ASSERT(memcmp(first, second, sizeof first) == 0);
  check_balanced(first, 4, 9);
  CU_ASSERT(hypercube_cost(first) <= 16); /* two straight cuts cost 12 */
  ASSERT_OK(TARTAN_stratRandomSeed(&strat, 12345));
  ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, other));
  check_balanced(other, 4, 9);
  ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, second));
  CU_ASSERT(memcmp(other, second, sizeof other) == 0);
  /* Every default strategy maps and balances; NULL strategy is the default. */
  ASSERT_OK(TARTAN_stratGraphMapBuild(&strat, TARTAN_STRATQUALITY | TARTAN_STRATSAFETY, 4, 0.0));
  ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, other));
  check_balanced(other, 4, 9);
  ASSERT_OK(TARTAN_stratGraphMapBuild(&strat, TARTAN_STRATSPEED | TARTAN_STRATRECURSIVE, 4, 0.0));
  ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, other));
  check_balanced(other, 4, 9);
  ASSERT_OK(TARTAN_graphMap(&graph, &arch, NULL, other));
  CU_ASSERT(memcmp(other, first, sizeof other) == 0);
  TARTAN_stratExit(&strat);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

/* Cost of a mapping of the grid (edges counted once) under a terminal distance. */
static long grid_cost(const TARTAN_Num *parttab, long (*distance)(TARTAN_Num, TARTAN_Num)) {
  long cost = 0;
  TARTAN_Num v, arc;
  for (v = 0; v < VERTNBR; v++)
    for (arc = verttab[v]; arc < verttab[v + 1]; arc++)
      if (edgetab[arc] > v) cost += distance(parttab[v], parttab[edgetab[arc]]);
  return cost;
}

/* tleaf 2 3 10 3 1 (FORMATS.md: the link costs up to the lowest common ancestor): 11 between
 * nodes t / 3, 1 within one. */
static long tleaf_distance(TARTAN_Num a, TARTAN_Num b) {
  return a == b ? 0 : a / 3 != b / 3 ? 11 : 1;
}
static long tleaf_cost(const TARTAN_Num *parttab) { return grid_cost(parttab, tleaf_distance); }

/* Maps the grid onto arch with strategy texts first and second (in strat) and checks that they
 * give the same mapping. */
static void expect_same_map(TARTAN_Graph *graph, TARTAN_Arch *arch, TARTAN_Strat *strat,
                            const char *first, const char *second) {
  TARTAN_Num one[VERTNBR], other[VERTNBR];
  ASSERT_OK(TARTAN_stratGraphMap(strat, first));
  ASSERT_OK(TARTAN_graphMap(graph, arch, strat, one));
  ASSERT_OK(TARTAN_stratGraphMap(strat, second));
  ASSERT_OK(TARTAN_graphMap(graph, arch, strat, other));
  CU_ASSERT(memcmp(one, other, sizeof one) == 0);
}

/* msec in a strategy string and the QUALITY strategy on a tree-leaf: balanced, no costlier
 * than the default, the same for every thread count. */
static void test_map_msec_and_quality(void) {
  static const TARTAN_Num sizetab[] = {3, 3}, linktab[] = {10, 1};
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Strat strat;
  TARTAN_Num base[VERTNBR], part[VERTNBR], again[VERTNBR];
  build_grid(&graph);
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archTleaf(&arch, 2, sizetab, linktab));
  ASSERT_OK(TARTAN_stratInit(&strat));
  ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, base));
  ASSERT_OK(TARTAN_stratGraphMap(&strat, "msec{runs=3,tries=2};kway;swap{d=3}"));
  ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, part));
  check_balanced(part, 9, 4);
  /* Three 2 x 6 strips cut in 2 x 2 squares: 12 edges between nodes, 12 within. */
  CU_ASSERT(tleaf_cost(part) <= 12 * 11 + 12 * 1);
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "msec{runs=0}"), TARTAN_EFORMAT);
  CU_ASSERT(message_has("parameter 'runs' of 'msec' must be between 1 and 100"));
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "drb{runlevels=101}"), TARTAN_EFORMAT);
  CU_ASSERT(message_has("parameter 'runlevels' of 'drb' must be between 0 and 100"));
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "drb{runlevels=2,deepmoves=0}"), TARTAN_EFORMAT);
  CU_ASSERT(message_has("parameter 'deepmoves' of 'drb' must be between 1 and 1000000"));
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "drb{deepmoves=50}"), TARTAN_EFORMAT);
  CU_ASSERT(message_has("drb: deepmoves applies to the jobs below the first runlevels levels"));
  ASSERT_OK(TARTAN_stratGraphMap(&strat, "drb{runlevels=1,deepmoves=50};kway"));
  ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, part));
  check_balanced(part, 9, 4);
  /* unwrapped acts on tori only: onto the tree it maps as plain drb does. */
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "drb{unwrapped=101}"), TARTAN_EFORMAT);
  CU_ASSERT(message_has("parameter 'unwrapped' of 'drb' must be between 0 and 100"));
  expect_same_map(&graph, &arch, &strat, "drb{tries=2}", "drb{unwrapped=8,tries=2}");
  {
    TARTAN_Arch torus;
    ASSERT_OK(TARTAN_archInit(&torus));
    ASSERT_OK(TARTAN_archTorus2(&torus, 3, 3));
    ASSERT_OK(TARTAN_stratGraphMap(&strat, "drb{unwrapped=8,tries=2};kway"));
    ASSERT_OK(TARTAN_graphMap(&graph, &torus, &strat, part));
    check_balanced(part, 9, 4);
    /* treeruns acts on trees only: onto the torus it maps as plain drb does. */
    expect_same_map(&graph, &torus, &strat, "drb{tries=2}", "drb{treeruns=8,tries=2}");
    TARTAN_archExit(&torus);
  }
  /* treeruns onto the tree: its range, its clash with run, a balanced map, the same on any
   * thread count. */
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "drb{treeruns=101}"), TARTAN_EFORMAT);
  CU_ASSERT(message_has("parameter 'treeruns' of 'drb' must be between 0 and 100"));
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "drb{treeruns=8,run=0}"), TARTAN_EFORMAT);
  CU_ASSERT(message_has("drb: treeruns and run cannot be given together"));
  ASSERT_OK(TARTAN_stratGraphMap(&strat, "drb{treeruns=8,tries=2};kway"));
  ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, part));
  check_balanced(part, 9, 4);
  ASSERT_OK(TARTAN_stratThreads(&strat, 3));
  ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, again));
  CU_ASSERT(memcmp(part, again, sizeof part) == 0);
  ASSERT_OK(TARTAN_stratThreads(&strat, 1));
  /* kway's climb: its range; a balanced map no costlier than the greedy passes' alone. */
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "drb;kway{climb=1000001}"), TARTAN_EFORMAT);
  CU_ASSERT(message_has("parameter 'climb' of 'kway' must be between 0 and 1000000"));
  ASSERT_OK(TARTAN_stratGraphMap(&strat, "drb{treeruns=8,tries=2};kway{climb=1000}"));
  ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, again));
  check_balanced(again, 9, 4);
  CU_ASSERT(tleaf_cost(again) <= tleaf_cost(part));
  ASSERT_OK(TARTAN_stratGraphMapBuild(&strat, TARTAN_STRATQUALITY, 9, 0.0));
  ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, part));
  check_balanced(part, 9, 4);
  CU_ASSERT(tleaf_cost(part) <= tleaf_cost(base));
  ASSERT_OK(TARTAN_stratThreads(&strat, 3));
  ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, again));
  CU_ASSERT(memcmp(part, again, sizeof part) == 0);
  TARTAN_stratExit(&strat);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

/* Maps graph onto arch with the strategy flags build (parts, imbalance 0.01) into byflags and
 * with the strategy text into bytext (n vertices each) and checks that both mappings agree:
 * the flags take the branch text spells out. */
static void expect_flags_map_as_text(TARTAN_Graph *graph, TARTAN_Arch *arch, TARTAN_Num flags,
                                     TARTAN_Num parts, double imbalance, const char *text,
                                     TARTAN_Num n, TARTAN_Num *byflags, TARTAN_Num *bytext) {
  TARTAN_Strat strat;
  ASSERT_OK(TARTAN_stratInit(&strat));
  ASSERT_OK(TARTAN_stratGraphMapBuild(&strat, flags, parts, imbalance));
  ASSERT_OK(TARTAN_graphMap(graph, arch, &strat, byflags));
  ASSERT_OK(TARTAN_stratGraphMap(&strat, text));
  ASSERT_OK(TARTAN_graphMap(graph, arch, &strat, bytext));
  CU_ASSERT(memcmp(byflags, bytext, (size_t)n * sizeof *byflags) == 0);
  TARTAN_stratExit(&strat);
}

/* The speed strategy maps a graph above 2^17 vertices by one V-cycle: on a 363 x 363 grid
 * (131769 vertices) onto 8 terminals it gives vcycle{runs=1}'s mapping, balanced, cutting at
 * most 1.5 times the 4 x 363 edges of the best 8 blocks. */
static void test_map_speed_large(void) {
  enum { SPEED_SIDE = 363, SPEED_N = SPEED_SIDE * SPEED_SIDE, SPEED_PARTS = 8 };
  TARTAN_Num *first_arc = malloc((SPEED_N + 1) * sizeof *first_arc);
  TARTAN_Num *neighbours = malloc(4 * (size_t)SPEED_N * sizeof *neighbours);
  TARTAN_Num *speed = malloc(SPEED_N * sizeof *speed);
  TARTAN_Num *vcycle = malloc(SPEED_N * sizeof *vcycle);
  TARTAN_Num load[SPEED_PARTS] = {0}, arc_count, v, arc;
  long cut = 0;
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  CU_ASSERT_FATAL(first_arc != NULL && neighbours != NULL && speed != NULL && vcycle != NULL);
  arc_count = test_grid_arrays(SPEED_SIDE, first_arc, neighbours);
  ASSERT_OK(TARTAN_graphInit(&graph));
  ASSERT_OK(TARTAN_graphBuild(&graph, 0, SPEED_N, first_arc, NULL, NULL, NULL, arc_count, neighbours, NULL));
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archHcub(&arch, 3));
  expect_flags_map_as_text(&graph, &arch, TARTAN_STRATSPEED, SPEED_PARTS, 0.01,
                           "vcycle{runs=1,bal=0.01}", SPEED_N, speed, vcycle);
  for (v = 0; v < SPEED_N; v++) {
    CU_ASSERT_FATAL(speed[v] >= 0 && speed[v] < SPEED_PARTS);
    load[speed[v]]++;
    for (arc = first_arc[v]; arc < first_arc[v + 1]; arc++)
      if (speed[neighbours[arc]] != speed[v]) cut++;
  }
  for (v = 0; v < SPEED_PARTS; v++) CU_ASSERT(load[v] <= (SPEED_N / SPEED_PARTS) * 101 / 100 + 1);
  CU_ASSERT(cut / 2 <= 3 * 2 * SPEED_SIDE); /* 1.5 x 4 x side */
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
  free(first_arc);
  free(neighbours);
  free(speed);
  free(vcycle);
}

/* A path of n vertices built into graph, from arrays the caller frees. */
static void build_path(TARTAN_Graph *graph, TARTAN_Num n, TARTAN_Num **first_arc,
                       TARTAN_Num **neighbours) {
  TARTAN_Num arc_count = 0, v;
  *first_arc = malloc((size_t)(n + 1) * sizeof **first_arc);
  *neighbours = malloc(2 * (size_t)n * sizeof **neighbours);
  CU_ASSERT_FATAL(*first_arc != NULL && *neighbours != NULL);
  for (v = 0; v < n; v++) {
    (*first_arc)[v] = arc_count;
    if (v > 0) (*neighbours)[arc_count++] = v - 1;
    if (v + 1 < n) (*neighbours)[arc_count++] = v + 1;
  }
  (*first_arc)[n] = arc_count;
  ASSERT_OK(TARTAN_graphInit(graph));
  ASSERT_OK(TARTAN_graphBuild(graph, 0, n, *first_arc, NULL, NULL, NULL, arc_count, *neighbours,
                              NULL));
}

/* A mapping of that path onto parts (at most 64) terminals: every terminal within 1 % of its
 * share (plus one vertex), at most two cut edges per boundary between the blocks. */
static void check_path_blocks(const TARTAN_Num *part, TARTAN_Num n, TARTAN_Num parts) {
  TARTAN_Num load[64] = {0}, v;
  long cut = 0;
  CU_ASSERT_FATAL(parts <= 64);
  for (v = 0; v < n; v++) {
    CU_ASSERT_FATAL(part[v] >= 0 && part[v] < parts);
    load[part[v]]++;
    if (v > 0 && part[v] != part[v - 1]) cut++;
  }
  for (v = 0; v < parts; v++) CU_ASSERT(load[v] <= (n / parts) * 101 / 100 + 1);
  CU_ASSERT(cut <= 2 * (parts - 1));
}

/* Above 2^17 vertices the default strategy is one V-cycle: a path of 2^17 + 1 vertices onto a
 * hypercube of dimension 5 maps as that explicit strategy does, within 1 % of balance, cut at
 * most twice per boundary between the 32 blocks; onto 4 nodes of 8 cores it maps as the V-cycle
 * of trees (tree runs, 160 vertices per terminal at the coarsest level); treeruns is range
 * checked. */
static void test_map_default_large(void) {
  enum { PATH_N = 131073, PATH_PARTS = 32 };
  TARTAN_Num *first_arc, *neighbours;
  TARTAN_Num *byflags = malloc(PATH_N * sizeof *byflags);
  TARTAN_Num *bytext = malloc(PATH_N * sizeof *bytext);
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  CU_ASSERT_FATAL(byflags != NULL && bytext != NULL);
  build_path(&graph, PATH_N, &first_arc, &neighbours);
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archHcub(&arch, 5));
  expect_flags_map_as_text(&graph, &arch, TARTAN_STRATDEFAULT, PATH_PARTS, 0.01,
                           "vcycle{runs=1,bal=0.01}", PATH_N, byflags, bytext);
  check_path_blocks(byflags, PATH_N, PATH_PARTS);
  TARTAN_archExit(&arch);
  {
    const TARTAN_Num sizes[2] = {4, 8}, links[2] = {10, 1};
    ASSERT_OK(TARTAN_archInit(&arch));
    ASSERT_OK(TARTAN_archTleaf(&arch, 2, sizes, links));
    expect_flags_map_as_text(&graph, &arch, TARTAN_STRATDEFAULT, PATH_PARTS, 0.01,
                             "vcycle{runs=1,treeruns=8,coarse=160,bal=0.01}", PATH_N, byflags,
                             bytext);
    check_path_blocks(byflags, PATH_N, PATH_PARTS);
    TARTAN_archExit(&arch);
  }
  TARTAN_graphExit(&graph);

  {
    TARTAN_Strat strat;
    ASSERT_OK(TARTAN_stratInit(&strat));
    CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "vcycle{treeruns=101}"), TARTAN_EFORMAT);
    CU_ASSERT(message_has("parameter 'treeruns' of 'vcycle' must be between 0 and 100"));
    TARTAN_stratExit(&strat);
  }

  free(first_arc);
  free(neighbours);
  free(byflags);
  free(bytext);
}

/* Between 2^16 and 2^17 vertices the default strategy is the pipeline whose kway neither climbs
 * nor revisits the whole boundary after a level's first pass, and whose dear jobs on trees make
 * six runs: a path of 2^16 + 1 vertices onto 4 nodes of 8 cores maps as that text does, within
 * 1 % of balance, cut at most twice per boundary between the 32 blocks, the same on 2 threads;
 * kway's scope is checked. */
static void test_map_default_middle(void) {
  enum { MID_N = 65537, MID_PARTS = 32 };
  TARTAN_Num *first_arc, *neighbours;
  TARTAN_Num *byflags = malloc(MID_N * sizeof *byflags);
  TARTAN_Num *bytext = malloc(MID_N * sizeof *bytext);
  const TARTAN_Num sizes[2] = {4, 8}, links[2] = {10, 1};
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Strat strat;
  CU_ASSERT_FATAL(byflags != NULL && bytext != NULL);
  build_path(&graph, MID_N, &first_arc, &neighbours);
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archTleaf(&arch, 2, sizes, links));
  expect_flags_map_as_text(&graph, &arch, TARTAN_STRATDEFAULT, MID_PARTS, 0.01,
                           "drb{policy=breadth,unwrapped=8,treeruns=6,tries=2,bal=0.005};orient;"
                           "kway{scope=moves,bal=0.005,room=1}",
                           MID_N, byflags, bytext);
  check_path_blocks(byflags, MID_N, MID_PARTS);
  ASSERT_OK(TARTAN_stratInit(&strat));
  ASSERT_OK(TARTAN_stratGraphMapBuild(&strat, TARTAN_STRATDEFAULT, MID_PARTS, 0.01));
  ASSERT_OK(TARTAN_stratThreads(&strat, 2));
  ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, bytext));
  CU_ASSERT(memcmp(byflags, bytext, MID_N * sizeof *bytext) == 0);
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "drb;kway{scope=all}"), TARTAN_EFORMAT);
  CU_ASSERT(message_has("parameter 'scope' of 'kway' must be boundary or moves, found 'all'"));
  TARTAN_stratExit(&strat);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
  free(first_arc);
  free(neighbours);
  free(byflags);
  free(bytext);
}

/* The arrays of a side^3 grid (6 neighbours inside), as test_grid_arrays gives a square's. */
static TARTAN_Num cube_grid_arrays(TARTAN_Num side, TARTAN_Num *first_arc,
                                   TARTAN_Num *neighbours) {
  TARTAN_Num v, arc = 0;
  for (v = 0; v < side * side * side; v++) {
    TARTAN_Num x = v % side, y = v / side % side, z = v / (side * side);
    first_arc[v] = arc;
    if (x > 0) neighbours[arc++] = v - 1;
    if (x < side - 1) neighbours[arc++] = v + 1;
    if (y > 0) neighbours[arc++] = v - side;
    if (y < side - 1) neighbours[arc++] = v + side;
    if (z > 0) neighbours[arc++] = v - side * side;
    if (z < side - 1) neighbours[arc++] = v + side * side;
  }
  first_arc[side * side * side] = arc;
  return arc;
}

/* The default strategy up to 2^14 vertices onto a target whose distance is not a tree's: its
 * pipeline (kway making three cycles) four times up to 2^15 edges, twice above, the cheapest
 * mapping kept. A 24 x 24 grid onto torus 4 x 4 maps as four runs do, balanced, the same on 2
 * threads (the runs then side by side), and a 24^3 grid (39744 edges) as two runs do; onto a tree (cmplt 16) it maps as the single pipeline does, and above 2^14 vertices
 * (a 129 x 129 grid onto the torus) as the single pipeline with one cycle. */
static void test_map_default_four_runs(void) {
  enum { RUNS_SIDE = 24, RUNS_N = RUNS_SIDE * RUNS_SIDE, RUNS_PARTS = 16,
         BIG_SIDE = 129, BIG_N = BIG_SIDE * BIG_SIDE, CUBE_SIDE = 24,
         CUBE_N = CUBE_SIDE * CUBE_SIDE * CUBE_SIDE };
#define RUNS_PIPELINE "drb{policy=breadth,unwrapped=8,treeruns=8,tries=2,bal=0.005};orient;" \
                       "kway{climb=1000,cycles=3,bal=0.005,room=1}"
#define BIG_PIPELINE "drb{policy=breadth,unwrapped=8,treeruns=8,tries=2,bal=0.005};orient;" \
                     "kway{climb=1000,bal=0.005,room=1}"
  TARTAN_Num first_arc[RUNS_N + 1], neighbours[4 * RUNS_N], byflags[RUNS_N], bytext[RUNS_N];
  TARTAN_Num *big_first = malloc((BIG_N + 1) * sizeof *big_first);
  TARTAN_Num *big_neighbours = malloc(4 * (size_t)BIG_N * sizeof *big_neighbours);
  TARTAN_Num *cube_first = malloc((CUBE_N + 1) * sizeof *cube_first);
  TARTAN_Num *cube_neighbours = malloc(6 * (size_t)CUBE_N * sizeof *cube_neighbours);
  TARTAN_Num *big_byflags = malloc(BIG_N * sizeof *big_byflags);
  TARTAN_Num *big_bytext = malloc(BIG_N * sizeof *big_bytext);
  TARTAN_Num load[RUNS_PARTS] = {0}, arc_count, v;
  TARTAN_Graph graph, big, cube;
  TARTAN_Arch torus, complete;
  TARTAN_Strat strat;
  CU_ASSERT_FATAL(big_first != NULL && big_neighbours != NULL && big_byflags != NULL &&
                  big_bytext != NULL && cube_first != NULL && cube_neighbours != NULL);
  arc_count = test_grid_arrays(RUNS_SIDE, first_arc, neighbours);
  ASSERT_OK(TARTAN_graphInit(&graph));
  ASSERT_OK(TARTAN_graphBuild(&graph, 0, RUNS_N, first_arc, NULL, NULL, NULL, arc_count,
                              neighbours, NULL));
  ASSERT_OK(TARTAN_archInit(&torus));
  ASSERT_OK(TARTAN_archTorus2(&torus, 4, 4));
  expect_flags_map_as_text(&graph, &torus, TARTAN_STRATDEFAULT, RUNS_PARTS, 0.01,
                           "(" RUNS_PIPELINE "|" RUNS_PIPELINE "|" RUNS_PIPELINE
                           "|" RUNS_PIPELINE ")",
                           RUNS_N, byflags, bytext);
  for (v = 0; v < RUNS_N; v++) {
    CU_ASSERT_FATAL(byflags[v] >= 0 && byflags[v] < RUNS_PARTS);
    load[byflags[v]]++;
  }
  for (v = 0; v < RUNS_PARTS; v++) CU_ASSERT(load[v] <= 36);
  ASSERT_OK(TARTAN_stratInit(&strat));
  ASSERT_OK(TARTAN_stratGraphMapBuild(&strat, TARTAN_STRATDEFAULT, RUNS_PARTS, 0.01));
  ASSERT_OK(TARTAN_stratThreads(&strat, 2));
  ASSERT_OK(TARTAN_graphMap(&graph, &torus, &strat, bytext));
  CU_ASSERT(memcmp(byflags, bytext, sizeof byflags) == 0);
  TARTAN_stratExit(&strat);
  ASSERT_OK(TARTAN_archInit(&complete));
  ASSERT_OK(TARTAN_archCmplt(&complete, RUNS_PARTS));
  expect_flags_map_as_text(&graph, &complete, TARTAN_STRATDEFAULT, RUNS_PARTS, 0.01,
                           RUNS_PIPELINE, RUNS_N, byflags, bytext);
  arc_count = test_grid_arrays(BIG_SIDE, big_first, big_neighbours);
  ASSERT_OK(TARTAN_graphInit(&big));
  ASSERT_OK(TARTAN_graphBuild(&big, 0, BIG_N, big_first, NULL, NULL, NULL, arc_count,
                              big_neighbours, NULL));
  expect_flags_map_as_text(&big, &torus, TARTAN_STRATDEFAULT, RUNS_PARTS, 0.01, BIG_PIPELINE,
                           BIG_N, big_byflags, big_bytext);
  arc_count = cube_grid_arrays(CUBE_SIDE, cube_first, cube_neighbours);
  ASSERT_OK(TARTAN_graphInit(&cube));
  ASSERT_OK(TARTAN_graphBuild(&cube, 0, CUBE_N, cube_first, NULL, NULL, NULL, arc_count,
                              cube_neighbours, NULL));
  expect_flags_map_as_text(&cube, &torus, TARTAN_STRATDEFAULT, RUNS_PARTS, 0.01,
                           "(" RUNS_PIPELINE "|" RUNS_PIPELINE ")", CUBE_N, big_byflags,
                           big_bytext);
  TARTAN_graphExit(&cube);
#undef RUNS_PIPELINE
#undef BIG_PIPELINE
  TARTAN_graphExit(&big);
  TARTAN_archExit(&complete);
  TARTAN_archExit(&torus);
  TARTAN_graphExit(&graph);
  free(big_first);
  free(big_neighbours);
  free(cube_first);
  free(cube_neighbours);
  free(big_byflags);
  free(big_bytext);
}

/* The default strategy up to 2^17 vertices, at 5 %: a 12 x 12 grid onto tleaf 2 2 10 2 1, 36
 * vertices per terminal. Half the tolerance (2.5 %, the bisections' and kway's) holds no vertex
 * above 36, so kway's room=1 raises its own to 1/36, within the 5 %: at most 37 on a terminal.
 * Without room every terminal holds exactly 36. room is a parameter of every method. */
static void test_map_default_room(void) {
  enum { ROOM_SIDE = 12, ROOM_N = ROOM_SIDE * ROOM_SIDE, ROOM_PARTS = 4 };
  static const TARTAN_Num sizetab[] = {2, 2}, linktab[] = {10, 1};
  TARTAN_Num first_arc[ROOM_N + 1], neighbours[4 * ROOM_N], byflags[ROOM_N], bytext[ROOM_N];
  TARTAN_Num load[ROOM_PARTS] = {0}, arc_count, v;
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Strat strat;
  arc_count = test_grid_arrays(ROOM_SIDE, first_arc, neighbours);
  ASSERT_OK(TARTAN_graphInit(&graph));
  ASSERT_OK(TARTAN_graphBuild(&graph, 0, ROOM_N, first_arc, NULL, NULL, NULL, arc_count,
                              neighbours, NULL));
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archTleaf(&arch, 2, sizetab, linktab));
  expect_flags_map_as_text(&graph, &arch, TARTAN_STRATDEFAULT, ROOM_PARTS, 0.05,
                           "drb{policy=breadth,unwrapped=8,treeruns=8,tries=2,bal=0.025};orient;"
                           "kway{climb=1000,cycles=3,bal=0.025,room=1}",
                           ROOM_N, byflags, bytext);
  for (v = 0; v < ROOM_N; v++) {
    CU_ASSERT_FATAL(byflags[v] >= 0 && byflags[v] < ROOM_PARTS);
    load[byflags[v]]++;
  }
  for (v = 0; v < ROOM_PARTS; v++) CU_ASSERT(load[v] <= 37);
  ASSERT_OK(TARTAN_stratInit(&strat));
  ASSERT_OK(TARTAN_stratGraphMapBuild(&strat, TARTAN_STRATDEFAULT, ROOM_PARTS, 0.05));
  ASSERT_OK(TARTAN_stratGraphMap(&strat, "drb{bal=0.025};kway{bal=0.025}"));
  ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, byflags));
  memset(load, 0, sizeof load);
  for (v = 0; v < ROOM_N; v++) load[byflags[v]]++;
  for (v = 0; v < ROOM_PARTS; v++) CU_ASSERT_EQUAL(load[v], 36);
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "kway{room=-1}"), TARTAN_EFORMAT);
  CU_ASSERT(message_has("parameter 'room' of 'kway' must be between 0 and 1e+09"));
  ASSERT_OK(TARTAN_stratGraphMap(&strat, "drb{room=2};orient{room=1}"));
  TARTAN_stratExit(&strat);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

/* A 3 x 3 mesh target (terminal x + 3 y): hops. */
static long mesh3x3_distance(TARTAN_Num a, TARTAN_Num b) {
  return labs((long)(a % 3 - b % 3)) + labs((long)(a / 3 - b / 3));
}

/* Sorts count loads in increasing order (insertion sort: a handful of entries). */
static void sort_loads(TARTAN_Num *load, int count) {
  int i, j;
  for (i = 1; i < count; i++) {
    TARTAN_Num x = load[i];
    for (j = i; j > 0 && load[j - 1] > x; j--) load[j] = load[j - 1];
    load[j] = x;
  }
}

/* orient after drb on a mesh target: never costlier than drb alone, the same loads per
 * terminal (as multisets: blocks move whole), refused without a complete mapping. */
static void test_map_orient(void) {
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Strat plain, oriented;
  TARTAN_Num before[VERTNBR], after[VERTNBR], seed;
  build_grid(&graph);
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archMesh2(&arch, 3, 3));
  ASSERT_OK(TARTAN_stratInit(&plain));
  ASSERT_OK(TARTAN_stratInit(&oriented));
  ASSERT_OK(TARTAN_stratGraphMap(&plain, "drb"));
  ASSERT_OK(TARTAN_stratGraphMap(&oriented, "drb;orient{passes=2}"));
  for (seed = 0; seed < 6; seed++) {
    TARTAN_Num load_before[9] = {0}, load_after[9] = {0}, v;
    ASSERT_OK(TARTAN_stratRandomSeed(&plain, seed));
    ASSERT_OK(TARTAN_stratRandomSeed(&oriented, seed));
    ASSERT_OK(TARTAN_graphMap(&graph, &arch, &plain, before));
    ASSERT_OK(TARTAN_graphMap(&graph, &arch, &oriented, after));
    CU_ASSERT(grid_cost(after, mesh3x3_distance) <= grid_cost(before, mesh3x3_distance));
    for (v = 0; v < VERTNBR; v++) {
      load_before[before[v]]++;
      load_after[after[v]]++;
    }
    sort_loads(load_before, 9);
    sort_loads(load_after, 9);
    CU_ASSERT(memcmp(load_before, load_after, sizeof load_before) == 0);
  }
  ASSERT_OK(TARTAN_stratGraphMap(&oriented, "orient"));
  CU_ASSERT_EQUAL(TARTAN_graphMap(&graph, &arch, &oriented, after), TARTAN_EINVAL);
  CU_ASSERT(message_has("orient needs a complete mapping"));
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&oriented, "drb;orient{passes=101}"), TARTAN_EFORMAT);
  CU_ASSERT(message_has("parameter 'passes' of 'orient' must be between 0 and 100"));
  TARTAN_stratExit(&oriented);
  TARTAN_stratExit(&plain);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

/* drb's search slack: a 64 x 64 grid cut into two equal halves (cmplt 2, imbalance 0) by the
 * default drb, whose bisections search with room above the halves' loads and end exactly
 * balanced, and by drb{slack=0}, confined to the exact loads throughout. Measured over seeds
 * 0 to 7: the straight cut (64 edges) on each seed with the slack, 66 to 72 edges without. */
static void test_map_drb_slack(void) {
  enum { GRID = 64, N = GRID * GRID };
  static TARTAN_Num grid_vert[N + 1], grid_edge[4 * N], parts[N];
  TARTAN_Num arcs = test_grid_arrays(GRID, grid_vert, grid_edge), seed, v, arc;
  long cut_sum[2] = {0, 0};
  int with_slack;
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Strat strat;
  ASSERT_OK(TARTAN_graphInit(&graph));
  ASSERT_OK(TARTAN_graphBuild(&graph, 0, N, grid_vert, NULL, NULL, NULL, arcs, grid_edge, NULL));
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archCmplt(&arch, 2));
  ASSERT_OK(TARTAN_stratInit(&strat));
  for (with_slack = 0; with_slack < 2; with_slack++) {
    ASSERT_OK(TARTAN_stratGraphMap(&strat, with_slack ? "drb{bal=0}" : "drb{bal=0,slack=0}"));
    for (seed = 0; seed < 8; seed++) {
      TARTAN_Num load[2] = {0, 0}, cut = 0;
      ASSERT_OK(TARTAN_stratRandomSeed(&strat, seed));
      ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, parts));
      for (v = 0; v < N; v++) {
        CU_ASSERT_FATAL(parts[v] == 0 || parts[v] == 1);
        load[parts[v]]++;
        for (arc = grid_vert[v]; arc < grid_vert[v + 1]; arc++)
          if (grid_edge[arc] > v && parts[grid_edge[arc]] != parts[v]) cut++;
      }
      CU_ASSERT_EQUAL(load[0], N / 2);
      CU_ASSERT(cut >= GRID);
      if (with_slack) CU_ASSERT_EQUAL(cut, GRID);
      cut_sum[with_slack] += cut;
    }
  }
  CU_ASSERT(cut_sum[0] > cut_sum[1]);
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "drb{slack=1.5}"), TARTAN_EFORMAT);
  CU_ASSERT(message_has("parameter 'slack' of 'drb' must be between 0 and 1"));
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "recursive{slack=-0.1}"), TARTAN_EFORMAT);
  CU_ASSERT(message_has("'slack'"));
  TARTAN_stratExit(&strat);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

/* drb's run=r makes run r of its runs alone: on a bisection (one job), runs=2 finds the better
 * of run=0 and run=1 (least cut when both are balanced, run 0 on a tie), so that two processes
 * making one run each can find what one makes with both. */
static long weighted_cut(const TARTAN_Num *vert, const TARTAN_Num *edge, const TARTAN_Num *edlo,
                         TARTAN_Num n, const TARTAN_Num *parts) {
  long cut = 0;
  TARTAN_Num v, arc;
  for (v = 0; v < n; v++)
    for (arc = vert[v]; arc < vert[v + 1]; arc++)
      if (edge[arc] > v && parts[edge[arc]] != parts[v]) cut += edlo[arc];
  return cut;
}

static void test_map_drb_run(void) {
  enum { GRID = 48, N = GRID * GRID };
  static TARTAN_Num grid_vert[N + 1], grid_edge[4 * N], grid_edlo[4 * N], both[N], one[2][N];
  TARTAN_Num arcs = test_grid_arrays(GRID, grid_vert, grid_edge), seed, v, arc;
  int run, differ = 0;
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Strat strat;
  /* Symmetric weights from 1 to 7, so that runs find different cuts. */
  for (v = 0; v < N; v++)
    for (arc = grid_vert[v]; arc < grid_vert[v + 1]; arc++) {
      TARTAN_Num low = v < grid_edge[arc] ? v : grid_edge[arc], high = v ^ grid_edge[arc] ^ low;
      grid_edlo[arc] = 1 + (low * 31 + high * 17) % 7;
    }
  ASSERT_OK(TARTAN_graphInit(&graph));
  ASSERT_OK(TARTAN_graphBuild(&graph, 0, N, grid_vert, NULL, NULL, NULL, arcs, grid_edge, grid_edlo));
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archCmplt(&arch, 2));
  ASSERT_OK(TARTAN_stratInit(&strat));
  for (seed = 0; seed < 4; seed++) {
    long cut[2];
    ASSERT_OK(TARTAN_stratRandomSeed(&strat, seed));
    ASSERT_OK(TARTAN_stratGraphMap(&strat, "drb{tries=2,bal=0.001}"));
    ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, both));
    for (run = 0; run < 2; run++) {
      TARTAN_Num load[2] = {0, 0};
      ASSERT_OK(TARTAN_stratGraphMap(&strat, run == 0 ? "drb{tries=2,bal=0.001,runs=2,run=0}"
                                                      : "drb{tries=2,bal=0.001,run=1}"));
      ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, one[run]));
      for (v = 0; v < N; v++) {
        CU_ASSERT_FATAL(one[run][v] == 0 || one[run][v] == 1);
        load[one[run][v]]++;
      }
      CU_ASSERT(load[0] <= N / 2 * 1001 / 1000 && load[1] <= N / 2 * 1001 / 1000);
      cut[run] = weighted_cut(grid_vert, grid_edge, grid_edlo, N, one[run]);
    }
    CU_ASSERT(memcmp(both, one[cut[1] < cut[0] ? 1 : 0], sizeof both) == 0);
    if (memcmp(one[0], one[1], sizeof both) != 0) differ++;
  }
  CU_ASSERT(differ > 0); /* run=1 is not run 0 again */
  ASSERT_OK(TARTAN_stratGraphMap(&strat, "drb{runs=3,run=2}"));
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "drb{run=2}"), TARTAN_EFORMAT);
  CU_ASSERT(message_has("drb: run 2 is not one of the 2 runs (run must be below runs)"));
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "drb{runs=4,run=-1}"), TARTAN_EFORMAT);
  CU_ASSERT(message_has("parameter 'run' of 'drb' must be between 0 and 99"));
  TARTAN_stratExit(&strat);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

static void test_map_handles_and_part(void) {
  TARTAN_Graph graph, other_graph;
  TARTAN_Arch arch;
  TARTAN_Mapping mapping, *heap_mapping;
  TARTAN_Num parttab[VERTNBR];
  build_grid(&graph);
  build_grid(&other_graph);
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archCmplt(&arch, 3));
  CU_ASSERT(TARTAN_mappingSizeof() == (int) sizeof(TARTAN_Mapping));
  heap_mapping = TARTAN_mappingAlloc();
  CU_ASSERT_FATAL(heap_mapping != NULL);
  ASSERT_OK(TARTAN_graphMapInit(&graph, heap_mapping, &arch, NULL));
  ASSERT_OK(TARTAN_graphMapCompute(&graph, heap_mapping, NULL));
  /* Mismatched graph and mapping. */
  CU_ASSERT_EQUAL(TARTAN_graphMapCompute(&other_graph, heap_mapping, NULL), TARTAN_EINVAL);
  CU_ASSERT(message_has("initialised with another graph"));
  CU_ASSERT_EQUAL(TARTAN_graphMapView(&other_graph, heap_mapping, stdout), TARTAN_EINVAL);
  TARTAN_graphMapExit(&graph, heap_mapping);
  CU_ASSERT_EQUAL(TARTAN_graphMapCompute(&graph, heap_mapping, NULL), TARTAN_EHANDLE);
  free(heap_mapping);
  memset(&mapping, 0, sizeof mapping);
  CU_ASSERT_EQUAL(TARTAN_graphMapCompute(&graph, &mapping, NULL), TARTAN_EHANDLE);
  CU_ASSERT(message_has("TARTAN_Mapping handle not initialised"));
  CU_ASSERT_EQUAL(TARTAN_graphMapInit(&graph, NULL, &arch, NULL), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_graphMapInit(NULL, &mapping, &arch, NULL), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_graphMap(&graph, &arch, NULL, NULL), TARTAN_EINVAL);
  CU_ASSERT(message_has("parttab is NULL"));
  /* Partitioning = mapping onto a complete graph. */
  ASSERT_OK(TARTAN_graphPart(&graph, 3, NULL, parttab));
  check_balanced(parttab, 3, 12);
  ASSERT_OK(TARTAN_graphPart(&graph, 1, NULL, parttab));
  check_balanced(parttab, 1, VERTNBR);
  CU_ASSERT_EQUAL(TARTAN_graphPart(&graph, 0, NULL, parttab), TARTAN_EINVAL);
  CU_ASSERT(message_has("part count must be at least 1"));
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&other_graph);
  TARTAN_graphExit(&graph);
}

static void test_map_targets(void) {
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Strat strat;
  TARTAN_Num parttab[VERTNBR], v;
  build_grid(&graph);
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_stratInit(&strat));
  /* A target larger than the graph: every vertex gets a terminal of its own or shares. */
  ASSERT_OK(TARTAN_archMesh2(&arch, 8, 8));
  ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, parttab));
  check_balanced(parttab, 64, 1);
  /* One terminal: everything on it. */
  ASSERT_OK(TARTAN_archCmplt(&arch, 1));
  ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, parttab));
  for (v = 0; v < VERTNBR; v++) CU_ASSERT_EQUAL(parttab[v], 0);
  /* Variable-sized targets: the parts follow the graph (36 vertices: parts of at most two, so
   * at least 18), numbered by domain (>= 1); fixed vertices stay on the domain given; methods other than drb and kway
   * refuse them. */
  {
    int target;
    for (target = 0; target < 2; target++) {
      TARTAN_Num count[64] = {0}, parts = 0;
      ASSERT_OK(target == 0 ? TARTAN_archVcmplt(&arch) : TARTAN_archVhcub(&arch));
      ASSERT_OK(TARTAN_stratGraphMap(&strat, ""));
      ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, parttab));
      for (v = 0; v < VERTNBR; v++) {
        CU_ASSERT_FATAL(parttab[v] >= 1 && parttab[v] < 64);
        if (count[parttab[v]]++ == 0) parts++;
        CU_ASSERT(count[parttab[v]] <= 2);
      }
      CU_ASSERT(parts >= VERTNBR / 2);
      for (v = 0; v < VERTNBR; v++) parttab[v] = -1;
      parttab[0] = 5;
      parttab[VERTNBR - 1] = 12;
      ASSERT_OK(TARTAN_graphMapFixed(&graph, &arch, &strat, parttab));
      CU_ASSERT_EQUAL(parttab[0], 5);
      CU_ASSERT_EQUAL(parttab[VERTNBR - 1], 12);
      parttab[0] = 0;
      CU_ASSERT_EQUAL(TARTAN_graphMapFixed(&graph, &arch, &strat, parttab), TARTAN_EINVAL);
      CU_ASSERT(message_has("numbers are >= 1"));
      ASSERT_OK(TARTAN_stratGraphMap(&strat, "greedy"));
      CU_ASSERT_EQUAL(TARTAN_graphMap(&graph, &arch, &strat, parttab), TARTAN_EINVAL);
      CU_ASSERT(message_has("only drb maps onto it"));
    }
  }
  /* A strategy that cannot make a mapping by itself. */
  ASSERT_OK(TARTAN_archCmplt(&arch, 4));
  ASSERT_OK(TARTAN_stratGraphMap(&strat, "kway"));
  CU_ASSERT_EQUAL(TARTAN_graphMap(&graph, &arch, &strat, parttab), TARTAN_EINVAL);
  /* An empty target handle. */
  TARTAN_archExit(&arch);
  ASSERT_OK(TARTAN_archInit(&arch));
  CU_ASSERT_EQUAL(TARTAN_graphMap(&graph, &arch, NULL, parttab), TARTAN_EINVAL);
  TARTAN_stratExit(&strat);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

static void test_map_fixed(void) {
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Mapping mapping;
  TARTAN_Num parttab[VERTNBR], v;
  build_grid(&graph);
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archMesh2(&arch, 2, 2));
  for (v = 0; v < VERTNBR; v++) parttab[v] = -1;
  parttab[0] = 3;             /* a corner held on the opposite terminal */
  parttab[VERTNBR - 1] = 0;
  ASSERT_OK(TARTAN_graphMapFixed(&graph, &arch, NULL, parttab));
  CU_ASSERT_EQUAL(parttab[0], 3);
  CU_ASSERT_EQUAL(parttab[VERTNBR - 1], 0);
  check_balanced(parttab, 4, 10);
  /* Fixed vertices outside the target. */
  for (v = 0; v < VERTNBR; v++) parttab[v] = -1;
  parttab[5] = 4;
  CU_ASSERT_EQUAL(TARTAN_graphMapFixed(&graph, &arch, NULL, parttab), TARTAN_EINVAL);
  CU_ASSERT(message_has("vertex 5 is fixed on terminal 4, outside the target's 4 terminals"));
  parttab[5] = -7;
  CU_ASSERT_EQUAL(TARTAN_graphMapFixed(&graph, &arch, NULL, parttab), TARTAN_EINVAL);
  /* Same through a mapping handle. */
  for (v = 0; v < VERTNBR; v++) parttab[v] = -1;
  parttab[7] = 2;
  ASSERT_OK(TARTAN_graphMapInit(&graph, &mapping, &arch, parttab));
  ASSERT_OK(TARTAN_graphMapFixedCompute(&graph, &mapping, NULL));
  CU_ASSERT_EQUAL(parttab[7], 2);
  check_balanced(parttab, 4, 10);
  TARTAN_graphMapExit(&graph, &mapping);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

/* ---- phase times of the last computation ---------------------------------------------------- */
static void test_map_phases(void) {
  TARTAN_Graph graph, other;
  TARTAN_Arch arch;
  TARTAN_Strat strat;
  TARTAN_Mapping mapping;
  TARTAN_Num parttab[VERTNBR], count = -1, i;
  const char *name = NULL;
  double seconds = -1, total = 0;
  int seen_drb = 0, seen_kway = 0;
  build_grid(&graph);
  build_grid(&other);
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archMesh2(&arch, 2, 2));
  ASSERT_OK(TARTAN_stratInit(&strat));
  ASSERT_OK(TARTAN_graphMapInit(&graph, &mapping, &arch, parttab));
  ASSERT_OK(TARTAN_graphMapPhaseCount(&graph, &mapping, &count));
  CU_ASSERT_EQUAL(count, 0); /* nothing computed yet */
  ASSERT_OK(TARTAN_stratGraphMap(&strat, "drb;kway"));
  ASSERT_OK(TARTAN_graphMapCompute(&graph, &mapping, &strat));
  ASSERT_OK(TARTAN_graphMapPhaseCount(&graph, &mapping, &count));
  CU_ASSERT(count >= 4);
  for (i = 0; i < count; i++) {
    ASSERT_OK(TARTAN_graphMapPhase(&graph, &mapping, i, &name, &seconds));
    CU_ASSERT(name != NULL && seconds >= 0);
    if (name != NULL && strncmp(name, "drb ", 4) == 0) seen_drb = 1;
    if (name != NULL && strncmp(name, "kway ", 5) == 0) seen_kway = 1;
    total += seconds;
  }
  CU_ASSERT(seen_drb && seen_kway);
  CU_ASSERT(total < 60);
  ASSERT_OK(TARTAN_graphMapPhase(&graph, &mapping, 0, NULL, NULL));
  /* Bad requests. */
  CU_ASSERT_EQUAL(TARTAN_graphMapPhase(&graph, &mapping, count, &name, &seconds), TARTAN_EINVAL);
  CU_ASSERT(message_has("phase"));
  CU_ASSERT_EQUAL(TARTAN_graphMapPhase(&graph, &mapping, -1, &name, &seconds), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_graphMapPhaseCount(&graph, &mapping, NULL), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_graphMapPhaseCount(&other, &mapping, &count), TARTAN_EINVAL);
  TARTAN_stratExit(&strat);
  TARTAN_graphMapExit(&graph, &mapping);
  CU_ASSERT_EQUAL(TARTAN_graphMapPhaseCount(&graph, &mapping, &count), TARTAN_EHANDLE);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&other);
  TARTAN_graphExit(&graph);
}

/* ---- .map files --------------------------------------------------------------------------- */
static void test_map_files(void) {
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Mapping mapping;
  TARTAN_Num parttab[VERTNBR], saved[VERTNBR], v;
  char path[] = "/tmp/tartan-map-XXXXXX";
  FILE *stream;
  int fd;
  build_labelled_grid(&graph);
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archTorus2(&arch, 2, 3));
  ASSERT_OK(TARTAN_graphMapInit(&graph, &mapping, &arch, parttab));
  ASSERT_OK(TARTAN_graphMapCompute(&graph, &mapping, NULL));
  memcpy(saved, parttab, sizeof saved);
  /* Round trip through a FILE * and through a path; labels name the vertices. */
  stream = tmpfile();
  ASSERT_OK(TARTAN_graphMapSave(&graph, &mapping, stream));
  CU_ASSERT(strncmp(slurp(stream), "36\n100\t", 7) == 0);
  for (v = 0; v < VERTNBR; v++) parttab[v] = -1;
  rewind(stream);
  ASSERT_OK(TARTAN_graphMapLoad(&graph, &mapping, stream));
  CU_ASSERT(memcmp(parttab, saved, sizeof saved) == 0);
  fclose(stream);
  fd = mkstemp(path);
  CU_ASSERT_FATAL(fd >= 0);
  close(fd);
  ASSERT_OK(TARTAN_graphMapSavePath(&graph, &mapping, path));
  for (v = 0; v < VERTNBR; v++) parttab[v] = -1;
  ASSERT_OK(TARTAN_graphMapLoadPath(&graph, &mapping, path));
  CU_ASSERT(memcmp(parttab, saved, sizeof saved) == 0);
  /* Fewer pairs than vertices: the others are unmapped. */
  stream = stream_of("2\n103 5\n100 1\n");
  ASSERT_OK(TARTAN_graphMapLoad(&graph, &mapping, stream));
  fclose(stream);
  CU_ASSERT_EQUAL(parttab[0], 1);
  CU_ASSERT_EQUAL(parttab[1], 5);
  CU_ASSERT_EQUAL(parttab[2], -1);
  /* Bad files: the parttab stays as it was. */
  {
    static const struct {
      const char *text;
      int code;
      const char *message;
    } bad[] = {
        {"", TARTAN_EFORMAT, "line 1: expected a pair count, found end of file"},
        {"x\n", TARTAN_EFORMAT, "line 1: expected a pair count, found 'x'"},
        {"-1\n", TARTAN_EFORMAT, "line 1: negative pair count"},
        {"37\n", TARTAN_EFORMAT, "line 1: 37 pairs announced for a graph of 36 vertices"},
        {"2\n100 1", TARTAN_EFORMAT, "line 2: expected a vertex label, found end of file"},
        {"1\n100 x\n", TARTAN_EFORMAT, "line 2: expected a terminal number, found 'x'"},
        {"1\n\n\n101 0\n", TARTAN_EFORMAT, "line 4: vertex label 101 is not in the graph"},
        {"2\n100 0\n100 1\n", TARTAN_EFORMAT, "line 3: vertex label 100 already listed on line 2"},
        {"1\n100 0\n7 7\n", TARTAN_EFORMAT, "line 3: unexpected data after the 1 announced pairs"},
        {"1\n100 6\n", TARTAN_EINVAL, "line 2: terminal 6 of vertex label 100 is outside the target"},
        {"1\n100 -2\n", TARTAN_EINVAL, "line 2: terminal -2"},
    };
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
      stream = stream_of(bad[i].text);
      CU_ASSERT_EQUAL(TARTAN_graphMapLoad(&graph, &mapping, stream), bad[i].code);
      CU_ASSERT(message_has(bad[i].message));
      fclose(stream);
      CU_ASSERT_EQUAL(parttab[0], 1);
    }
  }
  CU_ASSERT_EQUAL(TARTAN_graphMapLoadPath(&graph, &mapping, "/nonexistent/x.map"), TARTAN_EIO);
  CU_ASSERT_EQUAL(TARTAN_graphMapSavePath(&graph, &mapping, "/nonexistent/x.map"), TARTAN_EIO);
  CU_ASSERT_EQUAL(TARTAN_graphMapLoad(&graph, &mapping, NULL), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_graphMapSave(&graph, &mapping, NULL), TARTAN_EINVAL);
  remove(path);
  TARTAN_graphMapExit(&graph, &mapping);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

/* ---- statistics ------------------------------------------------------------------------- */
static void test_map_view(void) {
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Mapping mapping;
  TARTAN_Num parttab[VERTNBR], v;
  FILE *stream;
  const char *text;
  char path[] = "/tmp/tartan-view-XXXXXX";
  int fd;
  build_grid(&graph);
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archMesh2(&arch, 2, 1));
  /* Left half on terminal 0, right half on terminal 1: a straight cut of 6 edges. */
  for (v = 0; v < VERTNBR; v++) parttab[v] = (v % SIDE) < SIDE / 2 ? 0 : 1;
  ASSERT_OK(TARTAN_graphMapInit(&graph, &mapping, &arch, parttab));
  stream = tmpfile();
  ASSERT_OK(TARTAN_graphMapView(&graph, &mapping, stream));
  text = slurp(stream);
  CU_ASSERT(strstr(text, "M\tProcessors 2/2 (1)\n") != NULL);
  CU_ASSERT(strstr(text, "M\tTarget min=18\tmax=18\tavg=18\tdlt=0\tmaxavg=1\n") != NULL);
  CU_ASSERT(strstr(text, "M\tNeighbors min=1\tmax=1\tsum=2\n") != NULL);
  CU_ASSERT(strstr(text, "M\tCommExpan=0.100000\t(6)\n") != NULL); /* 6 of 60 edges */
  CU_ASSERT(strstr(text, "M\tCommLoad[1]=0.100000\n") != NULL);
  CU_ASSERT(strstr(text, "M\tPartDiam\tmin=8\tmax=8\tavg=8.000000\n") != NULL); /* 7 hops */
  fclose(stream);
  stream = tmpfile();
  ASSERT_OK(TARTAN_graphMapViewJson(&graph, &mapping, stream));
  text = slurp(stream);
  CU_ASSERT(strstr(text, "\"comm_expan\": {\"ratio\": 0.10000000000000001, \"sum\": 6}") != NULL);
  fclose(stream);
  fd = mkstemp(path);
  CU_ASSERT_FATAL(fd >= 0);
  close(fd);
  ASSERT_OK(TARTAN_graphMapViewPath(&graph, &mapping, path));
  ASSERT_OK(TARTAN_graphMapViewJsonPath(&graph, &mapping, path));
  CU_ASSERT_EQUAL(TARTAN_graphMapViewPath(&graph, &mapping, "/nonexistent/v.txt"), TARTAN_EIO);
  CU_ASSERT_EQUAL(TARTAN_graphMapViewJsonPath(&graph, &mapping, NULL), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_graphMapView(&graph, &mapping, NULL), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_graphMapViewJson(&graph, &mapping, NULL), TARTAN_EINVAL);
  /* A terminal outside the target in the caller's array. */
  parttab[3] = 2;
  stream = tmpfile();
  CU_ASSERT_EQUAL(TARTAN_graphMapView(&graph, &mapping, stream), TARTAN_EINVAL);
  CU_ASSERT(message_has("vertex 3 is mapped to terminal 2, outside the target's 2 terminals"));
  fclose(stream);
  remove(path);
  TARTAN_graphMapExit(&graph, &mapping);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

int main(void) {
  CU_pSuite suite;
  make_grid_arrays();
  if (CU_initialize_registry() != CUE_SUCCESS) return 1;
  suite = CU_add_suite("mapping", NULL, NULL);
  CU_add_test(suite, "strategy strings and their errors", test_strat_strings);
  CU_add_test(suite, "default strategies from flags", test_strat_build);
  CU_add_test(suite, "default mapping, determinism, seeds", test_map_default_and_determinism);
  CU_add_test(suite, "msec and the quality strategy on a tree-leaf", test_map_msec_and_quality);
  CU_add_test(suite, "the speed strategy above 2^17 vertices", test_map_speed_large);
  CU_add_test(suite, "the default strategy above 2^17 vertices", test_map_default_large);
  CU_add_test(suite, "the default strategy between 2^16 and 2^17 vertices", test_map_default_middle);
  CU_add_test(suite, "the default strategy's room for kway", test_map_default_room);
  CU_add_test(suite, "the default strategy's four runs off trees", test_map_default_four_runs);
  CU_add_test(suite, "orient after drb on a mesh target", test_map_orient);
  CU_add_test(suite, "drb's search slack: exact halves of a grid", test_map_drb_slack);
  CU_add_test(suite, "drb's runs one at a time", test_map_drb_run);
  CU_add_test(suite, "mapping handles, mismatches, partitioning", test_map_handles_and_part);
  CU_add_test(suite, "targets larger, single, variable, empty", test_map_targets);
  CU_add_test(suite, "fixed vertices", test_map_fixed);
  CU_add_test(suite, "phase times of a computation", test_map_phases);
  CU_add_test(suite, ".map files and bad files", test_map_files);
  CU_add_test(suite, "statistics views", test_map_view);
  return run_registered_suites();
}
