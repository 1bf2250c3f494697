/* The installed SCOTCH drop-in as a SCOTCH user meets it: scotch.h, SCOTCH_graphMap. */
#include <scotch.h>
#include <stdio.h>

int main(void) {
  SCOTCH_Num vert[17], edge[48], part[16], e = 0;
  SCOTCH_Graph graph;
  SCOTCH_Arch arch;
  SCOTCH_Strat strat;
  for (SCOTCH_Num v = 0; v < 16; ++v) {
    SCOTCH_Num x = v % 4, y = v / 4;
    vert[v] = e;
    if (x > 0) edge[e++] = v - 1;
    if (x < 3) edge[e++] = v + 1;
    if (y > 0) edge[e++] = v - 4;
    if (y < 3) edge[e++] = v + 4;
  }
  vert[16] = e;
  if (SCOTCH_graphInit(&graph) != 0 || SCOTCH_archInit(&arch) != 0 ||
      SCOTCH_stratInit(&strat) != 0 ||
      SCOTCH_graphBuild(&graph, 0, 16, vert, NULL, NULL, NULL, e, edge, NULL) != 0 ||
      SCOTCH_archMesh2(&arch, 2, 2) != 0 || SCOTCH_graphMap(&graph, &arch, &strat, part) != 0)
    return 1;
  for (int v = 0; v < 16; ++v)
    if (part[v] < 0 || part[v] > 3) return 1;
  printf("scotch.h drop-in: 4x4 grid mapped onto a 2x2 mesh\n");
  SCOTCH_stratExit(&strat);
  SCOTCH_archExit(&arch);
  SCOTCH_graphExit(&graph);
  return 0;
}
