#include "graph/coarsening.hpp"

#include <numeric>

#include "common/big_arrays.hpp"
#include "common/error.hpp"
#include "graph/graph.hpp"

namespace tartan {

namespace {

// A hint that *address will be read soon (no effect on results; nothing where the compiler
// has no such builtin).
inline void prefetch(const void* address) {
#if defined(__GNUC__)
  __builtin_prefetch(address);
#else
  (void)address;
#endif
}

}  // namespace

std::int64_t CsrGraph::total_vertex_weight() const {
  std::int64_t total = 0;
  for (Num w : vwgt) total += w;
  return total;
}

CsrGraph csr_from_graph(const Graph& graph) { return csr_from_graph(graph, {}); }

CsrGraph csr_from_graph(const Graph& graph, const std::vector<Num>& order) {
  CsrGraph csr;
  const Num n = graph.vertnbr;
  const bool renumbered = !order.empty();
  if (renumbered && static_cast<Num>(order.size()) != n)
    fail(ErrorCode::internal, "csr_from_graph: the order is not one of the graph's vertices");
  std::vector<Num> rank;
  if (renumbered) {
    assign_big(rank, static_cast<std::size_t>(n), Num{0});
    for (Num i = 0; i < n; ++i) rank[order[i]] = i;
  }
  assign_big(csr.xadj, static_cast<std::size_t>(n) + 1, Num{0});
  assign_big(csr.vwgt, static_cast<std::size_t>(n), Num{0});
  Num arcs = 0;
  for (Num v = 0; v < n; ++v) arcs += graph.degree(v);
  assign_big(csr.adjncy, static_cast<std::size_t>(arcs), Num{0});
  assign_big(csr.adjwgt, static_cast<std::size_t>(arcs), Num{0});
  Num out = 0;
  for (Num i = 0; i < n; ++i) {
    const Num v = renumbered ? order[i] : i;
    csr.vwgt[i] = graph.vertex_load(v);
    for (Num arc = graph.begin(v); arc < graph.end(v); ++arc) {
      const Num u = graph.neighbour(arc);
      csr.adjncy[out] = renumbered ? rank[u] : u;
      csr.adjwgt[out] = graph.arc_weight(arc);
      ++out;
    }
    csr.xadj[i + 1] = out;
  }
  return csr;
}

Num heavy_edge_matching(const CsrGraph& graph, Random& random, const MatchingOptions& options,
                        std::vector<Num>& mate, CoarseningScratch* scratch) {
  const Num n = graph.vertex_count();
  assign_big(mate, static_cast<std::size_t>(n), Num{-1});
  if (options.vertex_class && static_cast<Num>(options.vertex_class->size()) != n)
    fail(ErrorCode::internal, "heavy_edge_matching: class array size differs from the graph");
  const Num* cls = options.vertex_class ? options.vertex_class->data() : nullptr;
  const std::int64_t max_weight = options.max_vertex_weight;

  // Random visiting order: a shuffle of the identity, in runs on big graphs (the top-level
  // bisection of a 100^3 mesh coarsened 1.8x faster, bench/README "Cache-local matching").
  std::vector<Num> own_order;
  std::vector<Num>& order = scratch != nullptr ? scratch->order : own_order;
  assign_big(order, static_cast<std::size_t>(n), Num{0});
  std::iota(order.begin(), order.end(), Num{0});
  if (!options.visit_in_order) {
    if (n > kLocalOrderVertices)
      random.shuffle_in_runs(order, kLocalOrderRun);
    else
      random.shuffle(order);
  }

  // The visits follow a random order, so each one misses the cache on the vertex's arcs and
  // on its neighbours' mates: the arcs of the vertex kPrefetchArcs visits ahead and the mates of
  // the neighbours of the one kPrefetchMates ahead are requested early (the matching is the
  // same; only the memory traffic overlaps).
  constexpr Num kPrefetchArcs = 16, kPrefetchMates = 8;
  Num coarse = 0;
  for (Num idx = 0; idx < n; ++idx) {
    if (idx + kPrefetchArcs < n) {
      const Num ahead = order[idx + kPrefetchArcs];
      prefetch(&graph.adjncy[graph.xadj[ahead]]);
      prefetch(&graph.adjwgt[graph.xadj[ahead]]);
      prefetch(&mate[ahead]);
    }
    if (idx + kPrefetchMates < n) {
      const Num ahead = order[idx + kPrefetchMates];
      for (Num arc = graph.xadj[ahead]; arc < graph.xadj[ahead + 1]; ++arc)
        prefetch(&mate[graph.adjncy[arc]]);
    }
    const Num v = order[idx];
    if (mate[v] != -1) continue;
    Num best = -1;
    Num best_edge = -1;
    Num best_weight = 0;
    const Num vw = graph.vwgt[v];
    for (Num arc = graph.xadj[v]; arc < graph.xadj[v + 1]; ++arc) {
      const Num u = graph.adjncy[arc];
      if (u == v || mate[u] != -1) continue;
      if (max_weight > 0 && static_cast<std::int64_t>(vw) + graph.vwgt[u] > max_weight) continue;
      if (cls && cls[v] != -1 && cls[u] != -1 && cls[v] != cls[u]) continue;
      const Num ew = graph.adjwgt[arc];
      if (ew > best_edge || (ew == best_edge && graph.vwgt[u] < best_weight) ||
          (options.ties_to_lowest_index && ew == best_edge && graph.vwgt[u] == best_weight && u < best)) {
        best = u;
        best_edge = ew;
        best_weight = graph.vwgt[u];
      }
    }
    if (best == -1) {
      mate[v] = v;
    } else {
      mate[v] = best;
      mate[best] = v;
    }
    ++coarse;
  }
  return coarse;
}

CoarseLevel contract(const CsrGraph& fine, const std::vector<Num>& mate, Num coarse_count) {
  CoarseLevel level;
  CoarseningScratch scratch;
  contract_into(fine, mate, coarse_count, level, scratch);
  return level;
}

void contract_into(const CsrGraph& fine, const std::vector<Num>& mate, Num coarse_count,
                   CoarseLevel& level, CoarseningScratch& scratch) {
  const Num n = fine.vertex_count();
  assign_big(level.fine_to_coarse, static_cast<std::size_t>(n), Num{-1});
  CsrGraph& coarse = level.graph;
  assign_big(coarse.vwgt, static_cast<std::size_t>(coarse_count), Num{0});
  assign_big(coarse.xadj, static_cast<std::size_t>(coarse_count) + 1, Num{0});
  std::vector<Num>& representative = scratch.representative;
  assign_big(representative, static_cast<std::size_t>(coarse_count), Num{0});

  Num next = 0;
  for (Num v = 0; v < n; ++v) {
    if (level.fine_to_coarse[v] != -1) continue;
    const Num partner = mate[v];
    level.fine_to_coarse[v] = next;
    representative[next] = v;
    coarse.vwgt[next] = fine.vwgt[v];
    if (partner != v) {
      level.fine_to_coarse[partner] = next;
      coarse.vwgt[next] += fine.vwgt[partner];
    }
    ++next;
  }
  if (next != coarse_count) fail(ErrorCode::internal, "contract: matching count mismatch");

  // Merge the arcs of each pair in one pass: slot[c] = position of the arc toward coarse
  // vertex c in the current coarse vertex's list, or -1. The arc arrays reserve the fine arc
  // count (the coarse graph has no more arcs) and grow by appending, so that only the pages
  // of the arcs written are ever touched: sizing them to the fine count first zeroed every
  // page, and the copy to their exact size after touched as many again; page faults and
  // those passes took as much time as the merge itself on the top bisection of a 10^6-vertex
  // mesh (perf). The slots the current vertex set are cleared from its own arc list, so the marker
  // array is never swept.
  std::vector<Num>& slot = scratch.slot;
  assign_big(slot, static_cast<std::size_t>(coarse_count), Num{-1});
  coarse.adjncy.clear();
  coarse.adjwgt.clear();
  if (coarse.adjncy.capacity() < fine.adjncy.size()) reserve_big(coarse.adjncy, fine.adjncy.size());
  if (coarse.adjwgt.capacity() < fine.adjwgt.size()) reserve_big(coarse.adjwgt, fine.adjwgt.size());
  std::vector<Num>& adjncy = coarse.adjncy;
  std::vector<Num>& adjwgt = coarse.adjwgt;
  const Num* f2c = level.fine_to_coarse.data();
  Num out = 0;
  for (Num c = 0; c < coarse_count; ++c) {
    const Num first = representative[c];
    const Num pair[2] = {first, mate[first]};
    const int members = pair[1] == first ? 1 : 2;
    const Num begin = out;
    for (int m = 0; m < members; ++m) {
      const Num v = pair[m];
      for (Num arc = fine.xadj[v]; arc < fine.xadj[v + 1]; ++arc) {
        const Num target = f2c[fine.adjncy[arc]];
        if (target == c) continue;
        if (slot[target] >= 0) {
          adjwgt[slot[target]] += fine.adjwgt[arc];
        } else {
          slot[target] = out;
          adjncy.push_back(target);
          adjwgt.push_back(fine.adjwgt[arc]);
          ++out;
        }
      }
    }
    for (Num arc = begin; arc < out; ++arc) slot[adjncy[arc]] = -1;
    coarse.xadj[c + 1] = out;
  }
}

CoarseLevel coarsen_once(const CsrGraph& fine, Random& random, const MatchingOptions& options,
                         std::vector<Num>* coarse_class) {
  CoarseLevel level;
  CoarseningScratch scratch;
  coarsen_once_into(fine, random, options, level, scratch, coarse_class);
  return level;
}

void coarsen_once_into(const CsrGraph& fine, Random& random, const MatchingOptions& options,
                       CoarseLevel& level, CoarseningScratch& scratch,
                       std::vector<Num>* coarse_class) {
  std::vector<Num>& mate = scratch.mate;
  const Num count = heavy_edge_matching(fine, random, options, mate, &scratch);
  contract_into(fine, mate, count, level, scratch);
  if (coarse_class && options.vertex_class) {
    const std::vector<Num>& cls = *options.vertex_class;
    assign_big(*coarse_class, static_cast<std::size_t>(count), Num{-1});
    for (Num v = 0; v < fine.vertex_count(); ++v)
      if (cls[v] != -1) (*coarse_class)[level.fine_to_coarse[v]] = cls[v];
  }
}

CsrGraph quotient_csr(const CsrGraph& graph, const std::vector<Num>& part, Num parts) {
  // Vertices of each part, then one sweep per part merging its arcs through a slot table.
  std::vector<Num> start(static_cast<std::size_t>(parts) + 1, 0);
  for (Num v = 0; v < graph.vertex_count(); ++v) ++start[part[v] + 1];
  for (Num p = 0; p < parts; ++p) start[p + 1] += start[p];
  std::vector<Num> members(static_cast<std::size_t>(graph.vertex_count()));
  std::vector<Num> fill(start.begin(), start.end() - 1);
  for (Num v = 0; v < graph.vertex_count(); ++v) members[fill[part[v]]++] = v;

  CsrGraph quotient;
  quotient.vwgt.assign(static_cast<std::size_t>(parts), 0);
  std::vector<Num> slot(static_cast<std::size_t>(parts), -1);
  for (Num p = 0; p < parts; ++p) {
    const Num first_arc = static_cast<Num>(quotient.adjncy.size());
    for (Num i = start[p]; i < start[p + 1]; ++i) {
      const Num v = members[i];
      quotient.vwgt[p] += graph.vwgt[v];
      for (Num arc = graph.xadj[v]; arc < graph.xadj[v + 1]; ++arc) {
        const Num q = part[graph.adjncy[arc]];
        if (q == p) continue;
        if (slot[q] < 0) {
          slot[q] = static_cast<Num>(quotient.adjncy.size());
          quotient.adjncy.push_back(q);
          quotient.adjwgt.push_back(0);
        }
        quotient.adjwgt[slot[q]] += graph.adjwgt[arc];
      }
    }
    for (Num arc = first_arc; arc < static_cast<Num>(quotient.adjncy.size()); ++arc)
      slot[quotient.adjncy[arc]] = -1;
    quotient.xadj.push_back(static_cast<Num>(quotient.adjncy.size()));
  }
  return quotient;
}

}  // namespace tartan
