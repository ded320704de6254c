"""Games defined in Python: ``@grundy.game`` on a function that gives the
options of a position, and the functions that value such a game.

Positions are explored here, iteratively (a 100000-move chain needs no
recursion), each position's options asked once and remembered by the game
object; the explored graph is then valued by grundy's Rust graph code
(``_grundy.user_values``): mex of the options where the game ends, and
Smith's loopy values (``∞`` with an escape set, draws) where the options
reach a cycle, as ``grundy graph`` gives them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Dict, Hashable, Iterable, List, Optional, Sequence, Tuple, Union

from . import _grundy
from ._args import flag, integer, require

#: How many positions a game explores by default before it stops with
#: :class:`PositionLimit`: about 2 GiB at the peak for small positions
#: (measured 440 bytes a position for ints with three options: a dict
#: entry, a list of option ids, and the graph's arrays while it is valued).
DEFAULT_MAX_POSITIONS = 5_000_000

#: The largest value remembered from an earlier call that stands in for
#: its position as a Nim heap (``k²/2`` edges for a value ``k``) when a
#: later graph has cycles; past it the graph is valued again whole.
MAX_STAND_IN = 4096

#: How long an exploration runs before a progress bar appears (when tqdm
#: is installed and ``progress`` is not ``False``).
PROGRESS_AFTER_S = 2.0


class PositionLimit(RuntimeError):
    """More positions are reachable than the game's ``max_positions``."""


# Shown as grundy.PositionLimit in tracebacks, where users catch it.
PositionLimit.__module__ = "grundy"


@dataclass(frozen=True)
class Loopy:
    """The value of a position from which play can go on forever: ``∞``
    with its escape set, the finite values among its options (Smith). It is
    an N-position when 0 is in the escape set, and a draw otherwise.

    >>> Loopy((0, 2))
    Loopy(∞(0,2))
    >>> str(Loopy(()))
    '∞'
    """

    escape: Tuple[int, ...]

    def __str__(self) -> str:
        if not self.escape:
            return "∞"
        return "∞(" + ",".join(str(k) for k in self.escape) + ")"

    def __repr__(self) -> str:
        return f"Loopy({self})"


