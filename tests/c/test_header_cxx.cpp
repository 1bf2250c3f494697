// tartan.h compiled alone as C++ (built with -pedantic -Werror, tartan.h included first): the
// declarations have C linkage, the types and macros are usable from C++.
#include "tartan.h"

#include <CUnit/Basic.h>

#include <cstring>
#include <limits>
#include <memory>
#include <type_traits>

#include "test_support.h"

static_assert(sizeof(TARTAN_Graph) == 64 && sizeof(TARTAN_Mapping) == 64,
              "handles have a fixed size");
static_assert(std::is_trivially_copyable<TARTAN_ArchDom>::value, "domains are plain values");
static_assert(std::is_integral<TARTAN_Num>::value && std::is_signed<TARTAN_Num>::value,
              "TARTAN_Num is a signed integer");
static_assert(TARTAN_NUMMAX == std::numeric_limits<TARTAN_Num>::max(),
              "TARTAN_NUMMAX is the largest TARTAN_Num");

namespace {

// A C++ owner of a C handle, as a C++ solver would write one.
struct SolverState {
  TARTAN_Graph graph;
  TARTAN_Num parts[4];
};

void test_cxx_usage() {
  std::unique_ptr<SolverState> state(new SolverState());
  CU_ASSERT_PTR_NOT_NULL(state.get());
  CU_ASSERT_EQUAL(TARTAN_versionCheck(TARTAN_NUM_BITS), TARTAN_OK);
  CU_ASSERT_EQUAL(std::strcmp(TARTAN_version(), TARTAN_VERSION_STRING), 0);
  CU_ASSERT_EQUAL(TARTAN_versionCheck(TARTAN_NUM_BITS + 1), TARTAN_EINVAL);
  CU_ASSERT(std::strlen(TARTAN_errorMessage()) > 0);
  TARTAN_errorClear();
  CU_ASSERT_EQUAL(std::strlen(TARTAN_errorMessage()), 0u);
  TARTAN_ErrorHandler handler = nullptr;
  TARTAN_errorHandlerSet(handler, nullptr);
}

}  // namespace

int main() {
  if (CU_initialize_registry() != CUE_SUCCESS) return 1;
  CU_pSuite suite = CU_add_suite("header_cxx", nullptr, nullptr);
  CU_add_test(suite, "C++ usage", test_cxx_usage);
  return run_registered_suites();
}
