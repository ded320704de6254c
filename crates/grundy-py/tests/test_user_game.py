"""Games defined in Python (`@grundy.game`, `grundy.heap_game`), checked
against the built-in engines, against brute force written here, and for
the protocol's promises: memoised, iterative, bounded, interruptible."""

import itertools
import json
import random
import subprocess
import sys
from functools import lru_cache

import pytest

import grundy
import grundy._game


def subtraction(moves):
    @grundy.game
    def options(n):
        return [n - k for k in moves if k <= n]

    return options


@grundy.game
def nim(heaps):
    return [heaps[:i] + (k,) + heaps[i + 1 :] for i, h in enumerate(heaps) for k in range(h)]


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


@pytest.mark.parametrize("moves", [(1, 2, 3), (1, 3, 4), (2, 5, 7), (3, 4, 9, 10)])
def test_subtraction_game_matches_the_builtin(moves):
    game = subtraction(moves)
    spec = "sub{" + ",".join(map(str, moves)) + "}"
    builtin = grundy.values(spec, 300)
    assert [grundy.value(game, n) for n in range(301)] == builtin.tolist()
    for n in range(60):
        assert grundy.outcome(game, n) == ("P" if builtin[n] == 0 else "N")
        wins = grundy.winning_moves(game, n)
        assert wins == [m for m in game(n) if builtin[m] == 0]
        if builtin[n] == 0:
            assert wins == []


def brute_wins(heaps, misere):
    """Whether the player to move wins a Nim position, by search."""

    @lru_cache(maxsize=None)
    def wins(h):
        if not any(h):
            return misere
        return any(not wins(tuple(sorted(o))) for o in nim(h))

    return wins(tuple(sorted(heaps)))


def test_nim_positions_values_outcomes_and_moves():
    for heaps in itertools.product(range(5), repeat=3):
        x = heaps[0] ^ heaps[1] ^ heaps[2]
        assert grundy.value(nim, heaps) == x
        for misere in (False, True):
            r = grundy.nim(list(heaps), misere=misere)
            assert grundy.outcome(nim, heaps, misere=misere) == r.outcome, (heaps, misere)
            assert grundy.outcome(nim, heaps, misere=misere) == ("N" if brute_wins(heaps, misere) else "P")
            moves = grundy.winning_moves(nim, heaps, misere=misere)
            expected = set()
            for m in r.winning_moves:
                after = list(heaps)
                after[m.heap] = m.to
                expected.add(tuple(after))
            assert set(moves) == expected, (heaps, misere)


def misere_value_brute(options, p):
    """Conway's misère value: 1 with no move, else the mex of the options'."""

    @lru_cache(maxsize=None)
    def gamma(q):
        opts = options(q)
        return 1 if not opts else mex({gamma(o) for o in opts})

    return gamma(p)


def test_misere_values_and_genus_against_brute_force():
    # Kayles as a game on sorted tuples of heaps, not built in here: a
    # move takes one or two adjacent pins from a row, maybe splitting it.
    def kayles_options(heaps):
        out = set()
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1 :]
            for take in (1, 2):
                for left in range(h - take + 1):
                    parts = [x for x in (left, h - take - left) if x]
                    out.add(tuple(sorted(rest + tuple(parts))))
        return sorted(out)

    kayles = grundy.game(kayles_options)
    normal = grundy.values("kayles", 12)
    for n in range(13):
        p = (n,) if n else ()
        assert grundy.misere_value(kayles, p) == misere_value_brute(kayles_options, p)
        # The genus by brute force: misère values of p + k heaps of 2 (a
        # heap of 2 as a Kayles row of 2 would differ: use Nim heaps).
        def plus_twos(q):
            heaps, ones, twos = q
            opts = [(o, ones, twos) for o in kayles_options(heaps)]
            if ones:
                opts.append((heaps, ones - 1, twos))
            if twos:
                opts += [(heaps, ones + 1, twos - 1), (heaps, ones, twos - 1)]
            return opts

        gammas = [misere_value_brute(plus_twos, (p, 0, k)) for k in range(10)]
        g = grundy.genus(kayles, p)
        assert g.value == normal[n]
        assert g.misere_outcome == ("P" if gammas[0] == 0 else "N")
        assert list(g.gammas) == gammas[: len(g.gammas)]
        # The shown values end with the first two of the final alternation.
        assert all(gammas[i] == gammas[i + 2] for i in range(len(g.gammas) - 2, 8))


