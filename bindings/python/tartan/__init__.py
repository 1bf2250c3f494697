"""Tartan: static process mapping, from Python.

Tartan places the vertices of a communication graph (processes, mesh parts) onto the
processing elements of a target architecture (mesh, torus, hypercube, tree of nodes, sockets
and cores, or any graph) so that heavy communication travels short distances while the loads
stay balanced. This package calls the Tartan C library (libtartan) through ctypes; arrays go
in and come out as NumPy arrays of :data:`NUM_DTYPE` (the build's ``TARTAN_Num``: int32, or
int64 in the ``tartan64`` package of an ``--enable-int64`` build).

Example::

    import tartan
    graph = tartan.Graph.from_csr(xadj, adjncy)          # CSR arrays, base 0
    arch = tartan.Arch.torus(4, 4, 4)                      # or Arch.load("torus3D_4x4x4.tgt")
    parts = tartan.map(graph, arch, strategy="drb;kway", seed=1)
    print(tartan.stats(graph, arch, parts)["comm_dilat"])

Contents: :class:`Graph` (source graphs), :class:`Arch` (targets), :func:`map` and
:func:`part` (compute mappings), :func:`stats` (gmtst's figures), :func:`net_stats` and
:func:`link_loads` (network figures and per-link traffic), :func:`load_mapping` and
:func:`save_mapping` (SCOTCH .map files), :func:`draw_graph` and :func:`draw_target`
(pictures, through the ``tartan draw`` command), :class:`TartanError` (every failure the library
reports, with its code and message). Strategy strings follow doc/strategy.md of Tartan.
"""

import ctypes
import dataclasses
import json
import os
import tempfile

import numpy as np

from . import _lib
from ._lib import (NUM_BITS, NUM_DTYPE, STRATBALANCE, STRATDEFAULT, STRATQUALITY,
                   STRATRECURSIVE, STRATSAFETY, STRATSPEED, TartanError, TartanIOError)
from ._lib import EFORMAT, EHANDLE, EINTERNAL, EINVAL, EIO, ENOMEM, ENOTSUP, EOVERFLOW

__all__ = ["Graph", "Arch", "map", "remap", "part", "stats", "net_stats", "NetStats",
           "link_loads", "Links", "load_mapping", "save_mapping", "draw_graph", "draw_target",
           "TartanError", "TartanIOError", "version", "NUM_BITS", "NUM_DTYPE",
           "STRATDEFAULT", "STRATQUALITY", "STRATSPEED", "STRATBALANCE", "STRATSAFETY",
           "STRATRECURSIVE", "EINVAL", "ENOMEM", "EIO", "EFORMAT", "ENOTSUP", "EHANDLE",
           "EOVERFLOW", "EINTERNAL"]

__version__ = _lib._config.VERSION
TartanError.__module__ = TartanIOError.__module__ = __name__   # shown as tartan.TartanError

_lib_ = _lib.lib
_check = _lib.check

# Graph file formats of TARTAN_graphImportPath, chosen by file name.
_FORMATS = {"scotch": 0, "metis": 1, "matrixmarket": 2}


def version():
    """Version string of the Tartan library this package loaded, e.g. "0.1.0"."""
    return _lib_.TARTAN_version().decode()


def _format_of(path):
    name = os.fspath(path)
    name = name[:-3] if name.endswith(".gz") else name
    if name.endswith((".graph", ".metis", ".chaco")):
        return "metis"
    if name.endswith(".mtx"):
        return "matrixmarket"
    return "scotch"


