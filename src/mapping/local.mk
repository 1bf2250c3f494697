# src/mapping: files of this concern (included by the top Makefile.am)
libtartan_core_la_SOURCES += src/mapping/method.hpp src/mapping/methods.hpp \
	src/mapping/distance_cache.hpp \
	src/mapping/drb.hpp src/mapping/drb.cpp \
	src/mapping/kway_refine.hpp src/mapping/kway_refine.cpp
