# bindings/fortran: the Fortran module `tartan' (configure writes tartan.f90 from tartan.f90.in
# with the build's TARTAN_Num kind) compiled into libtartanf (libtartan64f with
# --enable-int64), its .mod installed in $(fmoddir) and tartan-fortran.pc (tartan64-fortran.pc)
# that finds both. Built when configure found a Fortran compiler (--with-fortran/--without-).
EXTRA_DIST += bindings/fortran/tartan.f90.in bindings/fortran/tartan-fortran.pc.in \
	bindings/fortran/tests/test_map.f90 bindings/fortran/tests/test_api.f90 \
	bindings/fortran/tests/test_network.f90
DISTCLEANFILES += bindings/fortran/tartan.f90 bindings/fortran/tartan-fortran.pc

if HAVE_FORTRAN
if TARTAN_INT64
lib_LTLIBRARIES += libtartan64f.la
nodist_libtartan64f_la_SOURCES = bindings/fortran/tartan.f90
libtartan64f_la_FCFLAGS = $(FC_MODOUT)bindings/fortran $(FC_MODINC)bindings/fortran
libtartan64f_la_LDFLAGS = -version-info $(TARTAN_LT_VERSION) -no-undefined
libtartan64f_la_LIBADD = libtartan64.la
TARTAN_FORTRAN_LA = libtartan64f.la
else
lib_LTLIBRARIES += libtartanf.la
nodist_libtartanf_la_SOURCES = bindings/fortran/tartan.f90
libtartanf_la_FCFLAGS = $(FC_MODOUT)bindings/fortran $(FC_MODINC)bindings/fortran
libtartanf_la_LDFLAGS = -version-info $(TARTAN_LT_VERSION) -no-undefined
libtartanf_la_LIBADD = libtartan.la
TARTAN_FORTRAN_LA = libtartanf.la
endif

nodist_fmod_DATA = bindings/fortran/tartan.mod
bindings/fortran/tartan.mod: $(TARTAN_FORTRAN_LA)
fortranpkgconfigdir = $(pkgconfigdir)
fortranpkgconfig_DATA = $(TARTAN_LIBNAME)-fortran.pc
tartan-fortran.pc tartan64-fortran.pc: bindings/fortran/tartan-fortran.pc
	$(AM_V_GEN)cp bindings/fortran/tartan-fortran.pc $@
CLEANFILES += tartan-fortran.pc tartan64-fortran.pc bindings/fortran/tartan.mod

check_PROGRAMS += bindings/fortran/tests/test_map
TESTS += bindings/fortran/tests/test_map
bindings_fortran_tests_test_map_SOURCES = bindings/fortran/tests/test_map.f90
bindings_fortran_tests_test_map_FCFLAGS = $(FC_MODINC)bindings/fortran
bindings_fortran_tests_test_map_LDADD = $(TARTAN_FORTRAN_LA)
$(bindings_fortran_tests_test_map_OBJECTS): bindings/fortran/tartan.mod
check_PROGRAMS += bindings/fortran/tests/test_api
TESTS += bindings/fortran/tests/test_api
bindings_fortran_tests_test_api_SOURCES = bindings/fortran/tests/test_api.f90
# (its helper module goes to bindings/fortran/tests, not to the top of the build tree)
bindings_fortran_tests_test_api_FCFLAGS = $(FC_MODINC)bindings/fortran \
	$(FC_MODOUT)bindings/fortran/tests
CLEANFILES += bindings/fortran/tests/test_api_handler.mod
bindings_fortran_tests_test_api_LDADD = $(TARTAN_FORTRAN_LA)
$(bindings_fortran_tests_test_api_OBJECTS): bindings/fortran/tartan.mod
check_PROGRAMS += bindings/fortran/tests/test_network
TESTS += bindings/fortran/tests/test_network
bindings_fortran_tests_test_network_SOURCES = bindings/fortran/tests/test_network.f90
bindings_fortran_tests_test_network_FCFLAGS = $(FC_MODINC)bindings/fortran
bindings_fortran_tests_test_network_LDADD = $(TARTAN_FORTRAN_LA)
$(bindings_fortran_tests_test_network_OBJECTS): bindings/fortran/tartan.mod

# The README's Fortran example, as written, inside a program that checks its codes; run from
# the source tree, where its target file path leads.
check_PROGRAMS += bindings/fortran/tests/readme_example
TESTS += bindings/fortran/tests/readme_example.sh
nodist_bindings_fortran_tests_readme_example_SOURCES = bindings/fortran/tests/readme_example.f90
bindings_fortran_tests_readme_example_FCFLAGS = $(FC_MODINC)bindings/fortran
bindings_fortran_tests_readme_example_LDADD = $(TARTAN_FORTRAN_LA)
$(bindings_fortran_tests_readme_example_OBJECTS): bindings/fortran/tartan.mod
bindings/fortran/tests/readme_example.f90: $(srcdir)/README
	$(AM_V_GEN)$(MKDIR_P) bindings/fortran/tests && { \
	  echo 'program readme_example'; \
	  sed -n '/^```fortran$$/,/^```$$/p' $(srcdir)/README | sed '1d;$$d'; \
	  echo 'if (ierr /= 0) error stop "README example: non-zero code"'; \
	  echo 'if (any(parttab < 0) .or. any(parttab > 15)) error stop "README example: parttab"'; \
	  echo "print '(a, 4(1x, i0))', 'README Fortran example: mapping', parttab"; \
	  echo 'end program readme_example'; } >$@-t && mv $@-t $@
CLEANFILES += bindings/fortran/tests/readme_example.f90
endif
EXTRA_DIST += bindings/fortran/tests/readme_example.sh
