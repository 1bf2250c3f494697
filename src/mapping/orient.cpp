// `orient`: symmetries of the target's domains applied to a complete mapping, for meshes, tori
// and hypercubes.
//
// Why: dual recursive bipartitioning cuts a job's subgraph wherever the cut is cheapest, and on a
// mesh or a torus several cuts are often equally cheap (a cube of a 3-D mesh can be halved across
// any of its axes). The halves of the target it then assigns them to do not see the choice, so
// a block of the graph can land rotated or mirrored with respect to its neighbours' blocks; its
// cut edges then span several hops where one would do. On a 32^3 mesh onto an 8^3 torus, the
// default strategy's mapping cost 21 698 with one seed and 36 457 with another, the second with
// 6 000 edges of 2 to 8 hops (the first: 99). Moving single vertices (kway) or exchanging two
// terminals' contents cannot undo a rotation of a whole block.
//
// How: the target's own bipartition tree (Architecture::bipartition, DRB's domains), from the
// root down, restricted to the domains holding vertices. A domain of a mesh or torus is a box
// (of a hypercube, a subcube: a box of the grid 2 x ... x 2, Hamming distance being its hops);
// every distance-preserving map of the box onto itself (a reflection along any axis, an
// exchange of two axes of the same extent and, on a torus, the same ring length, a turn along
// a ring the box spans whole) leaves the cost of the edges inside the domain unchanged, so only
// the edges leaving it decide: the cheapest symmetry for them replaces the identity when it is
// strictly cheaper, and the domain's vertices move to their images. Loads move with them,
// terminal by terminal, so the balance is unchanged (grid and hypercube terminals all weigh 1).
// A domain holding a fixed vertex keeps its orientation; its subdomains are still examined.
// `passes` top-down passes at most, until one changes nothing. Other targets (variable-sized
// ones included): the mapping is left as it is.
#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "arch/distance_oracle.hpp"
#include "common/error.hpp"
#include "graph/graph.hpp"
#include "mapping/mapping_start.hpp"
#include "mapping/methods.hpp"

namespace tartan {

namespace {

using I64 = std::int64_t;

// Grids of more dimensions are left as they are; hypercubes are grids of 2 x ... x 2.
constexpr std::size_t kMaxDimensions = 32;
// Axes are exchanged on grids of at most this many dimensions (d! orders otherwise).
constexpr std::size_t kMaxExchangedDimensions = 4;
// At most this many symmetries are tried on a box: a box with more reflections alone (more than
// 12 axes spanned: the top domains of hypercubes above 13 dimensions) keeps its orientation,
// axis orders stop being enumerated past it, and a ring's turns are not tried past it.
constexpr std::size_t kMaxSymmetries = 4096;

struct Box {
  std::array<Num, kMaxDimensions> lo{}, hi{};
  // On a grid of 2 x ... x 2 (a hypercube): the lowest corner's terminal and the bits of the
  // axes the box spans, so that membership is one mask test.
  Num lowest = 0;
  std::uint64_t spanned_bits = 0;
};

// An edge leaving a domain: the terminal of its end inside, of its end outside, its weight
// (edges with the same two terminals merged).
struct LeavingEdge {
  Num inside, outside;
  I64 weight;
};

class Orienter {
 public:
  Orienter(MappingContext& ctx, std::vector<Num> dims, bool wrap)
      : ctx_(ctx),
        arch_(ctx.arch),
        dims_(std::move(dims)),
        wrap_(wrap),
        binary_(std::all_of(dims_.begin(), dims_.end(), [](Num d) { return d == 2; })),
        distance_(ctx.arch),
        graph_(ctx.graph),
        pinned_(pinned_vertices(ctx)),
        order_(static_cast<std::size_t>(ctx.graph.vertnbr)),
        interior_(interior_vertices(ctx)) {}

