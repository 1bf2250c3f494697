/* Target architectures through the public API: constructors, names, sizes, all-pairs terminal
 * distances against the definitions (and on the shared data set's targets), load/save round
 * trips, recursive bipartition, sub targets, domain functions and handle misuse. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tartan.h"
#include "test_support.h"

#define ASSERT_OK(call) CU_ASSERT_EQUAL_FATAL((call), TARTAN_OK)

static int message_has(const char *fragment) {
  return strstr(TARTAN_errorMessage(), fragment) != NULL;
}

/* ---- reference distances, derived from the definitions -------------------------------- */
enum { KIND_COMPLETE, KIND_HYPERCUBE, KIND_MESH, KIND_TORUS };
typedef struct {
  int kind;
  int dimnbr;
  TARTAN_Num dims[8];
} Reference;

static TARTAN_Num reference_distance(const Reference *ref, TARTAN_Num a, TARTAN_Num b) {
  TARTAN_Num total = 0;
  int d;
  switch (ref->kind) {
    case KIND_COMPLETE:
      return a == b ? 0 : 1;
    case KIND_HYPERCUBE:
      for (; a != 0 || b != 0; a >>= 1, b >>= 1) total += (a & 1) != (b & 1);
      return total;
    default:
      for (d = 0; d < ref->dimnbr; d++) {
        TARTAN_Num gap = a % ref->dims[d] - b % ref->dims[d];
        if (gap < 0) gap = -gap;
        if (ref->kind == KIND_TORUS && ref->dims[d] - gap < gap) gap = ref->dims[d] - gap;
        total += gap;
        a /= ref->dims[d];
        b /= ref->dims[d];
      }
      return total;
  }
}

/* All pairs of terminal domains of arch against ref. */
static void check_all_pairs(TARTAN_Arch *arch, const Reference *ref) {
  TARTAN_Num size = TARTAN_archSize(arch), a, b;
  TARTAN_ArchDom doma, domb;
  int wrong = 0;
  for (a = 0; a < size; a++) {
    ASSERT_OK(TARTAN_archDomTerm(arch, &doma, a));
    CU_ASSERT_EQUAL(TARTAN_archDomNum(arch, &doma), a);
    CU_ASSERT_EQUAL(TARTAN_archDomSize(arch, &doma), 1);
    for (b = 0; b < size; b++) {
      ASSERT_OK(TARTAN_archDomTerm(arch, &domb, b));
      if (TARTAN_archDomDist(arch, &doma, &domb) != reference_distance(ref, a, b)) wrong++;
    }
  }
  CU_ASSERT_EQUAL(wrong, 0);
}

/* Recursive bipartition: marks each terminal reached; returns the number of domains. */
static long walk(TARTAN_Arch *arch, const TARTAN_ArchDom *dom, char *seen, int *bad) {
  TARTAN_ArchDom part0, part1;
  TARTAN_Num size = TARTAN_archDomSize(arch, dom);
  int status = TARTAN_archDomBipart(arch, dom, &part0, &part1);
  if (size < 1) (*bad)++;
  if (status == 1) {
    TARTAN_Num terminal = TARTAN_archDomNum(arch, dom);
    if (size != 1 || terminal < 0 || terminal >= TARTAN_archSize(arch) || seen[terminal]) {
      (*bad)++;
    } else {
      seen[terminal] = 1;
    }
    return 1;
  }
  if (status != 0) {
    (*bad)++;
    return 1;
  }
  if (TARTAN_archDomSize(arch, &part0) + TARTAN_archDomSize(arch, &part1) != size) (*bad)++;
  if (TARTAN_archDomWght(arch, &part0) + TARTAN_archDomWght(arch, &part1) !=
      TARTAN_archDomWght(arch, dom))
    (*bad)++;
  return 1 + walk(arch, &part0, seen, bad) + walk(arch, &part1, seen, bad);
}

static void check_bipartition(TARTAN_Arch *arch) {
  TARTAN_Num size = TARTAN_archSize(arch), t;
  TARTAN_ArchDom first;
  char *seen = calloc((size_t) size, 1);
  int bad = 0;
  CU_ASSERT_PTR_NOT_NULL_FATAL(seen);
  ASSERT_OK(TARTAN_archDomFrst(arch, &first));
  CU_ASSERT_EQUAL(TARTAN_archDomSize(arch, &first), size);
  CU_ASSERT_EQUAL(walk(arch, &first, seen, &bad), 2 * (long) size - 1);
  CU_ASSERT_EQUAL(bad, 0);
  for (t = 0; t < size; t++) CU_ASSERT_EQUAL(seen[t], 1);
  free(seen);
}

