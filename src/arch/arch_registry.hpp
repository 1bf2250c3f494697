// The .tgt kind registry: one line per kind name in arch_registry.cpp maps the name that
// opens a target description to the function reading the rest of it. Every kind file defines
// its reader(s); they are declared here.
#pragma once

#include "arch/architecture.hpp"
#include "io/text_reader.hpp"

namespace tartan {

using KindReader = ArchPtr (*)(io::TextReader& reader);

struct KindEntry {
  const char* name;  // as written in .tgt files ("hcub", "torus3D", ...)
  KindReader read;   // reads the numbers following the name
};

// Reads one complete target description (kind name and its data) without checking what follows;
// nested kinds (sub) call it for their inner target.
ArchPtr read_target(io::TextReader& reader);

// Per-kind readers (defined in the kind's file).
ArchPtr read_complete(io::TextReader& reader);
ArchPtr read_weighted_complete(io::TextReader& reader);
ArchPtr read_hypercube(io::TextReader& reader);
ArchPtr read_mesh2d(io::TextReader& reader);
ArchPtr read_mesh3d(io::TextReader& reader);
ArchPtr read_meshxd(io::TextReader& reader);
ArchPtr read_torus2d(io::TextReader& reader);
ArchPtr read_torus3d(io::TextReader& reader);
ArchPtr read_torusxd(io::TextReader& reader);
ArchPtr read_tleaf(io::TextReader& reader);
ArchPtr read_ltleaf(io::TextReader& reader);
ArchPtr read_variable_complete(io::TextReader& reader);
ArchPtr read_variable_hypercube(io::TextReader& reader);
ArchPtr read_sub(io::TextReader& reader);
ArchPtr read_network(io::TextReader& reader);
ArchPtr read_deco(io::TextReader& reader);  // deco.cpp: deco 0, 1 and 2

}  // namespace tartan
