// Mean-field annealing for hypercubes (the "mfa_hcub" method; seed 002 §2): each vertex i carries
// D = lg P Ising spins, v[i][d] the probability that i is on a terminal whose bit d is 1, so an
// iteration over the vertices costs O((N + M) D + N P D) instead of the Potts formulation's
// N P^2. The energy is E = E^C + beta' E^B with
//   E^C = sum over edges e_ij sum_d v_id (1 - v_jd) + (1 - v_id) v_jd     (expected Hamming cost)
//   E^B = 1/2 sum_i sum_{j != i} w_i w_j sum_p Z_ip Z_jp,  Z_ip = prod_d (v_id or 1 - v_id)
// and the mean field phi_id = -dE/dv_id sets v_id = 1 / (1 + exp(-phi_id / T)), vertex by vertex
// (a seeded random order), at each temperature until the spins settle. The schedule starts at
// `tstart` times the critical temperature T_c, where the uniform solution v = 1/2 turns unstable
// (T_c = lambda / 2, lambda the largest eigenvalue of the edge-weight matrix away from the
// load-weighted uniform vector, found by power iteration), and multiplies T by `alpha` (alpha^4
// through a saturation plateau, mfa_common.hpp) until the spins saturate (mean probability of
// each vertex's likeliest terminal >= `sat`). The spins are
// then rounded (bit d = [v_id > 1/2]) and terminals over the load bound are relieved by the
// shared repair (mapping_start.hpp). The weight beta' is `beta` times the edge weight per unit of
// load divided by a terminal's mean load, so that beta = 1 weighs a terminal holding twice its
// share like a vertex's edges. The mapping it is given is ignored except for fixed vertices,
// whose spins are held at their terminal's bits.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "mapping/mfa_common.hpp"
#include "mapping/methods.hpp"

namespace tartan {

namespace {

constexpr int kMaxHypercubeDims = 24;

class HypercubeAnnealing {
 public:
  HypercubeAnnealing(const CsrGraph& graph, int dimensions, const std::vector<char>& pinned,
                     const std::vector<Num>& part, const MfaOptions& options, Random& random)
      : g_(graph), dims_(dimensions), terminals_(Num(1) << dimensions), pinned_(pinned),
        options_(options), n_(graph.vertex_count()),
        spin_(static_cast<std::size_t>(n_) * static_cast<std::size_t>(dims_)),
        load_(static_cast<std::size_t>(terminals_), 0.0),
        z_(static_cast<std::size_t>(terminals_)), z_old_(static_cast<std::size_t>(terminals_)) {
    // Free spins start at 1/2 with a small seeded perturbation; fixed ones at their bits.
    for (Num i = 0; i < n_; ++i)
      for (int d = 0; d < dims_; ++d) {
        double& v = spin(i, d);
        if (pinned_[i])
          v = ((part[i] >> d) & 1) ? kSpinMax : kSpinMin;
        else
          v = 0.5 + kNoise * (random.unit() - 0.5);
      }
    for (Num i = 0; i < n_; ++i) {
      terminal_probabilities(i, z_);
      for (Num p = 0; p < terminals_; ++p) load_[p] += g_.vwgt[i] * z_[p];
    }
    order_ = free_vertices_shuffled(pinned_, random);
    beta_ = options.beta * balance_scale(graph, terminals_);
  }

  void anneal(double critical) {
    if (order_.empty()) return;
    run_mfa_schedule(
        options_, critical, [this](double temperature) { return sweep_once(temperature); },
        [this] { return saturation(); });
  }

  // The rounded mapping: bit d of vertex i's terminal is [v_id > 1/2].
  std::vector<Num> rounded() const {
    std::vector<Num> part(static_cast<std::size_t>(n_));
    for (Num i = 0; i < n_; ++i) {
      Num t = 0;
      for (int d = 0; d < dims_; ++d)
        if (spin(i, d) > 0.5) t |= Num(1) << d;
      part[i] = t;
    }
    return part;
  }

 private:
  double& spin(Num i, int d) { return spin_[static_cast<std::size_t>(i) * dims_ + d]; }
  double spin(Num i, int d) const { return spin_[static_cast<std::size_t>(i) * dims_ + d]; }

