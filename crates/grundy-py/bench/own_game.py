"""What a game defined in Python costs per position, against the same game
built in: subtraction game sub{1,2,3} (N heaps, one position each) through
``@grundy.game`` and ``grundy.heap_game``, the options function alone, the
Rust valuation of the explored graph alone, and ``grundy.values``.

    python crates/grundy-py/bench/own_game.py [N]

Each figure is the best of three runs, in one process; on a busy machine
the ratios are the figures to read.
"""

import sys
import time

import grundy
from grundy import _grundy

N = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000


def options(n):
    return [n - k for k in (1, 2, 3) if k <= n]


def best(f, runs=3):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def python_game():
    assert grundy.value(grundy.game(options), N, progress=False) == N % 4


def options_alone():
    for n in range(N + 1):
        options(n)


def explored():
    g = grundy.game(options)
    return g._explore([g._id(N, N + 1)], False, True, True, N + 1, False)


arrays = explored()[1:]


def rust_alone():
    _grundy.user_values(*arrays, False, 4096)


def heap_game():
    grundy.heap_game(options).values(N)


def built_in():
    grundy.values("sub{1,2,3}", N)


rows = [
    ("@grundy.game value(game, N)", best(python_game)),
    ("  of which options() alone", best(options_alone)),
    ("  of which the explore loop", best(explored)),
    ("  of which user_values (Rust)", best(rust_alone)),
    ("grundy.heap_game(rule).values(N)", best(heap_game)),
    ("grundy.values('sub{1,2,3}', N) built in", best(built_in)),
]
base = rows[-1][1]
print(f"sub{{1,2,3}}, N = {N} positions")
for name, t in rows:
    print(f"{name:42} {t:8.3f} s {t / (N + 1) * 1e9:9.0f} ns/position {t / base:8.0f}x built in")
