"""Impartial combinatorial games from Python: Grundy values as numpy arrays,
proved periods, sums of heaps, game graphs, plots and censuses of families
of games.

Games of your own are functions from a position to its options, made a
game by ``@grundy.game`` (``value``, ``outcome``, ``winning_moves``,
``misere_value``, ``genus``, ``graph``) or ``grundy.heap_game``.

The engine is grundy's Rust library. Every function takes a game spec as the
``grundy`` command line does (``"kayles"``, ``"0.77"``, ``"sub{1,3,4}"``,
``"grundy-game"``) and answers with the same fields as the CLI's ``--json``.
Long computations release the GIL and stop on Ctrl-C (``KeyboardInterrupt``)
within a second. An argument of the wrong type (``5.5`` or ``True`` for a
heap) raises ``TypeError`` and an integer out of range ``ValueError``, each
naming the argument; a bad spec raises ``ValueError`` with the library's
message, which says where the problem is.

>>> import grundy
>>> grundy.values("kayles", 10)
array([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2], dtype=uint8)
>>> p = grundy.period("kayles")
>>> (p.status, p.preperiod, p.period)
('periodic', 71, 12)
>>> grundy.nim([3, 5, 7]).winning_moves[0]
NimMove(heap=0, from_=3, to=2)
>>> @grundy.game                      # your own game: the options of a position
... def take_1_or_2(n):
...     return [n - k for k in (1, 2) if k <= n]
>>> grundy.value(take_1_or_2, 10), grundy.outcome(take_1_or_2, 9)
(1, 'P')
>>> grundy.values("0.7x", 10)
Traceback (most recent call last):
...
ValueError: bad game spec "0.7x": at byte 3: expected an octal or hexadecimal digit, found 'x'
"""

from ._grundy import __version__
from ._api import (
    Graph,
    GraphNode,
    Nim,
    NimMove,
    PositionMove,
    PositionSolution,
    Period,
    Quotient,
    Solution,
    SumMove,
    canonical,
    nim,
    period,
    quotient,
    solve,
    values,
)
from ._game import (
    ApparentPeriod,
    Game,
    HeapGame,
    Loopy,
    PositionLimit,
    game,
    graph,
    heap_game,
    misere_value,
    outcome,
    value,
    winning_moves,
)
from ._census import CensusRow, census, census_members
from ._genus import Genus, genus
from ._plot import plot

__all__ = [
    "values",
    "period",
    "solve",
    "quotient",
    "Quotient",
    "nim",
    "canonical",
    "Graph",
    "GraphNode",
    "Nim",
    "NimMove",
    "Period",
    "Solution",
    "SumMove",
    "PositionSolution",
    "PositionMove",
    "CensusRow",
    "census",
    "census_members",
    "genus",
    "Genus",
    "plot",
    "game",
    "value",
    "outcome",
    "winning_moves",
    "misere_value",
    "graph",
    "heap_game",
    "Game",
    "HeapGame",
    "Loopy",
    "ApparentPeriod",
    "PositionLimit",
]
