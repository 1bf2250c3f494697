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
