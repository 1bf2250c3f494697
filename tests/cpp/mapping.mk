# tests/cpp/mapping tests (included by tests/local.mk)
if HAVE_GTEST
check_PROGRAMS += tests/cpp/test_mapping
TESTS += tests/cpp/test_mapping
tests_cpp_test_mapping_SOURCES = tests/cpp/mapping_test_graphs.hpp tests/cpp/test_coarsening.cpp \
	tests/cpp/test_mapping.cpp
tests_cpp_test_mapping_SOURCES += tests/cpp/test_kway.cpp tests/cpp/test_kway_state.cpp \
	tests/cpp/test_one_to_one.cpp tests/cpp/test_umpa.cpp tests/cpp/test_msec.cpp \
	tests/cpp/test_vcycle.cpp tests/cpp/test_orient.cpp
tests_cpp_test_mapping_SOURCES += tests/cpp/test_annealing.cpp tests/cpp/test_network_mappers.cpp
tests_cpp_test_mapping_CXXFLAGS = $(TARTAN_GTEST_CXXFLAGS)
tests_cpp_test_mapping_LDADD = $(TARTAN_GTEST_LDADD)
endif
