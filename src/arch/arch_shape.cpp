// Target geometry from the distance forms (arch_shape.hpp).
#include "arch/arch_shape.hpp"

#include <string>

#include "arch/network.hpp"
#include "common/error.hpp"

namespace tartan {

namespace {

// The shape of arch's whole machine, with the places of the given terminals of arch only (all
// of them when terminals is null): a sub's original may be far larger than its list, and its
// places are asked for the listed terminals alone.
ArchShape shape_of(const Architecture& arch, const std::vector<Num>* terminals) {
  const DistanceForm form = arch.distance_form();
  if (form.kind == DistanceForm::Kind::sub) {
    // Terminal k of the sub sits where its parent terminal sits.
    const std::vector<Num>& listed = *form.parent_terminals;
    if (terminals == nullptr) return shape_of(*form.parent, &listed);
    std::vector<Num> parent_terminals(terminals->size());
    for (std::size_t i = 0; i < terminals->size(); ++i)
      parent_terminals[i] = listed[std::size_t((*terminals)[i])];
    return shape_of(*form.parent, &parent_terminals);
  }
  ArchShape shape;
  const Num size = arch.size();
  shape.node_count = size;
  Num block = 0;  // ltleaf: terminal t is leaf block[t % b] of its block of b
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
      if (form.leaf_in_block != nullptr) block = Num(form.leaf_in_block->size());
      break;
    }
    default:  // complete graphs, decomposition-defined and variable-sized targets
      break;
  }
  const std::size_t count = terminals != nullptr ? terminals->size() : std::size_t(size);
  shape.place.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    const Num t = terminals != nullptr ? (*terminals)[i] : Num(i);
    shape.place[i] = block > 0 ? t - t % block + (*form.leaf_in_block)[std::size_t(t % block)] : t;
  }
  return shape;
}

}  // namespace

ArchShape arch_shape(const Architecture& arch) { return shape_of(arch, nullptr); }

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
