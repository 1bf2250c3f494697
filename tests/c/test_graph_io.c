/* Graph files through the C API: .grf through a FILE * and a path, gzip, base and flag
 * handling on loading, save -> load round trips, Matrix Market and METIS imports, and the
 * messages of failed loads. Uses the shared data set when present (skipped politely if not). */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "test_graph_common.h"

static int have_zlib = 1;

/* Loads a tiny gzip file to learn whether this build reads gzip. */
static int probe_zlib(void) {
  TARTAN_Graph graph;
  int rc;
  TARTAN_graphInit(&graph);
  rc = TARTAN_graphLoadPath(&graph, test_data_path("graphs/tiny.grf.gz"), -1, 0);
  TARTAN_graphExit(&graph);
  if (rc == TARTAN_ENOTSUP) have_zlib = 0;
  return 0;
}

static const char *shared_graph(const char *name) {
  char full[256];
  const char *path;
  snprintf(full, sizeof full, "graphs/%s", name);
  path = shared_data_path(full);
  if (path == NULL) fprintf(stderr, "\n  (shared data set absent: %s skipped) ", name);
  return path;
}

static void test_load_m4x4(void) {
  TARTAN_Graph graph;
  TARTAN_Num base, vertnbr, edgenbr, compnbr, *velotab, *edlotab, *vlbltab;
  const char *path = shared_graph("m4x4.grf");
  FILE *stream;
  if (path == NULL) return;
  stream = fopen(path, "r");
  CU_ASSERT_PTR_NOT_NULL_FATAL(stream);
  TARTAN_graphInit(&graph);
  EXPECT_OK(TARTAN_graphLoad(&graph, stream, -1, 0));
  fclose(stream);
  TARTAN_graphData(&graph, &base, &vertnbr, NULL, NULL, &velotab, &vlbltab, &edgenbr, NULL,
                   &edlotab);
  CU_ASSERT_EQUAL(base, 0);
  CU_ASSERT_EQUAL(vertnbr, 16);
  CU_ASSERT_EQUAL(edgenbr, 48);
  CU_ASSERT_PTR_NULL(velotab);
  CU_ASSERT_PTR_NULL(vlbltab);
  CU_ASSERT_PTR_NULL(edlotab);
  EXPECT_OK(TARTAN_graphCheck(&graph));
  EXPECT_OK(TARTAN_graphComponents(&graph, &compnbr, NULL));
  CU_ASSERT_EQUAL(compnbr, 1);
  TARTAN_graphExit(&graph);
}

/* Base 1, labels, loads and weights: gtst reports loads 1..3 sum 28, edge loads 1..7. */
static void test_load_labelled_base1(void) {
  TARTAN_Graph graph;
  TARTAN_Num base, *velotab, *edlotab, *vlbltab, *edgetab, velosum, edlomin, edlomax;
  double veloavg, velodlt, degrdlt, edloavg, edlodlt;
  const char *path = shared_graph("m4x4_b1_elv.grf");
  if (path == NULL) return;
  TARTAN_graphInit(&graph);
  EXPECT_OK(TARTAN_graphLoadPath(&graph, path, -1, 0));
  TARTAN_graphData(&graph, &base, NULL, NULL, NULL, &velotab, &vlbltab, NULL, &edgetab, &edlotab);
  CU_ASSERT_EQUAL(base, 1);
  CU_ASSERT_PTR_NOT_NULL(velotab);
  CU_ASSERT_PTR_NOT_NULL(vlbltab);
  CU_ASSERT_PTR_NOT_NULL(edlotab);
  EXPECT_OK(TARTAN_graphCheck(&graph));
  TARTAN_graphStat(&graph, NULL, NULL, &velosum, &veloavg, &velodlt, NULL, NULL, NULL, &degrdlt,
                   &edlomin, &edlomax, NULL, &edloavg, &edlodlt);
  CU_ASSERT_EQUAL(velosum, 28);
  CU_ASSERT_DOUBLE_EQUAL(veloavg, 1.75, 1e-9);
  CU_ASSERT_DOUBLE_EQUAL(velodlt, 0.65625, 1e-9);
  CU_ASSERT_DOUBLE_EQUAL(degrdlt, 0.5, 1e-9);
  CU_ASSERT_EQUAL(edlomin, 1);
  CU_ASSERT_EQUAL(edlomax, 7);
  CU_ASSERT_DOUBLE_EQUAL(edloavg, 2.45833333, 1e-6);
  CU_ASSERT_DOUBLE_EQUAL(edlodlt, 1.40625, 1e-9);
  /* renumbered to base 0, loads and weights discarded */
  EXPECT_OK(TARTAN_graphLoadPath(&graph, path, 0, 3));
  TARTAN_graphData(&graph, &base, NULL, NULL, NULL, &velotab, &vlbltab, NULL, &edgetab, &edlotab);
  CU_ASSERT_EQUAL(base, 0);
  CU_ASSERT_PTR_NULL(velotab);
  CU_ASSERT_PTR_NULL(edlotab);
  CU_ASSERT_PTR_NOT_NULL(vlbltab);
  EXPECT_OK(TARTAN_graphCheck(&graph));
  EXPECT_OK(TARTAN_graphLoadPath(&graph, path, -1, 1));
  TARTAN_graphData(&graph, NULL, NULL, NULL, NULL, &velotab, NULL, NULL, NULL, &edlotab);
  CU_ASSERT_PTR_NULL(velotab);
  CU_ASSERT_PTR_NOT_NULL(edlotab);
  EXPECT_OK(TARTAN_graphLoadPath(&graph, path, -1, 2));
  TARTAN_graphData(&graph, NULL, NULL, NULL, NULL, &velotab, NULL, NULL, NULL, &edlotab);
  CU_ASSERT_PTR_NOT_NULL(velotab);
  CU_ASSERT_PTR_NULL(edlotab);
  TARTAN_graphExit(&graph);
}