class _Handle:
    """An initialised TARTAN_* handle owned by a Python object, exited when collected."""

    _init = _exit = None

    def __init__(self):
        self._handle = _lib.Handle()
        _check(type(self)._init(self._handle))
        self._live = True

    def close(self):
        """Releases what the library holds for this object (also done when it is collected)."""
        if getattr(self, "_live", False):
            self._live = False
            type(self)._exit(self._handle)

    def __del__(self):
        try:
            self.close()
        except Exception:  # the library may already be unloaded at interpreter exit
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Graph(_Handle):
    """A source graph: vertices (with loads) and symmetric weighted edges.

    Build one with :meth:`load`, :meth:`from_csr`, :meth:`from_scipy` or
    :meth:`from_networkx`; ``Graph()`` alone is an empty graph. Vertices are numbered from 0
    in every Python-side array (``base`` 1 is accepted by :meth:`from_csr` for arrays made for
    Fortran or SCOTCH). ``len(graph)`` is the vertex count.
    """

    _init = _lib_.TARTAN_graphInit
    _exit = _lib_.TARTAN_graphExit

    def __init__(self):
        super().__init__()
        self._arrays = ()   # arrays the library borrows (from_csr): kept alive with the graph
        self.nodes = None   # from_networkx: the node of each vertex

    @classmethod
    def load(cls, path, format=None):
        """Reads a graph file: SCOTCH .grf, METIS/Chaco .graph or Matrix Market .mtx (chosen
        by the name, or by format="scotch"/"metis"/"matrixmarket"); .gz files too when the
        library was built with zlib. Raises TartanError (EFORMAT with the line, EIO, ...)."""
        graph = cls()
        kind = format or _format_of(path)
        if kind not in _FORMATS:
            raise ValueError(f"unknown graph format {kind!r} (known: {', '.join(_FORMATS)})")
        if kind == "scotch":
            _check(_lib_.TARTAN_graphLoadPath(graph._handle, _lib.fspath(path), 0, 0))
        else:
            _check(_lib_.TARTAN_graphImportPath(graph._handle, _lib.fspath(path), 0,
                                                _FORMATS[kind]))
        return graph

    @classmethod
    def from_csr(cls, xadj, adjncy, vweights=None, eweights=None, base=0, check=True):
        """A graph from compressed sparse row arrays, METIS style: the neighbours of vertex i
        are adjncy[xadj[i] - base : xadj[i+1] - base]; every edge appears in both directions.
        vweights (one load per vertex) and eweights (one weight per entry of adjncy) are
        optional. The arrays are converted to TARTAN_Num once and kept by the graph. With
        check=True (default) the graph must pass the library's full consistency check."""
        xadj = _lib.num_array(xadj, "xadj")
        if xadj.shape[0] < 1:
            raise ValueError("xadj must have vertex count + 1 entries")
        vertnbr = xadj.shape[0] - 1
        adjncy = _lib.num_array(adjncy, "adjncy")
        vweights = None if vweights is None else _lib.num_array(vweights, "vweights", vertnbr)
        eweights = (None if eweights is None
                    else _lib.num_array(eweights, "eweights", adjncy.shape[0]))
        graph = cls()
        graph._arrays = (xadj, adjncy, vweights, eweights)
        _check(_lib_.TARTAN_graphBuild(
            graph._handle, base, vertnbr, _lib.num_pointer(xadj), None,
            _lib.num_pointer(vweights), None, adjncy.shape[0], _lib.num_pointer(adjncy),
            _lib.num_pointer(eweights)))
        if check:
            graph.check()
        return graph

    @classmethod
    def from_scipy(cls, matrix, weights=True):
        """A graph from a square SciPy sparse matrix (or anything scipy.sparse.csr_matrix
        accepts): the pattern of A + A^T without the diagonal, as Tartan's Matrix Market import
        reads it. With integer values and weights=True, edge weights are max(|a_ij|, |a_ji|);
        otherwise every edge weighs 1. Needs scipy."""
        import scipy.sparse as sparse
        a = sparse.csr_matrix(matrix)
        if a.shape[0] != a.shape[1]:
            raise ValueError(f"the matrix must be square, not {a.shape[0]} x {a.shape[1]}")
        integer = weights and np.issubdtype(a.dtype, np.integer)
        a = abs(a) if integer else (a != 0).astype(np.int64)
        sym = a.maximum(a.T).tolil()
        sym.setdiag(0)
        sym = sym.tocsr()
        sym.eliminate_zeros()
        sym.sort_indices()
        return cls.from_csr(sym.indptr, sym.indices,
                            eweights=sym.data if integer else None)

    @classmethod
    def from_networkx(cls, g, weight="weight", load=None):
        """A graph from an undirected networkx graph. Vertex i is list(g.nodes)[i] (kept in
        graph.nodes). Edge weights come from the edge attribute `weight` (integers; 1 where
        absent, weight=None for none), vertex loads from the node attribute `load` if given.
        Self loops are dropped. Needs networkx."""
        if g.is_directed():
            raise ValueError("the networkx graph must be undirected")
        nodes = list(g.nodes)
        index = {node: i for i, node in enumerate(nodes)}
        xadj, adjncy, eweights = [0], [], []
        for node in nodes:
            for other, data in g.adj[node].items():
                if other == node:
                    continue
                adjncy.append(index[other])
                eweights.append(data.get(weight, 1) if weight is not None else 1)
            xadj.append(len(adjncy))
        vweights = None
        if load is not None:
            vweights = [g.nodes[node].get(load, 1) for node in nodes]
        graph = cls.from_csr(xadj, adjncy, vweights=vweights,
                             eweights=eweights if weight is not None else None)
        graph.nodes = nodes
        return graph

    def check(self):
        """Full consistency check (symmetry, ranges, no self loops, sums that fit); raises
        TartanError with the first problem found."""
        _check(_lib_.TARTAN_graphCheck(self._handle))

    def save(self, path):
        """Writes the graph as a SCOTCH .grf file (gzip-compressed if the name ends in .gz)."""
        _check(_lib_.TARTAN_graphSavePath(self._handle, _lib.fspath(path)))

    @property
    def vertnbr(self):
        """Number of vertices."""
        vertnbr = _lib.Num(0)
        _lib_.TARTAN_graphSize(self._handle, vertnbr, None)
        return vertnbr.value

    @property
    def edgenbr(self):
        """Number of arcs (twice the number of edges), SCOTCH's edgenbr."""
        edgenbr = _lib.Num(0)
        _lib_.TARTAN_graphSize(self._handle, None, edgenbr)
        return edgenbr.value

    def __len__(self):
        return self.vertnbr

    def __repr__(self):
        if not self._live:
            return f"<{__name__}.Graph (closed)>"
        return f"<{__name__}.Graph: {self.vertnbr} vertices, {self.edgenbr // 2} edges>"

    def csr(self):
        """(xadj, adjncy, vweights, eweights) as new base-0 NumPy arrays; vweights and
        eweights are None when the graph has none."""
        P = _lib._NumP
        base, vertnbr, edgenbr = _lib.Num(0), _lib.Num(0), _lib.Num(0)
        verttab, vendtab, velotab, vlbltab, edgetab, edlotab = P(), P(), P(), P(), P(), P()
        _lib_.TARTAN_graphData(self._handle, base, vertnbr, verttab, vendtab, velotab, vlbltab,
                               edgenbr, edgetab, edlotab)
        n, b = vertnbr.value, base.value

        def copy(pointer, size):
            return None if not pointer or size == 0 else \
                np.ctypeslib.as_array(pointer, shape=(size,)).copy()

        if n == 0:
            return np.zeros(1, NUM_DTYPE), np.zeros(0, NUM_DTYPE), None, None
        starts = copy(verttab, n)
        ends = copy(vendtab, n) if vendtab else copy(verttab, n + 1)[1:]
        if not np.array_equal(starts[1:], ends[:-1]):
            raise TartanError(_lib.EINVAL, "the graph's arrays are not compact CSR arrays")
        first, last = int(starts[0]) - b, int(ends[-1]) - b   # edgetab[verttab[i] - base]
        xadj = np.append(starts, ends[-1]) - starts[0]
        if last == 0:
            return xadj, np.zeros(0, NUM_DTYPE), copy(velotab, n), None
        adjncy = copy(edgetab, last)[first:] - b
        eweights = copy(edlotab, last)
        return xadj, adjncy, copy(velotab, n), None if eweights is None else eweights[first:]

    def _labels(self):
        """The vertex labels as a new NumPy array (base + index when the graph has none)."""
        P = _lib._NumP
        base, vertnbr, edgenbr = _lib.Num(0), _lib.Num(0), _lib.Num(0)
        verttab, vendtab, velotab, vlbltab, edgetab, edlotab = P(), P(), P(), P(), P(), P()
        _lib_.TARTAN_graphData(self._handle, base, vertnbr, verttab, vendtab, velotab, vlbltab,
                               edgenbr, edgetab, edlotab)
        if vlbltab and vertnbr.value > 0:
            return np.ctypeslib.as_array(vlbltab, shape=(vertnbr.value,)).copy()
        return np.arange(base.value, base.value + vertnbr.value, dtype=NUM_DTYPE)

    def stat(self):
        """SCOTCH's graph statistics as a dict: vertex loads, degrees and edge loads (min,
        max, sum where it applies, avg, dlt = mean absolute deviation)."""
        N, D = _lib.Num, ctypes.c_double
        v = [N(), N(), N(), D(), D(), N(), N(), D(), D(), N(), N(), N(), D(), D()]
        _lib_.TARTAN_errorClear()
        _lib_.TARTAN_graphStat(self._handle, *v)
        if _lib_.TARTAN_errorMessage():
            raise _lib.error(_lib.EHANDLE)
        x = [item.value for item in v]
        return {"vertex_load": dict(zip(("min", "max", "sum", "avg", "dlt"), x[0:5])),
                "degree": dict(zip(("min", "max", "avg", "dlt"), x[5:9])),
                "edge_load": dict(zip(("min", "max", "sum", "avg", "dlt"), x[9:14]))}

    def components(self):
        """(count, labels): the number of connected components and each vertex's component,
        numbered from 0 in order of first vertex."""
        count = _lib.Num(0)
        labels = np.empty(self.vertnbr, NUM_DTYPE)
        _check(_lib_.TARTAN_graphComponents(self._handle, count, _lib.num_pointer(labels)))
        return count.value, labels


