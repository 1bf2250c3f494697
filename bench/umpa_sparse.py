#!/usr/bin/env python3
"""Seed 004's must-show (issue 13): Deveci et al.'s mappers on scattered allocations of a torus.

The batch scheduler's view: a job gets COUNT nodes of an X x Y x Z torus as runs of 1..16
consecutive free nodes (node x + X*(y + Y*z)) at seeded random places. The model is a partition
of a generated 3-D mesh into COUNT parts (tartan drb onto cmplt COUNT), its quotient graph (cut
sizes as edge weights) the graph to map, one part per node (-b 0). Methods: DEF (part i on the
i-th allocated node: the identity method), umpa_greedy and its refinements, drb;kway, greedy;ta
(seed 003), and SCOTCH's scotch_gmap -b0 -cb onto the same `sub` target (SCOTCH may still
leave a node with two parts: the perm column says). Every figure comes from
`tartan stats --json` (NETWORKS.md); times are wall-clock times of the `tartan map` process
(reading the files included).

usage: bench/umpa_sparse.py BUILD_DIR [--torus 16x8x24] [--count 256] [--mesh 24x24x24] [--seed 1]
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

METHODS = [
    ("DEF", "identity"),
    ("umpa_greedy", "umpa_greedy"),
    ("umpa_greedy;umpa_wh", "umpa_greedy;umpa_wh"),
    ("umpa_greedy;umpa_mc", "umpa_greedy;umpa_mc"),
    ("umpa_greedy;umpa_mmc", "umpa_greedy;umpa_mmc"),
    ("drb;kway", "drb;kway"),
    ("greedy;ta", "greedy;ta"),
]


def allocation(dims, count, seed):
    """Runs of 1..16 consecutive free nodes at random places until count nodes are taken."""
    total = dims[0] * dims[1] * dims[2]
    rng = random.Random(seed)
    taken, order = set(), []
    while len(order) < count:
        start, length = rng.randrange(total), rng.randint(1, 16)
        for node in range(start, start + length):
            node %= total
            if len(order) == count or node in taken:
                break
            taken.add(node)
            order.append(node)
    return order


def read_grf(path):
    """Adjacency lists of a .grf file written by `tartan graph gen` (no labels or weights)."""
    with open(path) as f:
        tokens = f.read().split()
    vertnbr, base = int(tokens[1]), int(tokens[3])
    pos, adj = 5, []
    for _ in range(vertnbr):
        degree = int(tokens[pos])
        adj.append([int(t) - base for t in tokens[pos + 1:pos + 1 + degree]])
        pos += 1 + degree
    return adj


def read_map(path, n):
    part = [0] * n
    with open(path) as f:
        lines = f.read().split("\n")[1:]
    for line in lines:
        if line.strip():
            v, p = line.split()
            part[int(v)] = int(p)
    return part


def write_quotient(adj, part, parts, path):
    """The graph of the parts, the weight of an edge the number of mesh edges it cuts."""
    weights = [dict() for _ in range(parts)]
    for v, nbrs in enumerate(adj):
        for u in nbrs:
            if part[u] != part[v]:
                w = weights[part[v]]
                w[part[u]] = w.get(part[u], 0) + 1
    arcs = sum(len(w) for w in weights)
    with open(path, "w") as f:
        f.write("0\n%d\t%d\n0\t010\n" % (parts, arcs))
        for w in weights:
            f.write("%d" % len(w) + "".join("\t%d %d" % (c, q) for q, c in sorted(w.items())) + "\n")


def run(cmd):
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return time.perf_counter() - start


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--torus", default="16x8x24")
    ap.add_argument("--count", type=int, default=256)
    ap.add_argument("--mesh", default="24x24x24")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-scotch", action="store_true")
    ap.add_argument("--skip", default="", help="comma-separated method names left out")
    args = ap.parse_args()
    tartan = os.path.join(args.build, "tartan")
    dims = [int(d) for d in args.torus.split("x")]
    mesh = args.mesh.split("x")
    work = tempfile.mkdtemp(prefix="umpa_sparse_")
    p = lambda name: os.path.join(work, name)

    with open(p("torus.tgt"), "w") as f:
        f.write("torus3D %d %d %d\n" % tuple(dims))
    nodes = allocation(dims, args.count, args.seed)
    with open(p("alloc.txt"), "w") as f:
        f.write("\n".join(map(str, nodes)) + "\n")
    subprocess.run([tartan, "arch", "sub", p("torus.tgt"), "@" + p("alloc.txt"), "-o", p("sub.tgt")],
                   check=True)
    with open(p("parts.tgt"), "w") as f:
        f.write("cmplt %d\n" % args.count)
    subprocess.run([tartan, "graph", "gen", "mesh3D"] + mesh + ["-o", p("mesh.grf")], check=True)
    subprocess.run([tartan, "map", "-s", "drb", p("mesh.grf"), p("parts.tgt"), "-o", p("mesh.map")],
                   check=True)
    adj = read_grf(p("mesh.grf"))
    write_quotient(adj, read_map(p("mesh.map"), len(adj)), args.count, p("model.grf"))

    skipped = set(args.skip.split(",")) - {""}
    methods = [m for m in METHODS if m[0] not in skipped]
    if not args.no_scotch:
        methods.append(("scotch_gmap", None))
    rows = []
    for name, strat in methods:
        out = p("out.map")
        if strat is None:
            seconds = run(["scotch_gmap", "-b0", "-cb", p("model.grf"), p("sub.tgt"), out])
        else:
            seconds = run([tartan, "map", "-b", "0", "-s", strat, p("model.grf"), p("sub.tgt"),
                           "-o", out])
        part = read_map(out, args.count)
        perm = sorted(part) == list(range(args.count))
        stats = json.loads(subprocess.run([tartan, "stats", "--json", p("model.grf"), p("sub.tgt"), out],
                                          check=True, capture_output=True, text=True).stdout)
        rows.append((name, perm, stats["network"], seconds))

    print("torus %s, %d allocated nodes (runs of 1-16, seed %d), model: mesh3D %s in %d parts"
          % (args.torus, args.count, args.seed, args.mesh, args.count))
    print("| method | perm | TH | WH | MC | MMC | AC | AMC | time (s) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, perm, n, seconds in rows:
        print("| %s | %s | %d | %d | %g | %d | %.2f | %.2f | %.2f |"
              % (name, "yes" if perm else "NO", n["th"], n["wh"], n["mc"], n["mmc"], n["ac"],
                 n["amc"], seconds))
    fig = {name: n for name, _, n, _ in rows}
    checks = [
        ("every Tartan method returns a permutation",
         all(perm for name, perm, _, _ in rows if name != "scotch_gmap")),
        ("WH(umpa_greedy) <= WH(DEF)", fig["umpa_greedy"]["wh"] <= fig["DEF"]["wh"]),
        ("WH(umpa_greedy;umpa_wh) <= WH(umpa_greedy)",
         fig["umpa_greedy;umpa_wh"]["wh"] <= fig["umpa_greedy"]["wh"]),
        ("MC(umpa_greedy;umpa_mc) <= 0.9 MC(umpa_greedy)",
         fig["umpa_greedy;umpa_mc"]["mc"] <= 0.9 * fig["umpa_greedy"]["mc"]),
        ("MMC(umpa_greedy;umpa_mmc) <= 0.9 MMC(umpa_greedy)",
         fig["umpa_greedy;umpa_mmc"]["mmc"] <= 0.9 * fig["umpa_greedy"]["mmc"]),
    ]
    for text, ok in checks:
        print("%s: %s" % (text, "yes" if ok else "NO"))
    return 0 if all(ok for _, ok in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
