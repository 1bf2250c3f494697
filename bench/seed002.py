#!/usr/bin/env python3
"""Seed 002 (Aykanat & Haritaoglu) benchmark: kl, sa, mfa (general) and mfa_hcub on hypercubes,
beside drb;kway, SCOTCH's scotch_gmap and a random mapping. Run by hand from the build directory
(never part of `make check`); see bench/README.

The paper's graphs are Harwell-Boeing matrices (DWT-1242, JAGMESH6, BCSPWR09, LSH2233). This
script never fetches anything: --hb DIR names a directory holding any of dwt_1242.mtx,
jagmesh6.mtx, bcspwr09.mtx, lshp2233.mtx (Matrix Market, pattern or real, symmetric; where
they came from is the caller's to record, see bench/README). Each one found is converted by
`tartan graph convert` (the pattern of A + A^T without its diagonal, edge weights 1); a graph
not found is replaced by a generated mesh of similar size and degree, marked "stand-in".
Vertex loads are the degrees, as the paper sets them; cost is the sum over edges of the
Hamming distance of the ends' processors and imbalance 100 (Wmax - Wavg) / Wavg, the paper's
definitions (`tartan stats`: CommExpan sum and maxavg).

  seed002.py table1 [--hb DIR] [--only NAMES] [--seeds 1,2,3] [--dims 5,6,7,8]
                    [--gen-seeds 1] [--gen-dims 5,6,7,8] [--bal 0.03]
  seed002.py speed  [--hb DIR] [--only NAMES] [--dims 8]  mfa_hcub vs mfa time, same graph
  seed002.py scaling [--dim 8] [--sizes 1000,3000,10000,30000,100000]
"""
import argparse
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

# the paper's name, the Matrix Market file looked for in --hb, its (N, E) in the paper, and the
# stand-in mesh used when the file is absent: kind, nx, ny.
GRAPHS = [
    ("DWT-1242", "dwt_1242.mtx", (1242, 4592), ("dia", 35, 35)),
    ("JAGMESH6", "jagmesh6.mtx", (1377, 3808), ("tri", 37, 37)),
    ("BCSPWR09", "bcspwr09.mtx", (1723, 2394), ("grid", 42, 41)),
    ("LSH2233", "lshp2233.mtx", (2233, 6552), ("tri", 47, 47)),
]

# Seed 002, Table 1 (means of 10 runs): hypercube MFA cost; the costs of KL, SA and Gen
# normalised to it; % imbalance of KL, SA, Gen, Hyp.
PAPER = {
    ("DWT-1242", 5): (2760, 2.13, 0.77, 1.03, 8.1, 1.1, 4.0, 2.6),
    ("DWT-1242", 6): (2941, 3.53, 1.09, 1.50, 8.9, 2.7, 5.2, 4.3),
    ("DWT-1242", 7): (3605, 7.48, 1.36, 1.71, 12.1, 6.1, 6.6, 7.2),
    ("DWT-1242", 8): (4829, 9.47, 1.60, 1.88, 16.3, 11.9, 14.0, 12.4),
    ("JAGMESH6", 5): (1861, 1.64, 0.62, 0.87, 6.3, 1.3, 3.6, 1.3),
    ("JAGMESH6", 6): (2298, 2.43, 0.86, 1.22, 7.4, 2.4, 4.1, 2.7),
    ("JAGMESH6", 7): (2890, 4.95, 1.07, 1.59, 12.0, 4.9, 5.6, 5.8),
    ("JAGMESH6", 8): (3863, 8.01, 1.27, 1.67, 13.4, 11.7, 12.1, 10.1),
    ("BCSPWR09", 5): (1045, 2.56, 0.59, 1.32, 5.5, 0.5, 2.8, 1.3),
    ("BCSPWR09", 6): (1477, 3.09, 0.72, 1.37, 10.5, 1.6, 5.6, 3.2),
    ("BCSPWR09", 7): (1701, 5.10, 1.08, 1.62, 12.4, 4.1, 7.2, 6.0),
    ("BCSPWR09", 8): (2155, 8.22, 1.56, 1.74, 17.2, 8.7, 12.8, 11.1),
    ("LSH2233", 5): (3740, 1.60, 0.52, 0.64, 6.3, 0.7, 3.6, 0.9),
    ("LSH2233", 6): (4490, 2.24, 0.68, 0.99, 8.0, 1.6, 3.1, 2.1),
    ("LSH2233", 7): (5375, 3.66, 0.84, 1.34, 9.4, 2.9, 4.4, 3.6),
    ("LSH2233", 8): (6865, 6.21, 1.01, 1.42, 10.2, 5.3, 8.8, 6.8),
}


