# tests/cli: the `tartan` command (shell scripts run against the built command) and the
# packaging contract: only TARTAN_* symbols exported, tartan.h alone as strict C99 and as C++,
# the README's C example compiled and run (included by tests/local.mk).
TARTAN_CLI_TESTS = \
	tests/cli/help_version.sh \
	tests/cli/graph_gen_info.sh \
	tests/cli/graph_check.sh \
	tests/cli/graph_convert.sh \
	tests/cli/exported_symbols.sh \
	tests/cli/readme.sh
TARTAN_CLI_TESTS += tests/cli/arch_tools.sh tests/cli/arch_files.sh
TARTAN_CLI_TESTS += tests/cli/arch_build.sh
TARTAN_CLI_TESTS += tests/cli/map_stats.sh tests/cli/map_one_to_one.sh tests/cli/atomic_output.sh \
	tests/cli/hostile_inputs.sh
TARTAN_CLI_TESTS += tests/cli/map_anneal.sh tests/cli/network.sh tests/cli/map_network.sh \
	tests/cli/map_umpa.sh tests/cli/deco_numbers.sh
TESTS += $(TARTAN_CLI_TESTS)
EXTRA_DIST += $(TARTAN_CLI_TESTS) tests/cli/cli_support.sh

check_PROGRAMS += tests/c/test_header_c99 tests/c/test_header_cxx doc/examples/readme_example
TESTS += tests/c/test_header_c99 tests/c/test_header_cxx doc/examples/readme_example
tests_c_test_header_c99_SOURCES = tests/c/test_header_c99.c
tests_c_test_header_c99_CFLAGS = $(AM_CFLAGS) -std=c99 -pedantic -Werror
tests_c_test_header_c99_LDADD = $(TARTAN_CUNIT_LDADD)
tests_c_test_header_cxx_SOURCES = tests/c/test_header_cxx.cpp
tests_c_test_header_cxx_CXXFLAGS = $(AM_CXXFLAGS) -std=c++11 -pedantic -Werror
tests_c_test_header_cxx_LDADD = $(TARTAN_CUNIT_LDADD)
doc_examples_readme_example_SOURCES = doc/examples/readme_example.c
doc_examples_readme_example_LDADD = $(TARTAN_LIB_LA)
TARTAN_CLI_TESTS += tests/cli/draw.sh tests/cli/draw_cairo.sh
EXTRA_DIST += tests/cli/fontconfig.supp
