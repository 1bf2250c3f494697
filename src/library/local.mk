# src/library: the C API layer, the only code that names TARTAN_* types.
libtartan_la_SOURCES += \
	src/library/api.hpp \
	src/library/errors_api.cpp
