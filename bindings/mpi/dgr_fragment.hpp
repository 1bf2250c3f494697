// One fragment of SCOTCH's distributed graph files (version 2: the process count and rank,
// global and local counts, base and flags, then the local vertices as in a .grf with global
// neighbour numbers; SCOTCH user's guide, "Distributed graph files"), parsed without MPI so
// that tests/fuzz drives the parser alone.
#ifndef TARTAN_MPI_DGR_FRAGMENT_HPP
#define TARTAN_MPI_DGR_FRAGMENT_HPP

#include <string>
#include <vector>

#include "tartan.h"

namespace tartan_mpi {

struct DgrFragment {
  TARTAN_Num procglbnbr = 0, proclocnum = 0;  // the fragment's process count and rank
  TARTAN_Num vertglbnbr = 0, vertlocnbr = 0, edgelocnbr = 0, base = 0;
  // Local CSR (vert: vertlocnbr + 1 starts), neighbours as global numbers minus base.
  std::vector<TARTAN_Num> vert, velo, edge, edlo;
};

// Parses the text of one fragment (name goes in messages). flags as TARTAN_dgraphLoad's: 1
// ignores the vertex loads, 2 the arc weights. Returns 0, or TARTAN_EFORMAT with *message
// naming the line and the problem. Arrays grow with what the text holds, never with what
// its header claims.
int parse_dgr_fragment(const std::string &text, const std::string &name, TARTAN_Num flags,
                       DgrFragment *fragment, std::string *message);

}  // namespace tartan_mpi

#endif
