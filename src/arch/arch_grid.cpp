// Grids: meshes (mesh2D, mesh3D, meshXD) and tori (torus2D, torus3D, torusXD) share this one
// implementation; `wrap` adds the wrap-around links. Terminal numbers are x + y·dimX + ...
// A domain is a box (inclusive min/max coordinates per dimension), bipartitioned across its
// longest extent (the lowest such dimension on ties), lower half taking the extra layer.
// Distances: per dimension |a − b| (mesh; SCOTCH's meshXD wraps, Tartan does not) or
// min(|a − b|, dim − |a − b|) (torus), summed; between boxes, the same between their centres,
// each dimension rounded up (seed 001 §2.3.2).
//
// Links and routes (network.hpp, NETWORKS.md): one link each way between grid neighbours, plus
// the wrap-around links of tori in dimensions of 3 or more (a dimension of size 2 has one link
// each way, size 1 none). Routes are dimension-ordered: dimension 0 corrected first, the shorter
// way round a ring, the + direction on a tie. Links are numbered by blocks, one per dimension
// and direction (+ then -), each block in terminal order of the links' tails: a ring's block
// has one link per terminal, a line's skips the terminals at its end.
#include <algorithm>
#include <ostream>
#include <string>

#include "arch/arch_factory.hpp"
#include "arch/arch_numbers.hpp"
#include "arch/arch_registry.hpp"
#include "arch/network.hpp"

namespace tartan {
namespace {

// Domain words: [2d] min and [2d+1] max coordinate of dimension d.
class GridArch final : public Architecture, public Network {
 public:
  GridArch(const std::vector<Num>& dims, bool wrap, bool named_xd)
      : dims_(dims), wrap_(wrap), named_xd_(named_xd || dims.size() > 3 || dims.size() < 2) {
    const char* kind = wrap ? "torus" : "mesh";
    if (dims.empty()) fail_invalid(std::string(kind) + " with no dimension");
    if (dims.size() > std::size_t(kGridMaxDimensions))
      fail_invalid(std::string(kind) + " with " + std::to_string(dims.size()) +
                   " dimensions, at most " + std::to_string(kGridMaxDimensions) + " supported");
    size_ = 1;
    for (std::size_t d = 0; d < dims.size(); ++d) {
      require_at_least(dims[d], 1, std::string(kind) + " size of dimension " + std::to_string(d));
      size_ = checked_mul(size_, dims[d], "number of grid terminals");
    }
    name_ = std::string(kind) + (named_xd_ ? "XD" : std::to_string(dims.size()) + "D");
    LinkIndex base = 0;
    for (std::size_t d = 0; d < dims.size(); ++d) {
      ring_.push_back(wrap && dims[d] >= 3);
      stride_.push_back(d == 0 ? 1 : stride_[d - 1] * dims[d - 1]);
      const LinkIndex per_direction =
          ring_[d] ? LinkIndex(size_) : LinkIndex(size_) / dims[d] * (dims[d] - 1);
      block_.push_back(base);
      base += 2 * per_direction;
    }
    link_count_ = base;
  }

  const char* kind_name() const override { return name_.c_str(); }
  Num size() const override { return size_; }

  Domain first_domain() const override {
    Domain dom;
    for (std::size_t d = 0; d < dims_.size(); ++d) dom.word[2 * d + 1] = dims_[d] - 1;
    return dom;
  }
  Domain terminal_domain(Num terminal) const override {
    if (terminal < 0 || terminal >= size_)
      fail_invalid("terminal " + std::to_string(terminal) + " out of range [0, " +
                   std::to_string(size_) + ")");
    Domain dom;
    for (std::size_t d = 0; d < dims_.size(); ++d) {
      dom.word[2 * d] = dom.word[2 * d + 1] = terminal % dims_[d];
      terminal /= dims_[d];
    }
    return dom;
  }
  Num domain_number(const Domain& dom) const override {
    Num number = 0;
    for (std::size_t d = dims_.size(); d-- > 0;) number = number * dims_[d] + Num(dom.word[2 * d]);
    return number;
  }
  Num domain_size(const Domain& dom) const override {
    Num size = 1;
    for (std::size_t d = 0; d < dims_.size(); ++d)
      size *= Num(dom.word[2 * d + 1] - dom.word[2 * d] + 1);
    return size;
  }
  Num domain_weight(const Domain& dom) const override { return domain_size(dom); }
  Num terminal_weight(Num) const override { return 1; }

