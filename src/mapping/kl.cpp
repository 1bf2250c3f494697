// Kernighan-Lin pair-swap passes with locking (the "kl" method; seed 002's KL baseline), on the
// shared KwayState. A pass repeatedly exchanges the terminals of the unlocked pair of highest
// swap gain, even a negative one, and locks both; when it has gone `moves` exchanges past its
// best cumulative gain (or no pair is left) it undoes the exchanges after the best point.
// Passes repeat while one gains. A pair's candidates for a vertex u are the vertices on other
// terminals within two edges of u (kMaxPartners at most), and an exchange must keep both terminals
// within their capacities (or not add to their loads): loads are kept, not balanced, by swaps.
#include <algorithm>
#include <queue>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "mapping/mapping_start.hpp"
#include "mapping/methods.hpp"

namespace tartan {

namespace {

using I64 = std::int64_t;

// Partners examined per vertex when looking for its best exchange.
constexpr Num kMaxPartners = 48;

struct KlOptions {
  int passes = 10;
  Num moves = 100;
};

class PairSwapPass {
 public:
  PairSwapPass(KwayState& state, const std::vector<char>& pinned, const KlOptions& options)
      : state_(state), pinned_(pinned), options_(options),
        locked_(pinned.size(), 0), stamp_(pinned.size(), 0), seen_(pinned.size(), 0) {}

  // One pass; returns the cost decrease it kept (>= 0).
  I64 run() {
    std::fill(locked_.begin(), locked_.end(), 0);
    heap_ = Heap();
    std::vector<Num> start(state_.boundary());
    std::sort(start.begin(), start.end());
    for (Num u : start) push_best(u);

    struct Done {
      Num u, v;
    };
    std::vector<Done> done;
    I64 gained = 0, best = 0;
    std::size_t best_length = 0;
    while (!heap_.empty()) {
      const Entry top = heap_.top();
      heap_.pop();
      if (locked_[top.u]) continue;
      if (locked_[top.v] || stamp_[top.u] != top.stamp_u || stamp_[top.v] != top.stamp_v) {
        push_best(top.u);  // stale: look again
        continue;
      }
      gained -= state_.swap(top.u, top.v);
      done.push_back({top.u, top.v});
      locked_[top.u] = locked_[top.v] = 1;
      touch(top.u);
      touch(top.v);
      if (gained > best) {
        best = gained;
        best_length = done.size();
      } else if (static_cast<Num>(done.size() - best_length) >= options_.moves) {
        break;
      }
      refresh_around(top.u);
      refresh_around(top.v);
    }
    while (done.size() > best_length) {
      state_.swap(done.back().u, done.back().v);
      done.pop_back();
    }
    return best;
  }

 private:
  struct Entry {
    I64 gain;
    Num u, v;
    std::uint32_t stamp_u, stamp_v;
    bool operator<(const Entry& other) const {  // max-heap: highest gain, then lowest pair
      if (gain != other.gain) return gain < other.gain;
      if (u != other.u) return u > other.u;
      return v > other.v;
    }
  };
  using Heap = std::priority_queue<Entry>;

  // The gains of u, of its neighbours and of their partners changed: new stamps.
  void touch(Num u) {
    const CsrGraph& g = state_.graph();
    ++stamp_[u];
    for (Num arc = g.xadj[u]; arc < g.xadj[u + 1]; ++arc) ++stamp_[g.adjncy[arc]];
  }

  void refresh_around(Num u) {
    const CsrGraph& g = state_.graph();
    for (Num arc = g.xadj[u]; arc < g.xadj[u + 1]; ++arc) push_best(g.adjncy[arc]);
  }

  // True if exchanging u and v keeps both terminals within capacity or adds to neither.
  bool loads_allow(Num u, Num v) const {
    const CsrGraph& g = state_.graph();
    const Num tu = state_.terminal(u), tv = state_.terminal(v);
    const I64 wu = g.vwgt[u], wv = g.vwgt[v];
    const bool u_side = wv <= wu || state_.load(tu) - wu + wv <= state_.capacity(tu);
    const bool v_side = wu <= wv || state_.load(tv) - wv + wu <= state_.capacity(tv);
    return u_side && v_side;
  }

  void consider(Num u, Num v, Entry& best) {
    if (seen_[v] == mark_) return;
    seen_[v] = mark_;
    if (locked_[v] || pinned_[v] || state_.terminal(v) == state_.terminal(u)) return;
    ++examined_;
    if (!loads_allow(u, v)) return;
    const I64 gain = state_.swap_gain(u, v);
    if (best.v == -1 || gain > best.gain || (gain == best.gain && v < best.v))
      best = {gain, u, v, 0, 0};
  }

  // Pushes u's best exchange among the vertices on other terminals within two edges of u.
  void push_best(Num u) {
    if (locked_[u] || pinned_[u] || !state_.on_boundary(u)) return;
    const CsrGraph& g = state_.graph();
    const Num tu = state_.terminal(u);
    if (++mark_ == 0) {
      std::fill(seen_.begin(), seen_.end(), 0);
      mark_ = 1;
    }
    seen_[u] = mark_;
    examined_ = 0;
    Entry best{0, u, -1, 0, 0};
    for (Num arc = g.xadj[u]; arc < g.xadj[u + 1] && examined_ < kMaxPartners; ++arc) {
      const Num x = g.adjncy[arc];
      if (state_.terminal(x) != tu) consider(u, x, best);
      for (Num arc2 = g.xadj[x]; arc2 < g.xadj[x + 1] && examined_ < kMaxPartners; ++arc2)
        consider(u, g.adjncy[arc2], best);
    }
    if (best.v == -1) return;
    best.stamp_u = stamp_[u];
    best.stamp_v = stamp_[best.v];
    heap_.push(best);
  }

  KwayState& state_;
  const std::vector<char>& pinned_;
  KlOptions options_;
  std::vector<char> locked_;
  std::vector<std::uint32_t> stamp_;
  std::vector<std::uint32_t> seen_;
  std::uint32_t mark_ = 0;
  Num examined_ = 0;
  Heap heap_;
};

class KlMethod : public MappingMethod {
 public:
  explicit KlMethod(const KlOptions& options) : options_(options) {}

  void apply(MappingContext& ctx) const override {
    refine_kway_mapping(ctx, "kl", [&](KwayState& state, const std::vector<char>& pinned) {
      PairSwapPass pass(state, pinned, options_);
      for (int p = 0; p < options_.passes; ++p)
        if (pass.run() <= 0) break;
    });
  }

 private:
  KlOptions options_;
};

}  // namespace

const char* const kKlKeys[] = {"passes", "moves", nullptr};

MethodPtr make_kl_method(const MethodParams& params) {
  KlOptions options;
  options.passes = static_cast<int>(params.integer("passes", options.passes, 0, 1000));
  options.moves = params.integer("moves", options.moves, 1, 1000000);
  return std::make_unique<KlMethod>(options);
}

}  // namespace tartan
