#!/usr/bin/env python3
"""Speed at scale, huge targets and the small-graph-on-big-hierarchy regime (issue 16): one
command per figure, run by hand from the build directory (or with TARTAN_BIN set).

  bench/scale.py scaling [--sizes 25,50,75,100] [--runs 3] [--threads 0] [--strategy S ...]
      3-D meshes of N^3 vertices (gmk_m3) onto torus3D 8 8 8 and onto tleaf 3 16 90 16 9 4 1:
      CPU time (user + system), wall time and peak memory of `tartan map` (default strategy) and
      `scotch_gmap` (default strategy), medians of the runs, and each mapping's cost (that of
      the last run: SCOTCH's varies from run to run). Each --strategy adds a row of `tartan map
      -s S` (e.g. --strategy vcycle --strategy 'vcycle;kway').
  bench/scale.py huge
      64 vertices onto cmplt 2147483647 and tleaf 3 1000 1 1000 1 1000 1, 16 vertices onto
      mesh3D 4 4 99999999: exit status, time, peak memory, cost and error message of
      `tartan map` and `scotch_gmap`.
  bench/scale.py hierarchy [--seeds 3]
      Few-thousand-vertex meshes onto arch/cluster_16nodes_2sockets_16cores.tgt (512 cores of a
      3-level tree): cost and maxavg of Tartan (one mapping per seed) and of SCOTCH.

Costs are the sum over edges of weight x terminal distance as `tartan stats` computes it (the
definition of ../shared/FORMATS.md). SCOTCH 7's gmtst misjudges mappings that leave terminals
of a tree-leaf target empty: with 2 vertices on terminals 0 and 32 of the cluster target it
reports 1 instead of 111, and 123782 instead of 88862 for a 12^3 mesh using 493 of the 512
cores, so gmtst is not used here. Needs python3 and SCOTCH's tools (scotch_gmap, gmk_m3).
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

HERE = os.path.dirname(os.path.abspath(__file__))


def tartan_bin():
    path = os.environ.get("TARTAN_BIN")
    if path:
        return path
    if os.access("./tartan", os.X_OK):
        return os.path.abspath("./tartan")
    found = shutil.which("tartan")
    if not found:
        sys.exit("scale.py: no tartan (run from the build directory or set TARTAN_BIN)")
    return found


def measure(command, errors=None):
    """Runs command; returns (exit status, cpu seconds, wall seconds, peak MiB), from the
    kernel's accounting of that one child (and the descendants it waited for)."""
    start = time.monotonic()
    with open(errors or os.devnull, "w") as stream:
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=stream)
        _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - start
    return (os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime, wall,
            usage.ru_maxrss / 1024)


def cost_of(tartan, graph, target, mapping):
    out = subprocess.run([tartan, "stats", graph, target, mapping], capture_output=True,
                         text=True, check=True).stdout
    cost = int(re.search(r"CommExpan=\S+\s+\((\d+)\)", out).group(1))
    maxavg = float(re.search(r"maxavg=(\S+)", out).group(1))
    return cost, maxavg


def scaling(args, tartan, work):
    targets = {"torus3D 8 8 8": "t888", "tleaf 3 16 90 16 9 4 1": "tleaf"}
    print(f"{'graph':<10} {'target':<7} {'tool':<14} {'cpu s':>8} {'wall s':>8} {'peak MiB':>9} "
          f"{'cost':>10} {'maxavg':>7}")
    for n in [int(x) for x in args.sizes.split(",")]:
        graph = os.path.join(work, f"m3_{n}.grf")
        subprocess.run(["gmk_m3", str(n), str(n), str(n), graph], check=True)
        for text, short in targets.items():
            target = os.path.join(work, short + ".tgt")
            with open(target, "w") as stream:
                stream.write(text + "\n")
            mapping = os.path.join(work, "out.map")
            base = [tartan, "map", graph, target, "-o", mapping, "-t", str(args.threads)]
            tools = {"tartan": base}
            for strategy in args.strategy or []:
                tools["-s " + strategy] = base + ["-s", strategy]
            tools["scotch"] = ["scotch_gmap", graph, target, mapping]
            for tool, command in tools.items():
                runs = [measure(command) for _ in range(args.runs)]
                cost, maxavg = cost_of(tartan, graph, target, mapping)
                print(f"m3-{n:<7} {short:<7} {tool:<14} "
                      f"{statistics.median(r[1] for r in runs):8.2f} "
                      f"{statistics.median(r[2] for r in runs):8.2f} "
                      f"{statistics.median(r[3] for r in runs):9.0f} {cost:10d} {maxavg:7.3f}",
                      flush=True)


