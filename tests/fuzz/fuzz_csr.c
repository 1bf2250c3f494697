/* Structured fuzz harness: the input is read as a small graph in CSR arrays (base, vertex
 * count, degrees, neighbours, optional loads and weights, all from fuzzed bytes) and a small
 * target (kind and sizes from fuzzed bytes). The graph goes through TARTAN_graphBuild and
 * TARTAN_graphCheck; then TARTAN_graphMap is called on it whether it passed the check or not:
 * a graph the check accepts must map every vertex onto the target, one it refuses must be
 * refused by the mapping too (with a code, never a crash). */
#include "fuzz_support.h"

typedef struct {
  const uint8_t *data;
  size_t size, pos;
} Reader;

static unsigned next(Reader *in) { return in->pos < in->size ? in->data[in->pos++] : 0u; }

/* A signed small value: mostly in range, sometimes negative or huge. */
static TARTAN_Num next_num(Reader *in, TARTAN_Num range) {
  const unsigned byte = next(in);
  if (byte == 255) return (TARTAN_Num) ((~(unsigned long long) 0) >> 1 >> (64 - 8 * sizeof(TARTAN_Num)));
  if (byte == 254) return -1 - (TARTAN_Num) next(in);
  return (TARTAN_Num) (byte % (unsigned) range);
}

