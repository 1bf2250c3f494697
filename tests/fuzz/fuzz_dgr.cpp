/* Fuzz harness: fragments of SCOTCH's distributed graph files (.dgr), the one text format
 * read only by libtartan-mpi. Its public entry, TARTAN_dgraphLoad, needs MPI, so the harness
 * drives the layer's parser (bindings/mpi/dgr_fragment.hpp) directly, with each flag value:
 * a fragment is refused with EFORMAT and a message, or gives consistent CSR arrays that hold
 * what the header said. */
#include "fuzz_support.h"

#include <string>

#include "dgr_fragment.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const std::string text(reinterpret_cast<const char *>(data), size);
  for (TARTAN_Num flags = 0; flags <= 3; ++flags) {
    tartan_mpi::DgrFragment f;
    std::string message;
    const int code = tartan_mpi::parse_dgr_fragment(text, "fuzz.dgr", flags, &f, &message);
    FUZZ_ASSERT(code == TARTAN_OK || (code == TARTAN_EFORMAT && !message.empty()));
    if (code != TARTAN_OK) continue;
    FUZZ_ASSERT(f.proclocnum >= 0 && f.proclocnum < f.procglbnbr);
    FUZZ_ASSERT(f.vertlocnbr >= 0 && f.vertlocnbr <= f.vertglbnbr && (f.base == 0 || f.base == 1));
    FUZZ_ASSERT(f.vert.size() == static_cast<size_t>(f.vertlocnbr) + 1 && f.vert[0] == 0);
    FUZZ_ASSERT(f.velo.size() == static_cast<size_t>(f.vertlocnbr));
    FUZZ_ASSERT(f.edge.size() == static_cast<size_t>(f.edgelocnbr) && f.edlo.size() == f.edge.size());
    for (TARTAN_Num v = 0; v < f.vertlocnbr; ++v) FUZZ_ASSERT(f.vert[v] <= f.vert[v + 1]);
    FUZZ_ASSERT(f.vert.back() == f.edgelocnbr);
    if (flags & 1)
      for (TARTAN_Num load : f.velo) FUZZ_ASSERT(load == 1);
    if (flags & 2)
      for (TARTAN_Num weight : f.edlo) FUZZ_ASSERT(weight == 1);
  }
  return 0;
}