  Num domain_distance(const Domain& a, const Domain& b) const override {
    return centre_distance(a, b, wrap_);
  }
  bool wraps_around() const override { return wrap_; }
  Num domain_distance_unwrapped(const Domain& a, const Domain& b) const override {
    return centre_distance(a, b, false);
  }
  // The distance between the centres of a and b, around the rings when wrap.
  Num centre_distance(const Domain& a, const Domain& b, bool wrap) const {
    std::int64_t total = 0;
    for (std::size_t d = 0; d < dims_.size(); ++d) {
      // Twice the distance between the centres, so that it stays an integer.
      std::int64_t twice = (a.word[2 * d] + a.word[2 * d + 1]) - (b.word[2 * d] + b.word[2 * d + 1]);
      if (twice < 0) twice = -twice;
      if (wrap && 2 * std::int64_t(dims_[d]) - twice < twice) twice = 2 * std::int64_t(dims_[d]) - twice;
      total += (twice + 1) / 2;
    }
    return Num(total);
  }
  Num terminal_distance(Num a, Num b) const override {
    Num total = 0;
    for (std::size_t d = 0; d < dims_.size(); ++d) {
      const Num dim = dims_[d];
      Num gap = a % dim - b % dim;
      if (gap < 0) gap = -gap;
      if (wrap_ && dim - gap < gap) gap = dim - gap;
      total += gap;
      a /= dim;
      b /= dim;
    }
    return total;
  }
  DistanceForm distance_form() const override { return DistanceForm::grid(dims_, wrap_); }

  bool bipartition(const Domain& dom, Domain& part0, Domain& part1) const override {
    std::size_t widest = 0;
    std::int64_t widest_extent = 0;
    for (std::size_t d = 0; d < dims_.size(); ++d) {
      const std::int64_t extent = dom.word[2 * d + 1] - dom.word[2 * d];
      if (extent > widest_extent) {
        widest = d;
        widest_extent = extent;
      }
    }
    if (widest_extent == 0) return false;
    const std::int64_t middle = (dom.word[2 * widest] + dom.word[2 * widest + 1]) / 2;
    part0 = part1 = dom;
    part0.word[2 * widest + 1] = middle;
    part1.word[2 * widest] = middle + 1;
    return true;
  }
  bool domain_includes(const Domain& outer, const Domain& inner) const override {
    for (std::size_t d = 0; d < dims_.size(); ++d)
      if (inner.word[2 * d] < outer.word[2 * d] || inner.word[2 * d + 1] > outer.word[2 * d + 1])
        return false;
    return true;
  }
  Domain join(const Domain& a, const Domain& b) const override {
    Domain box;
    for (std::size_t d = 0; d < dims_.size(); ++d) {
      box.word[2 * d] = std::min(a.word[2 * d], b.word[2 * d]);
      box.word[2 * d + 1] = std::max(a.word[2 * d + 1], b.word[2 * d + 1]);
    }
    return box;
  }
  int domain_words() const override { return int(2 * dims_.size()); }
  void check_domain(const Domain& dom) const override {
    for (std::size_t d = 0; d < dims_.size(); ++d)
      if (dom.word[2 * d] < 0 || dom.word[2 * d] > dom.word[2 * d + 1] ||
          dom.word[2 * d + 1] >= dims_[d])
        fail_invalid("not a domain of this " + name_ + " target (dimension " +
                     std::to_string(d) + ")");
  }

  std::unique_ptr<TargetMatcher> make_matcher(const std::vector<Num>& terminals) const override {
    return std::make_unique<RoundRobinMatcher>(*this, terminals);
  }

  const Network* network() const override { return this; }
  Num node_count() const override { return size_; }
  LinkIndex link_count() const override { return link_count_; }
  Num hops(Num from, Num to) const override { return terminal_distance(from, to); }

  void route(Num from, Num to, std::vector<LinkIndex>& links) const override {
    Num current = from;
    for (std::size_t d = 0; d < dims_.size(); ++d) {
      const Num dim = dims_[d], stride = stride_[d];
      Num c = (current / stride) % dim;
      const Num target = (to / stride) % dim;
      if (c == target) continue;
      Num steps = target - c;
      bool plus = steps > 0;
      if (steps < 0) steps = -steps;
      if (ring_[d] && dim - steps <= steps) {
        // The other way round is shorter, or as short: then the + direction (NETWORKS.md).
        if (dim - steps < steps || !plus) {
          plus = !plus;
          steps = dim - steps;
        }
      }
      const Num low = current % stride, high = current / stride / dim;
      for (Num k = 0; k < steps; ++k) {
        links.push_back(step_link(d, plus, current, c, low, high));
        const Num next = plus ? (c + 1 == dim ? 0 : c + 1) : (c == 0 ? dim - 1 : c - 1);
        current += (next - c) * stride;
        c = next;
      }
    }
  }

