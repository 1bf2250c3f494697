"""Fixtures of the Python binding's tests: the package under test (tartan, or tartan64 in an
int64 build: $TARTAN_PY_PACKAGE), the test inputs and the `tartan` command of the build."""
import importlib
import os

import numpy as np
import pytest


@pytest.fixture(scope="session")
def tartan():
    return importlib.import_module(os.environ.get("TARTAN_PY_PACKAGE", "tartan"))


@pytest.fixture(scope="session")
def data_dir():
    return os.environ["TARTAN_TEST_DATA"]


@pytest.fixture(scope="session")
def arch_dir():
    return os.environ["TARTAN_ARCH_DIR"]


@pytest.fixture(scope="session")
def tartan_bin():
    return os.environ["TARTAN_BIN"]


def grid_csr(nx, ny):
    """CSR arrays (base 0) of the nx x ny grid graph, vertex x + y * nx."""
    xadj, adjncy = [0], []
    for y in range(ny):
        for x in range(nx):
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                if 0 <= x + dx < nx and 0 <= y + dy < ny:
                    adjncy.append(x + dx + (y + dy) * nx)
            xadj.append(len(adjncy))
    return np.array(xadj), np.array(adjncy)


@pytest.fixture
def mesh(tartan):
    """A 16 x 16 grid graph built from CSR arrays."""
    return tartan.Graph.from_csr(*grid_csr(16, 16))
