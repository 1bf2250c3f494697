// Times the network figures (src/metrics/network_stats: routes walked through LinkLoads) on a
// 3-D grid graph of n^3 vertices mapped onto the n x n x n torus and the n x n x n mesh three
// ways: identity (every message one hop), blocks of 8 vertices per terminal on the torus of
// (n/2)^3 (short routes), and a random permutation (long routes, ~3n/4 hops on the torus).
// Prints messages, link crossings (TH), the time of compute_network_stats (best of three) and
// the crossings per second: linear in messages x route length is what the figures must show.
// Two more kinds: the complete graph of 10^5 terminals (10^10 links: the hash table of used
// links) and a deco 2 over the 16 x 16 x 16 torus graph (shortest-path routes, one tree per
// source terminal), both under a random mapping.
// Built by `make bench/network_stats_bench`, never by check.
//
// Usage: bench/network_stats_bench [n ...]   (default: 64 100)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "arch/arch_factory.hpp"
#include "arch/deco2.hpp"
#include "common/random.hpp"
#include "graph/graph_builder.hpp"
#include "metrics/network_stats.hpp"

namespace {

using tartan::Num;

template <class Body>
double seconds_of(Body body) {
  double best = 0;
  for (int run = 0; run < 3; ++run) {
    const auto start = std::chrono::steady_clock::now();
    body();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (run == 0 || seconds < best) best = seconds;
  }
  return best;
}

std::unique_ptr<tartan::Graph> grid3(Num n) {
  std::vector<tartan::WeightedEdge> edges;
  const auto id = [n](Num x, Num y, Num z) { return x + n * (y + n * z); };
  for (Num z = 0; z < n; ++z)
    for (Num y = 0; y < n; ++y)
      for (Num x = 0; x < n; ++x) {
        if (x + 1 < n) edges.push_back({id(x, y, z), id(x + 1, y, z), 1});
        if (y + 1 < n) edges.push_back({id(x, y, z), id(x, y + 1, z), 1});
        if (z + 1 < n) edges.push_back({id(x, y, z), id(x, y, z + 1), 1});
      }
  return tartan::make_owned_graph(tartan::csr_from_edges(n * n * n, std::move(edges), false), 0);
}

// deco 2 over the n x n x n torus graph, every vertex a terminal.
tartan::ArchPtr deco2_torus(Num n) {
  std::vector<tartan::WeightedEdge> edges;
  const auto id = [n](Num x, Num y, Num z) { return x + n * (y + n * z); };
  for (Num z = 0; z < n; ++z)
    for (Num y = 0; y < n; ++y)
      for (Num x = 0; x < n; ++x) {
        edges.push_back({id(x, y, z), id((x + 1) % n, y, z), 1});
        edges.push_back({id(x, y, z), id(x, (y + 1) % n, z), 1});
        edges.push_back({id(x, y, z), id(x, y, (z + 1) % n), 1});
      }
  tartan::CsrArrays arrays = tartan::csr_from_edges(n * n * n, std::move(edges), true);
  tartan::CsrGraph csr;
  csr.xadj = arrays.verttab;
  csr.adjncy = arrays.edgetab;
  csr.adjwgt = arrays.edlotab;
  csr.vwgt.assign(std::size_t(n * n * n), 1);
  std::vector<Num> terminals(csr.vwgt.size()), weights(csr.vwgt.size(), 1);
  for (std::size_t v = 0; v < terminals.size(); ++v) terminals[v] = Num(v);
  return tartan::make_deco2(std::move(csr), {}, terminals, weights);
}

void run(const char* name, const tartan::Graph& graph, const tartan::Architecture& arch,
         const std::vector<Num>& parts) {
  tartan::NetworkStats stats;
  const double seconds =
      seconds_of([&] { stats = tartan::compute_network_stats(graph, arch, parts.data()); });
  std::printf("%-34s messages %9lld  crossings %11lld  MC %8g  %7.3f s  %6.1f M crossings/s\n",
              name, static_cast<long long>(stats.messages), static_cast<long long>(stats.th),
              stats.mc, seconds, double(stats.th) / seconds / 1e6);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<Num> sizes;
  for (int i = 1; i < argc; ++i) sizes.push_back(Num(std::atol(argv[i])));
  if (sizes.empty()) sizes = {64, 100};
  for (Num n : sizes) {
    const auto graph = grid3(n);
    const Num vertices = n * n * n;
    std::vector<Num> identity(static_cast<std::size_t>(vertices)), blocks(identity.size());
    for (Num v = 0; v < vertices; ++v) {
      identity[std::size_t(v)] = v;
      const Num x = v % n, y = v / n % n, z = v / n / n, h = n / 2;
      blocks[std::size_t(v)] = x / 2 + h * (y / 2 + h * (z / 2));
    }
    std::vector<Num> random = identity;
    tartan::Random rng(1);
    rng.shuffle(random);
    const tartan::ArchPtr torus = tartan::make_torus({n, n, n});
    const tartan::ArchPtr mesh = tartan::make_mesh({n, n, n});
    const tartan::ArchPtr half = tartan::make_torus({n / 2, n / 2, n / 2});
    const std::string size = std::to_string(n) + "^3";
    run(("grid " + size + " identity torus").c_str(), *graph, *torus, identity);
    run(("grid " + size + " identity mesh").c_str(), *graph, *mesh, identity);
    run(("grid " + size + " blocks of 8 torus").c_str(), *graph, *half, blocks);
    run(("grid " + size + " random torus").c_str(), *graph, *torus, random);
    if (n != sizes.front()) continue;
    std::vector<Num> on_complete = random, on_deco = random;
    for (Num& part : on_complete) part %= 100000;
    for (Num& part : on_deco) part %= 4096;
    run(("grid " + size + " random cmplt 100000").c_str(), *graph, *tartan::make_complete(100000),
        on_complete);
    run(("grid " + size + " random deco2 torus 16^3").c_str(), *graph, *deco2_torus(16), on_deco);
  }
  return 0;
}
