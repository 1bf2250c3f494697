# src/arch: files of this concern (included by the top Makefile.am)
libtartan_core_la_SOURCES += \
	src/arch/architecture.hpp src/arch/architecture.cpp \
	src/arch/distance_oracle.hpp src/arch/distance_oracle.cpp src/arch/arch_factory.hpp \
	src/arch/arch_numbers.hpp \
	src/arch/arch_registry.hpp src/arch/arch_registry.cpp \
	src/arch/arch_complete.cpp src/arch/arch_hypercube.cpp src/arch/arch_grid.cpp \
	src/arch/arch_tleaf.cpp src/arch/variable_tree.hpp src/arch/arch_vcmplt.cpp \
	src/arch/arch_vhcub.cpp src/arch/arch_sub.cpp \
	src/arch/network.hpp src/arch/network.cpp src/arch/graph_routes.hpp src/arch/graph_routes.cpp \
	src/arch/arch_network.cpp
libtartan_core_la_SOURCES += src/arch/hwloc_topology.hpp src/arch/hwloc_topology.cpp
libtartan_core_la_SOURCES += src/arch/domain_tree.hpp src/arch/domain_tree.cpp \
	src/arch/deco.hpp src/arch/deco.cpp src/arch/deco2.hpp src/arch/deco2.cpp
libtartan_core_la_SOURCES += src/arch/distance_form.hpp
libtartan_core_la_SOURCES += src/arch/arch_shape.hpp src/arch/arch_shape.cpp
