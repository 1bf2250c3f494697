/* Fuzz harness: .map files through TARTAN_graphMapLoad, onto a fixed 12-vertex graph (with
 * labels when the first byte is odd, plain indices otherwise) and the 2 x 3 mesh; what loads
 * is then viewed (statistics) and saved. */
#include "fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) return 0;
  const int labelled = data[0] & 1;
  const TARTAN_Num baseval = (data[0] >> 1) & 1;
  /* A path of 12 vertices; labels 100, 97, 94, ... when labelled. */
  TARTAN_Num verttab[13], edgetab[22], vlbltab[12], parttab[12], edgenbr = 0;
  for (TARTAN_Num v = 0; v < 12; ++v) {
    verttab[v] = edgenbr + baseval;
    if (v > 0) edgetab[edgenbr++] = v - 1 + baseval;
    if (v < 11) edgetab[edgenbr++] = v + 1 + baseval;
    vlbltab[v] = 100 - 3 * v;
  }
  verttab[12] = edgenbr + baseval;
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Mapping mapping;
  FUZZ_ASSERT(TARTAN_graphInit(&graph) == TARTAN_OK && TARTAN_archInit(&arch) == TARTAN_OK);
  FUZZ_ASSERT(TARTAN_graphBuild(&graph, baseval, 12, verttab, NULL, NULL,
                                labelled ? vlbltab : NULL, edgenbr, edgetab,
                                NULL) == TARTAN_OK);
  FUZZ_ASSERT(TARTAN_archMesh2(&arch, 2, 3) == TARTAN_OK);
  FUZZ_ASSERT(TARTAN_graphMapInit(&graph, &mapping, &arch, parttab) == TARTAN_OK);
  for (int v = 0; v < 12; ++v) parttab[v] = -7; /* must stay as they are on error */
  FILE *stream = fuzz_stream(data + 1, size - 1);
  if (stream != NULL) {
    const int code = TARTAN_graphMapLoad(&graph, &mapping, stream);
    FUZZ_CODE(code);
    fclose(stream);
    for (int v = 0; v < 12; ++v)
      FUZZ_ASSERT(code == TARTAN_OK ? parttab[v] >= -1 && parttab[v] < 6 : parttab[v] == -7);
    if (code == TARTAN_OK) {
      FILE *sink = fuzz_sink();
      if (sink != NULL) {
        FUZZ_CODE(TARTAN_graphMapView(&graph, &mapping, sink));
        FUZZ_CODE(TARTAN_graphMapViewJson(&graph, &mapping, sink));
        FUZZ_CODE(TARTAN_graphMapSave(&graph, &mapping, sink));
        fclose(sink);
      }
    }
  }
  TARTAN_graphMapExit(&graph, &mapping);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
  return 0;
}
