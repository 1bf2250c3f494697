/* Reliability contract through the public API: regressions found by fuzzing (tests/fuzz), the
 * mapping entry points refusing graphs that were built but not checked, and atomic saves (a
 * save that fails leaves the file it would have replaced intact). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tartan.h"
#include "test_support.h"

/* ---- Mapping graphs that were built but not checked ------------------------------------ */

/* A 4-cycle 0-1-2-3-0 (base 0) that each case below damages in one place. */
typedef struct {
  TARTAN_Num verttab[5], edgetab[8], velotab[4], edlotab[8];
} Cycle;

static void cycle_init(Cycle *cycle) {
  const TARTAN_Num verttab[5] = {0, 2, 4, 6, 8}, edgetab[8] = {1, 3, 0, 2, 1, 3, 2, 0};
  memcpy(cycle->verttab, verttab, sizeof verttab);
  memcpy(cycle->edgetab, edgetab, sizeof edgetab);
  for (int i = 0; i < 4; ++i) cycle->velotab[i] = 1;
  for (int i = 0; i < 8; ++i) cycle->edlotab[i] = 1;
}

/* Builds the (damaged) cycle without checking it, maps it onto cmplt 2 through every mapping
 * entry point, and expects each to refuse with code and a message containing fragment. */
static void expect_map_refused(const Cycle *cycle, int code, const char *fragment) {
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Mapping mapping;
  TARTAN_Num parttab[4] = {-1, -1, -1, -1};
  CU_ASSERT_EQUAL_FATAL(TARTAN_graphInit(&graph), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archInit(&arch), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_graphBuild(&graph, 0, 4, cycle->verttab, NULL, cycle->velotab,
                                          NULL, 8, cycle->edgetab, cycle->edlotab),
                        TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archCmplt(&arch, 2), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_graphCheck(&graph), code);
  CU_ASSERT_EQUAL(TARTAN_graphMap(&graph, &arch, NULL, parttab), code);
  CU_ASSERT_PTR_NOT_NULL(strstr(TARTAN_errorMessage(), fragment));
  CU_ASSERT_EQUAL(TARTAN_graphMapFixed(&graph, &arch, NULL, parttab), code);
  CU_ASSERT_EQUAL(TARTAN_graphPart(&graph, 2, NULL, parttab), code);
  CU_ASSERT_EQUAL_FATAL(TARTAN_graphMapInit(&graph, &mapping, &arch, NULL), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_graphMapCompute(&graph, &mapping, NULL), code);
  CU_ASSERT_PTR_NOT_NULL(strstr(TARTAN_errorMessage(), fragment));
  CU_ASSERT_EQUAL(TARTAN_graphMapFixedCompute(&graph, &mapping, NULL), code);
  for (int i = 0; i < 4; ++i) CU_ASSERT_EQUAL(parttab[i], -1); /* untouched on error */
  TARTAN_graphMapExit(&graph, &mapping);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

static void test_map_unchecked_graphs(void) {
  Cycle cycle;
  cycle_init(&cycle);
  cycle.edgetab[2] = 900; /* out-of-range neighbour (an invalid read in drb before the fix) */
  expect_map_refused(&cycle, TARTAN_EINVAL, "references vertex 900");
  cycle_init(&cycle);
  cycle.edgetab[2] = -3; /* negative neighbour */
  expect_map_refused(&cycle, TARTAN_EINVAL, "references vertex -3");
  cycle_init(&cycle);
  cycle.velotab[2] = -5; /* negative load */
  expect_map_refused(&cycle, TARTAN_EINVAL, "vertex 2");
  cycle_init(&cycle);
  cycle.edgetab[7] = 1; /* arc 3->1 without 1->3, and 3->0 without its twin */
  expect_map_refused(&cycle, TARTAN_EINVAL, "vertex");
  cycle_init(&cycle);
  cycle.edgetab[0] = 0; /* self loop on vertex 0 */
  expect_map_refused(&cycle, TARTAN_EINVAL, "vertex 0");
  cycle_init(&cycle);
  cycle.edlotab[0] = 7; /* edge {0,1} weighs 7 one way, 1 the other */
  expect_map_refused(&cycle, TARTAN_EINVAL, "vertex");
  cycle_init(&cycle);
  cycle.velotab[0] = cycle.velotab[1] = cycle.velotab[2] = cycle.velotab[3] =
      (TARTAN_Num) (((unsigned long long) 1 << (8 * sizeof(TARTAN_Num) - 2)) - 1);
  expect_map_refused(&cycle, TARTAN_EOVERFLOW, "");
}

/* The fuzz regression file that showed the bug replays through its harness in
 * tests/fuzz/corpora.sh as well (tests/fuzz/corpus/csr/regress_unchecked_base1_map). */

/* ---- Atomic saves ------------------------------------------------------------------------ */

static char scratch[4096]; /* a private folder, removed at the end */

static const char *scratch_path(const char *name) {
  static char path[8192];
  snprintf(path, sizeof path, "%s/%s", scratch, name);
  return path;
}

static void write_text(const char *path, const char *text) {
  FILE *file = fopen(path, "w");
  CU_ASSERT_PTR_NOT_NULL_FATAL(file);
  fputs(text, file);
  fclose(file);
}

/* 1 if the file at path holds exactly text. */
static int holds(const char *path, const char *text) {
  char buffer[256];
  FILE *file = fopen(path, "r");
  if (file == NULL) return 0;
  size_t size = fread(buffer, 1, sizeof buffer - 1, file);
  fclose(file);
  buffer[size] = '\0';
  return strcmp(buffer, text) == 0;
}

/* Number of entries of the scratch folder (temporary files left behind show up here). */
static int scratch_entries(void) {
  char command[8300];
  snprintf(command, sizeof command, "ls -A '%s' | wc -l", scratch);
  FILE *pipe = popen(command, "r");
  int count = -1;
  if (pipe != NULL) {
    if (fscanf(pipe, "%d", &count) != 1) count = -1;
    pclose(pipe);
  }
  return count;
}

/* A 200 x 200 grid: its .grf, .map and the target's text are larger than one 64 KiB buffer,
 * so that a write limit cuts them in the middle. */
static TARTAN_Num *grid_verttab, *grid_edgetab, *grid_parttab;
static void build_grid(TARTAN_Graph *graph) {
  const TARTAN_Num side = 200, vertnbr = side * side;
  TARTAN_Num edgenbr = 0;
  grid_verttab = malloc(sizeof(TARTAN_Num) * (size_t) (vertnbr + 1));
  grid_edgetab = malloc(sizeof(TARTAN_Num) * (size_t) (4 * vertnbr));
  grid_parttab = malloc(sizeof(TARTAN_Num) * (size_t) vertnbr);
  CU_ASSERT_FATAL(grid_verttab && grid_edgetab && grid_parttab);
  for (TARTAN_Num v = 0; v < vertnbr; ++v) {
    const TARTAN_Num x = v % side, y = v / side;
    grid_verttab[v] = edgenbr;
    if (y > 0) grid_edgetab[edgenbr++] = v - side;
    if (x > 0) grid_edgetab[edgenbr++] = v - 1;
    if (x < side - 1) grid_edgetab[edgenbr++] = v + 1;
    if (y < side - 1) grid_edgetab[edgenbr++] = v + side;
    grid_parttab[v] = v % 4;
  }
  grid_verttab[vertnbr] = edgenbr;
  CU_ASSERT_EQUAL_FATAL(TARTAN_graphBuild(graph, 0, vertnbr, grid_verttab, NULL, NULL, NULL,
                                          edgenbr, grid_edgetab, NULL),
                        TARTAN_OK);
}

static void free_grid(void) {
  free(grid_verttab);
  free(grid_edgetab);
  free(grid_parttab);
}

/* Runs the three path saves with file writes limited to limit bytes (RLIMIT_FSIZE, as a full
 * disk would cut them; root is not exempt) and returns their codes. */
static void save_all(TARTAN_Graph *graph, TARTAN_Arch *arch, TARTAN_Mapping *mapping,
                     rlim_t limit, int codes[3]) {
  struct rlimit old, cut;
  CU_ASSERT_EQUAL_FATAL(getrlimit(RLIMIT_FSIZE, &old), 0);
  cut = old;
  cut.rlim_cur = limit;
  signal(SIGXFSZ, SIG_IGN);
  CU_ASSERT_EQUAL_FATAL(setrlimit(RLIMIT_FSIZE, &cut), 0);
  codes[0] = TARTAN_graphSavePath(graph, scratch_path("g.grf"));
  codes[1] = TARTAN_archSavePath(arch, scratch_path("t.tgt"));
  codes[2] = TARTAN_graphMapSavePath(graph, mapping, scratch_path("m.map"));
  CU_ASSERT_EQUAL_FATAL(setrlimit(RLIMIT_FSIZE, &old), 0);
  signal(SIGXFSZ, SIG_DFL);
}

static void test_atomic_saves(void) {
  TARTAN_Graph graph;
  TARTAN_Arch arch, sub;
  TARTAN_Mapping mapping;
  TARTAN_Num vnumtab[3000];
  int codes[3];
  CU_ASSERT_EQUAL_FATAL(TARTAN_graphInit(&graph), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archInit(&arch), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archInit(&sub), TARTAN_OK);
  build_grid(&graph);
  /* A sub target whose list is long enough to cut. */
  CU_ASSERT_EQUAL_FATAL(TARTAN_archMesh2(&arch, 100, 100), TARTAN_OK);
  for (int i = 0; i < 3000; ++i) vnumtab[i] = 3 * i;
  CU_ASSERT_EQUAL_FATAL(TARTAN_archSub(&sub, &arch, 3000, vnumtab), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_graphMapInit(&graph, &mapping, &sub, grid_parttab), TARTAN_OK);

  /* The old files, in a private folder. */
  write_text(scratch_path("g.grf"), "old graph\n");
  write_text(scratch_path("t.tgt"), "old target\n");
  write_text(scratch_path("m.map"), "old mapping\n");
  chmod(scratch_path("m.map"), 0640);

  /* Writes cut after 4 KiB: each save fails with TARTAN_EIO, the old files stay whole and no
   * temporary file is left. */
  save_all(&graph, &sub, &mapping, 4096, codes);
  for (int i = 0; i < 3; ++i) CU_ASSERT_EQUAL(codes[i], TARTAN_EIO);
  CU_ASSERT(holds(scratch_path("g.grf"), "old graph\n"));
  CU_ASSERT(holds(scratch_path("t.tgt"), "old target\n"));
  CU_ASSERT(holds(scratch_path("m.map"), "old mapping\n"));
  CU_ASSERT_EQUAL(scratch_entries(), 3);

  /* Without the limit they replace the files, keeping the mode of the one replaced. */
  save_all(&graph, &sub, &mapping, RLIM_INFINITY, codes);
  for (int i = 0; i < 3; ++i) CU_ASSERT_EQUAL(codes[i], TARTAN_OK);
  CU_ASSERT_EQUAL(scratch_entries(), 3);
  struct stat info;
  CU_ASSERT_EQUAL(stat(scratch_path("m.map"), &info), 0);
  CU_ASSERT_EQUAL(info.st_mode & 0777, 0640);
  CU_ASSERT(info.st_size > 100000);
  TARTAN_Graph back;
  CU_ASSERT_EQUAL_FATAL(TARTAN_graphInit(&back), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_graphLoadPath(&back, scratch_path("g.grf"), -1, 0), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_graphCheck(&back), TARTAN_OK);
  TARTAN_graphExit(&back);

  /* A symbolic link stays a link: the file it names is replaced. */
  CU_ASSERT_EQUAL(symlink("g.grf", scratch_path("link.grf")), 0);
  CU_ASSERT_EQUAL(TARTAN_archSavePath(&arch, scratch_path("link.grf")), TARTAN_OK);
  CU_ASSERT_EQUAL(lstat(scratch_path("link.grf"), &info), 0);
  CU_ASSERT(S_ISLNK(info.st_mode));
  CU_ASSERT(holds(scratch_path("g.grf"), "mesh2D 100 100\n"));
  CU_ASSERT_EQUAL(scratch_entries(), 4);

  /* Unwritable destinations: a folder, a missing folder, a full device through FILE *. */
  CU_ASSERT_EQUAL(mkdir(scratch_path("folder"), 0755), 0);
  CU_ASSERT_EQUAL(TARTAN_graphSavePath(&graph, scratch_path("folder")), TARTAN_EIO);
  CU_ASSERT_EQUAL(TARTAN_graphSavePath(&graph, scratch_path("missing/g.grf")), TARTAN_EIO);
  CU_ASSERT_PTR_NOT_NULL(strstr(TARTAN_errorMessage(), "missing/g.grf"));
  CU_ASSERT_EQUAL(scratch_entries(), 5);
  FILE *full = fopen("/dev/full", "w");
  if (full != NULL) {
    CU_ASSERT_EQUAL(TARTAN_graphSave(&graph, full), TARTAN_EIO);
    CU_ASSERT_EQUAL(TARTAN_archSave(&sub, full), TARTAN_EIO);
    CU_ASSERT_EQUAL(TARTAN_graphMapSave(&graph, &mapping, full), TARTAN_EIO);
    fclose(full);
    /* A device given by path is written directly (no temporary file next to it). */
    CU_ASSERT_EQUAL(TARTAN_graphSavePath(&graph, "/dev/full"), TARTAN_EIO);
  }
  CU_ASSERT_EQUAL(TARTAN_graphSavePath(&graph, "/dev/null"), TARTAN_OK);

  TARTAN_graphMapExit(&graph, &mapping);
  TARTAN_archExit(&sub);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
  free_grid();
}

int main(void) {
  CU_pSuite suite;
  char command[8300];
  int status;
  snprintf(scratch, sizeof scratch, "%s/tartan-reliability.XXXXXX",
           getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
  if (mkdtemp(scratch) == NULL) return 1;
  if (CU_initialize_registry() != CUE_SUCCESS) return 1;
  suite = CU_add_suite("reliability", NULL, NULL);
  CU_add_test(suite, "mapping refuses graphs that fail the check", test_map_unchecked_graphs);
  CU_add_test(suite, "saves to paths are atomic", test_atomic_saves);
  status = run_registered_suites();
  snprintf(command, sizeof command, "rm -rf '%s'", scratch);
  if (system(command) != 0) status = 1;
  return status;
}
