"""tartan.map, tartan.part, tartan.stats, .map files: validity, balance, quality bounds,
determinism (also against `tartan map --seed`), fixed vertices, errors."""
import os
import subprocess

import numpy as np
import pytest

from conftest import grid_csr


def cost(graph, arch, parts):
    """Sum over edges of the distance between their terminals (CommExpan's sum)."""
    x, a, _, _ = graph.csr()
    total = 0
    for v in range(len(graph)):
        for u in a[x[v]:x[v + 1]]:
            if u > v:
                total += arch.distance(int(parts[v]), int(parts[u]))
    return total


def test_map_torus_valid_balanced(tartan, mesh):
    arch = tartan.Arch.torus(2, 2, 2)
    parts = tartan.map(mesh, arch, seed=1)
    assert isinstance(parts, np.ndarray) and parts.dtype == tartan.NUM_DTYPE
    assert parts.shape == (256,)
    assert parts.min() >= 0 and parts.max() < 8
    loads = np.bincount(parts, minlength=8)
    assert loads.max() <= 32 * 1.05 and loads.min() > 0
    # a 16x16 grid cut in 8 blocks: far below a random placement's cost
    assert cost(mesh, arch, parts) < 150
    rng = np.random.default_rng(0)
    assert cost(mesh, arch, rng.permutation(parts)) > 2 * cost(mesh, arch, parts)


def test_map_returns_its_phases(tartan, mesh):
    arch = tartan.Arch.torus(2, 2, 2)
    parts, phases = tartan.map(mesh, arch, strategy="drb;kway", seed=1, return_phases=True)
    assert np.array_equal(parts, tartan.map(mesh, arch, strategy="drb;kway", seed=1))
    names = [name for name, _ in phases]
    assert names[0] == "drb coarsen" and "kway refine" in names, names
    assert all(seconds >= 0 for _, seconds in phases)
    fixed = np.full(len(mesh), -1, tartan.NUM_DTYPE)
    fixed[0] = 7
    parts, phases = tartan.map(mesh, arch, fixed=fixed, return_phases=True)
    assert parts[0] == 7 and phases


def test_map_orient_never_costlier(tartan, mesh):
    """orient after drb on a mesh target: no costlier, the same loads per terminal (blocks move
    whole), the default strategy includes it; refused before any mapping exists."""
    arch = tartan.Arch.mesh(4, 4)
    for seed in range(4):
        plain = tartan.map(mesh, arch, strategy="drb", seed=seed)
        oriented = tartan.map(mesh, arch, strategy="drb;orient", seed=seed)
        assert cost(mesh, arch, oriented) <= cost(mesh, arch, plain)
        loads = [sorted(np.bincount(p, minlength=16)) for p in (plain, oriented)]
        assert loads[0] == loads[1]
    _, phases = tartan.map(mesh, arch, seed=1, return_phases=True)
    assert "orient" in [name for name, _ in phases]
    with pytest.raises(tartan.TartanError, match="orient needs a complete mapping"):
        tartan.map(mesh, arch, strategy="orient")


def test_map_drb_slack_exact_halves(tartan):
    """drb's search slack: a 48 x 48 grid cut into two equal halves (imbalance 0) ends exactly
    balanced, on the straight cut (48 edges) with the default slack; drb{slack=0} searches
    within the exact loads; out-of-range values are refused."""
    graph = tartan.Graph.from_csr(*grid_csr(48, 48))
    arch = tartan.Arch.complete(2)
    cuts = {}
    for strategy in ("drb", "drb{slack=0}"):
        cuts[strategy] = []
        for seed in range(4):
            parts = tartan.map(graph, arch, strategy=strategy, seed=seed, imbalance=0)
            assert list(np.bincount(parts, minlength=2)) == [1152, 1152]
            cuts[strategy].append(cost(graph, arch, parts))
    assert cuts["drb"] == [48] * 4
    assert sum(cuts["drb{slack=0}"]) >= sum(cuts["drb"])
    with pytest.raises(tartan.TartanError, match="'slack'"):
        tartan.map(graph, arch, strategy="drb{slack=2}")