static void check_gzip_graph(const char *name, TARTAN_Num vertices) {
  TARTAN_Graph graph;
  TARTAN_Num vertnbr, compnbr;
  const char *path = shared_graph(name);
  char copy[4096];
  FILE *stream;
  if (path == NULL) return;
  snprintf(copy, sizeof copy, "%s", path);
  TARTAN_graphInit(&graph);
  if (!have_zlib) {
    EXPECT_ERROR(TARTAN_graphLoadPath(&graph, copy, -1, 0), TARTAN_ENOTSUP, "zlib");
    TARTAN_graphExit(&graph);
    return;
  }
  stream = fopen(copy, "rb"); /* through a FILE * */
  CU_ASSERT_PTR_NOT_NULL_FATAL(stream);
  EXPECT_OK(TARTAN_graphLoad(&graph, stream, -1, 0));
  fclose(stream);
  TARTAN_graphSize(&graph, &vertnbr, NULL);
  CU_ASSERT_EQUAL(vertnbr, vertices);
  EXPECT_OK(TARTAN_graphCheck(&graph));
  TARTAN_graphFree(&graph);
  EXPECT_OK(TARTAN_graphLoadPath(&graph, copy, -1, 0)); /* and through a path */
  TARTAN_graphSize(&graph, &vertnbr, NULL);
  CU_ASSERT_EQUAL(vertnbr, vertices);
  EXPECT_OK(TARTAN_graphCheck(&graph));
  EXPECT_OK(TARTAN_graphComponents(&graph, &compnbr, NULL));
  CU_ASSERT_EQUAL(compnbr, 1);
  TARTAN_graphExit(&graph);
}

static void test_load_gzip(void) {
  check_gzip_graph("bump.grf.gz", 9800);
  check_gzip_graph("4elt.grf.gz", 15606);
}

