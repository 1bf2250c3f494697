// Graph consistency checks (see graph_check.hpp).
#include "graph/graph_check.hpp"

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "common/big_arrays.hpp"
#include "common/error.hpp"

namespace tartan {

namespace {

std::string str(std::int64_t value) { return std::to_string(value); }

constexpr std::int64_t kNumMax = std::numeric_limits<Num>::max();

std::string vertex_name(const Graph& graph, Num v) { return "vertex " + str(v + graph.baseval); }

std::string arc_name(const Graph& graph, Num v, Num arc) {
  return "arc " + str(arc + graph.baseval) + " of " + vertex_name(graph, v);
}

void check_loads(const Graph& graph) {
  if (graph.velotab == nullptr) return;
  std::int64_t sum = 0;
  for (Num v = 0; v < graph.vertnbr; ++v) {
    const Num load = graph.velotab[v];
    if (load < 0)
      fail_invalid(vertex_name(graph, v) + " has a negative load (" + str(load) + ")");
    if (load > kNumMax - sum)  // tested before adding: with a 64-bit Num the sum could wrap
      fail(ErrorCode::overflow, "the sum of vertex loads exceeds TARTAN_NUMMAX (" +
                                    str(kNumMax) + ") at " + vertex_name(graph, v));
    sum += load;
  }
}

// Neighbours in range, no self loops, non-negative weights, weight sum in range.
void check_arcs(const Graph& graph) {
  const Num last = graph.baseval + graph.vertnbr - 1;
  std::int64_t weight_sum = 0;
  for (Num v = 0; v < graph.vertnbr; ++v) {
    for (Num arc = graph.begin(v); arc < graph.end(v); ++arc) {
      const Num target = graph.edgetab[arc];
      if (target < graph.baseval || target > last) {
        std::string range = graph.vertnbr == 0 ? "an empty graph"
                                               : "[" + str(graph.baseval) + ", " + str(last) + "]";
        fail_invalid(arc_name(graph, v, arc) + " references vertex " + str(target) +
                     ", outside " + range + " (vertnbr " + str(graph.vertnbr) + ")");
      }
      if (target - graph.baseval == v)
        fail_invalid(arc_name(graph, v, arc) + " is a self loop");
      const Num weight = graph.arc_weight(arc);
      if (weight < 0)
        fail_invalid(arc_name(graph, v, arc) + " has a negative weight (" + str(weight) + ")");
      if (weight > kNumMax - weight_sum)
        fail(ErrorCode::overflow, "the sum of arc weights exceeds TARTAN_NUMMAX (" +
                                      str(kNumMax) + ") at " + arc_name(graph, v, arc));
      weight_sum += weight;
    }
  }
}

// Degree up to which sparse_symmetric looks for reverse arcs by scanning lists.
constexpr Num kScanDegree = 64;

// Whether every arc v->w with weight x is matched by exactly one arc w->v with weight x, checked
// without transposing the graph when no vertex has more than kScanDegree neighbours (meshes,
// most sparse matrices): the reverse of each arc toward a higher vertex is looked for in that
// vertex's list. With no repeated neighbour, this pairs each such arc with a distinct arc toward
// a lower vertex, and equal counts make the pairing complete. One array of the vertex count,
// the lists read in order (on a 10^6-vertex mesh the transposing check below took as long as
// reading the file). False when a vertex is denser or something does not match: the general
// check then decides, and names what is wrong.
bool sparse_symmetric(const Graph& graph) {
  for (Num v = 0; v < graph.vertnbr; ++v)
    if (graph.degree(v) > kScanDegree) return false;
  std::vector<Num> listed_by = big_vector<Num>(static_cast<std::size_t>(graph.vertnbr), -1);
  std::int64_t upward = 0, downward = 0;
  for (Num v = 0; v < graph.vertnbr; ++v) {
    for (Num arc = graph.begin(v); arc < graph.end(v); ++arc) {
      const Num w = graph.neighbour(arc);
      if (listed_by[static_cast<std::size_t>(w)] == v) return false;  // a repeated neighbour
      listed_by[static_cast<std::size_t>(w)] = v;
      if (w < v) {
        ++downward;
        continue;
      }
      ++upward;
      Num reverse = graph.begin(w);
      while (reverse < graph.end(w) && graph.neighbour(reverse) != v) ++reverse;
      if (reverse == graph.end(w) || graph.arc_weight(reverse) != graph.arc_weight(arc))
        return false;
    }
  }
  return upward == downward;
}

// Every arc v->w with weight x must be matched by exactly one arc w->v with weight x. The
// reverse arcs of each vertex are gathered by a counting sort (sources in increasing order),
// then compared with its own arcs through a stamp array: O(vertnbr + edgenbr).
void check_symmetry(const Graph& graph) {
  if (sparse_symmetric(graph)) return;
  const std::size_t vertnbr = static_cast<std::size_t>(graph.vertnbr);
  std::vector<Num> reverse_start = big_vector<Num>(vertnbr + 1, 0);
  for (Num v = 0; v < graph.vertnbr; ++v)
    for (Num arc = graph.begin(v); arc < graph.end(v); ++arc)
      ++reverse_start[static_cast<std::size_t>(graph.neighbour(arc)) + 1];
  for (std::size_t v = 1; v <= vertnbr; ++v) reverse_start[v] += reverse_start[v - 1];
  std::vector<Num> fill;
  assign_range_big(fill, reverse_start.begin(), reverse_start.end() - 1);
  // Every slot is written below before it is read: left uninitialised rather than zeroed (zeroing
  // these two arrays of the arc count was a third of the check's time on a 10^6-vertex mesh).
  const std::unique_ptr<Num[]> reverse_source = big_buffer<Num>(static_cast<std::size_t>(graph.edgenbr));
  const std::unique_ptr<Num[]> reverse_arc = big_buffer<Num>(static_cast<std::size_t>(graph.edgenbr));
  for (Num v = 0; v < graph.vertnbr; ++v)
    for (Num arc = graph.begin(v); arc < graph.end(v); ++arc) {
      const Num slot = fill[static_cast<std::size_t>(graph.neighbour(arc))]++;
      reverse_source[static_cast<std::size_t>(slot)] = v;
      reverse_arc[static_cast<std::size_t>(slot)] = arc;
    }

  std::vector<Num> stamp = big_vector<Num>(vertnbr, -1);    // stamp[w] == v: v has an arc to w
  std::vector<Num> arc_to = big_vector<Num>(vertnbr, -1);   // that arc
  std::vector<Num> matched = big_vector<Num>(vertnbr, -1);  // matched[w] == v: w's arc to v seen
  for (Num v = 0; v < graph.vertnbr; ++v) {
    for (Num arc = graph.begin(v); arc < graph.end(v); ++arc) {
      const Num w = graph.neighbour(arc);
      if (stamp[static_cast<std::size_t>(w)] == v)
        fail_invalid(vertex_name(graph, v) + " has two arcs to vertex " + str(w + graph.baseval) +
                     " (arcs " + str(arc_to[static_cast<std::size_t>(w)] + graph.baseval) +
                     " and " + str(arc + graph.baseval) + ")");
      stamp[static_cast<std::size_t>(w)] = v;
      arc_to[static_cast<std::size_t>(w)] = arc;
    }
    // Arcs u->v from other vertices: each must match an arc v->u with the same weight.
    for (Num slot = reverse_start[static_cast<std::size_t>(v)];
         slot < reverse_start[static_cast<std::size_t>(v) + 1]; ++slot) {
      const Num u = reverse_source[static_cast<std::size_t>(slot)];
      const Num arc = reverse_arc[static_cast<std::size_t>(slot)];
      if (stamp[static_cast<std::size_t>(u)] != v)
        fail_invalid(arc_name(graph, u, arc) + " to vertex " + str(v + graph.baseval) +
                     " has no reverse arc (asymmetric graph)");
      const Num back = arc_to[static_cast<std::size_t>(u)];
      if (graph.arc_weight(back) != graph.arc_weight(arc))
        fail_invalid("asymmetric arc weights: " + arc_name(graph, u, arc) + " weighs " +
                     str(graph.arc_weight(arc)) + ", its reverse " + arc_name(graph, v, back) +
                     " weighs " + str(graph.arc_weight(back)));
      matched[static_cast<std::size_t>(u)] = v;
    }
    for (Num arc = graph.begin(v); arc < graph.end(v); ++arc) {
      const Num w = graph.neighbour(arc);
      if (matched[static_cast<std::size_t>(w)] != v)
        fail_invalid(arc_name(graph, v, arc) + " to vertex " + str(w + graph.baseval) +
                     " has no reverse arc (asymmetric graph)");
    }
  }
}

}  // namespace

void check_graph_structure(const Graph& graph) {
  if (graph.baseval != 0 && graph.baseval != 1)
    fail_invalid("baseval " + str(graph.baseval) + " is neither 0 nor 1");
  if (graph.vertnbr < 0) fail_invalid("negative vertex count (vertnbr " + str(graph.vertnbr) + ")");
  if (graph.edgenbr < 0) fail_invalid("negative arc count (edgenbr " + str(graph.edgenbr) + ")");
  if (graph.vertnbr == kNumMax)
    fail(ErrorCode::overflow, "vertnbr + 1 does not fit in TARTAN_Num");
  if (graph.vertnbr > 0 && (graph.verttab == nullptr || graph.vendtab == nullptr))
    fail_invalid("verttab is NULL");
  if (graph.edgenbr > 0 && graph.edgetab == nullptr) fail_invalid("edgetab is NULL");
  std::int64_t degree_sum = 0;
  for (Num v = 0; v < graph.vertnbr; ++v) {
    if (graph.verttab[v] < graph.baseval)
      fail_invalid("verttab[" + str(v) + "] = " + str(graph.verttab[v]) + " is below baseval " +
                   str(graph.baseval));
    if (graph.vendtab[v] < graph.verttab[v])
      fail_invalid("vendtab[" + str(v) + "] = " + str(graph.vendtab[v]) + " < verttab[" + str(v) +
                   "] = " + str(graph.verttab[v]) + " (" + vertex_name(graph, v) + ")");
    const Num degree = graph.vendtab[v] - graph.verttab[v];
    if (degree > graph.edgenbr - degree_sum)  // tested before adding: no wrap with 64 bits
      fail_invalid("the degrees sum to more than edgenbr (" + str(graph.edgenbr) + ") at " +
                   vertex_name(graph, v));
    degree_sum += degree;
  }
  if (degree_sum != graph.edgenbr)
    fail_invalid("the degrees sum to " + str(degree_sum) + " arcs but edgenbr is " +
                 str(graph.edgenbr));
}

void check_graph(const Graph& graph) {
  check_graph_structure(graph);
  check_loads(graph);
  check_arcs(graph);
  check_symmetry(graph);
}

}  // namespace tartan
