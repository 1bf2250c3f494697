// The .tgt kind registry: one line per kind name in arch_registry.cpp maps the name that
// opens a target description to the function reading the rest of it. Every kind file defines
// its reader(s); they are declared here.
#pragma once

#include "arch/architecture.hpp"
#include "arch/tgt_reader.hpp"

namespace tartan {

using KindReader = ArchPtr (*)(TgtReader& reader);

struct KindEntry {
  const char* name;  // as written in .tgt files ("hcub", "torus3D", ...)
  KindReader read;   // reads the numbers following the name
};

// Reads one complete target description (kind name and its data) without checking what follows;
// nested kinds (sub) call it for their inner target.
ArchPtr read_target(TgtReader& reader);

// Per-kind readers (defined in the kind's file).
ArchPtr read_complete(TgtReader& reader);
ArchPtr read_weighted_complete(TgtReader& reader);
ArchPtr read_hypercube(TgtReader& reader);
ArchPtr read_mesh2d(TgtReader& reader);
ArchPtr read_mesh3d(TgtReader& reader);
ArchPtr read_meshxd(TgtReader& reader);
ArchPtr read_torus2d(TgtReader& reader);
ArchPtr read_torus3d(TgtReader& reader);
ArchPtr read_torusxd(TgtReader& reader);
ArchPtr read_tleaf(TgtReader& reader);
ArchPtr read_ltleaf(TgtReader& reader);
ArchPtr read_variable_complete(TgtReader& reader);
ArchPtr read_variable_hypercube(TgtReader& reader);
ArchPtr read_sub(TgtReader& reader);
ArchPtr read_deco(TgtReader& reader);  // deco.cpp: deco 0, 1 and 2

}  // namespace tartan