  // One top-down pass; true when some domain changed orientation.
  bool pass() {
    std::iota(order_.begin(), order_.end(), Num{0});
    const std::size_t dims = dims_.size();
    if (!binary_) {
      at_.resize(order_.size() * dims);
      for (std::size_t v = 0; v < order_.size(); ++v) remember_coordinates(static_cast<Num>(v));
    }
    changed_ = false;
    const Domain root = arch_.first_domain();
    visit(root, box_of(root), 0, static_cast<Num>(order_.size()));
    return changed_;
  }

 private:
  std::array<Num, kMaxDimensions> coordinates(Num terminal) const {
    std::array<Num, kMaxDimensions> c{};
    for (std::size_t d = 0; d < dims_.size(); ++d) {
      c[d] = terminal % dims_[d];
      terminal /= dims_[d];
    }
    return c;
  }
  Num terminal_at(const std::array<Num, kMaxDimensions>& c) const {
    Num terminal = 0;
    for (std::size_t d = dims_.size(); d-- > 0;) terminal = terminal * dims_[d] + c[d];
    return terminal;
  }
  void remember_coordinates(Num v) {
    if (binary_) return;
    const std::size_t dims = dims_.size();
    const std::array<Num, kMaxDimensions> c = coordinates(ctx_.parttab[v]);
    std::copy(c.begin(), c.begin() + dims, at_.begin() + static_cast<std::size_t>(v) * dims);
  }
  // Whether vertex v's terminal lies in box.
  bool inside(const Box& box, Num v) const {
    if (binary_)
      return ((static_cast<std::uint64_t>(ctx_.parttab[v]) ^
               static_cast<std::uint64_t>(box.lowest)) &
              ~box.spanned_bits) == 0;
    const std::size_t dims = dims_.size();
    const Num* c = &at_[static_cast<std::size_t>(v) * dims];
    for (std::size_t d = 0; d < dims; ++d)
      if (c[d] < box.lo[d] || c[d] > box.hi[d]) return false;
    return true;
  }
  // A grid domain's smallest terminal is its lowest corner; its upper halves lead to the
  // highest.
  Box box_of(const Domain& domain) const {
    Box box;
    box.lo = coordinates(arch_.domain_number(domain));
    Domain corner = domain, half0, half1;
    while (arch_.bipartition(corner, half0, half1)) corner = half1;
    box.hi = coordinates(arch_.domain_number(corner));
    box.lowest = arch_.domain_number(domain);
    for (std::size_t d = 0; d < dims_.size(); ++d)
      if (box.hi[d] > box.lo[d]) box.spanned_bits |= std::uint64_t{1} << d;
    return box;
  }

  void visit(const Domain& domain, const Box& box, Num begin, Num end) {
    if (begin == end) return;
    Domain half[2];
    if (!arch_.bipartition(domain, half[0], half[1])) return;
    reorient(box, begin, end);
    const Box half_box[2] = {box_of(half[0]), box_of(half[1])};
    const Num middle =
        static_cast<Num>(std::stable_partition(order_.begin() + begin, order_.begin() + end,
                                               [&](Num v) { return inside(half_box[0], v); }) -
                         order_.begin());
    visit(half[0], half_box[0], begin, middle);
    visit(half[1], half_box[1], middle, end);
  }

