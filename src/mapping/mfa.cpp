// Mean-field annealing with Potts spins (the "mfa" method; the general formulation seed 002
// compares with): each vertex i carries P spins v[i][p], the probability that i is on terminal p
// (summing to 1), on any target with terminal distances. The energy is
//   E = sum over edges e_ij sum_p sum_q d(p, q) v_ip v_jq
//     + beta' 1/2 sum_i sum_{j != i} w_i w_j sum_p v_ip v_jp
// and each free vertex in turn (a seeded random order) takes v_ip proportional to
// exp(phi_ip / T), phi_ip = -dE/dv_ip. The updates are sparse: the neighbours' distributions are
// summed first (entries below kNegligible left out), then the expected cost toward each terminal
// p takes one distance row per terminal that sum holds, so an update costs O(d P + P s) for s
// such terminals (P^2 while the spins are spread, far less once they settle). Schedule, critical
// temperature (lambda mu / P, mu from a power iteration on the distance rows), saturation, beta'
// and the final rounding (likeliest terminal, then the shared repair of the load bound) are those
// of mfa_hcub (mfa_common.hpp). The mapping it is given is ignored except for fixed vertices.
#include <algorithm>
#include <cmath>
#include <vector>

#include "mapping/mfa_common.hpp"
#include "mapping/methods.hpp"

namespace tartan {

namespace {

// Spin values below this are left out of the neighbours' summed distribution.
constexpr double kNegligible = 1e-6;
// Power iterations for the distance matrix's eigenvalue.
constexpr int kDistanceIterations = 20;

// Largest eigenvalue of -D on the vectors summing to 0, D the terminal distance matrix, by a
// seeded power iteration over distance rows (P^2 distances per iteration).
double distance_eigenvalue(const DistanceOracle& distance, Random& random) {
  const Num k = distance.size();
  if (k < 2) return 0;
  std::vector<Num> all(static_cast<std::size_t>(k)), row(static_cast<std::size_t>(k));
  for (Num t = 0; t < k; ++t) all[t] = t;
  std::vector<double> x(static_cast<std::size_t>(k)), y(static_cast<std::size_t>(k));
  for (double& value : x) value = random.unit() - 0.5;
  auto centre_and_normalise = [&](std::vector<double>& z) {
    double mean = 0;
    for (double value : z) mean += value;
    mean /= static_cast<double>(k);
    double norm = 0;
    for (double& value : z) {
      value -= mean;
      norm += value * value;
    }
    norm = std::sqrt(norm);
    if (norm > 0)
      for (double& value : z) value /= norm;
    return norm;
  };
  centre_and_normalise(x);
  double mu = 0;
  for (int it = 0; it < kDistanceIterations; ++it) {
    std::fill(y.begin(), y.end(), 0.0);
    for (Num q = 0; q < k; ++q) {
      distance.row(q, all.data(), all.size(), row.data());
      for (Num p = 0; p < k; ++p) y[p] -= row[p] * x[q];
    }
    mu = centre_and_normalise(y);
    if (mu == 0) break;
    x.swap(y);
  }
  return mu;
}

class PottsAnnealing {
 public:
  PottsAnnealing(const CsrGraph& graph, const DistanceOracle& distance,
                 const std::vector<char>& pinned, const std::vector<Num>& part,
                 const MfaOptions& options, Random& random)
      : g_(graph), distance_(distance), k_(distance.size()), pinned_(pinned), options_(options),
        n_(graph.vertex_count()),
        spin_(static_cast<std::size_t>(n_) * static_cast<std::size_t>(k_)),
        load_(static_cast<std::size_t>(k_), 0.0), all_(static_cast<std::size_t>(k_)),
        row_(static_cast<std::size_t>(k_)), sum_(static_cast<std::size_t>(k_)),
        field_(static_cast<std::size_t>(k_)) {
    for (Num t = 0; t < k_; ++t) all_[t] = t;
    for (Num i = 0; i < n_; ++i) {
      double* v = spins(i);
      if (pinned_[i]) {
        v[part[i]] = 1.0;
      } else {
        double total = 0;
        for (Num p = 0; p < k_; ++p) total += (v[p] = 1.0 + kNoise * (random.unit() - 0.5));
        for (Num p = 0; p < k_; ++p) v[p] /= total;
      }
      for (Num p = 0; p < k_; ++p) load_[p] += g_.vwgt[i] * v[p];
    }
    order_ = free_vertices_shuffled(pinned_, random);
    beta_ = options.beta * balance_scale(graph, k_);
  }