/* Saves, loads back, and compares every array. */
static void expect_same_graph(const TARTAN_Graph *a, const TARTAN_Graph *b) {
  TARTAN_Num base[2], vertnbr[2], edgenbr[2], *vt[2], *vd[2], *vl[2], *lb[2], *et[2], *el[2];
  TARTAN_Num v, arc;
  TARTAN_graphData(a, &base[0], &vertnbr[0], &vt[0], &vd[0], &vl[0], &lb[0], &edgenbr[0], &et[0],
                   &el[0]);
  TARTAN_graphData(b, &base[1], &vertnbr[1], &vt[1], &vd[1], &vl[1], &lb[1], &edgenbr[1], &et[1],
                   &el[1]);
  CU_ASSERT_EQUAL_FATAL(vertnbr[0], vertnbr[1]);
  CU_ASSERT_EQUAL(base[0], base[1]);
  CU_ASSERT_EQUAL(edgenbr[0], edgenbr[1]);
  CU_ASSERT_EQUAL(vl[0] == NULL, vl[1] == NULL);
  CU_ASSERT_EQUAL(lb[0] == NULL, lb[1] == NULL);
  CU_ASSERT_EQUAL(el[0] == NULL, el[1] == NULL);
  for (v = 0; v < vertnbr[0]; v++) {
    CU_ASSERT_EQUAL_FATAL(vd[0][v] - vt[0][v], vd[1][v] - vt[1][v]);
    if (vl[0] && vl[1]) CU_ASSERT_EQUAL(vl[0][v], vl[1][v]);
    if (lb[0] && lb[1]) CU_ASSERT_EQUAL(lb[0][v], lb[1][v]);
    for (arc = 0; arc < vd[0][v] - vt[0][v]; arc++) {
      CU_ASSERT_EQUAL(et[0][vt[0][v] - base[0] + arc], et[1][vt[1][v] - base[1] + arc]);
      if (el[0] && el[1])
        CU_ASSERT_EQUAL(el[0][vt[0][v] - base[0] + arc], el[1][vt[1][v] - base[1] + arc]);
    }
  }
}

