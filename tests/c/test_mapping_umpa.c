/* Deveci et al.'s mappers (seed 004) through the public API: umpa_greedy, umpa_wh, umpa_mc and
 * umpa_mmc in strategy strings onto a scattered allocation of a torus (a sub target), one vertex
 * per node (bal=0: a permutation), the same mapping for the same seed, figures read with
 * TARTAN_graphMapNetStats: the greedy beats the allocation order (DEF, identity), each
 * refinement is no worse than the greedy on its figure; several vertices per node keep the
 * load bound; targets without a fixed size are refused and parameters checked by the parser. */
#include <stdio.h>
#include <string.h>

#include "tartan.h"
#include "test_support.h"

#define ASSERT_OK(call) CU_ASSERT_EQUAL_FATAL((call), TARTAN_OK)

enum { SIDE = 8, VERTNBR = SIDE * SIDE, NODES = 512 };
static TARTAN_Num verttab[VERTNBR + 1], edgetab[4 * VERTNBR];
static TARTAN_Num edgenbr;
static TARTAN_Num allocated[VERTNBR];

/* 64 nodes of a torus 8x8x8: runs of 1..8 consecutive nodes from scattered starts. */
static void make_inputs(void) {
  char taken[NODES] = {0};
  TARTAN_Num count = 0, start = 5;
  edgenbr = test_grid_arrays(SIDE, verttab, edgetab);
  while (count < VERTNBR) {
    TARTAN_Num length = 1 + (start * 7) % 8, node;
    for (node = start; node < start + length && count < VERTNBR; node++)
      if (!taken[node % NODES]) {
        taken[node % NODES] = 1;
        allocated[count++] = node % NODES;
      }
    start = (start * 37 + 101) % NODES;
  }
}

static void net_stats(TARTAN_Graph *graph, TARTAN_Arch *arch, TARTAN_Num *parttab,
                      TARTAN_NetStats *stats) {
  TARTAN_Mapping mapping;
  ASSERT_OK(TARTAN_graphMapInit(graph, &mapping, arch, parttab));
  ASSERT_OK(TARTAN_graphMapNetStats(graph, &mapping, stats));
  TARTAN_graphMapExit(graph, &mapping);
}

static void map(TARTAN_Graph *graph, TARTAN_Arch *arch, const char *strategy, TARTAN_Num seed,
                TARTAN_Num *parttab) {
  TARTAN_Strat strat;
  ASSERT_OK(TARTAN_stratInit(&strat));
  ASSERT_OK(TARTAN_stratGraphMap(&strat, strategy));
  ASSERT_OK(TARTAN_stratRandomSeed(&strat, seed));
  ASSERT_OK(TARTAN_graphMap(graph, arch, &strat, parttab));
  TARTAN_stratExit(&strat);
}

static void build(TARTAN_Graph *graph, TARTAN_Arch *torus, TARTAN_Arch *sub) {
  ASSERT_OK(TARTAN_graphInit(graph));
  ASSERT_OK(TARTAN_graphBuild(graph, 0, VERTNBR, verttab, NULL, NULL, NULL, edgenbr, edgetab,
                              NULL));
  ASSERT_OK(TARTAN_archInit(torus));
  ASSERT_OK(TARTAN_archTorus3(torus, 8, 8, 8));
  ASSERT_OK(TARTAN_archInit(sub));
  ASSERT_OK(TARTAN_archSub(sub, torus, VERTNBR, allocated));
}