def huge(args, tartan, work):
    cases = [("mesh2D 8 8", "cmplt 2147483647"), ("mesh2D 8 8", "tleaf 3 1000 1 1000 1 1000 1"),
             ("mesh2D 4 4", "mesh3D 4 4 99999999")]
    print(f"{'graph':<11} {'target':<30} {'tool':<7} {'exit':>4} {'wall s':>7} {'peak MiB':>9} "
          f"{'cost':>6}  error message")
    for graph_text, target_text in cases:
        graph = os.path.join(work, graph_text.replace(" ", "_") + ".grf")
        subprocess.run([tartan, "graph", "gen"] + graph_text.split() + ["-o", graph], check=True)
        target = os.path.join(work, "huge.tgt")
        with open(target, "w") as stream:
            stream.write(target_text + "\n")
        mapping = os.path.join(work, "out.map")
        for tool, command in (("tartan", [tartan, "map", graph, target, "-o", mapping]),
                              ("scotch", ["timeout", "60", "scotch_gmap", graph, target,
                                          mapping])):
            if os.path.exists(mapping):
                os.remove(mapping)
            errors = os.path.join(work, "errors.txt")
            status, _, wall, peak = measure(command, errors)
            cost = cost_of(tartan, graph, target, mapping)[0] if status == 0 else "-"
            with open(errors) as stream:
                message = stream.read().strip().replace("\n", " | ")
            print(f"{graph_text:<11} {target_text:<30} {tool:<7} {status:4d} {wall:7.2f} "
                  f"{peak:9.0f} {cost:>6}  {message}", flush=True)


def hierarchy(args, tartan, work):
    target = os.path.join(HERE, "..", "arch", "cluster_16nodes_2sockets_16cores.tgt")
    graphs = ["mesh2D 48 48", "mesh2D 64 32", "mesh3D 12 12 12", "mesh3D 16 16 8"]
    print(f"{'graph':<16} {'scotch cost':>11} {'maxavg':>6} {'tartan mean':>11} {'ratio':>6}  "
          "tartan per seed (cost/maxavg)")
    for text in graphs:
        graph = os.path.join(work, text.replace(" ", "_") + ".grf")
        subprocess.run([tartan, "graph", "gen"] + text.split() + ["-o", graph], check=True)
        mapping = os.path.join(work, "out.map")
        subprocess.run(["scotch_gmap", graph, target, mapping], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        scotch = cost_of(tartan, graph, target, mapping)
        ours = []
        for seed in range(args.seeds):
            subprocess.run([tartan, "map", graph, target, "-o", mapping, "--seed", str(seed)],
                           check=True)
            ours.append(cost_of(tartan, graph, target, mapping))
        mean = statistics.mean(c for c, _ in ours)
        detail = " ".join(f"{c}/{m:.3f}" for c, m in ours)
        print(f"{text:<16} {scotch[0]:11d} {scotch[1]:6.3f} {mean:11.0f} {mean / scotch[0]:6.3f}  "
              f"{detail}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="figure", required=True)
    p = sub.add_parser("scaling")
    p.add_argument("--sizes", default="25,50,75,100")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--threads", type=int, default=0,
                   help="tartan map -t (0, its default: one per processing unit it may use)")
    p.add_argument("--strategy", action="append",
                   help="also time tartan map -s STRATEGY (repeatable)")
    sub.add_parser("huge")
    p = sub.add_parser("hierarchy")
    p.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    tartan = tartan_bin()
    with tempfile.TemporaryDirectory(prefix="tartan-scale-") as work:
        {"scaling": scaling, "huge": huge, "hierarchy": hierarchy}[args.figure](args, tartan, work)


if __name__ == "__main__":
    main()
