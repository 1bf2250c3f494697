/* Thread safety as the header promises it: distinct handles used from many threads at once
 * give the same mappings as sequential calls, and error messages are per thread. Eight
 * threads map three different graphs (so the same graph too, through separate handles over
 * the same borrowed arrays) onto a torus; each also provokes its own error. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tartan.h"
#include "test_support.h"

#define GRAPHS 3
#define THREADS 8
#define ROUNDS 3

typedef struct {
  TARTAN_Num vertnbr, edgenbr;
  TARTAN_Num *verttab, *edgetab;
} Arrays;

static Arrays arrays[GRAPHS];
static TARTAN_Num *expected[GRAPHS];

/* A sidex x sidey grid (wrap: torus). */
static void make_grid(Arrays *a, TARTAN_Num sidex, TARTAN_Num sidey, int wrap) {
  a->vertnbr = sidex * sidey;
  a->verttab = malloc(sizeof(TARTAN_Num) * (size_t) (a->vertnbr + 1));
  a->edgetab = malloc(sizeof(TARTAN_Num) * (size_t) (4 * a->vertnbr));
  a->edgenbr = 0;
  for (TARTAN_Num v = 0; v < a->vertnbr; ++v) {
    const TARTAN_Num x = v % sidex, y = v / sidex;
    a->verttab[v] = a->edgenbr;
    if (y > 0 || wrap) a->edgetab[a->edgenbr++] = (y > 0 ? v - sidex : v + sidex * (sidey - 1));
    if (x > 0 || wrap) a->edgetab[a->edgenbr++] = (x > 0 ? v - 1 : v + sidex - 1);
    if (x < sidex - 1 || wrap) a->edgetab[a->edgenbr++] = (x < sidex - 1 ? v + 1 : v - sidex + 1);
    if (y < sidey - 1 || wrap)
      a->edgetab[a->edgenbr++] = (y < sidey - 1 ? v + sidex : v - sidex * (sidey - 1));
  }
  a->verttab[a->vertnbr] = a->edgenbr;
}

/* Maps graph g onto a 4 x 4 torus with seed 7 into parttab, through fresh handles. */
static int map_graph(int g, TARTAN_Num *parttab) {
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Strat strat;
  int code;
  TARTAN_graphInit(&graph);
  TARTAN_archInit(&arch);
  TARTAN_stratInit(&strat);
  code = TARTAN_graphBuild(&graph, 0, arrays[g].vertnbr, arrays[g].verttab, NULL, NULL, NULL,
                           arrays[g].edgenbr, arrays[g].edgetab, NULL);
  if (code == TARTAN_OK) code = TARTAN_graphCheck(&graph);
  if (code == TARTAN_OK) code = TARTAN_archTorus2(&arch, 4, 4);
  if (code == TARTAN_OK) code = TARTAN_stratRandomSeed(&strat, 7);
  if (code == TARTAN_OK) code = TARTAN_graphMap(&graph, &arch, &strat, parttab);
  TARTAN_stratExit(&strat);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
  return code;
}

typedef struct {
  int index, failures;
} Job;

static void *worker(void *argument) {
  Job *job = (Job *) argument;
  char strategy[64], fragment[64];
  for (int round = 0; round < ROUNDS; ++round) {
    const int g = (job->index + round) % GRAPHS;
    TARTAN_Num *parttab = malloc(sizeof(TARTAN_Num) * (size_t) arrays[g].vertnbr);
    if (map_graph(g, parttab) != TARTAN_OK ||
        memcmp(parttab, expected[g], sizeof(TARTAN_Num) * (size_t) arrays[g].vertnbr) != 0)
      job->failures++;
    free(parttab);
    /* An error of this thread's own: its message must be this thread's. */
    TARTAN_Strat strat;
    TARTAN_stratInit(&strat);
    snprintf(strategy, sizeof strategy, "drb;unknown%d", job->index);
    snprintf(fragment, sizeof fragment, "unknown method 'unknown%d'", job->index);
    if (TARTAN_stratGraphMap(&strat, strategy) != TARTAN_EFORMAT ||
        strstr(TARTAN_errorMessage(), fragment) == NULL)
      job->failures++;
    TARTAN_stratExit(&strat);
  }
  return NULL;
}

static void test_concurrent_mappings(void) {
  pthread_t threads[THREADS];
  Job jobs[THREADS];
  make_grid(&arrays[0], 20, 20, 0);
  make_grid(&arrays[1], 30, 10, 1);
  make_grid(&arrays[2], 64, 3, 0);
  for (int g = 0; g < GRAPHS; ++g) {
    expected[g] = malloc(sizeof(TARTAN_Num) * (size_t) arrays[g].vertnbr);
    CU_ASSERT_EQUAL_FATAL(map_graph(g, expected[g]), TARTAN_OK);
  }
  for (int t = 0; t < THREADS; ++t) {
    jobs[t].index = t;
    jobs[t].failures = 0;
    CU_ASSERT_EQUAL_FATAL(pthread_create(&threads[t], NULL, worker, &jobs[t]), 0);
  }
  for (int t = 0; t < THREADS; ++t) {
    pthread_join(threads[t], NULL);
    CU_ASSERT_EQUAL(jobs[t].failures, 0);
  }
  for (int g = 0; g < GRAPHS; ++g) {
    free(expected[g]);
    free(arrays[g].verttab);
    free(arrays[g].edgetab);
  }
}