class Arch(_Handle):
    """A target architecture: the processing elements (terminals, numbered from 0) and the
    distances between them.

    Build one from a .tgt file (:meth:`load`), from target text (:meth:`parse`), with a
    constructor (:meth:`torus`, :meth:`mesh`, :meth:`hcub`, :meth:`tleaf`, :meth:`complete`,
    :meth:`hwloc`, :meth:`from_graph`) or as a restriction (:meth:`sub`).
    """

    _init = _lib_.TARTAN_archInit
    _exit = _lib_.TARTAN_archExit

    @classmethod
    def load(cls, path):
        """Reads a target file (.tgt, SCOTCH's syntax; .gz with zlib)."""
        arch = cls()
        _check(_lib_.TARTAN_archLoadPath(arch._handle, _lib.fspath(path)))
        return arch

    @classmethod
    def parse(cls, text):
        """A target from the text of a .tgt file, e.g. Arch.parse("torus3D 4 4 4")."""
        with tempfile.TemporaryDirectory(prefix="tartan-") as folder:
            path = os.path.join(folder, "target.tgt")
            with open(path, "w", encoding="utf-8") as stream:
                stream.write(text)
                stream.write("\n")
            return cls.load(path)

    @classmethod
    def _grid(cls, functions, name, dims):
        """functions: the 2D, 3D and any-dimension constructors (mesh2D/mesh3D/meshXD...)."""
        if len(dims) == 1 and not np.isscalar(dims[0]):
            dims = tuple(dims[0])
        if not dims:
            raise ValueError(f"Arch.{name} needs at least one dimension")
        dimtab = _lib.num_array(dims, "dims")
        arch = cls()
        if len(dimtab) == 2:
            _check(functions[0](arch._handle, *(int(d) for d in dimtab)))
        elif len(dimtab) == 3:
            _check(functions[1](arch._handle, *(int(d) for d in dimtab)))
        else:
            _check(functions[2](arch._handle, len(dimtab), _lib.num_pointer(dimtab)))
        return arch

    @classmethod
    def torus(cls, *dims):
        """A torus (wrap-around grid) of the given sizes: Arch.torus(4, 4, 4) (torus2D,
        torus3D, or torusXD for other dimension counts)."""
        return cls._grid((_lib_.TARTAN_archTorus2, _lib_.TARTAN_archTorus3,
                          _lib_.TARTAN_archTorusX), "torus", dims)

    @classmethod
    def mesh(cls, *dims):
        """A mesh (grid without wrap-around) of the given sizes: Arch.mesh(8, 8) (mesh2D,
        mesh3D, or meshXD for other dimension counts)."""
        return cls._grid((_lib_.TARTAN_archMesh2, _lib_.TARTAN_archMesh3,
                          _lib_.TARTAN_archMeshX), "mesh", dims)

    @classmethod
    def hcub(cls, dim):
        """A hypercube of dimension dim (2**dim terminals, Hamming distances)."""
        arch = cls()
        _check(_lib_.TARTAN_archHcub(arch._handle, dim))
        return arch

    @classmethod
    def complete(cls, n, weights=None):
        """The complete graph on n terminals (every distance 1); weights (n capacities >= 1)
        makes it a weighted complete graph (cmpltw)."""
        arch = cls()
        if weights is None:
            _check(_lib_.TARTAN_archCmplt(arch._handle, n))
        else:
            velotab = _lib.num_array(weights, "weights", n)
            _check(_lib_.TARTAN_archCmpltw(arch._handle, n, _lib.num_pointer(velotab)))
        return arch

    @classmethod
    def variable(cls, hypercube=False):
        """A variable-sized target (varcmplt, or varhcub with hypercube=True): as many
        terminals as the graph needs. :func:`map` bipartitions until parts hold at most two
        vertices, as SCOTCH does, and numbers each part by its domain (>= 1; a domain's
        halves are 2d and 2d + 1); size() is 0."""
        arch = cls()
        _check((_lib_.TARTAN_archVhcub if hypercube else _lib_.TARTAN_archVcmplt)(arch._handle))
        return arch

    @classmethod
    def tleaf(cls, sizes, links, permutation=None):
        """A tree-leaf target: sizes[i] children per node of level i (top first), links[i]
        the cost of crossing level i; Arch.tleaf([16, 2, 8], [100, 10, 1]) is 16 nodes of 2
        sockets of 8 cores. permutation renumbers the leaves (SCOTCH's ltleaf)."""
        sizetab = _lib.num_array(sizes, "sizes")
        linktab = _lib.num_array(links, "links", sizetab.shape[0])
        arch = cls()
        if permutation is None:
            _check(_lib_.TARTAN_archTleaf(arch._handle, len(sizetab), _lib.num_pointer(sizetab),
                                          _lib.num_pointer(linktab)))
        else:
            permtab = _lib.num_array(permutation, "permutation")
            _check(_lib_.TARTAN_archLtleaf(arch._handle, len(sizetab),
                                           _lib.num_pointer(sizetab), _lib.num_pointer(linktab),
                                           len(permtab), _lib.num_pointer(permtab)))
        return arch

    @classmethod
    def hwloc(cls, xml=None, synthetic=None, costs=None):
        """The running machine's topology (the PUs this process may use) as a tree-leaf
        target, or the one of an hwloc XML file or synthetic description
        ("pack:2 core:8 pu:2"); costs overrides link costs ("core=1,package=20").
        Raises TartanError ENOTSUP when the library was built without hwloc."""
        arch = cls()
        encode = (lambda s: None if s is None else s.encode())
        _check(_lib_.TARTAN_archHwlocCosts(arch._handle,
                                           None if xml is None else _lib.fspath(xml),
                                           encode(synthetic), encode(costs)))
        return arch

    @classmethod
    def from_graph(cls, graph, terminals=None):
        """A target defined by a graph of processors (vertex loads: capacities, edge weights:
        link costs), restricted to the given terminal vertices (base 0) if any: SCOTCH's
        decomposition-defined target (deco 0 up to 1024 terminals, deco 2 above). Terminals
        are numbered as SCOTCH numbers them: on deco 0 by their vertices (terminals=[1, 5, 9]
        gives terminals 1, 5 and 9 in mappings, distances, .map files), on deco 2 from 0 in
        vertex order."""
        arch = cls()
        listtab = None if terminals is None else _lib.num_array(terminals, "terminals")
        count = 0 if listtab is None else len(listtab)
        _check(_lib_.TARTAN_archBuild(arch._handle, graph._handle, count,
                                      _lib.num_pointer(listtab), None))
        return arch

    @classmethod
    def network(cls, xadj, adjncy, slots=None, bandwidths=None, base=0):
        """A heterogeneous network target (kind "net"; Hoefler and Snir, "Generic topology
        mapping strategies for large-scale parallel architectures", §2): nodes given
        as a symmetric CSR graph (every link listed both ways, with the same bandwidth >= 1 in
        bandwidths, default 1), slots[v] the processes node v hosts (0: a switch; default 1).
        Terminals are the nodes with slots, in node order, each of capacity its slots;
        distances are route lengths in hops (shortest paths); MC divides by bandwidth."""
        verttab = _lib.num_array(xadj, "xadj")
        edgetab = _lib.num_array(adjncy, "adjncy")
        nodes = len(verttab) - 1
        slottab = None if slots is None else _lib.num_array(slots, "slots", nodes)
        bwtab = None if bandwidths is None else _lib.num_array(bandwidths, "bandwidths",
                                                                len(edgetab))
        arch = cls()
        _check(_lib_.TARTAN_archNetwork(arch._handle, base, nodes, _lib.num_pointer(verttab),
                                        _lib.num_pointer(slottab), _lib.num_pointer(edgetab),
                                        _lib.num_pointer(bwtab)))
        return arch

    def links(self):
        """The target's network (doc/networks.md) as :class:`Links`: node count (terminals
        0 .. size-1, then switches) and per directed link its tail, head and bandwidth.
        Raises TartanError ENOTSUP for targets without links (variable-sized, a deco 0 read from a file)."""
        nodenbr, linknbr = _lib.Num(), _lib.Num()
        _check(_lib_.TARTAN_archLinkCount(self._handle, nodenbr, linknbr))
        source = np.zeros(linknbr.value, NUM_DTYPE)
        target = np.zeros(linknbr.value, NUM_DTYPE)
        bandwidth = np.zeros(linknbr.value, np.float64)
        _check(_lib_.TARTAN_archLinks(self._handle, _lib.num_pointer(source),
                                      _lib.num_pointer(target),
                                      bandwidth.ctypes.data_as(ctypes.POINTER(ctypes.c_double))))
        return Links(nodenbr.value, source, target, bandwidth)

    def sub(self, terminals):
        """The restriction of this target to the given terminals, in that order: terminal k of
        the result is terminal terminals[k] of this one."""
        vnumtab = _lib.num_array(terminals, "terminals")
        arch = Arch()
        _check(_lib_.TARTAN_archSub(arch._handle, self._handle, len(vnumtab),
                                    _lib.num_pointer(vnumtab)))
        return arch

    def grid_terminal(self, coordinates):
        """Terminal of a mesh or torus at node coordinates (x first): x + y*X + z*X*Y + ...;
        what turns a scheduler's node coordinates into the terminals sub() takes."""
        coordtab = _lib.num_array(coordinates, "coordinates")
        term = _lib.Num(0)
        _check(_lib_.TARTAN_archGridTerm(self._handle, len(coordtab), _lib.num_pointer(coordtab),
                                         ctypes.byref(term)))
        return term.value

    @property
    def name(self):
        """Kind name: "torus3D", "tleaf", "sub", ..."""
        name = _lib_.TARTAN_archName(self._handle)
        if not name:
            raise _lib.error(_lib.EINVAL)
        return name.decode()

    @property
    def size(self):
        """Number of terminals."""
        size = _lib_.TARTAN_archSize(self._handle)
        if size < 0:
            raise _lib.error(_lib.EINVAL)
        return size

    def __len__(self):
        return self.size

    _SHAPES = {0: "none", 1: "mesh", 2: "torus", 3: "hcub", 4: "tree"}

    def shape(self):
        """The geometry of the machine behind the target (TARTAN_archShape), as a dict:
        "shape" ("mesh", "torus", "hcub", "tree" or "none"), "dims" (NumPy array: nodes per
        dimension, 2 per hypercube dimension, children per tree level top first), "nodes"
        (terminals of the whole machine) and "places" (NumPy array: the position of each
        terminal in the whole machine: grid number x + y*dims[0] + ..., hypercube node, leaf
        from the left). A sub target gives the machine it restricts."""
        shape, dimnbr, nodenbr = ctypes.c_int(), _lib.Num(), _lib.Num()
        _check(_lib_.TARTAN_archShape(self._handle, ctypes.byref(shape), ctypes.byref(dimnbr),
                                      None, ctypes.byref(nodenbr), None))
        dims = np.zeros(dimnbr.value, dtype=NUM_DTYPE)
        places = np.zeros(self.size, dtype=NUM_DTYPE)
        _check(_lib_.TARTAN_archShape(self._handle, ctypes.byref(shape), ctypes.byref(dimnbr),
                                      _lib.num_pointer(dims), ctypes.byref(nodenbr),
                                      _lib.num_pointer(places)))
        return {"shape": self._SHAPES[shape.value], "dims": dims, "nodes": nodenbr.value,
                "places": places}

    def node_places(self):
        """The place of every node of the target's network (terminals, then switches) in the
        machine of shape(), to draw its links (TARTAN_archNodePlaces): a terminal's place, or
        for a tree-leaf switch shape()["nodes"] plus its rank by depth, then left to right.
        Raises TartanError ENOTSUP for targets without links."""
        nodes, links = _lib.Num(), _lib.Num()
        _check(_lib_.TARTAN_archLinkCount(self._handle, ctypes.byref(nodes), ctypes.byref(links)))
        places = np.zeros(nodes.value, dtype=NUM_DTYPE)
        _check(_lib_.TARTAN_archNodePlaces(self._handle, _lib.num_pointer(places)))
        return places

    def distance(self, terminal0, terminal1):
        """Distance between two terminals (numbered from 0)."""
        dom0, dom1 = _lib.ArchDom(), _lib.ArchDom()
        _check(_lib_.TARTAN_archDomTerm(self._handle, dom0, terminal0))
        _check(_lib_.TARTAN_archDomTerm(self._handle, dom1, terminal1))
        dist = _lib_.TARTAN_archDomDist(self._handle, dom0, dom1)
        if dist < 0:
            raise _lib.error(_lib.EINVAL)
        return dist

    def save(self, path):
        """Writes the target as a .tgt file that Arch.load reads back to the same target."""
        _check(_lib_.TARTAN_archSavePath(self._handle, _lib.fspath(path)))

    def text(self):
        """The target as .tgt text."""
        with tempfile.TemporaryDirectory(prefix="tartan-") as folder:
            path = os.path.join(folder, "target.tgt")
            self.save(path)
            with open(path, encoding="utf-8") as stream:
                return stream.read()

    def __repr__(self):
        if not self._live:
            return f"<{__name__}.Arch (closed)>"
        return f"<{__name__}.Arch {self.name}: {self.size} terminals>"


