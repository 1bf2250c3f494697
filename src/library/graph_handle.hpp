// The TARTAN_Graph handle's traits, so that every API file can unwrap graph handles:
//   const tartan::Graph& graph = tartan::api::unwrap<tartan::Graph>(graph_handle);
#pragma once

#include "graph/graph.hpp"
#include "library/api.hpp"

namespace tartan::api {

template <>
struct HandleTraits<Graph> {
  static constexpr std::uint64_t check = 0x5441'5254'4752'4146ull;  // "TARTGRAF"
  static constexpr const char* name = "TARTAN_Graph";
};

}  // namespace tartan::api
