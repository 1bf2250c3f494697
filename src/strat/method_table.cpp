// The public mapping methods. A new heuristic adds its file in src/mapping, its factory and key
// list to src/mapping/methods.hpp, and one line here; doc/strategy.md documents its parameters.
#include "strat/method_table.hpp"

#include "mapping/methods.hpp"

namespace tartan {

const MethodTable& mapping_method_table() {
  static const MethodTable table = {
      {"drb", "dual recursive bipartitioning (multilevel, FM refinement on mapping costs)",
       kDrbKeys, make_drb_method},
      {"msec", "multisection along the target's hierarchy, top level first (tleaf; else drb)",
       kMsecKeys, make_msec_method},
      {"kway", "k-way refinement of a complete mapping on the full communication cost",
       kKwayKeys, make_kway_method},
      {"vcycle",
       "single V-cycle: the graph coarsened once in a breadth-first order, drb on the coarsest, "
       "k-way refined",
       kVcycleKeys, make_vcycle_method},
      {"identity", "one-to-one: vertex i on terminal i", kIdentityKeys, make_identity_method},
      {"random", "one-to-one: a random permutation", kRandomKeys, make_random_method},
      {"mm", "one-to-one: Mueller-Merbach's greedy construction", kMmKeys, make_mm_method},
      {"gac", "one-to-one: GreedyAllC greedy construction", kGacKeys, make_gac_method},
      {"topdown", "one-to-one: perfectly balanced splits along the target hierarchy, top first",
       kTopdownKeys, make_topdown_method},
      {"bottomup", "one-to-one: perfectly balanced groups from the lowest hierarchy level up",
       kBottomupKeys, make_bottomup_method},
      {"recursive", "recursive bisection of graph and target together (Hoefler-Snir)",
       kRecursiveKeys, make_recursive_method},
      {"greedy", "greedy embedding by heaviest edges onto the closest free terminal (Hoefler-Snir)",
       kGreedyKeys, make_greedy_method},
      {"rcm", "reverse Cuthill-McKee orders of graph and target matched (Hoefler-Snir)", kRcmKeys,
       make_rcm_method},
      {"ta", "threshold accepting on max congestion, ties by weighted hops (Hoefler-Snir)",
       kTaKeys, make_ta_method},
      {"swap", "pair-exchange local search (nbh=n2|np|comm, d=)", kSwapKeys, make_swap_method},
      {"orient", "reflections, axis exchanges and turns of mesh, torus and hypercube domains", kOrientKeys, make_orient_method},
      {"kl", "Kernighan-Lin pair-swap passes with locking", kKlKeys, make_kl_method},
      {"sa", "simulated annealing with moves and exchanges", kSaKeys, make_sa_method},
      {"umpa_greedy", "Deveci et al.'s greedy growth with BFS seeds (nbfs=)", kUmpaGreedyKeys,
       make_umpa_greedy_method},
      {"umpa_wh", "Deveci et al.'s weighted-hop exchanges (delta=, stop=)", kUmpaWhKeys,
       make_umpa_wh_method},
      {"umpa_mc", "Deveci et al.'s max-congestion (volume) refinement (delta=)", kUmpaMcKeys,
       make_umpa_mc_method},
      {"umpa_mmc", "Deveci et al.'s max message congestion refinement (delta=)", kUmpaMmcKeys,
       make_umpa_mmc_method},
      {"mfa_hcub", "mean-field annealing on hypercubes, lg P Ising spins per vertex", kMfaKeys,
       make_mfa_hcub_method},
      {"mfa", "mean-field annealing, P Potts spins per vertex, any target", kMfaKeys,
       make_mfa_method},
  };
  return table;
}

const MethodEntry* find_method(const MethodTable& table, const std::string& name) {
  for (const MethodEntry& entry : table)
    if (name == entry.name) return &entry;
  return nullptr;
}

}  // namespace tartan
