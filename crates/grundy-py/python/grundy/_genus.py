"""Conway's genus of a sum of heaps or of a whole position."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Optional, Sequence, Tuple

from . import _grundy
from ._args import integers, text
from ._game import Game, user_genus


@dataclass(frozen=True)
class Genus:
    """Conway's genus ``g^γ0γ1…`` of a position: ``value`` is the
    normal-play Grundy value ``g``; ``gammas[k]`` is the misère Grundy value
    of the position with ``k`` Nim heaps of 2 beside it, up to where the
    values alternate (``gammas[0] == 0`` exactly at a misère P-position)."""

    game: str
    genus: str
    value: int
    gammas: Tuple[int, ...]
    outcome: str
    misere_outcome: str


def genus(
    spec: Any, heaps: Any = (), *, max_positions: Optional[int] = None, progress: Any = None
) -> Genus:
    """The genus of the sum of ``heaps`` of a heap game (each at most 4096),
    or of a whole position (a board or a graph, no heaps). The search is
    exhaustive; Ctrl-C stops it with ``KeyboardInterrupt``.

    >>> genus("kayles", [4, 7]).genus
    '3^31'
    >>> g = genus("cram:3x3")
    >>> (g.value, g.gammas, g.outcome, g.misere_outcome)
    (0, (1, 2, 0), 'P', 'N')

    For a game made by ``@grundy.game`` the second argument is the start
    position, whose genus is computed from the positions explored
    (``max_positions`` and ``progress`` as for ``grundy.value``; positions
    are not split); ``game`` is the options function's name.

    >>> import grundy
    >>> @grundy.game
    ... def nim(heaps):
    ...     return [heaps[:i] + (k,) + heaps[i + 1:] for i, h in enumerate(heaps) for k in range(h)]
    >>> [genus(nim, (h,)).genus for h in range(4)]
    ['0^120', '1^031', '2^20', '3^31']
    """
    if isinstance(spec, Game):
        value, gammas, symbol = user_genus(spec, heaps, max_positions, progress)
        return Genus(
            game=spec.__name__,
            genus=symbol,
            value=value,
            gammas=gammas,
            outcome="P" if value == 0 else "N",
            misere_outcome="P" if gammas[0] == 0 else "N",
        )
    spec = text(spec, "spec", "kayles")
    texts = [str(h) for h in integers(heaps, "heaps")]
    data = json.loads(_grundy.genus(spec, texts))
    return Genus(
        game=data["game"],
        genus=data["genus"],
        value=data["value"],
        gammas=tuple(data["gammas"]),
        outcome=data["outcome"],
        misere_outcome=data["misere_outcome"],
    )
