/* The bipartitioning tree of TARTAN_archBuild0 / TARTAN_archBuild through the C API: halves of
 * equal terminal counts down to single terminals, the same target for the same graph, the
 * strategy argument (NULL, default, a single drb{...} step) and strategies it refuses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tartan.h"
#include "test_support.h"

/* An 8x6 torus (vertex x + 8y), base 1, over static arrays. */
#define DX 8
#define DY 6
static TARTAN_Num verttab[DX * DY + 1], edgetab[4 * DX * DY];

static void torus(TARTAN_Graph *graph) {
  TARTAN_Num v, arcs = 0;
  for (v = 0; v < DX * DY; ++v) {
    TARTAN_Num x = v % DX, y = v / DX;
    verttab[v] = arcs + 1;
    edgetab[arcs++] = y * DX + (x + DX - 1) % DX + 1;
    edgetab[arcs++] = y * DX + (x + 1) % DX + 1;
    edgetab[arcs++] = ((y + DY - 1) % DY) * DX + x + 1;
    edgetab[arcs++] = ((y + 1) % DY) * DX + x + 1;
  }
  verttab[DX * DY] = arcs + 1;
  CU_ASSERT_EQUAL_FATAL(TARTAN_graphInit(graph), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_graphBuild(graph, 1, DX * DY, verttab, NULL, NULL, NULL, arcs,
                                          edgetab, NULL),
                        TARTAN_OK);
}

/* Walks the tree; every split must give sizes floor and ceiling of half. Returns the number of
 * terminal domains reached (each terminal once). */
static int check_splits(TARTAN_Arch *arch, const TARTAN_ArchDom *dom) {
  TARTAN_ArchDom d0, d1;
  TARTAN_Num size = TARTAN_archDomSize(arch, dom), s0, s1;
  if (size == 1) {
    CU_ASSERT_EQUAL(TARTAN_archDomBipart(arch, dom, &d0, &d1), 1); /* cannot split */
    return 1;
  }
  CU_ASSERT_EQUAL_FATAL(TARTAN_archDomBipart(arch, dom, &d0, &d1), TARTAN_OK);
  s0 = TARTAN_archDomSize(arch, &d0);
  s1 = TARTAN_archDomSize(arch, &d1);
  CU_ASSERT_EQUAL(s0 + s1, size);
  CU_ASSERT(s0 == size / 2 || s1 == size / 2);
  CU_ASSERT(s0 >= 1 && s1 >= 1);
  return check_splits(arch, &d0) + check_splits(arch, &d1);
}

/* The whole target as text (deco 0 file), for comparisons; free() it. */
static char *saved(TARTAN_Arch *arch) {
  FILE *stream = tmpfile();
  char *text;
  long size;
  CU_ASSERT_FATAL(stream != NULL);
  CU_ASSERT_EQUAL(TARTAN_archSave(arch, stream), TARTAN_OK);
  size = ftell(stream);
  rewind(stream);
  text = calloc((size_t)size + 1, 1);
  CU_ASSERT_FATAL(text != NULL);
  CU_ASSERT_EQUAL(fread(text, 1, (size_t)size, stream), (size_t)size);
  fclose(stream);
  return text;
}

static void test_equal_halves_and_determinism(void) {
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_ArchDom root;
  char *first, *second;
  torus(&graph);
  TARTAN_archInit(&arch);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archBuild0(&arch, &graph, 0, NULL, NULL), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archSize(&arch), DX * DY);
  CU_ASSERT_EQUAL(TARTAN_archDomFrst(&arch, &root), TARTAN_OK);
  CU_ASSERT_EQUAL(check_splits(&arch, &root), DX * DY);
  first = saved(&arch);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archBuild0(&arch, &graph, 0, NULL, NULL), TARTAN_OK);
  second = saved(&arch);
  CU_ASSERT_STRING_EQUAL(first, second);
  free(first);
  free(second);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

