// `identity` (seed 000 §4.1.3): vertex i on terminal i, the baseline of every mapping table.
// Fixed vertices keep their terminals; the other vertices, in increasing order, take the
// terminals left, in increasing order (the plain identity when nothing is fixed).
#include "mapping/methods.hpp"
#include "mapping/one_to_one.hpp"

namespace tartan {

namespace {

class IdentityMethod : public MappingMethod {
 public:
  void apply(MappingContext& ctx) const override {
    const OneToOne free = prepare_one_to_one(ctx, "identity");
    for (std::size_t i = 0; i < free.free_vertices.size(); ++i)
      ctx.parttab[free.free_vertices[i]] = free.free_terminals[i];
  }
};

}  // namespace

const char* const kIdentityKeys[] = {nullptr};

MethodPtr make_identity_method(const MethodParams&) { return std::make_unique<IdentityMethod>(); }

}  // namespace tartan
