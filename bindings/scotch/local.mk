# bindings/scotch: libtartan-scotch (libtartan64-scotch with --enable-int64), SCOTCH 7's
# sequential mapping interface on Tartan's public API, with its own soname and symbol map;
# scotch.h and scotchf.h in $(includedir)/tartan-scotch (tartan64-scotch), tartan-scotch.pc
# (tartan64-scotch.pc). doc/porting-from-scotch.md says what it provides.
EXTRA_DIST += bindings/scotch/scotch.h.in bindings/scotch/scotchf.h.in \
	bindings/scotch/tartan-scotch.pc.in bindings/scotch/libtartan-scotch.map
DISTCLEANFILES += bindings/scotch/scotch.h bindings/scotch/scotchf.h \
	bindings/scotch/tartan-scotch.pc

TARTAN_SCOTCH_SOURCES = bindings/scotch/scotch.c bindings/scotch/scotch_fortran.c
TARTAN_SCOTCH_CPPFLAGS = -I$(top_builddir)/bindings/scotch -I$(top_builddir)/include \
	-I$(top_srcdir)/include -D_GNU_SOURCE
TARTAN_SCOTCH_CFLAGS = $(AM_CFLAGS) -std=c99 -fvisibility=hidden
TARTAN_SCOTCH_LDFLAGS = -version-info 0:0:0 -no-undefined \
	-Wl,--version-script=$(top_srcdir)/bindings/scotch/libtartan-scotch.map
if TARTAN_INT64
TARTAN_SCOTCH_LA = libtartan64-scotch.la
lib_LTLIBRARIES += libtartan64-scotch.la
libtartan64_scotch_la_SOURCES = $(TARTAN_SCOTCH_SOURCES)
libtartan64_scotch_la_CPPFLAGS = $(TARTAN_SCOTCH_CPPFLAGS)
libtartan64_scotch_la_CFLAGS = $(TARTAN_SCOTCH_CFLAGS)
libtartan64_scotch_la_LDFLAGS = $(TARTAN_SCOTCH_LDFLAGS)
libtartan64_scotch_la_LIBADD = $(TARTAN_LIB_LA)
EXTRA_libtartan64_scotch_la_DEPENDENCIES = $(top_srcdir)/bindings/scotch/libtartan-scotch.map
else
TARTAN_SCOTCH_LA = libtartan-scotch.la
lib_LTLIBRARIES += libtartan-scotch.la
libtartan_scotch_la_SOURCES = $(TARTAN_SCOTCH_SOURCES)
libtartan_scotch_la_CPPFLAGS = $(TARTAN_SCOTCH_CPPFLAGS)
libtartan_scotch_la_CFLAGS = $(TARTAN_SCOTCH_CFLAGS)
libtartan_scotch_la_LDFLAGS = $(TARTAN_SCOTCH_LDFLAGS)
libtartan_scotch_la_LIBADD = $(TARTAN_LIB_LA)
EXTRA_libtartan_scotch_la_DEPENDENCIES = $(top_srcdir)/bindings/scotch/libtartan-scotch.map
endif

scotchincludedir = $(includedir)/$(TARTAN_LIBNAME)-scotch
nodist_scotchinclude_HEADERS = bindings/scotch/scotch.h bindings/scotch/scotchf.h
scotchpkgconfigdir = $(pkgconfigdir)
scotchpkgconfig_DATA = $(TARTAN_LIBNAME)-scotch.pc
tartan-scotch.pc tartan64-scotch.pc: bindings/scotch/tartan-scotch.pc
	$(AM_V_GEN)cp bindings/scotch/tartan-scotch.pc $@
CLEANFILES += tartan-scotch.pc tartan64-scotch.pc

# CUnit programs through scotch.h only (written from SCOTCH's user's guide).
if HAVE_CUNIT
check_PROGRAMS += bindings/scotch/tests/test_scotch_api
TESTS += bindings/scotch/tests/test_scotch_api
bindings_scotch_tests_test_scotch_api_SOURCES = bindings/scotch/tests/test_scotch_api.c
bindings_scotch_tests_test_scotch_api_CPPFLAGS = -I$(top_builddir)/bindings/scotch

bindings_scotch_tests_test_scotch_api_CFLAGS = $(AM_CFLAGS)
bindings_scotch_tests_test_scotch_api_LDADD = $(TARTAN_SCOTCH_LA) -lcunit
endif

# A Fortran program calling SCOTCHFGRAPHMAP with SCOTCH's conventions.
if HAVE_FORTRAN
check_PROGRAMS += bindings/scotch/tests/test_scotch_fortran
TESTS += bindings/scotch/tests/test_scotch_fortran
bindings_scotch_tests_test_scotch_fortran_SOURCES = bindings/scotch/tests/test_scotch_fortran.f90
bindings_scotch_tests_test_scotch_fortran_FCFLAGS = -I$(top_builddir)/bindings/scotch
bindings_scotch_tests_test_scotch_fortran_LDADD = $(TARTAN_SCOTCH_LA)
endif
