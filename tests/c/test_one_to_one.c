/* One-to-one mapping (seed 000) through the public API, as a user calls it: the strategy names
 * identity, random, mm, gac, topdown, bottomup and swap{nbh=n2|np|comm,d=}, each alone and
 * composed, return permutations on a 6x6 grid mapped onto the hierarchy S = 3:3:4, D = 1:10:100
 * (tleaf 3 4 90 3 9 3 1), with costs in the order the seed reports; what cannot be one-to-one
 * and bad parameters are refused with their codes and messages. One-to-one mode: drb, kway and
 * Hoefler and Snir's recursive, greedy, rcm and ta (with best=mc) return permutations too. */
#include <stdio.h>
#include <string.h>

#include "tartan.h"
#include "test_support.h"

#define ASSERT_OK(call) CU_ASSERT_EQUAL_FATAL((call), TARTAN_OK)

enum { SIDE = 6, VERTNBR = SIDE * SIDE };
static TARTAN_Num verttab[VERTNBR + 1], edgetab[4 * VERTNBR], edlotab[4 * VERTNBR];
static TARTAN_Num edgenbr;

static int message_has(const char *fragment) {
  if (strstr(TARTAN_errorMessage(), fragment) != NULL) return 1;
  fprintf(stderr, "\n  message '%s' lacks '%s'\n", TARTAN_errorMessage(), fragment);
  return 0;
}

/* A 6x6 grid numbered by a fixed scramble (vertex v is grid point (7 v) mod 36), so that the
 * identity is a poor mapping; edge weights 1 + (x + y) % 3 of the lower end. */
static void make_grid_arrays(void) {
  TARTAN_Num v, arc = 0, point_of[VERTNBR], vertex_of[VERTNBR];
  for (v = 0; v < VERTNBR; v++) {
    point_of[v] = (7 * v) % VERTNBR;
    vertex_of[point_of[v]] = v;
  }
  for (v = 0; v < VERTNBR; v++) {
    TARTAN_Num p = point_of[v], x = p % SIDE, y = p / SIDE;
    TARTAN_Num near[4], count = 0, i;
    if (x > 0) near[count++] = p - 1;
    if (x < SIDE - 1) near[count++] = p + 1;
    if (y > 0) near[count++] = p - SIDE;
    if (y < SIDE - 1) near[count++] = p + SIDE;
    verttab[v] = arc;
    for (i = 0; i < count; i++) {
      TARTAN_Num q = near[i], low = p < q ? p : q;
      edgetab[arc] = vertex_of[q];
      edlotab[arc++] = 1 + (low % SIDE + low / SIDE) % 3;
    }
  }
  verttab[VERTNBR] = arc;
  edgenbr = arc;
}

static void build_grid(TARTAN_Graph *graph) {
  ASSERT_OK(TARTAN_graphInit(graph));
  ASSERT_OK(TARTAN_graphBuild(graph, 0, VERTNBR, verttab, NULL, NULL, NULL, edgenbr, edgetab,
                              edlotab));
}

static void build_hierarchy(TARTAN_Arch *arch) {
  const TARTAN_Num sizes[3] = {4, 3, 3}, links[3] = {90, 9, 1};
  ASSERT_OK(TARTAN_archInit(arch));
  ASSERT_OK(TARTAN_archTleaf(arch, 3, sizes, links));
}

/* Distance on S = 3:3:4, D = 1:10:100. */
static long tleaf_distance(TARTAN_Num a, TARTAN_Num b) {
  if (a == b) return 0;
  if (a / 3 == b / 3) return 1;
  if (a / 9 == b / 9) return 10;
  return 100;
}

static long cost_of(const TARTAN_Num *parttab) {
  long cost = 0;
  TARTAN_Num v, arc;
  for (v = 0; v < VERTNBR; v++)
    for (arc = verttab[v]; arc < verttab[v + 1]; arc++)
      if (edgetab[arc] > v) cost += edlotab[arc] * tleaf_distance(parttab[v], parttab[edgetab[arc]]);
  return cost;
}

