// `random` (seed 000 §4.1.3): a uniformly random one-to-one mapping drawn from the strategy's
// generator (same seed, same permutation). Fixed vertices keep their terminals; the others are
// spread over the terminals left by a Fisher-Yates shuffle.
#include "mapping/methods.hpp"
#include "mapping/one_to_one.hpp"

namespace tartan {

namespace {

class RandomMethod : public MappingMethod {
 public:
  void apply(MappingContext& ctx) const override {
    OneToOne free = prepare_one_to_one(ctx, "random");
    std::vector<Num>& terminals = free.free_terminals;
    ctx.random.shuffle(terminals);
    for (std::size_t i = 0; i < free.free_vertices.size(); ++i)
      ctx.parttab[free.free_vertices[i]] = terminals[i];
  }
};

}  // namespace

const char* const kRandomKeys[] = {nullptr};

MethodPtr make_random_method(const MethodParams&) { return std::make_unique<RandomMethod>(); }

}  // namespace tartan