/* Saves arch to a temporary stream and loads it back: same name, size, distances. */
static void check_round_trip(TARTAN_Arch *arch) {
  FILE *stream = tmpfile();
  TARTAN_Arch again;
  TARTAN_Num size = TARTAN_archSize(arch), a, b;
  TARTAN_ArchDom doma, domb;
  CU_ASSERT_PTR_NOT_NULL_FATAL(stream);
  ASSERT_OK(TARTAN_archSave(arch, stream));
  rewind(stream);
  ASSERT_OK(TARTAN_archInit(&again));
  ASSERT_OK(TARTAN_archLoad(&again, stream));
  CU_ASSERT_STRING_EQUAL(TARTAN_archName(&again), TARTAN_archName(arch));
  CU_ASSERT_EQUAL(TARTAN_archSize(&again), size);
  for (a = 0; a < size && a < 32; a++)
    for (b = 0; b < size && b < 32; b++) {
      TARTAN_Num expected;
      ASSERT_OK(TARTAN_archDomTerm(arch, &doma, a));
      ASSERT_OK(TARTAN_archDomTerm(arch, &domb, b));
      expected = TARTAN_archDomDist(arch, &doma, &domb);
      ASSERT_OK(TARTAN_archDomTerm(&again, &doma, a));
      ASSERT_OK(TARTAN_archDomTerm(&again, &domb, b));
      CU_ASSERT_EQUAL(TARTAN_archDomDist(&again, &doma, &domb), expected);
    }
  TARTAN_archExit(&again);
  fclose(stream);
}

static void check_kind(TARTAN_Arch *arch, const char *name, TARTAN_Num size, const Reference *ref) {
  CU_ASSERT_STRING_EQUAL(TARTAN_archName(arch), name);
  CU_ASSERT_EQUAL(TARTAN_archSize(arch), size);
  CU_ASSERT_EQUAL(TARTAN_archVar(arch), 0);
  if (ref != NULL) check_all_pairs(arch, ref);
  check_bipartition(arch);
  check_round_trip(arch);
}

/* ---- constructors of every kind ------------------------------------------------------- */
static void test_constructors(void) {
  TARTAN_Arch arch;
  TARTAN_Num weights[5] = {1, 2, 3, 4, 5};
  TARTAN_Num dims[4] = {3, 2, 4, 2};
  Reference complete = {KIND_COMPLETE, 0, {0}};
  Reference cube = {KIND_HYPERCUBE, 0, {0}};
  Reference mesh2 = {KIND_MESH, 2, {4, 3}}, mesh3 = {KIND_MESH, 3, {2, 3, 4}};
  Reference meshx = {KIND_MESH, 4, {3, 2, 4, 2}}, torusx = {KIND_TORUS, 4, {3, 2, 4, 2}};
  Reference torus2 = {KIND_TORUS, 2, {5, 4}}, torus3 = {KIND_TORUS, 3, {3, 4, 5}};
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archCmplt(&arch, 7));
  check_kind(&arch, "cmplt", 7, &complete);
  ASSERT_OK(TARTAN_archCmpltw(&arch, 5, weights));
  check_kind(&arch, "cmpltw", 5, &complete);
  {
    TARTAN_ArchDom dom;
    ASSERT_OK(TARTAN_archDomFrst(&arch, &dom));
    CU_ASSERT_EQUAL(TARTAN_archDomWght(&arch, &dom), 15);
    ASSERT_OK(TARTAN_archDomTerm(&arch, &dom, 3));
    CU_ASSERT_EQUAL(TARTAN_archDomWght(&arch, &dom), 4);
  }
  ASSERT_OK(TARTAN_archHcub(&arch, 4));
  check_kind(&arch, "hcub", 16, &cube);
  ASSERT_OK(TARTAN_archMesh2(&arch, 4, 3));
  check_kind(&arch, "mesh2D", 12, &mesh2);
  ASSERT_OK(TARTAN_archMesh3(&arch, 2, 3, 4));
  check_kind(&arch, "mesh3D", 24, &mesh3);
  ASSERT_OK(TARTAN_archMeshX(&arch, 4, dims));
  check_kind(&arch, "meshXD", 48, &meshx);
  ASSERT_OK(TARTAN_archTorus2(&arch, 5, 4));
  check_kind(&arch, "torus2D", 20, &torus2);
  ASSERT_OK(TARTAN_archTorus3(&arch, 3, 4, 5));
  check_kind(&arch, "torus3D", 60, &torus3);
  ASSERT_OK(TARTAN_archTorusX(&arch, 4, dims));
  check_kind(&arch, "torusXD", 48, &torusx);
  TARTAN_archExit(&arch);
}

static void test_meshx_does_not_wrap(void) {
  TARTAN_Arch arch;
  TARTAN_Num dims[2] = {8, 8};
  TARTAN_ArchDom a, b;
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archMeshX(&arch, 2, dims));
  ASSERT_OK(TARTAN_archDomTerm(&arch, &a, 0));
  ASSERT_OK(TARTAN_archDomTerm(&arch, &b, 7));
  CU_ASSERT_EQUAL(TARTAN_archDomDist(&arch, &a, &b), 7); /* SCOTCH 7 says 1 */
  TARTAN_archExit(&arch);
}

