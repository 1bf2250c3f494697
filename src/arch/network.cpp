// What every network view shares: the lookup from a target and the default hop count.
#include "arch/network.hpp"

#include <limits>
#include <string>

#include "common/error.hpp"

namespace tartan {

Num Network::hops(Num from, Num to) const {
  // Kinds without a closed form count the links of the route itself.
  thread_local std::vector<LinkIndex> links;
  links.clear();
  route(from, to, links);
  return Num(links.size());
}

const Network& network_of(const Architecture& arch) {
  const Network* network = arch.network();
  if (network == nullptr)
    fail(ErrorCode::not_supported,
         std::string("a ") + arch.kind_name() +
             " target has no links (network figures need a target kind with links: meshes, tori, "
             "hypercubes, tree-leaves, complete graphs, sub, deco built from a graph, deco 2, net)");
  return *network;
}

Num link_count_as_num(const Network& network) {
  const LinkIndex count = network.link_count();
  if (count > LinkIndex(std::numeric_limits<Num>::max()))
    fail(ErrorCode::overflow,
         "the target's " + std::to_string(count) + " links do not fit in TARTAN_Num");
  return Num(count);
}

void check_link_index(LinkIndex link, LinkIndex count) {
  if (link < 0 || link >= count)
    fail_invalid("link " + std::to_string(link) + " out of range [0, " + std::to_string(count) +
                 ")");
}

}  // namespace tartan
