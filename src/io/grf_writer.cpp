// SCOTCH source graph (.grf, version 0) writer (see graph_io.hpp).
#include <string>

#include "io/graph_io.hpp"
#include "io/number_writer.hpp"

namespace tartan::io {

void write_grf(const Graph& graph, std::streambuf& out) {
  NumberWriter writer(out);
  writer.text("0\n", 2);
  writer.number(graph.vertnbr, '\t');
  writer.number(graph.edgenbr, '\n');
  writer.number(graph.baseval, '\t');
  const char flags[] = {graph.vlbltab ? '1' : '0', graph.edlotab ? '1' : '0',
                        graph.velotab ? '1' : '0', '\n'};
  writer.text(flags, sizeof flags);
  for (Num v = 0; v < graph.vertnbr; ++v) {
    if (graph.vlbltab) writer.number(graph.vlbltab[v], '\t');
    if (graph.velotab) writer.number(graph.velotab[v], '\t');
    const Num degree = graph.degree(v);
    writer.number(degree, degree == 0 ? '\n' : '\t');
    for (Num arc = graph.begin(v); arc < graph.end(v); ++arc) {
      const char separator = arc + 1 == graph.end(v) ? '\n' : '\t';
      if (graph.edlotab) writer.number(graph.edlotab[arc], ' ');
      if (graph.vlbltab) {
        const Num target = graph.neighbour(arc);
        if (target < 0 || target >= graph.vertnbr)
          fail_invalid("arc " + std::to_string(arc + graph.baseval) + " of vertex " +
                       std::to_string(v + graph.baseval) + " references vertex " +
                       std::to_string(graph.edgetab[arc]) + ", which has no label");
        writer.number(graph.vlbltab[target], separator);
      } else {
        writer.number(graph.edgetab[arc], separator);
      }
    }
  }
}

}  // namespace tartan::io
