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
ArchPtr make_tleaf(const std::vector<Num>& sizes, const std::vector<Num>& link_costs);
ArchPtr make_ltleaf(const std::vector<Num>& sizes, const std::vector<Num>& link_costs,
                    const std::vector<Num>& permutation);
ArchPtr make_variable_complete();
ArchPtr make_variable_hypercube();
// Terminal k of the result is terminal terminals[k] of original, in original's user-visible
// numbering (a deco target's labels, Architecture::terminal_label); the sub itself numbers its
// terminals by position, as SCOTCH's does.
ArchPtr make_sub(ArchPtr original, const std::vector<Num>& terminals);

// Reads one target description (.tgt text) and checks that nothing follows; throws
// Error(format) naming the reader, the line and the token.
ArchPtr read_architecture(io::TextReader& reader);
void write_architecture(const Architecture& arch, std::ostream& out);

}  // namespace tartan
