/* The graph C API as a solver calls it: handles, building over its own arrays in base 0 and
 * 1 (compact or not), data access, renumbering, statistics, components, and the full check
 * on every kind of inconsistent array. Files are in test_graph_io.c and test_graph_bad.c. */
#include <stdint.h>
#include <stdlib.h>

#include "test_graph_common.h"

/* ---- Handles -------------------------------------------------------------------------- */

static void test_sizeof_alloc(void) {
  TARTAN_Graph *graph = TARTAN_graphAlloc();
  CU_ASSERT_EQUAL(TARTAN_graphSizeof(), (int) sizeof(TARTAN_Graph));
  CU_ASSERT_PTR_NOT_NULL_FATAL(graph);
  EXPECT_OK(TARTAN_graphInit(graph));
  EXPECT_OK(TARTAN_graphCheck(graph)); /* the empty graph is consistent */
  TARTAN_graphExit(graph);
  free(graph);
}

static void test_handle_misuse(void) {
  TARTAN_Graph graph;
  TARTAN_Num verttab[2] = {0, 0}, vertnbr = 77, edgenbr = 77;
  memset(&graph, 0, sizeof graph);
  EXPECT_ERROR(TARTAN_graphCheck(&graph), TARTAN_EHANDLE, "not initialised");
  EXPECT_ERROR(TARTAN_graphBuild(&graph, 0, 1, verttab, NULL, NULL, NULL, 0, NULL, NULL),
               TARTAN_EHANDLE, "TARTAN_Graph");
  EXPECT_OK(TARTAN_graphInit(&graph));
  TARTAN_graphExit(&graph);
  EXPECT_ERROR(TARTAN_graphCheck(&graph), TARTAN_EHANDLE, "after its Exit");
  EXPECT_ERROR(TARTAN_graphLoadPath(&graph, "x.grf", -1, 0), TARTAN_EHANDLE, "after its Exit");
  /* void functions leave their outputs alone and record the error */
  TARTAN_errorClear();
  TARTAN_graphSize(&graph, &vertnbr, &edgenbr);
  CU_ASSERT_EQUAL(vertnbr, 77);
  CU_ASSERT_EQUAL(edgenbr, 77);
  CU_ASSERT_PTR_NOT_NULL(strstr(TARTAN_errorMessage(), "TARTAN_graphSize"));
  CU_ASSERT_EQUAL(TARTAN_graphBase(&graph, 1), -1);
  {
    TARTAN_Num base = 77, velomin = 77, *verttab_out = NULL;
    TARTAN_errorClear();
    TARTAN_graphData(&graph, &base, NULL, &verttab_out, NULL, NULL, NULL, NULL, NULL, NULL);
    CU_ASSERT_EQUAL(base, 77);
    CU_ASSERT_PTR_NULL(verttab_out);
    CU_ASSERT_PTR_NOT_NULL(strstr(TARTAN_errorMessage(), "TARTAN_graphData"));
    TARTAN_errorClear();
    TARTAN_graphStat(&graph, &velomin, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                     NULL, NULL, NULL);
    CU_ASSERT_EQUAL(velomin, 77);
    CU_ASSERT_PTR_NOT_NULL(strstr(TARTAN_errorMessage(), "TARTAN_graphStat"));
  }
  EXPECT_ERROR(TARTAN_graphComponents(&graph, &vertnbr, NULL), TARTAN_EHANDLE, "after its Exit");
  EXPECT_ERROR(TARTAN_graphImportPath(&graph, "x.mtx", 0, TARTAN_GRAPHFORMAT_MATRIXMARKET),
               TARTAN_EHANDLE, "after its Exit");
  TARTAN_graphExit(&graph); /* a second Exit is harmless */
  TARTAN_graphExit(NULL);
  TARTAN_graphFree(&graph);
  CU_ASSERT_PTR_NOT_NULL(strstr(TARTAN_errorMessage(), "after its Exit"));
  /* NULL handles */
  EXPECT_ERROR(TARTAN_graphInit(NULL), TARTAN_EINVAL, "NULL");
  EXPECT_ERROR(TARTAN_graphCheck(NULL), TARTAN_EINVAL, "NULL");
  EXPECT_ERROR(TARTAN_graphSave(NULL, stdout), TARTAN_EINVAL, "NULL");
}

static int handler_calls = 0, handler_code = 0;
static char handler_message[256];
static void record_handler(int code, const char *message, void *data) {
  handler_calls += *(int *) data;
  handler_code = code;
  snprintf(handler_message, sizeof handler_message, "%s", message);
}

