// Target geometry from the distance forms (arch_shape.hpp).
#include "arch/arch_shape.hpp"

#include <numeric>
#include <string>

#include "arch/network.hpp"
#include "common/error.hpp"

namespace tartan {

ArchShape arch_shape(const Architecture& arch) {
  ArchShape shape;
  const DistanceForm form = arch.distance_form();
  if (form.kind == DistanceForm::Kind::sub) {
    // Shape of the restricted target; terminal k sits where its parent terminal sits.
    ArchShape whole = arch_shape(*form.parent);
    std::vector<Num> place(form.parent_terminals->size());
    for (std::size_t k = 0; k < place.size(); ++k)
      place[k] = whole.place[std::size_t((*form.parent_terminals)[k])];
    whole.place = std::move(place);
    return whole;
  }
  const Num size = arch.size();
  shape.node_count = size;
  shape.place.resize(std::size_t(size));
  std::iota(shape.place.begin(), shape.place.end(), Num(0));
  switch (form.kind) {
    case DistanceForm::Kind::grid:
      shape.kind = form.wrap ? ArchShape::Kind::torus : ArchShape::Kind::mesh;
      shape.dims = *form.dims;
      break;
    case DistanceForm::Kind::hypercube:
      shape.kind = ArchShape::Kind::hypercube;
      for (Num nodes = 1; nodes < size; nodes *= 2) shape.dims.push_back(2);
      break;
    case DistanceForm::Kind::tree_leaf: {
      shape.kind = ArchShape::Kind::tree;
      const std::vector<Num>& below = *form.leaves_below;
      for (std::size_t depth = 0; depth + 1 < below.size(); ++depth)
        shape.dims.push_back(below[depth] / below[depth + 1]);
      if (form.leaf_in_block != nullptr) {  // ltleaf: terminal t is leaf block[t % b] of its block
        const auto block = Num(form.leaf_in_block->size());
        for (Num t = 0; t < size; ++t)
          shape.place[std::size_t(t)] = t - t % block + (*form.leaf_in_block)[std::size_t(t % block)];
      }
      break;
    }
    default:  // complete graphs, decomposition-defined and variable-sized targets
      break;
  }
  return shape;
}

std::vector<Num> node_places(const Architecture& arch) {
  const Num nodes = network_of(arch).node_count();
  const DistanceForm form = arch.distance_form();
  std::vector<Num> places;
  if (form.kind == DistanceForm::Kind::sub) {
    const std::vector<Num> parent = node_places(*form.parent);
    const std::vector<Num>& listed = *form.parent_terminals;
    std::vector<char> is_listed(parent.size(), 0);
    for (Num terminal : listed) {
      places.push_back(parent[std::size_t(terminal)]);
      is_listed[std::size_t(terminal)] = 1;
    }
    for (std::size_t node = 0; node < parent.size(); ++node)
      if (!is_listed[node]) places.push_back(parent[node]);
  } else {
    const ArchShape shape = arch_shape(arch);
    places = shape.place;
    const Num switches = nodes - arch.size();
    if (switches > 0 && shape.kind != ArchShape::Kind::tree)
      fail(ErrorCode::not_supported, std::string("the switches of a ") + arch.kind_name() +
                                         " target have no place in its drawing");
    for (Num k = 0; k < switches; ++k) places.push_back(shape.node_count + k);
  }
  if (Num(places.size()) != nodes)
    fail(ErrorCode::internal, "node places of a " + std::string(arch.kind_name()) +
                                  " target: " + std::to_string(places.size()) + " for " +
                                  std::to_string(nodes) + " nodes");
  return places;
}

}  // namespace tartan