static int make_target(Reader *in, TARTAN_Arch *arch) {
  const unsigned kind = next(in) % 8;
  const TARTAN_Num a = 1 + (TARTAN_Num) (next(in) % 5), b = 1 + (TARTAN_Num) (next(in) % 4);
  TARTAN_Num sizetab[2] = {a, b}, linktab[2] = {10, 1}, vnumtab[4];
  switch (kind) {
    case 0: return TARTAN_archCmplt(arch, a + b);
    case 1: return TARTAN_archHcub(arch, b);
    case 2: return TARTAN_archMesh2(arch, a, b);
    case 3: return TARTAN_archTorus3(arch, a, b, 2);
    case 4: return TARTAN_archTleaf(arch, 2, sizetab, linktab);
    case 5: {
      TARTAN_Num velotab[9];
      for (int i = 0; i < 9; ++i) velotab[i] = 1 + (TARTAN_Num) (next(in) % 4);
      return TARTAN_archCmpltw(arch, a + b, velotab);
    }
    case 6: {
      TARTAN_Arch org;
      TARTAN_archInit(&org);
      int code = TARTAN_archMesh2(&org, 3, 3);
      for (int i = 0; i < 4; ++i) vnumtab[i] = (TARTAN_Num) (next(in) % 9);
      if (code == TARTAN_OK) code = TARTAN_archSub(arch, &org, b, vnumtab);
      TARTAN_archExit(&org);
      return code;
    }
    default: return TARTAN_archVcmplt(arch);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Reader in = {data, size, 0};
  const unsigned flags = next(&in);
  const TARTAN_Num baseval = (flags & 1) ? 1 : 0;
  const TARTAN_Num vertnbr = (TARTAN_Num) (next(&in) % 33);
  TARTAN_Num verttab[34], velotab[33], vlbltab[33], edgetab[256], edlotab[256], edgenbr = 0;
  for (TARTAN_Num v = 0; v < vertnbr; ++v) {
    verttab[v] = edgenbr + baseval;
    TARTAN_Num degree = (TARTAN_Num) (next(&in) % 8);
    for (TARTAN_Num e = 0; e < degree && edgenbr < 256; ++e) {
      TARTAN_Num neighbour = next_num(&in, vertnbr + 1);
      if (neighbour >= 0 && neighbour <= vertnbr) /* shifted by the base (and by -1 sometimes) */
        neighbour += baseval - ((flags & 16) ? 1 : 0);
      edgetab[edgenbr] = neighbour;
      edlotab[edgenbr] = (flags & 4) ? next_num(&in, 5) : 1;
      ++edgenbr;
    }
    velotab[v] = (flags & 2) ? next_num(&in, 4) : 1;
    vlbltab[v] = (TARTAN_Num) next(&in);
  }
  verttab[vertnbr] = edgenbr + baseval;
  /* Symmetric arcs are rare in random bytes: when asked, close every arc both ways. */
  if (flags & 32) {
    TARTAN_Num symtab[34], symedge[512], symlo[512], symnbr = 0;
    for (TARTAN_Num v = 0; v < vertnbr; ++v) {
      symtab[v] = symnbr + baseval;
      for (TARTAN_Num u = 0; u < vertnbr; ++u) {
        if (u == v) continue;
        int linked = 0;
        TARTAN_Num weight = 1;
        for (TARTAN_Num e = verttab[v] - baseval; e < verttab[v + 1] - baseval; ++e)
          if (edgetab[e] - baseval == u) linked = 1, weight = edlotab[e];
        for (TARTAN_Num e = verttab[u] - baseval; e < verttab[u + 1] - baseval; ++e)
          if (edgetab[e] - baseval == v) linked = 1, weight = (flags & 4) ? edlotab[e] : 1;
        if (linked && symnbr < 512) {
          symedge[symnbr] = u + baseval;
          symlo[symnbr++] = weight < 0 ? -weight : weight;
        }
      }
    }
    symtab[vertnbr] = symnbr + baseval;
    /* Weights must match both ways: use the larger endpoint's choice for both arcs. */
    for (TARTAN_Num v = 0; v < vertnbr; ++v)
      for (TARTAN_Num e = symtab[v] - baseval; e < symtab[v + 1] - baseval; ++e) {
        const TARTAN_Num u = symedge[e] - baseval;
        if (u < v) continue;
        for (TARTAN_Num f = symtab[u] - baseval; f < symtab[u + 1] - baseval; ++f)
          if (symedge[f] - baseval == v) symlo[f] = symlo[e];
      }
    if (symnbr > 256) return 0; /* does not fit the fixed arrays: not an interesting case */
    memcpy(verttab, symtab, sizeof(TARTAN_Num) * (size_t) (vertnbr + 1));
    memcpy(edgetab, symedge, sizeof(TARTAN_Num) * (size_t) symnbr);
    memcpy(edlotab, symlo, sizeof(TARTAN_Num) * (size_t) symnbr);
    edgenbr = symnbr;
  }
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Strat strat;
  FUZZ_ASSERT(TARTAN_graphInit(&graph) == TARTAN_OK && TARTAN_archInit(&arch) == TARTAN_OK &&
              TARTAN_stratInit(&strat) == TARTAN_OK);
  int code = TARTAN_graphBuild(&graph, baseval, vertnbr, verttab, NULL,
                               (flags & 2) ? velotab : NULL, (flags & 8) ? vlbltab : NULL,
                               edgenbr, edgetab, (flags & 4) ? edlotab : NULL);
  FUZZ_CODE(code);
  if (code == TARTAN_OK) {
    const int checked = TARTAN_graphCheck(&graph);
    FUZZ_CODE(checked);
    const int target = make_target(&in, &arch);
    FUZZ_CODE(target);
    if (target == TARTAN_OK) {
      TARTAN_Num parttab[33];
      const TARTAN_Num termnbr = TARTAN_archSize(&arch);
      TARTAN_stratRandomSeed(&strat, (TARTAN_Num) next(&in));
      code = TARTAN_graphMap(&graph, &arch, &strat, parttab);
      FUZZ_CODE(code);
      if (checked != TARTAN_OK) FUZZ_ASSERT(code != TARTAN_OK);
      if (code == TARTAN_OK && TARTAN_archVar(&arch) == 1) {
        /* Variable-sized: parts are heap labels (>= 1). At most two vertices of nonzero load
         * share one; vertices of zero load may gather more (the header says so). */
        for (TARTAN_Num v = 0; v < vertnbr; ++v) {
          TARTAN_Num sharing = 0;
          FUZZ_ASSERT(parttab[v] >= 1);
          for (TARTAN_Num u = 0; u < vertnbr; ++u)
            sharing += parttab[u] == parttab[v] && (!(flags & 2) || velotab[u] != 0);
          FUZZ_ASSERT(sharing <= 2);
        }
      } else if (code == TARTAN_OK) {
        for (TARTAN_Num v = 0; v < vertnbr; ++v)
          FUZZ_ASSERT(parttab[v] >= 0 && parttab[v] < termnbr);
      }
    }
  }
  TARTAN_stratExit(&strat);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
  return 0;
}
