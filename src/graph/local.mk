# src/graph: files of this concern (included by the top Makefile.am)
libtartan_core_la_SOURCES += \
	src/graph/graph.hpp \
	src/graph/graph_builder.hpp src/graph/graph_builder.cpp \
	src/graph/graph_check.hpp src/graph/graph_check.cpp \
	src/graph/graph_stats.hpp src/graph/graph_stats.cpp \
	src/graph/traversal.hpp src/graph/traversal.cpp
libtartan_core_la_SOURCES += src/graph/coarsening.hpp src/graph/coarsening.cpp
libtartan_core_la_SOURCES += src/graph/csr_quotient.hpp src/graph/csr_quotient.cpp
