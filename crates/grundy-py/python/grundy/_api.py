"""The package's functions and result types, re-exported by ``grundy``
(whose namespace holds only its API). Arguments are checked by
``grundy._args`` before the engine sees them."""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import dataclass
from typing import Any, Dict, Iterable, Optional, Sequence, Tuple, Union

import numpy as np

from . import _grundy
from ._args import flag, integer, integers, optional_integer, text
from ._game import Game, user_misere_form

_DTYPES = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}


def _build(cls, data: Dict[str, Any], **convert):
    """A ``cls`` from a JSON object: ``from`` is spelled ``from_`` (a Python
    keyword), lists become tuples, and fields the JSON lacks are ``None``."""
    kwargs = {}
    for field in dataclasses.fields(cls):
        key = "from" if field.name == "from_" else field.name
        value = data.get(key)
        if field.name in convert and value is not None:
            value = convert[field.name](value)
        elif isinstance(value, list):
            value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        kwargs[field.name] = value
    return cls(**kwargs)


def _int(value: Union[int, str]) -> int:
    """A heap from JSON: a number, or a string beyond 2^64."""
    return int(value)


def _spec(spec: Any) -> str:
    return text(spec, "spec", "kayles")


def canonical(spec: str) -> str:
    """The canonical spec of a game.

    >>> canonical("Kayles"), canonical("sub{4, 1, 3}")
    ('0.77', 'sub{1,3,4}')
    """
    return _grundy.canonical(_spec(spec))


def values(spec: str, to: int, start: int = 0) -> np.ndarray:
    """The Grundy values ``G(start), ..., G(to)`` of single heaps of ``spec``,
    as a numpy array of the smallest unsigned dtype that holds them.

    Octal codes use the sparse-space engine: ``values("0.77", 10**7)`` takes
    well under a second.

    >>> values("0.07", 15, start=10)
    array([3, 3, 2, 2, 4, 0], dtype=uint8)
    >>> values("nim", 300).dtype
    dtype('uint16')
    """
    to = integer(to, "to", 0, _grundy.MAX_VALUES)
    start = integer(start, "start")
    data, width = _grundy.values(_spec(spec), to, start)
    # The bytes are little-endian; astype makes a native, writable array.
    return np.frombuffer(data, dtype=f"<u{width}").astype(_DTYPES[width])


@dataclass(frozen=True)
class Period:
    """What is proved about the periodicity of a game's values
    (``grundy period --json``): ``status`` is ``"periodic"``,
    ``"arithmetic-periodic"`` or ``"unknown"``; ``G(n + period) = G(n) +
    saltus`` for every ``n >= preperiod``; ``proof`` says which finite check
    proved it (``bound``, from ``theorem``); ``reason`` says why nothing was
    proved. ``G(0..=checked_to)`` were computed."""

    game: str
    status: str
    preperiod: Optional[int]
    period: Optional[int]
    saltus: Optional[int]
    checked_to: int
    proof: Optional[str]
    theorem: Optional[str]
    bound: Optional[int]
    reason: Optional[str]


def period(spec: str, max: Optional[int] = None) -> Period:
    """The proved preperiod and period of ``spec``, computing at most
    ``G(0..=max)`` (default as ``grundy period``: 2^20, then on to 2^25 for
    codes whose values cost the same however far they go, such as 0.354;
    2^13 for hexadecimal codes; 10000 where no theorem applies).

    >>> p = period("0.07")
    >>> (p.preperiod, p.period, p.bound)
    (53, 34, 142)
    >>> period("half").status
    'unknown'
    """
    return _build(Period, json.loads(_grundy.period(_spec(spec), optional_integer(max, "max"))))