class Game:
    """An impartial game given by its options function (see :func:`game`).
    Calling it calls the options function. It remembers every position it
    has explored, their options and their values, across calls."""

    def __init__(
        self,
        options: Callable[[Any], Iterable[Any]],
        split: Optional[Callable[[Any], Iterable[Any]]] = None,
        key: Optional[Callable[[Any], Hashable]] = None,
        max_positions: int = DEFAULT_MAX_POSITIONS,
    ):
        if not callable(options):
            raise TypeError(f"grundy.game takes a function that gives a position's options, not {type(options).__name__}")
        for name, hook in (("split", split), ("key", key)):
            if hook is not None and not callable(hook):
                raise TypeError(f"{name} must be a function of a position, not {type(hook).__name__}")
        self.options = options
        self.split = split
        self.key = key
        self.max_positions = integer(max_positions, "max_positions", 1, None)
        self.__doc__ = getattr(options, "__doc__", None)
        self.__name__ = getattr(options, "__name__", "game")
        self.clear()

    def __call__(self, position: Any) -> List[Any]:
        return list(self.options(position))

    def __repr__(self) -> str:
        n = len(self._positions)
        return f"<grundy.game {self.__name__}: {n} position{'s' if n != 1 else ''} explored>"

    def clear(self) -> None:
        """Forgets every position explored (frees their memory)."""
        # Node ids are indexes into these lists.
        self._ids: Dict[Hashable, int] = {}
        self._positions: List[Any] = []
        # The options of a node (a list of ids), None until asked.
        self._options: List[Optional[List[int]]] = []
        # The components of a node asked: a tuple of ids for a node that
        # splits, False for one that does not.
        self._parts: Dict[int, Any] = {}
        # Finite values found: normal play and misère play.
        self._normal: Dict[int, int] = {}
        self._misere: Dict[int, int] = {}

    # -- exploring ------------------------------------------------------

    def _id(self, position: Any, limit: int) -> int:
        k = self.key(position) if self.key is not None else position
        try:
            found = self._ids.get(k)
        except TypeError:
            raise self._unhashable(k) from None
        if found is not None:
            return found
        return self._new(position, k, limit)

    def _unhashable(self, k: Any) -> TypeError:
        what = "key(position)" if self.key is not None else "a position"
        return TypeError(
            f"{what} must be hashable (a tuple, frozenset, int or str, not a list or set): "
            f"got {type(k).__name__} {k!r:.60}"
        )

    def _new(self, position: Any, k: Hashable, limit: int) -> int:
        n = len(self._positions)
        if n >= limit:
            raise PositionLimit(
                f"more than {limit} positions explored; pass a larger max_positions= "
                f"(to grundy.game or to this call; each position costs a few hundred bytes), "
                f"or a key= that maps symmetric positions to one, or a split= into components"
            )
        self._ids[k] = n
        self._positions.append(position)
        self._options.append(None)
        return n

    def _expand(self, v: int, limit: int) -> List[int]:
        """The options of node ``v`` as ids, asked once."""
        found = self._options[v]
        if found is not None:
            return found
        moves = self.options(self._positions[v])
        if moves is None:
            raise TypeError(
                f"the options function returned None for {self._positions[v]!r:.60}; "
                "return (or yield) the positions it can move to, [] for none"
            )
        try:
            moves = iter(moves)
        except TypeError:
            raise TypeError(
                f"the options function returned {type(moves).__name__} for {self._positions[v]!r:.60}; "
                "return (or yield) the positions it can move to"
            ) from None
        # The hot loop of every exploration: _id inlined (a try costs
        # nothing until it catches).
        get, key, ids = self._ids.get, self.key, []
        for q in moves:
            k = q if key is None else key(q)
            try:
                w = get(k)
            except TypeError:
                raise self._unhashable(k) from None
            ids.append(self._new(q, k, limit) if w is None else w)
        # Two moves to one position stay two edges: the mex, the loopy
        # analysis and the genus count them as one.
        self._options[v] = ids
        return ids

    def _components(self, v: int, limit: int) -> Any:
        """The components of node ``v`` (a tuple of ids), or False when it
        does not split."""
        found = self._parts.get(v)
        if found is None:
            parts = list(self.split(self._positions[v]))
            if len(parts) == 1:
                # One component: the position itself (or a canonical form
                # of it, which keys may not show).
                only = self._id(parts[0], limit)
                found = False if only == v else (only,)
            else:
                found = tuple(self._id(p, limit) for p in parts)
            self._parts[v] = found
        return found

    def _explore(self, roots: Sequence[int], misere: bool, memo: bool, split: bool, limit: int, progress: Any):
        """Every node reachable from ``roots``, stopping at nodes already
        valued (in misère play if ``misere``) when ``memo``: the nodes in
        the order found, and the graph over them as CSR arrays of their
        indexes in that order. With ``split`` (normal play only) a node
        that splits leads to its components rather than its options."""
        known = self._misere if misere else self._normal
        split = split and self.split is not None and not misere
        order: List[int] = list(dict.fromkeys(roots))
        # Where each node found is in `order`.
        local = {v: i for i, v in enumerate(order)}
        offsets = [0]
        targets: List[int] = []
        sums: List[bool] = []
        fixed: List[Optional[int]] = []
        options, expand = self._options, self._expand
        bar = _Progress(progress)
        try:
            i = 0
            while i < len(order):
                v = order[i]
                i += 1
                if memo:
                    value = known.get(v)
                    if value is not None:
                        offsets.append(len(targets))
                        sums.append(False)
                        fixed.append(value)
                        continue
                # A position that splits into no component is the empty
                # sum, worth 0.
                parts = self._components(v, limit) if split else False
                if parts is False:
                    out = options[v]
                    if out is None:
                        out = expand(v, limit)
                else:
                    out = parts
                for w in out:
                    at = local.get(w)
                    if at is None:
                        at = local[w] = len(order)
                        order.append(w)
                    targets.append(at)
                offsets.append(len(targets))
                sums.append(parts is not False)
                fixed.append(None)
                if not i & 4095:
                    bar.update(i, len(order))
        finally:
            bar.close()
        return order, offsets, targets, sums, fixed

    def _analyse(self, roots: Sequence[int], misere: bool, limit: int, progress: Any) -> Dict[int, Tuple[Any, str]]:
        """Values every node reachable from ``roots`` and remembers the
        finite values; for each root ``(value, outcome)``, the value an int
        or a :class:`Loopy` (``None`` for a loopy node in misère play)."""
        order, offsets, targets, sums, fixed = self._explore(roots, misere, True, True, limit, progress)
        found = _grundy.user_values(offsets, targets, sums, fixed, misere, MAX_STAND_IN)
        if found is None:
            # A loopy part has an option valued earlier whose value is too
            # large to stand in as a Nim heap: value it all again.
            order, offsets, targets, sums, fixed = self._explore(roots, misere, False, True, limit, progress)
            found = _grundy.user_values(offsets, targets, sums, fixed, misere, MAX_STAND_IN)
        values, outcomes, escapes = found
        known = self._misere if misere else self._normal
        for v, value in zip(order, values):
            if value is not None:
                known[v] = value
        loopy = {i: Loopy(tuple(e)) for i, e in escapes}
        result = {}
        for i, v in enumerate(order[: len(set(roots))]):
            value = values[i]
            if value is None and not misere:
                value = loopy.get(i, Loopy(()))
            result[v] = (value, outcomes[i])
        return result

    def _limit(self, max_positions: Optional[int]) -> int:
        if max_positions is None:
            return self.max_positions
        return integer(max_positions, "max_positions", 1, None)


