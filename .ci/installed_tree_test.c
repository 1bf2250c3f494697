/* A user's program against an installed Tartan (see .ci/installed-tree-test): built with
 * `pkg-config --cflags --libs tartan` only. argv[1]: the shared data directory, or "". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tartan.h>

static int failures = 0;

static void expect(int condition, const char *what) {
  printf("%s: %s\n", condition ? "ok" : "FAIL", what);
  if (!condition) ++failures;
}

/* Builds a graph over the arrays and checks it; returns the first non-zero code. */
static int build_and_check(TARTAN_Num baseval, TARTAN_Num vertnbr, const TARTAN_Num *verttab,
                           TARTAN_Num edgenbr, const TARTAN_Num *edgetab) {
  TARTAN_Graph graph;
  int code = TARTAN_graphInit(&graph);
  if (code == TARTAN_OK)
    code = TARTAN_graphBuild(&graph, baseval, vertnbr, verttab, NULL, NULL, NULL, edgenbr,
                             edgetab, NULL);
  if (code == TARTAN_OK) code = TARTAN_graphCheck(&graph);
  if (code != TARTAN_OK) printf("  (code %d: %s)\n", code, TARTAN_errorMessage());
  TARTAN_graphExit(&graph);
  return code;
}

/* Loads a .grf from text through a FILE *; returns the code. */
static int load_text(const char *text) {
  TARTAN_Graph graph;
  FILE *stream = tmpfile();
  int code;
  if (stream == NULL) return -100;
  fputs(text, stream);
  rewind(stream);
  code = TARTAN_graphInit(&graph);
  if (code == TARTAN_OK) code = TARTAN_graphLoad(&graph, stream, -1, 0);
  if (code == TARTAN_OK) code = TARTAN_graphCheck(&graph);
  if (code != TARTAN_OK) printf("  (code %d: %s)\n", code, TARTAN_errorMessage());
  TARTAN_graphExit(&graph);
  fclose(stream);
  return code;
}

int main(int argc, char **argv) {
  /* 4-cycle, base 0 and base 1. */
  const TARTAN_Num verttab0[] = {0, 2, 4, 6, 8}, edgetab0[] = {1, 3, 0, 2, 1, 3, 2, 0};
  const TARTAN_Num verttab1[] = {1, 3, 5, 7, 9}, edgetab1[] = {2, 4, 1, 3, 2, 4, 3, 1};
  /* 1 -> 2 has no 2 -> 1. */
  const TARTAN_Num verttab_asym[] = {0, 1, 3, 3}, edgetab_asym[] = {1, 0, 2};
  /* Neighbour 7 of a 2-vertex graph. */
  const TARTAN_Num verttab_range[] = {0, 1, 2}, edgetab_range[] = {1, 7};
  const char *datadir = argc > 1 ? argv[1] : "";

  expect(TARTAN_versionCheck(TARTAN_NUM_BITS) == TARTAN_OK, "header and library agree");
  expect(build_and_check(0, 4, verttab0, 8, edgetab0) == TARTAN_OK, "4-cycle from arrays, base 0");
  expect(build_and_check(1, 4, verttab1, 8, edgetab1) == TARTAN_OK, "4-cycle from arrays, base 1");
  expect(build_and_check(0, 3, verttab_asym, 3, edgetab_asym) != TARTAN_OK,
         "asymmetric arcs refused");
  expect(build_and_check(0, 2, verttab_range, 2, edgetab_range) != TARTAN_OK,
         "out-of-range neighbour refused");
  expect(load_text("0\n2 2\n0 000\n1 1\n1 0\n") == TARTAN_OK, "a valid .grf through a FILE *");
  expect(load_text("0\n2 2\n0 000\n1 x\n1 0\n") != TARTAN_OK, "a malformed .grf refused");
  expect(load_text("0\n3 4\n0 000\n1 1\n") != TARTAN_OK, "a truncated .grf refused");

  if (datadir[0] != '\0') {
    char path[4096];
    TARTAN_Graph graph;
    TARTAN_Num vertnbr = 0, edgenbr = 0;
    FILE *stream;
    int code;
    snprintf(path, sizeof path, "%s/graphs/bump.grf.gz", datadir);
    stream = fopen(path, "rb");
    expect(stream != NULL, path);
    if (stream != NULL) {
      code = TARTAN_graphInit(&graph);
      if (code == TARTAN_OK) code = TARTAN_graphLoad(&graph, stream, -1, 0);
      if (code == TARTAN_OK) code = TARTAN_graphCheck(&graph);
      if (code != TARTAN_OK) printf("  (code %d: %s)\n", code, TARTAN_errorMessage());
      TARTAN_graphSize(&graph, &vertnbr, &edgenbr);
      expect(code == TARTAN_OK && vertnbr == 9800 && edgenbr == 57978,
             "bump.grf.gz through a FILE *: 9800 vertices, 57978 arcs, valid");
      TARTAN_graphExit(&graph);
      fclose(stream);
    }
  } else {
    printf("skipped: bump.grf.gz (no shared data directory given)\n");
  }
  printf("%s\n", failures == 0 ? "installed tree: all checks passed" : "installed tree: FAILED");
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