@dataclass(frozen=True)
class Quotient:
    """The misère quotient (Plambeck–Siegel) of a heap game on heaps up to
    ``max_heap``, as ``grundy quotient --json --table`` gives it. Elements
    are words in the generators (``"1"``, ``"a"``, ``"ab^2"``); ``table[i][j]``
    is the index in ``elements`` of ``elements[i] * elements[j]``, and
    ``pretending[n]`` the element of a heap of ``n`` tokens."""

    game: str
    max_heap: int
    order: int
    p_portion: Tuple[str, ...]
    pretending: Tuple[str, ...]
    generators: Tuple[str, ...]
    generator_heaps: Tuple[int, ...]
    relations: Tuple[str, ...]
    tame: bool
    stable_from: Optional[int]
    orders: Tuple[int, ...]
    elements: Tuple[str, ...]
    table: Tuple[Tuple[int, ...], ...]

    def element(self, heaps: Iterable[int]) -> str:
        """The element of a sum of heaps: the product of theirs."""
        index = {name: i for i, name in enumerate(self.elements)}
        x = 0
        for h in integers(heaps, "heaps", 0, self.max_heap, "the heaps of this quotient"):
            x = self.table[x][index[self.pretending[h]]]
        return self.elements[x]

    def outcome(self, heaps: Iterable[int]) -> str:
        """``"P"`` when the misère sum is lost for the player to move (its
        element lies in the P-portion), else ``"N"``."""
        return "P" if self.element(heaps) in self.p_portion else "N"


def quotient(spec: str, max_heap: int) -> Quotient:
    """The misère quotient of ``spec`` on heaps of at most ``max_heap``
    tokens, verified against the game's moves (``grundy quotient``);
    Ctrl-C stops it.

    >>> q = quotient("0.75", 12)
    >>> (q.order, q.p_portion, q.relations)
    (8, ('a', 'b^2'), ('a^2 = 1', 'bc = ab', 'c^2 = b^2', 'b^3 = b'))
    >>> q.element([2, 2]), q.outcome([2, 2]), q.outcome([2, 1])
    ('b^2', 'P', 'N')
    """
    max_heap = integer(max_heap, "max_heap", 0, _grundy.MAX_QUOTIENT_HEAP)
    data = json.loads(_grundy.quotient(_spec(spec), max_heap))
    p = data.pop("presentation")
    data.update(p)
    return _build(
        Quotient,
        data,
        table=lambda rows: tuple(tuple(r) for r in rows),
    )


@dataclass(frozen=True)
class NimMove:
    """A winning Nim move: heap ``heap`` (0-based) from ``from_`` to ``to``
    (``from`` in the JSON)."""

    heap: int
    from_: int
    to: int


@dataclass(frozen=True)
class Nim:
    """A Nim position (``grundy nim --json``)."""

    heaps: Tuple[int, ...]
    convention: str
    nim_sum: int
    outcome: str
    winning_moves: Tuple[NimMove, ...]


def nim(heaps: Iterable[int], misere: bool = False) -> Nim:
    """Decides a Nim position, normal or misère play, with every winning
    move. Heaps may be of any size; at least one is needed.

    >>> r = nim([3, 5, 7])
    >>> (r.nim_sum, r.outcome, len(r.winning_moves))
    (1, 'N', 3)
    >>> nim([1, 1], misere=True).outcome
    'N'
    >>> nim([2**70, 3]).winning_moves[0].to
    3
    """
    texts = [str(h) for h in integers(heaps, "heaps", 0, None)]
    data = json.loads(_grundy.nim(texts, flag(misere, "misere")))
    return Nim(
        heaps=tuple(_int(h) for h in data["heaps"]),
        convention=data["convention"],
        nim_sum=_int(data["nim_sum"]),
        outcome=data["outcome"],
        winning_moves=tuple(
            NimMove(heap=m["heap"], from_=_int(m["from"]), to=_int(m["to"]))
            for m in data["winning_moves"]
        ),
    )


@dataclass(frozen=True)
class SumMove:
    """A winning move in a sum of heaps: heap ``heap`` (0-based) of
    ``from_`` tokens leaves the heaps ``to`` (``from`` in the JSON)."""

    heap: int
    from_: int
    to: Tuple[int, ...]