def write_mesh(kind, nx, ny, path):
    """SCOTCH .grf of an nx x ny mesh: grid (4 neighbours), tri (one diagonal per cell), dia
    (both diagonals); vertex loads = degrees."""
    adj = [set() for _ in range(nx * ny)]

    def add(a, b):
        adj[a].add(b)
        adj[b].add(a)

    for y in range(ny):
        for x in range(nx):
            v = x + y * nx
            if x + 1 < nx:
                add(v, v + 1)
            if y + 1 < ny:
                add(v, v + nx)
            if kind in ("tri", "dia") and x + 1 < nx and y + 1 < ny:
                add(v, v + nx + 1)
            if kind == "dia" and x > 0 and y + 1 < ny:
                add(v, v + nx - 1)
    with open(path, "w") as f:
        f.write("0\n%d %d\n0 001\n" % (nx * ny, sum(len(a) for a in adj)))
        for a in adj:
            f.write("%d %d %s\n" % (len(a), len(a), " ".join(map(str, sorted(a)))))
    return sum(len(a) for a in adj) // 2


class Runner:
    def __init__(self, tartan, work):
        self.tartan = tartan
        self.work = work

    def target(self, dims):
        path = os.path.join(self.work, "h%d.tgt" % dims)
        with open(path, "w") as f:
            f.write("hcub %d\n" % dims)
        return path

    def stats(self, graph, tgt, mapfile):
        out = subprocess.run([self.tartan, "stats", graph, tgt, mapfile], check=True,
                             capture_output=True, text=True).stdout
        cost = int(re.search(r"CommExpan=[0-9.]+\s+\((\d+)\)", out).group(1))
        maxavg = float(re.search(r"maxavg=([0-9.e+]+)", out).group(1))
        return cost, 100.0 * (maxavg - 1.0)

    def run(self, graph, tgt, strategy, seed, bal):
        mapfile = os.path.join(self.work, "out.map")
        if strategy == "scotch":
            cmd = ["scotch_gmap", "-b%g" % bal, graph, tgt, mapfile]
        else:
            cmd = [self.tartan, "map", graph, tgt, "-s", strategy, "--seed", str(seed),
                   "-b", str(bal), "-o", mapfile]
        # CPU seconds (user + system) of the mapping process: the machine is shared, so wall
        # time would measure the other loads as much as the mapper.
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, check=True, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        cost, imbalance = self.stats(graph, tgt, mapfile)
        return cost, imbalance, seconds

    def mean(self, graph, tgt, strategy, seeds, bal):
        runs = [self.run(graph, tgt, strategy, s, bal) for s in seeds]
        return tuple(statistics.mean(r[i] for r in runs) for i in range(3))


def read_grf(path):
    """Adjacency lists of a SCOTCH .grf (any base, flags, no labels)."""
    words = open(path).read().split()
    n, base, flags = int(words[1]), int(words[3]), words[4]
    has_label, has_adjw, has_vload = flags[0] == "1", flags[1] == "1", flags[2] == "1"
    if has_label:
        sys.exit("seed002.py: %s: vertex labels are not read here" % path)
    pos, adj = 5, []
    for _ in range(n):
        if has_vload:
            pos += 1
        degree = int(words[pos])
        pos += 1
        step = 2 if has_adjw else 1
        adj.append([int(words[pos + k * step + step - 1]) - base for k in range(degree)])
        pos += degree * step
    return adj


def write_degree_loaded(adj, path):
    with open(path, "w") as f:
        f.write("0\n%d %d\n0 001\n" % (len(adj), sum(len(a) for a in adj)))
        for a in adj:
            f.write("%d %d %s\n" % (len(a), len(a), " ".join(map(str, a))))


