"""The census of a family of games, on Dask."""

from __future__ import annotations

import csv
import io
import json
import os
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

from . import _grundy
from ._args import integer, require, text

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
    of ``G(0..=checked_to)`` are rare, the values ``g`` with an even number
    of 1 bits in ``g & rare_mask`` (Flammenkamp's "rare mask"); ``same_as``
    lists the trivially equivalent codes counted with this one."""

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
    family = text(family, "family", "octal:2")
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


#: The header of a census file, as ``grundy census --out FILE.csv`` writes it.
HEADER = COLUMNS + ["to", "family"]

#: The header of the files written before rows named their family: resumed
#: when every row is a game of the family asked for, as the CLI does.
OLD_HEADER = COLUMNS + ["to"]


def _family_name(family: str) -> str:
    """The family as a census file names it (``octal:2``); ``family`` has
    been checked by :func:`census_members`."""
    name, *numbers = family.lower().split(":")
    return ":".join([name] + [str(int(n)) for n in numbers])


def _csv_row(row: Dict[str, Any], to: int, family: str) -> List[str]:
    """A row in the CLI's CSV format: empty fields for an unknown period,
    the equivalent codes joined by spaces, then the census's ``to`` and
    family."""
    cells = []
    for key in COLUMNS:
        value = row[key]
        if key == "same_as":
            value = " ".join(value)
        cells.append("" if value is None else str(value))
    return cells + [str(to), family]


def _read_rows(
    path: str, to: int, family: str, members: List[Tuple[str, Tuple[str, ...]]]
) -> Dict[str, Dict[str, Any]]:
    """The rows of an earlier census of ``family`` to ``to`` kept in
    ``path`` (none when it does not exist), by game; a line cut short by a
    stop is skipped, as the CLI does. A file of another census raises
    ``ValueError`` naming what it holds."""
    try:
        handle = open(path, newline="")
    except FileNotFoundError:
        return {}
    with handle:
        text = handle.read()
    if not text:
        return {}
    # What follows the last newline is a row a stop cut short.
    whole = text[: text.rfind("\n") + 1]
    same_as = dict(members)
    rows: Dict[str, Dict[str, Any]] = {}
    old = False
    for number, cells in enumerate(csv.reader(io.StringIO(whole or text)), start=1):
        if number == 1:
            if cells not in (HEADER, OLD_HEADER):
                raise ValueError(
                    f"{path}: line 1 is not the header of a census table "
                    f"({','.join(HEADER)}); give another out"
                )
            old = cells == OLD_HEADER
            continue
        if len(cells) != (len(OLD_HEADER) if old else len(HEADER)):
            continue
        if not old and cells[-1] != family:
            try:
                census_members(cells[-1])
            except ValueError:
                continue
            raise ValueError(
                f"{path} holds a census of {cells[-1]} (line {number}), not of {family}; "
                "give another out"
            )
        try:
            row_to = int(cells[len(COLUMNS)])
        except ValueError:
            continue
        if row_to != to:
            raise ValueError(
                f"{path} holds a census to {row_to} (line {number}), not to {to}; "
                "give another out"
            )
        try:
            row: Dict[str, Any] = dict(zip(COLUMNS, cells))
            for key in ("max_value", "max_at", "rare_count", "checked_to", "rare_mask"):
                row[key] = int(row[key])
            for key in ("preperiod", "period"):
                row[key] = int(row[key]) if row[key] else None
        except ValueError:
            continue
        if row["status"] not in ("periodic", "unknown"):
            continue
        row["same_as"] = tuple(row["same_as"].split())
        if row["game"] not in same_as or row["same_as"] != same_as[row["game"]]:
            # A row that names the family but not one of its games is
            # damaged and computed again; without the family column, it
            # says the file is another family's.
            if not old:
                continue
            raise ValueError(
                f"{path} holds a census of another family: {row['game']} (line {number}) "
                f"is not a game of {family} as it counts them; give another out"
            )
        rows.setdefault(row["game"], row)
    return rows


def _write_table(path: str, rows: List[Dict[str, Any]], to: int, family: str) -> None:
    """Writes the whole table through a temporary file flushed to disk and
    a rename, so a stop or a crash never leaves half of it."""
    tmp = path + ".tmp"
    with open(tmp, "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(HEADER)
        for row in rows:
            writer.writerow(_csv_row(row, to, family))
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)


def census(family: str, to: int, client: Any = None, block: int = 8, out: Any = None):
    """The census of every game of ``family`` up to ``G(to)``, computed on a
    Dask cluster, as a pandas DataFrame with one row per game (in the
    family's order) and the columns of ``grundy census``.

    ``client`` is a ``dask.distributed.Client`` (for a running scheduler:
    ``Client("tcp://host:8786")``); without one a ``LocalCluster`` is started
    for the call and closed after it. Games are sent to the workers in
    blocks of ``block``.

    ``out`` (a path ending in ``.csv``) keeps the table on disk in the
    CLI's format (``grundy census --out``): each finished block is appended
    as it comes back, a later call with the same ``out`` and ``to`` skips
    the games already there (so a census stopped by Ctrl-C or a lost
    cluster goes on where it was), and at the end the file is rewritten in
    the family's order. A file of another family or another ``to`` raises
    ``ValueError`` before anything is written to it; the CLI and this
    function can resume each other's file.

    >>> df = census("sub:1:3", 100)  # doctest: +SKIP
    >>> list(df.game)  # doctest: +SKIP
    ['sub{1}', 'sub{2}', 'sub{3}']
    """
    pd = require("pandas", "grundy.census builds its table", "pandas")
    members = census_members(family)
    to = integer(to, "to", 0, _grundy.MAX_VALUES)
    block = integer(block, "block", 1, None)
    done: Dict[str, Dict[str, Any]] = {}
    if out is not None:
        out = os.fspath(out)
        if not out.lower().endswith(".csv"):
            raise ValueError(f"out {out}: the table is written as .csv (DataFrame.to_parquet for parquet)")
        name = _family_name(family)
        done = _read_rows(out, to, name, members)
        # Written afresh with the rows it vouched for (a row a stop cut
        # short is dropped, an older file gains its family column) before
        # rows are appended to it.
        _write_table(out, [done[game] for game, _ in members if game in done], to, name)
    todo = [m for m in members if m[0] not in done]
    own = None
    if todo and client is None:
        distributed = require("dask.distributed", "grundy.census runs", "'dask[distributed]'")
        own = distributed.LocalCluster(processes=True, threads_per_worker=1, dashboard_address=None)
        client = distributed.Client(own)
    try:
        if todo:
            from dask.distributed import as_completed

            blocks = [todo[i : i + block] for i in range(0, len(todo), block)]
            futures = [client.submit(_block, b, to, pure=False) for b in blocks]
            try:
                for future in as_completed(futures):
                    part = future.result()
                    for row in part:
                        done[row["game"]] = row
                    if out is not None:
                        with open(out, "a", newline="") as handle:
                            writer = csv.writer(handle, lineterminator="\n")
                            for row in part:
                                writer.writerow(_csv_row(row, to, name))
            finally:
                client.cancel(futures)
    finally:
        if own is not None:
            client.close()
            own.close()
    rows = [done[game] for game, _ in members]
    if out is not None:
        _write_table(out, rows, to, name)
    df = pd.DataFrame(rows, columns=COLUMNS)
    df["same_as"] = df["same_as"].map(lambda codes: " ".join(codes))
    for column in ("preperiod", "period"):
        df[column] = df[column].astype("Int64")
    return df
