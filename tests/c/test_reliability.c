/* Reliability contract through the public API: regressions found by fuzzing (tests/fuzz), the
 * mapping entry points refusing graphs that were built but not checked, and atomic saves (a
 * save that fails leaves the file it would have replaced intact). */
#include <errno.h>
#include <pthread.h>
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

/* ---- Hostile strings and headers found while trying the library ------------------------- */

typedef struct {
  const char *text;
  int code;
  char message[512];
} StratCase;

static void *parse_in_thread(void *argument) {
  StratCase *item = (StratCase *) argument;
  TARTAN_Strat strat;
  TARTAN_stratInit(&strat);
  item->code = TARTAN_stratGraphMap(&strat, item->text);
  snprintf(item->message, sizeof item->message, "%s", TARTAN_errorMessage());
  TARTAN_stratExit(&strat);
  return NULL;
}

/* Parses text in a thread with a 1 MiB stack (an eighth of the usual 8 MiB; a libFuzzer build's
 * frames take about 2.5 KiB per nesting level); returns the code, message in item. */
static int parse_small_stack(StratCase *item) {
  pthread_attr_t attributes;
  pthread_t thread;
  pthread_attr_init(&attributes);
  pthread_attr_setstacksize(&attributes, 1024 * 1024);
  CU_ASSERT_EQUAL_FATAL(pthread_create(&thread, &attributes, parse_in_thread, item), 0);
  pthread_join(thread, NULL);
  pthread_attr_destroy(&attributes);
  return item->code;
}

/* A string of count copies of unit between prefix and suffix. */
static char *repeat(const char *prefix, const char *unit, int count, const char *middle,
                    const char *closing, const char *suffix) {
  size_t size = strlen(prefix) + (strlen(unit) + strlen(closing)) * (size_t) count +
                strlen(middle) + strlen(suffix) + 1;
  char *text = malloc(size), *end;
  CU_ASSERT_PTR_NOT_NULL_FATAL(text);
  end = text + sprintf(text, "%s", prefix);
  for (int i = 0; i < count; ++i) end += sprintf(end, "%s", unit);
  end += sprintf(end, "%s", middle);
  for (int i = 0; i < count; ++i) end += sprintf(end, "%s", closing);
  sprintf(end, "%s", suffix);
  return text;
}

static void test_strategy_nesting(void) {
  /* 30 000 nested parentheses and 60 000 '!' crashed `tartan map -s`; 1 000 levels crashed a
   * thread with a 256 KiB stack. Now: EFORMAT at level 101, in a thread of 1 MiB. */
  struct {
    char *text;
    const char *fragment;
  } cases[6];
  cases[0].text = repeat("", "(", 30000, "drb", ")", "");
  cases[0].fragment = "position 101: nesting deeper than 100 levels";
  cases[1].text = repeat("/", "!", 60000, "vert>1", "", "?drb;");
  cases[1].fragment = "position 102: nesting deeper than 100 levels";
  cases[2].text = repeat("", "(drb|", 1000, "drb", ")", "");
  cases[2].fragment = "nesting deeper than 100 levels";
  cases[3].text = repeat("", "/vert>1?", 1000, "drb", ";", "");
  cases[3].fragment = "nesting deeper than 100 levels";
  cases[4].text = repeat("/", "vert>1&", 3000, "vert>1", "", "?drb;");
  cases[4].fragment = "at most 100 comparisons";
  cases[5].text = repeat("/", "(", 1000, "vert>1", ")", "?drb;");
  cases[5].fragment = "nesting deeper than 100 levels";
  for (int i = 0; i < 6; ++i) {
    StratCase item = {cases[i].text, 0, ""};
    CU_ASSERT_EQUAL(parse_small_stack(&item), TARTAN_EFORMAT);
    CU_ASSERT_PTR_NOT_NULL(strstr(item.message, cases[i].fragment));
    free(cases[i].text);
  }
  /* 100 levels are still accepted, and map. */
  char *deepest = repeat("", "(", 99, "drb", ")", "");
  StratCase item = {deepest, -1, ""};
  CU_ASSERT_EQUAL(parse_small_stack(&item), TARTAN_OK);
  free(deepest);
}

