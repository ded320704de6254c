"""Every function takes only what it means: a value of the wrong type is a
TypeError and an integer out of range a ValueError, both naming the
argument; Nim's heaps have any size, as in the CLI; the namespace holds
the API."""

import importlib.metadata
import subprocess
import sys

import numpy as np
import pytest

import grundy

U64_MAX = 2**64 - 1


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: grundy.solve("kayles", [5.5]), r"heaps\[0\]"),
        (lambda: grundy.solve("kayles", [True, 3]), r"heaps\[0\]"),
        (lambda: grundy.solve("kayles", [3, np.float64(2.0)]), r"heaps\[1\]"),
        (lambda: grundy.solve("kayles", "5 7"), "heaps"),
        (lambda: grundy.solve("kayles", 5), "heaps"),
        (lambda: grundy.solve("kayles", [5], max=1.5), "max"),
        (lambda: grundy.solve("kayles", [5], limit="3"), "limit"),
        (lambda: grundy.solve("kayles", [5], misere="yes"), "misere"),
        (lambda: grundy.values("kayles", 5.0), "to"),
        (lambda: grundy.values("kayles", 10, start=True), "start"),
        (lambda: grundy.values(77, 10), "spec"),
        (lambda: grundy.period("kayles", max=2.0**20), "max"),
        (lambda: grundy.quotient("kayles", "12"), "max_heap"),
        (lambda: grundy.nim([1.5]), r"heaps\[0\]"),
        (lambda: grundy.nim([3, False]), r"heaps\[1\]"),
        (lambda: grundy.nim("3 5"), "heaps"),
        (lambda: grundy.nim([3], misere=1), "misere"),
        (lambda: grundy.quotient("0.75", 12).outcome([2, 2.0]), r"heaps\[1\]"),
        (lambda: grundy.census_members(3), "family"),
    ],
)
def test_the_wrong_type_is_a_type_error_naming_the_argument(call, name):
    with pytest.raises(TypeError, match=rf"^{name} must be "):
        call()


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: grundy.values("kayles", -1), "to must be from 0 to 17179869184, not -1"),
        (lambda: grundy.values("kayles", 2**64), "to must be from 0 to 17179869184, not 18446744073709551616"),
        (lambda: grundy.values("kayles", 10, start=-2), f"start must be from 0 to {U64_MAX}, not -2"),
        (lambda: grundy.period("kayles", max=-5), f"max must be from 0 to {U64_MAX}, not -5"),
        (lambda: grundy.period("kayles", max=2**64), f"max must be from 0 to {U64_MAX}, not {2**64}"),
        (lambda: grundy.quotient("kayles", -1), "max_heap must be from 0 to 500, not -1"),
        (lambda: grundy.quotient("kayles", 501), "max_heap must be from 0 to 500, not 501"),
        (lambda: grundy.solve("kayles", [3, -1]), r"heaps\[1\] must be 0 or more, not -1"),
        (lambda: grundy.solve("kayles", [2**64]), rf"heaps\[0\] must be from 0 to {U64_MAX} for 0.77, not {2**64}"),
        (lambda: grundy.solve("kayles", [5], max=-1), f"max must be from 0 to {U64_MAX}, not -1"),
        (lambda: grundy.solve("kayles", [5], limit=-1), f"limit must be from 0 to {U64_MAX}, not -1"),
        (lambda: grundy.nim([1, -3]), r"heaps\[1\] must be 0 or more, not -3"),
        (lambda: grundy.quotient("kayles", 9).outcome([10]), r"heaps\[0\] must be from 0 to 9 \(the heaps of this quotient\), not 10"),
    ],
)
def test_an_integer_out_of_range_is_a_value_error_naming_the_argument_and_range(call, message):
    with pytest.raises(ValueError, match=rf"^{message}"):
        call()