  // The symmetries of box: maps of offsets, axis d of the image taking the offset along axis
  // source[d] of the original, mirrored when bit d of `mirror` is set. The identity first.
  struct Symmetry {
    std::array<std::size_t, kMaxDimensions> source{};
    std::uint32_t mirror = 0;
    std::array<Num, kMaxDimensions> shift{};  // turns along the full rings the box spans
  };
  std::vector<Symmetry> symmetries(const Box& box) const {
    const std::size_t dims = dims_.size();
    std::vector<std::size_t> spanned;  // the axes along which the box is more than one wide
    for (std::size_t d = 0; d < dims; ++d)
      if (box.hi[d] > box.lo[d]) spanned.push_back(d);
    std::array<std::size_t, kMaxDimensions> source{};
    std::iota(source.begin(), source.begin() + dims, std::size_t{0});
    std::vector<Symmetry> all;
    if (spanned.size() >= 32 || (std::size_t{1} << spanned.size()) > kMaxSymmetries)
      return {Symmetry{source, 0, {}}};
    do {
      bool preserves = true;
      for (std::size_t d = 0; d < dims && preserves; ++d) {
        const std::size_t s = source[d];
        preserves =
            box.hi[d] - box.lo[d] == box.hi[s] - box.lo[s] && (!wrap_ || dims_[d] == dims_[s]);
      }
      if (!preserves) continue;
      for (std::uint32_t subset = 0; subset < (std::uint32_t{1} << spanned.size()); ++subset) {
        std::uint32_t mirror = 0;
        for (std::size_t i = 0; i < spanned.size(); ++i)
          if ((subset >> i) & 1u) mirror |= std::uint32_t{1} << spanned[i];
        all.push_back(Symmetry{source, mirror, {}});
      }
      // Axis exchanges beyond a few dimensions would be too many (d! of them).
    } while (dims <= kMaxExchangedDimensions && all.size() <= kMaxSymmetries &&
             std::next_permutation(source.begin(), source.begin() + dims));
    // On a torus, a box spanning a whole ring may also turn along it.
    for (std::size_t d = 0; d < dims && wrap_; ++d) {
      if (box.hi[d] - box.lo[d] + 1 != dims_[d]) continue;
      if (all.size() * static_cast<std::size_t>(dims_[d]) > kMaxSymmetries) continue;
      const std::size_t unturned = all.size();
      for (Num turn = 1; turn < dims_[d]; ++turn)
        for (std::size_t i = 0; i < unturned; ++i) {
          Symmetry turned = all[i];
          turned.shift[d] = turn;
          all.push_back(turned);
        }
    }
    return all;
  }
  Num image(const Box& box, const Symmetry& symmetry, Num terminal) const {
    const std::array<Num, kMaxDimensions> c = coordinates(terminal);
    std::array<Num, kMaxDimensions> out{};
    for (std::size_t d = 0; d < dims_.size(); ++d) {
      const std::size_t s = symmetry.source[d];
      Num offset = c[s] - box.lo[s];
      if ((symmetry.mirror >> d) & 1u) offset = (box.hi[d] - box.lo[d]) - offset;
      if (symmetry.shift[d] != 0) offset = (offset + symmetry.shift[d]) % dims_[d];
      out[d] = box.lo[d] + offset;
    }
    return terminal_at(out);
  }

  void reorient(const Box& box, Num begin, Num end) {
    leaving_.clear();
    for (Num i = begin; i < end; ++i) {
      const Num v = order_[i];
      if (pinned_[v]) return;
      if (interior_[v]) continue;
      for (Num arc = graph_.begin(v); arc < graph_.end(v); ++arc) {
        const Num u = graph_.neighbour(arc);
        if (!inside(box, u))
          leaving_.push_back(LeavingEdge{ctx_.parttab[v], ctx_.parttab[u], graph_.arc_weight(arc)});
      }
    }
    if (leaving_.empty()) return;
    std::sort(leaving_.begin(), leaving_.end(), [](const LeavingEdge& a, const LeavingEdge& b) {
      return a.inside != b.inside ? a.inside < b.inside : a.outside < b.outside;
    });
    std::size_t merged = 0;
    for (const LeavingEdge& edge : leaving_) {
      if (merged > 0 && leaving_[merged - 1].inside == edge.inside &&
          leaving_[merged - 1].outside == edge.outside)
        leaving_[merged - 1].weight += edge.weight;
      else
        leaving_[merged++] = edge;
    }
    leaving_.resize(merged);

    const std::vector<Symmetry> candidates = symmetries(box);
    std::size_t best = 0;
    I64 best_cost = 0;
    for (std::size_t s = 0; s < candidates.size(); ++s) {
      I64 cost = 0;
      for (const LeavingEdge& edge : leaving_)
        cost += edge.weight * distance_(image(box, candidates[s], edge.inside), edge.outside);
      if (s == 0 || cost < best_cost) {
        best = s;
        best_cost = cost;
      }
    }
    if (best == 0) return;
    for (Num i = begin; i < end; ++i) {
      const Num v = order_[i];
      ctx_.parttab[v] = image(box, candidates[best], ctx_.parttab[v]);
      remember_coordinates(v);
    }
    changed_ = true;
  }

