// Targets describing a machine as hwloc sees it: the running machine restricted to the PUs this
// process may use, an hwloc XML export, or an hwloc synthetic description. Only
// hwloc_topology.cpp includes hwloc.h; this interface does not depend on it, and in a build
// without hwloc the topology functions throw Error(not_supported).
//
// The model (also in include/tartan.h and doc/):
//  - Terminals are the PUs (hardware threads) in hwloc's logical order, counting allowed PUs
//    only: terminal k is the PU of logical index k, so a solver binds rank k to it.
//  - Levels are the depths of hwloc's tree of processing objects (machine, package, die,
//    groups, caches, core) that actually branch: a depth where every object has one child is
//    skipped. Memory (NUMA nodes), I/O and Misc objects are not levels; a NUMA node that splits
//    a package shows up through the Group hwloc creates for it.
//  - The link cost of a level depends on the kind of object whose children it separates
//    (defaults below); the distance between two PUs sums the costs of the levels crossed, as
//    in any tleaf. Defaults: PUs of one core 1, children of a cache 2, children of a die or of
//    a group inside a package 4, children of a package 4, children of the machine (packages,
//    groups of packages) 10, children of an object holding several machines 100. So on
//    "pack:2 core:4 pu:2": same core 1, same package 1+4 = 5, other package 1+4+10 = 15.
//  - A regular tree whose PUs are all allowed gives a plain tleaf. An irregular or partially
//    allowed tree gives the tleaf of the largest arity per level and a `sub` listing the real
//    PUs' leaves, so distances remain tree distances.
#pragma once

#include <string>
#include <vector>

#include "arch/architecture.hpp"

namespace tartan {

// The kind of object whose children a level separates; each has a link cost.
enum class HwlocLevelClass { core, cache, group, package, machine, cluster };
constexpr int kHwlocLevelClassCount = 6;

// Link cost per level class, indexed by HwlocLevelClass.
struct HwlocCosts {
  Num cost[kHwlocLevelClassCount] = {1, 2, 4, 4, 10, 100};
  Num of(HwlocLevelClass level) const { return cost[static_cast<int>(level)]; }
};

// The class names used in cost strings: "core", "cache", "group", "package", "machine",
// "cluster".
const char* hwloc_level_class_name(HwlocLevelClass level);

// Applies a cost string to base: "key=value" items separated by commas and/or blanks, keys
// among the class names, values integers >= 1; classes not named keep base's cost. An empty
// string leaves base as it is. Throws Error(format) naming the offending item.
HwlocCosts parse_hwloc_costs(const std::string& text, HwlocCosts base = HwlocCosts{});

// The costs the SCOTCH-shaped constructors use: the defaults, overridden by the environment
// variable TARTAN_HWLOC_COSTS when it is set (same syntax as parse_hwloc_costs).
HwlocCosts hwloc_costs_from_environment();

// The processing tree in a form independent of hwloc. levels[d] is the class of the objects at
// depth d (root 0); paths[k] is the path of the k-th PU in logical order: paths[k][d] is the
// rank, among the children of the PU's depth-d ancestor, of its depth-(d+1) ancestor (ranks
// in logical order, from 0). Every path has levels.size() entries.
struct PuTree {
  std::vector<HwlocLevelClass> levels;
  std::vector<std::vector<Num>> paths;
};

// The target of a PU tree: a tleaf over the branching levels, or a sub of it when the tree is
// irregular. Throws Error(invalid) on an empty or inconsistent tree, Error(overflow) when the
// regular tree's terminal count does not fit in Num.
ArchPtr target_from_pu_tree(const PuTree& tree, const HwlocCosts& costs);

// True in builds with hwloc.
bool hwloc_supported();

// PU trees of hwloc topologies, restricted to the allowed PUs. Throw Error(not_supported)
// without hwloc; the XML one Error(io) for an unreadable file and Error(format) for a file
// hwloc rejects; the synthetic one Error(format) for a description hwloc rejects.
PuTree hwloc_machine_tree();
PuTree hwloc_xml_tree(const std::string& path);
PuTree hwloc_synthetic_tree(const std::string& description);

// The targets of the above.
ArchPtr hwloc_machine_target(const HwlocCosts& costs);
ArchPtr hwloc_xml_target(const std::string& path, const HwlocCosts& costs);
ArchPtr hwloc_synthetic_target(const std::string& description, const HwlocCosts& costs);

}  // namespace tartan
