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
