"""grundy.genus: Conway's genus against the misère outcome that
grundy.solve finds by its own search, and across families."""

import pytest

import grundy


@pytest.mark.parametrize(
    "spec,heaps",
    [("kayles", [4, 7]), ("0.07", [5, 5]), ("nim", [1, 1]), ("cram:3x3", []),
     ("chomp:3x4", []), ("nodekayles:petersen", [])],
)
def test_gamma_zero_is_the_misere_outcome(spec, heaps):
    g = grundy.genus(spec, heaps)
    s = grundy.solve(spec, heaps, misere=True)
    assert g.misere_outcome == s.outcome
    assert (g.gammas[0] == 0) == (s.outcome == "P")
    assert (g.value == 0) == (grundy.solve(spec, heaps).outcome == "P")


def test_a_strip_is_dawsons_kayles():
    for n in range(2, 9):
        assert grundy.genus(f"cram:1x{n}").genus == grundy.genus("0.07", [n]).genus


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="heaps up to 4096"):
        grundy.genus("kayles", [5000])
    with pytest.raises(ValueError, match="takes no heaps"):
        grundy.genus("cram:3x3", [4])
    with pytest.raises(TypeError, match="heaps must be a list"):
        grundy.genus("kayles", "4 7")