@dataclass(frozen=True)
class Solution:
    """A sum of heaps (``grundy solve --json``). ``values`` and ``nim_sum``
    are ``None`` for a misère sum of a game other than Nim (whose heaps may
    have any size, as in ``grundy.nim``); ``method`` is
    ``"quotient"`` for a misère sum past the exhaustive search's 48 tokens,
    solved by the game's misère quotient, and ``None`` otherwise."""

    game: str
    heaps: Tuple[int, ...]
    convention: str
    values: Optional[Tuple[int, ...]]
    nim_sum: Optional[int]
    outcome: str
    winning_moves: Tuple[SumMove, ...]
    total_winning_moves: int
    # Not in the repr, which stays that of the sums solved before it came.
    method: Optional[str] = dataclasses.field(default=None, repr=False)


@dataclass(frozen=True)
class PositionMove:
    """A winning move of a whole position: its name as ``grundy play``
    takes it (``a1-b1``, ``b2``, a vertex's name), and where it is: the
    cells it uses (``[row, column]`` from 0) or the vertex's number."""

    move: str
    cells: Optional[Tuple[Tuple[int, int], ...]] = None
    vertex: Optional[int] = None


@dataclass(frozen=True)
class PositionSolution:
    """A game that names its whole position (``cram:4x5``,
    ``chomp:.../.##``, ``nodekayles:petersen``): its value (``None`` under
    misère play, where the outcome is searched), outcome and winning moves."""

    game: str
    value: Optional[int]
    outcome: str
    winning_moves: Tuple[PositionMove, ...]
    convention: str = "normal"


@dataclass(frozen=True)
class MisereForm:
    """The misère canonical form of a position (Conway's simplest game
    equal to it under misère play), written as CGSuite writes it:
    ``*[2[2]321]`` has the options ``*2 + *2``, ``*3``, ``*2`` and ``*``;
    nim heaps are ``0``, ``*``, ``*2``. ``heaps`` is ``None`` for a whole
    position."""

    game: str
    heaps: Optional[Tuple[int, ...]]
    canonical: str
    outcome: str
    birthday: int
    misere_value: int
    normal_value: int


def misere_form(
    spec: Any,
    heaps: Any = (),
    max_forms: Optional[int] = None,
    *,
    max_positions: Optional[int] = None,
    progress: Any = None,
) -> MisereForm:
    """The misère canonical form of a sum of heaps of ``spec``, or of the
    whole position ``spec`` names (a board, a Node Kayles graph: then no
    heaps). Forms grow very fast: past ``max_forms`` distinct forms (about
    a million unless given), or a text of 16 MiB, a ``ValueError`` says so.

    >>> misere_form("nim", [2, 2]).canonical
    '*[2[2]]'
    >>> misere_form("cram:........./##.######").canonical
    '*[2[2]321]'
    >>> misere_form("kayles", [4])  # a row of 4 pins is * in misère play
    MisereForm(game='0.77', heaps=(4,), canonical='*', outcome='P', birthday=1, misere_value=0, normal_value=1)


    For a game made by ``@grundy.game`` the second argument is the start
    position. Its positions are explored (``max_positions`` and
    ``progress`` as for ``grundy.value``) and the library builds the form
    from the options, adding the forms of the components where the game
    has ``split=``; ``game`` is the options function's name and ``heaps``
    is ``None``. Ctrl-C stops it with ``KeyboardInterrupt``.

    >>> import grundy
    >>> @grundy.game
    ... def take_1_or_2(n):
    ...     return [n - k for k in (1, 2) if k <= n]
    >>> [misere_form(take_1_or_2, n).canonical for n in range(5)]
    ['0', '*', '*2', '0', '*']
    """
    max_forms = optional_integer(max_forms, "max_forms", 1)
    if isinstance(spec, Game):
        data = json.loads(user_misere_form(spec, heaps, max_forms, max_positions, progress))
    else:
        spec = _spec(spec)
        heap_list = integers(heaps, "heaps", 0, 2**64 - 1)
        data = json.loads(_grundy.misere_form(spec, heap_list, max_forms))
    return MisereForm(
        game=data["game"],
        heaps=tuple(data["heaps"]) if "heaps" in data else None,
        canonical=data["canonical"],
        outcome=data["outcome"],
        birthday=data["birthday"],
        misere_value=data["misere_value"],
        normal_value=data["normal_value"],
    )