/* Maps with the strategy string; returns the cost, or -1 if the call failed. */
static long map_with(const char *string, TARTAN_Num seed, TARTAN_Num *parttab) {
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Strat strat;
  long cost = -1;
  build_grid(&graph);
  build_hierarchy(&arch);
  ASSERT_OK(TARTAN_stratInit(&strat));
  ASSERT_OK(TARTAN_stratGraphMap(&strat, string));
  ASSERT_OK(TARTAN_stratRandomSeed(&strat, seed));
  if (TARTAN_graphMap(&graph, &arch, &strat, parttab) == TARTAN_OK) {
    CU_ASSERT(test_is_permutation(parttab, VERTNBR));
    if (!test_is_permutation(parttab, VERTNBR))
      fprintf(stderr, "\n  '%s' gave no permutation\n", string);
    cost = cost_of(parttab);
  }
  TARTAN_stratExit(&strat);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
  return cost;
}

static void test_every_method_gives_a_permutation(void) {
  static const char *const strategies[] = {
      "identity", "random", "mm", "gac", "topdown", "bottomup", "mm{bal=0};swap{nbh=n2}",
      "gac;swap{nbh=np}", "topdown{tries=2};swap{nbh=comm,d=10}", "random;swap{nbh=comm}",
      "(topdown|bottomup);swap{nbh=comm,d=2,rounds=3}", "identity{bal=0}"};
  TARTAN_Num parttab[VERTNBR];
  size_t i;
  for (i = 0; i < sizeof strategies / sizeof strategies[0]; i++) {
    long cost = map_with(strategies[i], 0, parttab);
    CU_ASSERT(cost >= 0);
    if (cost < 0) fprintf(stderr, "\n  '%s' failed: %s\n", strategies[i], TARTAN_errorMessage());
  }
  map_with("identity", 0, parttab);
  for (i = 0; i < VERTNBR; i++) CU_ASSERT_EQUAL(parttab[i], (TARTAN_Num)i);
}

static void test_costs_and_determinism(void) {
  /* Measured (seed 0): random 9588, mm 4314, topdown 2883, bottomup 3243, mm;swap{nbh=n2}
   * 3234, topdown;swap{nbh=comm,d=10} 2694. */
  TARTAN_Num a[VERTNBR], b[VERTNBR];
  const long random = map_with("random", 0, a);
  const long mm = map_with("mm", 0, a);
  const long topdown = map_with("topdown", 0, a);
  const long bottomup = map_with("bottomup", 0, a);
  const long mm_n2 = map_with("mm;swap{nbh=n2}", 0, a);
  const long topdown_comm = map_with("topdown;swap{nbh=comm,d=10}", 0, a);
  CU_ASSERT(mm * 3 < random * 2);
  CU_ASSERT(topdown * 100 <= mm * 85);
  CU_ASSERT(bottomup * 100 <= mm * 85);
  CU_ASSERT(mm_n2 * 100 <= mm * 95);
  CU_ASSERT(topdown_comm <= topdown);
  if (!(topdown * 100 <= mm * 85 && bottomup * 100 <= mm * 85 && mm_n2 * 100 <= mm * 95 &&
        topdown_comm <= topdown))
    fprintf(stderr, "\n  random %ld mm %ld topdown %ld bottomup %ld mm;n2 %ld topdown;comm %ld\n",
            random, mm, topdown, bottomup, mm_n2, topdown_comm);
  /* Same seed, same permutation; another seed, another random permutation. */
  map_with("random", 5, a);
  map_with("random", 5, b);
  CU_ASSERT(memcmp(a, b, sizeof a) == 0);
  map_with("random", 6, b);
  CU_ASSERT(memcmp(a, b, sizeof a) != 0);
  map_with("topdown;swap{nbh=comm,d=3}", 9, a);
  map_with("topdown;swap{nbh=comm,d=3}", 9, b);
  CU_ASSERT(memcmp(a, b, sizeof a) == 0);
}

/* One-to-one mode: as many unit-load vertices as terminals, the default tolerance (1 %, which
 * leaves one vertex per terminal): every method returns a permutation, drb, kway and the
 * network mappers of Hoefler and Snir included, on the hierarchy and on a 6x6 torus. */
