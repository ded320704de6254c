"""grundy.misere_form for games defined in Python (`@grundy.game`):
against the library's forms of the same game built in (a subtraction
game against `sub{...}`, Kayles rows against `0.77`), split or not, and
against the definition of misère equality by brute force written here."""

from functools import lru_cache

import pytest

import grundy


def subtraction(moves, **hooks):
    @grundy.game(**hooks)
    def options(n):
        return [n - k for k in moves if k <= n]

    return options


def heap_pairs(moves):
    """Two heaps of a subtraction game as one position (a, b)."""

    @grundy.game
    def options(p):
        a, b = p
        return [(a - k, b) for k in moves if k <= a] + [(a, b - k) for k in moves if k <= b]

    return options


def kayles_options(rows):
    out = []
    for i, h in enumerate(rows):
        rest = rows[:i] + rows[i + 1 :]
        for take in (1, 2):
            for left in range(h - take + 1):
                out.append(tuple(sorted(rest + tuple(x for x in (left, h - take - left) if x))))
    return out


@pytest.mark.parametrize("moves", [(1, 2), (1, 2, 3), (2, 3), (1, 3, 4)])
def test_subtraction_game_matches_the_builtin(moves):
    spec = "sub{" + ",".join(map(str, moves)) + "}"
    game = subtraction(moves)
    for n in range(16):
        mine = grundy.misere_form(game, n)
        built = grundy.misere_form(spec, [n])
        assert mine.canonical == built.canonical, n
        assert (mine.outcome, mine.birthday, mine.misere_value, mine.normal_value) == (
            built.outcome, built.birthday, built.misere_value, built.normal_value)
        assert mine.game == "options" and mine.heaps is None
    pairs = heap_pairs(moves)
    for a, b in [(1, 1), (2, 2), (3, 5), (4, 4), (6, 7)]:
        assert grundy.misere_form(pairs, (a, b)).canonical == grundy.misere_form(spec, [a, b]).canonical


def test_kayles_rows_match_the_builtin_split_or_not():
    plain = grundy.game(kayles_options)
    split = grundy.game(kayles_options, split=lambda rows: [(h,) for h in rows],
                        key=lambda rows: tuple(sorted(rows)))
    for rows in [(n,) for n in range(10)] + [(1, 1), (2, 2), (1, 2, 3), (2, 4), (3, 3, 1)]:
        built = grundy.misere_form("0.77", list(rows)).canonical
        assert grundy.misere_form(plain, rows).canonical == built, rows
        assert grundy.misere_form(split, rows).canonical == built, rows
    # Split, a sum of rows is built from the rows' forms: bigger sums than
    # the unsplit game could explore cheaply.
    rows = (5, 6, 7, 8)
    assert grundy.misere_form(split, rows).canonical == grundy.misere_form("kayles", list(rows)).canonical


def misere_wins(moves, heaps):
    """Whether the player to move wins the misère sum of subtraction heaps."""

    @lru_cache(maxsize=None)
    def wins(h):
        options = [tuple(sorted(h[:i] + (x - k,) + h[i + 1 :])) for i, x in enumerate(h) for k in moves if k <= x]
        return not options or any(not wins(o) for o in options)

    return wins(tuple(sorted(heaps)))


def test_equal_forms_play_alike_in_every_sum_tried():
    # The definition: positions with the same form have the same misère
    # outcome beside every position of a test set (here, by a search that
    # knows nothing of forms).
    moves = (1, 2, 4)
    game = subtraction(moves)
    forms = {n: grundy.misere_form(game, n).canonical for n in range(14)}
    tests = [()] + [(m,) for m in range(8)] + [(a, b) for a in range(5) for b in range(a, 5)]
    for n in forms:
        for m in forms:
            if n < m and forms[n] == forms[m]:
                for t in tests:
                    assert misere_wins(moves, (n,) + t) == misere_wins(moves, (m,) + t), (n, m, t)
    # And the outcome is the form's.
    for n, f in forms.items():
        assert (grundy.misere_form(game, n).outcome == "N") == misere_wins(moves, (n,))


def test_limits_and_cycles_are_clear_errors():
    kayles = grundy.game(kayles_options)
    with pytest.raises(ValueError, match="more than 5 distinct canonical forms"):
        grundy.misere_form(kayles, (9,), max_forms=5)
    with pytest.raises(ValueError, match="max_forms must be from 1 to"):
        grundy.misere_form(kayles, (3,), max_forms=0)
    loop = grundy.game(lambda p: {"a": ["b"], "b": ["a", "end"], "end": []}[p])
    with pytest.raises(ValueError, match="go on forever"):
        grundy.misere_form(loop, "a")
    assert grundy.misere_form(loop, "end").canonical == "0"
    with pytest.raises(grundy.PositionLimit):
        grundy.misere_form(grundy.game(lambda n: [n + 1]), 0, max_positions=100)


def test_ctrl_c_stops_it(ctrl_c):
    @grundy.game
    def slow(n):
        return [n + 1] if n < 10**9 else []

    with ctrl_c(0.3):
        grundy.misere_form(slow, 0, max_positions=10**7)
    slow.clear()
    assert grundy.misere_form(subtraction((1,)), 3).canonical == "*"