def test_genus_agrees_with_the_cli(grundy_bin):
    @grundy.game
    def grundys_game(heaps):
        out = set()
        for i, h in enumerate(heaps):
            for a in range(1, (h + 1) // 2):
                out.add(tuple(sorted(heaps[:i] + heaps[i + 1 :] + (a, h - a))))
        return out

    text = subprocess.run(
        [grundy_bin, "values", "grundy-game", "--to", "12", "--genus", "--json"],
        check=True, capture_output=True, text=True,
    ).stdout
    expected = json.loads(text)["genus"]
    assert [grundy.genus(grundys_game, (n,)).genus for n in range(13)] == expected


def random_graph(n, p, seed):
    rng = random.Random(seed)
    return {v: [w for w in range(n) if rng.random() < p] for v in range(n)}


def retrograde(adj, misere):
    """Outcomes of a graph with cycles by retrograde analysis, written
    here: a node with no move is lost (won in misère play)."""
    out = {}
    changed = True
    while changed:
        changed = False
        for v, ws in adj.items():
            if v in out:
                continue
            if not ws:
                out[v] = "N" if misere else "P"
            elif any(out.get(w) == "P" for w in ws):
                out[v] = "N"
            elif all(out.get(w) == "N" for w in ws):
                out[v] = "P"
            else:
                continue
            changed = True
    return {v: out.get(v, "D") for v in adj}


@pytest.mark.parametrize("seed", range(40))
def test_cyclic_graphs_give_loopy_values(seed, monkeypatch):
    adj = random_graph(9, 0.22, seed)
    game = grundy.game(lambda v: adj[v])
    reference = grundy.Graph([(str(v), str(w)) for v, ws in adj.items() for w in ws], nodes=[str(v) for v in adj])
    normal, misere = retrograde(adj, False), retrograde(adj, True)
    for v in adj:
        got = grundy.value(game, v)
        want = reference.values[str(v)]
        if want is None:
            assert isinstance(got, grundy.Loopy)
            assert got.escape == reference.loopy[str(v)]
        else:
            assert got == want
        assert grundy.outcome(game, v) == normal[v] == reference.outcomes[str(v)]
        assert grundy.outcome(game, v, misere=True) == misere[v]
        wins = grundy.winning_moves(game, v)
        assert set(wins) == {w for w in adj[v] if normal[w] == "P"}
    # The same answers from a fresh game asked in another order (the memo
    # of finite values feeds later graphs as Nim heaps), and again with
    # every value past 1 too large to stand in (the graph valued whole).
    for max_stand_in in (4096, 1):
        monkeypatch.setattr(grundy._game, "MAX_STAND_IN", max_stand_in)
        fresh = grundy.game(lambda v: adj[v])
        for v in reversed(list(adj)):
            assert grundy.outcome(fresh, v) == normal[v]
            assert grundy.outcome(fresh, v, misere=True) == misere[v]
            assert grundy.value(fresh, v) == grundy.value(game, v)
    pytest.importorskip("networkx")
    G = grundy.graph(game, 0)
    for v in G.nodes:
        assert G.nodes[v]["outcome"] == normal[v]
    M = grundy.graph(game, 0, misere=True)
    for v in M.nodes:
        assert M.nodes[v]["outcome"] == misere[v]


def test_misere_value_of_a_loopy_position_is_an_error():
    game = grundy.game(lambda v: {"a": ["b"], "b": ["a"]}[v])
    with pytest.raises(ValueError, match="can go on forever"):
        grundy.misere_value(game, "a")
    with pytest.raises(ValueError, match="no genus"):
        grundy.genus(game, "a")


def test_a_100000_move_chain_needs_no_recursion():
    deep = grundy.game(lambda n: [n - 1] if n else [])
    assert grundy.value(deep, 100_000) == 0
    assert grundy.value(deep, 99_999) == 1
    assert grundy.outcome(deep, 100_001, misere=True) == "P"
    assert grundy.misere_value(deep, 100_000) == 1


def test_options_are_asked_once_per_position():
    calls = []

    @grundy.game
    def counted(n):
        calls.append(n)
        return [n - k for k in (1, 2) if k <= n]

    assert grundy.value(counted, 50) == 50 % 3
    assert sorted(calls) == list(range(51))
    grundy.value(counted, 40)
    grundy.outcome(counted, 50, misere=True)
    grundy.genus(counted, 30)
    assert sorted(calls) == list(range(51))


def test_split_and_key_hooks():
    # Kayles on tuples of rows, split into rows and keyed by sorted rows.
    calls = []

    def options(rows):
        calls.append(rows)
        out = []
        for i, h in enumerate(rows):
            rest = rows[:i] + rows[i + 1 :]
            for take in (1, 2):
                for left in range(h - take + 1):
                    out.append(rest + tuple(x for x in (left, h - take - left) if x))
        return out

    split = grundy.game(options, split=lambda rows: [(h,) for h in rows], key=lambda rows: tuple(sorted(rows)))
    builtin = grundy.values("kayles", 40)
    assert [grundy.value(split, (n,)) for n in range(41)] == builtin.tolist()
    # Split, only single rows were asked their options.
    assert all(len(r) == 1 for r in calls)
    assert grundy.value(split, (5, 7, 9)) == builtin[5] ^ builtin[7] ^ builtin[9]
    assert grundy.value(split, (9, 7, 5)) == builtin[5] ^ builtin[7] ^ builtin[9]
    wins = grundy.winning_moves(split, (5, 7))
    assert wins and all(grundy.value(split, w) == 0 for w in wins)
    # Misère play does not split: checked against the unsplit game.
    plain = grundy.game(options)
    for rows in [(1, 1), (2, 3), (4,), (1, 2, 3)]:
        assert grundy.outcome(split, rows, misere=True) == grundy.outcome(plain, rows, misere=True)
    # The key makes symmetric positions one.
    sym = grundy.game(nim, key=lambda h: tuple(sorted(h)))
    assert grundy.value(sym, (3, 2, 1)) == 0
    assert len(sym._positions) < len(list(itertools.product(range(4), range(3), range(2))))


def test_split_with_a_loop_through_a_sum_is_refused():
    # "x" splits into "x" and "y": a component of "x" is "x" again.
    game = grundy.game(lambda p: [], split=lambda p: ["x", "y"] if p == "x" else [p])
    with pytest.raises(ValueError, match="split"):
        grundy.value(game, "x")


def test_loopy_components_are_summed():
    # Two components, one loopy: Smith's sum, as grundy.Graph gives it
    # for the same sum built by hand.
    moves = {"u": ["u", "e"], "e": [], "one": ["e"]}
    game = grundy.game(lambda p: moves[p], split=lambda p: ["u", "one"] if p == "sum" else [p])
    got = grundy.value(game, "sum")
    assert got == grundy.Loopy((1,))
    assert grundy.outcome(game, "sum") == "D"


def test_position_limit():
    endless = grundy.game(lambda n: [n + 1])
    with pytest.raises(grundy.PositionLimit, match="more than 1000 positions"):
        grundy.value(endless, 0, max_positions=1000)
    small = grundy.game(lambda n: [n + 1], max_positions=50)
    with pytest.raises(grundy.PositionLimit, match="max_positions="):
        grundy.outcome(small, 0)


def test_clear_errors():
    with pytest.raises(TypeError, match="hashable"):
        grundy.value(grundy.game(lambda p: [[1]]), (0,))
    with pytest.raises(TypeError, match="returned None"):
        grundy.value(grundy.game(lambda p: None), 0)
    with pytest.raises(TypeError, match="returned int"):
        grundy.value(grundy.game(lambda p: 3), 0)
    with pytest.raises(TypeError, match="hashable"):
        grundy.value(grundy.game(lambda p: [], key=lambda p: [p]), 0)

    def broken(p):
        yield 1
        raise TypeError("the user's own bug")

    with pytest.raises(TypeError, match="own bug"):
        grundy.value(grundy.game(broken), 0)
    with pytest.raises(TypeError, match="@grundy.game"):
        grundy.value(lambda p: [], 0)
    with pytest.raises(TypeError, match="misere"):
        grundy.outcome(nim, (1,), misere="yes")


def test_ctrl_c_stops_and_leaves_the_game_usable(ctrl_c):
    @grundy.game
    def slow(n):
        return [n + 1] if n < 10**9 else []

    with ctrl_c(0.3):
        grundy.value(slow, 0, max_positions=10**7)
    slow.clear()
    assert grundy.value(subtraction((1,)), 10) == 0


def test_graph_is_a_networkx_digraph():
    nx = pytest.importorskip("networkx")
    g = grundy.graph(subtraction((1, 2)), 5)
    assert isinstance(g, nx.DiGraph)
    assert {n: d["value"] for n, d in g.nodes(data=True)} == {n: n % 3 for n in range(6)}
    assert set(g.edges()) == {(n, n - k) for n in range(6) for k in (1, 2) if k <= n}
    m = grundy.graph(subtraction((1, 2)), 5, misere=True)
    assert m.nodes[0] == {"value": 1, "outcome": "N"}


def test_graph_without_networkx_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "networkx", None)
    with pytest.raises(ImportError, match="pip install networkx"):
        grundy.graph(subtraction((1,)), 3)


