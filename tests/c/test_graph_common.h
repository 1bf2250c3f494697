/* Helpers of the graph CUnit suites: expected-error assertions and a grid graph in arrays. */
#ifndef TARTAN_TEST_GRAPH_COMMON_H
#define TARTAN_TEST_GRAPH_COMMON_H

#include <string.h>

#include "tartan.h"
#include "test_support.h"

/* Asserts that `call` returns `code` and that the error message contains `fragment`. */
#define EXPECT_ERROR(call, code, fragment)                                                    \
  do {                                                                                        \
    int rc_;                                                                                  \
    TARTAN_errorClear();                                                                      \
    rc_ = (call);                                                                             \
    CU_ASSERT_EQUAL(rc_, (code));                                                             \
    CU_ASSERT_PTR_NOT_NULL(strstr(TARTAN_errorMessage(), (fragment)));                        \
    if (rc_ != (code) || strstr(TARTAN_errorMessage(), (fragment)) == NULL)                   \
      fprintf(stderr, "\n  %s:%d: got %d '%s', expected %d with '%s'\n", __FILE__, __LINE__,   \
              rc_, TARTAN_errorMessage(), (int) (code), (fragment));                          \
  } while (0)

#define EXPECT_OK(call)                                                                       \
  do {                                                                                        \
    int rc_ = (call);                                                                         \
    CU_ASSERT_EQUAL(rc_, TARTAN_OK);                                                          \
    if (rc_ != TARTAN_OK)                                                                     \
      fprintf(stderr, "\n  %s:%d: got %d '%s'\n", __FILE__, __LINE__, rc_,                     \
              TARTAN_errorMessage());                                                         \
  } while (0)

/* A rows x cols grid (4-neighbour mesh) in compact CSR arrays with the given base; verttab
 * needs rows*cols+1 entries, edgetab 4*rows*cols. Returns the arc count. */
static inline TARTAN_Num grid_arrays(TARTAN_Num rows, TARTAN_Num cols, TARTAN_Num base,
                                     TARTAN_Num *verttab, TARTAN_Num *edgetab) {
  TARTAN_Num arc = 0, r, c;
  for (r = 0; r < rows; r++)
    for (c = 0; c < cols; c++) {
      TARTAN_Num v = r * cols + c;
      verttab[v] = arc + base;
      if (r > 0) edgetab[arc++] = v - cols + base;
      if (c > 0) edgetab[arc++] = v - 1 + base;
      if (c + 1 < cols) edgetab[arc++] = v + 1 + base;
      if (r + 1 < rows) edgetab[arc++] = v + cols + base;
    }
  verttab[rows * cols] = arc + base;
  return arc;
}

#endif