static void test_strategies_taken(void) {
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Strat strat;
  TARTAN_ArchDom root;
  char *by_null, *by_default;
  const TARTAN_Num list[] = {1, 3, 5, 7, 9, 11, 20, 30, 40};
  torus(&graph);
  TARTAN_archInit(&arch);
  CU_ASSERT_EQUAL_FATAL(TARTAN_stratInit(&strat), TARTAN_OK);
  /* A just-initialised strategy is the default one: the same target as NULL. */
  CU_ASSERT_EQUAL_FATAL(TARTAN_archBuild0(&arch, &graph, 0, NULL, NULL), TARTAN_OK);
  by_null = saved(&arch);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archBuild0(&arch, &graph, 0, NULL, &strat), TARTAN_OK);
  by_default = saved(&arch);
  CU_ASSERT_STRING_EQUAL(by_null, by_default);
  free(by_null);
  free(by_default);
  /* A single drb step with its own parameters, and another seed: still a valid tree. */
  CU_ASSERT_EQUAL(TARTAN_stratGraphMap(&strat, "drb{runs=1,tries=2,passes=3,coarse=10}"),
                  TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_stratRandomSeed(&strat, 7), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archBuild0(&arch, &graph, 0, NULL, &strat), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archDomFrst(&arch, &root), TARTAN_OK);
  CU_ASSERT_EQUAL(check_splits(&arch, &root), DX * DY);
  /* With a vertex list (the other vertices are routers), through TARTAN_archBuild too. */
  CU_ASSERT_EQUAL_FATAL(TARTAN_archBuild(&arch, &graph, 9, list, &strat), TARTAN_OK);
  CU_ASSERT_STRING_EQUAL(TARTAN_archName(&arch), "deco");
  CU_ASSERT_EQUAL(TARTAN_archDomFrst(&arch, &root), TARTAN_OK);
  CU_ASSERT_EQUAL(check_splits(&arch, &root), 9);
  TARTAN_stratExit(&strat);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

static void test_strategies_refused(void) {
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Strat strat;
  const char *const refused[] = {"kway", "drb;kway", "(drb|drb{runs=3})", "drb{bal=0.2}"};
  size_t i;
  torus(&graph);
  TARTAN_archInit(&arch);
  CU_ASSERT_EQUAL_FATAL(TARTAN_stratInit(&strat), TARTAN_OK);
  for (i = 0; i < sizeof refused / sizeof refused[0]; ++i) {
    CU_ASSERT_EQUAL_FATAL(TARTAN_stratGraphMap(&strat, refused[i]), TARTAN_OK);
    CU_ASSERT_EQUAL(TARTAN_archBuild0(&arch, &graph, 0, NULL, &strat), TARTAN_EINVAL);
    CU_ASSERT(strstr(TARTAN_errorMessage(), "single drb{...} step") != NULL);
    CU_ASSERT(strstr(TARTAN_errorMessage(), refused[i]) != NULL);
    CU_ASSERT_EQUAL(TARTAN_archBuild(&arch, &graph, 0, NULL, &strat), TARTAN_EINVAL);
  }
  /* A mapping strategy from TARTAN_stratGraphMapBuild (drb then kway) is not a bipartitioning
   * strategy either. */
  CU_ASSERT_EQUAL(TARTAN_stratGraphMapBuild(&strat, TARTAN_STRATDEFAULT, 4, 0.05), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archBuild0(&arch, &graph, 0, NULL, &strat), TARTAN_EINVAL);
  TARTAN_stratExit(&strat);
  /* An exited (uninitialised) strategy handle is reported. */
  CU_ASSERT_EQUAL(TARTAN_archBuild0(&arch, &graph, 0, NULL, &strat), TARTAN_EHANDLE);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

int main(void) {
  CU_pSuite suite;
  if (CU_initialize_registry() != CUE_SUCCESS) return 1;
  suite = CU_add_suite("arch_build0_tree", NULL, NULL);
  CU_add_test(suite, "equal halves down to terminals, deterministic",
              test_equal_halves_and_determinism);
  CU_add_test(suite, "NULL, default and drb{...} strategies", test_strategies_taken);
  CU_add_test(suite, "other strategies are refused", test_strategies_refused);
  return run_registered_suites();
}
