/*
 * SCOTCH's Fortran interface over libtartan-scotch: every argument by reference, the return
 * code in a last INTEGER argument, handles as DOUBLEPRECISION arrays of the C structures'
 * sizes (scotchf.h gives them), files as Fortran-side file descriptors (fnum, as SCOTCH's
 * manual says: obtain one with FNUM in gfortran), strings with their hidden length. Each
 * routine answers to SCOTCH's four spellings: SCOTCHFNAME, scotchfname, scotchfname_ and
 * scotchfname__.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "scotch.h"

#define SCOTCH_API __attribute__((visibility("default")))

/* Defines scotchfNAME_ with the given parameters and body, and its three other spellings. */
#define FORTRAN(upper, lower, params, body)                                            \
  SCOTCH_API void lower##_ params;                                                     \
  SCOTCH_API void lower##_ params body                                                 \
  SCOTCH_API void upper params __attribute__((alias(#lower "_")));                     \
  SCOTCH_API void lower params __attribute__((alias(#lower "_")));                     \
  SCOTCH_API void lower##__ params __attribute__((alias(#lower "_")));

/* A C stream over a duplicate of Fortran's descriptor (closing it leaves Fortran's open). */
static FILE *stream_of(const int *fdptr, const char *mode, const char *fn) {
  int fd = dup(*fdptr);
  FILE *stream = fd >= 0 ? fdopen(fd, mode) : NULL;
  if (stream == NULL) {
    if (fd >= 0) close(fd);
    SCOTCH_errorPrint("%s: cannot use file descriptor %d", fn, *fdptr);
  }
  return stream;
}

FORTRAN(SCOTCHFGRAPHINIT, scotchfgraphinit, (SCOTCH_Graph * g, int *reva),
        { *reva = SCOTCH_graphInit(g); })
FORTRAN(SCOTCHFGRAPHEXIT, scotchfgraphexit, (SCOTCH_Graph * g), { SCOTCH_graphExit(g); })
FORTRAN(SCOTCHFGRAPHFREE, scotchfgraphfree, (SCOTCH_Graph * g), { SCOTCH_graphFree(g); })
FORTRAN(SCOTCHFGRAPHBUILD, scotchfgraphbuild,
        (SCOTCH_Graph * g, const SCOTCH_Num *baseval, const SCOTCH_Num *vertnbr,
         const SCOTCH_Num *verttab, const SCOTCH_Num *vendtab, const SCOTCH_Num *velotab,
         const SCOTCH_Num *vlbltab, const SCOTCH_Num *edgenbr, const SCOTCH_Num *edgetab,
         const SCOTCH_Num *edlotab, int *reva),
        {
          /* Fortran passes an absent array as a reference to a dummy element; SCOTCH's
           * convention is to pass the first element of another array (verttab) instead. */
          *reva = SCOTCH_graphBuild(g, *baseval, *vertnbr, verttab,
                                    vendtab == verttab ? NULL : vendtab,
                                    velotab == verttab ? NULL : velotab,
                                    vlbltab == verttab ? NULL : vlbltab, *edgenbr, edgetab,
                                    edlotab == verttab || edlotab == edgetab ? NULL : edlotab);
        })
FORTRAN(SCOTCHFGRAPHLOAD, scotchfgraphload,
        (SCOTCH_Graph * g, const int *fd, const SCOTCH_Num *baseval, const SCOTCH_Num *flagval,
         int *reva),
        {
          FILE *stream = stream_of(fd, "r", "SCOTCHFGRAPHLOAD");
          *reva = 1;
          if (stream != NULL) {
            *reva = SCOTCH_graphLoad(g, stream, *baseval, *flagval);
            fclose(stream);
          }
        })
FORTRAN(SCOTCHFGRAPHSAVE, scotchfgraphsave, (const SCOTCH_Graph *g, const int *fd, int *reva), {
  FILE *stream = stream_of(fd, "w", "SCOTCHFGRAPHSAVE");
  *reva = 1;
  if (stream != NULL) {
    *reva = SCOTCH_graphSave(g, stream);
    fclose(stream);
  }
})
FORTRAN(SCOTCHFGRAPHCHECK, scotchfgraphcheck, (const SCOTCH_Graph *g, int *reva),
        { *reva = SCOTCH_graphCheck(g); })
FORTRAN(SCOTCHFGRAPHSIZE, scotchfgraphsize,
        (const SCOTCH_Graph *g, SCOTCH_Num *vertnbr, SCOTCH_Num *edgenbr),
        { SCOTCH_graphSize(g, vertnbr, edgenbr); })

FORTRAN(SCOTCHFARCHINIT, scotchfarchinit, (SCOTCH_Arch * a, int *reva),
        { *reva = SCOTCH_archInit(a); })
FORTRAN(SCOTCHFARCHEXIT, scotchfarchexit, (SCOTCH_Arch * a), { SCOTCH_archExit(a); })
FORTRAN(SCOTCHFARCHLOAD, scotchfarchload, (SCOTCH_Arch * a, const int *fd, int *reva), {
  FILE *stream = stream_of(fd, "r", "SCOTCHFARCHLOAD");
  *reva = 1;
  if (stream != NULL) {
    *reva = SCOTCH_archLoad(a, stream);
    fclose(stream);
  }
})
FORTRAN(SCOTCHFARCHSAVE, scotchfarchsave, (const SCOTCH_Arch *a, const int *fd, int *reva), {
  FILE *stream = stream_of(fd, "w", "SCOTCHFARCHSAVE");
  *reva = 1;
  if (stream != NULL) {
    *reva = SCOTCH_archSave(a, stream);
    fclose(stream);
  }
})
FORTRAN(SCOTCHFARCHSIZE, scotchfarchsize, (const SCOTCH_Arch *a, SCOTCH_Num *size),
        { *size = SCOTCH_archSize(a); })
FORTRAN(SCOTCHFARCHCMPLT, scotchfarchcmplt, (SCOTCH_Arch * a, const SCOTCH_Num *n, int *reva),
        { *reva = SCOTCH_archCmplt(a, *n); })
FORTRAN(SCOTCHFARCHHCUB, scotchfarchhcub, (SCOTCH_Arch * a, const SCOTCH_Num *n, int *reva),
        { *reva = SCOTCH_archHcub(a, *n); })
FORTRAN(SCOTCHFARCHVCMPLT, scotchfarchvcmplt, (SCOTCH_Arch * a, int *reva),
        { *reva = SCOTCH_archVcmplt(a); })
FORTRAN(SCOTCHFARCHVHCUB, scotchfarchvhcub, (SCOTCH_Arch * a, int *reva),
        { *reva = SCOTCH_archVhcub(a); })
FORTRAN(SCOTCHFARCHMESH2, scotchfarchmesh2,
        (SCOTCH_Arch * a, const SCOTCH_Num *x, const SCOTCH_Num *y, int *reva),
        { *reva = SCOTCH_archMesh2(a, *x, *y); })
FORTRAN(SCOTCHFARCHMESH3, scotchfarchmesh3,
        (SCOTCH_Arch * a, const SCOTCH_Num *x, const SCOTCH_Num *y, const SCOTCH_Num *z,
         int *reva),
        { *reva = SCOTCH_archMesh3(a, *x, *y, *z); })
FORTRAN(SCOTCHFARCHTORUS2, scotchfarchtorus2,
        (SCOTCH_Arch * a, const SCOTCH_Num *x, const SCOTCH_Num *y, int *reva),
        { *reva = SCOTCH_archTorus2(a, *x, *y); })
FORTRAN(SCOTCHFARCHTORUS3, scotchfarchtorus3,
        (SCOTCH_Arch * a, const SCOTCH_Num *x, const SCOTCH_Num *y, const SCOTCH_Num *z,
         int *reva),
        { *reva = SCOTCH_archTorus3(a, *x, *y, *z); })
FORTRAN(SCOTCHFARCHTLEAF, scotchfarchtleaf,
        (SCOTCH_Arch * a, const SCOTCH_Num *levlnbr, const SCOTCH_Num *sizetab,
         const SCOTCH_Num *linktab, int *reva),
        { *reva = SCOTCH_archTleaf(a, *levlnbr, sizetab, linktab); })

FORTRAN(SCOTCHFSTRATINIT, scotchfstratinit, (SCOTCH_Strat * s, int *reva),
        { *reva = SCOTCH_stratInit(s); })
FORTRAN(SCOTCHFSTRATEXIT, scotchfstratexit, (SCOTCH_Strat * s), { SCOTCH_stratExit(s); })
FORTRAN(SCOTCHFSTRATGRAPHMAP, scotchfstratgraphmap,
        (SCOTCH_Strat * s, const char *string, int *reva, const int strnbr), {
          char *copy = malloc((size_t) strnbr + 1);
          *reva = 1;
          if (copy == NULL) {
            SCOTCH_errorPrint("SCOTCHFSTRATGRAPHMAP: out of memory");
            return;
          }
          memcpy(copy, string, (size_t) strnbr);
          copy[strnbr] = '\0';
          *reva = SCOTCH_stratGraphMap(s, copy);
          free(copy);
        })
FORTRAN(SCOTCHFSTRATGRAPHMAPBUILD, scotchfstratgraphmapbuild,
        (SCOTCH_Strat * s, const SCOTCH_Num *flagval, const SCOTCH_Num *partnbr,
         const double *balrat, int *reva),
        { *reva = SCOTCH_stratGraphMapBuild(s, *flagval, *partnbr, *balrat); })

FORTRAN(SCOTCHFGRAPHMAP, scotchfgraphmap,
        (SCOTCH_Graph * g, const SCOTCH_Arch *a, SCOTCH_Strat *s, SCOTCH_Num *parttab,
         int *reva),
        { *reva = SCOTCH_graphMap(g, a, s, parttab); })
FORTRAN(SCOTCHFGRAPHMAPFIXED, scotchfgraphmapfixed,
        (SCOTCH_Graph * g, const SCOTCH_Arch *a, SCOTCH_Strat *s, SCOTCH_Num *parttab,
         int *reva),
        { *reva = SCOTCH_graphMapFixed(g, a, s, parttab); })
FORTRAN(SCOTCHFGRAPHREMAP, scotchfgraphremap,
        (SCOTCH_Graph * g, const SCOTCH_Arch *a, SCOTCH_Num *parotab, const double *emraval,
         const SCOTCH_Num *vmlotab, SCOTCH_Strat *s, SCOTCH_Num *parttab, int *reva),
        {
          *reva = SCOTCH_graphRemap(g, a, parotab, *emraval,
                                    vmlotab == parotab ? NULL : vmlotab, s, parttab);
        })
FORTRAN(SCOTCHFGRAPHPART, scotchfgraphpart,
        (SCOTCH_Graph * g, const SCOTCH_Num *partnbr, SCOTCH_Strat *s, SCOTCH_Num *parttab,
         int *reva),
        { *reva = SCOTCH_graphPart(g, *partnbr, s, parttab); })
FORTRAN(SCOTCHFGRAPHMAPINIT, scotchfgraphmapinit,
        (const SCOTCH_Graph *g, SCOTCH_Mapping *m, const SCOTCH_Arch *a, SCOTCH_Num *parttab,
         int *reva),
        { *reva = SCOTCH_graphMapInit(g, m, a, parttab); })
FORTRAN(SCOTCHFGRAPHMAPEXIT, scotchfgraphmapexit, (const SCOTCH_Graph *g, SCOTCH_Mapping *m),
        { SCOTCH_graphMapExit(g, m); })
FORTRAN(SCOTCHFGRAPHMAPCOMPUTE, scotchfgraphmapcompute,
        (SCOTCH_Graph * g, SCOTCH_Mapping *m, SCOTCH_Strat *s, int *reva),
        { *reva = SCOTCH_graphMapCompute(g, m, s); })
FORTRAN(SCOTCHFRANDOMRESET, scotchfrandomreset, (void), { SCOTCH_randomReset(); })
FORTRAN(SCOTCHFRANDOMSEED, scotchfrandomseed, (const SCOTCH_Num *seed),
        { SCOTCH_randomSeed(*seed); })

/* Contexts: options as INTEGER (int) numbers and SCOTCH_Num values, as SCOTCH's manual. */
FORTRAN(SCOTCHFCONTEXTINIT, scotchfcontextinit, (SCOTCH_Context * c, int *reva),
        { *reva = SCOTCH_contextInit(c); })
FORTRAN(SCOTCHFCONTEXTEXIT, scotchfcontextexit, (SCOTCH_Context * c), { SCOTCH_contextExit(c); })
FORTRAN(SCOTCHFCONTEXTOPTIONGETNUM, scotchfcontextoptiongetnum,
        (SCOTCH_Context * c, const int *optinum, SCOTCH_Num *optival, int *reva),
        { *reva = SCOTCH_contextOptionGetNum(c, *optinum, optival); })
FORTRAN(SCOTCHFCONTEXTOPTIONSETNUM, scotchfcontextoptionsetnum,
        (SCOTCH_Context * c, const int *optinum, const SCOTCH_Num *optival, int *reva),
        { *reva = SCOTCH_contextOptionSetNum(c, *optinum, *optival); })
FORTRAN(SCOTCHFCONTEXTRANDOMCLONE, scotchfcontextrandomclone, (SCOTCH_Context * c, int *reva),
        { *reva = SCOTCH_contextRandomClone(c); })
FORTRAN(SCOTCHFCONTEXTRANDOMRESET, scotchfcontextrandomreset, (SCOTCH_Context * c),
        { SCOTCH_contextRandomReset(c); })
FORTRAN(SCOTCHFCONTEXTRANDOMSEED, scotchfcontextrandomseed,
        (SCOTCH_Context * c, const SCOTCH_Num *seedval), { SCOTCH_contextRandomSeed(c, *seedval); })
FORTRAN(SCOTCHFCONTEXTBINDGRAPH, scotchfcontextbindgraph,
        (SCOTCH_Context * c, const SCOTCH_Graph *org, SCOTCH_Graph *cnt, int *reva),
        { *reva = SCOTCH_contextBindGraph(c, org, cnt); })