static void test_one_to_one_mode(void) {
  static const char *const strategies[] = {
      "drb", "drb;kway", "random;kway", "random;kl", "random;sa", "mfa", "recursive", "greedy",
      "rcm", "greedy;ta", "rcm;ta{rounds=5}", "(greedy;ta|recursive|rcm){best=mc}",
      "recursive{pre=1}", "greedy{start=35}", "drb{bal=0.5};kway"};
  TARTAN_Num parttab[VERTNBR];
  size_t i;
  int torus;
  for (torus = 0; torus < 2; torus++)
    for (i = 0; i < sizeof strategies / sizeof strategies[0]; i++) {
      TARTAN_Graph graph;
      TARTAN_Arch arch;
      TARTAN_Strat strat;
      build_grid(&graph);
      if (torus) {
        ASSERT_OK(TARTAN_archInit(&arch));
        ASSERT_OK(TARTAN_archTorus2(&arch, 6, 6));
      } else {
        build_hierarchy(&arch);
      }
      ASSERT_OK(TARTAN_stratInit(&strat));
      ASSERT_OK(TARTAN_stratGraphMap(&strat, strategies[i]));
      CU_ASSERT_EQUAL(TARTAN_graphMap(&graph, &arch, &strat, parttab), TARTAN_OK);
      CU_ASSERT(test_is_permutation(parttab, VERTNBR));
      if (!test_is_permutation(parttab, VERTNBR))
        fprintf(stderr, "\n  '%s' gave no permutation (%s)\n", strategies[i], TARTAN_errorMessage());
      TARTAN_stratExit(&strat);
      TARTAN_archExit(&arch);
      TARTAN_graphExit(&graph);
    }
}

static void test_refusals(void) {
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Strat strat;
  TARTAN_Num parttab[VERTNBR], v;
  build_grid(&graph);
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_stratInit(&strat));
  /* More terminals than vertices. */
  ASSERT_OK(TARTAN_archCmplt(&arch, 40));
  ASSERT_OK(TARTAN_stratGraphMap(&strat, "mm"));
  CU_ASSERT_EQUAL(TARTAN_graphMap(&graph, &arch, &strat, parttab), TARTAN_EINVAL);
  CU_ASSERT(message_has("'mm' maps one vertex per terminal: the graph has 36 vertices and the target 40 terminals"));
  /* bottomup needs a hierarchy; a mesh is not one (topdown maps it). */
  ASSERT_OK(TARTAN_archMesh2(&arch, 6, 6));
  ASSERT_OK(TARTAN_stratGraphMap(&strat, "bottomup"));
  CU_ASSERT_EQUAL(TARTAN_graphMap(&graph, &arch, &strat, parttab), TARTAN_EINVAL);
  CU_ASSERT(message_has("'bottomup' needs a hierarchical target"));
  ASSERT_OK(TARTAN_stratGraphMap(&strat, "topdown;swap"));
  ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, parttab));
  CU_ASSERT(test_is_permutation(parttab, VERTNBR));
  /* swap refines: it needs a complete mapping first. */
  ASSERT_OK(TARTAN_stratGraphMap(&strat, "swap{nbh=n2}"));
  for (v = 0; v < VERTNBR; v++) parttab[v] = -1;
  CU_ASSERT_EQUAL(TARTAN_graphMapFixed(&graph, &arch, &strat, parttab), TARTAN_EINVAL);
  CU_ASSERT(message_has("swap local search needs a complete mapping"));
  /* Parameters. */
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "swap{nbh=n3}"), TARTAN_EFORMAT);
  CU_ASSERT(message_has("'nbh' of 'swap' must be n2, np or comm"));
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "swap{d=0}"), TARTAN_EFORMAT);
  CU_ASSERT(message_has("parameter 'd' of 'swap' must be between 1"));
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "mm{tries=2}"), TARTAN_EFORMAT);
  CU_ASSERT(message_has("method 'mm' has no parameter 'tries'"));
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "(greedy|rcm){best=wh}"), TARTAN_EFORMAT);
  CU_ASSERT(message_has("best= takes cost or mc"));
  /* greedy's start must be a terminal of the target. */
  ASSERT_OK(TARTAN_stratGraphMap(&strat, "greedy{start=36}"));
  CU_ASSERT_EQUAL(TARTAN_graphMap(&graph, &arch, &strat, parttab), TARTAN_EINVAL);
  CU_ASSERT(message_has("greedy start=36 is not a terminal of the target (36 terminals)"));
  TARTAN_stratExit(&strat);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

int main(void) {
  CU_pSuite suite;
  make_grid_arrays();
  if (CU_initialize_registry() != CUE_SUCCESS) return 1;
  suite = CU_add_suite("one-to-one mapping", NULL, NULL);
  CU_add_test(suite, "every method and composition gives a permutation",
              test_every_method_gives_a_permutation);
  CU_add_test(suite, "costs in the seed's order, determinism", test_costs_and_determinism);
  CU_add_test(suite, "one-to-one mode: every method, network mappers included",
              test_one_to_one_mode);
  CU_add_test(suite, "what cannot be one-to-one, bad parameters", test_refusals);
  return run_registered_suites();
}
