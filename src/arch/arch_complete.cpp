// Complete graphs: cmplt (every terminal at distance 1 from every other) and cmpltw (the same
// with terminal weights). A domain is an interval of terminal numbers; the weighted kind cuts
// an interval where the two halves' weights are closest (terminals keep their numbers, so a
// domain stays an interval and its smallest terminal is its first one).
// Links (network.hpp): one each way between every two terminals, link a·(n−1) + b (b − 1 when
// b > a) from a to b; routes are direct.
#include <algorithm>
#include <ostream>

#include "arch/arch_factory.hpp"
#include "arch/arch_numbers.hpp"
#include "arch/arch_registry.hpp"
#include "arch/network.hpp"

namespace tartan {
namespace {

// Domain words: [0] first terminal, [1] terminal count.
constexpr int kFirst = 0, kCount = 1;

class CompleteArch final : public Architecture, public Network {
 public:
  // weights empty: cmplt (unit weights, nothing stored).
  CompleteArch(Num size, const std::vector<Num>& weights) : size_(size) {
    require_at_least(size, 1, "complete graph size");
    if (!weights.empty()) {
      prefix_.assign(1, 0);
      prefix_.reserve(weights.size() + 1);
      for (std::size_t i = 0; i < weights.size(); ++i) {
        require_at_least(weights[i], 1, "weight of terminal " + std::to_string(i));
        prefix_.push_back(checked_add(prefix_.back(), weights[i], "sum of terminal weights"));
      }
    }
  }

  const char* kind_name() const override { return prefix_.empty() ? "cmplt" : "cmpltw"; }
  Num size() const override { return size_; }

  Domain first_domain() const override { return interval(0, size_); }
  Domain terminal_domain(Num terminal) const override {
    if (terminal < 0 || terminal >= size_)
      fail_invalid("terminal " + std::to_string(terminal) + " out of range [0, " +
                   std::to_string(size_) + ")");
    return interval(terminal, 1);
  }
  Num domain_number(const Domain& dom) const override { return Num(dom.word[kFirst]); }
  Num domain_size(const Domain& dom) const override { return Num(dom.word[kCount]); }
  Num domain_weight(const Domain& dom) const override {
    if (prefix_.empty()) return Num(dom.word[kCount]);
    return prefix_[dom.word[kFirst] + dom.word[kCount]] - prefix_[dom.word[kFirst]];
  }
  Num domain_distance(const Domain& a, const Domain& b) const override {
    return (a.word[kFirst] == b.word[kFirst] && a.word[kCount] == b.word[kCount]) ? 0 : 1;
  }
  Num terminal_distance(Num a, Num b) const override { return a == b ? 0 : 1; }
  DistanceForm distance_form() const override {
    return DistanceForm::of_kind(DistanceForm::Kind::complete);
  }
  Num terminal_weight(Num terminal) const override {
    return prefix_.empty() ? 1 : prefix_[terminal + 1] - prefix_[terminal];
  }

  bool bipartition(const Domain& dom, Domain& part0, Domain& part1) const override {
    const Num first = Num(dom.word[kFirst]), count = Num(dom.word[kCount]);
    if (count < 2) return false;
    const Num cut = prefix_.empty() ? first + (count + 1) / 2 : balanced_cut(first, first + count);
    part0 = interval(first, cut - first);
    part1 = interval(cut, first + count - cut);
    return true;
  }
  bool domain_includes(const Domain& outer, const Domain& inner) const override {
    return inner.word[kFirst] >= outer.word[kFirst] &&
           inner.word[kFirst] + inner.word[kCount] <= outer.word[kFirst] + outer.word[kCount];
  }
  Domain join(const Domain& a, const Domain& b) const override {
    const std::int64_t first = std::min(a.word[kFirst], b.word[kFirst]);
    const std::int64_t end =
        std::max(a.word[kFirst] + a.word[kCount], b.word[kFirst] + b.word[kCount]);
    return interval(Num(first), Num(end - first));
  }
  int domain_words() const override { return 2; }
  void check_domain(const Domain& dom) const override {
    if (dom.word[kFirst] < 0 || dom.word[kCount] < 1 || dom.word[kFirst] >= size_ ||
        dom.word[kCount] > size_ - dom.word[kFirst])
      fail_invalid("not a domain of this " + std::string(kind_name()) + " target");
  }

