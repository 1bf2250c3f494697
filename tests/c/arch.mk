# tests/c/arch tests (included by tests/local.mk)
check_PROGRAMS += tests/c/test_arch tests/c/test_arch_bad
TESTS += tests/c/test_arch tests/c/test_arch_bad
tests_c_test_arch_SOURCES = tests/c/test_arch.c
tests_c_test_arch_LDADD = $(TARTAN_CUNIT_LDADD)
tests_c_test_arch_bad_SOURCES = tests/c/test_arch_bad.c
tests_c_test_arch_bad_LDADD = $(TARTAN_CUNIT_LDADD)
check_PROGRAMS += tests/c/test_arch_hwloc
TESTS += tests/c/test_arch_hwloc
tests_c_test_arch_hwloc_SOURCES = tests/c/test_arch_hwloc.c
tests_c_test_arch_hwloc_LDADD = $(TARTAN_CUNIT_LDADD)
check_PROGRAMS += tests/c/test_arch_deco
TESTS += tests/c/test_arch_deco
tests_c_test_arch_deco_SOURCES = tests/c/test_arch_deco.c
tests_c_test_arch_deco_LDADD = $(TARTAN_CUNIT_LDADD)
