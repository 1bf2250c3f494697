/* Decomposition-defined targets through the C API: TARTAN_archBuild0, TARTAN_archBuild2,
 * TARTAN_archBuild, loading and saving deco files, and their error codes and messages. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tartan.h"
#include "test_support.h"

/* A 4x4 mesh (vertex x + 4y), base 0, built over static arrays. */
static TARTAN_Num verttab[17], edgetab[48];
static TARTAN_Num velotab[16];

static void mesh4x4(TARTAN_Graph *graph, int with_loads) {
  TARTAN_Num v, arcs = 0;
  for (v = 0; v < 16; ++v) {
    TARTAN_Num x = v % 4, y = v / 4;
    verttab[v] = arcs;
    if (x > 0) edgetab[arcs++] = v - 1;
    if (x < 3) edgetab[arcs++] = v + 1;
    if (y > 0) edgetab[arcs++] = v - 4;
    if (y < 3) edgetab[arcs++] = v + 4;
    velotab[v] = 1;
  }
  verttab[16] = arcs;
  CU_ASSERT_EQUAL_FATAL(TARTAN_graphInit(graph), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_graphBuild(graph, 0, 16, verttab, NULL, with_loads ? velotab : NULL,
                                          NULL, arcs, edgetab, NULL),
                        TARTAN_OK);
}

static TARTAN_Num term_dist(TARTAN_Arch *arch, TARTAN_Num a, TARTAN_Num b) {
  TARTAN_ArchDom da, db;
  CU_ASSERT_EQUAL(TARTAN_archDomTerm(arch, &da, a), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archDomTerm(arch, &db, b), TARTAN_OK);
  return TARTAN_archDomDist(arch, &da, &db);
}

static int message_has(const char *fragment) {
  return strstr(TARTAN_errorMessage(), fragment) != NULL;
}

/* Writes text to path, loads it: refused with TARTAN_EFORMAT and a message holding fragment. */
static void expect_file_refused(TARTAN_Arch *arch, const char *path, const char *text,
                                const char *fragment) {
  FILE *file = fopen(path, "w");
  CU_ASSERT_PTR_NOT_NULL_FATAL(file);
  fputs(text, file);
  fclose(file);
  CU_ASSERT_EQUAL(TARTAN_archLoadPath(arch, path), TARTAN_EFORMAT);
  CU_ASSERT(message_has(fragment));
}