class _Strat(_Handle):
    _init = _lib_.TARTAN_stratInit
    _exit = _lib_.TARTAN_stratExit

    def __init__(self, strategy, seed, imbalance, flags, threads=1):
        super().__init__()
        _check(_lib_.TARTAN_stratGraphMapBuild(self._handle, flags, 0,
                                               0.01 if imbalance is None else imbalance))
        if strategy is not None:
            _check(_lib_.TARTAN_stratGraphMap(self._handle, strategy.encode()))
        _check(_lib_.TARTAN_stratRandomSeed(self._handle, seed))
        _check(_lib_.TARTAN_stratThreads(self._handle, threads))


def _mapping_array(graph, mapping, name="mapping"):
    return _lib.num_array(mapping, name, graph.vertnbr).copy()


def map(graph, arch, strategy=None, seed=0, imbalance=None, fixed=None, flags=STRATDEFAULT,
        return_phases=False, threads=1):
    """Maps graph onto arch and returns the terminal of each vertex (a NumPy array of
    NUM_DTYPE, numbered from 0; on deco 0 targets by label, as SCOTCH numbers them: the
    target-graph vertex a terminal stands for).

    strategy: a strategy string (doc/strategy.md, e.g. "drb;kway", "drb{tries=8}"), or None
    for the default built from flags (STRATQUALITY, STRATSPEED, STRATBALANCE, STRATSAFETY,
    STRATRECURSIVE, OR-ed) and imbalance (the tolerated load imbalance, default 0.01).
    seed: the random seed; the same graph, target, strategy and seed give the same mapping as
    ``tartan map --seed``. fixed: an array with one terminal per vertex, -1 for free vertices:
    the others stay on their terminal. return_phases: also return where the time went, as a
    list of (phase name, wall-clock seconds) pairs ("drb coarsen", "kway refine", ... as
    ``tartan map -v`` prints them): the result is then (mapping, phases). threads: threads
    the strategy may use (0: one per processing unit), the mapping being the same for any
    count (``tartan map -t``). Raises TartanError (EFORMAT for a bad strategy, with the
    position; EINVAL for a mismatch or a bad thread count)."""
    strat = _Strat(strategy, seed, imbalance, flags, threads)
    try:
        if fixed is None:
            parttab = np.full(graph.vertnbr, -1, NUM_DTYPE)
            compute = _lib_.TARTAN_graphMapCompute
        else:
            parttab = _mapping_array(graph, fixed, "fixed")
            compute = _lib_.TARTAN_graphMapFixedCompute
        with _Mapping(graph, arch, parttab) as handle:
            _check(compute(graph._handle, handle, strat._handle))
            if return_phases:
                return parttab, _phases(graph, handle)
    finally:
        strat.close()
    return parttab


