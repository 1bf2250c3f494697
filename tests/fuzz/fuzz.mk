# tests/fuzz: fuzz harnesses of the public API (included by tests/local.mk; tests/fuzz/README).
# With ./configure --enable-fuzzing they are libFuzzer programs (built by `make`, run by
# .ci/run and bench/fuzz); otherwise each is linked with a driver that replays files, and
# tests/fuzz/corpora.sh replays every committed corpus (regression files included) in
# `make check`.
TARTAN_FUZZERS = tests/fuzz/fuzz_grf tests/fuzz/fuzz_import tests/fuzz/fuzz_tgt \
	tests/fuzz/fuzz_map tests/fuzz/fuzz_strat tests/fuzz/fuzz_csr tests/fuzz/fuzz_dgr
if ENABLE_FUZZING
noinst_PROGRAMS = $(TARTAN_FUZZERS)
fuzz_harness_cppflags = $(AM_CPPFLAGS) -DTARTAN_LIBFUZZER
fuzz_harness_ldflags = -no-install -fsanitize=fuzzer,address,undefined
else
check_PROGRAMS += $(TARTAN_FUZZERS)
fuzz_harness_cppflags = $(AM_CPPFLAGS)
fuzz_harness_ldflags = -no-install
endif
TESTS += tests/fuzz/corpora.sh
EXTRA_DIST += tests/fuzz/corpora.sh tests/fuzz/fuzz_support.h tests/fuzz/README \
	tests/fuzz/corpus tests/fuzz/strat.dict

tests_fuzz_fuzz_grf_SOURCES = tests/fuzz/fuzz_grf.c tests/fuzz/fuzz_main.c
tests_fuzz_fuzz_grf_CPPFLAGS = $(fuzz_harness_cppflags)
tests_fuzz_fuzz_grf_LDFLAGS = $(fuzz_harness_ldflags)
tests_fuzz_fuzz_grf_LDADD = $(TARTAN_LIB_LA)
tests_fuzz_fuzz_import_SOURCES = tests/fuzz/fuzz_import.c tests/fuzz/fuzz_main.c
tests_fuzz_fuzz_import_CPPFLAGS = $(fuzz_harness_cppflags)
tests_fuzz_fuzz_import_LDFLAGS = $(fuzz_harness_ldflags)
tests_fuzz_fuzz_import_LDADD = $(TARTAN_LIB_LA)
tests_fuzz_fuzz_tgt_SOURCES = tests/fuzz/fuzz_tgt.c tests/fuzz/fuzz_main.c
tests_fuzz_fuzz_tgt_CPPFLAGS = $(fuzz_harness_cppflags)
tests_fuzz_fuzz_tgt_LDFLAGS = $(fuzz_harness_ldflags)
tests_fuzz_fuzz_tgt_LDADD = $(TARTAN_LIB_LA)
tests_fuzz_fuzz_map_SOURCES = tests/fuzz/fuzz_map.c tests/fuzz/fuzz_main.c
tests_fuzz_fuzz_map_CPPFLAGS = $(fuzz_harness_cppflags)
tests_fuzz_fuzz_map_LDFLAGS = $(fuzz_harness_ldflags)
tests_fuzz_fuzz_map_LDADD = $(TARTAN_LIB_LA)
tests_fuzz_fuzz_strat_SOURCES = tests/fuzz/fuzz_strat.c tests/fuzz/fuzz_main.c
tests_fuzz_fuzz_strat_CPPFLAGS = $(fuzz_harness_cppflags)
tests_fuzz_fuzz_strat_LDFLAGS = $(fuzz_harness_ldflags)
tests_fuzz_fuzz_strat_LDADD = $(TARTAN_LIB_LA)
tests_fuzz_fuzz_csr_SOURCES = tests/fuzz/fuzz_csr.c tests/fuzz/fuzz_main.c
tests_fuzz_fuzz_csr_CPPFLAGS = $(fuzz_harness_cppflags)
tests_fuzz_fuzz_csr_LDFLAGS = $(fuzz_harness_ldflags)
tests_fuzz_fuzz_csr_LDADD = $(TARTAN_LIB_LA)
# The .dgr parser of libtartan-mpi, built here without MPI (tests/fuzz/fuzz_dgr.cpp).
tests_fuzz_fuzz_dgr_SOURCES = tests/fuzz/fuzz_dgr.cpp tests/fuzz/fuzz_main.c \
	bindings/mpi/dgr_fragment.hpp bindings/mpi/dgr_fragment.cpp
tests_fuzz_fuzz_dgr_CPPFLAGS = $(fuzz_harness_cppflags) -I$(top_srcdir)/bindings/mpi
tests_fuzz_fuzz_dgr_LDFLAGS = $(fuzz_harness_ldflags)
tests_fuzz_fuzz_dgr_LDADD = $(TARTAN_LIB_LA)
