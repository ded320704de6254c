"""The census of a family of games, on Dask."""

from __future__ import annotations

import csv
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
HEADER = COLUMNS + ["to"]


def _csv_row(row: Dict[str, Any], to: int) -> List[str]:
    """A row in the CLI's CSV format: empty fields for an unknown period,
    the equivalent codes joined by spaces, and the census's ``to`` last."""
    cells = []
    for key in COLUMNS:
        value = row[key]
        if key == "same_as":
            value = " ".join(value)
        cells.append("" if value is None else str(value))
    return cells + [str(to)]


def _read_rows(path: str, to: int) -> Dict[str, Dict[str, Any]]:
    """The rows of an earlier census to ``to`` kept in ``path`` (none when
    it does not exist), by game; a line cut short by a stop is skipped, as
    the CLI does."""
    try:
        handle = open(path, newline="")
    except FileNotFoundError:
        return {}
    rows: Dict[str, Dict[str, Any]] = {}
    with handle:
        for number, cells in enumerate(csv.reader(handle), start=1):
            if number == 1:
                if cells != HEADER:
                    raise ValueError(
                        f"{path}: line 1 is not the header of a census table "
                        f"({','.join(HEADER)}); give another out"
                    )
                continue
            if len(cells) != len(HEADER):
                continue
            try:
                row_to = int(cells[-1])
            except ValueError:
                continue
            if row_to != to:
                raise ValueError(
                    f"{path} holds a census to {cells[-1]} (line {number}), not to {to}; "
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
            rows[row["game"]] = row
    return rows


def _end_line(path: str) -> None:
    """Ends a last line cut short by a stop, so that rows appended after
    it start on a line of their own."""
    with open(path, "rb+") as handle:
        handle.seek(0, os.SEEK_END)
        if handle.tell() > 0:
            handle.seek(-1, os.SEEK_END)
            if handle.read(1) != b"\n":
                handle.write(b"\n")


def _write_table(path: str, rows: List[Dict[str, Any]], to: int) -> None:
    """Writes the whole table through a temporary file and a rename, so a
    stop never leaves half of it."""
    tmp = path + ".tmp"
    with open(tmp, "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(HEADER)
        for row in rows:
            writer.writerow(_csv_row(row, to))
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
    the family's order. A file of another census or another ``to`` raises
    ``ValueError``; the CLI and this function can resume each other's file.

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
        done = _read_rows(out, to)
        if not os.path.exists(out):
            with open(out, "w", newline="") as handle:
                csv.writer(handle, lineterminator="\n").writerow(HEADER)
        else:
            _end_line(out)
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
                                writer.writerow(_csv_row(row, to))
            finally:
                client.cancel(futures)
    finally:
        if own is not None:
            client.close()
            own.close()
    rows = [done[game] for game, _ in members]
    if out is not None:
        _write_table(out, rows, to)
    df = pd.DataFrame(rows, columns=COLUMNS)
    df["same_as"] = df["same_as"].map(lambda codes: " ".join(codes))
    for column in ("preperiod", "period"):
        df[column] = df[column].astype("Int64")
    return df
