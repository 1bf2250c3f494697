// `umpa_mmc`: Deveci, Kaya, Uçar and Çatalyürek's refinement of MMC (the largest message count over the links)
// under the target's static routes ("Fast and high quality topology-aware task mapping",
// Algorithm 3), on the node level; the engine is refine_congestion (umpa_common.hpp).
#include <memory>

#include "mapping/methods.hpp"
#include "mapping/umpa_common.hpp"

namespace tartan {

namespace {

class UmpaMmcMethod : public MappingMethod {
 public:
  explicit UmpaMmcMethod(Num delta) : delta_(delta) {}

  void apply(MappingContext& ctx) const override {
    refine_node_level(ctx, "umpa_mmc",
                      [&](KwayState& state, const NodeLevel& level, const Network& network) {
                        refine_congestion(state, level, network, delta_, true);
                      });
  }

 private:
  Num delta_;
};

}  // namespace

const char* const kUmpaMmcKeys[] = {"delta", nullptr};

MethodPtr make_umpa_mmc_method(const MethodParams& params) {
  return std::make_unique<UmpaMmcMethod>(params.integer("delta", 8, 1, 1000000));
}

}  // namespace tartan
