#include <stdio.h>
#include <tartan.h>

int main(void) { /* a 4-vertex cycle 0-1-2-3-0 in SCOTCH's compact CSR arrays, base 0 */
  TARTAN_Num verttab[] = {0, 2, 4, 6, 8}, edgetab[] = {1, 3, 0, 2, 1, 3, 2, 0}, compnbr = 0;
  TARTAN_Graph graph;
  int code = TARTAN_graphInit(&graph);
  if (code == TARTAN_OK)
    code = TARTAN_graphBuild(&graph, 0, 4, verttab, NULL, NULL, NULL, 8, edgetab, NULL);
  if (code == TARTAN_OK) code = TARTAN_graphCheck(&graph);
  if (code == TARTAN_OK) code = TARTAN_graphComponents(&graph, &compnbr, NULL);
  if (code == TARTAN_OK) printf("valid graph, %d component(s)\n", (int) compnbr);
  else fprintf(stderr, "error %d: %s\n", code, TARTAN_errorMessage());
  TARTAN_graphExit(&graph);
  return code == TARTAN_OK ? 0 : 1;
}