/* Maps with 1 thread into one, then with 2, 3 and 0 threads into many: the same mapping. */
static void expect_same_for_thread_counts(TARTAN_Graph *graph, const TARTAN_Arch *arch,
                                          TARTAN_Strat *strat, TARTAN_Num *one, TARTAN_Num *many,
                                          TARTAN_Num vertnbr) {
  static const TARTAN_Num counts[] = {2, 3, 0};
  CU_ASSERT_EQUAL(TARTAN_stratThreads(strat, 1), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_graphMap(graph, arch, strat, one), TARTAN_OK);
  for (size_t c = 0; c < sizeof counts / sizeof *counts; ++c) {
    CU_ASSERT_EQUAL(TARTAN_stratThreads(strat, counts[c]), TARTAN_OK);
    CU_ASSERT_EQUAL_FATAL(TARTAN_graphMap(graph, arch, strat, many), TARTAN_OK);
    CU_ASSERT(memcmp(one, many, sizeof(TARTAN_Num) * (size_t) vertnbr) == 0);
  }
}

/* TARTAN_stratThreads: a 70 x 70 grid (DRB's first jobs are big enough to run their
 * bipartitioning runs side by side) onto a 4 x 4 torus, with the default strategy, three
 * bipartitioning runs per job, a best-of, and the breadth policy (the jobs of a level side by
 * side), and onto a tree-leaf with msec, gives the same mapping for every thread count. */
static void test_strategy_threads(void) {
  static const char *const strategies[] = {NULL, "drb{runs=3};kway", "(drb|drb{policy=breadth})",
                                           "drb{policy=breadth};kway"};
  Arrays grid;
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Strat strat;
  TARTAN_Num *one, *many;
  make_grid(&grid, 70, 70, 0);
  one = malloc(sizeof(TARTAN_Num) * (size_t) grid.vertnbr);
  many = malloc(sizeof(TARTAN_Num) * (size_t) grid.vertnbr);
  TARTAN_graphInit(&graph);
  TARTAN_archInit(&arch);
  TARTAN_stratInit(&strat);
  CU_ASSERT_EQUAL_FATAL(TARTAN_graphBuild(&graph, 0, grid.vertnbr, grid.verttab, NULL, NULL,
                                          NULL, grid.edgenbr, grid.edgetab, NULL),
                        TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archTorus2(&arch, 4, 4), TARTAN_OK);
  for (size_t s = 0; s < sizeof strategies / sizeof *strategies; ++s) {
    if (strategies[s] != NULL) CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, strategies[s]), TARTAN_OK);
    expect_same_for_thread_counts(&graph, &arch, &strat, one, many, grid.vertnbr);
  }
  /* msec's bisections of 2000 vertices or more run their runs side by side too: onto a
   * 4 x 4 tree-leaf. */
  {
    static const TARTAN_Num sizetab[] = {4, 4}, linktab[] = {10, 1};
    TARTAN_archExit(&arch);
    TARTAN_archInit(&arch);
    CU_ASSERT_EQUAL_FATAL(TARTAN_archTleaf(&arch, 2, sizetab, linktab), TARTAN_OK);
    CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "msec{runs=3};kway"), TARTAN_OK);
    expect_same_for_thread_counts(&graph, &arch, &strat, one, many, grid.vertnbr);
  }
  /* Errors: out of range, NULL, a handle not initialised. */
  CU_ASSERT_EQUAL(TARTAN_stratThreads(&strat, -1), TARTAN_EINVAL);
  CU_ASSERT(strstr(TARTAN_errorMessage(), "thread count must be between 0 and 4096") != NULL);
  CU_ASSERT_EQUAL(TARTAN_stratThreads(&strat, 4097), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_stratThreads(NULL, 1), TARTAN_EINVAL);
  TARTAN_stratExit(&strat);
  CU_ASSERT_EQUAL(TARTAN_stratThreads(&strat, 1), TARTAN_EHANDLE);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
  free(one);
  free(many);
  free(grid.verttab);
  free(grid.edgetab);
}

int main(void) {
  CU_pSuite suite;
  if (CU_initialize_registry() != CUE_SUCCESS) return 1;
  suite = CU_add_suite("threads", NULL, NULL);
  CU_add_test(suite, "8 threads map as sequential calls do", test_concurrent_mappings);
  CU_add_test(suite, "TARTAN_stratThreads: the same mapping for any count", test_strategy_threads);
  return run_registered_suites();
}
