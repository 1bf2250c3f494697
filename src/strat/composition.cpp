#include "strat/composition.hpp"

#include <cstdint>
#include <utility>

#include "common/error.hpp"
#include "arch/distance_oracle.hpp"
#include "arch/network.hpp"
#include "mapping/link_loads.hpp"
#include "mapping/kway_state.hpp"

namespace tartan {

void SequenceMethod::apply(MappingContext& ctx) const {
  for (const MethodPtr& step : steps_) step->apply(ctx);
}

namespace {

// (MC, WH) of a mapping on arch's network (LinkLoads along the static routes), the order
// best=mc compares mappings by.
std::pair<double, double> congestion_and_hops(const Graph& graph, const Network& network,
                                              const std::vector<Num>& part) {
  LinkLoads loads(network);
  double wh = 0;
  for (Num v = 0; v < graph.vertnbr; ++v)
    for (Num arc = graph.verttab[v]; arc < graph.vendtab[v]; ++arc) {
      const Num u = graph.edgetab[arc] - graph.baseval;
      const double w = static_cast<double>(graph.arc_weight(arc));
      if (w > 0 && part[u] != part[v]) wh += w * loads.add_message(part[v], part[u], w);
    }
  return {loads.max_congestion(), wh};
}

}  // namespace

void BestOfMethod::apply(MappingContext& ctx) const {
  std::vector<Random> generators;
  generators.reserve(alternatives_.size());
  for (std::size_t i = 0; i < alternatives_.size(); ++i) generators.push_back(ctx.random.split());
  const std::vector<Num> start = ctx.parttab;
  const DistanceOracle distance(ctx.arch);
  const Network* network = criterion_ == BestCriterion::mc ? &network_of(ctx.arch) : nullptr;
  std::vector<Num> best;
  std::pair<double, double> best_value;
  for (std::size_t i = 0; i < alternatives_.size(); ++i) {
    std::vector<Num> candidate = start;
    MappingContext branch{ctx.graph,     ctx.arch,      candidate, ctx.fixed,
                          ctx.imbalance, generators[i], ctx.phases};
    alternatives_[i]->apply(branch);
    const std::pair<double, double> value =
        network != nullptr
            ? congestion_and_hops(ctx.graph, *network, candidate)
            : std::pair<double, double>(
                  static_cast<double>(mapping_cost(ctx.graph, distance, candidate.data())), 0.0);
    if (i == 0 || value < best_value) {
      best_value = value;
      best = std::move(candidate);
    }
  }
  if (!alternatives_.empty()) ctx.parttab = std::move(best);
}

const char* variable_name(StrategyVariable variable) {
  switch (variable) {
    case StrategyVariable::vert: return "vert";
    case StrategyVariable::edge: return "edge";
    case StrategyVariable::term: return "term";
    case StrategyVariable::load: return "load";
  }
  return "?";
}

double StrategyVariables::value(StrategyVariable variable) const {
  switch (variable) {
    case StrategyVariable::vert: return vert;
    case StrategyVariable::edge: return edge;
    case StrategyVariable::term: return term;
    case StrategyVariable::load: return load;
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
  MappingContext adjusted{ctx.graph, ctx.arch,   ctx.parttab, ctx.fixed,
                          imbalance_, ctx.random, ctx.phases};
  method_->apply(adjusted);
}

}  // namespace tartan
