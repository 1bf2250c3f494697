"""Network figures, link lists and link loads, net targets: figures worked out by hand."""
import numpy as np
import pytest


@pytest.fixture
def grid6(tartan):
    from conftest import grid_csr
    return tartan.Graph.from_csr(*grid_csr(6, 6))


def quadrants(n=6):
    """A n x n grid's parts by quadrant on hcub 2."""
    return np.array([(v % n >= n // 2) + 2 * (v // n >= n // 2) for v in range(n * n)])


def test_net_stats_by_hand(tartan, grid6):
    arch = tartan.Arch.hcub(2)
    s = tartan.net_stats(grid6, arch, quadrants())
    assert isinstance(s, tartan.NetStats)
    assert (s.messages, s.links, s.th, s.wh, s.mmc, s.dilation_max, s.j) == (24, 8, 24, 24, 3,
                                                                             1, 24)
    assert s.mc == s.ac == s.amc == 3.0
    assert s.dilation_avg == s.dilation_weighted == 1.0
    # tartan.stats carries the same figures as its "network" member
    network = tartan.stats(grid6, arch, quadrants())["network"]
    assert network["th"] == 24 and network["dilation"]["max"] == 1 and network["j"] == 24
    volumes, messages = tartan.link_loads(grid6, arch, quadrants())
    assert list(messages) == [3] * 8 and list(volumes) == [3.0] * 8


def test_links_and_network_target(tartan):
    links = tartan.Arch.tleaf([2, 2], [10, 1]).links()
    assert links.nodes == 7 and len(links.source) == 12
    assert (links.source[0], links.target[0]) == (0, 5)
    # Switch 1 joins compute nodes 0 (2 slots), 2 (1 slot) and 3 (3 slots, bandwidth 2).
    arch = tartan.Arch.network([0, 1, 4, 5, 6], [1, 0, 2, 3, 1, 1], slots=[2, 0, 1, 3],
                               bandwidths=[1, 1, 1, 2, 1, 2])
    assert arch.name == "net" and arch.size == 3
    assert arch.distance(0, 2) == 2
    net = arch.links()
    assert net.nodes == 4 and sorted(net.bandwidth) == [1, 1, 1, 1, 2, 2]
    pair = tartan.Graph.from_csr([0, 1, 2], [1, 0], eweights=[8, 8])
    s = tartan.net_stats(pair, arch, [0, 2])
    assert (s.messages, s.th, s.wh, s.mc) == (2, 4, 32, 8.0)
    assert "net 4 3" in arch.text()


def test_errors(tartan, grid6):
    with pytest.raises(tartan.TartanError) as error:
        tartan.Arch.network([0, 1, 2], [1, 1])
    assert error.value.name == "EINVAL" and "not listed the other way" in error.value.message
    with pytest.raises(tartan.TartanError) as error:
        tartan.Arch.parse("varcmplt").links()
    assert error.value.name == "ENOTSUP"
    with pytest.raises(tartan.TartanError) as error:
        tartan.net_stats(grid6, tartan.Arch.parse("varhcub"), np.ones(36, int))
    assert error.value.name == "ENOTSUP"
