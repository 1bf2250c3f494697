/* tartan.h compiled alone as strict C99 (this file is built with -std=c99 -pedantic -Werror and
 * includes tartan.h first), and the library-level functions it declares: version handshake,
 * error strings, the last-error message and the error handler. */
#include "tartan.h"

#include <CUnit/Basic.h>
#include <string.h>

#include "test_support.h"

/* The handles have the same size in every build: user code embeds them. */
typedef char graph_handle_is_64_bytes[sizeof(TARTAN_Graph) == 64 ? 1 : -1];
typedef char arch_handle_is_64_bytes[sizeof(TARTAN_Arch) == 64 ? 1 : -1];
typedef char strat_handle_is_64_bytes[sizeof(TARTAN_Strat) == 64 ? 1 : -1];
typedef char mapping_handle_is_64_bytes[sizeof(TARTAN_Mapping) == 64 ? 1 : -1];
typedef char num_width_matches[sizeof(TARTAN_Num) * 8 == TARTAN_NUM_BITS ? 1 : -1];
typedef char idx_width_matches[sizeof(TARTAN_Idx) == sizeof(TARTAN_Num) ? 1 : -1];

static void test_version(void) {
  CU_ASSERT_STRING_EQUAL(TARTAN_version(), TARTAN_VERSION_STRING);
  CU_ASSERT_EQUAL(TARTAN_versionCheck(TARTAN_NUM_BITS), TARTAN_OK);
}

static void test_version_mismatch(void) {
  int other = TARTAN_NUM_BITS == 32 ? 64 : 32;
  TARTAN_errorClear();
  CU_ASSERT_EQUAL(TARTAN_versionCheck(other), TARTAN_EINVAL);
  CU_ASSERT_PTR_NOT_NULL(strstr(TARTAN_errorMessage(), other == 32 ? "32-bit" : "64-bit"));
  CU_ASSERT_PTR_NOT_NULL(strstr(TARTAN_errorMessage(), "TARTAN_versionCheck"));
  TARTAN_errorClear();
  CU_ASSERT_STRING_EQUAL(TARTAN_errorMessage(), "");
}

static void test_error_strings(void) {
  const int codes[] = {TARTAN_OK,       TARTAN_EINVAL,  TARTAN_ENOMEM,
                       TARTAN_EIO,      TARTAN_EFORMAT, TARTAN_ENOTSUP,
                       TARTAN_EHANDLE,  TARTAN_EOVERFLOW, TARTAN_EINTERNAL};
  const int count = (int) (sizeof codes / sizeof codes[0]);
  int i, j;
  for (i = 0; i < count; ++i) {
    CU_ASSERT_PTR_NOT_NULL_FATAL(TARTAN_errorString(codes[i]));
    CU_ASSERT(strlen(TARTAN_errorString(codes[i])) > 0);
    for (j = 0; j < i; ++j)
      CU_ASSERT(strcmp(TARTAN_errorString(codes[i]), TARTAN_errorString(codes[j])) != 0);
  }
  CU_ASSERT_STRING_EQUAL(TARTAN_errorString(-999), "unknown error code");
  CU_ASSERT(TARTAN_NUMMAX > 0);
}

static int handler_calls;
static int handler_code;
static char handler_message[256];

static void record_handler(int code, const char *message, void *userdata) {
  ++handler_calls;
  handler_code = code;
  strncpy(handler_message, message, sizeof handler_message - 1);
  *(int *) userdata += 1;
}

static void test_error_handler(void) {
  int user_count = 0;
  handler_calls = 0;
  TARTAN_errorHandlerSet(record_handler, &user_count);
  CU_ASSERT_EQUAL(TARTAN_versionCheck(TARTAN_NUM_BITS), TARTAN_OK);
  CU_ASSERT_EQUAL(handler_calls, 0);
  CU_ASSERT_EQUAL(TARTAN_versionCheck(7), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(handler_calls, 1);
  CU_ASSERT_EQUAL(user_count, 1);
  CU_ASSERT_EQUAL(handler_code, TARTAN_EINVAL);
  CU_ASSERT_STRING_EQUAL(handler_message, TARTAN_errorMessage());
  TARTAN_errorHandlerSet(NULL, NULL);
  CU_ASSERT_EQUAL(TARTAN_versionCheck(7), TARTAN_EINVAL);
  CU_ASSERT_EQUAL(handler_calls, 1);
}

int main(void) {
  CU_pSuite suite;
  if (CU_initialize_registry() != CUE_SUCCESS) return 1;
  suite = CU_add_suite("header_c99", NULL, NULL);
  CU_add_test(suite, "version", test_version);
  CU_add_test(suite, "version mismatch", test_version_mismatch);
  CU_add_test(suite, "error strings", test_error_strings);
  CU_add_test(suite, "error handler", test_error_handler);
  return run_registered_suites();
}
