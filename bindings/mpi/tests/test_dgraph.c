/* Distributed graphs through tartan_mpi.h on any number of ranks: build and check, errors on
 * one rank returned by every rank with the rank named, centralised and distributed (.dgr)
 * loads, gather. Argument: a directory shared by the ranks for the files. */
#include "mpi_test.h"

static int rank, size;

static void expect_collective_error(int code, int expected, const char *needle) {
  CHECK(code == expected);
  CHECK(strstr(TARTAN_mpiErrorMessage(), needle) != NULL);
}

static void test_build_check(void) {
  GridPart p;
  grid_part(&p, 5, 4, 3, 1);
  TARTAN_Dgraph g;
  CHECK(TARTAN_dgraphInit(&g, MPI_COMM_WORLD) == 0);
  CHECK(TARTAN_dgraphBuild(&g, 0, p.vertlocnbr, p.verttab, NULL, p.velotab, p.edgelocnbr,
                           p.edgetab, p.edlotab) == 0);
  CHECK(TARTAN_dgraphCheck(&g) == 0);
  TARTAN_Num vglb, vloc, eglb, eloc;
  TARTAN_dgraphSize(&g, &vglb, &vloc, &eglb, &eloc);
  CHECK(vglb == 60 && vloc == p.vertlocnbr && eloc == p.edgelocnbr);
  CHECK(eglb == 2 * (4 * 4 * 3 + 5 * 3 * 3 + 5 * 4 * 2));
  CHECK(TARTAN_dgraphVertStart(&g) == p.vertfrst);

  /* Gathered graph: the same as the grid built whole, and it passes graphCheck. */
  TARTAN_Graph c;
  TARTAN_graphInit(&c);
  CHECK(TARTAN_dgraphGather(&g, &c) == 0);
  CHECK(TARTAN_graphCheck(&c) == 0);
  TARTAN_Num cv, ce;
  TARTAN_graphSize(&c, &cv, &ce);
  CHECK(cv == 60 && ce == eglb);
  TARTAN_graphExit(&c);

  /* An arc without its reverse on the last rank: every rank gets EINVAL naming that rank. */
  char needle[64];
  snprintf(needle, sizeof needle, "rank %d: ", size - 1);
  if (rank == size - 1) { /* v -> v - 2 is no grid arc: v - 2 has no arc back */
    TARTAN_Num v = p.vertfrst + p.vertlocnbr - 1;
    p.edgetab[p.verttab[p.vertlocnbr - 1]] = v - 2;
  }
  CHECK(TARTAN_dgraphBuild(&g, 0, p.vertlocnbr, p.verttab, NULL, p.velotab, p.edgelocnbr,
                           p.edgetab, p.edlotab) == 0);
  expect_collective_error(TARTAN_dgraphCheck(&g), TARTAN_EINVAL, "no arc back");
  grid_free(&p);

  /* A neighbour out of range on the last rank: Build fails on every rank. */
  grid_part(&p, 5, 4, 3, 0);
  if (rank == size - 1) p.edgetab[0] = 1000;
  expect_collective_error(TARTAN_dgraphBuild(&g, 0, p.vertlocnbr, p.verttab, NULL, NULL,
                                             p.edgelocnbr, p.edgetab, NULL),
                          TARTAN_EINVAL, needle);
  CHECK(strstr(TARTAN_mpiErrorMessage(), "1000") != NULL);
  /* Weights that differ both ways, on the last rank's side. */
  grid_free(&p);
  grid_part(&p, 5, 4, 3, 1);
  if (rank == size - 1) p.edlotab[0] += 7;
  CHECK(TARTAN_dgraphBuild(&g, 0, p.vertlocnbr, p.verttab, NULL, p.velotab, p.edgelocnbr,
                           p.edgetab, p.edlotab) == 0);
  expect_collective_error(TARTAN_dgraphCheck(&g), TARTAN_EINVAL, "different weights");
  /* A bad base on one rank only. */
  expect_collective_error(TARTAN_dgraphBuild(&g, rank == size - 1 ? 2 : 0, p.vertlocnbr,
                                             p.verttab, NULL, NULL, p.edgelocnbr, p.edgetab,
                                             NULL),
                          TARTAN_EINVAL, needle);
  /* Mapping an unbuilt graph, and NULL handles. */
  CHECK(TARTAN_dgraphCheck(&g) == TARTAN_EINVAL);
  CHECK(TARTAN_dgraphCheck(NULL) == TARTAN_EHANDLE);
  TARTAN_dgraphExit(&g);
  TARTAN_dgraphExit(&g);
  grid_free(&p);
}

