# src/library: the C API layer, the only code that names TARTAN_* types.
libtartan_la_SOURCES += \
	src/library/api.hpp \
	src/library/errors_api.cpp
libtartan_la_SOURCES += src/library/graph_handle.hpp src/library/graph_api.cpp
libtartan_la_SOURCES += src/library/arch_handle.hpp src/library/arch_api.cpp
libtartan_la_SOURCES += src/library/arch_hwloc_api.cpp
libtartan_la_SOURCES += src/library/arch_build_api.cpp
libtartan_la_SOURCES += src/library/strat_handle.hpp src/library/strat_api.cpp src/library/mapping_api.cpp
