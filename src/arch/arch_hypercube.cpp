// Hypercubes (hcub): terminal numbers are the vertices' bit labels, distances are Hamming
// distances. A domain is a sub-cube whose high bits are fixed (seed 001 §2.3.2): bipartition
// fixes the highest free bit. Between domains, the distance is the Hamming distance of the bits
// fixed in both plus half (rounded down, as SCOTCH) of the bits fixed in one only.
// Links (network.hpp): link t·dimension + k goes from t to t with bit k flipped; routes are
// e-cube (the differing bits flipped from the lowest to the highest).
#include <ostream>

#include "arch/arch_factory.hpp"
#include "arch/arch_numbers.hpp"
#include "arch/arch_registry.hpp"
#include "arch/network.hpp"

namespace tartan {
namespace {

// Domain words: [0] number of free (low) bits, [1] first terminal (free bits zero).
constexpr int kFree = 0, kFirst = 1;

class HypercubeArch final : public Architecture, public Network {
 public:
  explicit HypercubeArch(Num dimensions) : dimensions_(int(dimensions)) {
    require_at_least(dimensions, 1, "hypercube dimension");
    if (dimensions >= kNumValueBits)
      fail(ErrorCode::overflow, "hypercube of dimension " + std::to_string(dimensions) +
                                    ": 2^" + std::to_string(dimensions) +
                                    " terminals do not fit in TARTAN_Num");
  }

  const char* kind_name() const override { return "hcub"; }
  Num size() const override { return Num(1) << dimensions_; }

  Domain first_domain() const override { return cube(dimensions_, 0); }
  Domain terminal_domain(Num terminal) const override {
    if (terminal < 0 || terminal >= size())
      fail_invalid("terminal " + std::to_string(terminal) + " out of range [0, " +
                   std::to_string(size()) + ")");
    return cube(0, terminal);
  }
  Num domain_number(const Domain& dom) const override { return Num(dom.word[kFirst]); }
  Num domain_size(const Domain& dom) const override { return Num(1) << dom.word[kFree]; }
  Num domain_weight(const Domain& dom) const override { return domain_size(dom); }
  Num domain_distance(const Domain& a, const Domain& b) const override {
    const std::int64_t free_a = a.word[kFree], free_b = b.word[kFree];
    const std::int64_t free_max = free_a > free_b ? free_a : free_b;
    const std::uint64_t differ =
        std::uint64_t(a.word[kFirst] ^ b.word[kFirst]) >> free_max;
    return Num(__builtin_popcountll(differ) + (free_a > free_b ? free_a - free_b : free_b - free_a) / 2);
  }
  Num terminal_distance(Num a, Num b) const override {
    return Num(__builtin_popcountll(std::uint64_t(a ^ b)));
  }
  DistanceForm distance_form() const override {
    return DistanceForm::of_kind(DistanceForm::Kind::hypercube);
  }
  Num terminal_weight(Num) const override { return 1; }

  bool bipartition(const Domain& dom, Domain& part0, Domain& part1) const override {
    const std::int64_t free = dom.word[kFree];
    if (free == 0) return false;
    part0 = cube(free - 1, dom.word[kFirst]);
    part1 = cube(free - 1, dom.word[kFirst] | (std::int64_t(1) << (free - 1)));
    return true;
  }
  bool domain_includes(const Domain& outer, const Domain& inner) const override {
    return inner.word[kFree] <= outer.word[kFree] &&
           ((inner.word[kFirst] ^ outer.word[kFirst]) >> outer.word[kFree]) == 0;
  }
  Domain join(const Domain& a, const Domain& b) const override {
    std::int64_t free = a.word[kFree] > b.word[kFree] ? a.word[kFree] : b.word[kFree];
    while (((a.word[kFirst] ^ b.word[kFirst]) >> free) != 0) ++free;
    return cube(free, (a.word[kFirst] >> free) << free);
  }
  int domain_words() const override { return 2; }
  void check_domain(const Domain& dom) const override {
    const std::int64_t free = dom.word[kFree], first = dom.word[kFirst];
    if (free < 0 || free > dimensions_ || first < 0 || first >= size() ||
        ((first >> free) << free) != first)
      fail_invalid("not a domain of this hcub target");
  }

  std::unique_ptr<TargetMatcher> make_matcher(const std::vector<Num>&) const override {
    return std::make_unique<ProjectionMatcher>(dimensions_);
  }

  const Network* network() const override { return this; }
  Num node_count() const override { return size(); }
  LinkIndex link_count() const override { return LinkIndex(size()) * dimensions_; }
  Num hops(Num from, Num to) const override { return terminal_distance(from, to); }
  void route(Num from, Num to, std::vector<LinkIndex>& links) const override {
    for (int k = 0; k < dimensions_; ++k) {
      const Num bit = Num(1) << k;
      if (((from ^ to) & bit) == 0) continue;
      links.push_back(LinkIndex(from) * dimensions_ + k);
      from ^= bit;
    }
  }
  std::pair<Num, Num> link_ends(LinkIndex link) const override {
    check_link_index(link, link_count());
    const Num from = Num(link / dimensions_);
    return {from, from ^ (Num(1) << (link % dimensions_))};
  }

  void save(std::ostream& out) const override { out << "hcub " << dimensions_ << '\n'; }

 private:
  // Seed 001 §3.3: projection dimension after dimension; level i merges the vertices that differ
  // only in bit i.
  class ProjectionMatcher final : public TargetMatcher {
   public:
    explicit ProjectionMatcher(int dimensions) : remaining_(dimensions) {}
    std::int64_t finest_label(Num terminal) const override { return terminal; }
    bool coarsen_level() override {
      if (remaining_ == 0) return false;
      --remaining_;
      return true;
    }
    std::int64_t coarse_label(std::int64_t label) const override { return label >> 1; }

   private:
    int remaining_;
  };

  static Domain cube(std::int64_t free, std::int64_t first) {
    Domain dom;
    dom.word[kFree] = free;
    dom.word[kFirst] = first;
    return dom;
  }

  int dimensions_;
};

}  // namespace

ArchPtr make_hypercube(Num dimensions) { return std::make_shared<HypercubeArch>(dimensions); }

ArchPtr read_hypercube(io::TextReader& reader) {
  const Num dimensions = reader.read_num_at_least("hcub dimension", 1);
  return reader.located([&] { return make_hypercube(dimensions); });
}

}  // namespace tartan