def test_map_room_and_treeruns(tartan):
    """A 16 x 16 grid onto a 2-node, 2-core tree at 3 %: 64 vertices a core, and 1.5 % of 64 is
    no vertex, so drb and kway at 1.5 % leave every core at 64; kway's room=1 lets a core hold
    65 (1/64 is within the 3 %), as the default strategy's kway does. drb's treeruns maps onto
    the tree; its clash with run and bad values are refused, naming the parameter."""
    graph = tartan.Graph.from_csr(*grid_csr(16, 16))
    arch = tartan.Arch.tleaf([2, 2], [10, 1])
    tight = tartan.map(graph, arch, strategy="drb{bal=0.015};kway{bal=0.015}", imbalance=0.03)
    assert list(np.bincount(tight, minlength=4)) == [64] * 4
    for strategy in (None, "drb{bal=0.015,treeruns=8};kway{bal=0.015,room=1}"):
        parts = tartan.map(graph, arch, strategy=strategy, imbalance=0.03, seed=1)
        assert np.bincount(parts, minlength=4).max() <= 65
    with pytest.raises(tartan.TartanError, match="'room'"):
        tartan.map(graph, arch, strategy="kway{room=-1}")
    with pytest.raises(tartan.TartanError, match="treeruns and run"):
        tartan.map(graph, arch, strategy="drb{treeruns=8,run=0}")


def test_map_default_four_runs_off_trees(tartan):
    """Up to 2^14 vertices, the default strategy runs its pipeline (kway making three cycles)
    four times onto a target whose distance is not a tree's (a torus), the cheapest mapping
    kept, and once onto a tree; the strategy variable tree tells them apart."""
    graph = tartan.Graph.from_csr(*grid_csr(16, 16))
    pipeline = "drb{policy=breadth,unwrapped=8,treeruns=8,tries=2,bal=0.005};orient;" \
               "kway{climb=1000,cycles=3,bal=0.005,room=1}"
    torus = tartan.Arch.torus(4, 4)
    four = tartan.map(graph, torus, strategy="(%s|%s|%s|%s)" % ((pipeline,) * 4), seed=3)
    assert list(tartan.map(graph, torus, seed=3)) == list(four)
    assert list(tartan.map(graph, torus, seed=3, threads=2)) == list(four)
    tree = tartan.Arch.tleaf([4, 4], [10, 1])
    once = tartan.map(graph, tree, strategy=pipeline, seed=3)
    assert list(tartan.map(graph, tree, seed=3)) == list(once)
    chosen = tartan.map(graph, tree, strategy="/tree==1?drb{runs=1}:drb;", seed=3)
    assert list(chosen) == list(tartan.map(graph, tree, strategy="drb{runs=1}", seed=3))
    climbed = tartan.map(graph, torus, strategy="drb;kway{climb=1000}", seed=3)
    assert cost(graph, torus, climbed) <= cost(graph, torus, tartan.map(graph, torus, strategy="drb;kway", seed=3))
    with pytest.raises(tartan.TartanError, match="'climb'"):
        tartan.map(graph, torus, strategy="drb;kway{climb=-1}")
    # kway's passes around the moves: deterministic, no dearer than drb's mapping alone.
    around = tartan.map(graph, torus, strategy="drb;kway{scope=moves}", seed=3)
    assert list(around) == list(tartan.map(graph, torus, strategy="drb;kway{scope=moves}", seed=3))
    assert cost(graph, torus, around) <= cost(graph, torus, tartan.map(graph, torus, strategy="drb", seed=3))
    with pytest.raises(tartan.TartanError, match="'scope' of 'kway' must be boundary or moves"):
        tartan.map(graph, torus, strategy="drb;kway{scope=near}")
    with pytest.raises(tartan.TartanError, match="known: vert, edge, term, load, tree"):
        tartan.map(graph, tree, strategy="/trees==1?drb;")


def test_map_file_target_and_stats(tartan, mesh, arch_dir):
    arch = tartan.Arch.load(os.path.join(arch_dir, "mesh2D_4x4.tgt"))
    parts = tartan.map(mesh, arch, strategy="drb;kway", seed=2)
    st = tartan.stats(mesh, arch, parts)
    assert st["processors"] == {"used": 16, "total": 16}
    assert st["target"]["max"] <= 16 * 1.05
    assert st["edges"] == mesh.edgenbr // 2
    assert st["comm_expan"]["sum"] == cost(mesh, arch, parts)
    # CommDilat: average distance over all edges (0 for uncut ones)
    assert st["comm_dilat"]["ratio"] == pytest.approx(st["comm_dilat"]["sum"] / st["edges"])
    assert 0 < st["comm_dilat"]["ratio"] < 0.5
    assert abs(sum(st["comm_load"]) - 1.0) < 1e-9
    assert set(st) >= {"neighbors", "comm_cut", "comm_delta", "part_diam"}


