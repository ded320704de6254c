"""G(n) against n with matplotlib."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from ._args import require


def plot(spec: str, to: int, start: int = 0, ax: Any = None, path: Optional[str] = None):
    """Draws ``G(n)`` against ``n`` for ``start <= n <= to`` as a scatter
    plot (rare values stand out as isolated points), marking the preperiod
    and one period when they are proved and fall in the range. Returns the
    matplotlib ``Axes``; with ``path`` also saves the figure there (``.svg``,
    ``.png``, ...).

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = plot("kayles", 200)
    >>> ax.get_title()
    'G(n) of 0.77, n = 0..200: periodic from 71, period 12'
    """
    plt = require("matplotlib.pyplot", "grundy.plot draws", "matplotlib")
    from ._api import canonical, period, values

    g = values(spec, to, start)
    game = canonical(spec)
    if ax is None:
        _, ax = plt.subplots(figsize=(10, 4))
    n = np.arange(start, to + 1)
    size = 10 if len(n) <= 2000 else 0.5
    ax.scatter(n, g, s=size, marker="o", color="#1f4e79", linewidths=0)
    title = f"G(n) of {game}, n = {start}..{to}"
    found = period(spec)
    if found.status == "periodic" and found.saltus == 0:
        pre, p = found.preperiod, found.period
        title += f": periodic from {pre}, period {p}"
        if start <= pre <= to:
            ax.axvline(pre, color="#c0392b", linewidth=1, label=f"preperiod n0 = {pre}")
        if pre + p <= to:
            lo = max(pre, start)
            ax.axvspan(lo, pre + p, color="#f5b041", alpha=0.3, label=f"one period, p = {p}")
        ax.legend(loc="upper left")
    elif found.status != "periodic":
        title += f": no period proved (G(0..{found.checked_to}) checked)"
    ax.set_title(title)
    ax.set_xlabel("n")
    ax.set_ylabel("G(n)")
    ax.set_xlim(start, to)
    ax.set_ylim(bottom=-0.5)
    if path is not None:
        ax.figure.savefig(path, bbox_inches="tight")
    return ax
