# src/common: types and errors every concern shares.
libtartan_core_la_SOURCES += src/common/num.hpp src/common/error.hpp src/common/random.hpp src/common/phase_log.hpp src/common/method_params.hpp src/common/parallel.hpp src/common/parallel.cpp src/common/big_arrays.hpp src/common/big_arrays.cpp