static void test_tleaf(void) {
  TARTAN_Arch arch;
  TARTAN_Num sizes[3] = {4, 2, 4}, links[3] = {100, 10, 1};
  TARTAN_Num perm[8] = {0, 2, 4, 6, 1, 3, 5, 7};
  TARTAN_ArchDom a, b;
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archTleaf(&arch, 3, sizes, links));
  check_kind(&arch, "tleaf", 32, NULL);
  ASSERT_OK(TARTAN_archDomTerm(&arch, &a, 0));
  ASSERT_OK(TARTAN_archDomTerm(&arch, &b, 1));
  CU_ASSERT_EQUAL(TARTAN_archDomDist(&arch, &a, &b), 1);
  ASSERT_OK(TARTAN_archDomTerm(&arch, &b, 4));
  CU_ASSERT_EQUAL(TARTAN_archDomDist(&arch, &a, &b), 11);
  ASSERT_OK(TARTAN_archDomTerm(&arch, &b, 31));
  CU_ASSERT_EQUAL(TARTAN_archDomDist(&arch, &a, &b), 111);
  ASSERT_OK(TARTAN_archLtleaf(&arch, 3, sizes, links, 8, perm));
  check_kind(&arch, "ltleaf", 32, NULL);
  ASSERT_OK(TARTAN_archDomTerm(&arch, &b, 1));
  CU_ASSERT_EQUAL(TARTAN_archDomDist(&arch, &a, &b), 11); /* terminal 1: the other socket */
  ASSERT_OK(TARTAN_archDomTerm(&arch, &b, 6));
  CU_ASSERT_EQUAL(TARTAN_archDomDist(&arch, &a, &b), 1);
  TARTAN_archExit(&arch);
}

static void test_variable(void) {
  TARTAN_Arch arch;
  TARTAN_ArchDom first, part0, part1;
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archVcmplt(&arch));
  CU_ASSERT_STRING_EQUAL(TARTAN_archName(&arch), "varcmplt");
  CU_ASSERT_EQUAL(TARTAN_archVar(&arch), 1);
  CU_ASSERT_EQUAL(TARTAN_archSize(&arch), 0);
  ASSERT_OK(TARTAN_archVhcub(&arch));
  CU_ASSERT_STRING_EQUAL(TARTAN_archName(&arch), "varhcub");
  CU_ASSERT_EQUAL(TARTAN_archVar(&arch), 1);
  ASSERT_OK(TARTAN_archDomFrst(&arch, &first));
  CU_ASSERT_EQUAL(TARTAN_archDomBipart(&arch, &first, &part0, &part1), 0);
  CU_ASSERT_EQUAL(TARTAN_archDomNum(&arch, &part0), 2);
  CU_ASSERT_EQUAL(TARTAN_archDomNum(&arch, &part1), 3);
  CU_ASSERT_EQUAL(TARTAN_archDomWght(&arch, &part1), 1);
  CU_ASSERT_EQUAL(TARTAN_archDomDist(&arch, &part0, &part1), 1);
  CU_ASSERT_EQUAL(TARTAN_archDomTerm(&arch, &part0, 0), TARTAN_EINVAL);
  TARTAN_archExit(&arch);
}

/* ---- sub targets ----------------------------------------------------------------------- */
static void test_sub_of_torus(void) {
  TARTAN_Arch torus, sub, subsub;
  TARTAN_Num listed[7] = {35, 0, 7, 14, 21, 28, 3};
  TARTAN_Num inner[3] = {6, 0, 2};
  Reference ref = {KIND_TORUS, 2, {6, 6}};
  TARTAN_ArchDom a, b;
  TARTAN_Num i, j;
  ASSERT_OK(TARTAN_archInit(&torus));
  ASSERT_OK(TARTAN_archInit(&sub));
  ASSERT_OK(TARTAN_archInit(&subsub));
  ASSERT_OK(TARTAN_archTorus2(&torus, 6, 6));
  ASSERT_OK(TARTAN_archSub(&sub, &torus, 7, listed));
  TARTAN_archExit(&torus); /* the sub keeps what it needs */
  CU_ASSERT_STRING_EQUAL(TARTAN_archName(&sub), "sub");
  CU_ASSERT_EQUAL(TARTAN_archSize(&sub), 7);
  for (i = 0; i < 7; i++)
    for (j = 0; j < 7; j++) {
      ASSERT_OK(TARTAN_archDomTerm(&sub, &a, i));
      ASSERT_OK(TARTAN_archDomTerm(&sub, &b, j));
      CU_ASSERT_EQUAL(TARTAN_archDomDist(&sub, &a, &b), reference_distance(&ref, listed[i], listed[j]));
    }
  check_bipartition(&sub);
  check_round_trip(&sub);
  ASSERT_OK(TARTAN_archSub(&subsub, &sub, 3, inner));
  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++) {
      ASSERT_OK(TARTAN_archDomTerm(&subsub, &a, i));
      ASSERT_OK(TARTAN_archDomTerm(&subsub, &b, j));
      CU_ASSERT_EQUAL(TARTAN_archDomDist(&subsub, &a, &b),
                      reference_distance(&ref, listed[inner[i]], listed[inner[j]]));
    }
  check_bipartition(&subsub);
  check_round_trip(&subsub);
  /* A sub may replace its own original. */
  ASSERT_OK(TARTAN_archSub(&sub, &sub, 3, inner));
  CU_ASSERT_EQUAL(TARTAN_archSize(&sub), 3);
  TARTAN_archExit(&sub);
  TARTAN_archExit(&subsub);
}

