"""Pictures of mappings: draw_graph and draw_target return what ``tartan draw`` writes.

The drawing code is part of the ``tartan`` command (src/tools of Tartan), not of the C library,
whose API has no drawing function. These helpers therefore write their inputs to a temporary
folder (the graph as .grf, the mapping as .map, the target as .tgt, coordinates as .xyz) and run
the ``tartan`` command installed with this package, so the pictures are exactly the command's.
The command is, in this order: the path in the environment variable TARTAN_PYTHON_PROGRAM, the
one configure and make recorded next to the library (_config.PROGRAM), or the same name on
PATH; when none is found, TartanError (ENOTSUP) says so.
"""

import os
import shutil
import subprocess
import tempfile

import numpy as np

from . import _config, _lib
from ._lib import ENOTSUP, EINVAL, TartanError

_FORMATS = ("svg", "png", "pdf")


def _program():
    override = os.environ.get("TARTAN_PYTHON_PROGRAM")
    if override:
        if os.access(override, os.X_OK):
            return override
        raise TartanError(ENOTSUP, f"TARTAN_PYTHON_PROGRAM={override}: no such program")
    if os.access(_config.PROGRAM, os.X_OK):
        return _config.PROGRAM
    found = shutil.which(os.path.basename(_config.PROGRAM))
    if found:
        return found
    raise TartanError(ENOTSUP,
                      f"drawing runs the `tartan` command, not found at {_config.PROGRAM} nor "
                      "on PATH: install Tartan's command or set TARTAN_PYTHON_PROGRAM")


def _run(arguments, format, folder):
    """Runs `tartan draw ARGUMENTS -f FORMAT` and returns its standard output: str for SVG,
    bytes for PNG and PDF. A failure raises TartanError with the command's message (the
    temporary folder's name left out)."""
    if format not in _FORMATS:
        raise TartanError(EINVAL, f"format {format!r}: not one of {', '.join(_FORMATS)}")
    done = subprocess.run([_program(), "draw"] + arguments + ["--format", format],
                          stdin=subprocess.DEVNULL, capture_output=True, check=False)
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip()
        raise TartanError(EINVAL, message.replace(folder + os.sep, ""))
    return done.stdout.decode("utf-8") if format == "svg" else done.stdout


def _save_mapping(graph, arch, mapping, path):
    """Writes mapping (a terminal for every vertex) as a .map file; without arch, through the
    complete target just large enough for its terminal numbers."""
    from . import Arch, save_mapping  # the package imports this module last
    parttab = _lib.num_array(mapping, "mapping", graph.vertnbr)
    unmapped = np.flatnonzero(parttab < 0)
    if unmapped.size:
        raise TartanError(EINVAL, f"mapping: vertex {int(unmapped[0])} has no terminal "
                                  f"({int(parttab[unmapped[0]])}): a picture needs them all")
    if arch is not None:
        save_mapping(graph, arch, parttab, path)
        return
    with Arch.complete(int(parttab.max(initial=0)) + 1) as any_terminal:
        save_mapping(graph, any_terminal, parttab, path)


def _save_xyz(graph, xyz, path):
    """Writes coordinates (one row of 1 to 3 numbers per vertex) as a SCOTCH .xyz file."""
    points = np.asarray(xyz, dtype=float)
    if points.ndim == 1:
        points = points.reshape(-1, 1)
    if points.ndim != 2 or points.shape[0] != graph.vertnbr or not 1 <= points.shape[1] <= 3:
        raise TartanError(EINVAL, f"xyz: shape {np.shape(xyz)}, expected ({graph.vertnbr}, 1 to 3)"
                                  " (one row of coordinates per vertex)")
    if not np.all(np.isfinite(points)):
        raise TartanError(EINVAL, "xyz: coordinates must be finite numbers")
    labels = graph._labels()
    with open(path, "w", encoding="ascii") as stream:
        stream.write(f"{points.shape[1]}\n{points.shape[0]}\n")
        for label, row in zip(labels, points):
            stream.write(f"{int(label)} " + " ".join(repr(float(value)) for value in row) + "\n")


def draw_graph(graph, mapping, xyz=None, arch=None, aggregate=None, format="svg"):
    """The picture of ``tartan draw graph``: graph with its vertices coloured by their terminal
    in mapping (a terminal for every vertex, as :func:`map` returns), cut edges emphasised,
    a legend. xyz: coordinates, an array of one row of 1 to 3 numbers per vertex (3-D points
    are drawn in the cabinet oblique projection); without it, vertices are laid out by
    breadth-first levels. arch: the target the terminals refer to (checked; the legend gives
    its size). aggregate: draw aggregated above this many vertices (the command's default:
    10000). format: "svg" (returns the SVG text, a str), "png" or "pdf" (return bytes; they
    need a ``tartan`` built with cairo). Runs the ``tartan`` command (see the module's
    documentation); raises TartanError on bad input, with the command's message."""
    with tempfile.TemporaryDirectory(prefix="tartan-draw-") as folder:
        graph_path = os.path.join(folder, "graph.grf")
        map_path = os.path.join(folder, "graph.map")
        graph.save(graph_path)
        _save_mapping(graph, arch, mapping, map_path)
        arguments = ["graph", graph_path, map_path]
        if xyz is not None:
            xyz_path = os.path.join(folder, "graph.xyz")
            _save_xyz(graph, xyz, xyz_path)
            arguments += ["--xyz", xyz_path]
        if arch is not None:
            arch_path = os.path.join(folder, "target.tgt")
            arch.save(arch_path)
            arguments += ["--target", arch_path]
        if aggregate is not None:
            arguments += ["--aggregate", str(int(aggregate))]
        return _run(arguments, format, folder)


def draw_target(arch, graph=None, mapping=None, format="svg"):
    """The picture of ``tartan draw target``: the machine behind arch (grids with one panel
    per slice, hypercubes, trees, sub targets within their machine, networks); with graph and
    mapping, terminals shaded by load and links coloured and widened by their traffic. format
    as for :func:`draw_graph`. Runs the ``tartan`` command; raises TartanError on bad input."""
    if (graph is None) != (mapping is None):
        raise TartanError(EINVAL, "draw_target: give both graph and mapping, or neither")
    with tempfile.TemporaryDirectory(prefix="tartan-draw-") as folder:
        arch_path = os.path.join(folder, "target.tgt")
        arch.save(arch_path)
        arguments = ["target", arch_path]
        if graph is not None:
            graph_path = os.path.join(folder, "graph.grf")
            map_path = os.path.join(folder, "graph.map")
            graph.save(graph_path)
            _save_mapping(graph, arch, mapping, map_path)
            arguments += [graph_path, map_path]
        return _run(arguments, format, folder)
