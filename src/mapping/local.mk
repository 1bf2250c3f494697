# src/mapping: the mapping methods behind one interface (method.hpp), one file per heuristic,
# and the machinery they share: the load bound (balance), the k-way mapping state.
libtartan_core_la_SOURCES += src/mapping/method.hpp src/mapping/method.cpp \
	src/mapping/methods.hpp \
	src/mapping/balance.hpp src/mapping/balance.cpp \
	src/mapping/kway_state.hpp src/mapping/kway_state.cpp \
	src/mapping/link_loads.hpp src/mapping/link_loads.cpp \
	src/mapping/drb.hpp src/mapping/drb.cpp \
	src/mapping/hierarchy.hpp src/mapping/hierarchy.cpp src/mapping/msec.cpp \
	src/mapping/kway_refine.hpp src/mapping/kway_refine.cpp src/mapping/vcycle.cpp \
	src/mapping/one_to_one.hpp src/mapping/one_to_one.cpp \
	src/mapping/identity.cpp src/mapping/random_permutation.cpp \
	src/mapping/greedy_construction.hpp src/mapping/greedy_construction.cpp \
	src/mapping/mm.cpp src/mapping/gac.cpp src/mapping/orient.cpp \
	src/mapping/topdown.cpp src/mapping/bottomup.cpp \
	src/mapping/recursive_bisection.hpp src/mapping/recursive_bisection.cpp \
	src/mapping/prepartition.hpp src/mapping/prepartition.cpp \
	src/mapping/recursive.cpp src/mapping/network_graph.hpp src/mapping/network_graph.cpp \
	src/mapping/greedy.cpp src/mapping/rcm.cpp src/mapping/ta.cpp \
	src/mapping/swap_search.cpp \
	src/mapping/umpa_common.hpp src/mapping/umpa_common.cpp src/mapping/umpa_congestion.cpp \
	src/mapping/umpa_greedy.cpp src/mapping/umpa_wh.cpp \
	src/mapping/mapping_start.hpp src/mapping/mapping_start.cpp \
	src/mapping/kl.cpp src/mapping/sa.cpp \
	src/mapping/mfa_common.hpp src/mapping/mfa_common.cpp \
	src/mapping/mfa_hcub.cpp src/mapping/mfa.cpp \
	src/mapping/migration.hpp src/mapping/migration.cpp
