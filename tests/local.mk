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
	TARTAN_BIN='$(TARTAN_TEST_BIN)'; export TARTAN_BIN; \
	TARTAN_ARCH_DIR='$(abs_top_srcdir)/arch'; export TARTAN_ARCH_DIR; \
	TARTAN_LIBNAME='$(TARTAN_LIBNAME)'; export TARTAN_LIBNAME; \
	TARTAN_TOP_SRCDIR='$(abs_top_srcdir)'; export TARTAN_TOP_SRCDIR;

# The command the CLI tests run; check-valgrind swaps in a wrapper.
TARTAN_TEST_BIN = $(abs_top_builddir)/tartan

TARTAN_CUNIT_LDADD = $(TARTAN_LIB_LA) -lcunit
TARTAN_GTEST_LDADD = libtartan_core.la -lgtest -lgtest_main $(PTHREAD_LIBS)
TARTAN_GTEST_CXXFLAGS = $(AM_CXXFLAGS) $(PTHREAD_CFLAGS)

EXTRA_DIST += tests/data tests/c/test_support.h tests/valgrind.supp

include $(srcdir)/tests/c/graph.mk
include $(srcdir)/tests/c/arch.mk
include $(srcdir)/tests/c/mapping.mk
include $(srcdir)/tests/cpp/graph.mk
include $(srcdir)/tests/cpp/arch.mk
include $(srcdir)/tests/cpp/mapping.mk
include $(srcdir)/tests/cpp/strat.mk
include $(srcdir)/tests/cli/cli.mk
include $(srcdir)/tests/fuzz/fuzz.mk

# make check-valgrind: the programs of tests/c and doc/examples, and every run of the tartan
# command by the CLI tests, under valgrind memcheck. Each run reports to its own file in
# tests/valgrind-logs (empty when clean); any error or definite leak fails the target.
# tests/valgrind.supp silences reports inside other libraries, each with its reason.
# test_huge_targets is left out: it caps its own address space below what valgrind needs.
TARTAN_VALGRIND = $(SHELL) $(abs_top_builddir)/libtool --mode=execute valgrind -q --leak-check=full \
	--errors-for-leak-kinds=definite --show-leak-kinds=definite --error-exitcode=97 \
	--suppressions=$(abs_top_srcdir)/tests/valgrind.supp \
	--log-file=$(abs_top_builddir)/tests/valgrind-logs/%p.log
check-valgrind: all
	rm -rf tests/valgrind-logs && $(MKDIR_P) tests/valgrind-logs
	printf '#!/bin/sh\nexec %s "%s" "$$@"\n' '$(TARTAN_VALGRIND)' '$(abs_top_builddir)/tartan' \
	  > tests/valgrind-tartan && chmod +x tests/valgrind-tartan
	tests=; for t in $(TESTS); do case $$t in \
	  tests/c/test_huge_targets) ;; tests/c/* | doc/examples/*) tests="$$tests $$t" ;; esac; done; \
	$(MAKE) $(AM_MAKEFLAGS) check TESTS="$$tests $(TARTAN_CLI_TESTS)" \
	  LOG_COMPILER='$(TARTAN_VALGRIND)' TARTAN_TEST_BIN='$(abs_top_builddir)/tests/valgrind-tartan'
	@runs=`ls tests/valgrind-logs | wc -l`; \
	bad=`find tests/valgrind-logs -name '*.log' -size +0c | sort`; \
	if test -n "$$bad"; then \
	  for f in $$bad; do echo "--- $$f"; cat "$$f"; done; \
	  echo "check-valgrind: errors or definite leaks in the runs above ($$runs runs)" >&2; exit 1; \
	fi; \
	echo "check-valgrind: $$runs runs under valgrind memcheck, no error, no definite leak"
.PHONY: check-valgrind
CLEANFILES += tests/valgrind-tartan
clean-local: clean-valgrind-logs
clean-valgrind-logs:
	rm -rf tests/valgrind-logs
.PHONY: clean-valgrind-logs
