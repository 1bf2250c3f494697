#!/usr/bin/env python3
"""Quotient graph of a mapping: one vertex per terminal (part), edge weight = summed weight of
the graph's edges between the two parts (the cut between them), unit vertex loads; written as a
SCOTCH .grf. Usage: qap_quotient.py GRAPH.grf MAPPING.map PARTS OUT.grf

Reads uncompressed .grf (what `tartan graph gen` writes) and SCOTCH .map files."""
import sys


def read_grf(path):
    with open(path) as f:
        tokens = f.read().split()
    pos = 1
    vertnbr, _edgenbr = int(tokens[pos]), int(tokens[pos + 1])
    baseval, flags = int(tokens[pos + 2]), tokens[pos + 3]
    pos += 4
    labels, weights, loads = flags[0] == "1", flags[1] == "1", flags[2] == "1"
    adjacency = []
    vertex_labels = []
    for v in range(vertnbr):
        if labels:
            vertex_labels.append(int(tokens[pos]))
            pos += 1
        else:
            vertex_labels.append(v + baseval)
        if loads:
            pos += 1
        degree = int(tokens[pos])
        pos += 1
        arcs = []
        for _ in range(degree):
            w = 1
            if weights:
                w = int(tokens[pos])
                pos += 1
            arcs.append((int(tokens[pos]) - baseval, w))
            pos += 1
        adjacency.append(arcs)
    return vertex_labels, adjacency


def main():
    graph, mapping, parts, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    labels, adjacency = read_grf(graph)
    index = {label: v for v, label in enumerate(labels)}
    part = [-1] * len(labels)
    with open(mapping) as f:
        tokens = f.read().split()
    for i in range(int(tokens[0])):
        part[index[int(tokens[1 + 2 * i])]] = int(tokens[2 + 2 * i])
    cut = [dict() for _ in range(parts)]
    for v, arcs in enumerate(adjacency):
        for u, w in arcs:
            p, q = part[v], part[u]
            if p != q:
                cut[p][q] = cut[p].get(q, 0) + w
    arcs = sum(len(c) for c in cut)
    with open(out, "w") as f:
        f.write("0\n%d\t%d\n0\t010\n" % (parts, arcs))
        for p in range(parts):
            items = sorted(cut[p].items())
            f.write("%d" % len(items) + "".join("\t%d\t%d" % (w, q) for q, w in items) + "\n")


if __name__ == "__main__":
    main()