def prepare(runner, hb, entry):
    """(label, path, N, E, real): the paper's graph converted from --hb if there, else its
    stand-in mesh; vertex loads = degrees either way."""
    name, mtx, _, (kind, nx, ny) = entry
    path = os.path.join(runner.work, name + ".grf")
    source = os.path.join(hb, mtx) if hb else None
    if source and os.path.exists(source):
        raw = os.path.join(runner.work, name + ".raw.grf")
        subprocess.run([runner.tartan, "graph", "convert", source, raw], check=True,
                       capture_output=True)
        adj = read_grf(raw)
        write_degree_loaded(adj, path)
        return name, path, len(adj), sum(len(a) for a in adj) // 2, True
    edges = write_mesh(kind, nx, ny, path)
    return "%s stand-in %s%dx%d" % (name, kind, nx, ny), path, nx * ny, edges, False


def random_cost(path, dims, seed):
    """Cost and imbalance of a random balanced mapping: vertices shuffled (seeded) and dealt to
    the 2^dims processors in turn; cost = sum over edges of the Hamming distance."""
    adj = read_grf(path)
    order = list(range(len(adj)))
    random.Random(seed).shuffle(order)
    part = [0] * len(adj)
    for k, v in enumerate(order):
        part[v] = k % (1 << dims)
    cost = sum(bin(part[u] ^ part[v]).count("1") for u in range(len(adj)) for v in adj[u]
               if u < v)
    loads = [0] * (1 << dims)
    for v, a in enumerate(adj):
        loads[part[v]] += len(a)
    avg = sum(loads) / float(len(loads))
    return cost, 100.0 * (max(loads) - avg) / avg


def selected(args):
    if not args.only:
        return GRAPHS
    names = args.only.split(",")
    unknown = [name for name in names if name not in [g[0] for g in GRAPHS]]
    if unknown:
        sys.exit("seed002.py: --only: unknown graph %s (one of %s)"
                 % (unknown[0], ", ".join(g[0] for g in GRAPHS)))
    return [g for g in GRAPHS if g[0] in names]


def table1(args, runner):
    seeds = [int(s) for s in args.seeds.split(",")]
    gen_seeds = [int(s) for s in args.gen_seeds.split(",")]
    dims = [int(d) for d in args.dims.split(",")]
    methods = ["kl", "sa", "mfa", "mfa_hcub", "drb;kway", "scotch"]
    print("Cells: cost / %% imbalance / CPU seconds, means over seeds %s (mfa over %s; scotch_gmap "
          "once; random: seeds %s); -b %g; the paper's figures are means of 10 runs."
          % (args.seeds, args.gen_seeds, args.seeds, args.bal))
    print()
    print("| graph | D | random | " + " | ".join(methods) + " | paper Hyp cost, imb | "
          "ours/paper Hyp cost, imb - paper's | ratios to Hyp kl sa gen (paper's) | "
          "paper imb kl sa gen |")
    print("|---|---|---|" + "---|" * len(methods) + "---|---|---|---|")
    gen_dims = [int(d) for d in args.gen_dims.split(",")]
    for entry in selected(args):
        label, path, n, edges, _ = prepare(runner, args.hb, entry)
        for d in dims:
            tgt = runner.target(d)
            rnd = [random_cost(path, d, s) for s in seeds]
            cells = ["%.0f / %.1f %%" % (statistics.mean(r[0] for r in rnd),
                                         statistics.mean(r[1] for r in rnd))]
            result = {}
            for m in methods:
                if m == "mfa" and d not in gen_dims:
                    result[m] = None
                    cells.append("not run")
                    continue
                use = [1] if m == "scotch" else (gen_seeds if m == "mfa" else seeds)
                result[m] = runner.mean(path, tgt, m, use, args.bal)
                c, imb, t = result[m]
                cells.append("%.0f / %.1f %% / %.2f s" % (c, imb, t))
            gen = "%.2f" % (result["mfa"][0] / result["mfa_hcub"][0]) if result["mfa"] else "-"
            hyp, hyp_imb = result["mfa_hcub"][0], result["mfa_hcub"][1]
            p = PAPER[(entry[0], d)]
            print("| %s N=%d E=%d | %d | %s | %d, %.1f %% | %.2f, %+.1f | %.2f %.2f %s "
                  "(%.2f %.2f %.2f) | %.1f %.1f %.1f |"
                  % (label, n, edges, d, " | ".join(cells), p[0], p[7], hyp / p[0],
                     hyp_imb - p[7], result["kl"][0] / hyp, result["sa"][0] / hyp, gen,
                     p[1], p[2], p[3], p[4], p[5], p[6]))
            sys.stdout.flush()


