"""Bad input raises ValueError with the library's located message; long
work stops on Ctrl-C."""

import os
import signal
import threading
import time

import pytest

import grundy


def test_bad_spec_says_where():
    with pytest.raises(ValueError, match=r'bad game spec "0\.7x": at byte 3: expected an octal or hexadecimal digit'):
        grundy.values("0.7x", 10)
    with pytest.raises(ValueError, match="at byte"):
        grundy.period("sub{1,,3}")


def test_bad_arguments():
    with pytest.raises(ValueError, match="start 5 is larger than to 3"):
        grundy.values("kayles", 3, start=5)
    with pytest.raises(ValueError, match=r"heaps\[1\]"):
        grundy.nim([1, -3])
    with pytest.raises(ValueError, match="line 2"):
        grundy.Graph.from_text("a b\na b c\n")
    with pytest.raises(ValueError, match=r'bad census family "octal:9": at byte 6'):
        grundy.census_members("octal:9")


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT to itself")
def test_ctrl_c_stops_a_long_computation_within_a_second():
    # A hexadecimal code's values cost O(n^2) each: 10^6 of them would take
    # far longer than this test.
    fired = []

    def interrupt():
        fired.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    # A process started in the background by a non-interactive shell
    # inherits SIGINT ignored, and Python then installs no handler: the
    # signal would be lost and the computation run on. Ctrl-C at a
    # terminal always has the default handler; so does this test.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.5, interrupt)
    timer.start()
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            grundy.values("0.F7", 1_000_000)
    finally:
        stopped = time.monotonic()
        timer.join()
        signal.signal(signal.SIGINT, previous)
    assert fired, "the computation finished before the interrupt"
    assert stopped - fired[0] < 1.0
    assert stopped - start < 5


def test_a_bad_simd_level_is_refused_at_import():
    """GRUNDY_SIMD naming no level is an error that names it, as in the
    CLI, not a level silently replaced."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, GRUNDY_SIMD="avx9")
    done = subprocess.run(
        [sys.executable, "-c", "import grundy"], env=env, capture_output=True, text=True
    )
    assert done.returncode != 0
    assert "GRUNDY_SIMD=avx9" in done.stderr
    env["GRUNDY_SIMD"] = "portable"
    ok = subprocess.run(
        [sys.executable, "-c", "import grundy; print(grundy.nim([3, 5, 7]).outcome)"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.strip() == "N"
