"""The checks every public function makes on its arguments before the
engine sees them, so that each mistake is told the same way: a value of
the wrong type is a ``TypeError`` (``True`` and ``5.5`` are not heap
sizes, nor is ``"5 7"`` a list of them), an integer out of range a
``ValueError``, each naming the argument (``heaps[1]``) and what it takes.
"""

from __future__ import annotations

import operator
from typing import Any, Iterable, List, Optional

import numpy as np

#: The largest value of an unsigned 64-bit integer, the engine's bound on
#: every count it takes.
U64_MAX = 2**64 - 1


def _shown(value: Any) -> str:
    """The type and value of a wrong argument, as the errors show it."""
    text = repr(value)
    if len(text) > 40:
        text = text[:37] + "..."
    return f"{type(value).__name__} ({text})"


def integer(value: Any, name: str, low: int = 0, high: Optional[int] = U64_MAX, what: str = "") -> int:
    """``value`` as an ``int``: a Python or numpy integer (not a bool) from
    ``low`` to ``high`` (no upper bound when ``high`` is ``None``).

    >>> integer(7, "to")
    7
    >>> integer(5.5, "heaps[0]")
    Traceback (most recent call last):
    ...
    TypeError: heaps[0] must be an integer, not float (5.5)
    >>> integer(-5, "max")
    Traceback (most recent call last):
    ...
    ValueError: max must be from 0 to 18446744073709551615, not -5
    """
    # Booleans are integers to Python, but True is not a heap of one token.
    if isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be an integer, not {_shown(value)}")
    try:
        n = operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an integer, not {_shown(value)}") from None
    if n < low or (high is not None and n > high):
        bound = f"{low} or more" if high is None else f"from {low} to {high}"
        suffix = f" ({what})" if what else ""
        raise ValueError(f"{name} must be {bound}{suffix}, not {n}")
    return n


def optional_integer(value: Any, name: str, low: int = 0, high: Optional[int] = U64_MAX) -> Optional[int]:
    """:func:`integer`, or ``None`` for ``None``."""
    return None if value is None else integer(value, name, low, high)


def integers(values: Any, name: str, low: int = 0, high: Optional[int] = U64_MAX, what: str = "") -> List[int]:
    """A list or other iterable of integers, each checked by :func:`integer`
    and named by its index (``heaps[2]``). A string is not a list of heaps.

    >>> integers((3, 5), "heaps")
    [3, 5]
    >>> integers("5 7", "heaps")
    Traceback (most recent call last):
    ...
    TypeError: heaps must be a list of integers, not str ('5 7')
    """
    if isinstance(values, (str, bytes, bytearray)) or not isinstance(values, Iterable):
        raise TypeError(f"{name} must be a list of integers, not {_shown(values)}")
    return [integer(v, f"{name}[{i}]", low, high, what) for i, v in enumerate(values)]


def flag(value: Any, name: str) -> bool:
    """``value`` as a ``bool``: ``True`` or ``False`` (numpy's too), nothing
    else (``"no"`` would be true).

    >>> flag(False, "misere")
    False
    >>> flag("yes", "misere")
    Traceback (most recent call last):
    ...
    TypeError: misere must be True or False, not str ('yes')
    """
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, not {_shown(value)}")
    return bool(value)


def text(value: Any, name: str, example: str) -> str:
    """``value`` as a ``str``, such as a game spec.

    >>> text(77, "spec", "kayles")
    Traceback (most recent call last):
    ...
    TypeError: spec must be a string such as 'kayles', not int (77)
    """
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a string such as {example!r}, not {_shown(value)}")
    return value


def require(module: str, purpose: str, install: str):
    """Imports an optional dependency, or says what to install.

    >>> require("no_such_module_here", "grundy.plot draws", "no-such-package")
    Traceback (most recent call last):
    ...
    ModuleNotFoundError: grundy.plot draws with no_such_module_here, which is not installed: pip install no-such-package
    """
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as e:
        package = module.split(".")[0]
        raise ModuleNotFoundError(
            f"{purpose} with {package}, which is not installed: pip install {install}",
            name=package,
        ) from e
