/* The bad-input catalogue (tests/data/bad/MANIFEST): every malformed or inconsistent graph
 * must be refused with its documented code and a non-empty message, by the loader or, when
 * the load succeeds, by TARTAN_graphCheck. .grf entries are loaded through a path and through
 * a FILE *. Built without zlib, gzip entries must give TARTAN_ENOTSUP. */
#include <stdlib.h>

#include "test_graph_common.h"

static int have_zlib = 1;

static int code_of(const char *name) {
  static const struct { const char *name; int code; } codes[] = {
      {"EINVAL", TARTAN_EINVAL},     {"ENOMEM", TARTAN_ENOMEM},   {"EIO", TARTAN_EIO},
      {"EFORMAT", TARTAN_EFORMAT},   {"ENOTSUP", TARTAN_ENOTSUP}, {"EHANDLE", TARTAN_EHANDLE},
      {"EOVERFLOW", TARTAN_EOVERFLOW}, {"EINTERNAL", TARTAN_EINTERNAL}};
  size_t i;
  for (i = 0; i < sizeof codes / sizeof codes[0]; i++)
    if (strcmp(codes[i].name, name) == 0) return codes[i].code;
  return 1; /* never a Tartan code: the comparison fails and names the entry */
}

/* Loads one entry (through a path, or a FILE * when use_stream), then checks it if that
 * succeeded; returns the first non-zero code. */
static int load_and_check(const char *path, const char *loader, int use_stream) {
  TARTAN_Graph graph;
  FILE *stream = NULL;
  int rc;
  TARTAN_graphInit(&graph);
  if (use_stream) {
    stream = fopen(path, "rb");
    if (stream == NULL) {
      TARTAN_graphExit(&graph);
      return TARTAN_EIO;
    }
  }
  if (strcmp(loader, "grf") == 0)
    rc = use_stream ? TARTAN_graphLoad(&graph, stream, -1, 0)
                    : TARTAN_graphLoadPath(&graph, path, -1, 0);
  else {
    int format = strcmp(loader, "mtx") == 0 ? TARTAN_GRAPHFORMAT_MATRIXMARKET
                                            : TARTAN_GRAPHFORMAT_METIS;
    rc = use_stream ? TARTAN_graphImport(&graph, stream, 0, format)
                    : TARTAN_graphImportPath(&graph, path, 0, format);
  }
  if (rc == TARTAN_OK) rc = TARTAN_graphCheck(&graph);
  if (stream) fclose(stream);
  TARTAN_graphExit(&graph);
  return rc;
}

static void test_catalogue(void) {
  char manifest[4096], line[1024], file[256], expected[32], loader[16], path[4096];
  FILE *list;
  int entries = 0, pass;
  snprintf(manifest, sizeof manifest, "%s", test_data_path("bad/MANIFEST"));
  list = fopen(manifest, "r");
  CU_ASSERT_PTR_NOT_NULL_FATAL(list);
  while (fgets(line, sizeof line, list)) {
    int code;
    size_t length;
    if (line[0] == '#' || sscanf(line, "%255s %31s %15s", file, expected, loader) != 3) continue;
    entries++;
    code = code_of(expected);
    length = strlen(file);
    if (!have_zlib && length > 3 && strcmp(file + length - 3, ".gz") == 0) code = TARTAN_ENOTSUP;
    snprintf(path, sizeof path, "%s", test_data_path("bad/"));
    strncat(path, file, sizeof path - strlen(path) - 1);
    for (pass = 0; pass < 2; pass++) {
      int rc;
      if (pass == 1 && code == TARTAN_EIO) break; /* a missing file cannot be fopen()ed */
      TARTAN_errorClear();
      rc = load_and_check(path, loader, pass);
      CU_ASSERT_EQUAL(rc, code);
      CU_ASSERT(TARTAN_errorMessage()[0] != '\0');
      if (rc != code || TARTAN_errorMessage()[0] == '\0')
        fprintf(stderr, "\n  %s (%s): got %d (%s), expected %s", file,
                pass ? "FILE *" : "path", rc, TARTAN_errorMessage(), expected);
      else if (getenv("TARTAN_TEST_VERBOSE"))
        fprintf(stderr, "\n  %-36s %-9s %s", file, expected, TARTAN_errorMessage());
    }
  }
  fclose(list);
  CU_ASSERT(entries >= 25);
}

int main(void) {
  CU_pSuite suite;
  TARTAN_Graph probe;
  TARTAN_graphInit(&probe);
  if (TARTAN_graphLoadPath(&probe, test_data_path("graphs/tiny.grf.gz"), -1, 0) == TARTAN_ENOTSUP)
    have_zlib = 0;
  TARTAN_graphExit(&probe);
  if (CU_initialize_registry() != CUE_SUCCESS) return 1;
  suite = CU_add_suite("graph_bad_inputs", NULL, NULL);
  CU_add_test(suite, "bad-input catalogue", test_catalogue);
  return run_registered_suites();
}