  std::unique_ptr<TargetMatcher> make_matcher(const std::vector<Num>&) const override {
    return std::make_unique<PairingMatcher>(size_);
  }

  const Network* network() const override { return this; }
  Num node_count() const override { return size_; }
  LinkIndex link_count() const override {
    LinkIndex count;
    if (__builtin_mul_overflow(LinkIndex(size_), LinkIndex(size_) - 1, &count))
      fail(ErrorCode::overflow, "the links of a complete graph of " + std::to_string(size_) +
                                    " terminals do not fit in 64 bits");
    return count;
  }
  Num hops(Num from, Num to) const override { return from == to ? 0 : 1; }
  void route(Num from, Num to, std::vector<LinkIndex>& links) const override {
    if (from != to) links.push_back(LinkIndex(from) * (size_ - 1) + (to < from ? to : to - 1));
  }
  std::pair<Num, Num> link_ends(LinkIndex link) const override {
    check_link_index(link, link_count());
    const Num from = Num(link / (size_ - 1)), rest = Num(link % (size_ - 1));
    return {from, rest < from ? rest : rest + 1};
  }

  void save(std::ostream& out) const override {
    out << kind_name() << ' ' << size_;
    for (std::size_t i = 1; i < prefix_.size(); ++i) out << ' ' << prefix_[i] - prefix_[i - 1];
    out << '\n';
  }

 private:
  // Pairs terminals 2i and 2i+1, then coarse vertices the same way, until one is left.
  class PairingMatcher final : public TargetMatcher {
   public:
    explicit PairingMatcher(Num size) : vertices_(size) {}
    std::int64_t finest_label(Num terminal) const override { return terminal; }
    bool coarsen_level() override {
      if (vertices_ <= 1) return false;
      vertices_ = (vertices_ + 1) / 2;
      return true;
    }
    std::int64_t coarse_label(std::int64_t label) const override { return label >> 1; }

   private:
    Num vertices_;
  };

  static Domain interval(Num first, Num count) {
    Domain dom;
    dom.word[kFirst] = first;
    dom.word[kCount] = count;
    return dom;
  }

  // Cut point in (first, end) where the weights of [first, cut) and [cut, end) are closest.
  Num balanced_cut(Num first, Num end) const {
    const Num base = prefix_[first];
    const Num total = prefix_[end] - base;
    // First cut whose left weight reaches half the total, then the better of it and the one before.
    auto it = std::lower_bound(prefix_.begin() + first + 1, prefix_.begin() + end,
                               base + total / 2 + total % 2);
    Num cut = Num(it - prefix_.begin());
    if (cut >= end) cut = end - 1;
    if (cut - 1 > first) {
      const Num here = imbalance(prefix_[cut] - base, total);
      const Num before = imbalance(prefix_[cut - 1] - base, total);
      if (before <= here) --cut;
    }
    return cut;
  }

  static Num imbalance(Num left, Num total) {
    const Num right = total - left;
    return left > right ? left - right : right - left;
  }

  Num size_;
  std::vector<Num> prefix_;  // cmpltw: prefix_[i] = weight of terminals [0, i)
};

}  // namespace

ArchPtr make_complete(Num size) { return std::make_shared<CompleteArch>(size, std::vector<Num>()); }

ArchPtr make_weighted_complete(const std::vector<Num>& weights) {
  if (weights.empty()) fail_invalid("weighted complete graph size is 0, must be at least 1");
  return std::make_shared<CompleteArch>(Num(weights.size()), weights);
}

ArchPtr read_complete(io::TextReader& reader) {
  const Num size = reader.read_num_at_least("cmplt size", 1);
  return reader.located([&] { return make_complete(size); });
}

ArchPtr read_weighted_complete(io::TextReader& reader) {
  const Num size = reader.read_num_at_least("cmpltw size", 1);
  std::vector<Num> weights;
  for (Num i = 0; i < size; ++i) {
    weights.push_back(reader.read_num_at_least("cmpltw terminal weight", 1));
  }
  return reader.located([&] { return make_weighted_complete(weights); });
}

}  // namespace tartan
