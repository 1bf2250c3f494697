/* The hostile-input catalogue (tests/data/hostile/MANIFEST, doc/hostile-inputs.md) through the
 * C API: every entry gives its code and a message containing its fragment, and nothing
 * crashes, hangs or leaks (the suite also runs under ASan+UBSan and in the fuzzing build). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tartan.h"
#include "test_support.h"

static int code_of(const char *name) {
  static const struct {
    const char *name;
    int code;
  } codes[] = {{"EINVAL", TARTAN_EINVAL},   {"ENOMEM", TARTAN_ENOMEM},
               {"EIO", TARTAN_EIO},         {"EFORMAT", TARTAN_EFORMAT},
               {"ENOTSUP", TARTAN_ENOTSUP}, {"EOVERFLOW", TARTAN_EOVERFLOW}};
  for (size_t i = 0; i < sizeof codes / sizeof codes[0]; ++i)
    if (strcmp(name, codes[i].name) == 0) return codes[i].code;
  return 1; /* never matches */
}

/* The whole file as a string (malloc'd). */
static char *slurp(const char *path) {
  FILE *file = fopen(path, "rb");
  char *text;
  long size;
  if (file == NULL) return NULL;
  fseek(file, 0, SEEK_END);
  size = ftell(file);
  rewind(file);
  text = malloc((size_t) size + 1);
  if (text != NULL) text[fread(text, 1, (size_t) size, file)] = '\0';
  fclose(file);
  return text;
}

/* Runs one entry; returns the code the library gave. */
static int run_entry(const char *loader, const char *path) {
  TARTAN_Graph graph, path12;
  TARTAN_Arch arch;
  TARTAN_Mapping mapping;
  TARTAN_Strat strat;
  TARTAN_Num parttab[12];
  char graph_path[4096];
  int code = 1;
  TARTAN_graphInit(&graph);
  TARTAN_graphInit(&path12);
  TARTAN_archInit(&arch);
  TARTAN_stratInit(&strat);
  if (strcmp(loader, "grf") == 0) {
    code = TARTAN_graphLoadPath(&graph, path, -1, 0);
    if (code == TARTAN_OK) code = TARTAN_graphCheck(&graph);
  } else if (strcmp(loader, "metis") == 0 || strcmp(loader, "mtx") == 0) {
    code = TARTAN_graphImportPath(&graph, path, 0,
                                  loader[0] == 'm' && loader[1] == 'e'
                                      ? TARTAN_GRAPHFORMAT_METIS
                                      : TARTAN_GRAPHFORMAT_MATRIXMARKET);
    if (code == TARTAN_OK) code = TARTAN_graphCheck(&graph);
  } else if (strcmp(loader, "tgt") == 0) {
    code = TARTAN_archLoadPath(&arch, path);
  } else {
    snprintf(graph_path, sizeof graph_path, "%s", test_data_path("hostile/path12.grf"));
    CU_ASSERT_EQUAL_FATAL(TARTAN_graphLoadPath(&path12, graph_path, -1, 0), TARTAN_OK);
    CU_ASSERT_EQUAL_FATAL(TARTAN_archLoadPath(&arch, test_data_path("hostile/mesh2x3.tgt")),
                          TARTAN_OK);
    if (strcmp(loader, "map") == 0) {
      CU_ASSERT_EQUAL_FATAL(TARTAN_graphMapInit(&path12, &mapping, &arch, parttab), TARTAN_OK);
      code = TARTAN_graphMapLoadPath(&path12, &mapping, path);
      TARTAN_graphMapExit(&path12, &mapping);
    } else if (strcmp(loader, "strat") == 0) {
      char *text = slurp(path);
      CU_ASSERT_PTR_NOT_NULL_FATAL(text);
      code = TARTAN_stratGraphMap(&strat, text);
      if (code == TARTAN_OK) code = TARTAN_graphMap(&path12, &arch, &strat, parttab);
      free(text);
    }
  }
  TARTAN_stratExit(&strat);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&path12);
  TARTAN_graphExit(&graph);
  return code;
}

static void test_catalogue(void) {
  char manifest_path[4096], line[1024], directory[4096];
  FILE *manifest;
  int checked = 0;
  snprintf(manifest_path, sizeof manifest_path, "%s", test_data_path("hostile/MANIFEST"));
  snprintf(directory, sizeof directory, "%s", test_data_path("hostile"));
  manifest = fopen(manifest_path, "r");
  CU_ASSERT_PTR_NOT_NULL_FATAL(manifest);
  while (fgets(line, sizeof line, manifest) != NULL) {
    char file[256], loader[16], code[32], path[4400];
    int offset = 0, result;
    const char *fragment;
    if (line[0] == '#' || sscanf(line, "%255s %15s %31s %n", file, loader, code, &offset) < 3)
      continue;
    line[strcspn(line, "\n")] = '\0';
    fragment = line + offset;
    if (strcmp(file, "@dir") == 0)
      snprintf(path, sizeof path, "%s", directory);
    else if (strcmp(file, "@missing") == 0)
      snprintf(path, sizeof path, "%s/does-not-exist/x", directory);
    else
      snprintf(path, sizeof path, "%s/%s", directory, file);
    result = run_entry(loader, path);
    if (result != code_of(code) || strstr(TARTAN_errorMessage(), fragment) == NULL) {
      printf("\n  %s (%s): expected %s '%s', got %d '%s'", file, loader, code, fragment, result,
             TARTAN_errorMessage());
      CU_FAIL("hostile input not refused as catalogued");
    }
    checked++;
  }
  CU_ASSERT(checked >= 55);
  fclose(manifest);
}

int main(void) {
  CU_pSuite suite;
  if (CU_initialize_registry() != CUE_SUCCESS) return 1;
  suite = CU_add_suite("hostile inputs", NULL, NULL);
  CU_add_test(suite, "tests/data/hostile/MANIFEST through the C API", test_catalogue);
  return run_registered_suites();
}
