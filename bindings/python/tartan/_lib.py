"""ctypes declarations of the public C API (include/tartan.h) and the error firewall.

Only this module touches ctypes; the rest of the package works with NumPy arrays and Python
objects. The library is the one configure and make recorded in _config.LIBRARY (an absolute
path, so no LD_LIBRARY_PATH is needed); the environment variable TARTAN_PYTHON_LIBRARY
overrides it (the test suite points it at the build tree's library).
"""

import ctypes
import os

import numpy as np

from . import _config

NUM_BITS = _config.NUM_BITS
Num = ctypes.c_int64 if NUM_BITS == 64 else ctypes.c_int32
NUM_DTYPE = np.dtype(np.int64 if NUM_BITS == 64 else np.int32)
NUM_MAX = (1 << (NUM_BITS - 1)) - 1

# Error codes (TARTAN_E* of tartan.h).
OK = 0
EINVAL = -1
ENOMEM = -2
EIO = -3
EFORMAT = -4
ENOTSUP = -5
EHANDLE = -6
EOVERFLOW = -7
EINTERNAL = -8
CODE_NAMES = {EINVAL: "EINVAL", ENOMEM: "ENOMEM", EIO: "EIO", EFORMAT: "EFORMAT",
              ENOTSUP: "ENOTSUP", EHANDLE: "EHANDLE", EOVERFLOW: "EOVERFLOW",
              EINTERNAL: "EINTERNAL"}

# Strategy flags (TARTAN_STRAT* of tartan.h).
STRATDEFAULT = 0x0000
STRATQUALITY = 0x0001
STRATSPEED = 0x0002
STRATBALANCE = 0x0004
STRATSAFETY = 0x0008
STRATRECURSIVE = 0x0100


class Handle(ctypes.Structure):
    """TARTAN_Graph, TARTAN_Arch, TARTAN_Strat, TARTAN_Mapping: 8 opaque 64-bit words."""
    _fields_ = [("opaque_", ctypes.c_uint64 * 8)]


class ArchDom(ctypes.Structure):
    """TARTAN_ArchDom: 32 opaque 64-bit words, a plain value."""
    _fields_ = [("opaque_", ctypes.c_uint64 * 32)]


class NetStats(ctypes.Structure):
    """TARTAN_NetStats: the network figures of a mapping."""
    _fields_ = [("messages", ctypes.c_int64), ("links", ctypes.c_int64),
                ("th", ctypes.c_int64), ("wh", ctypes.c_int64), ("mc", ctypes.c_double),
                ("mmc", ctypes.c_int64), ("ac", ctypes.c_double), ("amc", ctypes.c_double),
                ("dilation_max", ctypes.c_int64), ("dilation_avg", ctypes.c_double),
                ("dilation_weighted", ctypes.c_double), ("j", ctypes.c_int64)]


class TartanError(ValueError):
    """An error reported by the Tartan library.

    Attributes: ``code`` (the negative TARTAN_E* code), ``name`` ("EINVAL", "EFORMAT", ...),
    ``reason`` (TARTAN_errorString: "invalid argument", ...) and ``message`` (the detail that
    TARTAN_errorMessage gave, e.g. "position 1: unknown method 'foo' (known: drb, kway)").
    File errors (EIO) raise :class:`TartanIOError`, which is also an :class:`OSError`.
    """

    def __init__(self, code, message, reason=""):
        self.code = code
        self.name = CODE_NAMES.get(code, str(code))
        self.reason = reason
        self.message = message
        super().__init__(f"{self.name}: {message or reason}")

    def __str__(self):
        return f"{self.name}: {self.message or self.reason}"


class TartanIOError(TartanError, OSError):
    """A file Tartan could not open, read or write (TARTAN_EIO); also an OSError."""


def _load_library():
    path = os.environ.get("TARTAN_PYTHON_LIBRARY") or _config.LIBRARY
    try:
        return ctypes.CDLL(path)
    except OSError as exc:
        raise ImportError(f"tartan: cannot load the Tartan library {path}: {exc}") from exc


lib = _load_library()

_P = ctypes.POINTER
_H = _P(Handle)
_D = _P(ArchDom)
_NumP = _P(Num)
_c = ctypes.c_char_p
_i = ctypes.c_int

