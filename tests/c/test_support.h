/* Helpers shared by the CUnit suites: paths of test inputs and a main() that runs the
 * registered suites and fails the process if any assertion failed. */
#ifndef TARTAN_TEST_SUPPORT_H
#define TARTAN_TEST_SUPPORT_H

#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Path of a file under tests/data (static buffer: copy it before the next call). */
static inline const char *test_data_path(const char *name) {
  static char path[4096];
  const char *dir = getenv("TARTAN_TEST_DATA");
  snprintf(path, sizeof path, "%s/%s", dir ? dir : "tests/data", name);
  return path;
}

/* Path of a file of the shared data set, or NULL if that set is not there. */
static inline const char *shared_data_path(const char *name) {
  static char path[4096];
  const char *dir = getenv("TARTAN_SHARED_DATA");
  FILE *probe;
  if (dir == NULL) return NULL;
  snprintf(path, sizeof path, "%s/%s", dir, name);
  probe = fopen(path, "rb");
  if (probe == NULL) return NULL;
  fclose(probe);
  return path;
}

/* A side x side grid (4-neighbour, vertex x + y * side) in compact CSR arrays, base 0:
 * verttab gets side * side + 1 entries, edgetab up to 4 * side * side; returns the arc count. */
static inline TARTAN_Num test_grid_arrays(TARTAN_Num side, TARTAN_Num *verttab,
                                          TARTAN_Num *edgetab) {
  TARTAN_Num v, arc = 0;
  for (v = 0; v < side * side; v++) {
    TARTAN_Num x = v % side, y = v / side;
    verttab[v] = arc;
    if (x > 0) edgetab[arc++] = v - 1;
    if (x < side - 1) edgetab[arc++] = v + 1;
    if (y > 0) edgetab[arc++] = v - side;
    if (y < side - 1) edgetab[arc++] = v + side;
  }
  verttab[side * side] = arc;
  return arc;
}

/* 1 if parttab[0 .. n) holds every terminal 0 .. n-1 once (a one-to-one mapping), else 0. */
static inline int test_is_permutation(const TARTAN_Num *parttab, TARTAN_Num n) {
  char *seen = (char *)calloc((size_t)n + 1, 1);
  TARTAN_Num v;
  int ok = seen != NULL;
  for (v = 0; ok && v < n; v++) {
    if (parttab[v] < 0 || parttab[v] >= n || seen[parttab[v]]) ok = 0;
    else seen[parttab[v]] = 1;
  }
  free(seen);
  return ok;
}

/* Runs every registered suite verbosely; exit status 1 if any test failed. */
static inline int run_registered_suites(void) {
  unsigned int failures;
  CU_basic_set_mode(CU_BRM_VERBOSE);
  CU_basic_run_tests();
  failures = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
  CU_cleanup_registry();
  return failures == 0 && CU_get_error() == CUE_SUCCESS ? 0 : 1;
}

#endif
