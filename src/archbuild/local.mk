# src/archbuild: building targets from target graphs (deco 0, deco 2 and the rule choosing
# between them), above the target kinds (src/arch) and the graph partitioner (src/partition).
libtartan_core_la_SOURCES += \
	src/archbuild/target_terminals.hpp src/archbuild/target_terminals.cpp \
	src/archbuild/deco_build.hpp src/archbuild/deco_build.cpp src/archbuild/deco0_build.cpp