  std::pair<Num, Num> link_ends(LinkIndex link) const override {
    check_link_index(link, link_count_);
    std::size_t d = dims_.size() - 1;
    while (block_[d] > link) --d;
    const Num dim = dims_[d], stride = stride_[d];
    const LinkIndex per_direction = (d + 1 < dims_.size() ? block_[d + 1] : link_count_) - block_[d];
    LinkIndex rest = link - block_[d];
    const bool plus = rest < per_direction / 2;
    if (!plus) rest -= per_direction / 2;
    Num from, c;
    if (ring_[d]) {
      from = Num(rest);
      c = (from / stride) % dim;
    } else {
      // Tails are the terminals not at the end of their line in the link's direction.
      const Num low = Num(rest % stride), line = Num(rest / stride);
      const Num high = line / (dim - 1);
      c = line % (dim - 1) + (plus ? 0 : 1);
      from = (high * dim + c) * stride + low;
    }
    const Num next = plus ? (c + 1 == dim ? 0 : c + 1) : (c == 0 ? dim - 1 : c - 1);
    return {from, from + (next - c) * stride};
  }

  void save(std::ostream& out) const override {
    out << name_;
    if (named_xd_) out << ' ' << dims_.size();
    for (Num dim : dims_) out << ' ' << dim;
    out << '\n';
  }

 private:
  // Seed 001 §3.3: coarsens one dimension per level, round-robin, inside the bounding box of
  // the listed terminals. Odd extents leave one cell unmatched, alternately at the low and the
  // high end of that dimension. Labels number the cells of the current level's box, first
  // dimension fastest.
  class RoundRobinMatcher final : public TargetMatcher {
   public:
    RoundRobinMatcher(const GridArch& grid, const std::vector<Num>& terminals)
        : grid_(grid),
          low_(grid.dims_.size(), 0),
          extent_(grid.dims_.size(), 1),
          previous_extent_(grid.dims_.size(), 1),
          shift_low_(grid.dims_.size(), false) {
      const std::size_t dims = grid.dims_.size();
      std::vector<Num> high(dims, 0);
      for (std::size_t d = 0; d < dims; ++d) low_[d] = grid.dims_[d];
      for (Num terminal : terminals) {
        for (std::size_t d = 0; d < dims; ++d) {
          const Num coordinate = terminal % grid.dims_[d];
          terminal /= grid.dims_[d];
          low_[d] = std::min(low_[d], coordinate);
          high[d] = std::max(high[d], coordinate);
        }
      }
      for (std::size_t d = 0; d < dims; ++d) extent_[d] = terminals.empty() ? 1 : high[d] - low_[d] + 1;
    }

    std::int64_t finest_label(Num terminal) const override {
      std::int64_t label = 0, stride = 1;
      for (std::size_t d = 0; d < grid_.dims_.size(); ++d) {
        label += (terminal % grid_.dims_[d] - low_[d]) * stride;
        stride *= extent_[d];
        terminal /= grid_.dims_[d];
      }
      return label;
    }

    bool coarsen_level() override {
      const std::size_t dims = extent_.size();
      for (std::size_t tried = 0; tried < dims; ++tried) {
        const std::size_t d = (next_dimension_ + tried) % dims;
        if (extent_[d] > 1) {
          previous_extent_ = extent_;
          dimension_ = d;
          offset_ = 0;
          if (extent_[d] % 2 == 1) {
            offset_ = shift_low_[d] ? 1 : 0;  // 1: the lowest cell stays alone this time
            shift_low_[d] = !shift_low_[d];
          }
          extent_[d] = (extent_[d] + 1) / 2;
          next_dimension_ = (d + 1) % dims;
          return true;
        }
      }
      return false;
    }

    std::int64_t coarse_label(std::int64_t label) const override {
      std::int64_t result = 0, stride = 1;
      for (std::size_t d = 0; d < extent_.size(); ++d) {
        std::int64_t coordinate = label % previous_extent_[d];
        label /= previous_extent_[d];
        if (d == dimension_) coordinate = (coordinate + offset_) / 2;
        result += coordinate * stride;
        stride *= extent_[d];
      }
      return result;
    }

