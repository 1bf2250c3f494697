/* The network part of the public API as a user calls it: link counts and link lists of
 * targets, the network figures and per-link loads of a mapping (worked out by hand), net
 * targets from CSR arrays, and every error path (codes and messages). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "tartan.h"
#include "test_support.h"

#define ASSERT_OK(call) CU_ASSERT_EQUAL_FATAL((call), TARTAN_OK)

static int message_has(const char *fragment) {
  if (strstr(TARTAN_errorMessage(), fragment) != NULL) return 1;
  fprintf(stderr, "\n  message '%s' lacks '%s'\n", TARTAN_errorMessage(), fragment);
  return 0;
}

enum { SIDE = 6, VERTNBR = SIDE * SIDE };
static TARTAN_Num verttab[VERTNBR + 1], edgetab[4 * VERTNBR], edgenbr;

static void test_links(void) {
  TARTAN_Arch arch;
  TARTAN_Num nodenbr = -1, linknbr = -1, src[64], dst[64], l;
  double bw[64];
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archTorus2(&arch, 4, 4));
  ASSERT_OK(TARTAN_archLinkCount(&arch, &nodenbr, &linknbr));
  CU_ASSERT_EQUAL(nodenbr, 16);
  CU_ASSERT_EQUAL(linknbr, 64);
  ASSERT_OK(TARTAN_archLinkCount(&arch, NULL, NULL));
  ASSERT_OK(TARTAN_archLinks(&arch, src, dst, bw));
  for (l = 0; l < linknbr; l++) {
    TARTAN_Num dx = (dst[l] % 4 - src[l] % 4 + 4) % 4, dy = (dst[l] / 4 - src[l] / 4 + 4) % 4;
    CU_ASSERT((dx == 0) != (dy == 0));                     /* one dimension moves */
    CU_ASSERT(dx == 1 || dx == 3 || dy == 1 || dy == 3);   /* by one step */
    CU_ASSERT_EQUAL(bw[l], 1.0);
  }
  ASSERT_OK(TARTAN_archLinks(&arch, NULL, dst, NULL));
  /* A tree: its switches follow the terminals. */
  {
    const TARTAN_Num sizetab[2] = {2, 2}, linktab[2] = {10, 1};
    ASSERT_OK(TARTAN_archTleaf(&arch, 2, sizetab, linktab));
    ASSERT_OK(TARTAN_archLinkCount(&arch, &nodenbr, &linknbr));
    CU_ASSERT_EQUAL(nodenbr, 7);
    CU_ASSERT_EQUAL(linknbr, 12);
    ASSERT_OK(TARTAN_archLinks(&arch, src, dst, NULL));
    CU_ASSERT_EQUAL(src[0], 0);
    CU_ASSERT_EQUAL(dst[0], 5); /* terminal 0 up to the first socket switch */
    CU_ASSERT_EQUAL(src[1], 5);
    CU_ASSERT_EQUAL(dst[1], 0);
  }
  /* No links: variable-sized targets. */
  ASSERT_OK(TARTAN_archVcmplt(&arch));
  CU_ASSERT_EQUAL(TARTAN_archLinkCount(&arch, &nodenbr, &linknbr), TARTAN_ENOTSUP);
  CU_ASSERT(message_has("varcmplt target has no links"));
  CU_ASSERT_EQUAL(TARTAN_archLinks(&arch, src, dst, bw), TARTAN_ENOTSUP);
  TARTAN_archExit(&arch);
  CU_ASSERT_EQUAL(TARTAN_archLinkCount(&arch, &nodenbr, &linknbr), TARTAN_EHANDLE);
}

/* The 6x6 grid in quadrants on hcub 2: 12 cut edges, each between terminals one hop apart,
 * 3 on each of the 4 pairs of terminals: 24 messages, every link used carries 3. */