  void anneal(double critical) {
    if (order_.empty() || k_ < 2) return;
    run_mfa_schedule(
        options_, critical, [this](double temperature) { return sweep_once(temperature); },
        [this] { return saturation(); });
  }

  // The likeliest terminal of each vertex (the lowest on a tie).
  std::vector<Num> rounded() const {
    std::vector<Num> part(static_cast<std::size_t>(n_));
    for (Num i = 0; i < n_; ++i) {
      const double* v = spins(i);
      part[i] = static_cast<Num>(std::max_element(v, v + k_) - v);
    }
    return part;
  }

 private:
  double* spins(Num i) { return &spin_[static_cast<std::size_t>(i) * static_cast<std::size_t>(k_)]; }
  const double* spins(Num i) const {
    return &spin_[static_cast<std::size_t>(i) * static_cast<std::size_t>(k_)];
  }

  double sweep_once(double temperature) {
    double largest = 0;
    for (Num i : order_) largest = std::max(largest, update(i, temperature));
    return largest;
  }

  double update(Num i, double temperature) {
    const double w = g_.vwgt[i];
    // The neighbours' distributions, summed with the edge weights.
    std::fill(sum_.begin(), sum_.end(), 0.0);
    for (Num arc = g_.xadj[i]; arc < g_.xadj[i + 1]; ++arc) {
      const Num j = g_.adjncy[arc];
      if (j == i) continue;
      const double* v = spins(j);
      const double e = g_.adjwgt[arc];
      for (Num q = 0; q < k_; ++q)
        if (v[q] >= kNegligible) sum_[q] += e * v[q];
    }
    // phi_ip = -sum_q d(p, q) sum_q - beta' w (load_p - w v_ip).
    double* v = spins(i);
    for (Num p = 0; p < k_; ++p) field_[p] = -beta_ * w * (load_[p] - w * v[p]);
    for (Num q = 0; q < k_; ++q) {
      if (sum_[q] == 0) continue;
      distance_.row(q, all_.data(), all_.size(), row_.data());
      const double s = sum_[q];
      for (Num p = 0; p < k_; ++p) field_[p] -= s * row_[p];
    }
    const double top = *std::max_element(field_.begin(), field_.end());
    double total = 0;
    for (Num p = 0; p < k_; ++p) total += (field_[p] = std::exp((field_[p] - top) / temperature));
    double change = 0;
    for (Num p = 0; p < k_; ++p) {
      const double fresh = field_[p] / total;
      change = std::max(change, std::fabs(fresh - v[p]));
      load_[p] += w * (fresh - v[p]);
      v[p] = fresh;
    }
    return change;
  }

  double saturation() const {
    double sum = 0;
    for (Num i : order_) {
      const double* v = spins(i);
      sum += *std::max_element(v, v + k_);
    }
    return sum / static_cast<double>(order_.size());
  }

  static constexpr double kNoise = 0.02;

  const CsrGraph& g_;
  const DistanceOracle& distance_;
  Num k_;
  const std::vector<char>& pinned_;
  MfaOptions options_;
  Num n_;
  std::vector<double> spin_;
  std::vector<double> load_;
  std::vector<Num> all_, row_;
  std::vector<double> sum_, field_;
  std::vector<Num> order_;
  double beta_ = 0;
};

std::vector<Num> anneal_potts(const MfaInput& in) {
  PottsAnnealing annealing(in.graph, in.distance, in.pinned, in.part, in.options, in.random);
  const double lambda = edge_matrix_eigenvalue(in.graph, in.random);
  const double mu = distance_eigenvalue(in.distance, in.random);
  annealing.anneal(lambda * mu / static_cast<double>(std::max<Num>(1, in.distance.size())));
  return annealing.rounded();
}

}  // namespace

MethodPtr make_mfa_method(const MethodParams& params) {
  return make_mfa_family_method(params, "mfa", anneal_potts);
}

}  // namespace tartan
