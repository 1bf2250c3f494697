// Constructors of every target kind, and the .tgt reader/writer. The C layer and the other
// concerns build targets only through these.
#pragma once

#include <iosfwd>
#include <vector>

#include "arch/architecture.hpp"
#include "io/text_reader.hpp"

namespace tartan {

ArchPtr make_complete(Num size);
ArchPtr make_weighted_complete(const std::vector<Num>& weights);
ArchPtr make_hypercube(Num dimensions);
ArchPtr make_mesh(const std::vector<Num>& dims);   // mesh2D / mesh3D / meshXD by dims.size()
ArchPtr make_torus(const std::vector<Num>& dims);  // torus2D / torus3D / torusXD
// Either, named meshXD / torusXD whatever the number of dimensions when named_xd is true (the
// name TARTAN_archMeshX/TorusX and "meshXD 2 4 4" keep). At most kGridMaxDimensions dims.
ArchPtr make_grid(const std::vector<Num>& dims, bool wrap, bool named_xd);
constexpr int kGridMaxDimensions = Domain::kWords / 2;
// The terminal of a mesh or torus at the coordinates coords[0..count) (x first): x + y·dimX +
// ..., what a scheduler's node coordinates name. Error(not_supported) naming the kind for other
// targets, Error(invalid) for a count other than the dimensions or a coordinate outside them.
Num grid_terminal_at(const Architecture& arch, const Num* coords, Num count);
ArchPtr make_tleaf(const std::vector<Num>& sizes, const std::vector<Num>& link_costs);
ArchPtr make_ltleaf(const std::vector<Num>& sizes, const std::vector<Num>& link_costs,
                    const std::vector<Num>& permutation);
ArchPtr make_variable_complete();
ArchPtr make_variable_hypercube();
// Terminal k of the result is terminal terminals[k] of original, in original's user-visible
// numbering (a deco target's labels, Architecture::terminal_label); the sub itself numbers its
// terminals by position, as SCOTCH's does.
ArchPtr make_sub(ArchPtr original, const std::vector<Num>& terminals);

// A heterogeneous network (arch_network.cpp): slots[v] processes on node v (0: a switch), and
// links between nodes a and b (0-based, both ways) of the given bandwidth.
struct NetworkLink {
  Num a = 0, b = 0;
  Num bandwidth = 1;
};
ArchPtr make_network(const std::vector<Num>& slots, const std::vector<NetworkLink>& links);
// The same from CSR arrays (TARTAN_archNetwork's contract: every link both ways with one
// bandwidth; bandwidths and slots may be null for all 1); the arrays are only read.
ArchPtr make_network_from_csr(Num baseval, Num nodenbr, const Num* verttab, const Num* slottab,
                              const Num* edgetab, const Num* bwtab);

// Reads one target description (.tgt text) and checks that nothing follows; throws
// Error(format) naming the reader, the line and the token.
ArchPtr read_architecture(io::TextReader& reader);
// Reads one target description and stops there (what follows is left to the caller).
ArchPtr read_one_architecture(io::TextReader& reader);
void write_architecture(const Architecture& arch, std::ostream& out);

}  // namespace tartan