static void test_sub_errors(void) {
  TARTAN_Arch org, sub;
  TARTAN_Num repeated[3] = {0, 0, 1}, outside[2] = {0, 9};
  ASSERT_OK(TARTAN_archInit(&org));
  ASSERT_OK(TARTAN_archInit(&sub));
  CU_ASSERT_EQUAL(TARTAN_archSub(&sub, &org, 2, outside), TARTAN_EINVAL); /* empty original */
  CU_ASSERT(message_has("holds no target"));
  ASSERT_OK(TARTAN_archCmplt(&org, 4));
  CU_ASSERT_EQUAL(TARTAN_archSub(&sub, &org, 3, repeated), TARTAN_EINVAL);
  CU_ASSERT(message_has("both terminal 0"));
  CU_ASSERT_EQUAL(TARTAN_archSub(&sub, &org, 2, outside), TARTAN_EINVAL);
  CU_ASSERT(message_has("out of range"));
  CU_ASSERT_EQUAL(TARTAN_archSub(&sub, &org, 0, outside), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archSub(&sub, &org, 2, NULL), TARTAN_EINVAL);
  ASSERT_OK(TARTAN_archVcmplt(&org));
  CU_ASSERT_EQUAL(TARTAN_archSub(&sub, &org, 2, outside), TARTAN_EINVAL);
  CU_ASSERT(message_has("variable-sized"));
  TARTAN_archExit(&org);
  TARTAN_archExit(&sub);
}

/* ---- the shared data set's targets ------------------------------------------------------ */
static void test_shared_targets(void) {
  static const char *names[] = {"T3D_64.tgt", "h3.tgt",     "h8.tgt",   "k16.tgt",
                                "k256.tgt",   "m16x16.tgt", "m2x4x8.tgt", "m4x4.tgt",
                                "p64.tgt",    "t4x4x4.tgt", "void.tgt",  "vcmplt.tgt",
                                "vhcub.tgt"};
  size_t i;
  int found = 0;
  for (i = 0; i < sizeof names / sizeof names[0]; i++) {
    char shared_name[256], kind[32];
    const char *path;
    FILE *file;
    Reference ref;
    TARTAN_Arch arch;
    TARTAN_Num size = 1;
    int d;
    snprintf(shared_name, sizeof shared_name, "targets/%s", names[i]);
    path = shared_data_path(shared_name);
    if (path == NULL) continue;
    found++;
    ASSERT_OK(TARTAN_archInit(&arch));
    CU_ASSERT_EQUAL_FATAL(TARTAN_archLoadPath(&arch, path), TARTAN_OK);
    /* The reference reads the file its own way. */
    file = fopen(path, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    CU_ASSERT_EQUAL_FATAL(fscanf(file, "%31s", kind), 1);
    CU_ASSERT_STRING_EQUAL(TARTAN_archName(&arch), kind);
    memset(&ref, 0, sizeof ref);
    if (strcmp(kind, "varcmplt") == 0 || strcmp(kind, "varhcub") == 0) {
      CU_ASSERT_EQUAL(TARTAN_archVar(&arch), 1);
    } else {
      long value;
      if (strcmp(kind, "cmplt") == 0) {
        ref.kind = KIND_COMPLETE;
        CU_ASSERT_EQUAL(fscanf(file, "%ld", &value), 1);
        size = (TARTAN_Num) value;
      } else if (strcmp(kind, "hcub") == 0) {
        ref.kind = KIND_HYPERCUBE;
        CU_ASSERT_EQUAL(fscanf(file, "%ld", &value), 1);
        size = (TARTAN_Num) 1 << value;
      } else {
        ref.kind = strncmp(kind, "torus", 5) == 0 ? KIND_TORUS : KIND_MESH;
        ref.dimnbr = kind[strlen(kind) - 2] - '0';
        for (d = 0; d < ref.dimnbr; d++) {
          CU_ASSERT_EQUAL(fscanf(file, "%ld", &value), 1);
          ref.dims[d] = (TARTAN_Num) value;
          size *= ref.dims[d];
        }
      }
      CU_ASSERT_EQUAL(TARTAN_archSize(&arch), size);
      check_all_pairs(&arch, &ref);
      check_bipartition(&arch);
      check_round_trip(&arch);
    }
    fclose(file);
    TARTAN_archExit(&arch);
  }
  if (found == 0) {
    printf("\n  shared data set absent (TARTAN_SHARED_DATA): skipped ");
    CU_PASS("shared data absent");
  }
}

/* ---- load/save paths, gzip --------------------------------------------------------------- */
static void test_paths(void) {
  TARTAN_Arch arch, again;
  char path[64], gzpath[80];
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archInit(&again));
  snprintf(path, sizeof path, "test_arch_%ld.tgt", (long) time(NULL) ^ (long) clock());
  snprintf(gzpath, sizeof gzpath, "%s.gz", path);
  ASSERT_OK(TARTAN_archTorus3(&arch, 2, 3, 4));
  ASSERT_OK(TARTAN_archSavePath(&arch, path));
  ASSERT_OK(TARTAN_archLoadPath(&again, path));
  CU_ASSERT_STRING_EQUAL(TARTAN_archName(&again), "torus3D");
  CU_ASSERT_EQUAL(TARTAN_archSize(&again), 24);
  remove(path);
  if (TARTAN_archSavePath(&arch, gzpath) == TARTAN_OK) {
    ASSERT_OK(TARTAN_archHcub(&again, 2));
    ASSERT_OK(TARTAN_archLoadPath(&again, gzpath));
    CU_ASSERT_STRING_EQUAL(TARTAN_archName(&again), "torus3D");
    remove(gzpath);
  } else {
    CU_ASSERT(message_has("zlib") || message_has("gzip"));
  }
  CU_ASSERT_EQUAL(TARTAN_archLoadPath(&again, "/nonexistent/dir/x.tgt"), TARTAN_EIO);
  CU_ASSERT(message_has("x.tgt"));
  CU_ASSERT_EQUAL(TARTAN_archLoadPath(&again, NULL), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archSavePath(&arch, "/nonexistent/dir/x.tgt"), TARTAN_EIO);
  CU_ASSERT_EQUAL(TARTAN_archSavePath(&arch, NULL), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archLoad(&again, NULL), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archSave(&arch, NULL), TARTAN_EINVAL);
  TARTAN_archExit(&arch);
  TARTAN_archExit(&again);
}

