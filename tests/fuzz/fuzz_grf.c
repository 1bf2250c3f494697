/* Fuzz harness: SCOTCH .grf source graphs (plain and gzip) through TARTAN_graphLoad, then the
 * calls a user makes on what loaded: check, statistics, components, save. */
#include "fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* The first byte picks the base and the flags, so that every reading mode is explored. */
  TARTAN_Num baseval = -1, flags = 0;
  if (size > 0) {
    baseval = (TARTAN_Num) (data[0] % 3) - 1; /* -1 (keep), 0 or 1 */
    flags = (TARTAN_Num) ((data[0] >> 2) % 4);
    ++data;
    --size;
  }
  FILE *stream = fuzz_stream(data, size);
  if (stream == NULL) return 0;
  TARTAN_Graph graph;
  FUZZ_ASSERT(TARTAN_graphInit(&graph) == TARTAN_OK);
  int code = TARTAN_graphLoad(&graph, stream, baseval, flags);
  FUZZ_CODE(code);
  fclose(stream);
  if (code == TARTAN_OK) {
    TARTAN_Num vertnbr = -1, edgenbr = -1, compnbr = -1;
    TARTAN_graphSize(&graph, &vertnbr, &edgenbr);
    FUZZ_ASSERT(vertnbr >= 0 && edgenbr >= 0);
    code = TARTAN_graphCheck(&graph);
    FUZZ_CODE(code);
    if (code == TARTAN_OK) {
      TARTAN_Num velosum = 0, edlosum = 0;
      double avg = 0.0;
      TARTAN_graphStat(&graph, NULL, NULL, &velosum, &avg, NULL, NULL, NULL, NULL, NULL, NULL,
                       NULL, &edlosum, NULL, NULL);
      FUZZ_CODE(TARTAN_graphComponents(&graph, &compnbr, NULL));
      FILE *sink = fuzz_sink();
      if (sink != NULL) {
        FUZZ_CODE(TARTAN_graphSave(&graph, sink));
        fclose(sink);
      }
    }
  }
  TARTAN_graphExit(&graph);
  return 0;
}
