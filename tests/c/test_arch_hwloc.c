/* Targets of hwloc topologies through the public API: TARTAN_archHwloc, TARTAN_archHwlocXml,
 * TARTAN_archHwlocSynthetic, TARTAN_archHwlocCosts. In a build without hwloc every one of them
 * must fail with TARTAN_ENOTSUP; the suite probes which build it runs in. */
#define _POSIX_C_SOURCE 200809L /* setenv, mkstemp, sysconf */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tartan.h"
#include "test_support.h"

static int hwloc_built; /* set by the probe in main() */

/* Distance between terminals a and b of arch, or -1000 if the API refused. */
static TARTAN_Num term_dist(TARTAN_Arch *arch, TARTAN_Num a, TARTAN_Num b) {
  TARTAN_ArchDom dom_a, dom_b;
  if (TARTAN_archDomTerm(arch, &dom_a, a) != TARTAN_OK) return -1000;
  if (TARTAN_archDomTerm(arch, &dom_b, b) != TARTAN_OK) return -1000;
  return TARTAN_archDomDist(arch, &dom_a, &dom_b);
}

/* Counts the pairs whose distance differs from expected(a, b). */
static int count_distance_mismatches(TARTAN_Arch *arch, TARTAN_Num size,
                                     TARTAN_Num (*expected)(TARTAN_Num, TARTAN_Num)) {
  int mismatches = 0;
  TARTAN_Num a, b;
  for (a = 0; a < size; a++)
    for (b = 0; b < size; b++)
      if (term_dist(arch, a, b) != expected(a, b)) mismatches++;
  return mismatches;
}

static int message_contains(const char *text) {
  return strstr(TARTAN_errorMessage(), text) != NULL;
}

/* ---- builds without hwloc ---------------------------------------------------------------- */
static void test_without_hwloc_not_supported(void) {
  TARTAN_Arch arch;
  if (hwloc_built) {
    CU_PASS("built with hwloc: the ENOTSUP path is checked in builds without it");
    return;
  }
  CU_ASSERT_EQUAL_FATAL(TARTAN_archInit(&arch), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archHwloc(&arch), TARTAN_ENOTSUP);
  CU_ASSERT(message_contains("without hwloc"));
  CU_ASSERT_EQUAL(TARTAN_archHwlocXml(&arch, test_data_path("hwloc_2pack_16pu.xml")),
                  TARTAN_ENOTSUP);
  CU_ASSERT_EQUAL(TARTAN_archHwlocSynthetic(&arch, "pack:2 core:4 pu:2"), TARTAN_ENOTSUP);
  CU_ASSERT(message_contains("hwloc"));
  CU_ASSERT_EQUAL(TARTAN_archHwlocCosts(&arch, NULL, "pu:2", "core=3"), TARTAN_ENOTSUP);
  TARTAN_archExit(&arch);
}

/* ---- synthetic topologies ---------------------------------------------------------------- */
/* "pack:2 core:4 pu:2" with the default costs: core 1, package 4, machine 10. */
static TARTAN_Num dist_pack2_core4_pu2(TARTAN_Num a, TARTAN_Num b) {
  if (a == b) return 0;
  if (a / 2 == b / 2) return 1;
  if (a / 8 == b / 8) return 1 + 4;
  return 1 + 4 + 10;
}

static void test_synthetic_regular(void) {
  TARTAN_Arch arch;
  if (!hwloc_built) return;
  CU_ASSERT_EQUAL_FATAL(TARTAN_archInit(&arch), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archHwlocSynthetic(&arch, "pack:2 core:4 pu:2"), TARTAN_OK);
  CU_ASSERT_STRING_EQUAL(TARTAN_archName(&arch), "tleaf");
  CU_ASSERT_EQUAL(TARTAN_archSize(&arch), 16);
  CU_ASSERT_EQUAL(TARTAN_archVar(&arch), 0);
  CU_ASSERT_EQUAL(term_dist(&arch, 0, 1), 1);
  CU_ASSERT_EQUAL(term_dist(&arch, 0, 7), 5);
  CU_ASSERT_EQUAL(term_dist(&arch, 7, 8), 15);
  CU_ASSERT_EQUAL(count_distance_mismatches(&arch, 16, dist_pack2_core4_pu2), 0);
  TARTAN_archExit(&arch);
}

