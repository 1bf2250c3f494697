// `mm`: Müller-Merbach's greedy one-to-one construction (seed 000 §2), on the sparse graph
// (greedy_construction.hpp).
#include "mapping/greedy_construction.hpp"
#include "mapping/methods.hpp"

namespace tartan {

namespace {

class MullerMerbachMethod : public MappingMethod {
 public:
  void apply(MappingContext& ctx) const override {
    greedy_one_to_one(ctx, GreedyRule::muller_merbach, "mm");
  }
};

}  // namespace

const char* const kMmKeys[] = {nullptr};

MethodPtr make_mm_method(const MethodParams&) { return std::make_unique<MullerMerbachMethod>(); }

}  // namespace tartan
