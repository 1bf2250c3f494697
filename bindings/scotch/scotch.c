/*
 * libtartan-scotch: SCOTCH 7's sequential mapping interface (scotch.h) on Tartan's public API.
 * A client of tartan.h like the other bindings: every SCOTCH handle holds, in its first
 * bytes, a pointer to a wrapper that owns the Tartan handle and what SCOTCH's semantics need
 * besides (the strategy text for stratSave, the domains handed out, the part arrays of a
 * mapping). Errors print through SCOTCH_errorPrint naming the SCOTCH function, then the
 * function returns SCOTCH's error value.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "scotch.h"
#include "tartan.h"

#define SCOTCH_API __attribute__((visibility("default")))

#if SCOTCH_NUM_BITS_ != TARTAN_NUM_BITS
#error "scotch.h and tartan.h disagree on the integer width"
#endif

/* ------------------------------------------------------------------------------------------ */
/* Errors                                                                                       */
/* ------------------------------------------------------------------------------------------ */

static char program_name[256] = "";

SCOTCH_API void SCOTCH_errorProg(const char *progstr) {
  size_t n = progstr != NULL ? strlen(progstr) : 0;
  if (n >= sizeof program_name) n = sizeof program_name - 1;
  if (n > 0) memcpy(program_name, progstr, n);
  program_name[n] = '\0';
}

static void print_tagged(const char *tag, const char *errstr, va_list args) {
  if (program_name[0] != '\0') fprintf(stderr, "%s: ", program_name);
  fprintf(stderr, "%s: ", tag);
  vfprintf(stderr, errstr, args);
  fputc('\n', stderr);
  fflush(stderr);
}

SCOTCH_API void SCOTCH_errorPrint(const char *errstr, ...) {
  va_list args;
  va_start(args, errstr);
  print_tagged("ERROR", errstr, args);
  va_end(args);
}

SCOTCH_API void SCOTCH_errorPrintW(const char *errstr, ...) {
  va_list args;
  va_start(args, errstr);
  print_tagged("WARNING", errstr, args);
  va_end(args);
}

/* Reports a failed Tartan call of SCOTCH function fn; returns SCOTCH's error value 1. */
static int tartan_failed(const char *fn, int code) {
  const char *message = TARTAN_errorMessage();
  SCOTCH_errorPrint("%s: %s", fn, message[0] != '\0' ? message : TARTAN_errorString(code));
  return 1;
}

/* Reports an error found by the layer itself. */
static int layer_failed(const char *fn, const char *what) {
  SCOTCH_errorPrint("%s: %s", fn, what);
  return 1;
}

#define CHECK(fn, call)                          \
  do {                                           \
    int check_code_ = (call);                    \
    if (check_code_ != TARTAN_OK) return tartan_failed(fn, check_code_); \
  } while (0)

/* ------------------------------------------------------------------------------------------ */
/* Library, memory, random generator                                                            */
/* ------------------------------------------------------------------------------------------ */

SCOTCH_API void SCOTCH_version(int *versptr, int *relaptr, int *patcptr) {
  if (versptr != NULL) *versptr = SCOTCH_VERSION;
  if (relaptr != NULL) *relaptr = SCOTCH_RELEASE;
  if (patcptr != NULL) *patcptr = SCOTCH_PATCHLEVEL;
}

SCOTCH_API int SCOTCH_numSizeof(void) { return (int) sizeof(SCOTCH_Num); }

SCOTCH_API void SCOTCH_memFree(void *dataptr) { free(dataptr); }
SCOTCH_API SCOTCH_Idx SCOTCH_memCur(void) { return -1; }
SCOTCH_API SCOTCH_Idx SCOTCH_memMax(void) { return -1; }

/* The sequence of seeds: origin and number of values drawn since the last reset. Every mapping
 * computation seeds its strategy with the next value, so that a program that resets the
 * generator and repeats its calls gets the same mappings (SCOTCH's randomReset contract). */
static uint64_t random_origin = 1;
static uint64_t random_drawn = 0;

/* SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators"): the
 * value of position i of the sequence started at origin, a pure function of both. */