def remap(graph, arch, old, migration_cost=1.0, migration_loads=None, strategy=None, seed=0,
          imbalance=None, fixed=None, flags=STRATDEFAULT):
    """Remaps graph onto arch against an old mapping (TARTAN_graphRemap, SCOTCH's remapping
    objective): returns the terminal of each vertex (a NumPy array of NUM_DTYPE) minimising
    the communication cost plus migration_cost x the migration loads of the vertices that
    leave their old terminal. old: one terminal per vertex, -1 for a vertex that had none.
    migration_loads: one load >= 0 per vertex, None for 1 each. fixed: as for :func:`map`.
    strategy, seed, imbalance, flags: as for :func:`map`; terminals are numbered as there
    (deco 0 targets by label). Raises TartanError (EINVAL for an old terminal the target lacks,
    a negative cost or load, a wrong length)."""
    oldtab = _mapping_array(graph, old, "old")
    loads = None
    if migration_loads is not None:
        loads = _lib.num_array(migration_loads, "migration_loads", graph.vertnbr)
    if fixed is None:
        parttab = np.full(graph.vertnbr, -1, NUM_DTYPE)
        compute = _lib_.TARTAN_graphRemap
    else:
        parttab = _mapping_array(graph, fixed, "fixed")
        compute = _lib_.TARTAN_graphRemapFixed
    with _Strat(strategy, seed, imbalance, flags) as strat:
        _check(compute(graph._handle, arch._handle, strat._handle, _lib.num_pointer(oldtab),
                       float(migration_cost),
                       _lib.num_pointer(loads),
                       _lib.num_pointer(parttab)))
    return parttab


