/* Shared helpers of the fuzz harnesses (tests/fuzz/README). Each harness defines
 * LLVMFuzzerTestOneInput and drives the library only through the public header, so that it
 * survives any rewrite of the internals. */
#ifndef TARTAN_FUZZ_SUPPORT_H
#define TARTAN_FUZZ_SUPPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tartan.h>

#ifdef __cplusplus
extern "C"
#endif
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A read-only stream over the input (fmemopen refuses a zero size on some C libraries: an
 * empty input reads an empty temporary file). NULL if no stream. */
static inline FILE *fuzz_stream(const uint8_t *data, size_t size) {
  if (size == 0) return tmpfile();
  return fmemopen((void *) data, size, "r");
}

/* The input as a NUL-terminated string (malloc'd; the caller frees it). */
static inline char *fuzz_string(const uint8_t *data, size_t size) {
  char *text = (char *) malloc(size + 1);
  if (text == NULL) return NULL;
  memcpy(text, data, size);
  text[size] = '\0';
  return text;
}

/* A 4 x 4 grid in compact CSR arrays (base 0), which a graph built on them borrows: keep the
 * structure alive as long as the graph. */
typedef struct {
  TARTAN_Num verttab[17], edgetab[48], edgenbr;
} FuzzGrid;

static inline void fuzz_grid(FuzzGrid *grid) {
  grid->edgenbr = 0;
  for (TARTAN_Num v = 0; v < 16; ++v) {
    const TARTAN_Num x = v % 4, y = v / 4;
    grid->verttab[v] = grid->edgenbr;
    if (y > 0) grid->edgetab[grid->edgenbr++] = v - 4;
    if (x > 0) grid->edgetab[grid->edgenbr++] = v - 1;
    if (x < 3) grid->edgetab[grid->edgenbr++] = v + 1;
    if (y < 3) grid->edgetab[grid->edgenbr++] = v + 4;
  }
  grid->verttab[16] = grid->edgenbr;
}

/* A sink that discards what is written. */
static inline FILE *fuzz_sink(void) { return fopen("/dev/null", "w"); }

/* The harnesses stop the run (a crash the fuzzer reports) when the library breaks a promise
 * its header makes, e.g. a mapping outside the target. */
#define FUZZ_ASSERT(condition)                                                               \
  do {                                                                                       \
    if (!(condition)) {                                                                      \
      fprintf(stderr, "%s:%d: broken promise: %s (%s)\n", __FILE__, __LINE__, #condition,    \
              TARTAN_errorMessage());                                                        \
      abort();                                                                               \
    }                                                                                        \
  } while (0)

/* Every code the library returns must be 0 or one of the table's, never TARTAN_EINTERNAL
 * (a bug by definition), and an error must come with a message. */
#define FUZZ_CODE(code)                                                                      \
  FUZZ_ASSERT((code) <= TARTAN_OK && (code) > TARTAN_EINTERNAL &&                            \
              ((code) == TARTAN_OK || TARTAN_errorMessage()[0] != '\0'))

#endif
