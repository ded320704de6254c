"""The examples in the docstrings run."""

import doctest

import grundy
import grundy._api
import grundy._args
import grundy._census
import grundy._game
import grundy._genus
import grundy._plot


def test_docstring_examples():
    import matplotlib

    matplotlib.use("Agg")
    for module in (grundy, grundy._api, grundy._args, grundy._census, grundy._game, grundy._genus, grundy._plot):
        failed, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert failed == 0, module.__name__
        assert tried > 0, module.__name__