def solve(
    spec: str,
    heaps: Sequence[int] = (),
    misere: bool = False,
    max: Optional[int] = None,
    limit: int = 20,
) -> Union[Solution, PositionSolution]:
    """The outcome and winning moves (at most ``limit`` listed) of a sum of
    heaps of ``spec``; heaps beyond ``max`` values need a proved period.
    Heaps are at most 2^64 - 1, but Nim's may have any size.
    A board spec (``cram:3x4``, ``chomp:3x4``, or a drawn position such as
    ``cram:.../.##``) or a Node Kayles graph (``nodekayles:cycle:9``, or
    ``nodekayles:FILE`` with an edge list) takes no heaps; Ctrl-C stops its
    search.

    >>> s = solve("kayles", [5, 7])
    >>> (s.values, s.nim_sum, s.outcome)
    ((4, 2), 6, 'N')
    >>> s.winning_moves[0]
    SumMove(heap=0, from_=5, to=(1, 3))
    >>> solve("kayles", [10**18]).outcome
    'N'
    >>> solve("nim", [10**30, 3]).winning_moves[0].to
    (3,)
    >>> solve("nodekayles:path:5")
    PositionSolution(game='nodekayles:path:5', value=3, outcome='N', winning_moves=(PositionMove(move='3', cells=None, vertex=2),), convention='normal')
    >>> solve("cram:1x4", misere=True).winning_moves[0].move
    'a1-b1'

    """
    spec = _spec(spec)
    texts = [str(h) for h in integers(heaps, "heaps", 0, None)]
    misere = flag(misere, "misere")
    max = optional_integer(max, "max")
    limit = integer(limit, "limit")
    data = json.loads(_grundy.solve(spec, texts, misere, max, limit))
    if "heaps" not in data:
        return PositionSolution(
            game=data["game"],
            value=data.get("value"),
            outcome=data["outcome"],
            winning_moves=tuple(
                PositionMove(
                    move=m["move"],
                    cells=tuple(tuple(c) for c in m["cells"]) if "cells" in m else None,
                    vertex=m.get("vertex"),
                )
                for m in data["winning_moves"]
            ),
            convention=data.get("convention", "normal"),
        )
    # Nim's heaps beyond 2^64 come as strings of digits.
    heaps = lambda hs: tuple(_int(h) for h in hs)  # noqa: E731
    return _build(
        Solution,
        data,
        heaps=heaps,
        values=heaps,
        nim_sum=_int,
        winning_moves=lambda ms: tuple(
            SumMove(heap=m["heap"], from_=_int(m["from"]), to=heaps(m["to"])) for m in ms
        ),
    )


@dataclass(frozen=True)
class GraphNode:
    """One node of a game graph (``grundy graph --json``): its outcome
    (``"N"``, ``"P"`` or ``"D"`` for a draw) and its value, an int or
    ``"inf"`` for a loopy node, whose ``escape`` lists the finite values
    among its options."""

    node: str
    outcome: str
    value: Union[int, str]
    escape: Optional[Tuple[int, ...]]