def test_heap_game_matches_builtin_heap_games():
    kayles = grundy.heap_game(lambda n: [(a, n - k - a) for k in (1, 2) if k <= n for a in range(n - k + 1)])
    assert kayles.values(500).tolist() == grundy.values("kayles", 500).tolist()
    assert kayles.values(20, start=10).tolist() == grundy.values("kayles", 20, start=10).tolist()
    gg = grundy.heap_game(lambda n: [(a, n - a) for a in range(1, (n + 1) // 2)])
    assert gg.values(300).tolist() == grundy.values("grundy-game", 300).tolist()
    sub = grundy.heap_game(lambda n: [n - k for k in (1, 3, 4) if k <= n])
    seen = sub.apparent_period(400)
    proved = grundy.period("sub{1,3,4}")
    assert (seen.preperiod, seen.period, seen.saltus, seen.proved) == (proved.preperiod, proved.period, 0, False)
    with pytest.raises(ValueError, match="must be smaller"):
        grundy.heap_game(lambda n: [n]).values(3)


def test_heap_game_plot():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    sub = grundy.heap_game(lambda n: [n - k for k in (2, 3) if k <= n], name="take 2 or 3")
    ax = sub.plot(100)
    assert ax.get_title() == "G(n) of take 2 or 3, n = 0..100: apparently periodic from 0, period 5 (not proved)"


def test_progress_bar_on_request_and_none_when_refused(capsys):
    pytest.importorskip("tqdm")
    grundy.value(grundy.game(lambda n: [n - 1] if n else []), 20_000, progress=True)
    assert "positions explored" in capsys.readouterr().err
    grundy.value(grundy.game(lambda n: [n - 1] if n else []), 20_000, progress=False)
    assert capsys.readouterr().err == ""


def test_split_loopy_game_agrees_with_the_whole_graph():
    # Heaps of at most 4: take 1 or 2, or put one back on a non-empty heap
    # below 4. Values with split (Smith's sums of loopy components) against
    # the loopy analysis of the unsplit game's whole graph.
    def options(heaps):
        return [
            heaps[:i] + (h2,) + heaps[i + 1 :]
            for i, h in enumerate(heaps)
            for h2 in (h - 1, h - 2, h + 1)
            if 0 <= h2 <= 4 and h > 0
        ]

    split = grundy.game(options, split=lambda heaps: [(h,) for h in heaps if h])
    plain = grundy.game(options)
    kinds = set()
    for p in itertools.product(range(5), repeat=3):
        assert grundy.value(split, p) == grundy.value(plain, p), p
        assert grundy.outcome(split, p) == grundy.outcome(plain, p), p
        kinds.add(grundy.outcome(plain, p))
    assert kinds == {"N", "P", "D"}


def test_the_readme_example_prints_what_it_shows():
    import doctest
    import os

    pytest.importorskip("networkx")

    readme = os.path.join(os.path.dirname(__file__), "..", "..", "..", "README.md")
    with open(readme, encoding="utf-8") as f:
        text = f.read()
    marker = "<!-- python-own-game -->\n```python\n"
    start = text.index(marker) + len(marker)
    block = text[start : text.index("```", start)]
    test = doctest.DocTestParser().get_doctest(block, {}, "README", readme, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 10
