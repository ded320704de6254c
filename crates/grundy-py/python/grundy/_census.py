"""The census of a family of games, on Dask."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

from . import _grundy

#: The columns of a census table, in the order the CLI writes them.
COLUMNS = [
    "game",
    "status",
    "preperiod",
    "period",
    "max_value",
    "max_at",
    "rare_count",
    "checked_to",
    "rare_mask",
    "same_as",
]


@dataclass(frozen=True)
class CensusRow:
    """One game's line of a census (``grundy census --json``): ``status`` is
    ``"periodic"`` (with ``preperiod`` and ``period`` proved) or
    ``"unknown"``; ``max_value`` first occurs at ``max_at``; ``rare_count``
    of ``G(0..=checked_to)`` are rare for the rare/common split by
    ``rare_mask``; ``same_as`` lists the trivially equivalent codes counted
    with this one."""

    game: str
    status: str
    preperiod: Optional[int]
    period: Optional[int]
    max_value: int
    max_at: int
    rare_count: int
    checked_to: int
    rare_mask: int
    same_as: Tuple[str, ...]


def census_members(family: str) -> List[Tuple[str, Tuple[str, ...]]]:
    """The games of a family (``octal:D``, ``hex:D``, ``sub:K:M``), each with
    the trivially equivalent codes it stands for.

    >>> census_members("octal:1")[:3]
    [('0.0', ()), ('0.1', ()), ('0.2', ())]
    """
    return [(m["game"], tuple(m["same_as"])) for m in json.loads(_grundy.census_members(family))]


def _row(game: str, same_as: Tuple[str, ...], to: int) -> CensusRow:
    data = json.loads(_grundy.census_game(game, to, list(same_as)))
    data["same_as"] = tuple(data["same_as"])
    return CensusRow(**{k: data[k] for k in COLUMNS})


def _block(members: List[Tuple[str, Tuple[str, ...]]], to: int) -> List[Dict[str, Any]]:
    """One Dask task: the rows of a block of games, as plain dicts."""
    out = []
    for game, same_as in members:
        row = _row(game, same_as, to)
        out.append({k: getattr(row, k) for k in COLUMNS})
    return out


def census(family: str, to: int, client: Any = None, block: int = 8):
    """The census of every game of ``family`` up to ``G(to)``, computed on a
    Dask cluster, as a pandas DataFrame with one row per game (in the
    family's order) and the columns of ``grundy census``.

    ``client`` is a ``dask.distributed.Client`` (for a running scheduler:
    ``Client("tcp://host:8786")``); without one a ``LocalCluster`` is started
    for the call and closed after it. Games are sent to the workers in
    blocks of ``block``.

    >>> df = census("sub:1:3", 100)  # doctest: +SKIP
    >>> list(df.game)  # doctest: +SKIP
    ['sub{1}', 'sub{2}', 'sub{3}']
    """
    import pandas as pd

    members = census_members(family)
    to = int(to)
    own = None
    if client is None:
        from dask.distributed import Client, LocalCluster

        own = LocalCluster(processes=True, threads_per_worker=1, dashboard_address=None)
        client = Client(own)
    try:
        blocks = [members[i : i + block] for i in range(0, len(members), max(1, block))]
        futures = [client.submit(_block, b, to, pure=False) for b in blocks]
        rows = [row for part in client.gather(futures) for row in part]
    finally:
        if own is not None:
            client.close()
            own.close()
    df = pd.DataFrame(rows, columns=COLUMNS)
    df["same_as"] = df["same_as"].map(lambda codes: " ".join(codes))
    for column in ("preperiod", "period"):
        df[column] = df[column].astype("Int64")
    return df
