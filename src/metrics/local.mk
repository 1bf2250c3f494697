# src/metrics: mapping statistics (SCOTCH's gmtst figures) and the communication cost.
libtartan_core_la_SOURCES += src/metrics/mapping_stats.hpp src/metrics/mapping_stats.cpp \
	src/metrics/network_stats.hpp src/metrics/network_stats.cpp
