/* Fuzz harness: target files (.tgt, every kind: algorithmic, sub, deco 0/1/2, net, gzip)
 * through TARTAN_archLoad, then the domain calls, the link list and a save. Targets whose
 * terminals stay few are also used to map a small fixed graph, checking that every vertex
 * lands on one of them, and its network figures. */
#include "fuzz_support.h"

/* The network figures cost the sum of the messages' route lengths, which a few terminals
 * spread over a long network make huge (4 terminals of a 1 x 4224171 mesh: routes of 2.8
 * million links, 30 s in this build against 10 s allowed per input). They are checked on
 * networks whose links TARTAN_archLinkCount can count and of up to this many nodes; beyond,
 * only the mapping is. */
#define NETWORK_FIGURES_MAX_NODES 65536

/* Walks the domain tree depth first (bounded), checking sizes and distances. */
static void walk(TARTAN_Arch *arch, const TARTAN_ArchDom *dom, int depth, int *budget) {
  if (--*budget < 0) return;
  const TARTAN_Num domsize = TARTAN_archDomSize(arch, dom);
  FUZZ_ASSERT(domsize >= 1 || TARTAN_archVar(arch) == 1);
  FUZZ_ASSERT(TARTAN_archDomDist(arch, dom, dom) >= 0);
  if (depth == 0) return;
  TARTAN_ArchDom *dom0 = TARTAN_archDomAlloc(), *dom1 = TARTAN_archDomAlloc();
  if (dom0 != NULL && dom1 != NULL) {
    const int code = TARTAN_archDomBipart(arch, dom, dom0, dom1);
    FUZZ_ASSERT(code == 0 || code == 1 || (code < 0 && code > TARTAN_EINTERNAL));
    if (code == 0) {
      FUZZ_ASSERT(TARTAN_archDomDist(arch, dom0, dom1) >= 0);
      if (TARTAN_archVar(arch) == 0)
        FUZZ_ASSERT(TARTAN_archDomSize(arch, dom0) + TARTAN_archDomSize(arch, dom1) == domsize);
      walk(arch, dom0, depth - 1, budget);
      walk(arch, dom1, depth - 1, budget);
    }
  }
  free(dom0);
  free(dom1);
}

/* The network figures of a mapping, when the target has links (TARTAN_ENOTSUP otherwise). */
static void check_network(TARTAN_Graph *graph, const TARTAN_Arch *arch, TARTAN_Num *parttab) {
  TARTAN_Mapping mapping;
  TARTAN_NetStats stats;
  if (TARTAN_graphMapInit(graph, &mapping, arch, parttab) != TARTAN_OK) return;
  const int code = TARTAN_graphMapNetStats(graph, &mapping, &stats);
  FUZZ_CODE(code);
  if (code == TARTAN_OK)
    FUZZ_ASSERT(stats.messages >= 0 && stats.th >= stats.messages && stats.mc >= 0 &&
                stats.links >= 0 && stats.dilation_max >= 0);
  TARTAN_graphMapExit(graph, &mapping);
}

/* Maps a 4 x 4 grid onto the target; with figures, checks its network figures too. */
static void map_grid(const TARTAN_Arch *arch, int figures) {
  TARTAN_Num parttab[16];
  FuzzGrid grid;
  fuzz_grid(&grid);
  TARTAN_Graph graph;
  TARTAN_Strat strat;
  FUZZ_ASSERT(TARTAN_graphInit(&graph) == TARTAN_OK && TARTAN_stratInit(&strat) == TARTAN_OK);
  FUZZ_ASSERT(TARTAN_graphBuild(&graph, 0, 16, grid.verttab, NULL, NULL, NULL, grid.edgenbr,
                                grid.edgetab, NULL) == TARTAN_OK);
  const int code = TARTAN_graphMap(&graph, arch, &strat, parttab);
  FUZZ_CODE(code);
  if (code == TARTAN_OK) {
    /* Every part is a terminal number of the target (deco 0: a label). */
    TARTAN_ArchDom dom;
    for (int v = 0; v < 16; ++v)
      FUZZ_ASSERT(TARTAN_archDomTerm((TARTAN_Arch *) arch, &dom, parttab[v]) == TARTAN_OK);
    if (figures) check_network(&graph, arch, parttab);
  }
  TARTAN_stratExit(&strat);
  TARTAN_graphExit(&graph);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FILE *stream = fuzz_stream(data, size);
  if (stream == NULL) return 0;
  TARTAN_Arch arch;
  FUZZ_ASSERT(TARTAN_archInit(&arch) == TARTAN_OK);
  const int code = TARTAN_archLoad(&arch, stream);
  FUZZ_CODE(code);
  fclose(stream);
  if (code == TARTAN_OK) {
    FUZZ_ASSERT(TARTAN_archName(&arch)[0] != '\0');
    const TARTAN_Num termnbr = TARTAN_archSize(&arch);
    FUZZ_ASSERT(termnbr >= 1 || (termnbr == 0 && TARTAN_archVar(&arch) == 1));
    TARTAN_ArchDom *dom = TARTAN_archDomAlloc();
    if (dom != NULL && TARTAN_archDomFrst(&arch, dom) == TARTAN_OK) {
      int budget = 64;
      walk(&arch, dom, 6, &budget);
      /* Terminals are numbered 0..termnbr-1, but deco 0 targets number theirs by label
       * (SCOTCH's numbers), so a number may be missing there. */
      if (termnbr > 0 && TARTAN_archDomTerm(&arch, dom, termnbr - 1) == TARTAN_OK)
        FUZZ_ASSERT(TARTAN_archDomNum(&arch, dom) == termnbr - 1);
    }
    free(dom);
    TARTAN_Num nodenbr, linknbr;
    const int links = TARTAN_archLinkCount(&arch, &nodenbr, &linknbr);
    FUZZ_CODE(links);
    if (links == TARTAN_OK && linknbr <= 4096) {
      TARTAN_Num *srctab = malloc(sizeof(TARTAN_Num) * (size_t)(linknbr + 1));
      TARTAN_Num *dsttab = malloc(sizeof(TARTAN_Num) * (size_t)(linknbr + 1));
      if (srctab != NULL && dsttab != NULL && TARTAN_archLinks(&arch, srctab, dsttab, NULL) == 0)
        for (TARTAN_Num l = 0; l < linknbr; ++l)
          FUZZ_ASSERT(srctab[l] >= 0 && srctab[l] < nodenbr && dsttab[l] >= 0 &&
                      dsttab[l] < nodenbr && srctab[l] != dsttab[l]);
      free(srctab);
      free(dsttab);
    }
    FILE *sink = fuzz_sink();
    if (sink != NULL) {
      FUZZ_CODE(TARTAN_archSave(&arch, sink));
      fclose(sink);
    }
    if (termnbr >= 1 && termnbr <= 64)
      map_grid(&arch, links == TARTAN_OK && nodenbr <= NETWORK_FIGURES_MAX_NODES);
  }
  TARTAN_archExit(&arch);
  return 0;
}