static void test_net_stats(void) {
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Mapping mapping;
  TARTAN_NetStats stats;
  TARTAN_Num parttab[VERTNBR], v, linknbr, msgtab[8], total = 0;
  double voltab[8];
  for (v = 0; v < VERTNBR; v++) parttab[v] = (v % SIDE >= 3) + 2 * (v / SIDE >= 3);
  ASSERT_OK(TARTAN_graphInit(&graph));
  ASSERT_OK(TARTAN_graphBuild(&graph, 0, VERTNBR, verttab, NULL, NULL, NULL, edgenbr, edgetab,
                              NULL));
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archHcub(&arch, 2));
  ASSERT_OK(TARTAN_graphMapInit(&graph, &mapping, &arch, parttab));
  ASSERT_OK(TARTAN_graphMapNetStats(&graph, &mapping, &stats));
  CU_ASSERT_EQUAL(stats.messages, 24);
  CU_ASSERT_EQUAL(stats.links, 8);
  CU_ASSERT_EQUAL(stats.th, 24);
  CU_ASSERT_EQUAL(stats.wh, 24);
  CU_ASSERT_EQUAL(stats.mc, 3.0);
  CU_ASSERT_EQUAL(stats.mmc, 3);
  CU_ASSERT_EQUAL(stats.ac, 3.0);
  CU_ASSERT_EQUAL(stats.amc, 3.0);
  CU_ASSERT_EQUAL(stats.dilation_max, 1);
  CU_ASSERT_EQUAL(stats.dilation_avg, 1.0);
  CU_ASSERT_EQUAL(stats.dilation_weighted, 1.0);
  CU_ASSERT_EQUAL(stats.j, 24);
  ASSERT_OK(TARTAN_archLinkCount(&arch, NULL, &linknbr));
  CU_ASSERT_EQUAL_FATAL(linknbr, 8);
  ASSERT_OK(TARTAN_graphMapLinkLoads(&graph, &mapping, voltab, msgtab));
  for (v = 0; v < linknbr; v++) {
    CU_ASSERT_EQUAL(msgtab[v], 3);
    CU_ASSERT_EQUAL(voltab[v], 3.0);
    total += msgtab[v];
  }
  CU_ASSERT_EQUAL(total, stats.th);
  ASSERT_OK(TARTAN_graphMapLinkLoads(&graph, &mapping, NULL, NULL));
  /* Errors. */
  CU_ASSERT_EQUAL(TARTAN_graphMapNetStats(&graph, &mapping, NULL), TARTAN_EINVAL);
  CU_ASSERT(message_has("stats"));
  parttab[0] = 9;
  CU_ASSERT_EQUAL(TARTAN_graphMapNetStats(&graph, &mapping, &stats), TARTAN_EINVAL);
  CU_ASSERT(message_has("vertex 0 is mapped to terminal 9"));
  CU_ASSERT_EQUAL(TARTAN_graphMapLinkLoads(&graph, &mapping, voltab, msgtab), TARTAN_EINVAL);
  TARTAN_graphMapExit(&graph, &mapping);
  ASSERT_OK(TARTAN_archVhcub(&arch));
  for (v = 0; v < VERTNBR; v++) parttab[v] = 1 + (v % 2);
  ASSERT_OK(TARTAN_graphMapInit(&graph, &mapping, &arch, parttab));
  CU_ASSERT_EQUAL(TARTAN_graphMapNetStats(&graph, &mapping, &stats), TARTAN_ENOTSUP);
  CU_ASSERT(message_has("variable-sized"));
  TARTAN_graphMapExit(&graph, &mapping);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

/* Star: switch 1 joins compute nodes 0 (2 slots), 2 (1 slot) and 3 (3 slots, bandwidth 2). */
static const TARTAN_Num star_vert[5] = {0, 1, 4, 5, 6};
static const TARTAN_Num star_edge[6] = {1, 0, 2, 3, 1, 1};
static const TARTAN_Num star_bw[6] = {1, 1, 1, 2, 1, 2};
static const TARTAN_Num star_slots[4] = {2, 0, 1, 3};

