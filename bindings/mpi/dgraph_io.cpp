// libtartan-mpi: TARTAN_dgraphLoad. A centralised .grf is read by rank 0 through
// TARTAN_graphLoadPath and scattered in contiguous blocks; SCOTCH's distributed graph files
// (one per rank) are read by each rank and parsed by dgr_fragment.cpp.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "dgraph.hpp"
#include "dgr_fragment.hpp"

namespace tartan_mpi {

namespace {

// One rank's fragment: the file read whole, parsed (dgr_fragment.cpp), checked against the
// rank, and kept as the local arrays.
void read_fragment(DgraphImpl &g, const std::string &path, Num flags, Num *fileglb,
                   Num *filebase) {
  Dist &d = g.dist;
  std::string text;
  {
    FILE *file = std::fopen(path.c_str(), "rb");
    if (file == nullptr)
      throw Error{TARTAN_EIO, "cannot open '" + path + "': " + std::strerror(errno)};
    char buffer[65536];
    std::size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0) text.append(buffer, n);
    const bool failed = std::ferror(file) != 0;
    std::fclose(file);
    if (failed) throw Error{TARTAN_EIO, "cannot read '" + path + "'"};
  }
  DgrFragment f;
  std::string message;
  if (int code = parse_dgr_fragment(text, path, flags, &f, &message)) throw Error{code, message};
  if (f.procglbnbr != d.size || f.proclocnum != d.rank)
    throw Error{TARTAN_EFORMAT, path + ": fragment " + std::to_string(f.proclocnum) + " of " +
                                    std::to_string(f.procglbnbr) + ", read by rank " +
                                    std::to_string(d.rank) + " of " + std::to_string(d.size)};
  *fileglb = f.vertglbnbr;
  *filebase = f.base;
  d.vertlocnbr = f.vertlocnbr;
  d.vertloctab = std::move(f.vert);
  d.veloloctab = std::move(f.velo);
  d.edgeloctab = std::move(f.edge);
  d.edloloctab = std::move(f.edlo);
}

void load_distributed(DgraphImpl &g, const std::string &pattern, Num baseval, Num flags) {
  Dist &d = g.dist;
  Num fileglb = 0, filebase = 0;
  local_step(d.comm, [&] {
    std::string path = pattern;
    std::size_t at = path.find("%r");
    while (at != std::string::npos) {
      path.replace(at, 2, std::to_string(d.rank));
      at = path.find("%r", at);
    }
    read_fragment(g, path, flags, &fileglb, &filebase);
  });
  finish_build(g, baseval == -1 ? filebase : baseval);
  local_step(d.comm, [&] {
    if (fileglb != d.vertglbnbr())
      throw Error{TARTAN_EFORMAT, "the fragments hold " + std::to_string(d.vertglbnbr()) +
                                      " vertices, the file says " + std::to_string(fileglb)};
    for (Num u : d.edgeloctab)
      if (u < 0 || u >= d.vertglbnbr())
        throw Error{TARTAN_EFORMAT, "a neighbour number is outside the graph"};
  });
}

void load_centralised(DgraphImpl &g, const char *path, Num baseval, Num flags) {
  Dist &d = g.dist;
  OwnedGraph owned;
  TARTAN_Graph &graph = owned.handle;
  Num base = 0, vertnbr = 0, edgenbr = 0;
  Num *verttab = nullptr, *vendtab = nullptr, *velotab = nullptr, *edgetab = nullptr,
      *edlotab = nullptr;
  local_step(d.comm, [&] {
    if (d.rank != 0) return;
    if (int code = TARTAN_graphLoadPath(&graph, path, baseval, flags))
      throw Error{code, TARTAN_errorMessage()};
    TARTAN_graphData(&graph, &base, &vertnbr, &verttab, &vendtab, &velotab, nullptr, &edgenbr,
                     &edgetab, &edlotab);
  });
  // Blocks of nearly equal vertex counts: rank r gets vertnbr / size, the first
  // vertnbr % size ranks one more.
  Num header[2] = {base, vertnbr};
  MPI_Bcast(header, 2, num_type(), 0, d.comm);
  base = header[0];
  vertnbr = header[1];
  d.vertlocnbr = vertnbr / d.size + (d.rank < vertnbr % d.size ? 1 : 0);
  std::vector<int> vcounts(d.size), vdispl(d.size), ecounts(d.size, 0), edispl(d.size, 0);
  for (int r = 0; r < d.size; ++r) {
    vcounts[r] = static_cast<int>(vertnbr / d.size + (r < vertnbr % d.size ? 1 : 0));
    vdispl[r] = static_cast<int>(vertnbr / d.size * r + std::min<Num>(r, vertnbr % d.size));
  }
  // Rank 0 packs degrees and compact arcs (the loaded graph is compact: vendtab is verttab+1).
  std::vector<Num> degree, velo, edge, edlo;
  if (d.rank == 0) {
    degree = big_vector<Num>(vertnbr);
    velo = big_vector<Num>(vertnbr);
    for (Num v = 0; v < vertnbr; ++v) {
      degree[v] = vendtab[v] - verttab[v];
      velo[v] = velotab != nullptr ? velotab[v] : 1;
    }
    edge = big_vector<Num>(edgenbr);
    edlo = big_vector<Num>(edgenbr);
    Num k = 0;
    for (Num v = 0; v < vertnbr; ++v)
      for (Num e = verttab[v] - base; e < vendtab[v] - base; ++e, ++k) {
        edge[k] = edgetab[e] - base;
        edlo[k] = edlotab != nullptr ? edlotab[e] : 1;
      }
    for (int r = 0; r < d.size; ++r) {
      Num sum = 0;
      for (int v = vdispl[r]; v < vdispl[r] + vcounts[r]; ++v) sum += degree[v];
      ecounts[r] = static_cast<int>(sum);
      if (r > 0) edispl[r] = edispl[r - 1] + ecounts[r - 1];
    }
  }
  MPI_Bcast(ecounts.data(), d.size, MPI_INT, 0, d.comm);
  MPI_Bcast(edispl.data(), d.size, MPI_INT, 0, d.comm);
  std::vector<Num> mydeg = big_vector<Num>(d.vertlocnbr);
  assign_big(d.veloloctab, d.vertlocnbr, Num{1});
  assign_big(d.edgeloctab, ecounts[d.rank], Num{0});
  assign_big(d.edloloctab, ecounts[d.rank], Num{0});
  MPI_Scatterv(degree.data(), vcounts.data(), vdispl.data(), num_type(), mydeg.data(),
               vcounts[d.rank], num_type(), 0, d.comm);
  MPI_Scatterv(velo.data(), vcounts.data(), vdispl.data(), num_type(), d.veloloctab.data(),
               vcounts[d.rank], num_type(), 0, d.comm);
  MPI_Scatterv(edge.data(), ecounts.data(), edispl.data(), num_type(), d.edgeloctab.data(),
               ecounts[d.rank], num_type(), 0, d.comm);
  MPI_Scatterv(edlo.data(), ecounts.data(), edispl.data(), num_type(), d.edloloctab.data(),
               ecounts[d.rank], num_type(), 0, d.comm);
  assign_big(d.vertloctab, d.vertlocnbr + 1, Num{0});
  for (Num v = 0; v < d.vertlocnbr; ++v) d.vertloctab[v + 1] = d.vertloctab[v] + mydeg[v];
  finish_build(g, base);
}

}  // namespace

void load_graph(DgraphImpl &g, const char *path, Num baseval, Num flags) {
  g.built = false;
  local_step(g.dist.comm, [&] {
    if (path == nullptr) throw Error{TARTAN_EINVAL, "NULL path"};
    if (baseval < -1 || baseval > 1) throw Error{TARTAN_EINVAL, "baseval must be -1, 0 or 1"};
    if (flags < 0 || flags > 3) throw Error{TARTAN_EINVAL, "flags must be in 0 .. 3"};
  });
  if (std::strstr(path, "%r") != nullptr)
    load_distributed(g, path, baseval, flags);
  else
    load_centralised(g, path, baseval, flags);
  g.built = true;
}

}  // namespace tartan_mpi

using namespace tartan_mpi;

extern "C" TARTAN_MPI_API int TARTAN_dgraphLoad(TARTAN_Dgraph *dgraph, const char *path,
                                            TARTAN_Num baseval, TARTAN_Num flags) {
  return guard([&] {
    load_graph(need(dgraph, false), path, baseval, flags);
    return 0;
  });
}