static void test_error_handler(void) {
  TARTAN_Graph graph;
  int increment = 1;
  TARTAN_graphInit(&graph);
  TARTAN_errorHandlerSet(record_handler, &increment);
  CU_ASSERT_EQUAL(TARTAN_graphBuild(&graph, 3, 0, NULL, NULL, NULL, NULL, 0, NULL, NULL),
                  TARTAN_EINVAL);
  CU_ASSERT_EQUAL(handler_calls, 1);
  CU_ASSERT_EQUAL(handler_code, TARTAN_EINVAL);
  CU_ASSERT_PTR_NOT_NULL(strstr(handler_message, "baseval 3"));
  TARTAN_errorHandlerSet(NULL, NULL);
  CU_ASSERT_EQUAL(TARTAN_graphBuild(&graph, 3, 0, NULL, NULL, NULL, NULL, 0, NULL, NULL),
                  TARTAN_EINVAL);
  CU_ASSERT_EQUAL(handler_calls, 1);
  CU_ASSERT_STRING_EQUAL(TARTAN_errorString(TARTAN_EINVAL), "invalid argument or inconsistent data");
  TARTAN_graphExit(&graph);
}

/* ---- Building over the caller's arrays -------------------------------------------------- */

static void test_build_base0_compact(void) {
  TARTAN_Graph graph;
  TARTAN_Num verttab[17], edgetab[64], edgenbr, base, vertnbr, arcs, compnbr;
  TARTAN_Num *vt, *vd, *vl, *lb, *et, *el;
  edgenbr = grid_arrays(4, 4, 0, verttab, edgetab);
  CU_ASSERT_EQUAL(edgenbr, 48);
  EXPECT_OK(TARTAN_graphInit(&graph));
  EXPECT_OK(TARTAN_graphBuild(&graph, 0, 16, verttab, NULL, NULL, NULL, edgenbr, edgetab, NULL));
  EXPECT_OK(TARTAN_graphCheck(&graph));
  TARTAN_graphData(&graph, &base, &vertnbr, &vt, &vd, &vl, &lb, &arcs, &et, &el);
  CU_ASSERT_EQUAL(base, 0);
  CU_ASSERT_EQUAL(vertnbr, 16);
  CU_ASSERT_EQUAL(arcs, 48);
  CU_ASSERT_PTR_EQUAL(vt, verttab); /* borrowed, not copied */
  CU_ASSERT_PTR_EQUAL(vd, verttab + 1);
  CU_ASSERT_PTR_EQUAL(et, edgetab);
  CU_ASSERT_PTR_NULL(vl);
  CU_ASSERT_PTR_NULL(lb);
  CU_ASSERT_PTR_NULL(el);
  TARTAN_graphData(&graph, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
  EXPECT_OK(TARTAN_graphComponents(&graph, &compnbr, NULL));
  CU_ASSERT_EQUAL(compnbr, 1);
  /* vendtab == verttab + 1 is the same compact graph */
  EXPECT_OK(TARTAN_graphBuild(&graph, 0, 16, verttab, verttab + 1, NULL, NULL, 48, edgetab, NULL));
  EXPECT_OK(TARTAN_graphCheck(&graph));
  /* borrowed arrays cannot be renumbered */
  TARTAN_errorClear();
  CU_ASSERT_EQUAL(TARTAN_graphBase(&graph, 1), -1);
  CU_ASSERT_PTR_NOT_NULL(strstr(TARTAN_errorMessage(), "caller's arrays"));
  TARTAN_graphExit(&graph);
}

/* Base 1, non-compact (gaps between the vertices' arcs), with loads, labels and weights: a
 * path 1 - 2 - 3 plus an isolated vertex 4. */
static void test_build_base1_noncompact(void) {
  TARTAN_Graph graph;
  const TARTAN_Num verttab[4] = {1, 4, 8, 11};
  const TARTAN_Num vendtab[4] = {2, 6, 9, 11};
  const TARTAN_Num velotab[4] = {2, 3, 4, 1};
  const TARTAN_Num vlbltab[4] = {40, 30, 20, 10};
  const TARTAN_Num edgetab[11] = {2, -9, -9, 1, 3, -9, -9, 2, -9, -9, -9};
  const TARTAN_Num edlotab[11] = {5, -9, -9, 5, 7, -9, -9, 7, -9, -9, -9};
  TARTAN_Num velomin, velomax, velosum, degrmin, degrmax, edlomin, edlomax, edlosum, compnbr;
  TARTAN_Num comptab[4];
  double veloavg, velodlt, degravg, degrdlt, edloavg, edlodlt;
  TARTAN_graphInit(&graph);
  EXPECT_OK(TARTAN_graphBuild(&graph, 1, 4, verttab, vendtab, velotab, vlbltab, 4, edgetab,
                              edlotab));
  EXPECT_OK(TARTAN_graphCheck(&graph));
  TARTAN_graphStat(&graph, &velomin, &velomax, &velosum, &veloavg, &velodlt, &degrmin, &degrmax,
                   &degravg, &degrdlt, &edlomin, &edlomax, &edlosum, &edloavg, &edlodlt);
  CU_ASSERT_EQUAL(velomin, 1);
  CU_ASSERT_EQUAL(velomax, 4);
  CU_ASSERT_EQUAL(velosum, 10);
  CU_ASSERT_DOUBLE_EQUAL(veloavg, 2.5, 1e-12);
  CU_ASSERT_DOUBLE_EQUAL(velodlt, 1.0, 1e-12);
  CU_ASSERT_EQUAL(degrmin, 0);
  CU_ASSERT_EQUAL(degrmax, 2);
  CU_ASSERT_DOUBLE_EQUAL(degravg, 1.0, 1e-12);
  CU_ASSERT_EQUAL(edlomin, 5);
  CU_ASSERT_EQUAL(edlomax, 7);
  CU_ASSERT_EQUAL(edlosum, 12); /* each edge once */
  CU_ASSERT_DOUBLE_EQUAL(edloavg, 6.0, 1e-12);
  TARTAN_graphStat(&graph, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                   NULL, NULL, NULL);
  EXPECT_OK(TARTAN_graphComponents(&graph, &compnbr, comptab));
  CU_ASSERT_EQUAL(compnbr, 2);
  CU_ASSERT_EQUAL(comptab[0], 0);
  CU_ASSERT_EQUAL(comptab[2], 0);
  CU_ASSERT_EQUAL(comptab[3], 1);
  EXPECT_ERROR(TARTAN_graphComponents(&graph, NULL, comptab), TARTAN_EINVAL, "compnbr");
  TARTAN_graphExit(&graph);
}

static void test_build_errors(void) {
  TARTAN_Graph graph;
  TARTAN_Num verttab[17], edgetab[64], vendtab[16];
  TARTAN_graphInit(&graph);
  grid_arrays(4, 4, 0, verttab, edgetab);
  EXPECT_ERROR(TARTAN_graphBuild(&graph, 2, 16, verttab, NULL, NULL, NULL, 48, edgetab, NULL),
               TARTAN_EINVAL, "baseval 2 is neither 0 nor 1");
  EXPECT_ERROR(TARTAN_graphBuild(&graph, 0, -1, verttab, NULL, NULL, NULL, 48, edgetab, NULL),
               TARTAN_EINVAL, "negative vertex count");
  EXPECT_ERROR(TARTAN_graphBuild(&graph, 0, 16, verttab, NULL, NULL, NULL, -2, edgetab, NULL),
               TARTAN_EINVAL, "negative arc count");
  EXPECT_ERROR(TARTAN_graphBuild(&graph, 0, 16, NULL, NULL, NULL, NULL, 48, edgetab, NULL),
               TARTAN_EINVAL, "verttab is NULL");
  EXPECT_ERROR(TARTAN_graphBuild(&graph, 0, 16, verttab, NULL, NULL, NULL, 48, NULL, NULL),
               TARTAN_EINVAL, "edgetab is NULL");
  EXPECT_ERROR(TARTAN_graphBuild(&graph, 0, 16, verttab, NULL, NULL, NULL, 50, edgetab, NULL),
               TARTAN_EINVAL, "the degrees sum to 48 arcs but edgenbr is 50");
  EXPECT_ERROR(TARTAN_graphBuild(&graph, 0, TARTAN_NUMMAX, verttab, NULL, NULL, NULL, 48,
                                 edgetab, NULL),
               TARTAN_EOVERFLOW, "vertnbr + 1");
  memcpy(vendtab, verttab + 1, sizeof vendtab);
  vendtab[3] = verttab[3] - 1;
  EXPECT_ERROR(TARTAN_graphBuild(&graph, 0, 16, verttab, vendtab, NULL, NULL, 48, edgetab, NULL),
               TARTAN_EINVAL, "vendtab[3]");
  /* base 1 arrays declared as base 0 start below... and as base 1 with a 0 entry */
  verttab[0] = 0;
  EXPECT_ERROR(TARTAN_graphBuild(&graph, 1, 16, verttab, NULL, NULL, NULL, 47, edgetab, NULL),
               TARTAN_EINVAL, "verttab[0] = 0 is below baseval 1");
  /* a failed Build leaves the previous graph in place */
  EXPECT_OK(TARTAN_graphBuild(&graph, 0, 16, verttab, NULL, NULL, NULL, 48, edgetab, NULL));
  EXPECT_ERROR(TARTAN_graphBuild(&graph, 5, 16, verttab, NULL, NULL, NULL, 48, edgetab, NULL),
               TARTAN_EINVAL, "baseval 5");
  EXPECT_OK(TARTAN_graphCheck(&graph));
  TARTAN_graphExit(&graph);
}

/* ---- graphCheck on arrays made inconsistent after the build (they are borrowed) ---------- */

/* A 3 x 3 grid, base 1, with vertex loads and symmetric edge weights (i + j). */
struct small_grid {
  TARTAN_Num verttab[10], edgetab[24], velotab[9], edlotab[24];
  TARTAN_Graph graph;
};

static void small_grid_build(struct small_grid *g) {
  TARTAN_Num v, arc;
  grid_arrays(3, 3, 1, g->verttab, g->edgetab);
  for (v = 0; v < 9; v++) {
    g->velotab[v] = v + 1;
    for (arc = g->verttab[v] - 1; arc < g->verttab[v + 1] - 1; arc++)
      g->edlotab[arc] = v + g->edgetab[arc];
  }
  TARTAN_graphInit(&g->graph);
  EXPECT_OK(TARTAN_graphBuild(&g->graph, 1, 9, g->verttab, NULL, g->velotab, NULL, 24,
                              g->edgetab, g->edlotab));
  EXPECT_OK(TARTAN_graphCheck(&g->graph));
}

static void test_check_defects(void) {
  struct small_grid g;

  small_grid_build(&g); /* vertex 3's second arc (arc 7) now points outside */
  g.edgetab[6] = 900;
  EXPECT_ERROR(TARTAN_graphCheck(&g.graph), TARTAN_EINVAL,
               "arc 7 of vertex 3 references vertex 900, outside [1, 9]");
  TARTAN_graphExit(&g.graph);

  small_grid_build(&g);
  g.edgetab[0] = 0; /* below the base */
  EXPECT_ERROR(TARTAN_graphCheck(&g.graph), TARTAN_EINVAL, "references vertex 0");
  TARTAN_graphExit(&g.graph);

  small_grid_build(&g); /* vertex 1 -> 2 redirected to 1 -> 5: no 5 -> 1 */
  g.edgetab[0] = 5;
  EXPECT_ERROR(TARTAN_graphCheck(&g.graph), TARTAN_EINVAL, "asymmetric");
  TARTAN_graphExit(&g.graph);

  small_grid_build(&g); /* arc weights differ on the two sides of edge {1, 2} */
  g.edlotab[0] = 99;
  EXPECT_ERROR(TARTAN_graphCheck(&g.graph), TARTAN_EINVAL, "asymmetric arc weights");
  TARTAN_graphExit(&g.graph);

  small_grid_build(&g);
  g.edgetab[0] = 1;
  EXPECT_ERROR(TARTAN_graphCheck(&g.graph), TARTAN_EINVAL, "arc 1 of vertex 1 is a self loop");
  TARTAN_graphExit(&g.graph);

  small_grid_build(&g);
  g.velotab[4] = -3;
  EXPECT_ERROR(TARTAN_graphCheck(&g.graph), TARTAN_EINVAL, "vertex 5 has a negative load (-3)");
  TARTAN_graphExit(&g.graph);

  small_grid_build(&g);
  g.edlotab[0] = -3;
  EXPECT_ERROR(TARTAN_graphCheck(&g.graph), TARTAN_EINVAL, "negative weight (-3)");
  TARTAN_graphExit(&g.graph);

  small_grid_build(&g); /* vertex 1: neighbours 2, 4 -> 2, 2 */
  g.edgetab[1] = 2;
  EXPECT_ERROR(TARTAN_graphCheck(&g.graph), TARTAN_EINVAL, "two arcs to vertex 2");
  TARTAN_graphExit(&g.graph);

  small_grid_build(&g);
  g.velotab[0] = TARTAN_NUMMAX;
  EXPECT_ERROR(TARTAN_graphCheck(&g.graph), TARTAN_EOVERFLOW, "sum of vertex loads");
  TARTAN_graphExit(&g.graph);

  small_grid_build(&g); /* symmetric but huge weights on edge {1, 2} */
  g.edlotab[0] = TARTAN_NUMMAX / 2 + 1;
  g.edlotab[2] = TARTAN_NUMMAX / 2 + 1;
  EXPECT_ERROR(TARTAN_graphCheck(&g.graph), TARTAN_EOVERFLOW, "sum of arc weights");
  TARTAN_graphExit(&g.graph);

  small_grid_build(&g); /* degrees no longer sum to edgenbr */
  g.verttab[9] = 24;
  EXPECT_ERROR(TARTAN_graphCheck(&g.graph), TARTAN_EINVAL, "edgenbr is 24");
  TARTAN_graphExit(&g.graph);

  small_grid_build(&g); /* vertex 5 ends before it starts */
  g.verttab[4] = 20;
  EXPECT_ERROR(TARTAN_graphCheck(&g.graph), TARTAN_EINVAL, "< verttab[");
  TARTAN_graphExit(&g.graph);
}

/* ---- Owned graphs: renumbering and Free ---------------------------------------------------- */

static void test_base_and_free(void) {
  TARTAN_Graph graph;
  TARTAN_Num verttab[5] = {0, 1, 3, 5, 6}, edgetab[6] = {1, 0, 2, 1, 3, 2};
  TARTAN_Num *vt, *et, vertnbr, edgenbr;
  FILE *stream = tmpfile();
  CU_ASSERT_PTR_NOT_NULL_FATAL(stream);
  TARTAN_graphInit(&graph);
  CU_ASSERT_EQUAL(TARTAN_graphBase(&graph, 1), 0); /* empty graph: only the base changes */
  CU_ASSERT_EQUAL(TARTAN_graphBase(&graph, 0), 1);
  EXPECT_OK(TARTAN_graphBuild(&graph, 0, 4, verttab, NULL, NULL, NULL, 6, edgetab, NULL));
  EXPECT_OK(TARTAN_graphSave(&graph, stream));
  rewind(stream);
  EXPECT_OK(TARTAN_graphLoad(&graph, stream, -1, 0)); /* now owned */
  fclose(stream);
  CU_ASSERT_EQUAL(TARTAN_graphBase(&graph, 1), 0);
  TARTAN_graphData(&graph, NULL, NULL, &vt, NULL, NULL, NULL, NULL, &et, NULL);
  CU_ASSERT_EQUAL(vt[0], 1);
  CU_ASSERT_EQUAL(vt[4], 7);
  CU_ASSERT_EQUAL(et[0], 2);
  EXPECT_OK(TARTAN_graphCheck(&graph));
  CU_ASSERT_EQUAL(TARTAN_graphBase(&graph, 1), 1);
  TARTAN_errorClear();
  CU_ASSERT_EQUAL(TARTAN_graphBase(&graph, 2), -1);
  CU_ASSERT_PTR_NOT_NULL(strstr(TARTAN_errorMessage(), "0 or 1"));
  CU_ASSERT_EQUAL(TARTAN_graphBase(&graph, 0), 1);
  CU_ASSERT_EQUAL(et[0], 1);
  TARTAN_graphFree(&graph);
  TARTAN_graphSize(&graph, &vertnbr, &edgenbr);
  CU_ASSERT_EQUAL(vertnbr, 0);
  CU_ASSERT_EQUAL(edgenbr, 0);
  EXPECT_OK(TARTAN_graphBuild(&graph, 0, 4, verttab, NULL, NULL, NULL, 6, edgetab, NULL));
  EXPECT_OK(TARTAN_graphCheck(&graph));
  TARTAN_graphExit(&graph);
}

int main(void) {
  CU_pSuite suite;
  if (CU_initialize_registry() != CUE_SUCCESS) return 1;
  suite = CU_add_suite("graph_api", NULL, NULL);
  CU_add_test(suite, "sizeof and alloc", test_sizeof_alloc);
  CU_add_test(suite, "handle misuse", test_handle_misuse);
  CU_add_test(suite, "error handler", test_error_handler);
  CU_add_test(suite, "build base 0 compact", test_build_base0_compact);
  CU_add_test(suite, "build base 1 non-compact", test_build_base1_noncompact);
  CU_add_test(suite, "build errors", test_build_errors);
  CU_add_test(suite, "check defects in arrays", test_check_defects);
  CU_add_test(suite, "base and free", test_base_and_free);
  return run_registered_suites();
}
