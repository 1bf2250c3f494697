/* TARTAN_graphRemap and TARTAN_graphRemapFixed: the migration term decides, errors are named. */
#include <CUnit/Basic.h>
#include <string.h>

#include "tartan.h"
#include "test_support.h"

static TARTAN_Num vert[65], edge[256];

static void make(TARTAN_Graph *graph, TARTAN_Arch *arch) {
  TARTAN_Num edgenbr = test_grid_arrays(8, vert, edge);
  CU_ASSERT_EQUAL_FATAL(TARTAN_graphInit(graph), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_graphBuild(graph, 0, 64, vert, NULL, NULL, NULL, edgenbr, edge,
                                          NULL), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archInit(arch), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archCmplt(arch, 4), TARTAN_OK);
}

static void test_migration_decides(void) {
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Num old[64], part[64], moved = 0;
  make(&graph, &arch);
  CU_ASSERT_EQUAL(TARTAN_graphMap(&graph, &arch, NULL, old), TARTAN_OK);
  /* Relabel the old mapping's terminals (0<->1, 2<->3): same cut, so with any positive
   * migration weight the relabelled mapping must stay where it is. */
  for (int v = 0; v < 64; ++v) old[v] ^= 1;
  CU_ASSERT_EQUAL(TARTAN_graphRemap(&graph, &arch, NULL, old, 1.0, NULL, part), TARTAN_OK);
  for (int v = 0; v < 64; ++v) moved += part[v] != old[v];
  CU_ASSERT_EQUAL(moved, 0);
  /* Vertices without an old terminal are placed, and nothing else moves under a high cost. */
  old[5] = -1;
  CU_ASSERT_EQUAL(TARTAN_graphRemap(&graph, &arch, NULL, old, 100.0, NULL, part), TARTAN_OK);
  CU_ASSERT(part[5] >= 0 && part[5] < 4);
  /* Fixed vertices stay where the caller put them. */
  for (int v = 0; v < 64; ++v) part[v] = -1;
  part[0] = 3;
  CU_ASSERT_EQUAL(TARTAN_graphRemapFixed(&graph, &arch, NULL, old, 1.0, NULL, part), TARTAN_OK);
  CU_ASSERT_EQUAL(part[0], 3);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

static void test_errors(void) {
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Num old[64], part[64], load[64];
  make(&graph, &arch);
  memset(old, 0, sizeof old);
  for (int v = 0; v < 64; ++v) load[v] = 1;
  old[3] = 4;
  CU_ASSERT_EQUAL(TARTAN_graphRemap(&graph, &arch, NULL, old, 1.0, NULL, part), TARTAN_EINVAL);
  CU_ASSERT_PTR_NOT_NULL(strstr(TARTAN_errorMessage(), "outside the target"));
  old[3] = 0;
  CU_ASSERT_EQUAL(TARTAN_graphRemap(&graph, &arch, NULL, old, -1.0, NULL, part), TARTAN_EINVAL);
  CU_ASSERT_PTR_NOT_NULL(strstr(TARTAN_errorMessage(), "migration weight"));
  load[7] = -2;
  CU_ASSERT_EQUAL(TARTAN_graphRemap(&graph, &arch, NULL, old, 1.0, load, part), TARTAN_EINVAL);
  CU_ASSERT_PTR_NOT_NULL(strstr(TARTAN_errorMessage(), "negative"));
  CU_ASSERT_EQUAL(TARTAN_graphRemap(&graph, &arch, NULL, NULL, 1.0, NULL, part), TARTAN_EINVAL);
  /* Variable-sized targets: the old mapping is kept when it is no dearer, domain 0 refused. */
  CU_ASSERT_EQUAL(TARTAN_archVcmplt(&arch), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_graphMap(&graph, &arch, NULL, old), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_graphRemap(&graph, &arch, NULL, old, 100.0, NULL, part), TARTAN_OK);
  CU_ASSERT_EQUAL(memcmp(part, old, sizeof part), 0);
  old[3] = 0;
  CU_ASSERT_EQUAL(TARTAN_graphRemap(&graph, &arch, NULL, old, 1.0, NULL, part), TARTAN_EINVAL);
  CU_ASSERT_PTR_NOT_NULL(strstr(TARTAN_errorMessage(), "outside the target"));
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

int main(void) {
  CU_pSuite suite;
  if (CU_initialize_registry() != CUE_SUCCESS) return CU_get_error();
  suite = CU_add_suite("remap", NULL, NULL);
  CU_add_test(suite, "migration decides", test_migration_decides);
  CU_add_test(suite, "errors", test_errors);
  CU_basic_set_mode(CU_BRM_NORMAL);
  CU_basic_run_tests();
  {
    unsigned failed = CU_get_number_of_failures();
    CU_cleanup_registry();
    return failed == 0 ? 0 : 1;
  }
}
