import _thread
import contextlib
import os
import shutil
import signal
import threading

import pytest


@pytest.fixture(scope="session")
def grundy_bin():
    """The `grundy` CLI: $GRUNDY_BIN (the Rust test that runs pytest sets
    it), else one on PATH; tests that compare with it skip without one."""
    path = os.environ.get("GRUNDY_BIN") or shutil.which("grundy")
    if not path:
        pytest.skip("no grundy CLI: set GRUNDY_BIN")
    return path


@pytest.fixture
def ctrl_c():
    """`with ctrl_c(seconds):` presses Ctrl-C (interrupts the main thread)
    `seconds` into the block, which must stop with KeyboardInterrupt.

    Python's own handler is installed for the block, as at a terminal: a
    process started in the background by a non-interactive shell inherits
    SIGINT ignored, and then `interrupt_main` does nothing and the block
    would run on to its position limit."""

    @contextlib.contextmanager
    def after(seconds):
        previous = signal.signal(signal.SIGINT, signal.default_int_handler)
        timer = threading.Timer(seconds, _thread.interrupt_main)
        timer.start()
        try:
            with pytest.raises(KeyboardInterrupt):
                yield
        finally:
            timer.cancel()
            signal.signal(signal.SIGINT, previous)

    return after