def _phases(graph, handle):
    count = _lib.Num()
    _check(_lib_.TARTAN_graphMapPhaseCount(graph._handle, handle, ctypes.byref(count)))
    phases = []
    for index in range(count.value):
        name, seconds = ctypes.c_char_p(), ctypes.c_double()
        _check(_lib_.TARTAN_graphMapPhase(graph._handle, handle, index, ctypes.byref(name),
                                          ctypes.byref(seconds)))
        phases.append((name.value.decode(), seconds.value))
    return phases


def part(graph, nparts, strategy=None, seed=0, imbalance=None, flags=STRATDEFAULT, threads=1):
    """Partitions graph into nparts parts (mapping onto the complete graph); arguments and
    result as :func:`map`."""
    with Arch.complete(nparts) as arch:
        return map(graph, arch, strategy=strategy, seed=seed, imbalance=imbalance, flags=flags,
                   threads=threads)


class _Mapping:
    """A TARTAN_Mapping over a NumPy parttab, for the functions that need one."""

    def __init__(self, graph, arch, parttab):
        self._graph, self._parttab = graph, parttab
        self._handle = _lib.Handle()
        _check(_lib_.TARTAN_graphMapInit(graph._handle, self._handle, arch._handle,
                                         _lib.num_pointer(parttab)))

    def __enter__(self):
        return self._handle

    def __exit__(self, *exc):
        _lib_.TARTAN_graphMapExit(self._graph._handle, self._handle)


