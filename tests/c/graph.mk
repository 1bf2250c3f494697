# tests/c/graph tests (included by tests/local.mk)
check_PROGRAMS += tests/c/test_graph tests/c/test_graph_io tests/c/test_graph_bad
TESTS += tests/c/test_graph tests/c/test_graph_io tests/c/test_graph_bad
EXTRA_DIST += tests/c/test_graph_common.h
tests_c_test_graph_SOURCES = tests/c/test_graph.c
tests_c_test_graph_LDADD = $(TARTAN_CUNIT_LDADD)
tests_c_test_graph_io_SOURCES = tests/c/test_graph_io.c
tests_c_test_graph_io_LDADD = $(TARTAN_CUNIT_LDADD)
tests_c_test_graph_bad_SOURCES = tests/c/test_graph_bad.c
tests_c_test_graph_bad_LDADD = $(TARTAN_CUNIT_LDADD)
