#include "mapping/mfa_common.hpp"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "mapping/balance.hpp"
#include "mapping/mapping_start.hpp"

namespace tartan {

const char* const kMfaKeys[] = {"beta", "alpha", "tstart", "sweeps", "sat", "temps", nullptr};

MfaOptions read_mfa_options(const MethodParams& params, const std::string& method) {
  (void)method;  // the parser names the method in its messages
  MfaOptions options;
  options.beta = params.number("beta", options.beta, 0, 1e6);
  options.alpha = params.number("alpha", options.alpha, 0.5, 0.999);
  options.tstart = params.number("tstart", options.tstart, 0.01, 100);
  options.sweeps = static_cast<int>(params.integer("sweeps", options.sweeps, 1, 1000));
  options.sat = params.number("sat", options.sat, 0.5, 0.9999);
  options.temps = static_cast<int>(params.integer("temps", options.temps, 1, 100000));
  return options;
}

double edge_matrix_eigenvalue(const CsrGraph& graph, Random& random) {
  constexpr int kIterations = 40;
  const Num n = graph.vertex_count();
  if (n == 0) return 0;
  std::vector<double> x(static_cast<std::size_t>(n)), y(static_cast<std::size_t>(n));
  double ww = 0;
  for (Num v = 0; v < n; ++v) {
    x[v] = random.unit() - 0.5;
    ww += static_cast<double>(graph.vwgt[v]) * graph.vwgt[v];
  }
  auto deflate_and_normalise = [&](std::vector<double>& z) {
    double dot = 0;
    for (Num v = 0; v < n; ++v) dot += z[v] * graph.vwgt[v];
    double norm = 0;
    for (Num v = 0; v < n; ++v) {
      if (ww > 0) z[v] -= dot / ww * graph.vwgt[v];
      norm += z[v] * z[v];
    }
    norm = std::sqrt(norm);
    if (norm > 0)
      for (double& value : z) value /= norm;
    return norm;
  };
  deflate_and_normalise(x);
  double lambda = 0;
  for (int it = 0; it < kIterations; ++it) {
    for (Num v = 0; v < n; ++v) {
      double sum = 0;
      for (Num arc = graph.xadj[v]; arc < graph.xadj[v + 1]; ++arc)
        if (graph.adjncy[arc] != v) sum += graph.adjwgt[arc] * x[graph.adjncy[arc]];
      y[v] = sum;
    }
    lambda = deflate_and_normalise(y);
    if (lambda == 0) break;
    x.swap(y);
  }
  return lambda;
}

double balance_scale(const CsrGraph& graph, Num terminals) {
  double arcs = 0;
  for (Num w : graph.adjwgt) arcs += w;
  const double total = static_cast<double>(graph.total_vertex_weight());
  if (total <= 0 || terminals <= 0 || arcs <= 0) return 1.0 / std::max(1.0, total);
  return (arcs / total) / (total / static_cast<double>(terminals));
}

std::vector<Num> free_vertices_shuffled(const std::vector<char>& pinned, Random& random) {
  std::vector<Num> order;
  for (Num i = 0; i < static_cast<Num>(pinned.size()); ++i)
    if (!pinned[i]) order.push_back(i);
  random.shuffle(order);
  return order;
}

MfaScheduleCounts run_mfa_schedule(const MfaOptions& options, double critical,
                                   const std::function<double(double)>& sweep_once,
                                   const std::function<double()>& saturation) {
  MfaScheduleCounts counts;
  double temperature = options.tstart * (critical > 0 ? critical : 1.0);
  const double coldest = temperature * kColdestRatio;
  // The plateau's cooling step: four ordinary steps at once.
  const double quench = std::pow(options.alpha, 4);
  double previous = 0;
  for (int step = 0; step < options.temps && temperature > coldest; ++step) {
    ++counts.temperatures;
    for (int sweep = 0; sweep < options.sweeps; ++sweep) {
      ++counts.sweeps;
      if (sweep_once(temperature) < kSettled) break;
    }
    const double now = saturation();
    if (now >= options.sat) break;
    const bool plateau = now >= kPlateauFloor && now - previous < kPlateauGain;
    counts.quenches += plateau ? 1 : 0;
    previous = now;
    temperature *= plateau ? quench : options.alpha;
  }
  return counts;
}

namespace {

class MfaFamilyMethod : public MappingMethod {
 public:
  MfaFamilyMethod(const MfaOptions& options, const std::string& method, MfaAnneal anneal)
      : options_(options), anneal_phase_(method + " anneal"),
        balance_phase_(method + " balance"), anneal_(std::move(anneal)) {}

  void apply(MappingContext& ctx) const override {
    validate_context(ctx);
    const CsrGraph graph = csr_from_graph(ctx.graph);
    const std::vector<char> pinned = pinned_vertices(ctx);
    const std::vector<std::int64_t> capacity =
        terminal_capacities(ctx.arch, total_vertex_load(ctx.graph), ctx.imbalance);
    const DistanceOracle distance(ctx.arch);
    std::vector<Num> part;
    {
      PhaseLog::Timer timer(ctx.phases, anneal_phase_.c_str());
      part = anneal_(MfaInput{ctx.arch, distance, graph, pinned, ctx.parttab, options_, ctx.random});
    }
    PhaseLog::Timer timer(ctx.phases, balance_phase_.c_str());
    for (Num v = 0; v < graph.vertex_count(); ++v)
      if (pinned[v]) part[v] = ctx.parttab[v];
    KwayState state(graph, distance, std::move(part), capacity);
    repair_overload(state, pinned);
    ctx.parttab = state.release_part();
  }

 private:
  MfaOptions options_;
  std::string anneal_phase_, balance_phase_;
  MfaAnneal anneal_;
};

}  // namespace

MethodPtr make_mfa_family_method(const MethodParams& params, const std::string& method,
                                 MfaAnneal anneal) {
  return std::make_unique<MfaFamilyMethod>(read_mfa_options(params, method), method,
                                           std::move(anneal));
}

}  // namespace tartan