class Graph:
    """A finite game graph, cycles allowed, analysed on construction.

    >>> g = Graph([("a", "b"), ("b", "c")])
    >>> g.values
    {'a': 0, 'b': 1, 'c': 0}
    >>> loop = Graph([("x", "y"), ("y", "x"), ("y", "end")])
    >>> loop.outcomes
    {'x': 'P', 'y': 'N', 'end': 'P'}
    >>> Graph([("a", "b"), ("b", "a")]).loopy
    {'a': (), 'b': ()}

    Misère play (the player who cannot move wins), as ``grundy graph FILE
    --misere``, ``--genus`` and ``--misere --canonical`` give it:

    >>> g.misere
    {'a': ('N', 1), 'b': ('P', 0), 'c': ('N', 1)}
    >>> g.genus
    {'a': '0^120', 'b': '1^031', 'c': '0^120'}
    >>> g.misere_forms()
    {'a': '0', 'b': '*', 'c': '0'}
    """

    def __init__(self, edges: Iterable[Tuple[str, str]] = (), nodes: Iterable[str] = ()):
        """A graph from ``(from, to)`` edges and, optionally, nodes with no
        edges (or to fix the order of nodes)."""
        pairs = []
        for i, e in enumerate(edges):
            try:
                a, b = e
            except (TypeError, ValueError):
                raise ValueError(f"edge {i + 1}: {e!r} is not a (from, to) pair") from None
            pairs.append((str(a), str(b)))
        names = [str(n) for n in nodes]
        self._source: Tuple[str, Any, Any] = ("edges", names, pairs)
        self._set(_grundy.graph_from_edges(names, pairs))

    @classmethod
    def from_file(cls, path: Union[str, os.PathLike], format: Optional[str] = None) -> "Graph":
        """Reads a graph file as ``grundy graph FILE`` does: an edge list
        (``FROM TO`` per line, ``#`` comments) or, for ``.json`` files or
        ``format="json"``, ``{"nodes": [...], "edges": [[FROM, TO], ...]}``."""
        path = os.fspath(path)
        if format is None:
            format = "json" if str(path).lower().endswith(".json") else "edges"
        with open(path, encoding="utf-8") as f:
            text = f.read()
        return cls.from_text(text, format)

    @classmethod
    def from_text(cls, text: str, format: str = "edges") -> "Graph":
        """A graph from the text of an edge list or a JSON graph."""
        graph = cls.__new__(cls)
        graph._source = ("text", text, format)
        graph._set(_grundy.graph_from_text(text, format))
        return graph

    def _set(self, text: str) -> None:
        data = json.loads(text)
        self.nodes: Tuple[GraphNode, ...] = tuple(_build(GraphNode, n) for n in data["nodes"])
        self.node_count: int = data["node_count"]
        self.edge_count: int = data["edge_count"]

    @property
    def values(self) -> Dict[str, Optional[int]]:
        """Each node's Grundy value, ``None`` for a loopy (infinite) one."""
        return {n.node: (n.value if n.value != "inf" else None) for n in self.nodes}

    @property
    def outcomes(self) -> Dict[str, str]:
        """Each node's outcome: ``"N"``, ``"P"`` or ``"D"`` (draw)."""
        return {n.node: n.outcome for n in self.nodes}

    @property
    def loopy(self) -> Dict[str, Tuple[int, ...]]:
        """The loopy nodes (value ∞) and their escape sets."""
        return {n.node: n.escape for n in self.nodes if n.value == "inf"}

    def _view(self, view: str, max_forms: Optional[int] = None) -> Dict[str, Any]:
        kind, first, second = self._source
        compute = _grundy.graph_view_from_edges if kind == "edges" else _grundy.graph_view_from_text
        return json.loads(compute(first, second, view, max_forms))

    @property
    def misere(self) -> Dict[str, Tuple[str, Optional[int]]]:
        """Each node's misère outcome (``"N"``, ``"P"`` or ``"D"`` for a
        draw: graphs with cycles are allowed) and misère nim value
        (``None`` on a draw), as ``grundy graph FILE --misere``."""
        return {node: (a["outcome"], a["value"]) for node, a in self._view("misere").items()}

    @property
    def genus(self) -> Dict[str, str]:
        """Each node's Conway genus ``g^γ0γ1…`` (``"2^31"``), as ``grundy
        graph FILE --genus``; for graphs without cycles (a ``ValueError``
        names how many nodes lie on or lead into one)."""
        return self._view("genus")

    def misere_forms(self, max_forms: Optional[int] = None) -> Dict[str, str]:
        """Each node's misère canonical form in CGSuite's notation
        (``"*[2[2]321]"``), as ``grundy graph FILE --misere --canonical``;
        for graphs without cycles. Past ``max_forms`` distinct forms (about
        a million by default) a ``ValueError`` says so."""
        max_forms = optional_integer(max_forms, "max_forms", 1)
        return {node: a["form"] for node, a in self._view("canonical", max_forms).items()}

    def __repr__(self) -> str:
        nodes = "node" if self.node_count == 1 else "nodes"
        edges = "edge" if self.edge_count == 1 else "edges"
        return f"Graph({self.node_count} {nodes}, {self.edge_count} {edges})"

