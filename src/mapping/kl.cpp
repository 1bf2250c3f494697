// Kernighan-Lin pair-swap passes with locking (the "kl" method; seed 002's KL baseline), on the
// shared KwayState. A pass repeatedly exchanges the terminals of the unlocked pair of highest
// swap gain, even a negative one, and locks both; when it has gone `moves` exchanges past its
// best cumulative gain (or no pair is left) it undoes the exchanges after the best point.
// Passes repeat while one gains. The partners of a vertex u are the vertices currently on the
// terminals of u's neighbours (the heaviest connections first), then on those of their neighbours
// (kPartnerTerminals terminals, kPerTerminal vertices of each and kMaxPartners in all at most):
// from a random start the vertex worth exchanging with u sits where u's neighbours are, which is
// rarely within a few edges of u, and the bounds keep a pass near-linear. The vertices of each
// terminal are kept in one array (an exchange swaps two entries: the counts per terminal never
// change), examined from a cursor that advances, so that successive looks at a terminal see
// different vertices. An exchange must keep both terminals within their capacities (or not add to
// their loads), checked again when it is taken: loads are kept, not balanced, by swaps; the start
// is balanced (mapping_start.hpp).
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

// Partners examined per vertex when looking for its best exchange: in all, terminals of its
// neighbours, and vertices per terminal.
constexpr Num kMaxPartners = 64;
constexpr std::size_t kPartnerTerminals = 16;
constexpr Num kPerTerminal = 12;
// Arcs of the two-edge neighbourhood looked at for those terminals at most.
constexpr Num kMaxScanned = 1024;

struct KlOptions {
  int passes = 10;
  Num moves = 100;
};

// The vertices of each terminal in use, in one array: terminal terms_[i] holds
// list_[first_[i] .. first_[i + 1]). Exchanges swap two entries.
class TerminalMembers {
 public:
  explicit TerminalMembers(const KwayState& state) {
    const Num n = state.graph().vertex_count();
    list_.resize(static_cast<std::size_t>(n));
    for (Num v = 0; v < n; ++v) list_[v] = v;
    std::stable_sort(list_.begin(), list_.end(),
                     [&](Num a, Num b) { return state.terminal(a) < state.terminal(b); });
    position_.resize(static_cast<std::size_t>(n));
    for (Num i = 0; i < n; ++i) {
      position_[list_[i]] = i;
      const Num t = state.terminal(list_[i]);
      if (terms_.empty() || terms_.back() != t) {
        terms_.push_back(t);
        first_.push_back(i);
      }
    }
    first_.push_back(n);
    cursor_.assign(terms_.size(), 0);
  }

  // Index of terminal t among the terminals in use, or -1.
  Num index(Num t) const {
    const auto it = std::lower_bound(terms_.begin(), terms_.end(), t);
    return it != terms_.end() && *it == t ? static_cast<Num>(it - terms_.begin()) : -1;
  }
  Num size(Num i) const { return first_[i + 1] - first_[i]; }
  // The next vertex of terminal i from its cursor (round the terminal's vertices).
  Num next(Num i) {
    const Num v = list_[first_[i] + cursor_[i]];
    if (++cursor_[i] == size(i)) cursor_[i] = 0;
    return v;
  }
  // u and v exchanged their terminals.
  void exchanged(Num u, Num v) {
    std::swap(list_[position_[u]], list_[position_[v]]);
    std::swap(position_[u], position_[v]);
  }

 private:
  std::vector<Num> list_, position_, terms_, first_, cursor_;
};

class PairSwapPass {
 public:
  PairSwapPass(KwayState& state, const std::vector<char>& pinned, const KlOptions& options)
      : state_(state), pinned_(pinned), options_(options), members_(state),
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
      // Stale: a gain changed, the partner was taken, or other exchanges filled a terminal.
      if (locked_[top.v] || stamp_[top.u] != top.stamp_u || stamp_[top.v] != top.stamp_v ||
          !loads_allow(top.u, top.v)) {
        push_best(top.u);
        continue;
      }
      gained -= exchange(top.u, top.v);
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
      exchange(done.back().u, done.back().v);
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

  I64 exchange(Num u, Num v) {
    members_.exchanged(u, v);
    return state_.swap(u, v);
  }

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
    if (locked_[v] || pinned_[v]) return;
    ++examined_;
    if (!loads_allow(u, v)) return;
    const I64 gain = state_.swap_gain(u, v);
    if (best.v == -1 || gain > best.gain || (gain == best.gain && v < best.v))
      best = {gain, u, v, 0, 0};
  }

  // Pushes u's best exchange among the vertices on its neighbours' terminals.
  void push_best(Num u) {
    if (locked_[u] || pinned_[u] || !state_.on_boundary(u)) return;
    const Num tu = state_.terminal(u);
    if (++mark_ == 0) {
      std::fill(seen_.begin(), seen_.end(), 0);
      mark_ = 1;
    }
    seen_[u] = mark_;
    examined_ = 0;
    near_ = state_.neighbour_terminals(u);
    // Heaviest connections first; lowest terminal on a tie.
    std::sort(near_.begin(), near_.end(), [](const auto& a, const auto& b) {
      return a.weight != b.weight ? a.weight > b.weight : a.terminal < b.terminal;
    });
    // Then the terminals of the neighbours' neighbours: near where u's neighbours are.
    terminals_.clear();
    for (const auto& near : near_)
      if (near.terminal != tu) terminals_.push_back(near.terminal);
    const CsrGraph& g = state_.graph();
    Num scanned = 0;  // arcs looked at, bounded on dense neighbourhoods
    for (Num arc = g.xadj[u]; arc < g.xadj[u + 1] && scanned < kMaxScanned; ++arc) {
      const Num x = g.adjncy[arc];
      for (Num arc2 = g.xadj[x]; arc2 < g.xadj[x + 1] && scanned < kMaxScanned; ++arc2) {
        ++scanned;
        const Num t = state_.terminal(g.adjncy[arc2]);
        if (terminals_.size() >= kPartnerTerminals) break;
        if (t != tu && std::find(terminals_.begin(), terminals_.end(), t) == terminals_.end())
          terminals_.push_back(t);
      }
    }
    if (terminals_.size() > kPartnerTerminals) terminals_.resize(kPartnerTerminals);
    Entry best{0, u, -1, 0, 0};
    for (Num t : terminals_) {
      if (examined_ >= kMaxPartners) break;
      const Num i = members_.index(t);
      const Num count = std::min(kPerTerminal, members_.size(i));
      for (Num j = 0; j < count && examined_ < kMaxPartners; ++j)
        consider(u, members_.next(i), best);
    }
    if (best.v == -1) return;
    best.stamp_u = stamp_[u];
    best.stamp_v = stamp_[best.v];
    heap_.push(best);
  }

  KwayState& state_;
  const std::vector<char>& pinned_;
  KlOptions options_;
  TerminalMembers members_;
  std::vector<char> locked_;
  std::vector<std::uint32_t> stamp_;
  std::vector<std::uint32_t> seen_;
  std::vector<KwayState::NeighbourTerminal> near_;
  std::vector<Num> terminals_;  // where u's partners are looked for
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