/* Targets saved one after the other into a stream load back one by one (SCOTCH's archLoad
 * contract, which SCOTCH's test_scotch_arch relies on); a path holds one target only. */
static void test_load_one_by_one(void) {
  static const char text[] = "torus2D 3 4 varhcub\nsub 2 1 4 cmplt 5\nhcub 2 trailing";
  FILE *stream = fmemopen((void *) text, sizeof text - 1, "r");
  TARTAN_Arch arch;
  char path[64];
  CU_ASSERT_PTR_NOT_NULL_FATAL(stream);
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archLoad(&arch, stream));
  CU_ASSERT_STRING_EQUAL(TARTAN_archName(&arch), "torus2D");
  ASSERT_OK(TARTAN_archLoad(&arch, stream));
  CU_ASSERT_STRING_EQUAL(TARTAN_archName(&arch), "varhcub");
  ASSERT_OK(TARTAN_archLoad(&arch, stream));
  CU_ASSERT(strcmp(TARTAN_archName(&arch), "sub") == 0 && TARTAN_archSize(&arch) == 2);
  ASSERT_OK(TARTAN_archLoad(&arch, stream));
  CU_ASSERT_STRING_EQUAL(TARTAN_archName(&arch), "hcub");
  CU_ASSERT_EQUAL(TARTAN_archLoad(&arch, stream), TARTAN_EFORMAT); /* "trailing" */
  CU_ASSERT(message_has("unknown target kind"));
  CU_ASSERT_EQUAL(TARTAN_archLoad(&arch, stream), TARTAN_EFORMAT); /* end of the stream */
  fclose(stream);
  snprintf(path, sizeof path, "test_arch_two_%ld.tgt", (long) time(NULL) ^ (long) clock());
  stream = fopen(path, "w");
  CU_ASSERT_PTR_NOT_NULL_FATAL(stream);
  fputs("hcub 2\nhcub 3\n", stream);
  fclose(stream);
  CU_ASSERT_EQUAL(TARTAN_archLoadPath(&arch, path), TARTAN_EFORMAT);
  CU_ASSERT(message_has("after the end of the target description"));
  remove(path);
  TARTAN_archExit(&arch);
}

