# src/tools: the `tartan` command. It calls only the public API (tartan.h) and links the shared
# library like any user program. A new command family adds its cmd_NAME.cpp below (one line)
# and one entry in the table of src/tools/tartan.cpp.
bin_PROGRAMS += tartan
tartan_SOURCES = \
	src/tools/tools.hpp \
	src/tools/cli_common.hpp \
	src/tools/cli_common.cpp \
	src/tools/tartan.cpp
tartan_SOURCES += src/tools/cmd_graph.cpp
tartan_SOURCES += src/tools/cmd_arch.cpp
tartan_SOURCES += src/tools/cmd_arch_build.cpp
tartan_SOURCES += src/tools/cmd_arch_hierarchy.cpp
tartan_LDADD = libtartan.la
tartan_SOURCES += src/tools/cmd_map.cpp src/tools/cmd_stats.cpp
tartan_SOURCES += src/tools/cmd_draw.cpp src/tools/draw_target.cpp src/tools/draw.hpp \
	src/tools/colours.hpp src/tools/colours.cpp src/tools/painter.hpp src/tools/painter.cpp \
	src/tools/svg_painter.cpp
# PNG and PDF pictures through cairo (--with-cairo): the command links it, the library never.
tartan_CPPFLAGS = $(AM_CPPFLAGS) $(CAIRO_CFLAGS)
if HAVE_CAIRO
tartan_SOURCES += src/tools/cairo_painter.cpp
tartan_LDADD += $(CAIRO_LIBS)
endif