static void test_network_target(void) {
  TARTAN_Arch arch;
  TARTAN_Graph graph;
  TARTAN_Mapping mapping;
  TARTAN_NetStats stats;
  TARTAN_Num nodenbr, linknbr, src[6], dst[6], parttab[2] = {0, 2};
  const TARTAN_Num pair_vert[3] = {0, 1, 2}, pair_edge[2] = {1, 0}, pair_wght[2] = {8, 8};
  double bw[6];
  TARTAN_Num one_way[6], bad_bw[6], vert1[5], edge1[6];
  int i;
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archNetwork(&arch, 0, 4, star_vert, star_slots, star_edge, star_bw));
  CU_ASSERT_STRING_EQUAL(TARTAN_archName(&arch), "net");
  CU_ASSERT_EQUAL(TARTAN_archSize(&arch), 3);
  ASSERT_OK(TARTAN_archLinkCount(&arch, &nodenbr, &linknbr));
  CU_ASSERT_EQUAL(nodenbr, 4);
  CU_ASSERT_EQUAL_FATAL(linknbr, 6);
  ASSERT_OK(TARTAN_archLinks(&arch, src, dst, bw));
  for (i = 0; i < 6; i++) {
    CU_ASSERT(src[i] == 3 || dst[i] == 3); /* the switch is node 3, after the 3 terminals */
    CU_ASSERT_EQUAL(bw[i], (src[i] == 2 || dst[i] == 2) ? 2.0 : 1.0);
  }
  /* MC divides by bandwidth: 8 units from terminal 0 to terminal 2 weigh 8 then 4. */
  ASSERT_OK(TARTAN_graphInit(&graph));
  ASSERT_OK(TARTAN_graphBuild(&graph, 0, 2, pair_vert, NULL, NULL, NULL, 2, pair_edge,
                              pair_wght));
  ASSERT_OK(TARTAN_graphMapInit(&graph, &mapping, &arch, parttab));
  ASSERT_OK(TARTAN_graphMapNetStats(&graph, &mapping, &stats));
  CU_ASSERT_EQUAL(stats.messages, 2);
  CU_ASSERT_EQUAL(stats.th, 4);
  CU_ASSERT_EQUAL(stats.wh, 32);
  CU_ASSERT_EQUAL(stats.mc, 8.0);
  CU_ASSERT_EQUAL(stats.ac, 6.0);
  TARTAN_graphMapExit(&graph, &mapping);
  TARTAN_graphExit(&graph);
  /* Base 1, no bandwidths, no slots: every node a terminal of capacity 1. */
  for (i = 0; i < 5; i++) vert1[i] = star_vert[i] + 1;
  for (i = 0; i < 6; i++) edge1[i] = star_edge[i] + 1;
  ASSERT_OK(TARTAN_archNetwork(&arch, 1, 4, vert1, NULL, edge1, NULL));
  CU_ASSERT_EQUAL(TARTAN_archSize(&arch), 4);
  /* Errors. */
  memcpy(one_way, star_edge, sizeof one_way);
  one_way[4] = 3; /* node 2 lists node 3 instead of node 1 */
  CU_ASSERT_EQUAL(TARTAN_archNetwork(&arch, 0, 4, star_vert, star_slots, one_way, star_bw),
                  TARTAN_EINVAL);
  CU_ASSERT(message_has("is not listed the other way"));
  memcpy(bad_bw, star_bw, sizeof bad_bw);
  bad_bw[5] = 3;
  CU_ASSERT_EQUAL(TARTAN_archNetwork(&arch, 0, 4, star_vert, star_slots, star_edge, bad_bw),
                  TARTAN_EINVAL);
  CU_ASSERT(message_has("has bandwidths 2 and 3"));
  bad_bw[5] = bad_bw[3] = 0;
  CU_ASSERT_EQUAL(TARTAN_archNetwork(&arch, 0, 4, star_vert, star_slots, star_edge, bad_bw),
                  TARTAN_EINVAL);
  CU_ASSERT(message_has("bandwidth is 0, must be at least 1"));
  {
    const TARTAN_Num no_slots[4] = {0, 0, 0, 0}, apart_vert[5] = {0, 1, 2, 3, 4};
    const TARTAN_Num apart_edge[4] = {1, 0, 3, 2};
    CU_ASSERT_EQUAL(TARTAN_archNetwork(&arch, 0, 4, star_vert, no_slots, star_edge, NULL),
                    TARTAN_EINVAL);
    CU_ASSERT(message_has("no slot"));
    CU_ASSERT_EQUAL(TARTAN_archNetwork(&arch, 0, 4, apart_vert, NULL, apart_edge, NULL),
                    TARTAN_EINVAL);
    CU_ASSERT(message_has("are not connected"));
  }
  CU_ASSERT_EQUAL(TARTAN_archNetwork(&arch, 2, 4, star_vert, NULL, star_edge, NULL),
                  TARTAN_EINVAL);
  CU_ASSERT(message_has("base value 2"));
  CU_ASSERT_EQUAL(TARTAN_archNetwork(&arch, 0, 0, star_vert, NULL, star_edge, NULL),
                  TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archNetwork(&arch, 0, 4, NULL, NULL, star_edge, NULL), TARTAN_EINVAL);
  CU_ASSERT(message_has("verttab and edgetab are required"));
  /* The target is unchanged after an error. */
  CU_ASSERT_EQUAL(TARTAN_archSize(&arch), 4);
  TARTAN_archExit(&arch);
}

int main(void) {
  CU_pSuite suite;
  edgenbr = test_grid_arrays(SIDE, verttab, edgetab);
  if (CU_initialize_registry() != CUE_SUCCESS) return 1;
  suite = CU_add_suite("network", NULL, NULL);
  CU_add_test(suite, "link counts and link lists", test_links);
  CU_add_test(suite, "network figures and link loads", test_net_stats);
  CU_add_test(suite, "net targets from CSR arrays", test_network_target);
  return run_registered_suites();
}
