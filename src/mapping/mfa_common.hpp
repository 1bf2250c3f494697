// What the two mean-field annealing methods share (mfa_hcub.cpp, mfa.cpp; seed 002): their
// options and how a strategy sets them, the critical-temperature estimate, the scale of the
// balance term, the cooling schedule and the apply() around the annealing (setup, rounding
// repair). Each method keeps only its spins and their update.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/method_params.hpp"
#include "common/random.hpp"
#include "arch/distance_oracle.hpp"
#include "graph/coarsening.hpp"
#include "mapping/method.hpp"

namespace tartan {

struct MfaOptions {
  double beta = 2.0;     // weight of the balance term, scaled by balance_scale()
  double alpha = 0.9;    // cooling: T <- alpha T after each temperature
  double tstart = 1.0;   // first temperature, in units of the critical temperature
  int sweeps = 4;        // updates of every vertex per temperature at most
  double sat = 0.99;     // stop when the mean probability of the likeliest terminal reaches it
  int temps = 2000;      // temperatures at most
};

// Spins (probabilities) are kept inside [kSpinMin, kSpinMax] so that no product of them
// underflows and no division by one of them overflows.
constexpr double kSpinMin = 1e-12;
constexpr double kSpinMax = 1.0 - 1e-12;
// A temperature stops sweeping when no spin changed by more than this in a sweep.
constexpr double kSettled = 1e-3;
// The schedule stops below this share of the first temperature, saturated or not.
constexpr double kColdestRatio = 1e-5;
// Seed 002 states no schedule of its own (it takes the general formulation's from Bultan and
// Aykanat, "A new mapping heuristic based on mean field annealing"): the constants here are ours.
// Saturation plateau: once the spins have ordered (saturation at least kPlateauFloor), a
// temperature that raised the saturation by less than kPlateauGain is followed by four cooling
// steps at once. Measured on 2-D meshes onto hcub 8 (bench/README, seed002.py): past about
// 0.95 the saturation creeps for many temperatures (the vertices on part boundaries, whose
// fields nearly cancel, decide only when T falls to their small fields), and the number of
// such temperatures grew with N (48 and 56 temperatures in all at 4 * 10^4 and 10^5 vertices
// against 37 at 10^4); quenching through the plateau keeps the count near-constant in N (33,
// 33 and 34) without rounding those vertices early (stopping at the plateau cost 3 to 6 % more).
constexpr double kPlateauFloor = 0.5;
constexpr double kPlateauGain = 1e-3;

// The parameters of `method` (beta, alpha, tstart, sweeps, sat, temps) with their ranges.
MfaOptions read_mfa_options(const MethodParams& params, const std::string& method);
extern const char* const kMfaKeys[];  // null-terminated, shared by mfa and mfa_hcub

// Largest eigenvalue (in modulus) of the edge-weight matrix of graph on the vectors orthogonal to
// the vertex weights (the balance term pins that direction), by a seeded power iteration. The
// uniform spins turn unstable below T_c = lambda / 2 for the hypercube's Ising spins, and below
// lambda * mu / P for P Potts states whose distance matrix D has mu as largest eigenvalue of -D
// on the vectors summing to 0 (mu = P / 2 on a hypercube: the two agree there).
double edge_matrix_eigenvalue(const CsrGraph& graph, Random& random);

// Edge weight per unit of vertex load (sum over arcs / total load) divided by the mean load of
// one of `terminals` terminals: the factor that makes beta = 1 weigh a relative overload of 1
// like the edges of a vertex.
double balance_scale(const CsrGraph& graph, Num terminals);

// The free (not pinned) vertices in a seeded random order: the order of the updates.
std::vector<Num> free_vertices_shuffled(const std::vector<char>& pinned, Random& random);

// What a schedule ran: temperatures, sweeps in all, and how many temperatures were followed
// by a quench (see kPlateauGain).
struct MfaScheduleCounts {
  int temperatures = 0;
  int sweeps = 0;
  int quenches = 0;
};

// The cooling schedule: from options.tstart times critical (1 if critical <= 0: no edges),
// up to options.sweeps calls of sweep_once(T) per temperature (returning the largest spin
// change; below kSettled ends the temperature), until saturation() reaches options.sat,
// options.temps temperatures or kColdestRatio of the first one. T <- alpha T after each
// temperature, alpha^4 T on a saturation plateau (kPlateauFloor, kPlateauGain).
MfaScheduleCounts run_mfa_schedule(const MfaOptions& options, double critical,
                                   const std::function<double(double)>& sweep_once,
                                   const std::function<double()>& saturation);

// What one annealing needs from apply(): the target and its distances, the graph, the fixed
// vertices, the given mapping and the options.
struct MfaInput {
  const Architecture& arch;
  const DistanceOracle& distance;
  const CsrGraph& graph;
  const std::vector<char>& pinned;
  const std::vector<Num>& part;
  const MfaOptions& options;
  Random& random;
};
using MfaAnneal = std::function<std::vector<Num>(const MfaInput&)>;

// A method of the family (options read from params): its apply() does validate_context, CSR
// graph, fixed vertices, capacities, distances; then anneal (phase "<method> anneal") returns
// the rounded mapping; fixed vertices get their terminals back and repair_overload enforces the
// load bound ("<method> balance").
MethodPtr make_mfa_family_method(const MethodParams& params, const std::string& method,
                                 MfaAnneal anneal);

}  // namespace tartan
