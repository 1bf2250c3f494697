"""tartan.Arch: constructors, files, text, errors."""
import os

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