static void test_mtx_absurd_rows(void) {
  /* A 60-byte file claiming 2e9 rows allocated gigabytes before reading its one entry. */
  static const char text[] = "%%MatrixMarket matrix coordinate pattern general\n"
                             "2000000000 2000000000 1\n1 2\n";
  FILE *stream = fmemopen((void *) text, sizeof text - 1, "r");
  TARTAN_Graph graph;
  CU_ASSERT_PTR_NOT_NULL_FATAL(stream);
  CU_ASSERT_EQUAL_FATAL(TARTAN_graphInit(&graph), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_graphImport(&graph, stream, 0, TARTAN_GRAPHFORMAT_MATRIXMARKET),
                  TARTAN_EFORMAT);
  CU_ASSERT_PTR_NOT_NULL(strstr(TARTAN_errorMessage(), "claims 2000000000 rows but only 1"));
  fclose(stream);
  /* 2^20 rows without entries are still read. */
  static const char sparse[] = "%%MatrixMarket matrix coordinate pattern general\n"
                               "1048578 1048578 1\n1 2\n";
  stream = fmemopen((void *) sparse, sizeof sparse - 1, "r");
  CU_ASSERT_EQUAL(TARTAN_graphImport(&graph, stream, 0, TARTAN_GRAPHFORMAT_MATRIXMARKET),
                  TARTAN_OK);
  fclose(stream);
  TARTAN_graphExit(&graph);
}

static void test_deco2_absurd_counts(void) {
  /* Found by fuzz_tgt (tests/fuzz/corpus/tgt/regress_deco2_claims_241943041_terminals): a
   * 33-byte deco 2 file claiming 241943041 terminals made the reader size its arrays by the
   * claim (1.5 GB, 14 s under ASan) before failing. Arrays now grow as the file delivers. */
  static const char text[] = "deco\n2\n\n241943041\t1\t1\t2\t1\t1\t2\t10\n";
  FILE *stream = fmemopen((void *) text, sizeof text - 1, "r");
  TARTAN_Arch arch;
  CU_ASSERT_PTR_NOT_NULL_FATAL(stream);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archInit(&arch), TARTAN_OK);
  CU_ASSERT_EQUAL(TARTAN_archLoad(&arch, stream), TARTAN_EFORMAT);
  CU_ASSERT_PTR_NOT_NULL(strstr(TARTAN_errorMessage(), "line 5: expected deco 2 terminal vertex, found end of file"));
  fclose(stream);
  TARTAN_archExit(&arch);
}

static void test_deco_memory_setting(void) {
  /* TARTAN_DECO_MAX_MEMORY_MB=-5 lifted the cap; abc, 0, 1.5 were ignored. */
  const TARTAN_Num verttab[] = {0, 1, 3, 4}, edgetab[] = {1, 0, 2, 1};
  const char *bad[] = {"-5", "abc", "0", "1.5", "12x", "99999999999999999999"};
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  CU_ASSERT_EQUAL_FATAL(TARTAN_graphInit(&graph), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archInit(&arch), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_graphBuild(&graph, 0, 3, verttab, NULL, NULL, NULL, 4, edgetab,
                                          NULL),
                        TARTAN_OK);
  for (int i = 0; i < 6; ++i) {
    setenv("TARTAN_DECO_MAX_MEMORY_MB", bad[i], 1);
    CU_ASSERT_EQUAL(TARTAN_archBuild0(&arch, &graph, 0, NULL, NULL), TARTAN_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(TARTAN_errorMessage(), "TARTAN_DECO_MAX_MEMORY_MB='"));
    CU_ASSERT_PTR_NOT_NULL(strstr(TARTAN_errorMessage(), bad[i]));
  }
  setenv("TARTAN_DECO_MAX_MEMORY_MB", "1", 1);
  CU_ASSERT_EQUAL(TARTAN_archBuild0(&arch, &graph, 0, NULL, NULL), TARTAN_OK);
  setenv("TARTAN_DECO_MAX_MEMORY_MB", "", 1); /* empty: the default */
  CU_ASSERT_EQUAL(TARTAN_archBuild0(&arch, &graph, 0, NULL, NULL), TARTAN_OK);
  unsetenv("TARTAN_DECO_MAX_MEMORY_MB");
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

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
  CU_add_test(suite, "strategy nesting is bounded", test_strategy_nesting);
  CU_add_test(suite, "Matrix Market row counts the file cannot hold", test_mtx_absurd_rows);
  CU_add_test(suite, "TARTAN_DECO_MAX_MEMORY_MB settings", test_deco_memory_setting);
  CU_add_test(suite, "deco 2 counts the file cannot hold", test_deco2_absurd_counts);
  status = run_registered_suites();
  snprintf(command, sizeof command, "rm -rf '%s'", scratch);
  if (system(command) != 0) status = 1;
  return status;
}
