import _thread
import contextlib
import os
import shutil
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
    `seconds` into the block, which must stop with KeyboardInterrupt."""

    @contextlib.contextmanager
    def after(seconds):
        timer = threading.Timer(seconds, _thread.interrupt_main)
        timer.start()
        try:
            with pytest.raises(KeyboardInterrupt):
                yield
        finally:
            timer.cancel()

    return after
