/* The bad-target catalogue (tests/data/bad_targets/MANIFEST): every file is refused by
 * TARTAN_archLoadPath with the listed code and a message containing the listed text, the
 * handle keeps its previous target, and nothing crashes. */
#include <stdio.h>
#include <string.h>

#include "tartan.h"
#include "test_support.h"

static int code_of(const char *name) {
  if (strcmp(name, "EINVAL") == 0) return TARTAN_EINVAL;
  if (strcmp(name, "EFORMAT") == 0) return TARTAN_EFORMAT;
  if (strcmp(name, "EOVERFLOW") == 0) return TARTAN_EOVERFLOW;
  if (strcmp(name, "EIO") == 0) return TARTAN_EIO;
  return 1; /* unknown name: never matches */
}

static void test_catalogue(void) {
  char manifest_path[4096], line[1024];
  FILE *manifest;
  int checked = 0;
  TARTAN_Arch arch;
  snprintf(manifest_path, sizeof manifest_path, "%s", test_data_path("bad_targets/MANIFEST"));
  manifest = fopen(manifest_path, "r");
  CU_ASSERT_PTR_NOT_NULL_FATAL(manifest);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archInit(&arch), TARTAN_OK);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archHcub(&arch, 3), TARTAN_OK);
  while (fgets(line, sizeof line, manifest) != NULL) {
    char file[256], code[32], name[300];
    int offset = 0, result;
    const char *fragment;
    if (line[0] == '#' || sscanf(line, "%255s %31s %n", file, code, &offset) < 2) continue;
    fragment = line + offset;
    line[strcspn(line, "\n")] = '\0';
    snprintf(name, sizeof name, "bad_targets/%s", file);
    result = TARTAN_archLoadPath(&arch, test_data_path(name));
    if (result != code_of(code) || strstr(TARTAN_errorMessage(), fragment) == NULL ||
        strstr(TARTAN_errorMessage(), file) == NULL) {
      printf("\n  %s: expected %s '%s', got %d '%s'", file, code, fragment, result,
             TARTAN_errorMessage());
      CU_FAIL("bad target not refused as catalogued");
    }
    CU_ASSERT_STRING_EQUAL(TARTAN_archName(&arch), "hcub"); /* previous target kept */
    checked++;
  }
  CU_ASSERT(checked >= 40);
  fclose(manifest);
  TARTAN_archExit(&arch);
}

/* The same texts through TARTAN_archLoad on a stream. */
static void test_stream(void) {
  TARTAN_Arch arch;
  FILE *stream = tmpfile();
  CU_ASSERT_PTR_NOT_NULL_FATAL(stream);
  CU_ASSERT_EQUAL_FATAL(TARTAN_archInit(&arch), TARTAN_OK);
  fputs("sub 3 0 0 1 cmplt 4\n", stream);
  rewind(stream);
  CU_ASSERT_EQUAL(TARTAN_archLoad(&arch, stream), TARTAN_EINVAL);
  CU_ASSERT(strstr(TARTAN_errorMessage(), "both terminal 0") != NULL);
  CU_ASSERT_EQUAL(TARTAN_archSize(&arch), -1); /* still empty */
  fclose(stream);
  TARTAN_archExit(&arch);
}

int main(void) {
  CU_pSuite suite;
  if (CU_initialize_registry() != CUE_SUCCESS) return 1;
  suite = CU_add_suite("arch_bad", NULL, NULL);
  CU_add_test(suite, "bad target catalogue", test_catalogue);
  CU_add_test(suite, "bad target on a stream", test_stream);
  return run_registered_suites();
}