def test_same_seed_same_mapping_as_command(tartan, mesh, arch_dir, tartan_bin, tmp_path):
    target = os.path.join(arch_dir, "torus2D_4x4.tgt")
    graph_path = tmp_path / "mesh.grf"
    mesh.save(graph_path)
    arch = tartan.Arch.load(target)
    for seed, strategy in ((0, None), (5, "drb{tries=2};kway")):
        out = tmp_path / f"seed{seed}.map"
        command = [tartan_bin, "map", str(graph_path), target, "-o", str(out),
                   "--seed", str(seed)]
        if strategy:
            command += ["-s", strategy]
        subprocess.run(command, check=True)
        expected = tartan.load_mapping(mesh, arch, out)
        got = tartan.map(mesh, arch, strategy=strategy, seed=seed)
        np.testing.assert_array_equal(got, expected)
        np.testing.assert_array_equal(tartan.map(mesh, arch, strategy=strategy, seed=seed),
                                      got)


def test_threads_give_the_same_mapping(tartan, mesh):
    arch = tartan.Arch.torus(2, 2, 2)
    for strategy in (None, "(drb|drb{runs=3};kway)"):
        one = tartan.map(mesh, arch, strategy=strategy, seed=3)
        for threads in (2, 3, 0):
            np.testing.assert_array_equal(
                tartan.map(mesh, arch, strategy=strategy, seed=3, threads=threads), one)
    with pytest.raises(tartan.TartanError):
        tartan.map(mesh, arch, threads=-1)


def test_fixed_vertices_and_save(tartan, mesh, tmp_path):
    arch = tartan.Arch.hcub(2)
    fixed = np.full(256, -1)
    fixed[0], fixed[255] = 3, 0
    parts = tartan.map(mesh, arch, fixed=fixed, seed=4)
    assert parts[0] == 3 and parts[255] == 0 and parts.min() >= 0
    path = tmp_path / "m.map"
    tartan.save_mapping(mesh, arch, parts, path)
    np.testing.assert_array_equal(tartan.load_mapping(mesh, arch, path), parts)
    with pytest.raises(tartan.TartanError) as info:
        fixed[1] = 9
        tartan.map(mesh, arch, fixed=fixed)
    assert info.value.code == tartan.EINVAL


def test_part_imbalance_flags(tartan, mesh):
    parts = tartan.part(mesh, 5, imbalance=0.05, seed=3)
    loads = np.bincount(parts, minlength=5)
    assert loads.sum() == 256 and loads.max() <= 256 / 5 * 1.05 + 1
    quick = tartan.map(mesh, tartan.Arch.complete(4),
                       flags=tartan.STRATSPEED | tartan.STRATRECURSIVE)
    assert np.bincount(quick, minlength=4).min() > 0


def test_bad_strategy(tartan, mesh):
    with pytest.raises(tartan.TartanError) as info:
        tartan.map(mesh, tartan.Arch.hcub(2), strategy="drbx")
    error = info.value
    assert error.code == tartan.EFORMAT and error.name == "EFORMAT"
    assert "unknown method" in error.message and "drbx" in error.message
    assert "EFORMAT" in str(error)
    with pytest.raises(tartan.TartanError):
        tartan.map(mesh, tartan.Arch.hcub(2), imbalance=2.0)


def test_stats_checks_mapping(tartan, mesh):
    arch = tartan.Arch.hcub(2)
    with pytest.raises(ValueError):
        tartan.stats(mesh, arch, [0, 1])
    with pytest.raises(tartan.TartanError) as info:
        tartan.stats(mesh, arch, np.full(256, 7))
    assert info.value.code == tartan.EINVAL


def test_help_reads_well(tartan):
    assert "Tartan" in tartan.__doc__ and tartan.map.__doc__ and tartan.Graph.from_csr.__doc__
    assert tartan.version() == tartan.__version__
    assert tartan.NUM_BITS in (32, 64)


def test_example_script_runs(tartan):
    script = os.path.join(os.environ["TARTAN_TOP_SRCDIR"], "doc", "examples",
                          "compare_strategies.py")
    run = subprocess.run([os.environ["TARTAN_PYTHON"], script], check=True,
                         capture_output=True, text=True)
    lines = run.stdout.splitlines()
    assert sum("torus 4x4x4" in line for line in lines) == 3
    assert sum("best of two" in line for line in lines) == 3


