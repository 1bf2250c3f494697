# tests/c/mapping: strategies, mappings, .map files and statistics through the public API
# (included by tests/local.mk).
check_PROGRAMS += tests/c/test_mapping
TESTS += tests/c/test_mapping
tests_c_test_mapping_SOURCES = tests/c/test_mapping.c
tests_c_test_mapping_LDADD = $(TARTAN_CUNIT_LDADD)
check_PROGRAMS += tests/c/test_one_to_one
TESTS += tests/c/test_one_to_one
tests_c_test_one_to_one_SOURCES = tests/c/test_one_to_one.c
tests_c_test_one_to_one_LDADD = $(TARTAN_CUNIT_LDADD)
check_PROGRAMS += tests/c/test_mapping_anneal
TESTS += tests/c/test_mapping_anneal
tests_c_test_mapping_anneal_SOURCES = tests/c/test_mapping_anneal.c
tests_c_test_mapping_anneal_LDADD = $(TARTAN_CUNIT_LDADD)
# Reliability: fuzz regressions, unchecked graphs, atomic saves.
check_PROGRAMS += tests/c/test_reliability
TESTS += tests/c/test_reliability
tests_c_test_reliability_SOURCES = tests/c/test_reliability.c
tests_c_test_reliability_CFLAGS = $(AM_CFLAGS) $(PTHREAD_CFLAGS)
tests_c_test_reliability_LDADD = $(TARTAN_CUNIT_LDADD) $(PTHREAD_LIBS)
check_PROGRAMS += tests/c/test_hostile
TESTS += tests/c/test_hostile
tests_c_test_hostile_SOURCES = tests/c/test_hostile.c
tests_c_test_hostile_LDADD = $(TARTAN_CUNIT_LDADD)
check_PROGRAMS += tests/c/test_threads
TESTS += tests/c/test_threads
tests_c_test_threads_SOURCES = tests/c/test_threads.c
tests_c_test_threads_CFLAGS = $(AM_CFLAGS) $(PTHREAD_CFLAGS)
tests_c_test_threads_LDADD = $(TARTAN_CUNIT_LDADD) $(PTHREAD_LIBS)
check_PROGRAMS += tests/c/test_faults
TESTS += tests/c/test_faults
tests_c_test_faults_SOURCES = tests/c/test_faults.cpp
tests_c_test_faults_LDADD = $(TARTAN_CUNIT_LDADD)
check_PROGRAMS += tests/c/test_remap
TESTS += tests/c/test_remap
tests_c_test_remap_SOURCES = tests/c/test_remap.c
tests_c_test_remap_LDADD = $(TARTAN_CUNIT_LDADD)
# Targets of 10^9 and more terminals under an address-space limit.
check_PROGRAMS += tests/c/test_huge_targets
TESTS += tests/c/test_huge_targets
tests_c_test_huge_targets_SOURCES = tests/c/test_huge_targets.c
tests_c_test_huge_targets_LDADD = $(TARTAN_CUNIT_LDADD)
check_PROGRAMS += tests/c/test_mapping_umpa
TESTS += tests/c/test_mapping_umpa
tests_c_test_mapping_umpa_SOURCES = tests/c/test_mapping_umpa.c
tests_c_test_mapping_umpa_LDADD = $(TARTAN_CUNIT_LDADD)