def stats(graph, arch, mapping):
    """The statistics of a mapping (one terminal per vertex, -1 for unmapped) as a dict with
    the figures of SCOTCH's gmtst (what ``tartan stats --json`` prints): "processors" (used,
    total), "target" (load min, max, avg, dlt, maxavg), "neighbors" (min, max, sum), "edges",
    "edge_weight", "comm_dilat", "comm_expan", "comm_cut" (ratio, sum), "comm_delta",
    "comm_load" (share of the communication load at each distance), "part_diam" (min,
    max, avg) and "network" (the figures of :func:`net_stats`, None for a target without
    links). Definitions: doc/strategy.md, doc/networks.md."""
    parttab = _mapping_array(graph, mapping)
    with tempfile.TemporaryDirectory(prefix="tartan-") as folder:
        path = os.path.join(folder, "stats.json")
        with _Mapping(graph, arch, parttab) as handle:
            _check(_lib_.TARTAN_graphMapViewJsonPath(graph._handle, handle, path.encode()))
        with open(path, encoding="utf-8") as stream:
            return json.load(stream)


@dataclasses.dataclass(frozen=True)
class Links:
    """A target's network: ``nodes`` (terminals first, then switches) and, per directed link
    i, ``source[i]`` and ``target[i]`` (node numbers) and ``bandwidth[i]``."""
    nodes: int
    source: np.ndarray
    target: np.ndarray
    bandwidth: np.ndarray