/* ---- constructors' bad arguments ------------------------------------------------------ */
static void test_constructor_errors(void) {
  TARTAN_Arch arch;
  TARTAN_Num zero[2] = {4, 0}, huge[3] = {4194304, 4194304, 4194304};
  TARTAN_Num links[2] = {1, 1}, perm[4] = {0, 1, 1, 2};
  ASSERT_OK(TARTAN_archInit(&arch));
  CU_ASSERT_EQUAL(TARTAN_archCmplt(&arch, 0), TARTAN_EINVAL);
  CU_ASSERT(message_has("TARTAN_archCmplt") && message_has("at least 1"));
  CU_ASSERT_EQUAL(TARTAN_archCmpltw(&arch, 2, zero), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archCmpltw(&arch, 2, NULL), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archHcub(&arch, -1), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archHcub(&arch, 200), TARTAN_EOVERFLOW);
  CU_ASSERT_EQUAL(TARTAN_archMesh2(&arch, 4, 0), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archMesh3(&arch, 4194304, 4194304, 4194304), TARTAN_EOVERFLOW);
  CU_ASSERT_EQUAL(TARTAN_archMeshX(&arch, 0, zero), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archMeshX(&arch, 3, huge), TARTAN_EOVERFLOW);
  CU_ASSERT_EQUAL(TARTAN_archTorus2(&arch, -4, 4), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archTorus3(&arch, 1, 0, 1), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archTorusX(&arch, 2, NULL), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archTleaf(&arch, 2, zero, links), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archTleaf(&arch, 0, zero, links), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archLtleaf(&arch, 1, huge, links, 4, perm), TARTAN_EINVAL);
  CU_ASSERT(message_has("permutation"));
  /* Nothing above replaced the (empty) target. */
  CU_ASSERT_EQUAL(TARTAN_archSize(&arch), -1);
  CU_ASSERT(message_has("holds no target"));
  TARTAN_archExit(&arch);
}

/* ---- domains and handle misuse ---------------------------------------------------------- */
static void test_domains(void) {
  TARTAN_Arch arch;
  TARTAN_ArchDom *dom = TARTAN_archDomAlloc(), part0, part1, garbage;
  CU_ASSERT_PTR_NOT_NULL_FATAL(dom);
  CU_ASSERT(TARTAN_archDomSizeof() >= (int) sizeof(TARTAN_ArchDom));
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archMesh2(&arch, 3, 1));
  ASSERT_OK(TARTAN_archDomFrst(&arch, dom));
  CU_ASSERT_EQUAL(TARTAN_archDomSize(&arch, dom), 3);
  CU_ASSERT_EQUAL(TARTAN_archDomBipart(&arch, dom, &part0, &part1), 0);
  CU_ASSERT_EQUAL(TARTAN_archDomSize(&arch, &part0), 2);
  CU_ASSERT_EQUAL(TARTAN_archDomNum(&arch, &part1), 2);
  CU_ASSERT_EQUAL(TARTAN_archDomDist(&arch, &part0, &part1), 2); /* centres 0.5 and 2 */
  CU_ASSERT_EQUAL(TARTAN_archDomBipart(&arch, &part1, &part0, dom), 1); /* terminal */
  /* Garbage domains are refused, never followed. */
  memset(&garbage, 0x7f, sizeof garbage);
  CU_ASSERT_EQUAL(TARTAN_archDomSize(&arch, &garbage), -1);
  CU_ASSERT(message_has("not a domain"));
  CU_ASSERT_EQUAL(TARTAN_archDomNum(&arch, &garbage), -1);
  garbage = part0; /* a real domain with junk in words the kind does not use */
  garbage.opaque_[20] = 3;
  CU_ASSERT_EQUAL(TARTAN_archDomSize(&arch, &garbage), -1);
  CU_ASSERT(message_has("dom is not a domain of this mesh2D target"));
  CU_ASSERT_EQUAL(TARTAN_archDomWght(&arch, &garbage), -1);
  CU_ASSERT_EQUAL(TARTAN_archDomDist(&arch, &part0, &garbage), -1);
  CU_ASSERT_EQUAL(TARTAN_archDomBipart(&arch, &garbage, &part0, &part1), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archDomTerm(&arch, &part0, 3), TARTAN_EINVAL);
  CU_ASSERT(message_has("out of range"));
  CU_ASSERT_EQUAL(TARTAN_archDomTerm(&arch, NULL, 0), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archDomFrst(&arch, NULL), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archDomSize(&arch, NULL), -1);
  CU_ASSERT_EQUAL(TARTAN_archDomBipart(&arch, &part1, NULL, &part0), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archDomDist(&arch, NULL, &part0), -1);
  TARTAN_archExit(&arch);
  free(dom);
}

