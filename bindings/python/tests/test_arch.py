"""tartan.Arch: constructors, files, text, errors."""
import os

import numpy as np
import pytest


def test_constructors(tartan):
    t = tartan.Arch.torus(4, 4, 4)
    assert t.name == "torus3D" and t.size == 64 and len(t) == 64
    assert t.distance(0, 3) == 1          # wraps around
    m = tartan.Arch.mesh(4, 4, 4)
    assert m.name == "mesh3D" and m.distance(0, 3) == 3
    assert tartan.Arch.mesh(8, 8).name == "mesh2D"
    assert tartan.Arch.torus(2, 2, 2, 2).size == 16
    assert tartan.Arch.mesh([3, 5]).size == 15
    h = tartan.Arch.hcub(3)
    assert h.name == "hcub" and h.size == 8 and h.distance(0, 7) == 3
    c = tartan.Arch.complete(5)
    assert c.name == "cmplt" and c.size == 5
    assert tartan.Arch.complete(3, weights=[1, 2, 3]).name == "cmpltw"
    tl = tartan.Arch.tleaf([2, 2, 4], [10, 5, 1])
    assert tl.name == "tleaf" and tl.size == 16
    assert tl.distance(0, 1) == 1 and tl.distance(0, 15) == 16
    s = t.sub([0, 1, 2, 3])
    assert s.name == "sub" and s.size == 4 and s.distance(0, 3) == 1
    assert "torus3D" in repr(t)


def test_parse_load_save(tartan, arch_dir, tmp_path):
    p = tartan.Arch.parse("torus3D 4 4 4")
    f = tartan.Arch.load(os.path.join(arch_dir, "torus3D_4x4x4.tgt"))
    assert p.text() == f.text()
    path = tmp_path / "t.tgt"
    p.save(path)
    assert tartan.Arch.load(path).size == 64


def test_from_graph(tartan):
    # a path of 4 processors 0-1-2-3: a deco target
    g = tartan.Graph.from_csr([0, 1, 3, 5, 6], [1, 0, 2, 1, 3, 2])
    a = tartan.Arch.from_graph(g)
    assert a.size == 4 and a.distance(0, 3) == 3
    b = tartan.Arch.from_graph(g, terminals=[0, 3])
    assert b.size == 2 and b.distance(0, 3) == 3  # numbered by vertex, as SCOTCH's


def test_hwloc(tartan, data_dir):
    try:
        a = tartan.Arch.hwloc(xml=os.path.join(data_dir, "hwloc_2pack_16pu.xml"))
    except tartan.TartanError as e:
        assert e.code == tartan.ENOTSUP
        pytest.skip("library built without hwloc")
    assert a.size == 16
    assert tartan.Arch.hwloc(synthetic="pack:2 core:2 pu:2").size == 8
    assert tartan.Arch.hwloc().size >= 1


def test_errors(tartan, tmp_path):
    with pytest.raises(tartan.TartanError) as info:
        tartan.Arch.parse("torus3D 4 4")
    assert info.value.code == tartan.EFORMAT and "line" in info.value.message
    with pytest.raises(tartan.TartanError) as info:
        tartan.Arch.torus(4, 0)
    assert info.value.code == tartan.EINVAL
    with pytest.raises(tartan.TartanIOError):
        tartan.Arch.load(tmp_path / "none.tgt")
    with pytest.raises(ValueError):
        tartan.Arch.mesh()


def test_shape(tartan):
    t = tartan.Arch.torus(4, 4, 4)
    shape = t.shape()
    assert shape["shape"] == "torus" and list(shape["dims"]) == [4, 4, 4]
    assert shape["nodes"] == 64 and list(shape["places"][:3]) == [0, 1, 2]
    sub = t.sub([63, 0, 5]).shape()
    assert sub["shape"] == "torus" and sub["nodes"] == 64 and list(sub["places"]) == [63, 0, 5]
    assert tartan.Arch.hcub(3).shape()["dims"].tolist() == [2, 2, 2]
    tree = tartan.Arch.tleaf([2, 3], [10, 1]).shape()
    assert tree["shape"] == "tree" and tree["dims"].tolist() == [2, 3] and tree["nodes"] == 6
    assert tartan.Arch.complete(5).shape()["shape"] == "none"


def test_node_places(tartan):
    tree = tartan.Arch.tleaf([2, 3], [10, 1])
    assert tree.node_places().tolist() == list(range(9))  # 6 leaves, the root, 2 switches
    sub = tartan.Arch.mesh(3, 1).sub([2, 0])
    assert sub.node_places().tolist() == [2, 0, 1]
    with pytest.raises(tartan.TartanError) as error:
        tartan.Arch.parse("varcmplt").node_places()
    assert error.value.code == tartan.ENOTSUP


def test_grid_terminal_and_scattered_allocation(tartan, mesh):
    torus = tartan.Arch.torus(8, 8, 8)
    assert torus.grid_terminal([3, 2, 1]) == 3 + 8 * 2 + 64
    with pytest.raises(tartan.TartanError) as info:
        torus.grid_terminal([8, 0, 0])
    assert info.value.code == tartan.EINVAL and "outside" in info.value.message
    with pytest.raises(tartan.TartanError) as info:
        tartan.Arch.complete(4).grid_terminal([1, 1])
    assert info.value.code == tartan.ENOTSUP
    # The 16x16 mesh's 256 vertices onto 64 scattered nodes, 4 each, with Deveci et al.'s
    # greedy mapping and refinements (seed 004).
    nodes = [torus.grid_terminal([x, y, z]) for z in (0, 3, 5, 6) for y in (1, 2, 6, 7)
             for x in (0, 2, 4, 6)]
    alloc = torus.sub(nodes)
    parts = tartan.map(mesh, alloc, strategy="umpa_greedy{bal=0};umpa_wh{bal=0};umpa_mc{bal=0}")
    assert (np.bincount(parts, minlength=64) == 4).all()