/* "pack:2 numa:2 core:2 pu:2": hwloc groups the cores of each NUMA node inside a package. */
static TARTAN_Num dist_pack2_numa2_core2_pu2(TARTAN_Num a, TARTAN_Num b) {
  if (a == b) return 0;
  if (a / 2 == b / 2) return 1;
  if (a / 4 == b / 4) return 1 + 4;
  if (a / 8 == b / 8) return 1 + 4 + 4;
  return 1 + 4 + 4 + 10;
}

static void test_synthetic_numa_groups(void) {
  TARTAN_Arch arch;
  if (!hwloc_built) return;
  CU_ASSERT_EQUAL_FATAL(TARTAN_archInit(&arch), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archHwlocSynthetic(&arch, "pack:2 numa:2 core:2 pu:2"),
                        TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archSize(&arch), 16);
  CU_ASSERT_EQUAL(count_distance_mismatches(&arch, 16, dist_pack2_numa2_core2_pu2), 0);
  /* A bigger one: the example of the documentation. */
  CU_ASSERT_EQUAL(TARTAN_archHwlocSynthetic(&arch, "pack:2 numa:2 core:8 pu:2"), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archSize(&arch), 64);
  CU_ASSERT_EQUAL(term_dist(&arch, 0, 15), 1 + 4);
  CU_ASSERT_EQUAL(term_dist(&arch, 0, 16), 1 + 4 + 4);
  CU_ASSERT_EQUAL(term_dist(&arch, 31, 32), 1 + 4 + 4 + 10);
  TARTAN_archExit(&arch);
}

static void test_synthetic_single_pu(void) {
  TARTAN_Arch arch;
  if (!hwloc_built) return;
  CU_ASSERT_EQUAL_FATAL(TARTAN_archInit(&arch), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archHwlocSynthetic(&arch, "pu:1"), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archSize(&arch), 1);
  CU_ASSERT_EQUAL(term_dist(&arch, 0, 0), 0);
  TARTAN_archExit(&arch);
}

/* ---- costs -------------------------------------------------------------------------------- */
static void test_costs_argument(void) {
  TARTAN_Arch arch;
  if (!hwloc_built) return;
  CU_ASSERT_EQUAL_FATAL(TARTAN_archInit(&arch), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archHwlocCosts(&arch, NULL, "pack:2 core:4 pu:2",
                                              "core=2, package=3,machine=50"),
                        TARTAN_OK);
  CU_ASSERT_EQUAL(term_dist(&arch, 0, 1), 2);
  CU_ASSERT_EQUAL(term_dist(&arch, 0, 2), 2 + 3);
  CU_ASSERT_EQUAL(term_dist(&arch, 0, 8), 2 + 3 + 50);
  /* NULL costs: the defaults. */
  CU_ASSERT_EQUAL(TARTAN_archHwlocCosts(&arch, NULL, "pack:2 core:4 pu:2", NULL), TARTAN_OK);
  CU_ASSERT_EQUAL(term_dist(&arch, 0, 8), 15);
  /* Only the named classes change; an empty string changes nothing. */
  CU_ASSERT_EQUAL(TARTAN_archHwlocCosts(&arch, NULL, "pack:2 core:4 pu:2", "machine=20"),
                  TARTAN_OK);
  CU_ASSERT_EQUAL(term_dist(&arch, 0, 2), 5);
  CU_ASSERT_EQUAL(term_dist(&arch, 0, 8), 25);
  CU_ASSERT_EQUAL(TARTAN_archHwlocCosts(&arch, NULL, "pack:2 core:4 pu:2", ""), TARTAN_OK);
  CU_ASSERT_EQUAL(term_dist(&arch, 0, 8), 15);
  TARTAN_archExit(&arch);
}

