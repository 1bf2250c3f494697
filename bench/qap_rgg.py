#!/usr/bin/env python3
"""Random geometric graph as in the DIMACS rggX graphs (seed 000's models): N points uniform in
the unit square, an edge between points closer than 0.55 * sqrt(ln N / N); written as a SCOTCH
.grf. Usage: qap_rgg.py N SEED OUT.grf"""
import math
import random
import sys


def main():
    n, seed, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    points = [(rng.random(), rng.random()) for _ in range(n)]
    radius = 0.55 * math.sqrt(math.log(n) / n)
    cells = max(1, int(1.0 / radius))
    grid = {}
    for i, (x, y) in enumerate(points):
        grid.setdefault((min(cells - 1, int(x * cells)), min(cells - 1, int(y * cells))), []).append(i)
    adjacency = [[] for _ in range(n)]
    r2 = radius * radius
    for (cx, cy), members in grid.items():
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                others = grid.get((cx + dx, cy + dy))
                if not others:
                    continue
                for i in members:
                    xi, yi = points[i]
                    for j in others:
                        if j > i:
                            xj, yj = points[j]
                            if (xi - xj) ** 2 + (yi - yj) ** 2 < r2:
                                adjacency[i].append(j)
                                adjacency[j].append(i)
    arcs = sum(len(a) for a in adjacency)
    with open(out, "w") as f:
        f.write("0\n%d\t%d\n0\t000\n" % (n, arcs))
        for a in adjacency:
            f.write("%d" % len(a) + "".join("\t%d" % j for j in sorted(a)) + "\n")


if __name__ == "__main__":
    main()
