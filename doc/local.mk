# doc: manual pages of the `tartan` command, the guides (Markdown, installed in docdir) and the
# README's C example, compiled and run by the test suite (tests/cli/cli.mk).
dist_man_MANS += doc/tartan.1 doc/tartan-graph.1 doc/tartan-draw.1
EXTRA_DIST += doc/images
dist_doc_DATA = README NEWS doc/conventions.md doc/porting-from-scotch.md
dist_doc_DATA += doc/strategy.md doc/bindings.md doc/hostile-inputs.md doc/networks.md
dist_doc_DATA += doc/mpi.md
dist_doc_DATA += doc/mpi-reorder.md
