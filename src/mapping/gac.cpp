// `gac`: GreedyAllC (Glantz, Meyerhenke and Noe; seed 000 §2), Müller-Merbach's construction
// with the terminal chosen by communication-weighted distances (greedy_construction.hpp).
#include "mapping/greedy_construction.hpp"
#include "mapping/methods.hpp"

namespace tartan {

namespace {

class GreedyAllCMethod : public MappingMethod {
 public:
  void apply(MappingContext& ctx) const override {
    greedy_one_to_one(ctx, GreedyRule::greedy_all_c, "gac");
  }
};

}  // namespace

const char* const kGacKeys[] = {nullptr};

MethodPtr make_gac_method(const MethodParams&) { return std::make_unique<GreedyAllCMethod>(); }

}  // namespace tartan