static void test_build0_exact(void) {
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_ArchDom root, d0, d1;
  mesh4x4(&graph, 0);
  TARTAN_archInit(&arch);
  CU_ASSERT_EQUAL(TARTAN_archBuild0(&arch, &graph, 0, NULL, NULL), TARTAN_OK);
  CU_ASSERT_STRING_EQUAL(TARTAN_archName(&arch), "deco");
  CU_ASSERT_EQUAL(TARTAN_archSize(&arch), 16);
  CU_ASSERT_EQUAL(term_dist(&arch, 0, 15), 6);
  CU_ASSERT_EQUAL(term_dist(&arch, 5, 6), 1);
  CU_ASSERT_EQUAL(TARTAN_archDomFrst(&arch, &root), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archDomBipart(&arch, &root, &d0, &d1), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archDomSize(&arch, &d0) + TARTAN_archDomSize(&arch, &d1), 16);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

static void test_build2_and_list(void) {
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  const TARTAN_Num list[] = {15, 0, 3, 12};
  mesh4x4(&graph, 1);
  TARTAN_archInit(&arch);
  CU_ASSERT_EQUAL(TARTAN_archBuild2(&arch, &graph, 0, NULL), TARTAN_OK);
  CU_ASSERT_STRING_EQUAL(TARTAN_archName(&arch), "deco2");
  CU_ASSERT_EQUAL(TARTAN_archSize(&arch), 16);
  CU_ASSERT_EQUAL(term_dist(&arch, 0, 1), 1);
  CU_ASSERT_EQUAL(TARTAN_archBuild2(&arch, &graph, 4, list), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archSize(&arch), 4);
  CU_ASSERT_EQUAL(term_dist(&arch, 0, 3), 6); /* vertices 0 and 15, through the mesh */
  CU_ASSERT_EQUAL(TARTAN_archBuild(&arch, &graph, 4, list, NULL), TARTAN_OK);
  CU_ASSERT_STRING_EQUAL(TARTAN_archName(&arch), "deco"); /* small: exact matrix */
  CU_ASSERT_EQUAL(term_dist(&arch, 3, 12), 6); /* deco 0: numbered by vertex, as SCOTCH's */
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

static void test_bad_input(void) {
  TARTAN_Graph graph, split;
  TARTAN_Arch arch;
  static TARTAN_Num sv[5] = {0, 1, 2, 3, 4}, se[4] = {1, 0, 3, 2};
  static TARTAN_Num zero[16];
  const TARTAN_Num repeated[] = {1, 2, 1}, outside[] = {0, 16};
  mesh4x4(&graph, 0);
  TARTAN_archInit(&arch);
  CU_ASSERT_EQUAL(TARTAN_archBuild0(&arch, &graph, 0, repeated, NULL), TARTAN_EINVAL);
  CU_ASSERT(message_has("empty"));
  CU_ASSERT_EQUAL(TARTAN_archBuild2(&arch, &graph, 3, repeated), TARTAN_EINVAL);
  CU_ASSERT(message_has("repeats vertex 1"));
  CU_ASSERT_EQUAL(TARTAN_archBuild0(&arch, &graph, 2, outside, NULL), TARTAN_EINVAL);
  CU_ASSERT(message_has("outside"));
  CU_ASSERT_EQUAL(TARTAN_archBuild(&arch, &graph, 5, NULL, NULL), TARTAN_EINVAL);
  CU_ASSERT(message_has("listtab is NULL"));
  CU_ASSERT_EQUAL(TARTAN_archBuild0(&arch, NULL, 0, NULL, NULL), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archBuild2(NULL, &graph, 0, NULL), TARTAN_EINVAL);
  TARTAN_graphInit(&split);
  CU_ASSERT_EQUAL_FATAL(TARTAN_graphBuild(&split, 0, 4, sv, NULL, NULL, NULL, 4, se, NULL), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archBuild2(&arch, &split, 0, NULL), TARTAN_EINVAL);
  CU_ASSERT(message_has("disconnected"));
  CU_ASSERT_EQUAL(TARTAN_archBuild0(&arch, &split, 0, NULL, NULL), TARTAN_EINVAL);
  TARTAN_graphExit(&split);
  TARTAN_graphInit(&split);
  CU_ASSERT_EQUAL_FATAL(TARTAN_graphBuild(&split, 0, 16, verttab, NULL, zero, NULL, verttab[16],
                                          edgetab, NULL), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archBuild0(&arch, &split, 0, NULL, NULL), TARTAN_EINVAL);
  CU_ASSERT(message_has("capacity 0"));
  TARTAN_graphExit(&split);
  setenv("TARTAN_DECO_MAX_MEMORY_MB", "1", 1);
  CU_ASSERT_EQUAL(TARTAN_archBuild0(&arch, &graph, 0, NULL, NULL), TARTAN_OK);
  unsetenv("TARTAN_DECO_MAX_MEMORY_MB");
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

static void test_files(void) {
  TARTAN_Arch arch;
  char path[] = "test_arch_deco_saved.tgt";
  TARTAN_archInit(&arch);
  CU_ASSERT_EQUAL(TARTAN_archLoadPath(&arch, test_data_path("deco0_path4.tgt")), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archSize(&arch), 4);
  CU_ASSERT_EQUAL(term_dist(&arch, 0, 3), 3);
  CU_ASSERT_EQUAL(TARTAN_archSavePath(&arch, path), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archLoadPath(&arch, path), TARTAN_OK);
  CU_ASSERT_EQUAL(term_dist(&arch, 1, 3), 2);
  CU_ASSERT_EQUAL(TARTAN_archLoadPath(&arch, test_data_path("deco2_path2.tgt")), TARTAN_OK);
  CU_ASSERT_STRING_EQUAL(TARTAN_archName(&arch), "deco2");
  CU_ASSERT_EQUAL(term_dist(&arch, 0, 1), 1);
  CU_ASSERT_EQUAL(TARTAN_archSavePath(&arch, path), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archLoadPath(&arch, path), TARTAN_OK);
  expect_file_refused(&arch, path, "deco 0 2 3 0 1 2 1 1 7 5\n", "exceeds the declared");
  expect_file_refused(&arch, path, "deco 9 1\n", "unknown deco version");
  remove(path);
  TARTAN_archExit(&arch);
}

/* Issue 17: terminal numbers as SCOTCH's (scotch_gmap 7.0.3): a deco 0 target built on the
 * vertex list 1 5 9 has terminals 1, 5 and 9 (amk_grf -l), a deco 2 one 0, 1 and 2 (amk_grf -2
 * -l), in part arrays, .map files, domain numbers and saved targets; SCOTCH's deco 1 file of
 * that list, as amk_grf wrote it, reads as 1, 5 and 9. */
static int is_terminal(TARTAN_Num part, const TARTAN_Num *t) {
  return part == t[0] || part == t[1] || part == t[2];
}

static void check_numbered(TARTAN_Arch *arch, TARTAN_Graph *graph, const TARTAN_Num *t) {
  TARTAN_Num parttab[16], oldtab[16], vertnbr = 16, v, seen[3] = {0, 0, 0};
  TARTAN_ArchDom dom, root;
  TARTAN_Mapping mapping;
  const char *map_path = "test_arch_deco_159.map";
  CU_ASSERT_EQUAL(TARTAN_archSize(arch), 3);
  CU_ASSERT_EQUAL(TARTAN_archDomTerm(arch, &dom, t[1]), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archDomNum(arch, &dom), t[1]);
  CU_ASSERT_EQUAL(TARTAN_archDomFrst(arch, &root), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archDomNum(arch, &root), t[0]);
  CU_ASSERT_EQUAL(TARTAN_archDomTerm(arch, &dom, 4), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(term_dist(arch, t[0], t[2]), 2); /* vertices 1 and 9 */
  CU_ASSERT_EQUAL(TARTAN_graphMap(graph, arch, NULL, parttab), TARTAN_OK);
  for (v = 0; v < vertnbr; ++v) {
    CU_ASSERT_FATAL(is_terminal(parttab[v], t));
    seen[parttab[v] == t[0] ? 0 : parttab[v] == t[1] ? 1 : 2]++;
  }
  CU_ASSERT(seen[0] > 0 && seen[1] > 0 && seen[2] > 0);
  /* Fixed vertices and old mappings are read in the same numbering. */
  for (v = 0; v < vertnbr; ++v) parttab[v] = v == 15 ? t[0] : -1;
  CU_ASSERT_EQUAL(TARTAN_graphMapFixed(graph, arch, NULL, parttab), TARTAN_OK);
  CU_ASSERT_EQUAL(parttab[15], t[0]);
  for (v = 0; v < vertnbr; ++v) oldtab[v] = v < 8 ? t[2] : t[1];
  CU_ASSERT_EQUAL(TARTAN_graphRemap(graph, arch, NULL, oldtab, 1.0, NULL, parttab), TARTAN_OK);
  for (v = 0; v < vertnbr; ++v) CU_ASSERT(is_terminal(parttab[v], t));
  oldtab[3] = 4;
  CU_ASSERT_EQUAL(TARTAN_graphRemap(graph, arch, NULL, oldtab, 1.0, NULL, parttab), TARTAN_EINVAL);
  /* .map files: saved as they are, loaded back, and a number that is no terminal refused. */
  CU_ASSERT_EQUAL_FATAL(TARTAN_graphMapInit(graph, &mapping, arch, parttab), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_graphMapCompute(graph, &mapping, NULL), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_graphMapSavePath(graph, &mapping, map_path), TARTAN_OK);
  memcpy(oldtab, parttab, sizeof parttab);
  for (v = 0; v < vertnbr; ++v) parttab[v] = -1;
  CU_ASSERT_EQUAL(TARTAN_graphMapLoadPath(graph, &mapping, map_path), TARTAN_OK);
  CU_ASSERT(memcmp(oldtab, parttab, sizeof parttab) == 0);
  CU_ASSERT_EQUAL(TARTAN_graphMapViewPath(graph, &mapping, map_path), TARTAN_OK);
  {
    FILE *file = fopen(map_path, "w");
    fputs("2\n0\t1\n1\t4\n", file);
    fclose(file);
  }
  CU_ASSERT_NOT_EQUAL(TARTAN_graphMapLoadPath(graph, &mapping, map_path), TARTAN_OK);
  TARTAN_graphMapExit(graph, &mapping);
  remove(map_path);
}

static void test_scotch_numbering(void) {
  TARTAN_Graph graph;
  TARTAN_Arch arch, sub;
  const TARTAN_Num list[] = {9, 1, 5}, labels[] = {1, 5, 9}, positions[] = {0, 1, 2};
  const TARTAN_Num sublist[] = {9, 1};
  const char *path = "test_arch_deco_159.tgt";
  /* amk_grf -l of the list 1 5 9 on SCOTCH's gmk_m2 4 4 grid (base 0), as SCOTCH 7.0.3 wrote it. */
  const char *deco1 = "deco\n1\n3\t5\n1\t3\t3\n1\t2\t2\n9\t1\t1\n1\t1\t1\n5\t1\t1\n"
                      "1\t1\t2\t2\t1\t2\t1\t1\n1\t1\n";
  FILE *file;
  mesh4x4(&graph, 0);
  TARTAN_archInit(&arch);
  CU_ASSERT_EQUAL(TARTAN_archBuild0(&arch, &graph, 3, list, NULL), TARTAN_OK);
  check_numbered(&arch, &graph, labels);
  {
    TARTAN_ArchDom dom;
    CU_ASSERT_EQUAL(TARTAN_archDomTerm(&arch, &dom, 0), TARTAN_EINVAL);
    CU_ASSERT(message_has("domnum 0 is not a terminal number of the deco target"));
  }
  CU_ASSERT_EQUAL(TARTAN_archSavePath(&arch, path), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archLoadPath(&arch, path), TARTAN_OK);
  check_numbered(&arch, &graph, labels);
  /* A sub of it names the deco's terminals by their numbers, and numbers its own by position. */
  TARTAN_archInit(&sub);
  CU_ASSERT_EQUAL(TARTAN_archSub(&sub, &arch, 2, sublist), TARTAN_OK);
  CU_ASSERT_EQUAL(term_dist(&sub, 0, 1), 2);
  CU_ASSERT_EQUAL(TARTAN_archSavePath(&sub, path), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archLoadPath(&sub, path), TARTAN_OK);
  CU_ASSERT_EQUAL(term_dist(&sub, 0, 1), 2);
  {
    const TARTAN_Num bad[] = {2};
    CU_ASSERT_EQUAL(TARTAN_archSub(&sub, &arch, 1, bad), TARTAN_EINVAL);
    CU_ASSERT(message_has("sub terminal 0 is 2, not a terminal number"));
  }
  TARTAN_archExit(&sub);
  /* SCOTCH's deco 1 file of the same list. */
  file = fopen(path, "w");
  CU_ASSERT_PTR_NOT_NULL_FATAL(file);
  fputs(deco1, file);
  fclose(file);
  CU_ASSERT_EQUAL(TARTAN_archLoadPath(&arch, path), TARTAN_OK);
  check_numbered(&arch, &graph, labels);
  /* deco 2: positions, as SCOTCH's. */
  CU_ASSERT_EQUAL(TARTAN_archBuild2(&arch, &graph, 3, list), TARTAN_OK);
  check_numbered(&arch, &graph, positions);
  CU_ASSERT_EQUAL(TARTAN_archSavePath(&arch, path), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archLoadPath(&arch, path), TARTAN_OK);
  check_numbered(&arch, &graph, positions);
  remove(path);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

/* Issue 11: terminals that no link joins, or that links of cost 0 join, would be at distance
 * 0; files and builds saying so are refused with a message naming them. */
static void test_no_zero_distance(void) {
  TARTAN_Graph split, free_links;
  TARTAN_Arch arch;
  static TARTAN_Num sv[5] = {0, 1, 2, 3, 4}, se[4] = {1, 0, 3, 2};
  static TARTAN_Num fv[3] = {0, 1, 2}, fe[2] = {1, 0}, fw[2] = {0, 0};
  const TARTAN_Num across[] = {0, 2};
  char path[] = "test_arch_deco_split.tgt";
  TARTAN_archInit(&arch);
  expect_file_refused(
      &arch, path,
      "deco 2 2 2 3  1 0  2 1  1 2 2 0 -1 1 2 1 0  2 1 1 0 0 -1 -1 0 1  3 1 1 1 0 -1 -1 0 2"
      "  0 2 0 0 000 0 0 0  0 1 0 0 011 2 0 0  0 0 1\n",
      "terminals 0 (vertex 0) and 1 (vertex 1) lie in different connected components of the "
      "target graph (components 0 and 1 of 2 in level 0)");
  expect_file_refused(&arch, path, "deco 0 2 3  0 1 2  1 1 3  0\n",
                      "terminals 0 and 1 are at distance 0");
  remove(path);

  TARTAN_graphInit(&split);
  CU_ASSERT_EQUAL_FATAL(TARTAN_graphBuild(&split, 0, 4, sv, NULL, NULL, NULL, 4, se, NULL),
                        TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archBuild2(&arch, &split, 2, across), TARTAN_EINVAL);
  CU_ASSERT(message_has("listed vertices 0 and 2 are in different connected components of the "
                        "target graph (components 0 and 1 of 2"));
  CU_ASSERT_EQUAL(TARTAN_archBuild(&arch, &split, 2, across, NULL), TARTAN_EINVAL);
  CU_ASSERT(message_has("different connected components"));
  TARTAN_graphExit(&split);
  TARTAN_graphInit(&free_links);
  CU_ASSERT_EQUAL_FATAL(TARTAN_graphBuild(&free_links, 0, 2, fv, NULL, NULL, NULL, 2, fe, fw),
                        TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archBuild0(&arch, &free_links, 0, NULL, NULL), TARTAN_EINVAL);
  CU_ASSERT(message_has("traversal cost 0"));
  CU_ASSERT_EQUAL(TARTAN_archBuild2(&arch, &free_links, 0, NULL), TARTAN_EINVAL);
  TARTAN_graphExit(&free_links);
  TARTAN_archExit(&arch);
}

int main(void) {
  CU_pSuite suite;
  if (CU_initialize_registry() != CUE_SUCCESS) return 1;
  suite = CU_add_suite("arch_deco", NULL, NULL);
  CU_add_test(suite, "archBuild0 gives exact distances and a tree", test_build0_exact);
  CU_add_test(suite, "archBuild2, vertex lists and archBuild", test_build2_and_list);
  CU_add_test(suite, "bad graphs, lists and handles", test_bad_input);
  CU_add_test(suite, "deco 0 / deco 2 files load and save", test_files);
  CU_add_test(suite, "no two terminals at distance 0", test_no_zero_distance);
  CU_add_test(suite, "SCOTCH's terminal numbers on vertex lists", test_scotch_numbering);
  return run_registered_suites();
}
