"""tartan.Graph: building from arrays, files, SciPy and networkx; errors."""
import os

import numpy as np
import pytest

from conftest import grid_csr


def test_from_csr_sizes_and_roundtrip(tartan):
    xadj, adjncy = grid_csr(4, 3)
    vweights = np.arange(1, 13)
    eweights = np.full(len(adjncy), 2)
    g = tartan.Graph.from_csr(xadj, adjncy, vweights=vweights, eweights=eweights)
    assert len(g) == 12 and g.vertnbr == 12
    assert g.edgenbr == len(adjncy) == 2 * (3 * 3 + 4 * 2)
    x, a, v, e = g.csr()
    assert x.dtype == tartan.NUM_DTYPE
    np.testing.assert_array_equal(x, xadj)
    np.testing.assert_array_equal(a, adjncy)
    np.testing.assert_array_equal(v, vweights)
    np.testing.assert_array_equal(e, eweights)
    st = g.stat()
    assert st["vertex_load"]["sum"] == 78 and st["vertex_load"]["max"] == 12
    assert st["degree"]["min"] == 2 and st["degree"]["max"] == 4
    assert st["edge_load"]["min"] == 2
    assert "4 vertices" not in repr(g) and "12 vertices" in repr(g)


def test_from_csr_base_one(tartan):
    # the 4-cycle of the README in Fortran numbering
    g = tartan.Graph.from_csr([1, 3, 5, 7, 9], [2, 4, 1, 3, 2, 4, 3, 1], base=1)
    x, a, _, _ = g.csr()
    np.testing.assert_array_equal(x, [0, 2, 4, 6, 8])
    np.testing.assert_array_equal(a, [1, 3, 0, 2, 1, 3, 2, 0])


def test_from_csr_rejects_bad_graphs(tartan):
    with pytest.raises(tartan.TartanError) as info:
        tartan.Graph.from_csr([0, 1, 1], [1])          # arc 0->1 without 1->0
    assert info.value.code == tartan.EINVAL and info.value.name == "EINVAL"
    assert info.value.message
    assert isinstance(info.value, ValueError)
    with pytest.raises(TypeError):
        tartan.Graph.from_csr([0.0, 1.0, 2.0], [1, 0])
    with pytest.raises(ValueError):
        tartan.Graph.from_csr([0, 1, 2], [1, 0], vweights=[1])
    if tartan.NUM_BITS == 32:
        with pytest.raises(OverflowError):
            tartan.Graph.from_csr([0, 1, 2], [1, 0], vweights=[1, 1 << 40])


def test_components(tartan):
    # two separate edges: 0-1 and 2-3
    g = tartan.Graph.from_csr([0, 1, 2, 3, 4], [1, 0, 3, 2])
    count, labels = g.components()
    assert count == 2
    np.testing.assert_array_equal(labels, [0, 0, 1, 1])


def test_load_formats_and_save(tartan, data_dir, tmp_path):
    g = tartan.Graph.load(os.path.join(data_dir, "formats", "mesh3x2.graph"))
    assert g.vertnbr == 6 and g.edgenbr == 14
    m = tartan.Graph.load(os.path.join(data_dir, "formats", "mesh3x2.mtx"))
    assert m.vertnbr == 6 and m.edgenbr == 14
    path = tmp_path / "mesh.grf"
    g.save(path)
    again = tartan.Graph.load(path)
    for a, b in zip(g.csr()[:2], again.csr()[:2]):
        np.testing.assert_array_equal(a, b)


def test_load_errors(tartan, data_dir, tmp_path):
    with pytest.raises(tartan.TartanIOError) as info:
        tartan.Graph.load(tmp_path / "missing.grf")
    assert info.value.code == tartan.EIO and isinstance(info.value, OSError)
    with pytest.raises(tartan.TartanError) as info:
        tartan.Graph.load(os.path.join(data_dir, "bad", "truncated_vertices.grf"))
    assert info.value.code == tartan.EFORMAT
    assert "line" in info.value.message


def test_from_scipy(tartan):
    sparse = pytest.importorskip("scipy.sparse")
    # upper triangle of a weighted path 0-1-2 plus a diagonal: symmetrised, diagonal dropped
    a = sparse.coo_matrix(([5, 3, 7], ([0, 0, 1], [0, 1, 2])), shape=(3, 3))
    g = tartan.Graph.from_scipy(a)
    x, adj, _, e = g.csr()
    np.testing.assert_array_equal(x, [0, 1, 3, 4])
    np.testing.assert_array_equal(adj, [1, 0, 2, 1])
    np.testing.assert_array_equal(e, [3, 3, 7, 7])
    real = tartan.Graph.from_scipy(a.astype(float))
    assert real.csr()[3] is None and real.edgenbr == 4


def test_from_networkx(tartan):
    nx = pytest.importorskip("networkx")
    h = nx.grid_2d_graph(4, 4)
    g = tartan.Graph.from_networkx(h)
    assert g.vertnbr == 16 and g.edgenbr == 2 * h.number_of_edges()
    assert g.nodes[0] == list(h.nodes)[0]
    w = nx.Graph()
    w.add_edge("a", "b", weight=4)
    w.add_edge("b", "c")
    w.add_edge("c", "c")
    gw = tartan.Graph.from_networkx(w)
    np.testing.assert_array_equal(gw.csr()[3], [4, 4, 1, 1])


def test_num_width_matches_library(tartan):
    """The package's integer type is the library's TARTAN_Num (int64 builds: tartan64)."""
    import os
    assert tartan.NUM_DTYPE.itemsize * 8 == tartan.NUM_BITS
    assert (tartan.NUM_BITS == 64) == (os.environ.get("TARTAN_PY_PACKAGE") == "tartan64")
    big = 1 << 40
    if tartan.NUM_BITS == 64:
        g = tartan.Graph.from_csr([0, 1, 2], [1, 0], vweights=[big, big])
        assert g.stat()["vertex_load"]["sum"] == 2 * big
    else:
        with pytest.raises(OverflowError):
            tartan.Graph.from_csr([0, 1, 2], [1, 0], vweights=[big, big])