def speed(args, runner):
    print("| graph | D | mfa_hcub s | mfa s | mfa / mfa_hcub | costs (hcub, gen) |")
    print("|---|---|---|---|---|---|")
    for entry in selected(args):
        label, path, _, _, _ = prepare(runner, args.hb, entry)
        for d in [int(x) for x in args.dims.split(",")]:
            tgt = runner.target(d)
            h = runner.run(path, tgt, "mfa_hcub", 1, args.bal)
            g = runner.run(path, tgt, "mfa", 1, args.bal)
            print("| %s | %d | %.2f | %.2f | %.1f | %d, %d |" % (label, d, h[2], g[2],
                                                              g[2] / h[2], h[0], g[0]))
            sys.stdout.flush()


def scaling(args, runner):
    d = args.dim
    tgt = runner.target(d)
    print("mfa_hcub (default schedule) on hcub %d, triangulated square meshes, loads = "
          "degrees, seed 1; drb;kway beside it for quality, kl and a random mapping (seed 1) "
          "for the baseline" % d)
    print()
    print("| N | edges | CPU s | us per N lg P | cost | % imbalance | drb;kway cost | "
          "drb;kway % imbalance | random cost | kl cost | kl % imbalance | kl CPU s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for n in [int(x) for x in args.sizes.split(",")]:
        side = max(2, int(round(n ** 0.5)))
        path = os.path.join(runner.work, "scale.grf")
        edges = write_mesh("tri", side, side, path)
        c, imb, t = runner.run(path, tgt, "mfa_hcub", 1, args.bal)
        kc, kimb, _ = runner.run(path, tgt, "drb;kway", 1, args.bal)
        lc, limb, lt = runner.run(path, tgt, "kl", 1, args.bal)
        rc, _ = random_cost(path, d, 1)
        print("| %d | %d | %.2f | %.3f | %d | %.1f | %d | %.1f | %d | %d | %.1f | %.2f |"
              % (side * side, edges, t, 1e6 * t / (side * side * d), c, imb, kc, kimb, rc, lc,
                 limb, lt))
        sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["table1", "speed", "scaling"])
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--gen-seeds", default="1")
    parser.add_argument("--dims", default="5,6,7,8")
    parser.add_argument("--hb", default=None,
                        help="directory with the Harwell-Boeing .mtx files (see the top)")
    parser.add_argument("--dim", type=int, default=8)
    parser.add_argument("--only", default=None,
                        help="graphs by the paper's name, comma-separated (default: all four)")
    parser.add_argument("--gen-dims", default="5,6,7,8",
                        help="table1: the dimensions mfa (general) runs on")
    parser.add_argument("--sizes", default="1000,3000,10000,30000,100000")
    parser.add_argument("--bal", type=float, default=0.03)
    parser.add_argument("--tartan", default=os.environ.get("TARTAN_BIN", "./tartan"))
    args = parser.parse_args()
    if not os.access(args.tartan, os.X_OK):
        sys.exit("seed002.py: no tartan command at %s (run from the build directory or set "
                 "TARTAN_BIN)" % args.tartan)
    if args.mode == "table1" and shutil.which("scotch_gmap") is None:
        sys.exit("seed002.py: scotch_gmap not found (Debian: apt-get install scotch)")
    with tempfile.TemporaryDirectory() as work:
        runner = Runner(os.path.abspath(args.tartan), work)
        {"table1": table1, "speed": speed, "scaling": scaling}[args.mode](args, runner)


if __name__ == "__main__":
    main()
