#!/usr/bin/env python3
"""Quality mode (issue 16): J = 2 x CommExpan of Tartan's default, `-c q` and `msec` alone, and
of SCOTCH 7's default and `-cq`, on hierarchical targets at 3 % imbalance, three runs each. One
command, run from the build directory (or with TARTAN_BIN set):

  bench/quality.py [--runs 3] [--threads 0] [--only NAME,...] [--tools NAME,...]

Instances (graphs made in a temporary directory):
  m3-48     the 48^3 grid (`tartan graph gen mesh3D 48 48 48`) onto tleaf 3 16 90 16 9 4 1;
            best-known J 2 954 516 (issue 16: IntegratedProcessMapping eco)
  rgg15     a random geometric graph of 2^15 vertices (bench/qap_rgg.py, seed 1)
  del15     a Delaunay triangulation of 2^15 points of a jittered 128 x 256 grid (each cell
            split along the diagonal the empty-circle test chooses)
the last two onto tleaf 3 4 10 8 5 16 1 (512 cores) and tleaf 4 4 10 4 8 4 3 8 1 (512 cores).
Column "vs best": J over the best-known J (m3-48), else over the lowest J of the table.

J is twice the cost `tartan stats` reports (CommExpan's figure in parentheses: the sum over
edges of weight x terminal distance, each edge once; J counts each edge both ways). Times are
the wall and the CPU time (user + system) of the command, medians of the runs; J and maxavg are
those of the run with the median J (Tartan and SCOTCH, with its fixed seed, are deterministic:
their runs differ in time only). SCOTCH's gmtst is not used (bench/scale.py says why). Tartan
runs with `-t THREADS`: 0, `tartan map`'s default, one thread per processing unit it may use
(its maps are the same for any count); scotch_gmap runs on one. Needs scotch_gmap.
"""
import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from scale import cost_of, tartan_bin  # noqa: E402  (the same tartan and the same cost)
BEST_KNOWN = {"m3-48": 2954516}


def delaunay_grid(nx, ny, seed, out):
    """Points jittered by at most 0.2 cell around a grid; every cell is split along the
    diagonal whose opposite corner lies outside the circumcircle of the other triangle (the
    empty-circle test), which with such small jitter gives the Delaunay triangulation."""
    rng = random.Random(seed)
    pts = [(x + rng.uniform(-0.2, 0.2), y + rng.uniform(-0.2, 0.2))
           for y in range(ny) for x in range(nx)]

    def incircle(a, b, c, d):  # d inside the circumcircle of the counter-clockwise a, b, c
        rows = [(p[0] - d[0], p[1] - d[1]) for p in (a, b, c)]
        m = [(dx, dy, dx * dx + dy * dy) for dx, dy in rows]
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])) > 0

    adj = [set() for _ in pts]

    def link(u, v):
        adj[u].add(v)
        adj[v].add(u)

    for y in range(ny):
        for x in range(nx):
            v = x + y * nx
            if x + 1 < nx:
                link(v, v + 1)
            if y + 1 < ny:
                link(v, v + nx)
            if x + 1 < nx and y + 1 < ny:
                a, b, c, d = v, v + 1, v + 1 + nx, v + nx  # counter-clockwise square
                if incircle(pts[a], pts[b], pts[c], pts[d]):
                    link(b, d)
                else:
                    link(a, c)
    arcs = sum(len(s) for s in adj)
    with open(out, "w") as f:
        f.write("0\n%d\t%d\n0\t000\n" % (len(pts), arcs))
        for s in adj:
            f.write("%d" % len(s) + "".join("\t%d" % j for j in sorted(s)) + "\n")


def run(command):
    """Runs command; returns (wall seconds, cpu seconds: user + system of that child)."""
    start = time.monotonic()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"quality.py: {' '.join(command)} failed")
    return time.monotonic() - start, usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--threads", type=int, default=0,
                        help="tartan map -t (0, its default: one per processing unit it may use)")
    parser.add_argument("--only", default="", help="comma-separated instance names")
    parser.add_argument("--tools", default="", help="comma-separated tool names")
    args = parser.parse_args()
    tartan = tartan_bin()
    work = tempfile.mkdtemp(prefix="tartan-quality-")
    try:
        graphs = {}
        graphs["m3-48"] = os.path.join(work, "m3_48.grf")
        subprocess.run([tartan, "graph", "gen", "mesh3D", "48", "48", "48", "-o",
                        graphs["m3-48"]], check=True)
        graphs["rgg15"] = os.path.join(work, "rgg15.grf")
        subprocess.run([sys.executable, os.path.join(HERE, "qap_rgg.py"), "32768", "1",
                        graphs["rgg15"]], check=True)
        graphs["del15"] = os.path.join(work, "del15.grf")
        delaunay_grid(128, 256, 1, graphs["del15"])
        t3, t4 = "tleaf 3 4 10 8 5 16 1", "tleaf 4 4 10 4 8 4 3 8 1"
        instances = [("m3-48", "tleaf 3 16 90 16 9 4 1"), ("rgg15", t3), ("rgg15", t4),
                     ("del15", t3), ("del15", t4)]
        only = set(filter(None, args.only.split(",")))
        t = str(args.threads)
        tools = [("tartan", ["-b", "0.03", "-t", t]),
                 ("tartan -c q", ["-b", "0.03", "-c", "q", "-t", t]),
                 ("msec", ["-b", "0.03", "-s", "msec", "-t", t]),
                 ("msec;kway", ["-b", "0.03", "-s", "msec;kway", "-t", t]),
                 ("scotch", None), ("scotch -cq", ["-cq"])]
        chosen = set(filter(None, args.tools.split(",")))
        print(f"{'graph':<7} {'target':<26} {'tool':<15} {'J':>10} {'vs best':>8} {'maxavg':>7} "
              f"{'wall s':>7} {'cpu s':>7}")
        for name, target_text in instances:
            if only and name not in only:
                continue
            target = os.path.join(work, "target.tgt")
            with open(target, "w") as stream:
                stream.write(target_text + "\n")
            graph = graphs[name]
            mapping = os.path.join(work, "out.map")
            rows = []
            for tool, flags in tools:
                if chosen and tool not in chosen:
                    continue
                if tool.startswith("scotch"):
                    command = ["scotch_gmap", "-b0.03"] + (flags or []) + [graph, target, mapping]
                else:
                    command = [tartan, "map", graph, target, "-o", mapping] + flags
                results = []
                for _ in range(args.runs):
                    wall, cpu = run(command)
                    cost, maxavg = cost_of(tartan, graph, target, mapping)
                    results.append(((2 * cost, maxavg), wall, cpu))
                results.sort(key=lambda r: r[0][0])
                (j, maxavg), _, _ = results[len(results) // 2]
                rows.append((tool, j, maxavg, statistics.median(r[1] for r in results),
                             statistics.median(r[2] for r in results)))
            # Against the best-known J where one is published, else the best J of this table.
            best = BEST_KNOWN.get(name) or min(row[1] for row in rows)
            for tool, j, maxavg, wall, cpu in rows:
                print(f"{name:<7} {target_text:<26} {tool:<15} {j:10d} {j / best:8.3f} "
                      f"{maxavg:7.3f} {wall:7.2f} {cpu:7.2f}", flush=True)
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
