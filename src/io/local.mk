# src/io: files of this concern (included by the top Makefile.am)
libtartan_core_la_SOURCES += \
	src/io/compressed_stream.hpp src/io/compressed_stream.cpp \
	src/io/text_reader.hpp src/io/text_reader.cpp \
	src/io/graph_io.hpp src/io/number_writer.hpp \
	src/io/grf_reader.cpp src/io/grf_writer.cpp \
	src/io/metis_reader.cpp src/io/mtx_reader.cpp
libtartan_core_la_SOURCES += src/io/mapping_io.hpp src/io/mapping_io.cpp
