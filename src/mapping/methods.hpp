// Factories of the mapping methods this concern provides, called by the method table
// (src/strat/method_table.cpp). Each factory reads its parameters from MethodParams (ranges are
// checked there) and returns an immutable method that can be applied any number of times.
//
// Recommended default strategy: dual recursive bipartitioning, the orientation of its blocks on
// meshes, tori and hypercubes, then k-way refinement of the full mapping cost on the result, i.e. the
// sequence of the three methods with their defaults but drb's policy, initial tries,
// unwrapped and treeruns:
//     drb{policy=breadth,runs=2,runlevels=0,unwrapped=8,treeruns=8,coarse=120,tries=2,
//         passes=8,slack=0.1},
//     orient{passes=1}, kway{passes=6,levels=30,climb=1000} and room=1
// (written in the strategy grammar's sequence syntax,
// "drb{policy=breadth,unwrapped=8,treeruns=8,tries=2};orient;kway{climb=1000,room=1}");
// above 2^17 vertices it is vcycle{runs=1} instead (vcycle{runs=1,treeruns=8,coarse=160} on
// trees); between 2^16 and 2^17 kway has no climb and scope=moves, and drb treeruns=6; up to
// 2^14 vertices kway makes three cycles (cycles=3) and, onto targets whose distance is not a
// tree's, the pipeline runs four times (twice above 2^15 edges) and the cheapest mapping is
// kept (strategy.cpp, default_strategy_text).
#pragma once

#include "mapping/method.hpp"