# name: (restype, argtypes). Only int-returning functions are checked through check().
_PROTOTYPES = {
    "TARTAN_version": (_c, []),
    "TARTAN_versionCheck": (_i, [_i]),
    "TARTAN_errorString": (_c, [_i]),
    "TARTAN_errorMessage": (_c, []),
    "TARTAN_errorClear": (None, []),
    "TARTAN_graphInit": (_i, [_H]),
    "TARTAN_graphExit": (None, [_H]),
    "TARTAN_graphBuild": (_i, [_H, Num, Num, _NumP, _NumP, _NumP, _NumP, Num, _NumP, _NumP]),
    "TARTAN_graphLoadPath": (_i, [_H, _c, Num, Num]),
    "TARTAN_graphImportPath": (_i, [_H, _c, Num, _i]),
    "TARTAN_graphSavePath": (_i, [_H, _c]),
    "TARTAN_graphCheck": (_i, [_H]),
    "TARTAN_graphData": (None, [_H, _NumP, _NumP, _P(_NumP), _P(_NumP), _P(_NumP), _P(_NumP),
                                _NumP, _P(_NumP), _P(_NumP)]),
    "TARTAN_graphSize": (None, [_H, _NumP, _NumP]),
    "TARTAN_graphStat": (None, [_H, _NumP, _NumP, _NumP, _P(ctypes.c_double),
                                _P(ctypes.c_double), _NumP, _NumP, _P(ctypes.c_double),
                                _P(ctypes.c_double), _NumP, _NumP, _NumP,
                                _P(ctypes.c_double), _P(ctypes.c_double)]),
    "TARTAN_graphComponents": (_i, [_H, _NumP, _NumP]),
    "TARTAN_archInit": (_i, [_H]),
    "TARTAN_archExit": (None, [_H]),
    "TARTAN_archLoadPath": (_i, [_H, _c]),
    "TARTAN_archSavePath": (_i, [_H, _c]),
    "TARTAN_archName": (_c, [_H]),
    "TARTAN_archSize": (Num, [_H]),
    "TARTAN_archVar": (_i, [_H]),
    "TARTAN_archShape": (_i, [_H, _P(_i), _NumP, _NumP, _NumP, _NumP]),
    "TARTAN_archNodePlaces": (_i, [_H, _NumP]),
    "TARTAN_archGridTerm": (_i, [_H, Num, _NumP, _NumP]),
    "TARTAN_archCmplt": (_i, [_H, Num]),
    "TARTAN_archCmpltw": (_i, [_H, Num, _NumP]),
    "TARTAN_archHcub": (_i, [_H, Num]),
    "TARTAN_archMesh2": (_i, [_H, Num, Num]),
    "TARTAN_archMesh3": (_i, [_H, Num, Num, Num]),
    "TARTAN_archMeshX": (_i, [_H, Num, _NumP]),
    "TARTAN_archTorus2": (_i, [_H, Num, Num]),
    "TARTAN_archTorus3": (_i, [_H, Num, Num, Num]),
    "TARTAN_archTorusX": (_i, [_H, Num, _NumP]),
    "TARTAN_archTleaf": (_i, [_H, Num, _NumP, _NumP]),
    "TARTAN_archLtleaf": (_i, [_H, Num, _NumP, _NumP, Num, _NumP]),
    "TARTAN_archVcmplt": (_i, [_H]),
    "TARTAN_archVhcub": (_i, [_H]),
    "TARTAN_archSub": (_i, [_H, _H, Num, _NumP]),
    "TARTAN_archBuild": (_i, [_H, _H, Num, _NumP, _H]),
    "TARTAN_archHwlocCosts": (_i, [_H, _c, _c, _c]),
    "TARTAN_archDomTerm": (_i, [_H, _D, Num]),
    "TARTAN_archDomDist": (Num, [_H, _D, _D]),
    "TARTAN_stratInit": (_i, [_H]),
    "TARTAN_stratExit": (None, [_H]),
    "TARTAN_stratGraphMap": (_i, [_H, _c]),
    "TARTAN_stratGraphMapBuild": (_i, [_H, Num, Num, ctypes.c_double]),
    "TARTAN_stratRandomSeed": (_i, [_H, Num]),
    "TARTAN_stratThreads": (_i, [_H, Num]),
    "TARTAN_graphMapInit": (_i, [_H, _H, _H, _NumP]),
    "TARTAN_graphMapExit": (None, [_H, _H]),
    "TARTAN_graphMapCompute": (_i, [_H, _H, _H]),
    "TARTAN_graphMapFixedCompute": (_i, [_H, _H, _H]),
    "TARTAN_graphMapPhaseCount": (_i, [_H, _H, ctypes.POINTER(Num)]),
    "TARTAN_graphMapPhase": (_i, [_H, _H, Num, ctypes.POINTER(_c),
                                  ctypes.POINTER(ctypes.c_double)]),
    "TARTAN_graphMap": (_i, [_H, _H, _H, _NumP]),
    "TARTAN_graphMapFixed": (_i, [_H, _H, _H, _NumP]),
    "TARTAN_graphRemap": (_i, [_H, _H, _H, _NumP, ctypes.c_double, _NumP, _NumP]),
    "TARTAN_graphRemapFixed": (_i, [_H, _H, _H, _NumP, ctypes.c_double, _NumP, _NumP]),
    "TARTAN_graphMapLoadPath": (_i, [_H, _H, _c]),
    "TARTAN_graphMapSavePath": (_i, [_H, _H, _c]),
    "TARTAN_graphMapViewPath": (_i, [_H, _H, _c]),
    "TARTAN_graphMapViewJsonPath": (_i, [_H, _H, _c]),
    "TARTAN_archNetwork": (_i, [_H, Num, Num, _NumP, _NumP, _NumP, _NumP]),
    "TARTAN_archLinkCount": (_i, [_H, _NumP, _NumP]),
    "TARTAN_archLinks": (_i, [_H, _NumP, _NumP, _P(ctypes.c_double)]),
    "TARTAN_graphMapNetStats": (_i, [_H, _H, _P(NetStats)]),
    "TARTAN_graphMapLinkLoads": (_i, [_H, _H, _P(ctypes.c_double), _NumP]),
}

