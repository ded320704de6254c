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


def _misere_play(nodes, edges):
    """Each node's misère outcome by retrograde analysis, written out
    here: a node with no move is won (N); a node with a move to a lost
    node is won; a node whose every move leads to a won node is lost;
    the rest are draws (D)."""
    followers = {n: [] for n in nodes}
    preds = {n: [] for n in nodes}
    for a, b in edges:
        followers[a].append(b)
        preds[b].append(a)
    outcome = {n: "N" for n in nodes if not followers[n]}
    left = {n: len(followers[n]) for n in nodes}
    queue = list(outcome)
    while queue:
        n = queue.pop()
        for p in preds[n]:
            if p in outcome:
                continue
            if outcome[n] == "P":
                outcome[p] = "N"
                queue.append(p)
            else:
                left[p] -= 1
                if left[p] == 0:
                    outcome[p] = "P"
                    queue.append(p)
    return {n: outcome.get(n, "D") for n in nodes}


def _random_graph(rng, size, acyclic):
    nodes = [f"v{i}" for i in range(size)]
    edges = set()
    for _ in range(size * 2):
        a, b = rng.randrange(size), rng.randrange(size)
        if a == b or (acyclic and a < b):
            continue
        edges.add((nodes[a], nodes[b]))
    return nodes, sorted(edges)


def test_graph_misere_views_against_plain_play():
    """Graph.misere against retrograde play (cycles too); on graphs
    without cycles, the genus's γ0 and the canonical forms' outcomes agree
    with it, g is the normal-play value, and nodes of one form have one
    misère outcome beside any other node's form."""
    import random

    rng = random.Random(46)
    for trial in range(60):
        acyclic = trial % 2 == 0
        nodes, edges = _random_graph(rng, rng.randrange(1, 12), acyclic)
        g = grundy.Graph(edges, nodes=nodes)
        expected = _misere_play(nodes, edges)
        misere = g.misere
        assert {n: o for n, (o, _) in misere.items()} == expected, (nodes, edges)
        for n, (o, value) in misere.items():
            # A value where the node's play is finite (every node of a
            # graph without cycles); none on a draw.
            assert value is not None or not acyclic or o == "D"
            if value is not None:
                assert o != "D" and (value == 0) == (o == "P")
        if not acyclic:
            continue
        genus = g.genus
        forms = g.misere_forms()
        for n in nodes:
            normal, _, gammas = genus[n].partition("^")
            assert int(normal) == g.values[n]
            gamma0 = int(gammas.strip("()").split(",")[0] if "," in gammas else gammas[0])
            assert (gamma0 == 0) == (expected[n] == "P"), (n, genus[n])
        # Equal forms mean equal games: the same misère outcome.
        by_form = {}
        for n in nodes:
            by_form.setdefault(forms[n], set()).add(expected[n])
        assert all(len(o) == 1 for o in by_form.values()), by_form


def test_graph_misere_views_refuse_cycles_and_bad_bounds():
    loop = grundy.Graph([("x", "y"), ("y", "x"), ("y", "end")])
    assert loop.misere == {"x": ("D", None), "y": ("D", None), "end": ("N", 1)}
    with pytest.raises(ValueError, match="2 nodes lie on a cycle"):
        loop.genus
    with pytest.raises(ValueError, match="2 nodes lie on a cycle"):
        loop.misere_forms()
    with pytest.raises(ValueError, match="max_forms"):
        grundy.Graph([("a", "b")]).misere_forms(0)
    with pytest.raises(TypeError):
        grundy.Graph([("a", "b")]).misere_forms(1.5)
    # Read from text, the same answers as from edges.
    text = grundy.Graph.from_text("2 1\n2 0\n1 0\n")
    assert text.misere_forms() == {"0": "0", "1": "*", "2": "*2"}
    assert text.genus == {"0": "0^120", "1": "1^031", "2": "2^20"}
