# tests/cpp/strat: strategy grammar and composition, mapping statistics (included by
# tests/local.mk).
if HAVE_GTEST
check_PROGRAMS += tests/cpp/test_strat
TESTS += tests/cpp/test_strat
tests_cpp_test_strat_SOURCES = tests/cpp/test_strat.cpp tests/cpp/test_metrics.cpp
tests_cpp_test_strat_CXXFLAGS = $(TARTAN_GTEST_CXXFLAGS)
tests_cpp_test_strat_LDADD = $(TARTAN_GTEST_LDADD)
endif