for _name, (_restype, _argtypes) in _PROTOTYPES.items():
    _function = getattr(lib, _name)
    _function.restype = _restype
    _function.argtypes = _argtypes

if lib.TARTAN_versionCheck(NUM_BITS) != OK:
    raise ImportError(f"tartan: the library {_config.LIBRARY} was not built with a "
                      f"{NUM_BITS}-bit TARTAN_Num like this package (int32 and int64 builds "
                      f"are installed as the packages tartan and tartan64)")


def error(code):
    """The exception for a failed call's code, with the calling thread's last message."""
    message = lib.TARTAN_errorMessage().decode("utf-8", "replace")
    reason = lib.TARTAN_errorString(code).decode("utf-8", "replace")
    cls = TartanIOError if code == EIO else TartanError
    return cls(code, message, reason)


def check(code):
    """Raises the TartanError of a non-zero return code."""
    if code != OK:
        raise error(code)


def fspath(path):
    """A file name argument as bytes (str, bytes or os.PathLike accepted)."""
    return os.fsencode(os.fspath(path))


def num_array(values, name, size=None):
    """values as a C-contiguous NumPy array of TARTAN_Num (a copy only when needed).

    Rejects non-integer data and values outside TARTAN_Num's range rather than truncating."""
    array = np.asarray(values)
    if array.size == 0:
        array = array.astype(NUM_DTYPE)
    if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
        raise TypeError(f"{name} must hold integers, not {array.dtype}")
    if array.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional, not of shape {array.shape}")
    if size is not None and array.shape[0] != size:
        raise ValueError(f"{name} must have {size} entries, not {array.shape[0]}")
    if array.dtype != NUM_DTYPE and array.size:
        low, high = int(array.min()), int(array.max())
        if low < -NUM_MAX - 1 or high > NUM_MAX:
            raise OverflowError(f"{name} holds values outside the {NUM_BITS}-bit TARTAN_Num "
                                f"range (use the tartan64 package for 64-bit numbers)")
    return np.ascontiguousarray(array, dtype=NUM_DTYPE)


def num_pointer(array):
    """ctypes pointer to a TARTAN_Num array made by num_array, or NULL for None."""
    return None if array is None else array.ctypes.data_as(_NumP)