  MappingContext& ctx_;
  const Architecture& arch_;
  const std::vector<Num> dims_;
  const bool wrap_;
  const bool binary_;  // every axis 2 long: a hypercube
  const DistanceOracle distance_;
  const Graph& graph_;
  const std::vector<char> pinned_;
  std::vector<Num> order_;  // the vertices, each domain's contiguous below its visit
  // The coordinates of each vertex's terminal, dims_.size() per vertex; not kept on a grid of
  // 2 x ... x 2, whose terminal numbers are their coordinates' bits.
  std::vector<Num> at_;
  // Vertices whose neighbours all share their terminal: no edge of theirs ever leaves a
  // domain, and a symmetry moves the two ends of such edges to one image, so they stay so.
  // Their arcs are not scanned (on a 10^6-vertex mesh onto 512 terminals, 63 % of them).
  const std::vector<char> interior_;
  std::vector<LeavingEdge> leaving_;
  bool changed_ = false;

  static std::vector<char> interior_vertices(const MappingContext& ctx) {
    const Graph& graph = ctx.graph;
    std::vector<char> interior(static_cast<std::size_t>(graph.vertnbr), 1);
    for (Num v = 0; v < graph.vertnbr; ++v)
      for (Num arc = graph.begin(v); arc < graph.end(v); ++arc)
        if (ctx.parttab[graph.neighbour(arc)] != ctx.parttab[v]) {
          interior[v] = 0;
          break;
        }
    return interior;
  }
};

class OrientMethod : public MappingMethod {
 public:
  explicit OrientMethod(int passes) : passes_(passes) {}

  void apply(MappingContext& ctx) const override {
    validate_context(ctx, true);
    if (ctx.arch.variable_sized()) return;  // drb's parts are its terminals: no box to turn
    const Num k = ctx.arch.size();
    for (Num v = 0; v < ctx.graph.vertnbr; ++v)
      if (ctx.parttab[v] < 0 || ctx.parttab[v] >= k)
        fail_invalid("orient needs a complete mapping: vertex " +
                     std::to_string(ctx.graph.label(v)) + " is on terminal " +
                     std::to_string(ctx.parttab[v]) + " (run drb first)");
    // A hypercube of dimension d is the grid 2 x ... x 2, its Hamming distance the hops.
    const DistanceForm form = ctx.arch.distance_form();
    std::vector<Num> dims;
    if (form.kind == DistanceForm::Kind::grid)
      dims = *form.dims;
    else if (form.kind == DistanceForm::Kind::hypercube)
      for (Num size = ctx.arch.size(); size > 1; size /= 2) dims.push_back(2);
    if (dims.empty() || dims.size() > kMaxDimensions) return;
    PhaseLog::Timer timer(ctx.phases, "orient");
    Orienter orienter(ctx, dims, form.kind == DistanceForm::Kind::grid && form.wrap);
    for (int pass = 0; pass < passes_; ++pass)
      if (!orienter.pass()) break;
  }

 private:
  int passes_;
};

}  // namespace

const char* const kOrientKeys[] = {"passes", nullptr};

MethodPtr make_orient_method(const MethodParams& params) {
  return std::make_unique<OrientMethod>(static_cast<int>(params.integer("passes", 1, 0, 100)));
}

}  // namespace tartan