static void test_costs_environment(void) {
  TARTAN_Arch arch;
  if (!hwloc_built) return;
  CU_ASSERT_EQUAL_FATAL(TARTAN_archInit(&arch), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(setenv("TARTAN_HWLOC_COSTS", "package=6 machine=30", 1), 0);
  CU_ASSERT_EQUAL(TARTAN_archHwlocSynthetic(&arch, "pack:2 core:4 pu:2"), TARTAN_OK);
  CU_ASSERT_EQUAL(term_dist(&arch, 0, 2), 1 + 6);
  CU_ASSERT_EQUAL(term_dist(&arch, 0, 8), 1 + 6 + 30);
  /* An explicit cost string ignores the environment. */
  CU_ASSERT_EQUAL(TARTAN_archHwlocCosts(&arch, NULL, "pack:2 core:4 pu:2", "core=1"),
                  TARTAN_OK);
  CU_ASSERT_EQUAL(term_dist(&arch, 0, 8), 15);
  CU_ASSERT_EQUAL(setenv("TARTAN_HWLOC_COSTS", "machine=ten", 1), 0);
  CU_ASSERT_EQUAL(TARTAN_archHwlocSynthetic(&arch, "pack:2 core:4 pu:2"), TARTAN_EFORMAT);
  CU_ASSERT(message_contains("TARTAN_HWLOC_COSTS"));
  CU_ASSERT_EQUAL(unsetenv("TARTAN_HWLOC_COSTS"), 0);
  TARTAN_archExit(&arch);
}

static void test_costs_errors(void) {
  static const char *const bad_costs[] = {"foo=1", "core", "core=", "core=0", "core=-1",
                                          "core=1x", "machine=99999999999999999999"};
  TARTAN_Arch arch;
  size_t i;
  if (!hwloc_built) return;
  CU_ASSERT_EQUAL_FATAL(TARTAN_archInit(&arch), TARTAN_OK);
  for (i = 0; i < sizeof bad_costs / sizeof bad_costs[0]; i++) {
    CU_ASSERT_EQUAL(TARTAN_archHwlocCosts(&arch, NULL, "pu:2", bad_costs[i]), TARTAN_EFORMAT);
    CU_ASSERT(message_contains("cost string"));
  }
  CU_ASSERT_EQUAL(TARTAN_archHwlocCosts(&arch, NULL, "pu:2", "foo=1"), TARTAN_EFORMAT);
  CU_ASSERT(message_contains("unknown level class \"foo\""));
  TARTAN_archExit(&arch);
}

/* ---- XML files ---------------------------------------------------------------------------- */
/* hwloc_2pack_16pu.xml: "pack:2 l3:2 core:2 pu:2" exported by lstopo. */
static TARTAN_Num dist_pack2_l3x2_core2_pu2(TARTAN_Num a, TARTAN_Num b) {
  if (a == b) return 0;
  if (a / 2 == b / 2) return 1;
  if (a / 4 == b / 4) return 1 + 2;
  if (a / 8 == b / 8) return 1 + 2 + 4;
  return 1 + 2 + 4 + 10;
}

static void test_xml_regular(void) {
  TARTAN_Arch arch;
  if (!hwloc_built) return;
  CU_ASSERT_EQUAL_FATAL(TARTAN_archInit(&arch), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archHwlocXml(&arch, test_data_path("hwloc_2pack_16pu.xml")),
                        TARTAN_OK);
  CU_ASSERT_STRING_EQUAL(TARTAN_archName(&arch), "tleaf");
  CU_ASSERT_EQUAL(TARTAN_archSize(&arch), 16);
  CU_ASSERT_EQUAL(count_distance_mismatches(&arch, 16, dist_pack2_l3x2_core2_pu2), 0);
  TARTAN_archExit(&arch);
}

/* hwloc_2pack_10of16pu_allowed.xml: the same machine where only PUs 0-5 and 12-15 are
 * allowed: terminals 0-5 are PUs 0-5, terminals 6-9 are PUs 12-15. */
static TARTAN_Num dist_partial(TARTAN_Num a, TARTAN_Num b) {
  const TARTAN_Num pu_a = a < 6 ? a : a + 6, pu_b = b < 6 ? b : b + 6;
  return dist_pack2_l3x2_core2_pu2(pu_a, pu_b);
}

/* Recursive bipartition from the first domain reaches every terminal once. */
static void bipartition_reaches(TARTAN_Arch *arch, const TARTAN_ArchDom *dom, int *hits,
                                TARTAN_Num size, int *errors) {
  TARTAN_ArchDom part0, part1;
  int rc = TARTAN_archDomBipart(arch, dom, &part0, &part1);
  if (rc == 1) {
    TARTAN_Num terminal = TARTAN_archDomNum(arch, dom);
    if (terminal < 0 || terminal >= size) (*errors)++;
    else hits[terminal]++;
    return;
  }
  if (rc != TARTAN_OK || TARTAN_archDomSize(arch, &part0) < 1 ||
      TARTAN_archDomSize(arch, &part1) < 1) {
    (*errors)++;
    return;
  }
  bipartition_reaches(arch, &part0, hits, size, errors);
  bipartition_reaches(arch, &part1, hits, size, errors);
}

static void test_xml_partially_allowed(void) {
  TARTAN_Arch arch;
  TARTAN_ArchDom first;
  int hits[10] = {0}, errors = 0, i;
  if (!hwloc_built) return;
  CU_ASSERT_EQUAL_FATAL(TARTAN_archInit(&arch), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(
      TARTAN_archHwlocXml(&arch, test_data_path("hwloc_2pack_10of16pu_allowed.xml")), TARTAN_OK);
  CU_ASSERT_STRING_EQUAL(TARTAN_archName(&arch), "sub");
  CU_ASSERT_EQUAL_FATAL(TARTAN_archSize(&arch), 10);
  CU_ASSERT_EQUAL(count_distance_mismatches(&arch, 10, dist_partial), 0);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archDomFrst(&arch, &first), TARTAN_OK);
  bipartition_reaches(&arch, &first, hits, 10, &errors);
  CU_ASSERT_EQUAL(errors, 0);
  for (i = 0; i < 10; i++) CU_ASSERT_EQUAL(hits[i], 1);
  TARTAN_archExit(&arch);
}

/* hwloc_irregular_5pu.xml: "pack:2 core:3 pu:1" without PU 2: package 0 has 2 cores,
 * package 1 has 3. Levels: machine (2, cost 10), package (3, cost 4). */
static TARTAN_Num dist_irregular(TARTAN_Num a, TARTAN_Num b) {
  if (a == b) return 0;
  return (a < 2) == (b < 2) ? 4 : 14;
}

static void test_xml_irregular(void) {
  TARTAN_Arch arch;
  if (!hwloc_built) return;
  CU_ASSERT_EQUAL_FATAL(TARTAN_archInit(&arch), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archHwlocXml(&arch, test_data_path("hwloc_irregular_5pu.xml")),
                        TARTAN_OK);
  CU_ASSERT_STRING_EQUAL(TARTAN_archName(&arch), "sub");
  CU_ASSERT_EQUAL_FATAL(TARTAN_archSize(&arch), 5);
  CU_ASSERT_EQUAL(count_distance_mismatches(&arch, 5, dist_irregular), 0);
  TARTAN_archExit(&arch);
}

/* Save and load back: the same terminals and distances. */
static void test_save_load_round_trip(void) {
  TARTAN_Arch arch, loaded;
  char path[] = "/tmp/tartan_hwloc_XXXXXX";
  int fd;
  if (!hwloc_built) return;
  fd = mkstemp(path);
  CU_ASSERT_FATAL(fd >= 0);
  close(fd);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archInit(&arch), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archInit(&loaded), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(
      TARTAN_archHwlocXml(&arch, test_data_path("hwloc_2pack_10of16pu_allowed.xml")), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archSavePath(&arch, path), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archLoadPath(&loaded, path), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archSize(&loaded), 10);
  CU_ASSERT_EQUAL(count_distance_mismatches(&loaded, 10, dist_partial), 0);
  remove(path);
  TARTAN_archExit(&loaded);
  TARTAN_archExit(&arch);
}

/* ---- the running machine ------------------------------------------------------------------ */
static void test_running_machine(void) {
  TARTAN_Arch arch;
  TARTAN_Num size, a, b;
  long configured = sysconf(_SC_NPROCESSORS_CONF);
  int bad = 0;
  if (!hwloc_built) return;
  CU_ASSERT_EQUAL_FATAL(TARTAN_archInit(&arch), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archHwloc(&arch), TARTAN_OK);
  size = TARTAN_archSize(&arch);
  CU_ASSERT(size >= 1);
  if (configured > 0) CU_ASSERT(size <= configured);
  if (size > 64) size = 64; /* enough to check the distances' shape */
  for (a = 0; a < size; a++)
    for (b = 0; b < size; b++) {
      TARTAN_Num d = term_dist(&arch, a, b), back = term_dist(&arch, b, a);
      if (d != back || (a == b) != (d == 0) || d < 0) bad++;
    }
  CU_ASSERT_EQUAL(bad, 0);
  TARTAN_archExit(&arch);
}

/* ---- bad input ---------------------------------------------------------------------------- */
static void test_bad_input(void) {
  TARTAN_Arch arch, never_initialised;
  if (!hwloc_built) return;
  CU_ASSERT_EQUAL_FATAL(TARTAN_archInit(&arch), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archHwlocSynthetic(&arch, "pack:2 foo:3"), TARTAN_EFORMAT);
  CU_ASSERT(message_contains("synthetic description \"pack:2 foo:3\""));
  CU_ASSERT_EQUAL(TARTAN_archHwlocSynthetic(&arch, ""), TARTAN_EFORMAT);
  CU_ASSERT_EQUAL(TARTAN_archHwlocSynthetic(&arch, "pack:0 pu:2"), TARTAN_EFORMAT);
  CU_ASSERT_EQUAL(TARTAN_archHwlocSynthetic(&arch, NULL), TARTAN_EINVAL);
  CU_ASSERT(message_contains("description is NULL"));
  CU_ASSERT_EQUAL(TARTAN_archHwlocXml(&arch, NULL), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archHwlocXml(&arch, test_data_path("no_such_topology.xml")), TARTAN_EIO);
  CU_ASSERT(message_contains("cannot open"));
  CU_ASSERT_EQUAL(TARTAN_archHwlocXml(&arch, test_data_path("hwloc_malformed.xml")),
                  TARTAN_EFORMAT);
  CU_ASSERT(message_contains("hwloc_malformed.xml"));
  CU_ASSERT_EQUAL(TARTAN_archHwlocCosts(&arch, test_data_path("hwloc_2pack_16pu.xml"), "pu:2",
                                        NULL),
                  TARTAN_EINVAL);
  CU_ASSERT(message_contains("not both"));
  /* A failed call leaves the previous target in place. */
  CU_ASSERT_EQUAL(TARTAN_archHwlocSynthetic(&arch, "pack:2 core:4 pu:2"), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archHwlocSynthetic(&arch, "pack:2 foo:3"), TARTAN_EFORMAT);
  CU_ASSERT_EQUAL(TARTAN_archSize(&arch), 16);
  TARTAN_archExit(&arch);

  /* Handles. */
  CU_ASSERT_EQUAL(TARTAN_archHwlocSynthetic(NULL, "pu:2"), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archHwloc(&arch), TARTAN_EHANDLE); /* after its Exit */
  memset(&never_initialised, 0, sizeof never_initialised);
  CU_ASSERT_EQUAL(TARTAN_archHwlocXml(&never_initialised, "x.xml"), TARTAN_EHANDLE);
  CU_ASSERT(message_contains("not initialised"));
}

int main(void) {
  CU_pSuite suite;
  TARTAN_Arch probe;
  if (CU_initialize_registry() != CUE_SUCCESS) return 1;
  /* Which build is this? The function itself says. */
  if (TARTAN_archInit(&probe) != TARTAN_OK) return 1;
  hwloc_built = TARTAN_archHwlocSynthetic(&probe, "pu:2") != TARTAN_ENOTSUP;
  TARTAN_archExit(&probe);

  suite = CU_add_suite("arch_hwloc", NULL, NULL);
  if (suite == NULL) return 1;
  CU_add_test(suite, "without hwloc: ENOTSUP", test_without_hwloc_not_supported);
  CU_add_test(suite, "synthetic pack:2 core:4 pu:2", test_synthetic_regular);
  CU_add_test(suite, "synthetic with NUMA groups", test_synthetic_numa_groups);
  CU_add_test(suite, "synthetic single PU", test_synthetic_single_pu);
  CU_add_test(suite, "cost string argument", test_costs_argument);
  CU_add_test(suite, "TARTAN_HWLOC_COSTS", test_costs_environment);
  CU_add_test(suite, "bad cost strings", test_costs_errors);
  CU_add_test(suite, "XML regular", test_xml_regular);
  CU_add_test(suite, "XML partially allowed", test_xml_partially_allowed);
  CU_add_test(suite, "XML irregular", test_xml_irregular);
  CU_add_test(suite, "save/load round trip", test_save_load_round_trip);
  CU_add_test(suite, "running machine", test_running_machine);
  CU_add_test(suite, "bad input", test_bad_input);
  return run_registered_suites();
}
