# tests/cpp/graph tests (included by tests/local.mk)
check_PROGRAMS += tests/cpp/test_graph_internals tests/cpp/test_graph_io
TESTS += tests/cpp/test_graph_internals tests/cpp/test_graph_io
tests_cpp_test_graph_internals_SOURCES = tests/cpp/test_graph_internals.cpp
tests_cpp_test_graph_internals_CXXFLAGS = $(TARTAN_GTEST_CXXFLAGS)
tests_cpp_test_graph_internals_LDADD = $(TARTAN_GTEST_LDADD)
tests_cpp_test_graph_io_SOURCES = tests/cpp/test_graph_io.cpp
tests_cpp_test_graph_io_CXXFLAGS = $(TARTAN_GTEST_CXXFLAGS)
tests_cpp_test_graph_io_LDADD = $(TARTAN_GTEST_LDADD)