   private:
    const GridArch& grid_;
    std::vector<Num> low_;              // bounding box origin
    std::vector<Num> extent_;           // cells per dimension at the current level
    std::vector<Num> previous_extent_;  // same, at the level before
    std::vector<bool> shift_low_;       // where the next odd matching of a dimension starts
    std::size_t next_dimension_ = 0;
    std::size_t dimension_ = 0;         // dimension coarsened by the last level
    std::int64_t offset_ = 0;
  };

  // The link leaving terminal `from` (coordinate c in dimension d, low and high its coordinates
  // below and above d folded into numbers) one step + or - along d.
  LinkIndex step_link(std::size_t d, bool plus, Num from, Num c, Num low, Num high) const {
    const LinkIndex per_direction =
        ((d + 1 < dims_.size() ? block_[d + 1] : link_count_) - block_[d]) / 2;
    const LinkIndex base = block_[d] + (plus ? 0 : per_direction);
    if (ring_[d]) return base + from;
    const Num line_position = plus ? c : c - 1;
    return base + (LinkIndex(high) * (dims_[d] - 1) + line_position) * stride_[d] + low;
  }

  std::vector<Num> dims_;
  std::vector<bool> ring_;       // dimension with wrap-around links (torus, size 3 or more)
  std::vector<Num> stride_;      // terminal-number step of one move along each dimension
  std::vector<LinkIndex> block_; // first link of each dimension's + block (its - block follows)
  LinkIndex link_count_ = 0;
  bool wrap_;
  bool named_xd_;
  Num size_;
  std::string name_;
};

std::vector<Num> read_dims(io::TextReader& reader, Num count, const char* what) {
  std::vector<Num> dims;
  for (Num d = 0; d < count; ++d) dims.push_back(reader.read_num_at_least(what, 1));
  return dims;
}

ArchPtr read_grid(io::TextReader& reader, int fixed_dims, bool wrap) {
  const char* what = wrap ? "torus dimension size" : "mesh dimension size";
  if (fixed_dims > 0) {
    const std::vector<Num> dims = read_dims(reader, fixed_dims, what);
    return reader.located([&] { return make_grid(dims, wrap, false); });
  }
  const Num count = reader.read_num_at_least("number of dimensions", 1);
  if (count > kGridMaxDimensions)
    reader.fail_at_token(ErrorCode::format, "number of dimensions '" + std::to_string(count) +
                                                "' exceeds " + std::to_string(kGridMaxDimensions));
  const std::vector<Num> dims = read_dims(reader, count, what);
  return reader.located([&] { return make_grid(dims, wrap, true); });
}

}  // namespace

ArchPtr make_grid(const std::vector<Num>& dims, bool wrap, bool named_xd) {
  return std::make_shared<GridArch>(dims, wrap, named_xd);
}
Num grid_terminal_at(const Architecture& arch, const Num* coords, Num count) {
  const DistanceForm form = arch.distance_form();
  if (form.kind != DistanceForm::Kind::grid || form.dims == nullptr)
    fail(ErrorCode::not_supported, std::string("coordinates name terminals of meshes and tori, "
                                               "not of a '") + arch.kind_name() + "' target");
  const std::vector<Num>& dims = *form.dims;
  if (count != Num(dims.size()))
    fail_invalid(std::to_string(count) + " coordinates given, the '" + arch.kind_name() +
                 "' target has " + std::to_string(dims.size()) + " dimensions");
  Num terminal = 0;
  for (std::size_t d = dims.size(); d-- > 0;) {
    if (coords[d] < 0 || coords[d] >= dims[d])
      fail_invalid("coordinate " + std::to_string(d) + " is " + std::to_string(coords[d]) +
                   ", outside [0, " + std::to_string(dims[d]) + ")");
    terminal = terminal * dims[d] + coords[d];
  }
  return terminal;
}

ArchPtr make_mesh(const std::vector<Num>& dims) { return make_grid(dims, false, false); }
ArchPtr make_torus(const std::vector<Num>& dims) { return make_grid(dims, true, false); }

ArchPtr read_mesh2d(io::TextReader& reader) { return read_grid(reader, 2, false); }
ArchPtr read_mesh3d(io::TextReader& reader) { return read_grid(reader, 3, false); }
ArchPtr read_meshxd(io::TextReader& reader) { return read_grid(reader, 0, false); }
ArchPtr read_torus2d(io::TextReader& reader) { return read_grid(reader, 2, true); }
ArchPtr read_torus3d(io::TextReader& reader) { return read_grid(reader, 3, true); }
ArchPtr read_torusxd(io::TextReader& reader) { return read_grid(reader, 0, true); }

}  // namespace tartan
