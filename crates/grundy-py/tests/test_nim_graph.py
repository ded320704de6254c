import itertools
from functools import lru_cache

import pytest

import grundy


@lru_cache(maxsize=None)
def wins(heaps, misere):
    """Whether the player to move wins, by exhaustive search."""
    if not any(heaps):
        return misere
    for i, h in enumerate(heaps):
        for t in range(h):
            nxt = tuple(sorted(heaps[:i] + (t,) + heaps[i + 1 :]))
            if not wins(nxt, misere):
                return True
    return False


@pytest.mark.parametrize("misere", [False, True])
def test_nim_against_exhaustive_search(misere):
    for heaps in itertools.product(range(6), repeat=3):
        r = grundy.nim(heaps, misere=misere)
        assert r.outcome == ("N" if wins(tuple(sorted(heaps)), misere) else "P"), heaps
        assert r.convention == ("misere" if misere else "normal")
        for m in r.winning_moves:
            after = list(heaps)
            assert after[m.heap] == m.from_ and m.to < m.from_
            after[m.heap] = m.to
            assert not wins(tuple(sorted(after)), misere)


def test_nim_huge_heaps():
    r = grundy.nim([2**80, 5])
    assert r.nim_sum == 2**80 ^ 5
    assert r.winning_moves[0].to == 5


def test_graph_values_outcomes_and_loops():
    g = grundy.Graph([("a", "b"), ("a", "c"), ("c", "b")])
    assert g.values == {"a": 2, "b": 0, "c": 1}
    loop = grundy.Graph([("x", "y"), ("y", "x"), ("y", "end")], nodes=["lone"])
    assert loop.outcomes == {"lone": "P", "x": "P", "y": "N", "end": "P"}
    draw = grundy.Graph([("a", "b"), ("b", "a")])
    assert draw.outcomes == {"a": "D", "b": "D"}
    assert draw.values == {"a": None, "b": None}
    assert draw.loopy == {"a": (), "b": ()}


def test_graph_from_file(tmp_path):
    p = tmp_path / "g.txt"
    p.write_text("# a line\na b\nb c\n")
    assert grundy.Graph.from_file(p).values == {"a": 0, "b": 1, "c": 0}
    j = tmp_path / "g.json"
    j.write_text('{"nodes": ["a", "b"], "edges": [["a", "b"]]}')
    assert grundy.Graph.from_file(j).values == {"a": 1, "b": 0}


def test_graph_repr_counts_in_words():
    assert repr(grundy.Graph([("a", "b")])) == "Graph(2 nodes, 1 edge)"
    assert repr(grundy.Graph([], nodes=["lone"])) == "Graph(1 node, 0 edges)"
