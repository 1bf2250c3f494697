#include "strat/composition.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>

#include "common/error.hpp"
#include "common/parallel.hpp"
#include "arch/distance_oracle.hpp"
#include "arch/network.hpp"
#include "metrics/network_stats.hpp"
#include "mapping/kway_state.hpp"

namespace tartan {

namespace {

// StrategyVariables::tree. Only tree-leaves and complete graphs, or a `sub` of one, can have a
// tree's distance, so no oracle is built for the other kinds (a deco 2 target's would allocate
// its pair cache at every condition).
bool tree_distance(const Architecture& arch) {
  DistanceForm form = arch.distance_form();
  while (form.kind == DistanceForm::Kind::sub) form = form.parent->distance_form();
  if (form.kind != DistanceForm::Kind::tree_leaf && form.kind != DistanceForm::Kind::complete)
    return false;
  return DistanceOracle(arch).tree_least_distance() > 0;
}

}  // namespace

void SequenceMethod::apply(MappingContext& ctx) const {
  for (const MethodPtr& step : steps_) step->apply(ctx);
}

void BestOfMethod::apply(MappingContext& ctx) const {
  std::vector<Random> generators;
  generators.reserve(alternatives_.size());
  for (std::size_t i = 0; i < alternatives_.size(); ++i) generators.push_back(ctx.random.split());
  const DistanceOracle distance(ctx.arch);
  // The alternatives are independent (each its own generator, mapping and phase log), so they
  // run on separate threads when the context has some, sharing them out; the best (first on a
  // tie) is kept whatever the thread count: the cheapest, or with best=mc the lowest maximum
  // congestion, ties broken by weighted hops.
  const bool by_mc = criterion_ == BestCriterion::mc;
  if (by_mc) network_of(ctx.arch);  // a target without links is refused before any run
  const int count = static_cast<int>(alternatives_.size());
  std::vector<std::vector<Num>> candidates(alternatives_.size(), ctx.parttab);
  std::vector<std::pair<double, double>> values(alternatives_.size());
  std::vector<PhaseLog> logs(alternatives_.size());
  const int inner_threads = std::max(1, ctx.threads / std::max(1, count));
  parallel_for(count, ctx.threads, [&](int i) {
    MappingContext branch{ctx.graph,     ctx.arch,      candidates[i],
                          ctx.fixed,     ctx.imbalance, generators[i],
                          ctx.phases != nullptr ? &logs[i] : nullptr, inner_threads};
    alternatives_[i]->apply(branch);
    if (by_mc) {
      const NetworkStats stats = compute_network_stats(ctx.graph, ctx.arch, candidates[i].data());
      values[i] = {stats.mc, static_cast<double>(stats.wh)};
    } else {
      values[i] = {static_cast<double>(mapping_cost(ctx.graph, distance, candidates[i].data())),
                   0.0};
    }
  });
  int best = 0;
  for (int i = 0; i < count; ++i) {
    if (ctx.phases != nullptr) ctx.phases->merge(logs[i]);
    if (values[i] < values[best]) best = i;
  }
  if (count > 0) ctx.parttab = std::move(candidates[best]);
}

const char* variable_name(StrategyVariable variable) {
  switch (variable) {
    case StrategyVariable::vert: return "vert";
    case StrategyVariable::edge: return "edge";
    case StrategyVariable::term: return "term";
    case StrategyVariable::load: return "load";
    case StrategyVariable::tree: return "tree";
  }
  return "?";
}

double StrategyVariables::value(StrategyVariable variable) const {
  switch (variable) {
    case StrategyVariable::vert: return vert;
    case StrategyVariable::edge: return edge;
    case StrategyVariable::term: return term;
    case StrategyVariable::load: return load;
    case StrategyVariable::tree: return tree;
  }
  return 0;
}

StrategyVariables variables_of(const MappingContext& ctx) {
  StrategyVariables variables;
  variables.vert = static_cast<double>(ctx.graph.vertnbr);
  variables.edge = static_cast<double>(ctx.graph.edgenbr / 2);
  variables.term = ctx.arch.variable_sized() ? 0.0 : static_cast<double>(ctx.arch.size());
  double load = 0;
  for (Num v = 0; v < ctx.graph.vertnbr; ++v) load += static_cast<double>(ctx.graph.vertex_load(v));
  variables.load = load;
  variables.tree = tree_distance(ctx.arch) ? 1.0 : 0.0;
  return variables;
}

std::unique_ptr<Condition> Condition::comparison(Operand left, Relation relation,
                                                 Operand right) {
  auto node = std::make_unique<Condition>();
  node->kind_ = Kind::compare;
  node->left_value_ = left;
  node->relation_ = relation;
  node->right_value_ = right;
  return node;
}

std::unique_ptr<Condition> Condition::combine(Kind kind, std::unique_ptr<Condition> left,
                                              std::unique_ptr<Condition> right) {
  auto node = std::make_unique<Condition>();
  node->kind_ = kind;
  node->left_ = std::move(left);
  node->right_ = std::move(right);
  return node;
}

std::unique_ptr<Condition> Condition::negation(std::unique_ptr<Condition> operand) {
  auto node = std::make_unique<Condition>();
  node->kind_ = Kind::negate;
  node->left_ = std::move(operand);
  return node;
}

bool Condition::holds(const StrategyVariables& variables) const {
  switch (kind_) {
    case Kind::both: return left_->holds(variables) && right_->holds(variables);
    case Kind::either: return left_->holds(variables) || right_->holds(variables);
    case Kind::negate: return !left_->holds(variables);
    case Kind::compare: break;
  }
  auto value = [&](const Operand& operand) {
    return operand.is_variable ? variables.value(operand.variable) : operand.constant;
  };
  const double a = value(left_value_), b = value(right_value_);
  switch (relation_) {
    case Relation::less: return a < b;
    case Relation::less_equal: return a <= b;
    case Relation::greater: return a > b;
    case Relation::greater_equal: return a >= b;
    case Relation::equal: return a == b;
    case Relation::not_equal: return a != b;
  }
  return false;
}

void ConditionMethod::apply(MappingContext& ctx) const {
  const MethodPtr& chosen = condition_->holds(variables_of(ctx)) ? then_ : else_;
  if (chosen) chosen->apply(ctx);
}

void ImbalanceMethod::apply(MappingContext& ctx) const {
  double imbalance = imbalance_ >= 0 ? imbalance_ : ctx.imbalance;
  if (room_ > 0 && imbalance < ctx.imbalance) {
    const StrategyVariables variables = variables_of(ctx);
    const double needed =
        variables.load > 0 ? room_ * variables.term / variables.load : ctx.imbalance + 1;
    if (needed <= ctx.imbalance) imbalance = std::max(imbalance, needed);
  }
  MappingContext adjusted{ctx.graph, ctx.arch,  ctx.parttab, ctx.fixed,
                          imbalance, ctx.random, ctx.phases, ctx.threads};
  method_->apply(adjusted);
}

}  // namespace tartan
