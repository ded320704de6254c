import os
import shutil

import pytest


@pytest.fixture(scope="session")
def grundy_bin():
    """The `grundy` CLI: $GRUNDY_BIN (the Rust test that runs pytest sets
    it), else one on PATH; tests that compare with it skip without one."""
    path = os.environ.get("GRUNDY_BIN") or shutil.which("grundy")
    if not path:
        pytest.skip("no grundy CLI: set GRUNDY_BIN")
    return path