static void test_sparse_allocation(void) {
  TARTAN_Graph graph;
  TARTAN_Arch torus, sub;
  TARTAN_Num def[VERTNBR], greedy[VERTNBR], again[VERTNBR], refined[VERTNBR], v;
  TARTAN_NetStats d, g, r;
  build(&graph, &torus, &sub);
  for (v = 0; v < VERTNBR; v++) def[v] = v;
  net_stats(&graph, &sub, def, &d);
  map(&graph, &sub, "umpa_greedy{bal=0}", 1, greedy);
  map(&graph, &sub, "umpa_greedy{bal=0}", 1, again);
  CU_ASSERT(memcmp(greedy, again, sizeof greedy) == 0);
  CU_ASSERT(test_is_permutation(greedy, VERTNBR));
  net_stats(&graph, &sub, greedy, &g);
  CU_ASSERT(g.wh < d.wh);

  map(&graph, &sub, "umpa_greedy{bal=0,nbfs=3};umpa_wh{bal=0,delta=16,stop=0}", 2, refined);
  CU_ASSERT(test_is_permutation(refined, VERTNBR));
  map(&graph, &sub, "umpa_greedy{bal=0};umpa_wh{bal=0}", 2, refined);
  CU_ASSERT(test_is_permutation(refined, VERTNBR));
  net_stats(&graph, &sub, refined, &r);
  CU_ASSERT(r.wh <= g.wh);
  map(&graph, &sub, "umpa_greedy{bal=0};umpa_mc{bal=0}", 3, refined);
  CU_ASSERT(test_is_permutation(refined, VERTNBR));
  net_stats(&graph, &sub, refined, &r);
  CU_ASSERT(r.mc <= g.mc);
  map(&graph, &sub, "umpa_greedy{bal=0};umpa_mmc{bal=0,delta=4}", 4, refined);
  CU_ASSERT(test_is_permutation(refined, VERTNBR));
  net_stats(&graph, &sub, refined, &r);
  CU_ASSERT(r.mmc <= g.mmc);
  TARTAN_archExit(&sub);
  TARTAN_archExit(&torus);
  TARTAN_graphExit(&graph);
}

static void test_several_per_node(void) {
  TARTAN_Graph graph;
  TARTAN_Arch torus, sub, sixteen;
  TARTAN_Num parttab[VERTNBR], load[16] = {0}, v;
  build(&graph, &torus, &sub);
  ASSERT_OK(TARTAN_archInit(&sixteen));
  ASSERT_OK(TARTAN_archSub(&sixteen, &torus, 16, allocated));
  map(&graph, &sixteen, "umpa_greedy{bal=0};umpa_wh{bal=0};umpa_mc{bal=0};umpa_mmc{bal=0}", 1,
      parttab);
  for (v = 0; v < VERTNBR; v++) {
    CU_ASSERT_FATAL(parttab[v] >= 0 && parttab[v] < 16);
    load[parttab[v]]++;
  }
  for (v = 0; v < 16; v++) CU_ASSERT_EQUAL(load[v], 4);
  TARTAN_archExit(&sixteen);
  TARTAN_archExit(&sub);
  TARTAN_archExit(&torus);
  TARTAN_graphExit(&graph);
}

static void test_errors(void) {
  TARTAN_Graph graph;
  TARTAN_Arch torus, sub, variable;
  TARTAN_Strat strat;
  TARTAN_Num parttab[VERTNBR];
  build(&graph, &torus, &sub);
  ASSERT_OK(TARTAN_archInit(&variable));
  ASSERT_OK(TARTAN_archVcmplt(&variable));
  ASSERT_OK(TARTAN_stratInit(&strat));
  ASSERT_OK(TARTAN_stratGraphMap(&strat, "umpa_greedy"));
  CU_ASSERT_EQUAL(TARTAN_graphMap(&graph, &variable, &strat, parttab), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "umpa_wh{delta=0}"), TARTAN_EFORMAT);
  CU_ASSERT(strstr(TARTAN_errorMessage(), "delta") != NULL);
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "umpa_wh{stop=2}"), TARTAN_EFORMAT);
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "umpa_greedy{nbfs=-1}"), TARTAN_EFORMAT);
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "umpa_mc{stop=0.1}"), TARTAN_EFORMAT);
  CU_ASSERT(strstr(TARTAN_errorMessage(), "delta") != NULL);
  TARTAN_stratExit(&strat);
  TARTAN_archExit(&variable);
  TARTAN_archExit(&sub);
  TARTAN_archExit(&torus);
  TARTAN_graphExit(&graph);
}

int main(void) {
  CU_pSuite suite;
  make_inputs();
  if (CU_initialize_registry() != CUE_SUCCESS) return 1;
  suite = CU_add_suite("Deveci et al.'s mappers", NULL, NULL);
  CU_add_test(suite, "one per node on a scattered allocation", test_sparse_allocation);
  CU_add_test(suite, "several vertices per node", test_several_per_node);
  CU_add_test(suite, "variable-sized target, bad parameters", test_errors);
  return run_registered_suites();
}