static void test_handle_misuse(void) {
  TARTAN_Arch arch, *heap = TARTAN_archAlloc();
  TARTAN_ArchDom dom;
  CU_ASSERT_PTR_NOT_NULL_FATAL(heap);
  CU_ASSERT(TARTAN_archSizeof() >= (int) sizeof(TARTAN_Arch));
  memset(&arch, 0, sizeof arch);
  CU_ASSERT_EQUAL(TARTAN_archHcub(&arch, 2), TARTAN_EHANDLE);
  CU_ASSERT(message_has("not initialised"));
  CU_ASSERT_STRING_EQUAL(TARTAN_archName(&arch), "");
  CU_ASSERT_EQUAL(TARTAN_archVar(&arch), -1);
  CU_ASSERT_EQUAL(TARTAN_archInit(NULL), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archSize(NULL), -1);
  ASSERT_OK(TARTAN_archInit(heap));
  CU_ASSERT_EQUAL(TARTAN_archDomFrst(heap, &dom), TARTAN_EINVAL); /* empty */
  CU_ASSERT_EQUAL(TARTAN_archSave(heap, stdout), TARTAN_EINVAL);
  ASSERT_OK(TARTAN_archHcub(heap, 2));
  CU_ASSERT_EQUAL(TARTAN_archSize(heap), 4);
  TARTAN_archExit(heap);
  CU_ASSERT_EQUAL(TARTAN_archSize(heap), -1);
  CU_ASSERT(message_has("after its Exit"));
  CU_ASSERT_EQUAL(TARTAN_archDomFrst(heap, &dom), TARTAN_EHANDLE);
  TARTAN_archExit(heap); /* twice: harmless */
  TARTAN_archExit(NULL);
  free(heap);
}