class _Progress:
    """A tqdm bar that appears only once an exploration has run for
    :data:`PROGRESS_AFTER_S` (``progress=None``), at once (``True``) or
    never (``False``, or when tqdm is not installed)."""

    def __init__(self, progress: Any):
        self.mode = progress
        self.started = time.monotonic()
        self.bar = None

    def update(self, done: int, found: int) -> None:
        if self.mode is False:
            return
        if self.bar is None:
            if self.mode is None and time.monotonic() - self.started < PROGRESS_AFTER_S:
                return
            try:
                from tqdm.auto import tqdm
            except ImportError:
                self.mode = False
                return
            self.bar = tqdm(desc="positions explored", unit=" positions", total=found)
        self.bar.total = found
        # tqdm redraws at most every tenth of a second.
        self.bar.update(done - self.bar.n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def game(
    options: Optional[Callable[[Any], Iterable[Any]]] = None,
    *,
    split: Optional[Callable[[Any], Iterable[Any]]] = None,
    key: Optional[Callable[[Any], Hashable]] = None,
    max_positions: int = DEFAULT_MAX_POSITIONS,
) -> Any:
    """Makes an impartial game of a function that returns (or yields) the
    positions a position can move to. Positions are any hashable values
    (tuples, frozensets, ints, strings). Use it as a decorator, bare or
    with options::

        @grundy.game
        def options(position): ...

        @grundy.game(split=components, key=canonical)
        def options(position): ...

    ``split(position)`` gives the independent components of a position
    (whose value is the xor of theirs; one component means it does not
    split); ``key(position)`` a canonical form (positions with the same key
    are one position, e.g. under a symmetry). ``max_positions`` bounds how
    many positions the game explores before :class:`PositionLimit`.

    Misère play (``misere=True``) and the genus (``grundy.genus(game,
    start)``) do not split: a misère sum is not the xor of its components.
    Misère canonical forms (``grundy.misere_form(game, start)``) do: the
    form of a sum is the sum of the forms.

    >>> @game
    ... def subtraction(n):
    ...     return [n - k for k in (1, 2, 3) if k <= n]
    >>> [value(subtraction, n) for n in range(8)]
    [0, 1, 2, 3, 0, 1, 2, 3]
    """

    def make(f: Callable[[Any], Iterable[Any]]) -> Game:
        return Game(f, split=split, key=key, max_positions=max_positions)

    if options is None:
        return make
    return make(options)


def _game(g: Any) -> Game:
    if isinstance(g, Game):
        return g
    if callable(g):
        raise TypeError("the game must be made by grundy.game: put @grundy.game above its options function")
    raise TypeError(f"game must be a grundy.game, not {type(g).__name__}")


def value(game: Game, start: Any, *, max_positions: Optional[int] = None, progress: Any = None) -> Union[int, Loopy]:
    """The Grundy value of ``start``: an int, or a :class:`Loopy` value
    (``∞`` with its escape set) when play from ``start`` can go on forever
    and no finite value fits.

    ``progress``: ``None`` shows a tqdm bar once the exploration runs for
    two seconds, ``True`` at once, ``False`` never.

    >>> @game
    ... def loops(p):  # "a" may pass or end the game; "b" can only pass
    ...     return {"a": ["a", "end"], "b": ["b"], "end": []}[p]
    >>> value(loops, "a"), value(loops, "b"), value(loops, "end")
    (Loopy(∞(0)), Loopy(∞), 0)
    >>> outcome(loops, "a"), outcome(loops, "b")
    ('N', 'D')
    """
    g = _game(game)
    limit = g._limit(max_positions)
    v = g._id(start, limit)
    if v in g._normal:
        return g._normal[v]
    return g._analyse([v], False, limit, progress)[v][0]


def outcome(game: Game, start: Any, misere: bool = False, *, max_positions: Optional[int] = None, progress: Any = None) -> str:
    """Who wins ``start`` with best play: ``"P"`` (the previous player,
    the one who just moved), ``"N"`` (the next player) or ``"D"`` (a draw:
    play goes on forever). In misère play (``misere=True``) the player who
    cannot move wins.

    >>> @game
    ... def nim(heaps):
    ...     return [heaps[:i] + (k,) + heaps[i + 1:] for i, h in enumerate(heaps) for k in range(h)]
    >>> outcome(nim, (1, 2, 3)), outcome(nim, (1, 1), misere=True)
    ('P', 'N')
    """
    g = _game(game)
    misere = flag(misere, "misere")
    limit = g._limit(max_positions)
    v = g._id(start, limit)
    known = (g._misere if misere else g._normal).get(v)
    if known is not None:
        return "P" if known == 0 else "N"
    return g._analyse([v], misere, limit, progress)[v][1]


def winning_moves(game: Game, start: Any, misere: bool = False, *, max_positions: Optional[int] = None, progress: Any = None) -> List[Any]:
    """The options of ``start`` that win: those whose outcome is ``"P"``
    (in misère play if ``misere``), in the order the options function gives
    them, as it gives them. A P-position or a draw has none.

    >>> @game
    ... def nim(heaps):
    ...     return [heaps[:i] + (k,) + heaps[i + 1:] for i, h in enumerate(heaps) for k in range(h)]
    >>> winning_moves(nim, (3, 5, 7))
    [(2, 5, 7), (3, 4, 7), (3, 5, 6)]
    >>> winning_moves(nim, (1, 1, 3), misere=True)  # leave three heaps of 1
    [(1, 1, 1)]
    """
    g = _game(game)
    misere = flag(misere, "misere")
    limit = g._limit(max_positions)
    g._id(start, limit)
    moves = list(g.options(start))
    ids = [g._id(q, limit) for q in moves]
    if not ids:
        return []
    found = g._analyse(ids, misere, limit, progress)
    out = []
    taken = set()
    for q, w in zip(moves, ids):
        if found[w][1] == "P" and w not in taken:
            taken.add(w)
            out.append(q)
    return out


def misere_value(game: Game, start: Any, *, max_positions: Optional[int] = None, progress: Any = None) -> int:
    """The misère nim value of ``start``: 1 when it has no move, otherwise
    the mex of its options' (Conway's ``γ``); 0 exactly for misère
    P-positions. Not additive over sums.

    Raises ``ValueError`` when play from ``start`` can go on forever.

    >>> @game
    ... def nim(heaps):
    ...     return [heaps[:i] + (k,) + heaps[i + 1:] for i, h in enumerate(heaps) for k in range(h)]
    >>> [misere_value(nim, (h,)) for h in range(5)]
    [1, 0, 2, 3, 4]
    """
    g = _game(game)
    limit = g._limit(max_positions)
    v = g._id(start, limit)
    if v in g._misere:
        return g._misere[v]
    found, result = g._analyse([v], True, limit, progress)[v]
    if found is None:
        raise ValueError(
            f"{start!r:.60} has no misère nim value: play from it can go on forever "
            f"(its misère outcome is {result})"
        )
    return found


def user_genus(game: Game, start: Any, max_positions: Optional[int], progress: Any) -> Tuple[int, Tuple[int, ...], str]:
    """Conway's genus of ``start`` (``grundy.genus(game, start)``): its
    Grundy value, the misère nim values ``γk`` of ``start`` plus ``k`` Nim
    heaps of size 2 computed from the explored positions (``k`` up to 9,
    cut after the first two values of the final alternation), and the
    symbol. Raises ``ValueError`` when play from ``start`` can go on
    forever."""
    g = _game(game)
    limit = g._limit(max_positions)
    v = g._id(start, limit)
    order, offsets, targets, _, _ = g._explore([v], False, False, False, limit, progress)
    normal, gammas, symbol = _grundy.user_genus(offsets, targets, 0)
    return normal, tuple(gammas), symbol


def user_misere_form(game: Game, start: Any, max_forms: Optional[int], max_positions: Optional[int], progress: Any) -> str:
    """The JSON of ``grundy.misere_form(game, start)``: the misère canonical
    form of ``start``, built by the library from the explored positions, a
    position that ``split`` divides being the sum of its components' forms
    (canonical forms add, as misère nim values do not). Raises
    ``ValueError`` past ``max_forms`` distinct forms or when play from
    ``start`` can go on forever."""
    g = _game(game)
    limit = g._limit(max_positions)
    v = g._id(start, limit)
    order, offsets, targets, sums, _ = g._explore([v], False, False, True, limit, progress)
    return _grundy.user_misere_form(g.__name__, offsets, targets, sums, 0, max_forms)


def graph(game: Game, start: Any, misere: bool = False, *, max_positions: Optional[int] = None, progress: Any = None):
    """The positions reachable from ``start`` as a ``networkx.DiGraph``,
    an edge for each move, with node attributes ``value`` (an int, or a
    :class:`Loopy` value; in misère play the misère nim value, ``None``
    where play can go on forever) and ``outcome`` (``"N"``, ``"P"``,
    ``"D"``). Nodes are the positions, or their keys for a game with
    ``key=``. Positions are not split: the graph is the one a player sees.
    Needs networkx.

    >>> @game
    ... def sub12(n):
    ...     return [n - k for k in (1, 2) if k <= n]
    >>> G = graph(sub12, 3)
    >>> sorted(G.nodes(data="value"))
    [(0, 0), (1, 1), (2, 2), (3, 0)]
    >>> sorted(G.edges())
    [(1, 0), (2, 0), (2, 1), (3, 1), (3, 2)]
    """
    nx = require("networkx", "grundy.graph builds the graph", "networkx")
    g = _game(game)
    misere = flag(misere, "misere")
    limit = g._limit(max_positions)
    v = g._id(start, limit)
    order, offsets, targets, sums, fixed = g._explore([v], False, False, False, limit, progress)
    values, outcomes, escapes = _grundy.user_values(offsets, targets, sums, fixed, misere, MAX_STAND_IN)
    loopy = {i: Loopy(tuple(e)) for i, e in escapes}
    node_of = (lambda w: g.key(g._positions[w])) if g.key is not None else (lambda w: g._positions[w])
    out = nx.DiGraph()
    nodes = [node_of(w) for w in order]
    for i, w in enumerate(order):
        value = values[i]
        if value is None and not misere:
            value = loopy.get(i, Loopy(()))
        elif value is not None:
            (g._misere if misere else g._normal)[w] = value
        out.add_node(nodes[i], value=value, outcome=outcomes[i])
    for i in range(len(order)):
        for t in targets[offsets[i] : offsets[i + 1]]:
            out.add_edge(nodes[i], nodes[t])
    return out


class HeapGame:
    """A heap game given by a rule: ``rule(n)`` lists the moves from a heap
    of ``n`` tokens, each the heap left (an int, 0 for none) or the heaps
    left (a tuple of ints, for games that split heaps). Values, apparent
    periods (never proved) and plots, as for a built-in heap game; made by
    :func:`heap_game`."""

    def __init__(self, rule: Callable[[int], Iterable[Any]], name: Optional[str] = None):
        if not callable(rule):
            raise TypeError(f"grundy.heap_game takes a function of the heap size, not {type(rule).__name__}")
        self.rule = rule
        self.name = name or getattr(rule, "__name__", "heap game")
        self._values: List[int] = []

    def __repr__(self) -> str:
        return f"<grundy.heap_game {self.name}: G(0..{len(self._values) - 1}) known>"

    def values(self, to: int, start: int = 0, *, progress: Any = None):
        """``G(start), ..., G(to)`` as a numpy array (as ``grundy.values``),
        each heap's value the mex over its moves of the xor of the values
        of the heaps a move leaves. Every heap a move leaves must be
        smaller than the heap moved from."""
        import numpy as np

        to = integer(to, "to", 0, _grundy.MAX_VALUES)
        start = integer(start, "start", 0, to, "at most to")
        self._grow(to, progress)
        top = max(self._values[start : to + 1], default=0)
        dtype = np.uint8 if top < 2**8 else np.uint16 if top < 2**16 else np.uint32 if top < 2**32 else np.uint64
        return np.array(self._values[start : to + 1], dtype=dtype)

    def _grow(self, to: int, progress: Any) -> None:
        g = self._values
        bar = _Progress(progress)
        try:
            for n in range(len(g), to + 1):
                seen = set()
                for move in self.rule(n):
                    # Plain ints below n are the common case: checked here
                    # without a call.
                    if type(move) is int and 0 <= move < n:
                        x = g[move]
                    elif isinstance(move, (tuple, list)):
                        x = 0
                        for h in move:
                            x ^= g[h if type(h) is int and 0 <= h < n else self._smaller(h, n)]
                    else:
                        x = g[self._smaller(move, n)]
                    seen.add(x)
                m = 0
                while m in seen:
                    m += 1
                g.append(m)
                if not n & 1023:
                    bar.update(n, to)
        finally:
            bar.close()

    def _smaller(self, h: Any, n: int) -> int:
        h = integer(h, f"a heap left by a move from {n}")
        if h >= n:
            raise ValueError(
                f"the rule moves a heap of {n} to a heap of {h}: every heap a move leaves must be smaller "
                f"(for other games use grundy.game)"
            )
        return h

    def apparent_period(self, to: int) -> Optional["ApparentPeriod"]:
        """The period that ``G(0..=to)`` seem to follow, **not proved**:
        the smallest ``p`` with ``G(n + p) = G(n) + saltus`` over a run that
        ends at ``to`` and covers at least half the values and two periods
        (grundy's ``period`` reports the same for games no theorem covers),
        or ``None``."""
        self.values(to)
        found = _grundy.apparent_period(self._values[: to + 1])
        if found is None:
            return None
        pre, p, saltus, seen = found
        return ApparentPeriod(preperiod=pre, period=p, saltus=saltus, seen_to=seen)

    def plot(self, to: int, start: int = 0, ax: Any = None, path: Optional[str] = None):
        """Draws ``G(n)`` for ``start <= n <= to`` as ``grundy.plot`` does
        for a built-in game, marking the apparent preperiod and period
        (labelled as not proved). Returns the matplotlib ``Axes``."""
        plt = require("matplotlib.pyplot", "grundy.plot draws", "matplotlib")
        import numpy as np

        g = self.values(to, start)
        if ax is None:
            _, ax = plt.subplots(figsize=(10, 4))
        n = np.arange(start, to + 1)
        ax.scatter(n, g, s=10 if len(n) <= 2000 else 0.5, marker="o", color="#1f4e79", linewidths=0)
        title = f"G(n) of {self.name}, n = {start}..{to}"
        seen = self.apparent_period(to)
        if seen is not None and seen.saltus == 0:
            pre, p = seen.preperiod, seen.period
            title += f": apparently periodic from {pre}, period {p} (not proved)"
            if start <= pre <= to:
                ax.axvline(pre, color="#c0392b", linewidth=1, label=f"apparent preperiod n0 = {pre}")
            if pre + p <= to:
                ax.axvspan(max(pre, start), pre + p, color="#f5b041", alpha=0.3, label=f"one apparent period, p = {p}")
            ax.legend(loc="upper left")
        elif seen is not None:
            title += f": apparently arithmetic-periodic, period {seen.period}, saltus {seen.saltus} (not proved)"
        else:
            title += ": no period seen"
        ax.set_title(title)
        ax.set_xlabel("n")
        ax.set_ylabel("G(n)")
        ax.set_xlim(start, to)
        ax.set_ylim(bottom=-0.5)
        if path is not None:
            ax.figure.savefig(path, bbox_inches="tight")
        return ax


@dataclass(frozen=True)
class ApparentPeriod:
    """A pattern the values follow with **no proof** that it goes on:
    ``G(n + period) = G(n) + saltus`` for ``preperiod <= n <= seen_to -
    period``."""

    preperiod: int
    period: int
    saltus: int
    seen_to: int
    proved: bool = False


def heap_game(rule: Callable[[int], Iterable[Any]], name: Optional[str] = None) -> HeapGame:
    """A heap game from a function: ``rule(n)`` gives the moves from a heap
    of ``n``, each the heap left (an int) or the heaps left (a tuple).

    >>> g = heap_game(lambda n: [n - k for k in (1, 3, 4) if k <= n], name="sub{1,3,4}")
    >>> g.values(14)
    array([0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0], dtype=uint8)
    >>> g.apparent_period(200)
    ApparentPeriod(preperiod=0, period=7, saltus=0, seen_to=200, proved=False)
    """
    return HeapGame(rule, name)
