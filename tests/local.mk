# tests: CUnit suites of the public API (tests/c), GoogleTest suites of the internals
# (tests/cpp), command-line tests (tests/cli). Each concern lists its programs in its own
# fragment below.
TEST_EXTENSIONS = .sh
SH_LOG_COMPILER = $(SHELL)
# Tests find their inputs through these variables; TARTAN_SHARED_DATA may be set by the caller
# (CI points it at the shared data set; tests that need it skip when it is absent).
AM_TESTS_ENVIRONMENT = \
	TARTAN_TEST_DATA='$(abs_top_srcdir)/tests/data'; export TARTAN_TEST_DATA; \
	TARTAN_SHARED_DATA="$${TARTAN_SHARED_DATA:-$(abs_top_srcdir)/../shared/data}"; export TARTAN_SHARED_DATA; \
	TARTAN_BIN='$(abs_top_builddir)/tartan'; export TARTAN_BIN; \
	TARTAN_ARCH_DIR='$(abs_top_srcdir)/arch'; export TARTAN_ARCH_DIR; \
	TARTAN_LIBNAME='$(TARTAN_LIBNAME)'; export TARTAN_LIBNAME; \
	TARTAN_TOP_SRCDIR='$(abs_top_srcdir)'; export TARTAN_TOP_SRCDIR;

TARTAN_CUNIT_LDADD = $(TARTAN_LIB_LA) -lcunit
TARTAN_GTEST_LDADD = libtartan_core.la -lgtest -lgtest_main $(PTHREAD_LIBS)
TARTAN_GTEST_CXXFLAGS = $(AM_CXXFLAGS) $(PTHREAD_CFLAGS)

EXTRA_DIST += tests/data tests/c/test_support.h

include $(srcdir)/tests/c/graph.mk
include $(srcdir)/tests/c/arch.mk
include $(srcdir)/tests/c/mapping.mk
include $(srcdir)/tests/cpp/graph.mk
include $(srcdir)/tests/cpp/arch.mk
include $(srcdir)/tests/cpp/mapping.mk
include $(srcdir)/tests/cpp/strat.mk
include $(srcdir)/tests/cli/cli.mk
include $(srcdir)/tests/fuzz/fuzz.mk