/* ---- shapes (TARTAN_archShape) ----------------------------------------------------------- */
/* TARTAN_archGridTerm: coordinates to terminal numbers on meshes and tori, and its refusals. */
static void test_grid_term(void) {
  TARTAN_Arch torus, cmplt;
  TARTAN_Num coords[3] = {3, 2, 1}, outside[3] = {8, 0, 0}, term = -1;
  ASSERT_OK(TARTAN_archInit(&torus));
  ASSERT_OK(TARTAN_archInit(&cmplt));
  ASSERT_OK(TARTAN_archTorus3(&torus, 8, 8, 8));
  ASSERT_OK(TARTAN_archCmplt(&cmplt, 4));
  ASSERT_OK(TARTAN_archGridTerm(&torus, 3, coords, &term));
  CU_ASSERT_EQUAL(term, 3 + 8 * 2 + 64 * 1);
  term = -1;
  CU_ASSERT_EQUAL(TARTAN_archGridTerm(&torus, 3, outside, &term), TARTAN_EINVAL);
  CU_ASSERT(term == -1 && message_has("outside"));
  CU_ASSERT_EQUAL(TARTAN_archGridTerm(&torus, 2, coords, &term), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archGridTerm(&torus, 3, NULL, &term), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archGridTerm(&torus, 3, coords, NULL), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(TARTAN_archGridTerm(&cmplt, 2, coords, &term), TARTAN_ENOTSUP);
  TARTAN_archExit(&cmplt);
  TARTAN_archExit(&torus);
}

static void test_shape(void) {
  TARTAN_Arch arch, sub, subsub;
  TARTAN_Num sizes[3] = {2, 2, 3}, links[3] = {10, 5, 1}, perm[3] = {2, 0, 1};
  TARTAN_Num listed[3] = {63, 0, 5}, inner[2] = {2, 0};
  TARTAN_Num dimnbr = -1, nodenbr = -1, dimtab[8], placetab[12];
  int shape = -1;
  ASSERT_OK(TARTAN_archInit(&arch));
  ASSERT_OK(TARTAN_archInit(&sub));
  ASSERT_OK(TARTAN_archInit(&subsub));
  ASSERT_OK(TARTAN_archTorus3(&arch, 4, 4, 4));
  ASSERT_OK(TARTAN_archShape(&arch, &shape, &dimnbr, NULL, &nodenbr, NULL));
  CU_ASSERT(shape == TARTAN_ARCHSHAPE_TORUS && dimnbr == 3 && nodenbr == 64);
  ASSERT_OK(TARTAN_archSub(&sub, &arch, 3, listed));
  ASSERT_OK(TARTAN_archSub(&subsub, &sub, 2, inner));
  ASSERT_OK(TARTAN_archShape(&subsub, &shape, &dimnbr, dimtab, &nodenbr, placetab));
  CU_ASSERT(shape == TARTAN_ARCHSHAPE_TORUS && dimnbr == 3 && nodenbr == 64);
  CU_ASSERT(dimtab[0] == 4 && dimtab[1] == 4 && dimtab[2] == 4);
  CU_ASSERT(placetab[0] == 5 && placetab[1] == 63); /* where they sit in the whole torus */
  ASSERT_OK(TARTAN_archMesh2(&arch, 3, 2));
  ASSERT_OK(TARTAN_archShape(&arch, &shape, &dimnbr, dimtab, &nodenbr, placetab));
  CU_ASSERT(shape == TARTAN_ARCHSHAPE_MESH && dimnbr == 2 && dimtab[0] == 3 && dimtab[1] == 2);
  CU_ASSERT(placetab[5] == 5);
  ASSERT_OK(TARTAN_archHcub(&arch, 3));
  ASSERT_OK(TARTAN_archShape(&arch, &shape, &dimnbr, dimtab, &nodenbr, placetab));
  CU_ASSERT(shape == TARTAN_ARCHSHAPE_HCUB && dimnbr == 3 && nodenbr == 8 && dimtab[2] == 2);
  ASSERT_OK(TARTAN_archLtleaf(&arch, 3, sizes, links, 3, perm));
  ASSERT_OK(TARTAN_archShape(&arch, &shape, &dimnbr, dimtab, &nodenbr, placetab));
  CU_ASSERT(shape == TARTAN_ARCHSHAPE_TREE && dimnbr == 3 && nodenbr == 12);
  CU_ASSERT(dimtab[0] == 2 && dimtab[1] == 2 && dimtab[2] == 3);
  /* leaf i of a block is terminal perm[i]: terminal 2 is the block's first leaf */
  CU_ASSERT(placetab[2] == 0 && placetab[0] == 1 && placetab[1] == 2 && placetab[5] == 3);
  /* Network nodes: the ltleaf's 12 terminals at their leaves, then its 1 + 2 + 4 switches. */
  {
    TARTAN_Num netnodes = 0, netlinks = 0, nodeplaces[19];
    ASSERT_OK(TARTAN_archLinkCount(&arch, &netnodes, &netlinks));
    CU_ASSERT_EQUAL_FATAL(netnodes, 19);
    ASSERT_OK(TARTAN_archNodePlaces(&arch, nodeplaces));
    CU_ASSERT(nodeplaces[2] == 0 && nodeplaces[0] == 1 && nodeplaces[12] == 12 &&
              nodeplaces[18] == 18);
    /* A sub: its terminals, then the original's other nodes in their order. */
    ASSERT_OK(TARTAN_archMesh2(&sub, 3, 1));
    ASSERT_OK(TARTAN_archSub(&subsub, &sub, 2, inner)); /* terminals 2 and 0 of a 3 x 1 mesh */
    ASSERT_OK(TARTAN_archNodePlaces(&subsub, nodeplaces));
    CU_ASSERT(nodeplaces[0] == 2 && nodeplaces[1] == 0 && nodeplaces[2] == 1);
    CU_ASSERT_EQUAL(TARTAN_archNodePlaces(&arch, NULL), TARTAN_EINVAL);
    CU_ASSERT(message_has("placetab"));
  }
  ASSERT_OK(TARTAN_archCmplt(&arch, 5));
  ASSERT_OK(TARTAN_archShape(&arch, &shape, &dimnbr, dimtab, &nodenbr, placetab));
  CU_ASSERT(shape == TARTAN_ARCHSHAPE_NONE && dimnbr == 0 && nodenbr == 5 && placetab[4] == 4);
  ASSERT_OK(TARTAN_archVhcub(&arch));
  ASSERT_OK(TARTAN_archShape(&arch, &shape, &dimnbr, dimtab, &nodenbr, placetab));
  CU_ASSERT(shape == TARTAN_ARCHSHAPE_NONE && nodenbr == 0);
  CU_ASSERT_EQUAL(TARTAN_archNodePlaces(&arch, placetab), TARTAN_ENOTSUP); /* no links */
  CU_ASSERT_EQUAL(TARTAN_archShape(&arch, NULL, &dimnbr, NULL, &nodenbr, NULL), TARTAN_EINVAL);
  CU_ASSERT(message_has("shapeptr"));
  TARTAN_archExit(&arch);
  CU_ASSERT_EQUAL(TARTAN_archShape(&arch, &shape, &dimnbr, NULL, &nodenbr, NULL), TARTAN_EHANDLE);
  ASSERT_OK(TARTAN_archInit(&arch));
  CU_ASSERT_EQUAL(TARTAN_archShape(&arch, &shape, &dimnbr, NULL, &nodenbr, NULL), TARTAN_EINVAL);
  CU_ASSERT(message_has("holds no target"));
  TARTAN_archExit(&arch);
  TARTAN_archExit(&sub);
  TARTAN_archExit(&subsub);
}

int main(void) {
  CU_pSuite suite;
  if (CU_initialize_registry() != CUE_SUCCESS) return 1;
  suite = CU_add_suite("arch", NULL, NULL);
  CU_add_test(suite, "constructors of every kind", test_constructors);
  CU_add_test(suite, "meshXD does not wrap", test_meshx_does_not_wrap);
  CU_add_test(suite, "tleaf and ltleaf", test_tleaf);
  CU_add_test(suite, "variable-sized kinds", test_variable);
  CU_add_test(suite, "targets of a stream load one by one", test_load_one_by_one);
  CU_add_test(suite, "sub of a torus, sub of sub", test_sub_of_torus);
  CU_add_test(suite, "sub errors", test_sub_errors);
  CU_add_test(suite, "shared data targets", test_shared_targets);
  CU_add_test(suite, "load and save paths", test_paths);
  CU_add_test(suite, "constructor errors", test_constructor_errors);
  CU_add_test(suite, "domains", test_domains);
  CU_add_test(suite, "handle misuse", test_handle_misuse);
  CU_add_test(suite, "shapes", test_shape);
  CU_add_test(suite, "grid coordinates", test_grid_term);
  return run_registered_suites();
}
