"""draw_graph and draw_target: the SVG text of `tartan draw` (the helpers run the build's
command), parsed as XML with the expected coloured elements; PNG bytes when the command has
cairo; clear errors for bad input and for a missing command."""
import subprocess
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from conftest import grid_csr


def count(svg, cls):
    """Elements of class cls with a fill or stroke colour."""
    root = ET.fromstring(svg)
    return sum(1 for e in root.iter()
               if e.get("class") == cls and (e.get("fill") or e.get("stroke")))


@pytest.fixture(scope="module")
def mesh(tartan):
    xadj, adjncy = grid_csr(8, 8)
    graph = tartan.Graph.from_csr(xadj, adjncy)
    arch = tartan.Arch.torus(2, 2, 2)
    parts = tartan.map(graph, arch, seed=1)
    xyz = np.array([(v % 8, v // 8) for v in range(64)], dtype=float)
    return graph, arch, parts, xyz


def test_draw_graph_at_coordinates(tartan, mesh):
    graph, arch, parts, xyz = mesh
    svg = tartan.draw_graph(graph, parts, xyz=xyz, arch=arch)
    assert isinstance(svg, str)
    assert count(svg, "vertex") == 64
    assert count(svg, "swatch") == len(set(parts.tolist()))
    assert "layout: coordinates of graph.xyz" in svg
    # Without coordinates nor target: breadth-first levels, any terminal numbers.
    svg = tartan.draw_graph(graph, parts + 1000)
    assert count(svg, "vertex") == 64
    assert "breadth-first levels" in svg and "terminal 1000: load" in svg
    svg = tartan.draw_graph(graph, parts, xyz=xyz, aggregate=10)
    assert count(svg, "vertex") == 0 and count(svg, "cell") > 0


def test_draw_target(tartan, mesh):
    graph, arch, parts, _ = mesh
    svg = tartan.draw_target(arch)
    assert count(svg, "term") == 8
    assert count(svg, "slice-links") == 1
    svg = tartan.draw_target(arch, graph, parts)
    assert count(svg, "term") == 8 and count(svg, "colourbar") == 2
    # A 2 x 2 x 2 torus: 16 directed links within the two slices, 8 between them.
    assert count(svg, "link") == 16 and count(svg, "slice-link") == 8


def test_draw_png(tartan, tartan_bin, mesh):
    if "cairo: yes" not in subprocess.run([tartan_bin, "--version"], capture_output=True,
                                          text=True).stdout:
        with pytest.raises(tartan.TartanError, match="--with-cairo"):
            tartan.draw_target(mesh[1], format="png")
        pytest.skip("tartan built without cairo")
    png = tartan.draw_target(mesh[1], format="png")
    assert isinstance(png, bytes) and png[:8] == b"\x89PNG\r\n\x1a\n"
    assert tartan.draw_graph(mesh[0], mesh[2], format="pdf")[:5] == b"%PDF-"


def test_draw_errors(tartan, mesh, monkeypatch):
    graph, arch, parts, xyz = mesh
    with pytest.raises(tartan.TartanError, match="vertex 3 has no terminal"):
        tartan.draw_graph(graph, np.where(np.arange(64) == 3, -1, parts))
    with pytest.raises(tartan.TartanError, match=r"xyz: shape \(63, 2\)"):
        tartan.draw_graph(graph, parts, xyz=xyz[:63])
    with pytest.raises(tartan.TartanError, match="give both graph and mapping"):
        tartan.draw_target(arch, graph)
    with pytest.raises(tartan.TartanError, match="format 'gif'"):
        tartan.draw_target(arch, format="gif")
    # A terminal outside the target: the command's message, without the temporary folder.
    with pytest.raises(tartan.TartanError) as error:
        tartan.draw_target(tartan.Arch.complete(4), graph, parts + 4)
    assert "graph.map" in str(error.value) and "tartan-draw-" not in str(error.value)
    monkeypatch.setenv("TARTAN_PYTHON_PROGRAM", "/nonexistent/tartan")
    with pytest.raises(tartan.TartanError, match="TARTAN_PYTHON_PROGRAM=/nonexistent/tartan"):
        tartan.draw_target(arch)