def test_readme_example(tartan, mesh, tmp_path, monkeypatch, capsys):
    """The README's Python example runs as written (on a mesh.grf in the current folder)."""
    import sys
    with open(os.path.join(os.environ["TARTAN_TOP_SRCDIR"], "README"), encoding="utf-8") as f:
        readme = f.read()
    code = readme.split("```python\n", 1)[1].split("```", 1)[0]
    mesh.save(tmp_path / "mesh.grf")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, "tartan", tartan)   # tartan64 in an int64 build
    exec(compile(code, "README", "exec"), {})
    out = capsys.readouterr().out
    assert "'ratio'" in out and "'sum'" in out


def test_remap(tartan, mesh):
    arch = tartan.Arch.torus(2, 2, 2)
    old = tartan.map(mesh, arch, seed=1)
    # A dear migration keeps the old mapping; a free one may leave a bad old mapping.
    assert np.array_equal(tartan.remap(mesh, arch, old, migration_cost=1000.0), old)
    scattered = (np.arange(len(mesh)) % 8).astype(tartan.NUM_DTYPE)
    free = tartan.remap(mesh, arch, scattered, migration_cost=0.0, seed=1)
    assert cost(mesh, arch, free) < cost(mesh, arch, scattered) / 4
    # Migration loads: vertices of load 0 move for free, the others stay when it is dear.
    loads = np.zeros(len(mesh), tartan.NUM_DTYPE)
    loads[:128] = 1000
    moved = tartan.remap(mesh, arch, scattered, migration_cost=1.0, migration_loads=loads)
    assert np.array_equal(moved[:128], scattered[:128])
    assert np.array_equal(moved, tartan.remap(mesh, arch, scattered, migration_cost=1.0,
                                              migration_loads=loads))
    fixed = np.full(len(mesh), -1, tartan.NUM_DTYPE)
    fixed[200] = 3
    assert tartan.remap(mesh, arch, old, migration_cost=1.0, fixed=fixed)[200] == 3
    with pytest.raises(tartan.TartanError) as error:
        tartan.remap(mesh, arch, old, migration_cost=-1.0)
    assert error.value.code == tartan.EINVAL
    bad = old.copy()
    bad[5] = 8
    with pytest.raises(tartan.TartanError):
        tartan.remap(mesh, arch, bad)
    with pytest.raises(ValueError):
        tartan.remap(mesh, arch, old[:10])


def test_deco_terminals_numbered_as_scotch(tartan, mesh, tmp_path):
    grid = tartan.Graph.from_csr(*grid_csr(4, 4))
    arch = tartan.Arch.from_graph(grid, terminals=[1, 5, 9])
    parts = tartan.map(mesh, arch, seed=1)
    assert set(parts.tolist()) == {1, 5, 9}
    path = tmp_path / "t.map"
    tartan.save_mapping(mesh, arch, parts, path)
    assert np.array_equal(tartan.load_mapping(mesh, arch, path), parts)
    assert tartan.stats(mesh, arch, parts)["processors"] == {"used": 3, "total": 3}
    again = tartan.remap(mesh, arch, parts, migration_cost=1000.0)
    assert np.array_equal(again, parts)


def test_map_onto_variable_sized_targets(tartan, mesh):
    """The parts follow the graph: 256 vertices give 128 parts of two, numbered by domain;
    fixed vertices stay; remapping keeps an old mapping that costs no more; other methods
    refuse these targets."""
    for hypercube in (False, True):
        arch = tartan.Arch.variable(hypercube)
        assert arch.size == 0 and arch.name == ("varhcub" if hypercube else "varcmplt")
        parts = tartan.map(mesh, arch, seed=3)
        assert parts.min() >= 1
        sizes = np.unique(parts, return_counts=True)[1]
        assert sizes.max() <= 2 and len(sizes) == 128
        fixed = np.full(256, -1, tartan.NUM_DTYPE)
        fixed[0], fixed[255] = 300, 301
        again = tartan.map(mesh, arch, seed=3, fixed=fixed)
        assert again[0] == 300 and again[255] == 301
        kept = tartan.remap(mesh, arch, parts, migration_cost=100.0, seed=4)
        assert np.array_equal(kept, parts)
        with pytest.raises(tartan.TartanError) as info:
            tartan.map(mesh, arch, strategy="greedy")
        assert info.value.code == tartan.EINVAL and "only drb" in info.value.message
