# tests/cpp/arch tests (included by tests/local.mk)
check_PROGRAMS += tests/cpp/test_arch
TESTS += tests/cpp/test_arch
tests_cpp_test_arch_SOURCES = tests/cpp/test_arch.cpp
tests_cpp_test_arch_CXXFLAGS = $(TARTAN_GTEST_CXXFLAGS)
tests_cpp_test_arch_LDADD = $(TARTAN_GTEST_LDADD)
check_PROGRAMS += tests/cpp/test_hwloc_topology
TESTS += tests/cpp/test_hwloc_topology
tests_cpp_test_hwloc_topology_SOURCES = tests/cpp/test_hwloc_topology.cpp
tests_cpp_test_hwloc_topology_CXXFLAGS = $(TARTAN_GTEST_CXXFLAGS)
tests_cpp_test_hwloc_topology_LDADD = $(TARTAN_GTEST_LDADD)
check_PROGRAMS += tests/cpp/test_deco
TESTS += tests/cpp/test_deco
tests_cpp_test_deco_SOURCES = tests/cpp/test_deco.cpp
tests_cpp_test_deco_CXXFLAGS = $(TARTAN_GTEST_CXXFLAGS)
tests_cpp_test_deco_LDADD = $(TARTAN_GTEST_LDADD)