static uint64_t random_value_at(uint64_t origin, uint64_t i) {
  uint64_t z = origin + (i + 1) * 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static uint64_t random_next(void) { return random_value_at(random_origin, random_drawn++); }

SCOTCH_API void SCOTCH_randomReset(void) { random_drawn = 0; }

SCOTCH_API void SCOTCH_randomSeed(SCOTCH_Num seedval) {
  random_origin = (uint64_t) seedval;
  random_drawn = 0;
}

SCOTCH_API void SCOTCH_randomProc(int procnum) {
  random_origin ^= random_value_at((uint64_t) procnum, 0) & -(uint64_t) (procnum != 0);
  random_drawn = 0;
}

SCOTCH_API SCOTCH_Num SCOTCH_randomVal(SCOTCH_Num randmax) {
  if (randmax < 1) {
    layer_failed("SCOTCH_randomVal", "randmax must be at least 1");
    return 0;
  }
  return (SCOTCH_Num) (random_next() % (uint64_t) randmax);
}

/* SCOTCH's internal generator entry points (intRandInit, intRandVal), which SCOTCH's own test
 * program test_scotch_graph_diam declares and calls although scotch.h does not: the layer's
 * sequence, restarted as SCOTCH_randomReset does, and a value in [0, randmax). Exported under
 * SCOTCH's internal names so that program links unchanged. */
SCOTCH_API void _SCOTCHintRandInit(void) { SCOTCH_randomReset(); }
SCOTCH_API SCOTCH_Num _SCOTCHintRandVal(SCOTCH_Num randmax) { return SCOTCH_randomVal(randmax); }

SCOTCH_API int SCOTCH_randomSave(FILE *stream) {
  if (stream == NULL || fprintf(stream, "%llu %llu\n", (unsigned long long) random_origin,
                                (unsigned long long) random_drawn) < 0)
    return layer_failed("SCOTCH_randomSave", "cannot write the generator state");
  return 0;
}

SCOTCH_API int SCOTCH_randomLoad(FILE *stream) {
  unsigned long long origin, drawn;
  if (stream == NULL || fscanf(stream, "%llu %llu", &origin, &drawn) != 2)
    return layer_failed("SCOTCH_randomLoad",
                        "cannot read the generator state (two numbers, as randomSave writes)");
  random_origin = origin;
  random_drawn = drawn;
  return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Handles                                                                                      */
/* ------------------------------------------------------------------------------------------ */

enum {
  MAGIC_GRAPH = 0x53434752,  /* "SCGR" */
  MAGIC_ARCH = 0x53434152,   /* "SCAR" */
  MAGIC_STRAT = 0x53435354,  /* "SCST" */
  MAGIC_MAP = 0x53434d41,    /* "SCMA" */
  MAGIC_CONTEXT = 0x5343434f /* "SCCO" */
};

/* A context: SCOTCH's two options and, once cloned, a random sequence of its own. Graphs
 * bound to it count as references: SCOTCH_contextExit kills it (magic 0) and the last view
 * to go frees it, so that a view never reads freed memory. */
typedef struct {
  uint32_t magic;
  SCOTCH_Num deterministic, fixed_seed;
  int cloned;
  uint64_t origin, drawn;
  size_t views;
} ContextW;

typedef struct GraphW {
  uint32_t magic;
  TARTAN_Graph graph;
  SCOTCH_Num *owned[5]; /* rebased copies of a graphBuild with another base than 0 or 1 */
  /* A view made by SCOTCH_contextBindGraph reads origin's graph and seeds from context. An
   * original counts its views: exited while some live, it is killed (magic 0), not freed. */
  struct GraphW *origin;
  ContextW *context;
  size_t views;
} GraphW;

typedef struct {
  uint32_t magic;
  TARTAN_Arch arch;
  TARTAN_ArchDom *domtab; /* every domain handed out, addressed by SCOTCH_ArchDom values */
  size_t domnbr, dommax;
} ArchW;

typedef struct {
  uint32_t magic;
  TARTAN_Strat strat;
  char *text;     /* the SCOTCH string given, or the flags built, for stratSave */
  int copy;       /* a SCOTCH "c" (copy the old mapping) strategy: only remapping uses it */
  int overlap;    /* built by stratGraphPartOvl[Build] */
} StratW;

typedef struct {
  uint32_t magic;
  TARTAN_Mapping mapping;
  const GraphW *graph;
  ArchW *arch;
  SCOTCH_Num *parttab;
  SCOTCH_Num *owned;
} MapW;

/* A SCOTCH_ArchDom holds its architecture wrapper and the index of the domain there. */
typedef struct {
  ArchW *arch;
  size_t index;
} DomW;

typedef char scotch_graph_fits[sizeof(SCOTCH_Graph) >= sizeof(void *) ? 1 : -1];
typedef char scotch_dom_fits[sizeof(SCOTCH_ArchDom) >= sizeof(DomW) ? 1 : -1];
typedef char scotch_strat_fits[sizeof(SCOTCH_Strat) >= sizeof(void *) ? 1 : -1];

/* A handle holds its wrapper's address in its first word and, in every handle but the
 * strategy (one word in SCOTCH 7.0.3), that address mixed with a constant in its second: a
 * handle that never went through its Init (SCOTCH's own test programs hand such stack garbage
 * to archHcub and the other constructors) is recognised without following its first word. */
static const uintptr_t handle_check = (uintptr_t) 0x5C07C4A3D1E5F00Dull;

static int handle_has_check(uint32_t magic) { return magic != MAGIC_STRAT; }

static void *wrapper_of(const void *handle, uint32_t magic) {
  void *w;
  if (handle == NULL) return NULL;
  memcpy(&w, handle, sizeof w);
  if (w == NULL) return NULL;
  if (handle_has_check(magic)) {
    uintptr_t check;
    memcpy(&check, (const char *) handle + sizeof w, sizeof check);
    if (check != ((uintptr_t) w ^ handle_check)) return NULL;
  }
  if (*(const uint32_t *) w != magic) return NULL;
  return w;
}

static void set_wrapper(void *handle, void *w, uint32_t magic) {
  memcpy(handle, &w, sizeof w);
  if (handle_has_check(magic)) {
    const uintptr_t check = w != NULL ? (uintptr_t) w ^ handle_check : 0;
    memcpy((char *) handle + sizeof w, &check, sizeof check);
  }
}

/* The graph whose data handle h holds: its own, or for a view the original's; NULL
 * (printed) if none. */
static GraphW *graph_data(const char *fn, const void *h) {
  GraphW *g = (GraphW *) wrapper_of(h, MAGIC_GRAPH);
  if (g == NULL) {
    layer_failed(fn, "graph not initialised (SCOTCH_graphInit) or exited");
    return NULL;
  }
  if (g->origin == NULL) return g;
  if (g->origin->magic != MAGIC_GRAPH) {
    layer_failed(fn, "the graph bound to this context view was exited");
    return NULL;
  }
  if (g->context->magic != MAGIC_CONTEXT) {
    layer_failed(fn, "the context this graph is bound to was exited");
    return NULL;
  }
  return g->origin;
}

/* Refuses (printed, 1) to change the data of a context view. */
static int refuse_view(const char *fn, const void *h) {
  const GraphW *g = (const GraphW *) wrapper_of(h, MAGIC_GRAPH);
  if (g == NULL || g->origin == NULL) return 0;
  layer_failed(fn, "the graph is a context view (SCOTCH_contextBindGraph): change the "
                   "original graph instead");
  return 1;
}

#define GRAPH_OF(fn, h, ret)           \
  GraphW *g = graph_data((fn), (h));   \
  if (g == NULL) return ret;
#define ARCH_OF(var, fn, h, ret)                                                    \
  ArchW *var = (ArchW *) wrapper_of((h), MAGIC_ARCH);                               \
  if (var == NULL) {                                                                \
    layer_failed(fn, "architecture not initialised (SCOTCH_archInit) or exited");   \
    return ret;                                                                     \
  }
#define STRAT_OF(var, fn, h, ret)                                                   \
  StratW *var = (StratW *) wrapper_of((h), MAGIC_STRAT);                            \
  if (var == NULL) {                                                                \
    layer_failed(fn, "strategy not initialised (SCOTCH_stratInit) or exited");      \
    return ret;                                                                     \
  }
#define MAP_OF(var, fn, h, ret)                                                     \
  MapW *var = (MapW *) wrapper_of((h), MAGIC_MAP);                                  \
  if (var == NULL) {                                                                \
    layer_failed(fn, "mapping not initialised (SCOTCH_graphMapInit) or exited");    \
    return ret;                                                                     \
  }

/* ------------------------------------------------------------------------------------------ */
/* Source graphs                                                                                */
/* ------------------------------------------------------------------------------------------ */

SCOTCH_API int SCOTCH_graphSizeof(void) { return (int) sizeof(SCOTCH_Graph); }

SCOTCH_API SCOTCH_Graph *SCOTCH_graphAlloc(void) { return malloc(sizeof(SCOTCH_Graph)); }

SCOTCH_API int SCOTCH_graphInit(SCOTCH_Graph *grafptr) {
  GraphW *g;
  if (grafptr == NULL) return layer_failed("SCOTCH_graphInit", "NULL graph");
  g = calloc(1, sizeof *g);
  if (g == NULL) return layer_failed("SCOTCH_graphInit", "out of memory");
  if (TARTAN_graphInit(&g->graph) != TARTAN_OK) {
    free(g);
    return tartan_failed("SCOTCH_graphInit", TARTAN_EINTERNAL);
  }
  g->magic = MAGIC_GRAPH;
  set_wrapper(grafptr, g, MAGIC_GRAPH);
  return 0;
}

static void graph_release_owned(GraphW *g) {
  for (int i = 0; i < 5; ++i) {
    free(g->owned[i]);
    g->owned[i] = NULL;
  }
}

static void context_release(ContextW *c) {
  if (--c->views == 0 && c->magic != MAGIC_CONTEXT) free(c);
}

SCOTCH_API void SCOTCH_graphExit(SCOTCH_Graph *grafptr) {
  GraphW *g = (GraphW *) wrapper_of(grafptr, MAGIC_GRAPH);
  if (g == NULL) return;
  set_wrapper(grafptr, NULL, MAGIC_GRAPH);
  if (g->origin != NULL) { /* a view: release the binding */
    GraphW *origin = g->origin;
    context_release(g->context);
    TARTAN_graphExit(&g->graph);
    free(g);
    if (--origin->views == 0 && origin->magic != MAGIC_GRAPH) free(origin);
    return;
  }
  TARTAN_graphExit(&g->graph);
  graph_release_owned(g);
  g->magic = 0;
  if (g->views == 0) free(g);
}

SCOTCH_API void SCOTCH_graphFree(SCOTCH_Graph *grafptr) {
  GraphW *g = (GraphW *) wrapper_of(grafptr, MAGIC_GRAPH);
  if (g == NULL || refuse_view("SCOTCH_graphFree", grafptr)) return;
  TARTAN_graphFree(&g->graph);
  graph_release_owned(g);
}

/* Copy of n entries of tab minus shift (NULL stays NULL); *ok cleared when out of memory. */
static SCOTCH_Num *shifted_copy(const SCOTCH_Num *tab, SCOTCH_Num n, SCOTCH_Num shift, int *ok) {
  SCOTCH_Num *copy;
  if (tab == NULL) return NULL;
  copy = malloc((size_t) (n > 0 ? n : 1) * sizeof *copy);
  if (copy == NULL) {
    *ok = 0;
    return NULL;
  }
  for (SCOTCH_Num i = 0; i < n; ++i) copy[i] = tab[i] - shift;
  return copy;
}

/* SCOTCH accepts any base value; Tartan 0 or 1. A graph of another base is built over copies
 * of the index arrays renumbered from 0 (graphData then reports base 0). */
static int graph_build(const char *fn, GraphW *g, SCOTCH_Num baseval, SCOTCH_Num vertnbr,
                       const SCOTCH_Num *verttab, const SCOTCH_Num *vendtab,
                       const SCOTCH_Num *velotab, const SCOTCH_Num *vlbltab, SCOTCH_Num edgenbr,
                       const SCOTCH_Num *edgetab, const SCOTCH_Num *edlotab, int own) {
  int ok = 1;
  SCOTCH_Num *vert, *vend, *edge;
  SCOTCH_Num endnbr;
  if (baseval == 0 || baseval == 1 || baseval < 0 || vertnbr < 0 || verttab == NULL ||
      (edgenbr > 0 && edgetab == NULL)) {
    TARTAN_graphFree(&g->graph);
    graph_release_owned(g);
    CHECK(fn, TARTAN_graphBuild(&g->graph, baseval, vertnbr, verttab, vendtab, velotab, vlbltab,
                                edgenbr, edgetab, edlotab));
    return 0;
  }
  endnbr = (vendtab == NULL || vendtab == verttab + 1) ? vertnbr + 1 : vertnbr;
  vert = shifted_copy(verttab, endnbr, baseval, &ok);
  vend = (vendtab == NULL || vendtab == verttab + 1) ? NULL
                                                     : shifted_copy(vendtab, vertnbr, baseval, &ok);
  edge = shifted_copy(edgetab, edgenbr, baseval, &ok);
  if (!ok) {
    free(vert);
    free(vend);
    free(edge);
    return layer_failed(fn, "out of memory");
  }
  TARTAN_graphFree(&g->graph);
  graph_release_owned(g);
  g->owned[0] = vert;
  g->owned[1] = vend;
  g->owned[2] = edge;
  if (own) { /* the loader's arrays: the graph keeps them */
    g->owned[3] = (SCOTCH_Num *) velotab;
    g->owned[4] = (SCOTCH_Num *) edlotab;
  }
  CHECK(fn, TARTAN_graphBuild(&g->graph, 0, vertnbr, vert, vend != NULL ? vend : vert + 1,
                              velotab, vlbltab, edgenbr, edge, edlotab));
  return 0;
}

SCOTCH_API int SCOTCH_graphBuild(SCOTCH_Graph *grafptr, SCOTCH_Num baseval, SCOTCH_Num vertnbr,
                                 const SCOTCH_Num *verttab, const SCOTCH_Num *vendtab,
                                 const SCOTCH_Num *velotab, const SCOTCH_Num *vlbltab,
                                 SCOTCH_Num edgenbr, const SCOTCH_Num *edgetab,
                                 const SCOTCH_Num *edlotab) {
  if (refuse_view("SCOTCH_graphBuild", grafptr)) return 1;
  GRAPH_OF("SCOTCH_graphBuild", grafptr, 1);
  return graph_build("SCOTCH_graphBuild", g, baseval, vertnbr, verttab, vendtab, velotab,
                     vlbltab, edgenbr, edgetab, edlotab, 0);
}

/* The whole stream in memory (Tartan then reads it through fmemopen). */
static char *slurp(FILE *stream, size_t *sizeptr) {
  size_t size = 0, room = 1 << 16;
  char *data = malloc(room);
  if (data == NULL) return NULL;
  for (;;) {
    size_t got = fread(data + size, 1, room - size, stream);
    size += got;
    if (size < room) break;
    {
      char *bigger = realloc(data, room * 2);
      if (bigger == NULL) {
        free(data);
        return NULL;
      }
      data = bigger;
      room *= 2;
    }
  }
  if (ferror(stream)) {
    free(data);
    return NULL;
  }
  *sizeptr = size;
  return data;
}

/* Reads a text .grf whose base is neither 0 nor 1 (which Tartan's reader refuses) into arrays
 * renumbered from 0; its labels, loads and edge loads are kept. Returns 0 or 1 (printed). */
static int load_other_base(const char *fn, GraphW *g, FILE *in, SCOTCH_Num flagval,
                           SCOTCH_Num newbase) {
  long long version, vertnbr, edgenbr, baseval, v, e;
  char flags[8];
  int has_label, has_eload, has_vload;
  SCOTCH_Num *vert = NULL, *velo = NULL, *vlbl = NULL, *edge = NULL, *edlo = NULL;
  if (fscanf(in, "%lld %lld %lld %lld %7s", &version, &vertnbr, &edgenbr, &baseval, flags) != 5 ||
      version != 0 || vertnbr < 0 || edgenbr < 0 || strlen(flags) != 3)
    return layer_failed(fn, "malformed graph header");
  has_label = flags[0] == '1';
  has_eload = flags[1] == '1' && (flagval & 2) == 0;
  has_vload = flags[2] == '1' && (flagval & 1) == 0;
  vert = malloc((size_t) (vertnbr + 1) * sizeof *vert);
  edge = malloc((size_t) (edgenbr > 0 ? edgenbr : 1) * sizeof *edge);
  if (has_vload) velo = malloc((size_t) (vertnbr > 0 ? vertnbr : 1) * sizeof *velo);
  if (has_label) vlbl = malloc((size_t) (vertnbr > 0 ? vertnbr : 1) * sizeof *vlbl);
  if (has_eload) edlo = malloc((size_t) (edgenbr > 0 ? edgenbr : 1) * sizeof *edlo);
  if (vert == NULL || edge == NULL || (has_vload && velo == NULL) ||
      (has_label && vlbl == NULL) || (has_eload && edlo == NULL))
    goto oom;
  e = 0;
  for (v = 0; v < vertnbr; ++v) {
    long long value, degree;
    vert[v] = (SCOTCH_Num) e + newbase;
    if (flags[0] == '1') {
      if (fscanf(in, "%lld", &value) != 1) goto bad;
      vlbl[v] = (SCOTCH_Num) value;
    }
    if (flags[2] == '1') {
      if (fscanf(in, "%lld", &value) != 1) goto bad;
      if (has_vload) velo[v] = (SCOTCH_Num) value;
    }
    if (fscanf(in, "%lld", &degree) != 1 || degree < 0 || e + degree > edgenbr) goto bad;
    for (long long d = 0; d < degree; ++d, ++e) {
      if (flags[1] == '1') {
        if (fscanf(in, "%lld", &value) != 1) goto bad;
        if (has_eload) edlo[e] = (SCOTCH_Num) value;
      }
      if (fscanf(in, "%lld", &value) != 1) goto bad;
      edge[e] = (SCOTCH_Num) (value - baseval + newbase);
    }
  }
  if (e != edgenbr) goto bad;
  vert[vertnbr] = (SCOTCH_Num) e + newbase;
  TARTAN_graphFree(&g->graph);
  graph_release_owned(g);
  g->owned[0] = vert;
  g->owned[1] = vlbl;
  g->owned[2] = edge;
  g->owned[3] = velo;
  g->owned[4] = edlo;
  CHECK(fn, TARTAN_graphBuild(&g->graph, newbase, (SCOTCH_Num) vertnbr, vert, vert + 1, velo, vlbl,
                              (SCOTCH_Num) edgenbr, edge, edlo));
  return 0;
bad:
  free(vert), free(velo), free(vlbl), free(edge), free(edlo);
  return layer_failed(fn, "malformed graph body (vertex count, degrees or arcs)");
oom:
  free(vert), free(velo), free(vlbl), free(edge), free(edlo);
  return layer_failed(fn, "out of memory");
}

SCOTCH_API int SCOTCH_graphLoad(SCOTCH_Graph *grafptr, FILE *stream, SCOTCH_Num baseval,
                                SCOTCH_Num flagval) {
  const char *fn = "SCOTCH_graphLoad";
  size_t size = 0;
  char *data;
  FILE *in;
  long long version, vertnbr, edgenbr, filebase;
  int code, other_base = 0;
  if (refuse_view(fn, grafptr)) return 1;
  GRAPH_OF(fn, grafptr, 1);
  if (stream == NULL) return layer_failed(fn, "NULL stream");
  data = slurp(stream, &size);
  if (data == NULL) return layer_failed(fn, "cannot read the stream");
  if (size > 0) {
    /* A text header whose base is not 0 or 1: only the layer's own reader takes it. */
    char head[128];
    size_t n = size < sizeof head - 1 ? size : sizeof head - 1;
    memcpy(head, data, n);
    head[n] = '\0';
    if (sscanf(head, "%lld %lld %lld %lld", &version, &vertnbr, &edgenbr, &filebase) == 4 &&
        version == 0 && filebase != 0 && filebase != 1)
      other_base = 1;
  }
  in = fmemopen(data, size > 0 ? size : 1, "r");
  if (in == NULL) {
    free(data);
    return layer_failed(fn, "out of memory");
  }
  if (other_base) { /* renumbered from 0, or from the base asked for */
    code = load_other_base(fn, g, in, flagval, baseval == 1 ? 1 : 0);
    fclose(in);
    free(data);
    return code;
  }
  graph_release_owned(g);
  code = TARTAN_graphLoad(&g->graph, in, baseval, flagval);
  fclose(in);
  free(data);
  if (code != TARTAN_OK) return tartan_failed(fn, code);
  return 0;
}

SCOTCH_API int SCOTCH_graphSave(const SCOTCH_Graph *grafptr, FILE *stream) {
  GRAPH_OF("SCOTCH_graphSave", grafptr, 1);
  CHECK("SCOTCH_graphSave", TARTAN_graphSave(&g->graph, stream));
  return 0;
}

SCOTCH_API SCOTCH_Num SCOTCH_graphBase(SCOTCH_Graph *grafptr, SCOTCH_Num baseval) {
  SCOTCH_Num old;
  if (refuse_view("SCOTCH_graphBase", grafptr)) return -1;
  GRAPH_OF("SCOTCH_graphBase", grafptr, -1);
  old = TARTAN_graphBase(&g->graph, baseval);
  if (old < 0) tartan_failed("SCOTCH_graphBase", TARTAN_EINVAL);
  return old;
}

SCOTCH_API int SCOTCH_graphCheck(const SCOTCH_Graph *grafptr) {
  GRAPH_OF("SCOTCH_graphCheck", grafptr, 1);
  CHECK("SCOTCH_graphCheck", TARTAN_graphCheck(&g->graph));
  return 0;
}

SCOTCH_API void SCOTCH_graphSize(const SCOTCH_Graph *grafptr, SCOTCH_Num *vertptr,
                                 SCOTCH_Num *edgeptr) {
  GRAPH_OF("SCOTCH_graphSize", grafptr, );
  TARTAN_graphSize(&g->graph, vertptr, edgeptr);
}

SCOTCH_API void SCOTCH_graphData(const SCOTCH_Graph *grafptr, SCOTCH_Num *baseptr,
                                 SCOTCH_Num *vertptr, SCOTCH_Num **verttab, SCOTCH_Num **vendtab,
                                 SCOTCH_Num **velotab, SCOTCH_Num **vlbltab, SCOTCH_Num *edgeptr,
                                 SCOTCH_Num **edgetab, SCOTCH_Num **edlotab) {
  GRAPH_OF("SCOTCH_graphData", grafptr, );
  TARTAN_graphData(&g->graph, baseptr, vertptr, verttab, vendtab, velotab, vlbltab, edgeptr,
                   edgetab, edlotab);
}

SCOTCH_API void SCOTCH_graphStat(const SCOTCH_Graph *grafptr, SCOTCH_Num *velominptr,
                                 SCOTCH_Num *velomaxptr, SCOTCH_Num *velosumptr,
                                 double *veloavgptr, double *velodltptr, SCOTCH_Num *degrminptr,
                                 SCOTCH_Num *degrmaxptr, double *degravgptr, double *degrdltptr,
                                 SCOTCH_Num *edlominptr, SCOTCH_Num *edlomaxptr,
                                 SCOTCH_Num *edlosumptr, double *edloavgptr,
                                 double *edlodltptr) {
  GRAPH_OF("SCOTCH_graphStat", grafptr, );
  TARTAN_graphStat(&g->graph, velominptr, velomaxptr, velosumptr, veloavgptr, velodltptr,
                   degrminptr, degrmaxptr, degravgptr, degrdltptr, edlominptr, edlomaxptr,
                   edlosumptr, edloavgptr, edlodltptr);
}

/* Breadth-first search from root over the compact arrays; returns the eccentricity of root
 * and sets *far to the last vertex reached, *reached to the vertices reached. */
static SCOTCH_Num bfs_eccentricity(SCOTCH_Num vertnbr, SCOTCH_Num baseval, const SCOTCH_Num *vert,
                                   const SCOTCH_Num *vend, const SCOTCH_Num *edge,
                                   SCOTCH_Num root, SCOTCH_Num *dist, SCOTCH_Num *queue,
                                   SCOTCH_Num *far, SCOTCH_Num *reached) {
  SCOTCH_Num head = 0, tail = 0;
  for (SCOTCH_Num v = 0; v < vertnbr; ++v) dist[v] = -1;
  dist[root] = 0;
  queue[tail++] = root;
  while (head < tail) {
    SCOTCH_Num v = queue[head++];
    for (SCOTCH_Num e = vert[v] - baseval; e < vend[v] - baseval; ++e) {
      SCOTCH_Num w = edge[e] - baseval;
      if (dist[w] < 0) {
        dist[w] = dist[v] + 1;
        queue[tail++] = w;
      }
    }
  }
  *far = queue[tail - 1];
  *reached = tail;
  return dist[*far];
}

SCOTCH_API SCOTCH_Num SCOTCH_graphDiamPV(SCOTCH_Graph *grafptr) {
  const char *fn = "SCOTCH_graphDiamPV";
  SCOTCH_Num baseval, vertnbr, *vert, *vend, *edge, *dist, *queue, root = 0, diam = -1;
  int code;
  GRAPH_OF(fn, grafptr, -1);
  code = TARTAN_graphCheck(&g->graph);
  if (code != TARTAN_OK) {
    tartan_failed(fn, code);
    return -1;
  }
  TARTAN_graphData(&g->graph, &baseval, &vertnbr, &vert, &vend, NULL, NULL, NULL, &edge, NULL);
  if (vertnbr == 0) return 0;
  dist = malloc((size_t) vertnbr * sizeof *dist);
  queue = malloc((size_t) vertnbr * sizeof *queue);
  if (dist == NULL || queue == NULL) {
    free(dist);
    free(queue);
    layer_failed(fn, "out of memory");
    return -1;
  }
  /* Sweeps from the farthest vertex of the previous one while the eccentricity grows: the
   * classic pseudo-peripheral vertex search (Gibbs, Poole and Stockmeyer, "An algorithm for
   * reducing the bandwidth and profile of a sparse matrix"). */
  for (;;) {
    SCOTCH_Num far, reached, ecc;
    ecc = bfs_eccentricity(vertnbr, baseval, vert, vend, edge, root, dist, queue, &far, &reached);
    if (reached < vertnbr) {
      diam = SCOTCH_NUMMAX;
      break;
    }
    if (ecc <= diam) break;
    diam = ecc;
    root = far;
  }
  free(dist);
  free(queue);
  return diam;
}

/* ------------------------------------------------------------------------------------------ */
/* Target architectures                                                                         */
/* ------------------------------------------------------------------------------------------ */

SCOTCH_API int SCOTCH_archSizeof(void) { return (int) sizeof(SCOTCH_Arch); }
SCOTCH_API SCOTCH_Arch *SCOTCH_archAlloc(void) { return malloc(sizeof(SCOTCH_Arch)); }

SCOTCH_API int SCOTCH_archInit(SCOTCH_Arch *archptr) {
  ArchW *a;
  if (archptr == NULL) return layer_failed("SCOTCH_archInit", "NULL architecture");
  a = calloc(1, sizeof *a);
  if (a == NULL) return layer_failed("SCOTCH_archInit", "out of memory");
  if (TARTAN_archInit(&a->arch) != TARTAN_OK) {
    free(a);
    return tartan_failed("SCOTCH_archInit", TARTAN_EINTERNAL);
  }
  a->magic = MAGIC_ARCH;
  set_wrapper(archptr, a, MAGIC_ARCH);
  return 0;
}

SCOTCH_API void SCOTCH_archExit(SCOTCH_Arch *archptr) {
  ArchW *a = (ArchW *) wrapper_of(archptr, MAGIC_ARCH);
  if (a == NULL) return;
  TARTAN_archExit(&a->arch);
  free(a->domtab);
  a->magic = 0;
  free(a);
  set_wrapper(archptr, NULL, MAGIC_ARCH);
}

/* SCOTCH's constructors take a handle that may not have been through archInit (its own
 * test programs call them directly): such a handle is initialised first. A handle whose first
 * word holds a live wrapper is reused; its domains are forgotten with its old target. */
static ArchW *arch_for_constructor(const char *fn, SCOTCH_Arch *archptr) {
  ArchW *a = (ArchW *) wrapper_of(archptr, MAGIC_ARCH);
  if (a == NULL) {
    if (archptr == NULL) {
      layer_failed(fn, "NULL architecture");
      return NULL;
    }
    if (SCOTCH_archInit(archptr) != 0) return NULL;
    a = (ArchW *) wrapper_of(archptr, MAGIC_ARCH);
  }
  a->domnbr = 0;
  return a;
}

#define ARCH_CONSTRUCTOR(fn, call)                       \
  ArchW *a = arch_for_constructor(fn, archptr);          \
  if (a == NULL) return 1;                               \
  CHECK(fn, call);                                       \
  return 0

SCOTCH_API int SCOTCH_archLoad(SCOTCH_Arch *archptr, FILE *stream) {
  ARCH_CONSTRUCTOR("SCOTCH_archLoad", TARTAN_archLoad(&a->arch, stream));
}

SCOTCH_API int SCOTCH_archSave(const SCOTCH_Arch *archptr, FILE *stream) {
  ARCH_OF(a, "SCOTCH_archSave", archptr, 1);
  CHECK("SCOTCH_archSave", TARTAN_archSave(&a->arch, stream));
  return 0;
}

SCOTCH_API const char *SCOTCH_archName(const SCOTCH_Arch *archptr) {
  const char *name;
  ARCH_OF(a, "SCOTCH_archName", archptr, NULL);
  name = TARTAN_archName(&a->arch);
  if (name == NULL) tartan_failed("SCOTCH_archName", TARTAN_EINVAL);
  return name;
}

SCOTCH_API SCOTCH_Num SCOTCH_archSize(const SCOTCH_Arch *archptr) {
  SCOTCH_Num size;
  ARCH_OF(a, "SCOTCH_archSize", archptr, -1);
  size = TARTAN_archSize(&a->arch);
  if (size < 0) tartan_failed("SCOTCH_archSize", TARTAN_EINVAL);
  return size;
}

SCOTCH_API int SCOTCH_archVar(const SCOTCH_Arch *archptr) {
  int var;
  ARCH_OF(a, "SCOTCH_archVar", archptr, 0);
  var = TARTAN_archVar(&a->arch);
  if (var < 0) {
    tartan_failed("SCOTCH_archVar", var);
    return 0;
  }
  return var;
}

static const TARTAN_Graph *graph_handle(const char *fn, const SCOTCH_Graph *grafptr) {
  GraphW *g = (GraphW *) wrapper_of(grafptr, MAGIC_GRAPH);
  if (g == NULL) layer_failed(fn, "graph not initialised (SCOTCH_graphInit) or exited");
  return g != NULL ? &g->graph : NULL;
}

static const TARTAN_Strat *strat_handle(const SCOTCH_Strat *straptr) {
  StratW *s = (StratW *) wrapper_of(straptr, MAGIC_STRAT);
  return s != NULL ? &s->strat : NULL;
}

SCOTCH_API int SCOTCH_archBuild(SCOTCH_Arch *archptr, const SCOTCH_Graph *grafptr,
                                SCOTCH_Num listnbr, const SCOTCH_Num *listtab,
                                const SCOTCH_Strat *straptr) {
  const TARTAN_Graph *graph = graph_handle("SCOTCH_archBuild", grafptr);
  if (graph == NULL) return 1;
  {
    ARCH_CONSTRUCTOR("SCOTCH_archBuild", TARTAN_archBuild(&a->arch, graph, listnbr, listtab,
                                                          strat_handle(straptr)));
  }
}

SCOTCH_API int SCOTCH_archBuild0(SCOTCH_Arch *archptr, const SCOTCH_Graph *grafptr,
                                 SCOTCH_Num listnbr, const SCOTCH_Num *listtab,
                                 const SCOTCH_Strat *straptr) {
  const TARTAN_Graph *graph = graph_handle("SCOTCH_archBuild0", grafptr);
  if (graph == NULL) return 1;
  {
    ARCH_CONSTRUCTOR("SCOTCH_archBuild0", TARTAN_archBuild0(&a->arch, graph, listnbr, listtab,
                                                            strat_handle(straptr)));
  }
}

SCOTCH_API int SCOTCH_archBuild2(SCOTCH_Arch *archptr, const SCOTCH_Graph *grafptr,
                                 SCOTCH_Num listnbr, const SCOTCH_Num *listtab) {
  const TARTAN_Graph *graph = graph_handle("SCOTCH_archBuild2", grafptr);
  if (graph == NULL) return 1;
  {
    ARCH_CONSTRUCTOR("SCOTCH_archBuild2", TARTAN_archBuild2(&a->arch, graph, listnbr, listtab));
  }
}

SCOTCH_API int SCOTCH_archCmplt(SCOTCH_Arch *archptr, SCOTCH_Num termnbr) {
  ARCH_CONSTRUCTOR("SCOTCH_archCmplt", TARTAN_archCmplt(&a->arch, termnbr));
}
SCOTCH_API int SCOTCH_archCmpltw(SCOTCH_Arch *archptr, SCOTCH_Num termnbr,
                                 const SCOTCH_Num *velotab) {
  ARCH_CONSTRUCTOR("SCOTCH_archCmpltw", TARTAN_archCmpltw(&a->arch, termnbr, velotab));
}
SCOTCH_API int SCOTCH_archHcub(SCOTCH_Arch *archptr, SCOTCH_Num dimnmax) {
  ARCH_CONSTRUCTOR("SCOTCH_archHcub", TARTAN_archHcub(&a->arch, dimnmax));
}
SCOTCH_API int SCOTCH_archMesh2(SCOTCH_Arch *archptr, SCOTCH_Num dimxval, SCOTCH_Num dimyval) {
  ARCH_CONSTRUCTOR("SCOTCH_archMesh2", TARTAN_archMesh2(&a->arch, dimxval, dimyval));
}
SCOTCH_API int SCOTCH_archMesh3(SCOTCH_Arch *archptr, SCOTCH_Num dimxval, SCOTCH_Num dimyval,
                                SCOTCH_Num dimzval) {
  ARCH_CONSTRUCTOR("SCOTCH_archMesh3", TARTAN_archMesh3(&a->arch, dimxval, dimyval, dimzval));
}
SCOTCH_API int SCOTCH_archMeshX(SCOTCH_Arch *archptr, SCOTCH_Num dimnbr,
                                const SCOTCH_Num *dimtab) {
  ARCH_CONSTRUCTOR("SCOTCH_archMeshX", TARTAN_archMeshX(&a->arch, dimnbr, dimtab));
}
SCOTCH_API int SCOTCH_archTorus2(SCOTCH_Arch *archptr, SCOTCH_Num dimxval, SCOTCH_Num dimyval) {
  ARCH_CONSTRUCTOR("SCOTCH_archTorus2", TARTAN_archTorus2(&a->arch, dimxval, dimyval));
}
SCOTCH_API int SCOTCH_archTorus3(SCOTCH_Arch *archptr, SCOTCH_Num dimxval, SCOTCH_Num dimyval,
                                 SCOTCH_Num dimzval) {
  ARCH_CONSTRUCTOR("SCOTCH_archTorus3", TARTAN_archTorus3(&a->arch, dimxval, dimyval, dimzval));
}
SCOTCH_API int SCOTCH_archTorusX(SCOTCH_Arch *archptr, SCOTCH_Num dimnbr,
                                 const SCOTCH_Num *dimtab) {
  ARCH_CONSTRUCTOR("SCOTCH_archTorusX", TARTAN_archTorusX(&a->arch, dimnbr, dimtab));
}
SCOTCH_API int SCOTCH_archTleaf(SCOTCH_Arch *archptr, SCOTCH_Num levlnbr,
                                const SCOTCH_Num *sizetab, const SCOTCH_Num *linktab) {
  ARCH_CONSTRUCTOR("SCOTCH_archTleaf", TARTAN_archTleaf(&a->arch, levlnbr, sizetab, linktab));
}
SCOTCH_API int SCOTCH_archLtleaf(SCOTCH_Arch *archptr, SCOTCH_Num levlnbr,
                                 const SCOTCH_Num *sizetab, const SCOTCH_Num *linktab,
                                 SCOTCH_Num permnbr, const SCOTCH_Num *permtab) {
  ARCH_CONSTRUCTOR("SCOTCH_archLtleaf", TARTAN_archLtleaf(&a->arch, levlnbr, sizetab, linktab,
                                                          permnbr, permtab));
}
SCOTCH_API int SCOTCH_archVcmplt(SCOTCH_Arch *archptr) {
  ARCH_CONSTRUCTOR("SCOTCH_archVcmplt", TARTAN_archVcmplt(&a->arch));
}
SCOTCH_API int SCOTCH_archVhcub(SCOTCH_Arch *archptr) {
  ARCH_CONSTRUCTOR("SCOTCH_archVhcub", TARTAN_archVhcub(&a->arch));
}

SCOTCH_API int SCOTCH_archSub(SCOTCH_Arch *subarchptr, SCOTCH_Arch *orgarchptr,
                              SCOTCH_Num vnumnbr, const SCOTCH_Num *vnumtab) {
  SCOTCH_Arch *archptr = subarchptr;
  ARCH_OF(org, "SCOTCH_archSub", orgarchptr, 1);
  {
    ARCH_CONSTRUCTOR("SCOTCH_archSub", TARTAN_archSub(&a->arch, &org->arch, vnumnbr, vnumtab));
  }
}

/* Domains ---------------------------------------------------------------------------------- */

SCOTCH_API int SCOTCH_archDomSizeof(void) { return (int) sizeof(SCOTCH_ArchDom); }
SCOTCH_API SCOTCH_ArchDom *SCOTCH_archDomAlloc(void) { return malloc(sizeof(SCOTCH_ArchDom)); }

/* Stores dom in the architecture's table and makes *domnptr name it. */
static int dom_put(const char *fn, ArchW *a, const TARTAN_ArchDom *dom, SCOTCH_ArchDom *domnptr) {
  DomW d;
  if (a->domnbr == a->dommax) {
    size_t room = a->dommax > 0 ? a->dommax * 2 : 16;
    TARTAN_ArchDom *bigger = realloc(a->domtab, room * sizeof *bigger);
    if (bigger == NULL) return layer_failed(fn, "out of memory");
    a->domtab = bigger;
    a->dommax = room;
  }
  a->domtab[a->domnbr] = *dom;
  d.arch = a;
  d.index = a->domnbr++;
  memcpy(domnptr, &d, sizeof d);
  return 0;
}

/* The Tartan domain *domnptr names in a, or NULL (printed). */
static const TARTAN_ArchDom *dom_get(const char *fn, const ArchW *a, const SCOTCH_ArchDom *domnptr) {
  DomW d;
  if (domnptr == NULL) {
    layer_failed(fn, "NULL domain");
    return NULL;
  }
  memcpy(&d, domnptr, sizeof d);
  if (d.arch != a || d.index >= a->domnbr) {
    layer_failed(fn, "not a domain of this architecture (from SCOTCH_archDomFrst, "
                     "SCOTCH_archDomTerm or SCOTCH_archDomBipart on it)");
    return NULL;
  }
  return &a->domtab[d.index];
}

SCOTCH_API SCOTCH_Num SCOTCH_archDomNum(SCOTCH_Arch *archptr, const SCOTCH_ArchDom *domnptr) {
  const TARTAN_ArchDom *dom;
  SCOTCH_Num value;
  ARCH_OF(a, "SCOTCH_archDomNum", archptr, -1);
  if ((dom = dom_get("SCOTCH_archDomNum", a, domnptr)) == NULL) return -1;
  if ((value = TARTAN_archDomNum(&a->arch, dom)) < 0) tartan_failed("SCOTCH_archDomNum", -1);
  return value;
}

SCOTCH_API int SCOTCH_archDomTerm(SCOTCH_Arch *archptr, SCOTCH_ArchDom *domnptr,
                                  SCOTCH_Num domnnum) {
  TARTAN_ArchDom dom;
  int code;
  ARCH_OF(a, "SCOTCH_archDomTerm", archptr, 2);
  if (domnptr == NULL) return layer_failed("SCOTCH_archDomTerm", "NULL domain") + 1;
  code = TARTAN_archDomTerm(&a->arch, &dom, domnnum);
  if (code != TARTAN_OK) return tartan_failed("SCOTCH_archDomTerm", code) + 1;
  return dom_put("SCOTCH_archDomTerm", a, &dom, domnptr) != 0 ? 2 : 0;
}

SCOTCH_API SCOTCH_Num SCOTCH_archDomSize(SCOTCH_Arch *archptr, const SCOTCH_ArchDom *domnptr) {
  const TARTAN_ArchDom *dom;
  SCOTCH_Num value;
  ARCH_OF(a, "SCOTCH_archDomSize", archptr, -1);
  if ((dom = dom_get("SCOTCH_archDomSize", a, domnptr)) == NULL) return -1;
  if ((value = TARTAN_archDomSize(&a->arch, dom)) < 0) tartan_failed("SCOTCH_archDomSize", -1);
  return value;
}

SCOTCH_API SCOTCH_Num SCOTCH_archDomWght(SCOTCH_Arch *archptr, const SCOTCH_ArchDom *domnptr) {
  const TARTAN_ArchDom *dom;
  SCOTCH_Num value;
  ARCH_OF(a, "SCOTCH_archDomWght", archptr, -1);
  if ((dom = dom_get("SCOTCH_archDomWght", a, domnptr)) == NULL) return -1;
  if ((value = TARTAN_archDomWght(&a->arch, dom)) < 0) tartan_failed("SCOTCH_archDomWght", -1);
  return value;
}

SCOTCH_API SCOTCH_Num SCOTCH_archDomDist(SCOTCH_Arch *archptr, const SCOTCH_ArchDom *dom0ptr,
                                         const SCOTCH_ArchDom *dom1ptr) {
  const TARTAN_ArchDom *dom0, *dom1;
  SCOTCH_Num value;
  ARCH_OF(a, "SCOTCH_archDomDist", archptr, -1);
  if ((dom0 = dom_get("SCOTCH_archDomDist", a, dom0ptr)) == NULL ||
      (dom1 = dom_get("SCOTCH_archDomDist", a, dom1ptr)) == NULL)
    return -1;
  if ((value = TARTAN_archDomDist(&a->arch, dom0, dom1)) < 0)
    tartan_failed("SCOTCH_archDomDist", -1);
  return value;
}

SCOTCH_API int SCOTCH_archDomFrst(SCOTCH_Arch *archptr, SCOTCH_ArchDom *domnptr) {
  TARTAN_ArchDom dom;
  ARCH_OF(a, "SCOTCH_archDomFrst", archptr, 1);
  if (domnptr == NULL) return layer_failed("SCOTCH_archDomFrst", "NULL domain");
  CHECK("SCOTCH_archDomFrst", TARTAN_archDomFrst(&a->arch, &dom));
  return dom_put("SCOTCH_archDomFrst", a, &dom, domnptr);
}

SCOTCH_API int SCOTCH_archDomBipart(SCOTCH_Arch *archptr, const SCOTCH_ArchDom *domnptr,
                                    SCOTCH_ArchDom *dom0ptr, SCOTCH_ArchDom *dom1ptr) {
  const TARTAN_ArchDom *dom;
  TARTAN_ArchDom dom0, dom1;
  int code;
  ARCH_OF(a, "SCOTCH_archDomBipart", archptr, 2);
  if ((dom = dom_get("SCOTCH_archDomBipart", a, domnptr)) == NULL) return 2;
  if (dom0ptr == NULL || dom1ptr == NULL)
    return layer_failed("SCOTCH_archDomBipart", "NULL subdomain") + 1;
  code = TARTAN_archDomBipart(&a->arch, dom, &dom0, &dom1);
  if (code == 1) return 1;
  if (code != TARTAN_OK) return tartan_failed("SCOTCH_archDomBipart", code) + 1;
  if (dom_put("SCOTCH_archDomBipart", a, &dom0, dom0ptr) != 0 ||
      dom_put("SCOTCH_archDomBipart", a, &dom1, dom1ptr) != 0)
    return 2;
  return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Strategies                                                                                   */
/* ------------------------------------------------------------------------------------------ */

SCOTCH_API int SCOTCH_stratSizeof(void) { return (int) sizeof(SCOTCH_Strat); }
SCOTCH_API SCOTCH_Strat *SCOTCH_stratAlloc(void) { return malloc(sizeof(SCOTCH_Strat)); }

SCOTCH_API int SCOTCH_stratInit(SCOTCH_Strat *straptr) {
  StratW *s;
  if (straptr == NULL) return layer_failed("SCOTCH_stratInit", "NULL strategy");
  s = calloc(1, sizeof *s);
  if (s == NULL) return layer_failed("SCOTCH_stratInit", "out of memory");
  if (TARTAN_stratInit(&s->strat) != TARTAN_OK) {
    free(s);
    return tartan_failed("SCOTCH_stratInit", TARTAN_EINTERNAL);
  }
  s->magic = MAGIC_STRAT;
  set_wrapper(straptr, s, MAGIC_STRAT);
  return 0;
}

SCOTCH_API void SCOTCH_stratFree(SCOTCH_Strat *straptr) {
  StratW *s = (StratW *) wrapper_of(straptr, MAGIC_STRAT);
  if (s == NULL) return;
  TARTAN_stratExit(&s->strat);
  TARTAN_stratInit(&s->strat);
  free(s->text);
  s->text = NULL;
  s->copy = s->overlap = 0;
}

SCOTCH_API void SCOTCH_stratExit(SCOTCH_Strat *straptr) {
  StratW *s = (StratW *) wrapper_of(straptr, MAGIC_STRAT);
  if (s == NULL) return;
  TARTAN_stratExit(&s->strat);
  free(s->text);
  s->magic = 0;
  free(s);
  set_wrapper(straptr, NULL, MAGIC_STRAT);
}

SCOTCH_API int SCOTCH_stratSave(const SCOTCH_Strat *straptr, FILE *stream) {
  STRAT_OF(s, "SCOTCH_stratSave", straptr, 1);
  if (stream == NULL || fprintf(stream, "%s\n", s->text != NULL ? s->text : "") < 0)
    return layer_failed("SCOTCH_stratSave", "cannot write the strategy");
  return 0;
}

static int set_text(const char *fn, StratW *s, const char *text) {
  char *copy = malloc(strlen(text) + 1);
  if (copy == NULL) return layer_failed(fn, "out of memory");
  strcpy(copy, text);
  free(s->text);
  s->text = copy;
  return 0;
}

/* SCOTCH mapping strategy strings are read by their top-level methods (outside braces and
 * parentheses): r (recursive bipartitioning) becomes Tartan's drb, m (multilevel) drb;kway,
 * the refinements f, b, d and x a kway, c (copy of the old mapping) marks a strategy only
 * remapping can use; the first bal=value found sets the imbalance of every method. Any other
 * top-level method, a condition or a selection is refused. A string Tartan's own grammar
 * accepts (doc/strategy.md) is taken as it is. Returns the Tartan text (static buffer). */
static const char *translate_strategy(const char *string, int *copy) {
  static _Thread_local char out[128];
  int depth = 0, has_r = 0, has_m = 0, has_refine = 0, has_c = 0;
  double bal = -1.0;
  const char *p, *b;
  *copy = 0;
  for (p = string; *p != '\0'; ++p) {
    char c = *p;
    if (c == '{' || c == '(') ++depth;
    else if (c == '}' || c == ')') --depth;
    else if (depth == 0 && c >= 'a' && c <= 'z') {
      if (c == 'r') has_r = 1;
      else if (c == 'm') has_m = 1;
      else if (c == 'c') has_c = 1;
      else if (c == 'f' || c == 'b' || c == 'd' || c == 'x') has_refine = 1;
      else return NULL;
    } else if (depth == 0 && c != ' ' && c != '\t' && c != '\n')
      return NULL;
  }
  if (depth != 0 || !(has_r || has_m || has_c || has_refine)) return NULL;
  if ((b = strstr(string, "bal=")) != NULL) {
    char *end;
    bal = strtod(b + 4, &end);
    if (end == b + 4 || bal < 0.0 || bal > 1.0) return NULL;
  }
  *copy = has_c && !has_r && !has_m;
  if (bal >= 0.0) {
    if (has_m || (has_r && has_refine) || *copy)
      snprintf(out, sizeof out, "drb{bal=%g};kway{bal=%g}", bal, bal);
    else if (has_r)
      snprintf(out, sizeof out, "drb{bal=%g}", bal);
    else
      return NULL;
  } else {
    if (has_m || (has_r && has_refine) || *copy)
      snprintf(out, sizeof out, "drb;kway");
    else if (has_r)
      snprintf(out, sizeof out, "drb");
    else
      return NULL;
  }
  return out;
}

static int strat_from_string(const char *fn, SCOTCH_Strat *straptr, const char *string,
                             int overlap) {
  const char *text;
  int copy = 0;
  STRAT_OF(s, fn, straptr, 1);
  if (string == NULL) return layer_failed(fn, "NULL strategy string");
  if (TARTAN_stratGraphMap(&s->strat, string) == TARTAN_OK) {
    text = string;
  } else {
    TARTAN_errorClear();
    text = translate_strategy(string, &copy);
    if (text == NULL) {
      SCOTCH_errorPrint("%s: strategy \"%s\" is not one this layer can honour (accepted: "
                        "SCOTCH strings whose top-level methods are among r, m, c, f, b, d, x; "
                        "or Tartan strategy strings)",
                        fn, string);
      return 1;
    }
    CHECK(fn, TARTAN_stratGraphMap(&s->strat, text));
  }
  s->copy = copy;
  s->overlap = overlap;
  return set_text(fn, s, string);
}

SCOTCH_API int SCOTCH_stratGraphMap(SCOTCH_Strat *straptr, const char *string) {
  return strat_from_string("SCOTCH_stratGraphMap", straptr, string, 0);
}

SCOTCH_API int SCOTCH_stratGraphPartOvl(SCOTCH_Strat *straptr, const char *string) {
  return strat_from_string("SCOTCH_stratGraphPartOvl", straptr, string, 1);
}

static int strat_build(const char *fn, SCOTCH_Strat *straptr, SCOTCH_Num flagval,
                       SCOTCH_Num partnbr, double balrat, int overlap) {
  /* SCOTCH_STRATREMAP selects SCOTCH's remapping strategy; Tartan's remapping takes any
   * strategy (TARTAN_graphRemap), so the flag is accepted and needs no other bits. */
  const SCOTCH_Num known = SCOTCH_STRATQUALITY | SCOTCH_STRATSPEED | SCOTCH_STRATBALANCE |
                           SCOTCH_STRATSAFETY | SCOTCH_STRATRECURSIVE;
  char text[96];
  STRAT_OF(s, fn, straptr, 1);
  if ((flagval & ~(known | SCOTCH_STRATREMAP | SCOTCH_STRATSCALABILITY)) != 0)
    return layer_failed(fn, "unknown strategy flags");
  CHECK(fn, TARTAN_stratGraphMapBuild(&s->strat, flagval & known, partnbr, balrat));
  s->copy = 0;
  s->overlap = overlap;
  snprintf(text, sizeof text, "(built: flags 0x%llx, %lld parts, imbalance %g)",
           (unsigned long long) flagval, (long long) partnbr, balrat);
  return set_text(fn, s, text);
}

SCOTCH_API int SCOTCH_stratGraphMapBuild(SCOTCH_Strat *straptr, SCOTCH_Num flagval,
                                         SCOTCH_Num partnbr, double balrat) {
  return strat_build("SCOTCH_stratGraphMapBuild", straptr, flagval, partnbr, balrat, 0);
}

/* Ordering strategies: Tartan has no sparse-matrix ordering, so no ordering strategy can be
 * honoured; refused, naming the function, with SCOTCH's error value (the strategy is left as it
 * was). */
SCOTCH_API int SCOTCH_stratGraphOrder(SCOTCH_Strat *straptr, const char *string) {
  (void) straptr;
  (void) string;
  return layer_failed("SCOTCH_stratGraphOrder", "graph ordering is not provided by Tartan");
}

SCOTCH_API int SCOTCH_stratGraphOrderBuild(SCOTCH_Strat *straptr, SCOTCH_Num flagval,
                                           SCOTCH_Num levlnbr, double balrat) {
  (void) straptr;
  (void) flagval;
  (void) levlnbr;
  (void) balrat;
  return layer_failed("SCOTCH_stratGraphOrderBuild", "graph ordering is not provided by Tartan");
}

SCOTCH_API int SCOTCH_stratGraphPartOvlBuild(SCOTCH_Strat *straptr, SCOTCH_Num flagval,
                                             SCOTCH_Num partnbr, double balrat) {
  return strat_build("SCOTCH_stratGraphPartOvlBuild", straptr, flagval, partnbr, balrat, 1);
}

/* The next seed for a computation on grafptr: from its context's own sequence when the graph
 * is a view of a context that cloned the generator, from the shared sequence otherwise. */
static uint64_t graph_random_next(const SCOTCH_Graph *grafptr) {
  const GraphW *g = (const GraphW *) wrapper_of(grafptr, MAGIC_GRAPH);
  if (g != NULL && g->context != NULL && g->context->cloned)
    return random_value_at(g->context->origin, g->context->drawn++);
  return random_next();
}

/* The Tartan strategy of a SCOTCH one, seeded with the next value of the layer's sequence
 * (NULL strategy: a default one, seeded the same way, in *fallback). */
static TARTAN_Strat *seeded_strategy(const char *fn, const SCOTCH_Graph *grafptr,
                                     SCOTCH_Strat *straptr, TARTAN_Strat *fallback, int *copy) {
  StratW *s = (StratW *) wrapper_of(straptr, MAGIC_STRAT);
  TARTAN_Strat *strat = fallback;
  *copy = 0;
  if (s != NULL) {
    strat = &s->strat;
    *copy = s->copy;
  } else if (straptr != NULL) {
    layer_failed(fn, "strategy not initialised (SCOTCH_stratInit) or exited");
    return NULL;
  } else if (TARTAN_stratInit(fallback) != TARTAN_OK) {
    tartan_failed(fn, TARTAN_EINTERNAL);
    return NULL;
  }
  TARTAN_stratRandomSeed(strat, (TARTAN_Num) (graph_random_next(grafptr) &
                                              (uint64_t) TARTAN_NUMMAX));
  return strat;
}

/* ------------------------------------------------------------------------------------------ */
/* Contexts                                                                                     */
/* ------------------------------------------------------------------------------------------ */

#define CONTEXT_OF(var, fn, h, ret)                                                  \
  ContextW *var = (ContextW *) wrapper_of((h), MAGIC_CONTEXT);                       \
  if (var == NULL) {                                                                 \
    layer_failed(fn, "context not initialised (SCOTCH_contextInit) or exited");      \
    return ret;                                                                      \
  }

typedef char scotch_context_fits[sizeof(SCOTCH_Context) >= sizeof(void *) ? 1 : -1];

SCOTCH_API int SCOTCH_contextSizeof(void) { return (int) sizeof(SCOTCH_Context); }

SCOTCH_API SCOTCH_Context *SCOTCH_contextAlloc(void) { return malloc(sizeof(SCOTCH_Context)); }

SCOTCH_API int SCOTCH_contextInit(SCOTCH_Context *contptr) {
  ContextW *c;
  if (contptr == NULL) return layer_failed("SCOTCH_contextInit", "NULL context");
  c = calloc(1, sizeof *c);
  if (c == NULL) return layer_failed("SCOTCH_contextInit", "out of memory");
  c->magic = MAGIC_CONTEXT;
  c->fixed_seed = 1; /* SCOTCH 7.0.3's defaults: not deterministic, fixed seed */
  set_wrapper(contptr, c, MAGIC_CONTEXT);
  return 0;
}

SCOTCH_API void SCOTCH_contextExit(SCOTCH_Context *contptr) {
  ContextW *c = (ContextW *) wrapper_of(contptr, MAGIC_CONTEXT);
  if (c == NULL) return;
  c->magic = 0;
  set_wrapper(contptr, NULL, MAGIC_CONTEXT);
  if (c->views == 0) free(c);
}

/* The option's slot, or NULL (printed) for an option SCOTCH does not define. */
static SCOTCH_Num *context_option(const char *fn, ContextW *c, int optinum) {
  if (optinum == SCOTCH_OPTIONNUMDETERMINISTIC) return &c->deterministic;
  if (optinum == SCOTCH_OPTIONNUMRANDOMFIXEDSEED) return &c->fixed_seed;
  SCOTCH_errorPrint("%s: invalid option number %d (0 to %d)", fn, optinum, SCOTCH_OPTIONNUMNBR - 1);
  return NULL;
}

SCOTCH_API int SCOTCH_contextOptionGetNum(SCOTCH_Context *contptr, int optinum,
                                          SCOTCH_Num *optiptr) {
  const char *fn = "SCOTCH_contextOptionGetNum";
  SCOTCH_Num *slot;
  CONTEXT_OF(c, fn, contptr, 1);
  if ((slot = context_option(fn, c, optinum)) == NULL) return 1;
  if (optiptr == NULL) return layer_failed(fn, "NULL value pointer");
  *optiptr = *slot;
  return 0;
}

SCOTCH_API int SCOTCH_contextOptionSetNum(SCOTCH_Context *contptr, int optinum,
                                          SCOTCH_Num optival) {
  const char *fn = "SCOTCH_contextOptionSetNum";
  SCOTCH_Num *slot;
  CONTEXT_OF(c, fn, contptr, 1);
  if ((slot = context_option(fn, c, optinum)) == NULL) return 1;
  if (optival != 0 && optival != 1) return layer_failed(fn, "option values are 0 or 1");
  *slot = optival;
  return 0;
}

/* A seed that differs from run to run, for contexts without SCOTCH_OPTIONNUMRANDOMFIXEDSEED. */
static uint64_t varying_seed(void) {
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  return random_value_at((uint64_t) now.tv_sec * 1000000000u + (uint64_t) now.tv_nsec,
                         (uint64_t) getpid());
}

SCOTCH_API int SCOTCH_contextRandomClone(SCOTCH_Context *contptr) {
  CONTEXT_OF(c, "SCOTCH_contextRandomClone", contptr, 1);
  c->origin = c->fixed_seed ? random_origin : varying_seed();
  c->drawn = 0;
  c->cloned = 1;
  return 0;
}

SCOTCH_API void SCOTCH_contextRandomReset(SCOTCH_Context *contptr) {
  CONTEXT_OF(c, "SCOTCH_contextRandomReset", contptr, );
  if (!c->cloned) {
    SCOTCH_randomReset();
    return;
  }
  c->drawn = 0;
}

SCOTCH_API void SCOTCH_contextRandomSeed(SCOTCH_Context *contptr, SCOTCH_Num seedval) {
  CONTEXT_OF(c, "SCOTCH_contextRandomSeed", contptr, );
  if (!c->cloned) {
    SCOTCH_randomSeed(seedval);
    return;
  }
  c->origin = (uint64_t) seedval;
  c->drawn = 0;
}

SCOTCH_API int SCOTCH_contextBindGraph(SCOTCH_Context *contptr, const SCOTCH_Graph *orggrafptr,
                                       SCOTCH_Graph *cntgrafptr) {
  const char *fn = "SCOTCH_contextBindGraph";
  GraphW *view;
  CONTEXT_OF(c, fn, contptr, 1);
  GRAPH_OF(fn, orggrafptr, 1);
  view = (GraphW *) wrapper_of(cntgrafptr, MAGIC_GRAPH);
  if (view == NULL)
    return layer_failed(fn, "the context graph must be initialised (SCOTCH_graphInit)");
  if (view == g || view->origin != NULL || view->views != 0)
    return layer_failed(fn, "the context graph must be a fresh graph, not the original, a view "
                            "or a graph with views");
  {
    TARTAN_Num vertnbr = -1;
    TARTAN_graphSize(&view->graph, &vertnbr, NULL);
    if (vertnbr > 0)
      return layer_failed(fn, "the context graph holds a graph: initialise a fresh one");
  }
  graph_release_owned(view);
  view->origin = g;
  view->context = c;
  g->views++;
  c->views++;
  return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Mappings                                                                                     */
/* ------------------------------------------------------------------------------------------ */

SCOTCH_API int SCOTCH_mapSizeof(void) { return (int) sizeof(SCOTCH_Mapping); }
SCOTCH_API SCOTCH_Mapping *SCOTCH_mapAlloc(void) { return malloc(sizeof(SCOTCH_Mapping)); }

SCOTCH_API int SCOTCH_graphMapInit(const SCOTCH_Graph *grafptr, SCOTCH_Mapping *mappptr,
                                   const SCOTCH_Arch *archptr, SCOTCH_Num *parttab) {
  const char *fn = "SCOTCH_graphMapInit";
  MapW *m;
  int code;
  GRAPH_OF(fn, grafptr, 1);
  ARCH_OF(a, fn, archptr, 1);
  if (mappptr == NULL) return layer_failed(fn, "NULL mapping");
  m = calloc(1, sizeof *m);
  if (m == NULL) return layer_failed(fn, "out of memory");
  if (parttab == NULL) { /* SCOTCH then keeps its own array */
    SCOTCH_Num vertnbr = 0;
    TARTAN_graphSize(&g->graph, &vertnbr, NULL);
    m->owned = malloc((size_t) (vertnbr > 0 ? vertnbr : 1) * sizeof *m->owned);
    if (m->owned == NULL) {
      free(m);
      return layer_failed(fn, "out of memory");
    }
    for (SCOTCH_Num i = 0; i < vertnbr; ++i) m->owned[i] = -1;
    parttab = m->owned;
  }
  code = TARTAN_graphMapInit(&g->graph, &m->mapping, &a->arch, parttab);
  if (code != TARTAN_OK) {
    free(m->owned);
    free(m);
    return tartan_failed(fn, code);
  }
  m->magic = MAGIC_MAP;
  m->graph = g;
  m->arch = a;
  m->parttab = parttab;
  set_wrapper(mappptr, m, MAGIC_MAP);
  return 0;
}

SCOTCH_API void SCOTCH_graphMapExit(const SCOTCH_Graph *grafptr, SCOTCH_Mapping *mappptr) {
  MapW *m = (MapW *) wrapper_of(mappptr, MAGIC_MAP);
  (void) grafptr;
  if (m == NULL) return;
  TARTAN_graphMapExit(&m->graph->graph, &m->mapping);
  free(m->owned);
  m->magic = 0;
  free(m);
  set_wrapper(mappptr, NULL, MAGIC_MAP);
}

/* The mapping *mappptr of graph *grafptr, or NULL (printed). */
static MapW *mapping_of(const char *fn, const SCOTCH_Graph *grafptr, const SCOTCH_Mapping *mappptr) {
  GraphW *g = graph_data(fn, grafptr);
  MapW *m = (MapW *) wrapper_of(mappptr, MAGIC_MAP);
  if (g == NULL) return NULL;
  if (m == NULL) layer_failed(fn, "mapping not initialised (SCOTCH_graphMapInit) or exited");
  else if (m->graph != g) layer_failed(fn, "the mapping was initialised with another graph");
  else return m;
  return NULL;
}

SCOTCH_API int SCOTCH_graphMapLoad(const SCOTCH_Graph *grafptr, const SCOTCH_Mapping *mappptr,
                                   FILE *stream) {
  MapW *m = mapping_of("SCOTCH_graphMapLoad", grafptr, mappptr);
  if (m == NULL) return 1;
  CHECK("SCOTCH_graphMapLoad", TARTAN_graphMapLoad(&m->graph->graph, &m->mapping, stream));
  return 0;
}

SCOTCH_API int SCOTCH_graphMapSave(const SCOTCH_Graph *grafptr, const SCOTCH_Mapping *mappptr,
                                   FILE *stream) {
  MapW *m = mapping_of("SCOTCH_graphMapSave", grafptr, mappptr);
  if (m == NULL) return 1;
  CHECK("SCOTCH_graphMapSave", TARTAN_graphMapSave(&m->graph->graph, &m->mapping, stream));
  return 0;
}

SCOTCH_API int SCOTCH_graphMapView(const SCOTCH_Graph *grafptr, const SCOTCH_Mapping *mappptr,
                                   FILE *stream) {
  MapW *m = mapping_of("SCOTCH_graphMapView", grafptr, mappptr);
  if (m == NULL) return 1;
  CHECK("SCOTCH_graphMapView", TARTAN_graphMapView(&m->graph->graph, &m->mapping, stream));
  return 0;
}

static int copy_needs_old(const char *fn) {
  return layer_failed(fn, "a copy strategy (SCOTCH method 'c') needs an old mapping: use it "
                          "with the remapping functions");
}

static int map_compute(const char *fn, SCOTCH_Graph *grafptr, SCOTCH_Mapping *mappptr,
                       SCOTCH_Strat *straptr, int fixed) {
  TARTAN_Strat fallback, *strat;
  int copy, code;
  MapW *m = mapping_of(fn, grafptr, mappptr);
  if (m == NULL) return 1;
  if ((strat = seeded_strategy(fn, grafptr, straptr, &fallback, &copy)) == NULL) return 1;
  if (copy) return copy_needs_old(fn);
  code = fixed ? TARTAN_graphMapFixedCompute((TARTAN_Graph *) &m->graph->graph, &m->mapping, strat)
               : TARTAN_graphMapCompute((TARTAN_Graph *) &m->graph->graph, &m->mapping, strat);
  if (strat == &fallback) TARTAN_stratExit(&fallback);
  if (code != TARTAN_OK) return tartan_failed(fn, code);
  return 0;
}

SCOTCH_API int SCOTCH_graphMapCompute(SCOTCH_Graph *grafptr, SCOTCH_Mapping *mappptr,
                                      SCOTCH_Strat *straptr) {
  return map_compute("SCOTCH_graphMapCompute", grafptr, mappptr, straptr, 0);
}

SCOTCH_API int SCOTCH_graphMapFixedCompute(SCOTCH_Graph *grafptr, SCOTCH_Mapping *mappptr,
                                           SCOTCH_Strat *straptr) {
  return map_compute("SCOTCH_graphMapFixedCompute", grafptr, mappptr, straptr, 1);
}

/* Remapping of graph onto arch into parttab against parotab (TARTAN_graphRemap). */
static int remap(const char *fn, const SCOTCH_Graph *grafptr, TARTAN_Graph *graph,
                 const TARTAN_Arch *arch,
                 const SCOTCH_Num *parotab, double emraval, const SCOTCH_Num *vmlotab,
                 SCOTCH_Strat *straptr, SCOTCH_Num *parttab, int fixed) {
  TARTAN_Strat fallback, *strat;
  int copy, code;
  if ((strat = seeded_strategy(fn, grafptr, straptr, &fallback, &copy)) == NULL) return 1;
  code = fixed ? TARTAN_graphRemapFixed(graph, arch, strat, parotab, emraval, vmlotab, parttab)
               : TARTAN_graphRemap(graph, arch, strat, parotab, emraval, vmlotab, parttab);
  if (strat == &fallback) TARTAN_stratExit(&fallback);
  if (code != TARTAN_OK) return tartan_failed(fn, code);
  return 0;
}

static int remap_compute(const char *fn, SCOTCH_Graph *grafptr, SCOTCH_Mapping *mappptr,
                         SCOTCH_Mapping *mapoptr, double emraval, const SCOTCH_Num *vmlotab,
                         SCOTCH_Strat *straptr, int fixed) {
  MapW *m = mapping_of(fn, grafptr, mappptr), *o;
  if (m == NULL || (o = mapping_of(fn, grafptr, mapoptr)) == NULL) return 1;
  return remap(fn, grafptr, (TARTAN_Graph *) &m->graph->graph, &m->arch->arch, o->parttab, emraval,
               vmlotab, straptr, m->parttab, fixed);
}

SCOTCH_API int SCOTCH_graphRemapCompute(SCOTCH_Graph *grafptr, SCOTCH_Mapping *mappptr,
                                        SCOTCH_Mapping *mapoptr, double emraval,
                                        const SCOTCH_Num *vmlotab, SCOTCH_Strat *straptr) {
  return remap_compute("SCOTCH_graphRemapCompute", grafptr, mappptr, mapoptr, emraval, vmlotab,
                       straptr, 0);
}

SCOTCH_API int SCOTCH_graphRemapFixedCompute(SCOTCH_Graph *grafptr, SCOTCH_Mapping *mappptr,
                                             SCOTCH_Mapping *mapoptr, double emraval,
                                             const SCOTCH_Num *vmlotab, SCOTCH_Strat *straptr) {
  return remap_compute("SCOTCH_graphRemapFixedCompute", grafptr, mappptr, mapoptr, emraval,
                       vmlotab, straptr, 1);
}

static int map_direct(const char *fn, SCOTCH_Graph *grafptr, const TARTAN_Arch *arch,
                      SCOTCH_Strat *straptr, SCOTCH_Num *parttab, int fixed) {
  TARTAN_Strat fallback, *strat;
  int copy, code;
  GRAPH_OF(fn, grafptr, 1);
  if ((strat = seeded_strategy(fn, grafptr, straptr, &fallback, &copy)) == NULL) return 1;
  if (copy) return copy_needs_old(fn);
  code = fixed ? TARTAN_graphMapFixed(&g->graph, arch, strat, parttab)
               : TARTAN_graphMap(&g->graph, arch, strat, parttab);
  if (strat == &fallback) TARTAN_stratExit(&fallback);
  if (code != TARTAN_OK) return tartan_failed(fn, code);
  return 0;
}

SCOTCH_API int SCOTCH_graphMap(SCOTCH_Graph *grafptr, const SCOTCH_Arch *archptr,
                               SCOTCH_Strat *straptr, SCOTCH_Num *parttab) {
  ARCH_OF(a, "SCOTCH_graphMap", archptr, 1);
  return map_direct("SCOTCH_graphMap", grafptr, &a->arch, straptr, parttab, 0);
}

SCOTCH_API int SCOTCH_graphMapFixed(SCOTCH_Graph *grafptr, const SCOTCH_Arch *archptr,
                                    SCOTCH_Strat *straptr, SCOTCH_Num *parttab) {
  ARCH_OF(a, "SCOTCH_graphMapFixed", archptr, 1);
  return map_direct("SCOTCH_graphMapFixed", grafptr, &a->arch, straptr, parttab, 1);
}

SCOTCH_API int SCOTCH_graphRemap(SCOTCH_Graph *grafptr, const SCOTCH_Arch *archptr,
                                 SCOTCH_Num *parotab, double emraval, const SCOTCH_Num *vmlotab,
                                 SCOTCH_Strat *straptr, SCOTCH_Num *parttab) {
  ARCH_OF(a, "SCOTCH_graphRemap", archptr, 1);
  GRAPH_OF("SCOTCH_graphRemap", grafptr, 1);
  return remap("SCOTCH_graphRemap", grafptr, &g->graph, &a->arch, parotab, emraval, vmlotab, straptr,
               parttab, 0);
}

SCOTCH_API int SCOTCH_graphRemapFixed(SCOTCH_Graph *grafptr, const SCOTCH_Arch *archptr,
                                      SCOTCH_Num *parotab, double emraval,
                                      const SCOTCH_Num *vmlotab, SCOTCH_Strat *straptr,
                                      SCOTCH_Num *parttab) {
  ARCH_OF(a, "SCOTCH_graphRemapFixed", archptr, 1);
  GRAPH_OF("SCOTCH_graphRemapFixed", grafptr, 1);
  return remap("SCOTCH_graphRemapFixed", grafptr, &g->graph, &a->arch, parotab, emraval, vmlotab,
               straptr, parttab, 1);
}

/* Partitioning is mapping onto the complete graph of partnbr terminals (SCOTCH's manual). */
static int part(const char *fn, SCOTCH_Graph *grafptr, SCOTCH_Num partnbr, SCOTCH_Num *parotab,
                double emraval, const SCOTCH_Num *vmlotab, SCOTCH_Strat *straptr,
                SCOTCH_Num *parttab, int fixed, int repart) {
  TARTAN_Arch arch;
  int code;
  GRAPH_OF(fn, grafptr, 1);
  if (TARTAN_archInit(&arch) != TARTAN_OK) return tartan_failed(fn, TARTAN_EINTERNAL);
  code = TARTAN_archCmplt(&arch, partnbr);
  if (code != TARTAN_OK) {
    TARTAN_archExit(&arch);
    return tartan_failed(fn, code);
  }
  code = repart ? remap(fn, grafptr, &g->graph, &arch, parotab, emraval, vmlotab, straptr, parttab, fixed)
                : map_direct(fn, grafptr, &arch, straptr, parttab, fixed);
  TARTAN_archExit(&arch);
  return code;
}

SCOTCH_API int SCOTCH_graphPart(SCOTCH_Graph *grafptr, SCOTCH_Num partnbr, SCOTCH_Strat *straptr,
                                SCOTCH_Num *parttab) {
  return part("SCOTCH_graphPart", grafptr, partnbr, NULL, 0.0, NULL, straptr, parttab, 0, 0);
}

SCOTCH_API int SCOTCH_graphPartFixed(SCOTCH_Graph *grafptr, SCOTCH_Num partnbr,
                                     SCOTCH_Strat *straptr, SCOTCH_Num *parttab) {
  return part("SCOTCH_graphPartFixed", grafptr, partnbr, NULL, 0.0, NULL, straptr, parttab, 1, 0);
}

SCOTCH_API int SCOTCH_graphRepart(SCOTCH_Graph *grafptr, SCOTCH_Num partnbr, SCOTCH_Num *parotab,
                                  double emraval, const SCOTCH_Num *vmlotab,
                                  SCOTCH_Strat *straptr, SCOTCH_Num *parttab) {
  return part("SCOTCH_graphRepart", grafptr, partnbr, parotab, emraval, vmlotab, straptr,
              parttab, 0, 1);
}

SCOTCH_API int SCOTCH_graphRepartFixed(SCOTCH_Graph *grafptr, SCOTCH_Num partnbr,
                                       SCOTCH_Num *parotab, double emraval,
                                       const SCOTCH_Num *vmlotab, SCOTCH_Strat *straptr,
                                       SCOTCH_Num *parttab) {
  return part("SCOTCH_graphRepartFixed", grafptr, partnbr, parotab, emraval, vmlotab, straptr,
              parttab, 1, 1);
}

/* k-way partitioning with overlap, from an edge partition: every cut edge gets one end in the
 * separator (-1), the end on the heavier part side, unless one end already is. A separator
 * vertex belongs to the parts of its neighbours, as in SCOTCH's definition; the parts keep
 * their own vertices. */
SCOTCH_API int SCOTCH_graphPartOvl(SCOTCH_Graph *grafptr, SCOTCH_Num partnbr,
                                   SCOTCH_Strat *straptr, SCOTCH_Num *parttab) {
  const char *fn = "SCOTCH_graphPartOvl";
  SCOTCH_Num baseval, vertnbr, *vert, *vend, *velo, *edge, *load, *part0;
  GRAPH_OF(fn, grafptr, 1);
  if (parttab == NULL) return layer_failed(fn, "NULL parttab");
  if (part(fn, grafptr, partnbr, NULL, 0.0, NULL, straptr, parttab, 0, 0) != 0) return 1;
  TARTAN_graphData(&g->graph, &baseval, &vertnbr, &vert, &vend, &velo, NULL, NULL, &edge, NULL);
  load = calloc((size_t) partnbr, sizeof *load);
  part0 = malloc((size_t) (vertnbr > 0 ? vertnbr : 1) * sizeof *part0);
  if (load == NULL || part0 == NULL) {
    free(load);
    free(part0);
    return layer_failed(fn, "out of memory");
  }
  for (SCOTCH_Num v = 0; v < vertnbr; ++v) {
    part0[v] = parttab[v];
    load[parttab[v]] += velo != NULL ? velo[v] : 1;
  }
  for (SCOTCH_Num v = 0; v < vertnbr; ++v) {
    for (SCOTCH_Num e = vert[v] - baseval; e < vend[v] - baseval && parttab[v] != -1; ++e) {
      SCOTCH_Num w = edge[e] - baseval;
      if (parttab[w] == -1 || part0[w] == part0[v]) continue;
      if (load[part0[v]] >= load[part0[w]]) {
        parttab[v] = -1;
        load[part0[v]] -= velo != NULL ? velo[v] : 1;
      } else {
        parttab[w] = -1;
        load[part0[w]] -= velo != NULL ? velo[w] : 1;
      }
    }
  }
  free(load);
  free(part0);
  return 0;
}

/* Part arrays as text: the vertex count, then "label part" per vertex (SCOTCH's .map layout);
 * labels are the graph's vertex labels, or based vertex numbers without them. */
SCOTCH_API int SCOTCH_graphTabSave(const SCOTCH_Graph *grafptr, const SCOTCH_Num *parttab,
                                   FILE *stream) {
  const char *fn = "SCOTCH_graphTabSave";
  SCOTCH_Num baseval, vertnbr, *vlbl;
  GRAPH_OF(fn, grafptr, 1);
  if (parttab == NULL || stream == NULL) return layer_failed(fn, "NULL parttab or stream");
  TARTAN_graphData(&g->graph, &baseval, &vertnbr, NULL, NULL, NULL, &vlbl, NULL, NULL, NULL);
  if (fprintf(stream, "%lld\n", (long long) vertnbr) < 0) goto bad;
  for (SCOTCH_Num v = 0; v < vertnbr; ++v)
    if (fprintf(stream, "%lld\t%lld\n", (long long) (vlbl != NULL ? vlbl[v] : v + baseval),
                (long long) parttab[v]) < 0)
      goto bad;
  return 0;
bad:
  return layer_failed(fn, "cannot write the part array");
}

SCOTCH_API int SCOTCH_graphTabLoad(const SCOTCH_Graph *grafptr, SCOTCH_Num *parttab,
                                   FILE *stream) {
  const char *fn = "SCOTCH_graphTabLoad";
  TARTAN_Arch arch;
  TARTAN_Mapping mapping;
  SCOTCH_Num vertnbr = 0;
  int code;
  GRAPH_OF(fn, grafptr, 1);
  if (parttab == NULL || stream == NULL) return layer_failed(fn, "NULL parttab or stream");
  /* The .map reader of a mapping onto a target as large as the numbers allow: any part
   * number >= 0 is kept; vertices not listed get -1, as SCOTCH does. */
  TARTAN_graphSize(&g->graph, &vertnbr, NULL);
  for (SCOTCH_Num v = 0; v < vertnbr; ++v) parttab[v] = -1;
  if (TARTAN_archInit(&arch) != TARTAN_OK) return tartan_failed(fn, TARTAN_EINTERNAL);
  code = TARTAN_archCmplt(&arch, TARTAN_NUMMAX);
  if (code == TARTAN_OK) code = TARTAN_graphMapInit(&g->graph, &mapping, &arch, parttab);
  if (code == TARTAN_OK) {
    code = TARTAN_graphMapLoad(&g->graph, &mapping, stream);
    TARTAN_graphMapExit(&g->graph, &mapping);
  }
  TARTAN_archExit(&arch);
  if (code != TARTAN_OK) return tartan_failed(fn, code);
  return 0;
}
