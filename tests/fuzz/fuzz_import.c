/* Fuzz harness: foreign graph formats through TARTAN_graphImport. The first byte picks the
 * format (METIS or Matrix Market) and the base; the rest is the file. */
#include "fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) return 0;
  const int format =
      (data[0] & 1) ? TARTAN_GRAPHFORMAT_MATRIXMARKET : TARTAN_GRAPHFORMAT_METIS;
  const TARTAN_Num baseval = (data[0] >> 1) & 1;
  FILE *stream = fuzz_stream(data + 1, size - 1);
  if (stream == NULL) return 0;
  TARTAN_Graph graph;
  FUZZ_ASSERT(TARTAN_graphInit(&graph) == TARTAN_OK);
  int code = TARTAN_graphImport(&graph, stream, baseval, format);
  FUZZ_CODE(code);
  fclose(stream);
  if (code == TARTAN_OK) {
    code = TARTAN_graphCheck(&graph);
    FUZZ_CODE(code);
    if (code == TARTAN_OK) {
      TARTAN_Num compnbr = -1;
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