@dataclasses.dataclass(frozen=True)
class NetStats:
    """The network figures of a mapping (doc/networks.md): messages, links used, total and
    weighted hops (th, wh), max and average congestion (mc, ac: volume per bandwidth), max
    and average message congestion (mmc, amc), dilation (max, avg, weighted) and the QAP
    objective j."""
    messages: int
    links: int
    th: int
    wh: int
    mc: float
    mmc: int
    ac: float
    amc: float
    dilation_max: int
    dilation_avg: float
    dilation_weighted: float
    j: int


def net_stats(graph, arch, mapping):
    """The network figures of a mapping (one terminal per vertex, -1 for unmapped) as a
    :class:`NetStats`. Raises TartanError ENOTSUP for targets without links."""
    parttab = _mapping_array(graph, mapping)
    result = _lib.NetStats()
    with _Mapping(graph, arch, parttab) as handle:
        _check(_lib_.TARTAN_graphMapNetStats(graph._handle, handle, result))
    return NetStats(*(getattr(result, name) for name, _ in _lib.NetStats._fields_))


def link_loads(graph, arch, mapping):
    """Per-link traffic of a mapping: (volumes, messages), two arrays indexed like
    :meth:`Arch.links`."""
    parttab = _mapping_array(graph, mapping)
    nodenbr, linknbr = _lib.Num(), _lib.Num()
    _check(_lib_.TARTAN_archLinkCount(arch._handle, nodenbr, linknbr))
    volumes = np.zeros(linknbr.value, np.float64)
    messages = np.zeros(linknbr.value, NUM_DTYPE)
    with _Mapping(graph, arch, parttab) as handle:
        _check(_lib_.TARTAN_graphMapLinkLoads(
            graph._handle, handle, volumes.ctypes.data_as(ctypes.POINTER(ctypes.c_double)),
            _lib.num_pointer(messages)))
    return volumes, messages


def save_mapping(graph, arch, mapping, path):
    """Writes a mapping as a SCOTCH .map file (vertex labels and terminals)."""
    parttab = _mapping_array(graph, mapping)
    with _Mapping(graph, arch, parttab) as handle:
        _check(_lib_.TARTAN_graphMapSavePath(graph._handle, handle, _lib.fspath(path)))


def load_mapping(graph, arch, path):
    """Reads a SCOTCH .map file (as written by ``tartan map``) into a NumPy array of
    terminals, -1 for the vertices the file does not list."""
    parttab = np.full(graph.vertnbr, -1, NUM_DTYPE)
    with _Mapping(graph, arch, parttab) as handle:
        _check(_lib_.TARTAN_graphMapLoadPath(graph._handle, handle, _lib.fspath(path)))
    return parttab


from ._draw import draw_graph, draw_target  # noqa: E402 (uses Graph, Arch and save_mapping)
