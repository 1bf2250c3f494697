#!/usr/bin/env python3
"""Maps a 32 x 32 mesh onto three targets with three strategies and prints a comparison table
(the notebook-style tour of the Python binding; `make check` runs it).

    python3 compare_strategies.py            # with the tartan package importable
    TARTAN_PY_PACKAGE=tartan64 python3 ...    # the int64 build's package
"""
import importlib
import os
import time

import numpy as np

tartan = importlib.import_module(os.environ.get("TARTAN_PY_PACKAGE", "tartan"))

# The communication graph: a 32 x 32 five-point stencil, CSR arrays built with NumPy.
n = 32
ids = np.arange(n * n).reshape(n, n)
pairs = np.concatenate([np.stack([ids[:, :-1].ravel(), ids[:, 1:].ravel()], axis=1),
                        np.stack([ids[:-1, :].ravel(), ids[1:, :].ravel()], axis=1)])
arcs = np.concatenate([pairs, pairs[:, ::-1]])
arcs = arcs[np.lexsort((arcs[:, 1], arcs[:, 0]))]
xadj = np.concatenate([[0], np.cumsum(np.bincount(arcs[:, 0], minlength=n * n))])
graph = tartan.Graph.from_csr(xadj, arcs[:, 1])

targets = {
    "torus 4x4x4": tartan.Arch.torus(4, 4, 4),
    "hypercube 6": tartan.Arch.hcub(6),
    "4 nodes x 2 sockets x 8 cores": tartan.Arch.tleaf([4, 2, 8], [100, 10, 1]),
}
strategies = {
    "recursive bipartitioning": "drb",
    "drb then k-way (default)": "drb;kway",
    "best of two": "(drb;kway|drb{tries=8};kway{passes=10})",
}

print(f"{graph!r} mapped with Tartan {tartan.version()} ({tartan.NUM_BITS}-bit numbers)\n")
print(f"{'target':<31} {'strategy':<26} {'dilation':>8} {'cut':>6} {'max load':>8} {'ms':>6}")
for target_name, arch in targets.items():
    for strategy_name, strategy in strategies.items():
        start = time.perf_counter()
        parts = tartan.map(graph, arch, strategy=strategy, seed=1)
        elapsed = (time.perf_counter() - start) * 1000
        st = tartan.stats(graph, arch, parts)
        print(f"{target_name:<31} {strategy_name:<26} {st['comm_dilat']['ratio']:>8.3f} "
              f"{st['comm_cut']['sum']:>6} {st['target']['max']:>8} {elapsed:>6.1f}")
