# src/strat: strategy strings (grammar in doc/strategy.md), their composition methods, the
# table of mapping methods and the default strategies.
libtartan_core_la_SOURCES += \
	src/strat/method_table.hpp src/strat/method_table.cpp \
	src/strat/composition.hpp src/strat/composition.cpp \
	src/strat/strat_parser.hpp src/strat/strat_parser.cpp \
	src/strat/strategy.hpp src/strat/strategy.cpp \
	src/strat/remap.hpp src/strat/remap.cpp
