# bench: comparisons against SCOTCH, run by hand (never part of `make check`); see bench/README.
EXTRA_DIST += bench/README bench/vs-scotch.sh bench/deco2-scale.sh bench/fuzz
EXTRA_DIST += bench/qap-vs-scotch.sh bench/qap_quotient.py bench/qap_rgg.py
# DistanceOracle against the virtual terminal_distance: `make bench/distance_oracle_bench`.
EXTRA_PROGRAMS = bench/distance_oracle_bench bench/network_stats_bench
bench_distance_oracle_bench_SOURCES = bench/distance_oracle_bench.cpp
bench_distance_oracle_bench_LDADD = libtartan_core.la
CLEANFILES += bench/distance_oracle_bench
# The network figures on 10^6-message mappings: `make bench/network_stats_bench`.
bench_network_stats_bench_SOURCES = bench/network_stats_bench.cpp
bench_network_stats_bench_LDADD = libtartan_core.la
CLEANFILES += bench/network_stats_bench
EXTRA_DIST += bench/seed002.py bench/scotch-checks.sh bench/scale.py bench/quality.py bench/umpa_sparse.py bench/remap-vs-scotch.sh
EXTRA_DIST += bench/hsnir_mappers.py
EXTRA_DIST += bench/plot bench/scaling.sh bench/strategy-seeds.sh bench/speed-instances.txt
# TARTAN_dgraphMap against PT-SCOTCH's dgmap: `make bench/dgraph_map_driver`, then
# bench/dgraph-vs-ptscotch.sh (needs an MPI build).
EXTRA_DIST += bench/dgraph-vs-ptscotch.sh bench/dgraph_map_driver.c
if WITH_MPI
EXTRA_PROGRAMS += bench/dgraph_map_driver
bench_dgraph_map_driver_SOURCES = bench/dgraph_map_driver.c
bench_dgraph_map_driver_CPPFLAGS = $(TARTAN_MPI_TEST_CPPFLAGS)
bench_dgraph_map_driver_LDADD = $(TARTAN_MPI_TEST_LDADD)
CLEANFILES += bench/dgraph_map_driver
endif
