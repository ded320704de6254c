"""Values and periods against brute force from the definition and against
published values."""

import itertools

import numpy as np
import pytest

import grundy


def brute_octal(code: str, n: int):
    """G(0..=n) of an octal code straight from the definition."""
    digits = [int(c) for c in code.split(".")[1]]
    g = []
    for m in range(n + 1):
        seen = set()
        for k, d in enumerate(digits, 1):
            if k > m:
                break
            r = m - k
            if d & 1 and r == 0:
                seen.add(0)
            if d & 2 and r > 0:
                seen.add(g[r])
            if d & 4 and r >= 2:
                for a in range(1, r // 2 + 1):
                    seen.add(g[a] ^ g[r - a])
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


def brute_subtraction(s, n):
    g = []
    for m in range(n + 1):
        seen = {g[m - x] for x in s if x <= m}
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


@pytest.mark.parametrize("code", ["0." + "".join(d) for d in itertools.product("01234567", repeat=2)])
def test_every_two_digit_code_matches_the_definition(code):
    assert grundy.values(code, 120).tolist() == brute_octal(code, 120)


def test_kayles_published_values():
    # OEIS A002186 (Kayles): 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7
    assert grundy.values("kayles", 15).tolist() == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7]


def test_start_and_dtype():
    v = grundy.values("sub{1,3,4}", 20, start=5)
    assert v.dtype == np.uint8 and len(v) == 16
    assert v.tolist() == brute_subtraction([1, 3, 4], 20)[5:]
    assert grundy.values("nim", 255).dtype == np.uint8
    assert grundy.values("nim", 256).dtype == np.uint16
    assert grundy.values("nim", 70000)[-1] == 70000
    assert grundy.values("nim", 70000).dtype == np.uint32
    v[0] = 9  # a writable array of its own
    assert v[0] == 9


def test_periods_are_the_published_ones():
    # OEIS A002186: Kayles periodic from 71 with period 12; A002187:
    # Dawson's Kayles (0.07) from 53 with period 34.
    kayles = grundy.period("kayles")
    assert (kayles.game, kayles.status, kayles.preperiod, kayles.period) == ("0.77", "periodic", 71, 12)
    assert kayles.saltus == 0 and kayles.bound == 2 * 71 + 12 + 2
    dawson = grundy.period("0.07")
    assert (dawson.preperiod, dawson.period) == (53, 34)
    half = grundy.period("half")
    assert half.status == "unknown" and half.preperiod is None and half.reason


def test_results_are_frozen():
    p = grundy.period("kayles")
    with pytest.raises(Exception):
        p.period = 3


def test_solve_matches_the_xor_of_brute_values():
    g = brute_octal("0.77", 40)
    for a, b in itertools.product(range(0, 40, 3), range(1, 40, 7)):
        s = grundy.solve("kayles", [a, b])
        assert s.values == (g[a], g[b])
        assert s.nim_sum == g[a] ^ g[b]
        assert s.outcome == ("P" if g[a] ^ g[b] == 0 else "N")
        for m in s.winning_moves:
            left = [h for i, h in enumerate((a, b)) if i != m.heap] + list(m.to)
            x = 0
            for h in left:
                x ^= g[h]
            assert x == 0


def test_solve_huge_heaps_use_the_period():
    # 10^18 = 76 (mod 12) and 76 >= 71, so G(10^18) = G(76).
    s = grundy.solve("kayles", [10**18])
    assert s.values == (int(grundy.values("kayles", 76)[-1]),)


def test_misere_and_boards():
    small = grundy.solve("kayles", [4], misere=True)
    assert (small.outcome, small.method) == ("P", None)
    # Past the exhaustive search's 48 tokens: the misère quotient, with the
    # CLI's answer (grundy solve kayles --misere 30 40 17: N, 22 moves).
    big = grundy.solve("kayles", [30, 40, 17], misere=True)
    assert (big.outcome, big.total_winning_moves, big.method) == ("N", 22, "quotient")
    board = grundy.solve("cram:1x4")
    assert (board.value, board.outcome) == (2, "N")
    assert board.winning_moves[0].cells == ((0, 1), (0, 2))


def test_node_kayles(tmp_path):
    # A path of n vertices is the octal game 0.137 on a heap of n.
    heap = grundy.values("0.137", 30)
    for n in (1, 5, 12, 30):
        assert grundy.solve(f"nodekayles:path:{n}").value == int(heap[n])
    # A cycle's only first move (up to turning) leaves a path of n - 3.
    for n in (4, 9, 17):
        assert grundy.solve(f"nodekayles:cycle:{n}").value == (0 if heap[n - 3] else 1)
    petersen = grundy.solve("nodekayles:petersen")
    assert (petersen.value, petersen.outcome, len(petersen.winning_moves)) == (1, "N", 10)
    # An edge list from a file: a triangle with a tail, named by the file.
    edges = tmp_path / "g.txt"
    edges.write_text("a b\nb c\nc a\nc d\n")
    g = grundy.solve(f"nodekayles:{edges}")
    assert g.game == f"nodekayles:{edges}"
    # Picking c takes everything; a or b leaves d alone (*1); d leaves a-b (*1).
    assert (g.value, [m.move for m in g.winning_moves]) == (2, ["c"])
    with pytest.raises(ValueError, match="at byte 16"):
        grundy.solve("nodekayles:path:x")
    with pytest.raises(ValueError, match="takes no heaps"):
        grundy.solve("nodekayles:path:4", [3])
    with pytest.raises(ValueError, match="cannot be read"):
        grundy.solve("nodekayles:no-such-file.txt")


def test_quotient_agrees_with_solve():
    # The misère quotient's outcome of a sum is the exhaustive search's
    # (solve, at most 48 tokens) for every sum of two or three heaps <= 9.
    q = grundy.quotient("kayles", 9)
    assert (q.order, len(q.pretending)) == (18, 10)
    for a in range(10):
        for b in range(a, 10):
            for c in (0, 3, 7):
                s = grundy.solve("kayles", [a, b, c], misere=True)
                if s.total_winning_moves == 0 and a + b + c == 0:
                    continue
                assert q.outcome([a, b, c]) == s.outcome, (a, b, c)
    with pytest.raises(ValueError, match="the heaps of this quotient"):
        q.outcome([10])
    with pytest.raises(ValueError, match="heap"):
        grundy.quotient("kayles", 100_000)


def test_boards_and_graphs_under_misere_play():
    # A 1x4 Cram strip is misère Dawson's Kayles on 4: the end dominoes win
    # (the opponent must take the last domino), the middle one loses.
    strip = grundy.solve("cram:1x4", misere=True)
    assert (strip.convention, strip.value, strip.outcome) == ("misere", None, "N")
    assert [m.move for m in strip.winning_moves] == ["a1-b1", "c1-d1"]
    # Node Kayles on a path is 0.137: misère outcomes agree with the heap
    # engine's misère solver.
    for n in range(1, 13):
        path = grundy.solve(f"nodekayles:path:{n}", misere=True)
        heap = grundy.solve("0.137", [n], misere=True)
        assert path.outcome == heap.outcome, n
