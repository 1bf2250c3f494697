# src/partition: graph partitioning below the targets and the mappers: the multilevel graph
# bipartitioner and its gain queue (used by DRB and by the deco 0 target builder).
libtartan_core_la_SOURCES += \
	src/partition/gain_queue.hpp \
	src/partition/bipartition.hpp src/partition/bipartition.cpp \
	src/partition/bipartition_runs.hpp src/partition/bipartition_runs.cpp
libtartan_core_la_SOURCES += src/partition/multilevel.hpp src/partition/multilevel.cpp