namespace tartan {

// Dual Recursive Bipartitioning (seed 001 §2): a queue of jobs, each splitting a target domain in
// two and its vertices between the halves with a multilevel bipartitioner (heavy-edge coarsening,
// greedy growing from several seeds, FM refinement on mapping costs, cocycle edges toward already
// placed vertices counted). Fills every free parttab entry; fixed vertices stay on their terminal.
// Parameters:
//   policy  = biggest | breadth | depth   job order (default biggest: largest subgraph first;
//             breadth: level by level, a level's jobs in breadth-first order of their
//             adjacency, those that share no edge side by side on threads; depth: last made
//             first)
//   runs    = multilevel bipartitions per job, the best kept (default 2, 1..100); four or more
//             of a job of 2 x 10^4 vertices or more share its finest levels (coarsened once,
//             down to a quarter of its vertices) and differ from there on
//   unwrapped = on tori, the runs of a job that sees external costs only when the rings'
//             wraparound links are left out (its costs then count the torus distance twice and
//             the distance without wraparound once; default 0: off, 0..100)
//   treeruns = on tree-leaves (and `sub` of one) whose root cut is at least twice the cheapest
//             level's distance, replaces runs: the jobs whose halves are at least half as far
//             apart as the root job's make treeruns runs, those of the cheapest level one,
//             those between treeruns x (cut / root cut)^(3/4), rounded up (default 0: off,
//             0..100; not with run)
//   coarse  = vertices below which a job's graph is not coarsened further (default 120, 2..1e6)
//   ratio   = stop coarsening when a level keeps more than this share of vertices (default 0.8)
//   tries   = initial bipartitions grown from different seeds, best kept (default 4, 1..100)
//   passes  = FM passes per level (default 8, 0..100)
//   moves   = FM moves without improvement before a pass stops (default 400, 1..1e6; hill-climbing out of local minima on regular meshes)
//   slack   = the search's room: each half may take up to (1 + slack) x its ideal load while
//             coarsening, growing and refining, and a last FM refinement of the job's graph
//             brings both back within their capacities (default 0.1, 0..1; 0: the capacities
//             throughout, as before, which leaves FM next to no move on small jobs)
MethodPtr make_drb_method(const MethodParams& params);
extern const char* const kDrbKeys[];  // null-terminated

// Symmetries of the target's domains (orient.cpp): on a mesh, torus or hypercube, from the root
// of the target's bipartition tree down, each domain's contents are reflected, their axes
// exchanged or turned along a ring when that lowers the cost of the edges leaving the domain
// (the cost inside a domain does not change, nor does any load); other targets are left as
// they are. Needs a complete mapping.
//   passes  = top-down passes at most (default 1, 0..100); stops when a pass changes nothing
MethodPtr make_orient_method(const MethodParams& params);
extern const char* const kOrientKeys[];  // null-terminated

// Multisection along the target's hierarchy (msec.cpp; Faraj et al., "High-quality
// hierarchical process mapping"): the graph cut into the top level's blocks, each block's
// part into its sub-blocks, and so on, each split the best of several multilevel bisections on
// cut edges; targets without such a hierarchy, and fixed vertices, go to drb (policy=breadth,
// unwrapped=8, as in the default strategy). Parameters:
//   runs    = independent multilevel bipartitions per bisection, the best kept (default 4, 1..100)
//   coarse, ratio, tries, passes, moves, slack as for drb.
MethodPtr make_msec_method(const MethodParams& params);
extern const char* const kMsecKeys[];  // null-terminated

// Multilevel k-way refinement of a complete mapping on the full cost (sum of edge weight x
// terminal distance): the graph is coarsened with each vertex's terminal as a constraint, then,
// from the coarsest level to the finest, boundary vertices move to a terminal of one of their
// neighbours when the cost decreases and the target loads stay within the tolerance. Fixed
// vertices never move.
// Parameters:
//   passes  = passes over the boundary vertices per level (default 6, 0..100); stops early
//             when a pass gains nothing.
//   levels  = coarse levels at most (default 30, 0..100; 0: the finest level only).
//   climb   = after each level's greedy passes, hill-climbing passes (negative gains allowed)
//             that stop this many moves past their cheapest point and roll back to it
//             (default 0: none; 0..1e6).
//   scope   = the vertices each greedy pass after a level's first visits: boundary (default,
//             the level's whole boundary) or moves (those around the last pass's moves,
//             PassScope::around_moves).
//   cycles  = multilevel cycles at most, each coarsening anew around the last one's mapping
//             and refining it again; they stop when one lowers the cost no more (default 1,
//             1..100).
MethodPtr make_kway_method(const MethodParams& params);
extern const char* const kKwayKeys[];  // null-terminated

// A single V-cycle for big graphs (vcycle.cpp; Karypis and Kumar's multilevel k-way scheme
// applied to mapping, as in Walshaw and Cross, "Multilevel mesh partitioning for heterogeneous
// communication networks"): the whole graph is coarsened once by heavy-edge matching (coarse
// vertices weigh at most 1.5 x the mean weight at the coarsest level) down to about `coarse`
// vertices per terminal, or until a level no longer shrinks by 10 %; the coarsest graph is
// mapped by drb (its terminals allowed one heaviest coarse vertex above the bound); then, from
// the coarsest level to the finest, the mapping is projected and refined as kway refines each
// of its levels (a coarse level's bound raised by its heaviest vertex), the finest level's
// overloaded terminals relieved last. Fixed vertices merge only with fixed vertices of their terminal and never move. On a
// variable-sized target it is drb. Parameters:
//   coarse  = vertices per terminal at the coarsest level (default 64, 1..1e6)
//   passes  = greedy passes per level (default 4, 0..100), each after the first around the
//             last one's moves; stops early when a pass moves nothing
//   runs    = drb's multilevel bipartitions per job on the coarsest graph (default 2, 1..100)
//   treeruns = drb's treeruns on the coarsest graph (default 0, 0..100)
MethodPtr make_vcycle_method(const MethodParams& params);
extern const char* const kVcycleKeys[];  // null-terminated

// One-to-one mapping as a sparse quadratic assignment problem (seed 000): the graph has as many
// vertices as the target has terminals and each terminal gets one vertex (one_to_one.hpp has
// the rule and what happens otherwise). Fixed vertices keep their terminals.
//   identity  vertex i on terminal i (no parameter).
//   random    a random permutation from the strategy's generator (no parameter).
//   mm        Müller-Merbach's greedy construction on the sparse graph (no parameter).
//   gac       GreedyAllC, the same with communication-weighted distances (no parameter).
//   topdown   perfectly balanced splits along the target's hierarchy, top first; the
//             bipartitioner's keys coarse, ratio, tries, passes, moves, slack as for drb.
//   bottomup  perfectly balanced groups of the lowest level, contracted, grouped again upward,
//             then assigned; same keys as topdown. Needs a hierarchical target (tleaf).
MethodPtr make_identity_method(const MethodParams& params);
extern const char* const kIdentityKeys[];
MethodPtr make_random_method(const MethodParams& params);
extern const char* const kRandomKeys[];
MethodPtr make_mm_method(const MethodParams& params);
extern const char* const kMmKeys[];
MethodPtr make_gac_method(const MethodParams& params);
extern const char* const kGacKeys[];
MethodPtr make_topdown_method(const MethodParams& params);
extern const char* const kTopdownKeys[];
MethodPtr make_bottomup_method(const MethodParams& params);
extern const char* const kBottomupKeys[];

// Hoefler and Snir's mappers ("Generic topology mapping strategies for large-scale parallel
// architectures", seed 003), on any target, any number of vertices per terminal within the load
// bound, a permutation in one-to-one mode (one_to_one.hpp); `pre=1` pre-partitions the graph
// into one part per terminal first (prepartition.hpp) when vertices outnumber terminals.
//   recursive  recursive bisection of graph and target together (recursive_bisection.hpp);
//              the bipartitioner's keys coarse, ratio, tries, passes, moves, slack as for
//              drb, pre.
//   greedy     heaviest-edge-first embedding, each vertex on the closest terminal with room
//              by (hops, current congestion) (greedy.cpp); start = first terminal (default 0), pre.
//   rcm        reverse Cuthill-McKee orders of graph and link graph matched position by
//              position (rcm.cpp); pre.
//   ta         threshold accepting on (MC, WH) by exchanges of a complete mapping (ta.cpp);
//              rounds (20, 1..1e4), steps (16, 0.01..1e4), threshold (0.05, 0..100).
// They need a target with links (arch/network.hpp), Error(not_supported) otherwise.
MethodPtr make_recursive_method(const MethodParams& params);
extern const char* const kRecursiveKeys[];
MethodPtr make_greedy_method(const MethodParams& params);
extern const char* const kGreedyKeys[];
MethodPtr make_rcm_method(const MethodParams& params);
extern const char* const kRcmKeys[];
MethodPtr make_ta_method(const MethodParams& params);
extern const char* const kTaKeys[];

// Deveci, Kaya, Uçar and Çatalyürek's mappers ("Fast and high quality topology-aware task
// mapping", seed 004) for targets with links (Error(not_supported) otherwise), meant for sparse
// allocations (`sub` of a torus); umpa_common.hpp, umpa_greedy.cpp, umpa_wh.cpp and
// umpa_congestion.cpp (umpa_mc, umpa_mmc) have the details. WH is measured with the target's
// distances (hops on meshes, tori, hypercubes and their sub). Several vertices per terminal:
// umpa_greedy maps the quotient of a partition into one part per terminal; the refinements
// exchange whole nodes' contents (the node level).
//   umpa_greedy  Algorithm 1: greedy growth with N_BFS farthest-first seeds and GETBESTNODE;
//                nbfs = largest N_BFS, one mapping per N_BFS in 0..nbfs, the least WH kept
//                (default 1, 0..100); the pre-partition's keys coarse, ratio, tries, passes,
//                moves, slack as for drb.
//   umpa_wh      Algorithm 2: WH exchanges with the first delta terminals of a BFS from the
//                neighbours' terminals (default 8, 1..1e6); passes while one gains at least
//                stop x WH (default 0.005, 0..1).
//   umpa_mc      Algorithm 3 on MC (volume / bandwidth of the most loaded link); delta as above.
//   umpa_mmc     Algorithm 3 on MMC (messages over the most loaded link); delta as above.
MethodPtr make_umpa_greedy_method(const MethodParams& params);
extern const char* const kUmpaGreedyKeys[];
MethodPtr make_umpa_wh_method(const MethodParams& params);
extern const char* const kUmpaWhKeys[];
MethodPtr make_umpa_mc_method(const MethodParams& params);
extern const char* const kUmpaMcKeys[];
MethodPtr make_umpa_mmc_method(const MethodParams& params);
extern const char* const kUmpaMmcKeys[];

// Pair-exchange local search with O(d_u + d_v) gains on the KwayState (seed 000 §3.2-3.3), on
// any complete mapping (exchanges keep the load bounds). Parameters:
//   nbh     = n2 (every pair) | np (pairs inside blocks of consecutive slots, Brandfass et al.)
//             | comm (pairs within d hops in the graph: N_C^d; default)
//   d       = hop bound of nbh=comm (default 10, 1..1e6)
//   block   = slots per block of nbh=np (default 64, 2..1e6)
//   rounds  = work bound: at most rounds x n vertices are taken from the queue of active
//             vertices; the search stops earlier at a local optimum (default 100, 1..1e6)
MethodPtr make_swap_method(const MethodParams& params);
extern const char* const kSwapKeys[];  // null-terminated

// Kernighan-Lin pair-swap passes with locking (seed 002's KL baseline) on a complete mapping, or
// on a seeded random balanced one for the vertices at -1; terminals above the load bound are
// relieved first (repair_overload). A pass exchanges the terminals of the unlocked pair of highest
// swap gain (negative ones too) and locks both, then undoes the exchanges after its best point; a
// vertex's partners are the vertices on the terminals of its neighbours and of their neighbours
// (bounded per vertex); exchanges keep the terminals within their capacities.
// Parameters:
//   passes  = passes at most (default 10, 0..1000); stops when a pass gains nothing
//   moves   = exchanges past the best point before a pass stops (default 100, 1..1e6)
MethodPtr make_kl_method(const MethodParams& params);
extern const char* const kKlKeys[];  // null-terminated

// Simulated annealing (seed 002's SA baseline) on a complete mapping, or on a seeded random
// balanced one for the vertices at -1: moves and exchanges toward neighbours' terminals,
// overload above the load bound penalised in the energy while annealing (as in the seed),
// Metropolis acceptance, geometric cooling, the best mapping kept and its overload repaired.
// Parameters:
//   alpha   = cooling factor per temperature (default 0.95, 0.5..0.999)
//   steps   = trials per movable vertex and temperature (default 10, 0.01..1e4)
//   accept  = acceptance ratio of uphill trials at the first temperature (default 0.5, 0.01..0.99)
//   swap    = share of trials that are exchanges rather than moves (default 0.5, 0..1)
//   frozen  = temperatures in a row with under 1 % uphill acceptance and no better mapping
//             before it stops (default 5, 1..1000)
//   penalty = weight of a unit of overload, in edge weight per unit of load (default 4, 0..1e6)
MethodPtr make_sa_method(const MethodParams& params);
extern const char* const kSaKeys[];  // null-terminated

// Mean-field annealing for hypercubes (seed 002 §2, lg P Ising spins per vertex) and with P Potts
// spins per vertex on any target (the general formulation). Both map every free vertex (the
// given mapping is ignored except for fixed vertices), round the spins and bring the terminals
// within the load bound of the strategy's tolerance (repair_overload, which makes room for heavy
// vertices; what it cannot place stays above the bound, mapping_start.hpp).
// mfa_hcub refuses targets other than hcub D. Parameters (both, see mfa_common.hpp):
//   beta    = weight of the balance term (default 2, 0..1e6; scaled by the graph, mfa_common.hpp)
//   alpha   = cooling factor per temperature (default 0.9, 0.5..0.999)
//   tstart  = first temperature in units of the critical temperature (default 1, 0.01..100)
//   sweeps  = updates of every vertex per temperature at most (default 4, 1..1000)
//   sat     = mean probability of each vertex's likeliest terminal that ends the schedule
//             (default 0.99, 0.5..0.9999)
//   temps   = temperatures at most (default 2000, 1..1e5)
MethodPtr make_mfa_hcub_method(const MethodParams& params);
MethodPtr make_mfa_method(const MethodParams& params);
extern const char* const kMfaKeys[];  // null-terminated, both methods

}  // namespace tartan
