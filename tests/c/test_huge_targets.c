/* Targets far bigger than the graph: a 6x6 grid onto a complete graph of 2^31 - 1 terminals,
 * a tree-leaf of 10^9 leaves and a 4 x 4 x 99999999 mesh. The default strategy must finish at
 * once with memory in proportion to the graph, so the address space is limited to 768 MB
 * (the per-terminal arrays these targets would need take gigabytes). Under AddressSanitizer,
 * whose shadow memory needs terabytes of address space, the limit is left out and the test
 * checks the mappings only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "tartan.h"
#include "test_support.h"

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

#define ASSERT_OK(call) CU_ASSERT_EQUAL_FATAL((call), TARTAN_OK)

enum { SIDE = 6, VERTNBR = SIDE * SIDE };
static TARTAN_Num verttab[VERTNBR + 1], edgetab[4 * VERTNBR], velotab[VERTNBR];
static TARTAN_Num edgenbr;

/* Maps the grid (vertex loads velo, or none) onto arch with the default strategy; every vertex
 * must be on a terminal of its own, inside the target. */
static void map_alone(TARTAN_Arch *arch, TARTAN_Num termnbr, const TARTAN_Num *velo) {
  TARTAN_Graph graph;
  TARTAN_Num parttab[VERTNBR];
  TARTAN_Num v, u;
  ASSERT_OK(TARTAN_graphInit(&graph));
  ASSERT_OK(TARTAN_graphBuild(&graph, 0, VERTNBR, verttab, NULL, velo, NULL, edgenbr, edgetab,
                              NULL));
  ASSERT_OK(TARTAN_graphMap(&graph, arch, NULL, parttab));
  for (v = 0; v < VERTNBR; v++) {
    CU_ASSERT(parttab[v] >= 0 && parttab[v] < termnbr);
    for (u = 0; u < v; u++) CU_ASSERT(parttab[u] != parttab[v]);
  }
  TARTAN_graphExit(&graph);
}

static void test_complete(void) {
  TARTAN_Arch arch;
  TARTAN_Num v;
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archCmplt(&arch, 2147483647));
  map_alone(&arch, 2147483647, NULL);
  /* Loads of 2 against bounds of 1: every terminal is over its bound, the repair finds no room
   * anywhere and must not visit the 2^31 terminals looking for it. */
  for (v = 0; v < VERTNBR; v++) velotab[v] = 2;
  map_alone(&arch, 2147483647, velotab);
  TARTAN_archExit(&arch);
}

static void test_tleaf(void) {
  TARTAN_Arch arch;
  const TARTAN_Num sizetab[3] = {1000, 1000, 1000}, linktab[3] = {1000, 1, 1};
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archTleaf(&arch, 3, sizetab, linktab));
  map_alone(&arch, 1000000000, NULL);
  TARTAN_archExit(&arch);
}

static void test_mesh(void) {
  TARTAN_Arch arch;
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archMesh3(&arch, 4, 4, 99999999));
  map_alone(&arch, 4 * 4 * 99999999, NULL);
  TARTAN_archExit(&arch);
}

/* The shape of 4 terminals of the mesh above (TARTAN_archShape): the places of the listed
 * terminals only, not an array over the 1.6 x 10^9 terminals of the original. */
static void test_sub_shape(void) {
  TARTAN_Arch mesh, sub;
  const TARTAN_Num listtab[4] = {5, 0, 1599999983, 3};
  TARTAN_Num dimnbr, nodenbr, dimtab[3], placetab[4];
  int shape, k;
  ASSERT_OK(TARTAN_archInit(&mesh));
  ASSERT_OK(TARTAN_archInit(&sub));
  ASSERT_OK(TARTAN_archMesh3(&mesh, 4, 4, 99999999));
  ASSERT_OK(TARTAN_archSub(&sub, &mesh, 4, listtab));
  ASSERT_OK(TARTAN_archShape(&sub, &shape, &dimnbr, dimtab, &nodenbr, placetab));
  CU_ASSERT_EQUAL(shape, TARTAN_ARCHSHAPE_MESH);
  CU_ASSERT(dimnbr == 3 && dimtab[0] == 4 && dimtab[1] == 4 && dimtab[2] == 99999999);
  CU_ASSERT_EQUAL(nodenbr, 1599999984);
  for (k = 0; k < 4; k++) CU_ASSERT_EQUAL(placetab[k], listtab[k]);
  TARTAN_archExit(&sub);
  TARTAN_archExit(&mesh);
}

int main(void) {
  CU_pSuite suite;
#ifndef UNDER_ASAN
  struct rlimit limit;
  limit.rlim_cur = limit.rlim_max = (rlim_t) 768 << 20;
  if (setrlimit(RLIMIT_AS, &limit) != 0) {
    perror("setrlimit");
    return 1;
  }
#endif
  edgenbr = test_grid_arrays(SIDE, verttab, edgetab);
  if (CU_initialize_registry() != CUE_SUCCESS) return 1;
  suite = CU_add_suite("huge targets", NULL, NULL);
  CU_add_test(suite, "complete graph of 2^31 - 1 terminals", test_complete);
  CU_add_test(suite, "tree-leaf of 10^9 leaves", test_tleaf);
  CU_add_test(suite, "4 x 4 x 99999999 mesh", test_mesh);
  CU_add_test(suite, "shape of a sub of that mesh", test_sub_shape);
  return run_registered_suites();
}