static void test_round_trip(void) {
  TARTAN_Graph built, loaded;
  /* base 1, non-compact, loads, labels (neighbours are saved by label), weights */
  const TARTAN_Num verttab[4] = {1, 4, 8, 11}, vendtab[4] = {2, 6, 9, 11};
  const TARTAN_Num velotab[4] = {2, 3, 4, 1}, vlbltab[4] = {40, 30, 20, 10};
  const TARTAN_Num edgetab[11] = {2, 0, 0, 1, 3, 0, 0, 2, 0, 0, 0};
  const TARTAN_Num edlotab[11] = {5, 0, 0, 5, 7, 0, 0, 7, 0, 0, 0};
  char gzpath[] = "/tmp/tartan_test_graph_XXXXXX";
  char gzname[64];
  FILE *stream = tmpfile();
  int fd;
  CU_ASSERT_PTR_NOT_NULL_FATAL(stream);
  TARTAN_graphInit(&built);
  TARTAN_graphInit(&loaded);
  EXPECT_OK(TARTAN_graphBuild(&built, 1, 4, verttab, vendtab, velotab, vlbltab, 4, edgetab,
                              edlotab));
  EXPECT_OK(TARTAN_graphSave(&built, stream));
  rewind(stream);
  EXPECT_OK(TARTAN_graphLoad(&loaded, stream, -1, 0));
  fclose(stream);
  EXPECT_OK(TARTAN_graphCheck(&loaded));
  expect_same_graph(&built, &loaded);

  /* SavePath to a .gz name compresses (or says ENOTSUP without zlib) */
  fd = mkstemp(gzpath);
  CU_ASSERT_FATAL(fd >= 0);
  close(fd);
  unlink(gzpath);
  snprintf(gzname, sizeof gzname, "%s.grf.gz", gzpath);
  if (have_zlib) {
    unsigned char magic[2] = {0, 0};
    EXPECT_OK(TARTAN_graphSavePath(&built, gzname));
    stream = fopen(gzname, "rb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(stream);
    CU_ASSERT_EQUAL(fread(magic, 1, 2, stream), 2);
    fclose(stream);
    CU_ASSERT(magic[0] == 0x1f && magic[1] == 0x8b);
    TARTAN_graphFree(&loaded);
    EXPECT_OK(TARTAN_graphLoadPath(&loaded, gzname, -1, 0));
    expect_same_graph(&built, &loaded);
    unlink(gzname);
  } else {
    EXPECT_ERROR(TARTAN_graphSavePath(&built, gzname), TARTAN_ENOTSUP, "zlib");
  }
  /* plain path */
  snprintf(gzname, sizeof gzname, "%s.grf", gzpath);
  EXPECT_OK(TARTAN_graphSavePath(&built, gzname));
  EXPECT_OK(TARTAN_graphLoadPath(&loaded, gzname, -1, 0));
  expect_same_graph(&built, &loaded);
  unlink(gzname);
  TARTAN_graphExit(&built);
  TARTAN_graphExit(&loaded);
}

static void test_shared_round_trip(void) {
  TARTAN_Graph original, copy;
  const char *path = shared_graph("m4x4_b1_elv.grf");
  FILE *stream;
  if (path == NULL) return;
  TARTAN_graphInit(&original);
  TARTAN_graphInit(&copy);
  EXPECT_OK(TARTAN_graphLoadPath(&original, path, -1, 0));
  stream = tmpfile();
  CU_ASSERT_PTR_NOT_NULL_FATAL(stream);
  EXPECT_OK(TARTAN_graphSave(&original, stream));
  rewind(stream);
  EXPECT_OK(TARTAN_graphLoad(&copy, stream, -1, 0));
  fclose(stream);
  expect_same_graph(&original, &copy);
  TARTAN_graphExit(&original);
  TARTAN_graphExit(&copy);
}

static void test_load_errors(void) {
  TARTAN_Graph graph;
  TARTAN_Num vertnbr;
  FILE *stream = tmpfile();
  CU_ASSERT_PTR_NOT_NULL_FATAL(stream);
  fputs("0\n3 6\n0 000\n2 1 2\n2 0 x\n2 0 1\n", stream);
  rewind(stream);
  TARTAN_graphInit(&graph);
  if (have_zlib) EXPECT_OK(TARTAN_graphLoadPath(&graph, test_data_path("graphs/tiny.grf.gz"), -1, 0));
  EXPECT_ERROR(TARTAN_graphLoad(&graph, stream, -1, 0), TARTAN_EFORMAT,
               "graph stream: line 5: expected a neighbour, found 'x'");
  fclose(stream);
  if (have_zlib) { /* a failed load leaves the graph as it was */
    TARTAN_graphSize(&graph, &vertnbr, NULL);
    CU_ASSERT_EQUAL(vertnbr, 3);
  }
  EXPECT_ERROR(TARTAN_graphLoadPath(&graph, "/nonexistent/dir/g.grf", -1, 0), TARTAN_EIO,
               "cannot open '/nonexistent/dir/g.grf'");
  EXPECT_ERROR(TARTAN_graphLoadPath(&graph, NULL, -1, 0), TARTAN_EINVAL, "path is NULL");
  EXPECT_ERROR(TARTAN_graphLoad(&graph, NULL, -1, 0), TARTAN_EINVAL, "stream is NULL");
  EXPECT_ERROR(TARTAN_graphLoadPath(&graph, test_data_path("graphs/tiny.grf.gz"), 5, 0),
               TARTAN_EINVAL, "baseval");
  EXPECT_ERROR(TARTAN_graphLoadPath(&graph, test_data_path("graphs/tiny.grf.gz"), -1, 4),
               TARTAN_EINVAL, "flags");
  EXPECT_ERROR(TARTAN_graphSavePath(&graph, "/nonexistent/dir/g.grf"), TARTAN_EIO,
               "cannot create");
  EXPECT_ERROR(TARTAN_graphSavePath(&graph, NULL), TARTAN_EINVAL, "path is NULL");
  stream = fopen("/dev/full", "w"); /* every write fails: the error must reach the caller */
  if (stream != NULL) {
    EXPECT_ERROR(TARTAN_graphSave(&graph, stream), TARTAN_EIO, "write error");
    fclose(stream);
  }
  EXPECT_ERROR(TARTAN_graphSave(&graph, NULL), TARTAN_EINVAL, "stream is NULL");
  TARTAN_graphExit(&graph);
}

static void test_import_matrix_market(void) {
  TARTAN_Graph graph;
  TARTAN_Num base, vertnbr, edgenbr, *verttab, *edgetab, *edlotab;
  FILE *stream;
  TARTAN_graphInit(&graph);
  /* integer symmetric: edges {1,2} 3, {2,3} 5, {3,4} 2, {1,3} 7; diagonal dropped */
  EXPECT_OK(TARTAN_graphImportPath(&graph, test_data_path("graphs/small_int.mtx"), 1,
                                   TARTAN_GRAPHFORMAT_MATRIXMARKET));
  EXPECT_OK(TARTAN_graphCheck(&graph));
  TARTAN_graphData(&graph, &base, &vertnbr, &verttab, NULL, NULL, NULL, &edgenbr, &edgetab,
                   &edlotab);
  CU_ASSERT_EQUAL(base, 1);
  CU_ASSERT_EQUAL(vertnbr, 4);
  CU_ASSERT_EQUAL(edgenbr, 8);
  CU_ASSERT_PTR_NOT_NULL_FATAL(edlotab);
  CU_ASSERT_EQUAL(verttab[1] - verttab[0], 2); /* vertex 1: 2 and 3 */
  CU_ASSERT_EQUAL(edgetab[0], 2);
  CU_ASSERT_EQUAL(edlotab[0], 3);
  CU_ASSERT_EQUAL(edgetab[1], 3);
  CU_ASSERT_EQUAL(edlotab[1], 7);
  /* real general through a FILE *: the pattern only, weights 1 */
  stream = fopen(test_data_path("graphs/small_real.mtx"), "r");
  CU_ASSERT_PTR_NOT_NULL_FATAL(stream);
  EXPECT_OK(TARTAN_graphImport(&graph, stream, 0, TARTAN_GRAPHFORMAT_MATRIXMARKET));
  fclose(stream);
  EXPECT_OK(TARTAN_graphCheck(&graph));
  TARTAN_graphData(&graph, &base, &vertnbr, NULL, NULL, NULL, NULL, &edgenbr, NULL, &edlotab);
  CU_ASSERT_EQUAL(base, 0);
  CU_ASSERT_EQUAL(vertnbr, 3);
  CU_ASSERT_EQUAL(edgenbr, 4);
  CU_ASSERT_PTR_NULL(edlotab);
  EXPECT_ERROR(TARTAN_graphImportPath(&graph, test_data_path("graphs/small_real.mtx"), 0, 9),
               TARTAN_EINVAL, "unknown graph format 9");
  EXPECT_ERROR(TARTAN_graphImportPath(&graph, test_data_path("graphs/small_real.mtx"), 2,
                                      TARTAN_GRAPHFORMAT_MATRIXMARKET),
               TARTAN_EINVAL, "baseval");
  EXPECT_ERROR(TARTAN_graphImport(&graph, NULL, 0, TARTAN_GRAPHFORMAT_METIS), TARTAN_EINVAL,
               "stream is NULL");
  TARTAN_graphExit(&graph);
}

static void test_import_metis(void) {
  TARTAN_Graph graph;
  TARTAN_Num vertnbr, edgenbr, velosum, edlosum, edlomax;
  TARTAN_graphInit(&graph);
  EXPECT_OK(TARTAN_graphImportPath(&graph, test_data_path("graphs/small_weighted.graph"), 0,
                                   TARTAN_GRAPHFORMAT_METIS));
  EXPECT_OK(TARTAN_graphCheck(&graph));
  TARTAN_graphSize(&graph, &vertnbr, &edgenbr);
  CU_ASSERT_EQUAL(vertnbr, 4);
  CU_ASSERT_EQUAL(edgenbr, 8);
  TARTAN_graphStat(&graph, NULL, NULL, &velosum, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                   &edlomax, &edlosum, NULL, NULL);
  CU_ASSERT_EQUAL(velosum, 15);
  CU_ASSERT_EQUAL(edlomax, 6);
  CU_ASSERT_EQUAL(edlosum, 3 + 1 + 2 + 6);
  /* the SCOTCH format through Import too */
  EXPECT_OK(TARTAN_graphImportPath(&graph, test_data_path("bad/asymmetric_arc.grf"), -1,
                                   TARTAN_GRAPHFORMAT_SCOTCH));
  EXPECT_ERROR(TARTAN_graphCheck(&graph), TARTAN_EINVAL, "asymmetric");
  TARTAN_graphExit(&graph);
}

int main(void) {
  CU_pSuite suite;
  if (CU_initialize_registry() != CUE_SUCCESS) return 1;
  suite = CU_add_suite("graph_io", probe_zlib, NULL);
  CU_add_test(suite, "load m4x4 through a FILE", test_load_m4x4);
  CU_add_test(suite, "load labelled base-1 graph", test_load_labelled_base1);
  CU_add_test(suite, "load gzip through FILE and path", test_load_gzip);
  CU_add_test(suite, "save/load round trip", test_round_trip);
  CU_add_test(suite, "shared graph round trip", test_shared_round_trip);
  CU_add_test(suite, "load errors", test_load_errors);
  CU_add_test(suite, "import Matrix Market", test_import_matrix_market);
  CU_add_test(suite, "import METIS", test_import_metis);
  return run_registered_suites();
}
