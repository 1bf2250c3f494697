# bindings/mpi: libtartan-mpi (libtartan64-mpi with --enable-int64), distributed graphs and
# parallel mapping (TARTAN_dgraph*) on Tartan's public API and MPI. A client of tartan.h like
# the other bindings; libtartan itself never links MPI. tartan_mpi.h goes beside tartan.h,
# tartan-mpi.pc is installed as $(TARTAN_LIBNAME)-mpi.pc. doc/mpi.md describes the layer.
# The one internal module it shares is the bottom layer's src/common/big_arrays (huge-page
# advice for arrays of a graph's size), compiled into it: its distributed levels and exchange
# buffers are allocated afresh as the engine's are, and faulted in 4 KB pages without it.
EXTRA_DIST += bindings/mpi/tartan-mpi.pc.in bindings/mpi/libtartan-mpi.map \
	bindings/mpi/tests/mpi_support.sh bindings/mpi/tests/lsan.supp
DISTCLEANFILES += bindings/mpi/tartan-mpi.pc

if WITH_MPI
TARTAN_MPI_SOURCES = bindings/mpi/tartan_mpi.h bindings/mpi/dgraph.hpp \
	bindings/mpi/dgraph.cpp bindings/mpi/dgraph_io.cpp bindings/mpi/dgraph_map.cpp \
	bindings/mpi/dgr_fragment.hpp bindings/mpi/dgr_fragment.cpp \
	src/common/big_arrays.hpp src/common/big_arrays.cpp
TARTAN_MPI_CPPFLAGS = -I$(top_builddir)/include -I$(top_srcdir)/include -I$(top_srcdir)/src \
	-I$(top_srcdir)/bindings/mpi $(MPI_CFLAGS) -DOMPI_SKIP_MPICXX=1 -DMPICH_SKIP_MPICXX=1 \
	-DTARTAN_MPI_BUILDING_LIBRARY
TARTAN_MPI_CXXFLAGS = $(AM_CXXFLAGS) -fvisibility=hidden -fvisibility-inlines-hidden
TARTAN_MPI_LDFLAGS = -version-info 0:0:0 -no-undefined \
	-Wl,--version-script=$(top_srcdir)/bindings/mpi/libtartan-mpi.map
if TARTAN_INT64
TARTAN_MPI_LA = libtartan64-mpi.la
lib_LTLIBRARIES += libtartan64-mpi.la
libtartan64_mpi_la_SOURCES = $(TARTAN_MPI_SOURCES)
libtartan64_mpi_la_CPPFLAGS = $(TARTAN_MPI_CPPFLAGS)
libtartan64_mpi_la_CXXFLAGS = $(TARTAN_MPI_CXXFLAGS)
libtartan64_mpi_la_LDFLAGS = $(TARTAN_MPI_LDFLAGS)
libtartan64_mpi_la_LIBADD = $(TARTAN_LIB_LA) $(MPI_LIBS)
EXTRA_libtartan64_mpi_la_DEPENDENCIES = $(top_srcdir)/bindings/mpi/libtartan-mpi.map
else
TARTAN_MPI_LA = libtartan-mpi.la
lib_LTLIBRARIES += libtartan-mpi.la
libtartan_mpi_la_SOURCES = $(TARTAN_MPI_SOURCES)
libtartan_mpi_la_CPPFLAGS = $(TARTAN_MPI_CPPFLAGS)
libtartan_mpi_la_CXXFLAGS = $(TARTAN_MPI_CXXFLAGS)
libtartan_mpi_la_LDFLAGS = $(TARTAN_MPI_LDFLAGS)
libtartan_mpi_la_LIBADD = $(TARTAN_LIB_LA) $(MPI_LIBS)
EXTRA_libtartan_mpi_la_DEPENDENCIES = $(top_srcdir)/bindings/mpi/libtartan-mpi.map
endif

tartaninclude_HEADERS = bindings/mpi/tartan_mpi.h
mpipkgconfigdir = $(pkgconfigdir)
mpipkgconfig_DATA = $(TARTAN_LIBNAME)-mpi.pc
tartan-mpi.pc tartan64-mpi.pc: bindings/mpi/tartan-mpi.pc
	$(AM_V_GEN)cp bindings/mpi/tartan-mpi.pc $@
CLEANFILES += tartan-mpi.pc tartan64-mpi.pc

# MPI test programs (plain C through tartan_mpi.h), each started by a shell test on 1 to 4
# ranks through bindings/mpi/tests/mpi_support.sh (mpirun --oversubscribe, root's flags,
# LeakSanitizer suppressions for the MPI runtime only).
TARTAN_MPI_TEST_CPPFLAGS = -I$(top_srcdir)/bindings/mpi -I$(top_builddir)/include \
	-I$(top_srcdir)/include $(MPI_CFLAGS)
TARTAN_MPI_TEST_LDADD = $(TARTAN_MPI_LA) $(TARTAN_LIB_LA) $(MPI_LIBS)
check_PROGRAMS += bindings/mpi/tests/test_dgraph bindings/mpi/tests/test_dgraph_map
bindings_mpi_tests_test_dgraph_SOURCES = bindings/mpi/tests/test_dgraph.c \
	bindings/mpi/tests/mpi_test.h
bindings_mpi_tests_test_dgraph_CPPFLAGS = $(TARTAN_MPI_TEST_CPPFLAGS)
bindings_mpi_tests_test_dgraph_LDADD = $(TARTAN_MPI_TEST_LDADD)
bindings_mpi_tests_test_dgraph_map_SOURCES = bindings/mpi/tests/test_dgraph_map.c \
	bindings/mpi/tests/mpi_test.h
bindings_mpi_tests_test_dgraph_map_CPPFLAGS = $(TARTAN_MPI_TEST_CPPFLAGS)
bindings_mpi_tests_test_dgraph_map_LDADD = $(TARTAN_MPI_TEST_LDADD)
TESTS += bindings/mpi/tests/dgraph.sh bindings/mpi/tests/dgraph_map.sh
AM_TESTS_ENVIRONMENT += \
	TARTAN_MPIEXEC='$(MPIEXEC)'; export TARTAN_MPIEXEC; \
	TARTAN_MPI_TESTS='$(abs_top_builddir)/bindings/mpi/tests'; export TARTAN_MPI_TESTS;

# Rank reordering (TARTAN_mpiReorder, doc/mpi-reorder.md): the library source, its test on 4
# ranks and the example program of doc/examples, both run by bindings/mpi/tests/reorder.sh.
TARTAN_MPI_SOURCES += bindings/mpi/reorder.cpp
check_PROGRAMS += bindings/mpi/tests/test_reorder doc/examples/mpi_reorder
bindings_mpi_tests_test_reorder_SOURCES = bindings/mpi/tests/test_reorder.c
bindings_mpi_tests_test_reorder_CPPFLAGS = $(TARTAN_MPI_TEST_CPPFLAGS)
bindings_mpi_tests_test_reorder_LDADD = $(TARTAN_MPI_TEST_LDADD)
doc_examples_mpi_reorder_SOURCES = doc/examples/mpi_reorder.c
doc_examples_mpi_reorder_CPPFLAGS = $(TARTAN_MPI_TEST_CPPFLAGS)
doc_examples_mpi_reorder_LDADD = $(TARTAN_MPI_TEST_LDADD)
TESTS += bindings/mpi/tests/reorder.sh
endif
EXTRA_DIST += bindings/mpi/tests/dgraph.sh bindings/mpi/tests/dgraph_map.sh
EXTRA_DIST += bindings/mpi/tests/reorder.sh bench/mpi-reorder.sh bench/mpi_reorder_bench.c
