#!/usr/bin/env python3
"""Hoefler-Snir's mappers (greedy, recursive, rcm, ta) on one-to-one models, issue 12.

Models: a generated 3-D mesh (SCOTCH's gmk_m3) partitioned by scotch_gmap into P parts, the
quotient graph (qap_quotient.py: one vertex per part, edge weights = cut sizes) mapped with
`tartan map -b 0` onto a 3-D torus of P terminals. Every mapping is checked to be a permutation
and judged by its maximum congestion MC and weighted hops WH, computed here independently of
Tartan from NETWORKS.md's torus routes (dimension order, shorter way round, + on a tie).

Usage (from the build directory, or TARTAN_BIN=path/to/tartan):
    bench/hsnir_mappers.py [--sizes 10x10x10,11x11x11,12x12x12,10x10x20] [--scale]
        [--work DIR]
--scale adds the timing of each mapper on models growing to 32K processes (32x32x32).
"""
import argparse
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import qap_quotient  # noqa: E402  (the bench folder's reader)
MAPPERS = ["identity", "random", "greedy", "recursive", "rcm", "greedy;ta", "recursive;ta",
           "rcm;ta", "drb;kway", "(greedy;ta|recursive;ta|rcm;ta){best=mc}"]
SCALE_MAPPERS = ["greedy", "recursive", "rcm", "greedy;ta", "drb;kway"]


def tartan_bin():
    return os.environ.get("TARTAN_BIN", os.path.join(os.getcwd(), "tartan"))


def read_grf(path):
    """Adjacency lists [(neighbour, weight), ...] per vertex (0-based), qap_quotient's reader."""
    return qap_quotient.read_grf(path)[1]


def read_map(path, n):
    tokens = open(path).read().split()
    part = [-1] * n
    for i in range(int(tokens[0])):
        part[int(tokens[1 + 2 * i])] = int(tokens[2 + 2 * i])
    return part


def torus_figures(adj, part, dims):
    """MC and WH of the mapping on torusXD dims, routes of NETWORKS.md (x fastest numbering)."""
    load = {}
    wh = 0
    def coords(t):
        c = []
        for d in dims:
            c.append(t % d)
            t //= d
        return c
    for u, arcs in enumerate(adj):
        for v, w in arcs:
            a, b = part[u], part[v]
            if a == b or w <= 0:
                continue
            ca, cb = coords(a), coords(b)
            hops = 0
            for dim, size in enumerate(dims):
                delta = (cb[dim] - ca[dim]) % size
                if delta == 0:
                    continue
                step = 1 if delta <= size - delta else -1
                count = delta if step == 1 else size - delta
                for _ in range(count):
                    nxt = (ca[dim] + step) % size
                    # a size-2 dimension has one link each way: its key does not need the side
                    key = (tuple(ca), dim, step if size > 2 else (1 if nxt > ca[dim] else -1))
                    load[key] = load.get(key, 0) + w
                    ca[dim] = nxt
                    hops += 1
            wh += w * hops
    return (max(load.values()) if load else 0), wh


def run_map(strategy, graph, target, out):
    start = time.time()
    subprocess.run([tartan_bin(), "map", "-b", "0", "-s", strategy, graph, target, "-o", out],
                   check=True)
    return time.time() - start


def make_model(work, dims):
    p = 1
    for d in dims:
        p *= d
    # About 64 mesh vertices per process, 16 beyond 2000 processes (the scaling models).
    side = max(8, round(((64 if p <= 2000 else 16) * p) ** (1 / 3)))
    mesh = os.path.join(work, f"mesh{side}.grf")
    if not os.path.exists(mesh):
        subprocess.run(["gmk_m3", str(side), str(side), str(side), mesh], check=True)
    name = "x".join(map(str, dims))
    parts = os.path.join(work, f"parts{p}.map")
    quotient = os.path.join(work, f"q{p}.grf")
    if not os.path.exists(quotient):
        cmplt = os.path.join(work, f"k{p}.tgt")
        open(cmplt, "w").write(f"cmplt {p}\n")
        subprocess.run(["scotch_gmap", mesh, cmplt, parts], check=True, stdout=subprocess.DEVNULL)
        subprocess.run([sys.executable, os.path.join(HERE, "qap_quotient.py"), mesh, parts, str(p),
                        quotient], check=True)
    target = os.path.join(work, f"t{name}.tgt")
    open(target, "w").write(f"torus{len(dims)}D {' '.join(map(str, dims))}\n" if len(dims) <= 3
                            else f"torusXD {len(dims)} {' '.join(map(str, dims))}\n")
    return quotient, target, p


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="10x10x10,11x11x11,12x12x12,10x10x20")
    parser.add_argument("--scale", action="store_true")
    parser.add_argument("--work", default="hsnir-bench")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    out = os.path.join(args.work, "out.map")
    print("model         mapper                                     perm        MC          WH   time(s)")
    for size in args.sizes.split(","):
        dims = [int(x) for x in size.split("x")]
        graph, target, p = make_model(args.work, dims)
        adj = read_grf(graph)
        for strategy in MAPPERS:
            seconds = run_map(strategy, graph, target, out)
            part = read_map(out, p)
            perm = sorted(part) == list(range(p))
            mc, wh = torus_figures(adj, part, dims)
            print(f"q{p}-t{size:9s} {strategy:40s} {str(perm):5s} {mc:9d} {wh:11d} {seconds:8.2f}",
                  flush=True)
    if args.scale:
        print("\nscaling: model        " + "".join(f"{m:>14s}" for m in SCALE_MAPPERS) + "  (seconds)")
        for dims in ([16, 16, 16], [16, 16, 32], [16, 32, 32], [32, 32, 32]):
            graph, target, p = make_model(args.work, dims)
            times = [run_map(m, graph, target, out) for m in SCALE_MAPPERS]
            print(f"q{p:<6d} torus {'x'.join(map(str, dims)):10s}" +
                  "".join(f"{t:14.2f}" for t in times), flush=True)


if __name__ == "__main__":
    main()