static void test_load(const char *dir) {
  char path[512], pattern[512];
  snprintf(path, sizeof path, "%s/grid_np%d.grf", dir, size);
  GridPart p;
  grid_part(&p, 6, 5, 2, 1);
  if (rank == 0) {
    /* The whole grid, built on rank 0 from a one-rank view, saved as a .grf. */
    TARTAN_Num n = 60, e = 0;
    TARTAN_Num vt[61], vl[60], et[400], el[400];
    for (TARTAN_Num v = 0; v < n; ++v) {
      TARTAN_Num x = v % 6, y = v / 6 % 5, z = v / 30, nb[6];
      int k = 0;
      if (x > 0) nb[k++] = v - 1;
      if (x < 5) nb[k++] = v + 1;
      if (y > 0) nb[k++] = v - 6;
      if (y < 4) nb[k++] = v + 6;
      if (z > 0) nb[k++] = v - 30;
      if (z < 1) nb[k++] = v + 30;
      vt[v] = e;
      vl[v] = 1 + v % 3;
      for (int j = 0; j < k; ++j) {
        et[e] = nb[j];
        el[e++] = 1 + (v + nb[j]) % 4;
      }
    }
    vt[n] = e;
    TARTAN_Graph c;
    TARTAN_graphInit(&c);
    CHECK(TARTAN_graphBuild(&c, 0, n, vt, NULL, vl, NULL, e, et, el) == 0);
    CHECK(TARTAN_graphSavePath(&c, path) == 0);
    TARTAN_graphExit(&c);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  TARTAN_Dgraph g;
  CHECK(TARTAN_dgraphInit(&g, MPI_COMM_WORLD) == 0);
  CHECK(TARTAN_dgraphLoad(&g, path, -1, 0) == 0);
  CHECK(TARTAN_dgraphCheck(&g) == 0);
  TARTAN_Num vglb, vloc, eglb, eloc;
  TARTAN_dgraphSize(&g, &vglb, &vloc, &eglb, &eloc);
  CHECK(vglb == 60 && vloc == p.vertlocnbr && eloc == p.edgelocnbr);
  CHECK(TARTAN_dgraphVertStart(&g) == p.vertfrst);

  /* This rank's fragment as a .dgr file, then loaded back through "%r". */
  snprintf(pattern, sizeof pattern, "%s/grid_np%d_%%r.dgr", dir, size);
  char mine[512];
  snprintf(mine, sizeof mine, "%s/grid_np%d_%d.dgr", dir, size, rank);
  FILE *f = fopen(mine, "w");
  CHECK(f != NULL);
  fprintf(f, "2\n%d\t%d\n60\t%ld\n%ld\t%ld\n0\t011\n", size, rank, (long) eglb,
          (long) p.vertlocnbr, (long) p.edgelocnbr);
  for (TARTAN_Num i = 0; i < p.vertlocnbr; ++i) {
    fprintf(f, "%ld\t%ld", (long) p.velotab[i], (long) (p.verttab[i + 1] - p.verttab[i]));
    for (TARTAN_Num e = p.verttab[i]; e < p.verttab[i + 1]; ++e)
      fprintf(f, "\t%ld\t%ld", (long) p.edlotab[e], (long) p.edgetab[e]);
    fputc('\n', f);
  }
  fclose(f);
  MPI_Barrier(MPI_COMM_WORLD);
  CHECK(TARTAN_dgraphLoad(&g, pattern, -1, 0) == 0);
  CHECK(TARTAN_dgraphCheck(&g) == 0);
  TARTAN_dgraphSize(&g, &vglb, &vloc, &eglb, &eloc);
  CHECK(vglb == 60 && vloc == p.vertlocnbr && eloc == p.edgelocnbr);

  /* A missing file on every rank, a damaged fragment on the last rank. */
  char missing[512];
  snprintf(missing, sizeof missing, "%s/none.grf", dir);
  CHECK(TARTAN_dgraphLoad(&g, missing, -1, 0) == TARTAN_EIO);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == size - 1) {
    f = fopen(mine, "w");
    CHECK(f != NULL);
    fprintf(f, "2\n%d\t%d\n60\t%ld\n%ld\t%ld\n0\t011\n1 9 x\n", size, rank, (long) eglb,
            (long) p.vertlocnbr, (long) p.edgelocnbr);
    for (TARTAN_Num e = 0; e < p.edgelocnbr; ++e) fputs("1 1\n", f); /* room for the claim */
    fclose(f);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  char needle[64];
  snprintf(needle, sizeof needle, "rank %d: ", size - 1);
  expect_collective_error(TARTAN_dgraphLoad(&g, pattern, -1, 0), TARTAN_EFORMAT, needle);
  CHECK(strstr(TARTAN_mpiErrorMessage(), "line 6") != NULL);
  /* A header claiming 2 x 10^9 local vertices in a few bytes: refused before any array is
   * sized by the claim. */
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == size - 1) {
    f = fopen(mine, "w");
    CHECK(f != NULL);
    fprintf(f, "2\n%d\t%d\n2000000000\t%ld\n2000000000\t%ld\n0\t011\n1 1 1 0\n", size, rank,
            (long) eglb, (long) p.edgelocnbr);
    fclose(f);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  expect_collective_error(TARTAN_dgraphLoad(&g, pattern, -1, 0), TARTAN_EFORMAT, needle);
  CHECK(strstr(TARTAN_mpiErrorMessage(), "more than the rest of the file can hold") != NULL);
  TARTAN_dgraphExit(&g);
  grid_free(&p);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  CHECK(argc == 2);
  test_build_check();
  test_load(argv[1]);
  if (rank == 0) printf("test_dgraph: %d ranks passed\n", size);
  MPI_Finalize();
  return 0;
}
