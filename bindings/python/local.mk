# bindings/python: the package `tartan` (`tartan64` in an --enable-int64 build), ctypes over the
# shared library; installed into $(pythondir) when configure found python3 with NumPy. make
# writes its _config.py with the installed library's absolute path (no LD_LIBRARY_PATH needed)
# and the installed `tartan` command's (the drawing helpers of _draw.py run it);
# `make check` runs the pytest suite on a copy in the build tree that loads .libs' library.
TARTAN_PY_SOURCES = bindings/python/tartan/__init__.py bindings/python/tartan/_lib.py \
	bindings/python/tartan/_draw.py
TARTAN_PY_TESTS = \
	bindings/python/tests/conftest.py \
	bindings/python/tests/test_graph.py \
	bindings/python/tests/test_arch.py \
	bindings/python/tests/test_map.py \
	bindings/python/tests/test_network.py \
	bindings/python/tests/test_draw.py
EXTRA_DIST += $(TARTAN_PY_SOURCES) $(TARTAN_PY_TESTS) bindings/python/tartan/_config.py.in \
	bindings/python/run_pytest.sh
dist_doc_DATA += doc/examples/compare_strategies.py
TESTS += bindings/python/run_pytest.sh

# The sed that fills _config.py.in (the library path is added by each rule).
tartan_py_config = sed -e 's|@TARTAN_NUM_BITS[@]|$(TARTAN_NUM_BITS)|g' \
	-e 's|@PACKAGE_VERSION[@]|$(PACKAGE_VERSION)|g'

if HAVE_PYTHON
tartanpydir = $(pythondir)/$(TARTAN_PY_PACKAGE)
tartanpy_PYTHON = $(TARTAN_PY_SOURCES)
nodist_tartanpy_PYTHON = bindings/python/tartan/_config.py
check_DATA = bindings/python/check/$(TARTAN_PY_PACKAGE)/_config.py
endif

bindings/python/tartan/_config.py: $(srcdir)/bindings/python/tartan/_config.py.in Makefile
	$(AM_V_GEN)$(MKDIR_P) bindings/python/tartan && \
	$(tartan_py_config) \
	  -e 's|@TARTAN_PY_LIBRARY[@]|$(libdir)/lib$(TARTAN_LIBNAME).so.$(TARTAN_SOVERSION)|g' \
	  -e "s|@TARTAN_PY_PROGRAM[@]|$(bindir)/`echo tartan | sed '$(transform)'`$(EXEEXT)|g" \
	  $(srcdir)/bindings/python/tartan/_config.py.in >$@-t && mv $@-t $@

# The build tree's package, for the tests: the sources and a _config.py naming .libs' library.
bindings/python/check/$(TARTAN_PY_PACKAGE)/_config.py: $(TARTAN_PY_SOURCES) \
		$(srcdir)/bindings/python/tartan/_config.py.in Makefile
	$(AM_V_GEN)rm -rf bindings/python/check && \
	$(MKDIR_P) bindings/python/check/$(TARTAN_PY_PACKAGE) && \
	for f in $(TARTAN_PY_SOURCES); do \
	  cp $(srcdir)/$$f bindings/python/check/$(TARTAN_PY_PACKAGE)/ || exit 1; \
	done && \
	$(tartan_py_config) \
	  -e 's|@TARTAN_PY_LIBRARY[@]|$(abs_top_builddir)/.libs/lib$(TARTAN_LIBNAME).so.$(TARTAN_SOVERSION)|g' \
	  -e 's|@TARTAN_PY_PROGRAM[@]|$(abs_top_builddir)/tartan$(EXEEXT)|g' \
	  $(srcdir)/bindings/python/tartan/_config.py.in >$@-t && mv $@-t $@

AM_TESTS_ENVIRONMENT += \
	TARTAN_PYTHON='$(PYTHON)'; export TARTAN_PYTHON; \
	TARTAN_PYTHON_TESTS='$(TARTAN_PYTHON_TESTS)'; export TARTAN_PYTHON_TESTS; \
	TARTAN_PY_PACKAGE='$(TARTAN_PY_PACKAGE)'; export TARTAN_PY_PACKAGE; \
	TARTAN_PY_PATH='$(abs_top_builddir)/bindings/python/check'; export TARTAN_PY_PATH; \
	TARTAN_PY_LIBRARY_FILE='$(abs_top_builddir)/.libs/lib$(TARTAN_LIBNAME).so.$(TARTAN_SOVERSION)'; \
	export TARTAN_PY_LIBRARY_FILE; \
	TARTAN_PY_TEST_DIR='$(abs_top_srcdir)/bindings/python/tests'; export TARTAN_PY_TEST_DIR;
CLEANFILES += bindings/python/tartan/_config.py
clean-local: clean-local-python
clean-local-python:
	rm -rf bindings/python/check
.PHONY: clean-local-python
