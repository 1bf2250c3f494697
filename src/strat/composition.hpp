// The strategy grammar's composition methods (doc/strategy.md): sequence `a;b`, best-of
// `(a|b)`, condition `/cond?a:b;`, and the `bal` parameter every method accepts. Each is a
// MappingMethod over other methods, so strategies nest without limit.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "mapping/method.hpp"

namespace tartan {

// Runs its methods one after the other on the same mapping.
class SequenceMethod : public MappingMethod {
 public:
  explicit SequenceMethod(std::vector<MethodPtr> steps) : steps_(std::move(steps)) {}
  void apply(MappingContext& ctx) const override;

 private:
  std::vector<MethodPtr> steps_;
};

// What a best-of keeps: the lowest communication cost (mapping_cost, the default), or the
// lowest maximum congestion MC of NETWORKS.md, ties by weighted hops WH (`(a|b){best=mc}`, as
// Hoefler and Snir keep "the mapping with the lowest congestion"; targets with links only).
enum class BestCriterion { cost, mc };

// Runs every alternative from the same starting mapping, each with its own generator split
// from the context's (in order, before any runs), and keeps the best mapping by criterion;
// ties go to the earlier alternative.
class BestOfMethod : public MappingMethod {
 public:
  explicit BestOfMethod(std::vector<MethodPtr> alternatives,
                        BestCriterion criterion = BestCriterion::cost)
      : alternatives_(std::move(alternatives)), criterion_(criterion) {}
  void apply(MappingContext& ctx) const override;

 private:
  std::vector<MethodPtr> alternatives_;
  BestCriterion criterion_;
};

// The values a condition may test.
enum class StrategyVariable { vert, edge, term, load, tree };
const char* variable_name(StrategyVariable variable);

struct StrategyVariables {
  double vert = 0;  // vertices of the graph
  double edge = 0;  // edges (each counted once)
  double term = 0;  // terminals of the target (0 for variable-sized targets)
  double load = 0;  // sum of vertex loads
  // 1 when the target's distance is a tree's (DistanceOracle::tree_least_distance > 0: tleaf,
  // ltleaf, cmplt, `sub` of one), else 0
  double tree = 0;
  double value(StrategyVariable variable) const;
};
StrategyVariables variables_of(const MappingContext& ctx);

// A boolean expression over StrategyVariables: comparisons joined by & | ! and parentheses.
class Condition {
 public:
  enum class Kind { compare, both, either, negate };
  enum class Relation { less, less_equal, greater, greater_equal, equal, not_equal };
  struct Operand {
    bool is_variable = false;
    StrategyVariable variable = StrategyVariable::vert;
    double constant = 0;
  };

  static std::unique_ptr<Condition> comparison(Operand left, Relation relation, Operand right);
  static std::unique_ptr<Condition> combine(Kind kind, std::unique_ptr<Condition> left,
                                            std::unique_ptr<Condition> right);
  static std::unique_ptr<Condition> negation(std::unique_ptr<Condition> operand);

  bool holds(const StrategyVariables& variables) const;

 private:
  Kind kind_ = Kind::compare;
  Operand left_value_, right_value_;
  Relation relation_ = Relation::equal;
  std::unique_ptr<Condition> left_, right_;
};

// Runs then_method if the condition holds for the context's graph and target, else
// else_method (which may be null: nothing is done).
class ConditionMethod : public MappingMethod {
 public:
  ConditionMethod(std::unique_ptr<Condition> condition, MethodPtr then_method,
                  MethodPtr else_method)
      : condition_(std::move(condition)),
        then_(std::move(then_method)),
        else_(std::move(else_method)) {}
  void apply(MappingContext& ctx) const override;

 private:
  std::unique_ptr<Condition> condition_;
  MethodPtr then_, else_;
};

// Runs a method with another imbalance tolerance (a method's `bal` parameter; below 0: the
// enclosing one), with room > 0 (its `room` parameter) raised to room x terminals / load, the
// tolerance at which a terminal may exceed the mean share of the load by room units, when that
// is above it and within the enclosing tolerance (else it is left as it is: the enclosing one
// would not hold the room either). Why: a tolerance below one unit of that share leaves
// terminals of equal integer shares full, and a refinement that moves vertices can move none.
class ImbalanceMethod : public MappingMethod {
 public:
  ImbalanceMethod(MethodPtr method, double imbalance, double room)
      : method_(std::move(method)), imbalance_(imbalance), room_(room) {}
  void apply(MappingContext& ctx) const override;

 private:
  MethodPtr method_;
  double imbalance_;
  double room_;
};

}  // namespace tartan
