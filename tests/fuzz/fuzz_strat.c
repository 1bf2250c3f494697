/* Fuzz harness: strategy strings through TARTAN_stratGraphMap. A string that parses is used
 * to map a small fixed graph (a 4 x 4 grid with varied loads) onto a 2 x 2 torus, and must
 * map every vertex (or refuse with a code); a string refused is refused with EFORMAT. */
#include "fuzz_support.h"

static void map(TARTAN_Strat *strat) {
  TARTAN_Num velotab[16], parttab[16];
  FuzzGrid grid;
  fuzz_grid(&grid);
  for (TARTAN_Num v = 0; v < 16; ++v) velotab[v] = 1 + (v % 3);
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  FUZZ_ASSERT(TARTAN_graphInit(&graph) == TARTAN_OK && TARTAN_archInit(&arch) == TARTAN_OK);
  FUZZ_ASSERT(TARTAN_graphBuild(&graph, 0, 16, grid.verttab, NULL, velotab, NULL, grid.edgenbr,
                                grid.edgetab, NULL) == TARTAN_OK);
  FUZZ_ASSERT(TARTAN_archTorus2(&arch, 2, 2) == TARTAN_OK);
  const int code = TARTAN_graphMap(&graph, &arch, strat, parttab);
  FUZZ_CODE(code);
  if (code == TARTAN_OK)
    for (int v = 0; v < 16; ++v) FUZZ_ASSERT(parttab[v] >= 0 && parttab[v] < 4);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_string(data, size);
  if (text == NULL) return 0;
  TARTAN_Strat strat;
  FUZZ_ASSERT(TARTAN_stratInit(&strat) == TARTAN_OK);
  const int code = TARTAN_stratGraphMap(&strat, text);
  FUZZ_CODE(code);
  FUZZ_ASSERT(code == TARTAN_OK || code == TARTAN_EFORMAT);
  if (code == TARTAN_OK) map(&strat);
  TARTAN_stratExit(&strat);
  free(text);
  return 0;
}
