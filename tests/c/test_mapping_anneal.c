/* The methods of seed 002 through the public API: kl, sa, mfa_hcub and mfa in strategy strings,
 * alone (they start from a seeded random mapping) or after drb; each must map every vertex
 * within the load bound, far below a random mapping's cost, the same way for the same seed;
 * mfa_hcub refuses a target that is not a hypercube; parameters are checked by the parser. */
#include <stdio.h>
#include <string.h>

#include "tartan.h"
#include "test_support.h"

#define ASSERT_OK(call) CU_ASSERT_EQUAL_FATAL((call), TARTAN_OK)

enum { SIDE = 8, VERTNBR = SIDE * SIDE };
static TARTAN_Num verttab[VERTNBR + 1], edgetab[4 * VERTNBR];
static TARTAN_Num edgenbr;

static void make_grid_arrays(void) {
  edgenbr = test_grid_arrays(SIDE, verttab, edgetab);
}

/* Hamming cost, edges counted once. A random mapping onto 4 terminals costs about 112 (one per
 * edge on average); two straight cuts cost 16. The annealers must stay under 40; kl, whose pair
 * swaps from a random start stop in poorer local minima (as in seed 002), under 75. */
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

static void map_and_check(const char *strategy, TARTAN_Num seed, long bound) {
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Strat strat;
  TARTAN_Num first[VERTNBR], again[VERTNBR], load[4] = {0}, v;
  ASSERT_OK(TARTAN_graphInit(&graph));
  ASSERT_OK(TARTAN_graphBuild(&graph, 0, VERTNBR, verttab, NULL, NULL, NULL, edgenbr, edgetab,
                              NULL));
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archHcub(&arch, 2));
  ASSERT_OK(TARTAN_stratInit(&strat));
  ASSERT_OK(TARTAN_stratGraphMap(&strat, strategy));
  ASSERT_OK(TARTAN_stratRandomSeed(&strat, seed));
  ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, first));
  ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, again));
  CU_ASSERT(memcmp(first, again, sizeof first) == 0);
  for (v = 0; v < VERTNBR; v++) {
    CU_ASSERT_FATAL(first[v] >= 0 && first[v] < 4);
    load[first[v]]++;
  }
  /* bal=0.05 on 16 vertices per terminal: at most floor(16.8) = 16. */
  for (v = 0; v < 4; v++) CU_ASSERT(load[v] <= 16);
  if (hypercube_cost(first) > bound)
    fprintf(stderr, "\n  %s: cost %ld above %ld\n", strategy, hypercube_cost(first), bound);
  CU_ASSERT(hypercube_cost(first) <= bound);
  TARTAN_stratExit(&strat);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

static void test_methods_alone(void) {
  map_and_check("kl{bal=0.05}", 1, 75);
  map_and_check("sa{bal=0.05}", 2, 40);
  map_and_check("mfa_hcub{bal=0.05}", 3, 40);
  map_and_check("mfa{bal=0.05}", 4, 40);
  map_and_check("mfa_hcub{bal=0.05,beta=4,alpha=0.8,tstart=1.5,sweeps=2,sat=0.95}", 5, 40);
}

static void test_methods_in_sequences(void) {
  map_and_check("drb{bal=0.05};kl{bal=0.05,passes=3,moves=20}", 1, 40);
  map_and_check("drb{bal=0.05};sa{bal=0.05,alpha=0.9,steps=4,accept=0.2,swap=0.3,frozen=3}", 1, 40);
  map_and_check("(mfa_hcub{bal=0.05}|mfa{bal=0.05});kl{bal=0.05}", 7, 40);
}

static void test_errors(void) {
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Strat strat;
  TARTAN_Num parttab[VERTNBR];
  ASSERT_OK(TARTAN_graphInit(&graph));
  ASSERT_OK(TARTAN_graphBuild(&graph, 0, VERTNBR, verttab, NULL, NULL, NULL, edgenbr, edgetab,
                              NULL));
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archMesh2(&arch, 2, 2));
  ASSERT_OK(TARTAN_stratInit(&strat));
  ASSERT_OK(TARTAN_stratGraphMap(&strat, "mfa_hcub"));
  CU_ASSERT_EQUAL(TARTAN_graphMap(&graph, &arch, &strat, parttab), TARTAN_EINVAL);
  CU_ASSERT(strstr(TARTAN_errorMessage(), "'mesh2D'") != NULL);
  /* The general formulation maps onto the mesh. */
  ASSERT_OK(TARTAN_stratGraphMap(&strat, "mfa"));
  ASSERT_OK(TARTAN_graphMap(&graph, &arch, &strat, parttab));
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "sa{alpha=2}"), TARTAN_EFORMAT);
  CU_ASSERT(strstr(TARTAN_errorMessage(), "alpha") != NULL);
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "mfa_hcub{beta=x}"), TARTAN_EFORMAT);
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "kl{temperature=1}"), TARTAN_EFORMAT);
  CU_ASSERT(strstr(TARTAN_errorMessage(), "passes") != NULL);
  TARTAN_stratExit(&strat);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

int main(void) {
  CU_pSuite suite;
  make_grid_arrays();
  if (CU_initialize_registry() != CUE_SUCCESS) return 1;
  suite = CU_add_suite("mapping by annealing and pair swaps", NULL, NULL);
  CU_add_test(suite, "kl, sa, mfa_hcub, mfa from nothing", test_methods_alone);
  CU_add_test(suite, "after drb and in groups", test_methods_in_sequences);
  CU_add_test(suite, "non-hypercube target, bad parameters", test_errors);
  return run_registered_suites();
}