  // z[p] = Z_ip, the probability of i on terminal p: products built bit by bit.
  void terminal_probabilities(Num i, std::vector<double>& z) const {
    z[0] = 1.0;
    Num filled = 1;
    for (int d = 0; d < dims_; ++d) {
      const double one = spin(i, d);
      const double zero = 1.0 - one;
      for (Num p = 0; p < filled; ++p) {
        z[p + filled] = z[p] * one;
        z[p] *= zero;
      }
      filled <<= 1;
    }
  }

  // Updates every free vertex once; returns the largest change of a spin.
  double sweep_once(double temperature) {
    double largest = 0;
    for (Num i : order_) largest = std::max(largest, update(i, temperature));
    return largest;
  }

  double update(Num i, double temperature) {
    const double w = g_.vwgt[i];
    terminal_probabilities(i, z_old_);
    // F_p = expected load of p without i; A1[d], A0[d]: sums of F_p Z_ip over p with bit d 1, 0.
    double a1[kMaxDims] = {}, a0[kMaxDims] = {};
    for (Num p = 0; p < terminals_; ++p) {
      const double fz = (load_[p] - w * z_old_[p]) * z_old_[p];
      for (int d = 0; d < dims_; ++d) {
        if ((p >> d) & 1)
          a1[d] += fz;
        else
          a0[d] += fz;
      }
    }
    double change = 0;
    for (int d = 0; d < dims_; ++d) {
      // -dE^C/dv_id = sum_j e_ij (2 v_jd - 1).
      double field = 0;
      for (Num arc = g_.xadj[i]; arc < g_.xadj[i + 1]; ++arc) {
        const Num j = g_.adjncy[arc];
        if (j != i) field += g_.adjwgt[arc] * (2.0 * spin(j, d) - 1.0);
      }
      // -dE^B/dv_id = -w_i (sum_{p_d=1} F_p Z_ip^d - sum_{p_d=0} F_p Z_ip^d),
      // with Z_ip^d = Z_ip / v_id or Z_ip / (1 - v_id).
      const double v = spin(i, d);
      field -= beta_ * w * (a1[d] / v - a0[d] / (1.0 - v));
      const double fresh = logistic(field / temperature);
      change = std::max(change, std::fabs(fresh - v));
      spin(i, d) = fresh;
    }
    terminal_probabilities(i, z_);
    for (Num p = 0; p < terminals_; ++p) load_[p] += w * (z_[p] - z_old_[p]);
    return change;
  }

  // Mean over the free vertices of the probability of their likeliest terminal.
  double saturation() const {
    double sum = 0;
    for (Num i : order_) {
      double likeliest = 1.0;
      for (int d = 0; d < dims_; ++d) likeliest *= std::max(spin(i, d), 1.0 - spin(i, d));
      sum += likeliest;
    }
    return sum / static_cast<double>(order_.size());
  }

  static double logistic(double x) {
    const double v = 1.0 / (1.0 + std::exp(-x));
    return std::min(kSpinMax, std::max(kSpinMin, v));
  }

  static constexpr double kNoise = 0.02;
  static constexpr int kMaxDims = kMaxHypercubeDims;

  const CsrGraph& g_;
  int dims_;
  Num terminals_;
  const std::vector<char>& pinned_;
  MfaOptions options_;
  Num n_;
  std::vector<double> spin_;
  std::vector<double> load_;
  std::vector<double> z_, z_old_;
  std::vector<Num> order_;
  double beta_ = 0;
};

int hypercube_dimension(const Architecture& arch) {
  if (std::string(arch.kind_name()) != "hcub")
    fail_invalid(std::string("mfa_hcub maps onto hypercubes (hcub D) only; the target is '") +
                 arch.kind_name() + "' (use mfa for other targets)");
  int dims = 0;
  while ((Num(1) << dims) < arch.size()) ++dims;
  if (dims > kMaxHypercubeDims)
    fail_invalid("mfa_hcub keeps the expected load of each of the 2^" + std::to_string(dims) +
                 " terminals: hypercubes of dimension " + std::to_string(kMaxHypercubeDims) +
                 " at most");
  return dims;
}

std::vector<Num> anneal_hypercube(const MfaInput& in) {
  const int dims = hypercube_dimension(in.arch);
  HypercubeAnnealing annealing(in.graph, dims, in.pinned, in.part, in.options, in.random);
  annealing.anneal(edge_matrix_eigenvalue(in.graph, in.random) / 2.0);
  return annealing.rounded();
}

}  // namespace

MethodPtr make_mfa_hcub_method(const MethodParams& params) {
  return make_mfa_family_method(params, "mfa_hcub", anneal_hypercube);
}

}  // namespace tartan
