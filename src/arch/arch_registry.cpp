// The .tgt kind registry and the reader/writer entry points.
//
// ADDING A KIND: write src/arch/<kind>.cpp (a class implementing Architecture, its make_*
// constructor in arch_factory.hpp, and `ArchPtr read_<kind>(io::TextReader&)` declared in
// arch_registry.hpp), then add ONE line to kKinds below: {"<name in .tgt files>", read_<kind>}.
// Decomposition-defined targets (helper H6, src/arch/deco*.cpp) register "deco" this way; their
// reader receives the reader positioned after the word "deco" (the version number comes next).
#include "arch/arch_registry.hpp"

#include <cstring>
#include <ostream>

#include "arch/arch_factory.hpp"

namespace tartan {
namespace {

const KindEntry kKinds[] = {
    {"cmplt", read_complete},
    {"cmpltw", read_weighted_complete},
    {"hcub", read_hypercube},
    {"mesh2D", read_mesh2d},
    {"mesh3D", read_mesh3d},
    {"meshXD", read_meshxd},
    {"torus2D", read_torus2d},
    {"torus3D", read_torus3d},
    {"torusXD", read_torusxd},
    {"tleaf", read_tleaf},
    {"ltleaf", read_ltleaf},
    {"varcmplt", read_variable_complete},
    {"varhcub", read_variable_hypercube},
    {"sub", read_sub},
    {"deco", read_deco},
    {"net", read_network},
};

}  // namespace

ArchPtr read_target(io::TextReader& reader) {
  const std::string name = reader.read_word("target kind");
  for (const KindEntry& kind : kKinds)
    if (name == kind.name) return kind.read(reader);
  std::string known;
  for (const KindEntry& kind : kKinds) known += std::string(known.empty() ? "" : ", ") + kind.name;
  reader.fail_at_token(ErrorCode::format, "unknown target kind " + io::TextReader::quoted(name) +
                                              " (known: " + known + ")");
}

ArchPtr read_one_architecture(io::TextReader& reader) { return read_target(reader); }

ArchPtr read_architecture(io::TextReader& reader) {
  ArchPtr arch = read_target(reader);
  reader.expect_end("the end of the target description");
  return arch;
}

void write_architecture(const Architecture& arch, std::ostream& out) {
  arch.save(out);
  if (!out) fail(ErrorCode::io, "cannot write the target description");
}

}  // namespace tartan