def test_numpy_integers_are_integers():
    assert grundy.values("kayles", np.int64(10), start=np.uint8(8)).tolist() == [1, 4, 2]
    assert grundy.nim(np.array([3, 5, 7])).nim_sum == 1
    assert grundy.solve("kayles", np.array([5, 7], dtype=np.uint16)).nim_sum == 6
    assert grundy.solve("kayles", [5], misere=np.bool_(True)).convention == "misere"


def test_census_checks_its_arguments():
    pytest.importorskip("pandas")
    with pytest.raises(ValueError, match="^to must be from 0 to 17179869184, not -3"):
        grundy.census("octal:1", -3)
    with pytest.raises(ValueError, match="^block must be 1 or more, not 0"):
        grundy.census("octal:1", 100, block=0)
    with pytest.raises(TypeError, match="^to must be an integer, not float"):
        grundy.census("octal:1", 1e3)


def test_nim_heaps_of_any_size_in_solve():
    # Bouton: the nim-sum is the xor, and the one winning move reduces the
    # heap holding the nim-sum's top bit to the xor of the others.
    big = 10**30
    s = grundy.solve("nim", [big, 3])
    assert (s.game, s.heaps, s.values, s.nim_sum, s.outcome) == ("nim", (big, 3), (big, 3), big ^ 3, "N")
    assert s.winning_moves == (grundy.SumMove(heap=0, from_=big, to=(3,)),)
    assert s.total_winning_moves == 1
    # Equal heaps cancel; misère play as normal play with large heaps.
    p = grundy.solve("nim", [2**100 + 7, 2**100 + 7], misere=True)
    assert (p.outcome, p.nim_sum, p.winning_moves) == ("P", 0, ())
    # The same answer as grundy.nim, which has always taken any size.
    n = grundy.nim([big, 5, 2**70])
    s = grundy.solve("nim", [big, 5, 2**70])
    assert (s.nim_sum, s.outcome) == (n.nim_sum, n.outcome) == (big ^ 5 ^ 2**70, "N")
    assert [(m.heap, m.from_, m.to) for m in s.winning_moves] == [
        (m.heap, m.from_, (m.to,) if m.to else ()) for m in n.winning_moves
    ]
    # Small heaps of Nim still go to the heap solver, as before.
    assert grundy.solve("nim", [3, 5, 7]).nim_sum == 1


def test_no_heaps_is_an_error_everywhere(grundy_bin):
    cli = subprocess.run([grundy_bin, "nim"], capture_output=True, text=True)
    assert cli.returncode == 2 and "no heaps given" in cli.stderr
    for call in (lambda: grundy.nim([]), lambda: grundy.nim([], misere=True), lambda: grundy.solve("kayles", [])):
        with pytest.raises(ValueError, match=r"^no heaps given; write at least one heap size, e.g. \[3, 5, 7\]"):
            call()


def test_missing_optional_packages_say_what_to_install(monkeypatch):
    # A None in sys.modules makes the import fail as if not installed.
    for name in ("matplotlib", "matplotlib.pyplot", "pandas"):
        monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(ModuleNotFoundError, match="^grundy.plot draws with matplotlib, which is not installed: pip install matplotlib$"):
        grundy.plot("kayles", 100)
    with pytest.raises(ModuleNotFoundError, match="^grundy.census builds its table with pandas, which is not installed: pip install pandas$"):
        grundy.census("octal:1", 100)


def test_the_namespace_is_the_api_and_has_a_version(grundy_bin):
    public = {name for name in dir(grundy) if not name.startswith("_")}
    assert public == set(grundy.__all__)
    for name in grundy.__all__:
        assert getattr(grundy, name).__module__.startswith("grundy")
    # The crate's version, as the package metadata and the CLI give it.
    assert grundy.__version__ == importlib.metadata.version("grundy")
    cli = subprocess.run([grundy_bin, "--version"], capture_output=True, text=True, check=True)
    assert cli.stdout.split() == ["grundy", grundy.__version__]
