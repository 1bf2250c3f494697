#!/usr/bin/env python3
"""Seed 002 (Aykanat & Haritaoglu) benchmark: kl, sa, mfa (general) and mfa_hcub on hypercubes,
beside drb;kway and SCOTCH's scotch_gmap. Run by hand from the build directory (never part of
`make check`); see bench/README.

The paper's Harwell-Boeing graphs (DWT-1242, JAGMESH6, BCSPWR09, LSH2233) are not on this
machine and no Debian package ships them: the stand-ins are generated meshes of similar sizes
and degrees, vertex loads = degrees as the paper sets them.

  seed002.py table1 [--seeds 1,2,3] [--dims 5,6,7,8] [--gen-seeds 1] [--bal 0.03]
  seed002.py speed  [--dims 8]        mfa_hcub vs mfa time on the same graph
  seed002.py scaling [--dim 4] [--sizes 1000,3000,10000,30000,100000] [--sweeps 40]
                    [--no-default]
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# name, kind, nx, ny, the paper graph it stands for (N, E)
GRAPHS = [
    ("dia35", "dia", 35, 35, "DWT-1242 (N=1242 E=4592)"),
    ("tri37", "tri", 37, 37, "JAGMESH6 (N=1377 E=3808)"),
    ("grid42", "grid", 42, 41, "BCSPWR09 (N=1723 E=2394)"),
    ("tri47", "tri", 47, 47, "LSH2233 (N=2233 E=6552)"),
]

# Seed 002, Table 1: hypercube MFA cost, % imbalance, and the normalised costs of KL, SA, Gen.
PAPER = {
    ("dia35", 5): (2760, 2.6, 2.13, 0.77, 1.03), ("dia35", 6): (2941, 4.3, 3.53, 1.09, 1.50),
    ("dia35", 7): (3605, 7.2, 7.48, 1.36, 1.71), ("dia35", 8): (4829, 12.4, 9.47, 1.60, 1.88),
    ("tri37", 5): (1861, 1.3, 1.64, 0.62, 0.87), ("tri37", 6): (2298, 2.7, 2.43, 0.86, 1.22),
    ("tri37", 7): (2890, 5.8, 4.95, 1.07, 1.59), ("tri37", 8): (3863, 10.1, 8.01, 1.27, 1.67),
    ("grid42", 5): (1045, 1.3, 2.56, 0.59, 1.32), ("grid42", 6): (1477, 3.2, 3.09, 0.72, 1.37),
    ("grid42", 7): (1701, 6.0, 5.10, 1.08, 1.62), ("grid42", 8): (2155, 11.1, 8.22, 1.56, 1.74),
    ("tri47", 5): (3740, 0.9, 1.60, 0.52, 0.64), ("tri47", 6): (4490, 2.1, 2.24, 0.68, 0.99),
    ("tri47", 7): (5375, 3.6, 3.66, 0.84, 1.34), ("tri47", 8): (6865, 6.8, 6.21, 1.01, 1.42),
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
        start = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        seconds = time.perf_counter() - start
        cost, imbalance = self.stats(graph, tgt, mapfile)
        return cost, imbalance, seconds

    def mean(self, graph, tgt, strategy, seeds, bal):
        runs = [self.run(graph, tgt, strategy, s, bal) for s in seeds]
        return tuple(statistics.mean(r[i] for r in runs) for i in range(3))


def table1(args, runner):
    seeds = [int(s) for s in args.seeds.split(",")]
    gen_seeds = [int(s) for s in args.gen_seeds.split(",")]
    dims = [int(d) for d in args.dims.split(",")]
    methods = ["kl", "sa", "mfa", "mfa_hcub", "drb;kway", "scotch"]
    print("Cost (CommExpan sum), %% imbalance 100 (max - avg) / avg, time (s); means over seeds "
          "%s (mfa over %s; scotch once); bal=%g" % (args.seeds, args.gen_seeds, args.bal))
    print()
    print("| graph | D | " + " | ".join(methods) + " | paper Hyp (ours Hyp/paper) | "
          "ratios to Hyp: kl sa gen (paper kl sa gen) |")
    print("|---|---|" + "---|" * len(methods) + "---|---|")
    for name, kind, nx, ny, stands_for in GRAPHS:
        path = os.path.join(runner.work, name + ".grf")
        edges = write_mesh(kind, nx, ny, path)
        for d in dims:
            tgt = runner.target(d)
            cells, result = [], {}
            for m in methods:
                use = [1] if m == "scotch" else (gen_seeds if m == "mfa" else seeds)
                result[m] = runner.mean(path, tgt, m, use, args.bal)
                c, imb, t = result[m]
                cells.append("%.0f / %.1f %% / %.2f s" % (c, imb, t))
            hyp = result["mfa_hcub"][0]
            p = PAPER[(name, d)]
            print("| %s N=%d E=%d | %d | %s | %d, %.1f %% (%.2f) | %.2f %.2f %.2f (%.2f %.2f %.2f) |"
                  % (name, nx * ny, edges, d, " | ".join(cells), p[0], p[1], hyp / p[0],
                     result["kl"][0] / hyp, result["sa"][0] / hyp, result["mfa"][0] / hyp,
                     p[2], p[3], p[4]))
            sys.stdout.flush()
    print()
    print("Stand-ins: " + "; ".join("%s for %s" % (g[0], g[4]) for g in GRAPHS))


def speed(args, runner):
    print("| graph | D | mfa_hcub s | mfa s | mfa / mfa_hcub | costs (hcub, gen) |")
    print("|---|---|---|---|---|---|")
    for name, kind, nx, ny, _ in GRAPHS[: args.graphs]:
        path = os.path.join(runner.work, name + ".grf")
        write_mesh(kind, nx, ny, path)
        for d in [int(x) for x in args.dims.split(",")]:
            tgt = runner.target(d)
            h = runner.run(path, tgt, "mfa_hcub", 1, args.bal)
            g = runner.run(path, tgt, "mfa", 1, args.bal)
            print("| %s | %d | %.2f | %.2f | %.1f | %d, %d |" % (name, d, h[2], g[2], g[2] / h[2],
                                                              h[0], g[0]))
            sys.stdout.flush()


def scaling(args, runner):
    d = args.dim
    tgt = runner.target(d)
    fixed = "mfa_hcub{sweeps=1,temps=%d,sat=0.9999}" % args.sweeps
    print("mfa_hcub on hcub %d, triangulated square meshes, loads = degrees, seed 1: the default "
          "schedule (stops at saturation), and %s (exactly %d sweeps over the vertices)"
          % (d, fixed, args.sweeps))
    print()
    print("| N | edges | default: time s | cost | %% imbalance | %d sweeps: time s | "
          "us per sweep per N lg P |" % args.sweeps)
    print("|---|---|---|---|---|---|---|")
    for n in [int(x) for x in args.sizes.split(",")]:
        side = max(2, int(round(n ** 0.5)))
        path = os.path.join(runner.work, "scale.grf")
        edges = write_mesh("tri", side, side, path)
        c, imb, t = runner.run(path, tgt, "mfa_hcub", 1, args.bal) if args.default else (0, 0, 0)
        _, _, tf = runner.run(path, tgt, fixed, 1, args.bal)
        print("| %d | %d | %.2f | %d | %.1f | %.2f | %.3f |"
              % (side * side, edges, t, c, imb, tf, 1e6 * tf / (args.sweeps * side * side * d)))
        sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["table1", "speed", "scaling"])
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--gen-seeds", default="1")
    parser.add_argument("--dims", default="5,6,7,8")
    parser.add_argument("--dim", type=int, default=4)
    parser.add_argument("--graphs", type=int, default=1)
    parser.add_argument("--sizes", default="1000,3000,10000,30000,100000")
    parser.add_argument("--sweeps", type=int, default=40)
    parser.add_argument("--no-default", dest="default", action="store_false",
                        help="scaling: the fixed schedule only")
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
