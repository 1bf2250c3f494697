#include "arch/distance_oracle.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <type_traits>

#include "common/error.hpp"

namespace tartan {

DistanceOracle::DistanceOracle(const Architecture& arch)
    : arch_(arch), size_(arch.size()) {
  const DistanceForm form = arch.distance_form();
  kind_ = form.kind;
  switch (form.kind) {
    case Kind::grid: {
      triangle_inequality_ = true;
      if (form.dims->size() > kMaxGridAxes)
        fail(ErrorCode::internal, std::string(arch.kind_name()) + " has more dimensions than a "
                                  "grid domain can hold");
      std::vector<GridAxis> axes;
      for (Num extent : *form.dims)
        if (extent > 1) axes.push_back(GridAxis{Divisor(extent), form.wrap && extent > 2});
      if (!axes.empty()) {
        grid_outer_axis_ = axes.back();
        axes.pop_back();
      }
      grid_inner_axes_ = std::move(axes);
      break;
    }
    case Kind::tree_leaf: {
      const std::vector<Num>& leaves_below = *form.leaves_below;
      const std::size_t levels = leaves_below.size() - 1;
      for (std::size_t depth = 0; depth < levels; ++depth)
        if (leaves_below[depth] > leaves_below[depth + 1])
          tree_depths_.push_back(
              TreeDepth{Divisor(leaves_below[depth]), (*form.cost_from)[depth]});
      if (tree_depths_.empty())  // a single leaf: no pair of distinct terminals to answer
        tree_depths_.push_back(TreeDepth{Divisor(1), 0});
      // Two of the three lowest common ancestors of any three leaves are the same node and
      // the third is at least as deep: the inequality holds iff no depth costs more than
      // twice a shallower one.
      triangle_inequality_ = true;
      tree_least_distance_ = tree_depths_[0].cost;
      for (const TreeDepth& depth : tree_depths_)
        tree_least_distance_ = std::min(tree_least_distance_, depth.cost);
      for (std::size_t deep = 1; deep < tree_depths_.size(); ++deep)
        for (std::size_t shallow = 0; shallow < deep; ++shallow)
          // In 64 bits: a level cost may be close to the largest Num.
          if (std::int64_t(tree_depths_[deep].cost) > 2 * std::int64_t(tree_depths_[shallow].cost))
            triangle_inequality_ = false;
      if (form.leaf_in_block != nullptr) {
        leaf_in_block_ = form.leaf_in_block->data();
        block_ = Num(form.leaf_in_block->size());
      }
      break;
    }
    case Kind::sub:
      parent_ = std::make_shared<const DistanceOracle>(*form.parent);
      triangle_inequality_ = parent_->triangle_inequality_;
      tree_least_distance_ = parent_->tree_least_distance_;
      parent_terminals_ = form.parent_terminals->data();
      break;
    case Kind::generic:
      if (form.costly) {
        auto cache = std::make_shared<const PairCache>(size_);
        if (cache->usable()) cache_ = std::move(cache);
      }
      break;
    case Kind::complete:
      triangle_inequality_ = true;
      tree_least_distance_ = 1;
      break;
    case Kind::hypercube:
      triangle_inequality_ = true;
      break;
  }
}

DistanceOracle::PairCache::PairCache(Num terminals) {
  while (terminal_bits_ < 63 && (std::uint64_t(1) << terminal_bits_) < std::uint64_t(terminals))
    ++terminal_bits_;
  distance_bits_ = 64 - 2 * terminal_bits_;
  // Below 16 distance bits most distances would not fit: such targets (beyond 2^24 terminals)
  // go uncached.
  if (terminals >= 2 && distance_bits_ >= 16)
    slots_ = std::vector<std::atomic<std::uint64_t>>(std::size_t(1) << kSlotBits);
}

bool DistanceOracle::PairCache::find(Num a, Num b, Num& distance) const {
  const std::uint64_t key = pair_key(a, b);
  const std::uint64_t word = slots_[slot_of(key)].load(std::memory_order_relaxed);
  const std::uint64_t distance_mask = (std::uint64_t(1) << distance_bits_) - 1;
  // An empty slot (0) never matches: a pair of distinct terminals has a non-zero key.
  if ((word & ~distance_mask) != key) return false;
  distance = Num(word & distance_mask);
  return true;
}

void DistanceOracle::PairCache::store(Num a, Num b, Num distance) const {
  if (distance < 0 || std::uint64_t(distance) >> distance_bits_ != 0) return;
  const std::uint64_t key = pair_key(a, b);
  slots_[slot_of(key)].store(key | std::uint64_t(distance), std::memory_order_relaxed);
}

Num DistanceOracle::delegated_distance(Num a, Num b) const {
  if (kind_ == Kind::sub) return (*parent_)(parent_terminals_[a], parent_terminals_[b]);
  if (!cache_) return arch_.terminal_distance(a, b);
  Num distance;
  if (cache_->find(a, b, distance)) return distance;
  distance = arch_.terminal_distance(a, b);
  cache_->store(a, b, distance);
  return distance;
}

void DistanceOracle::row(Num from, const Num* to, std::size_t count, Num* out) const {
  switch (kind_) {
    case Kind::complete:
      for (std::size_t i = 0; i < count; ++i) out[i] = to[i] == from ? 0 : 1;
      return;
    case Kind::hypercube:
      for (std::size_t i = 0; i < count; ++i)
        out[i] = Num(__builtin_popcountll(std::uint64_t(from ^ to[i])));
      return;
    case Kind::grid:
      return grid_row(from, to, count, out);
    case Kind::tree_leaf:
      return tree_row(from, to, count, out);
    case Kind::sub:
      return sub_row(from, to, count, out);
    case Kind::generic:
      break;
  }
  for (std::size_t i = 0; i < count; ++i)
    out[i] = to[i] == from ? 0 : delegated_distance(from, to[i]);
}

void DistanceOracle::grid_row(Num from, const Num* to, std::size_t count, Num* out) const {
  std::array<Num, kMaxGridAxes> from_coordinate;
  const std::size_t inner = grid_inner_axes_.size();
  for (std::size_t d = 0; d < inner; ++d)
    from_coordinate[d] = grid_inner_axes_[d].extent.next_digit(from);
  for (std::size_t i = 0; i < count; ++i) {
    Num terminal = to[i], total = 0;
    for (std::size_t d = 0; d < inner; ++d) {
      const GridAxis& axis = grid_inner_axes_[d];
      total += axis.gap(axis.extent.next_digit(terminal), from_coordinate[d]);
    }
    out[i] = total + grid_outer_axis_.gap(terminal, from);
  }
}

// The leaves under each ancestor of `from` form a range: a leaf's lowest common ancestor with
// `from` is the deepest one whose range holds it, found by comparisons instead of divisions.
void DistanceOracle::tree_row(Num from, const Num* to, std::size_t count, Num* out) const {
  using Unsigned = std::make_unsigned_t<Num>;
  const Num from_leaf = leaf_of(from);
  std::array<Num, kMaxTreeDepths> range_first;  // first leaf under from's ancestor, per depth
  const std::size_t depths = tree_depths_.size();
  for (std::size_t depth = 0; depth < depths; ++depth)
    range_first[depth] = from_leaf - from_leaf % tree_depths_[depth].leaves_below.value();
  for (std::size_t i = 0; i < count; ++i) {
    const Num leaf = leaf_of(to[i]);
    if (leaf == from_leaf) {
      out[i] = 0;
      continue;
    }
    std::size_t depth = depths - 1;
    while (depth > 0 && Unsigned(leaf - range_first[depth]) >=
                            Unsigned(tree_depths_[depth].leaves_below.value()))
      --depth;
    out[i] = tree_depths_[depth].cost;
  }
}

// The parent's row over the listed terminals, translated a stack-sized chunk at a time.
void DistanceOracle::sub_row(Num from, const Num* to, std::size_t count, Num* out) const {
  constexpr std::size_t kChunk = 256;
  std::array<Num, kChunk> parent_to;
  const Num parent_from = parent_terminals_[from];
  for (std::size_t start = 0; start < count; start += kChunk) {
    const std::size_t length = std::min(kChunk, count - start);
    for (std::size_t i = 0; i < length; ++i) parent_to[i] = parent_terminals_[to[start + i]];
    parent_->row(parent_from, parent_to.data(), length, out + start);
  }
}

}  // namespace tartan
