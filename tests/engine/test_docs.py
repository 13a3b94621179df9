"""The runnable examples in the engine's docstrings stay true."""

from __future__ import annotations

import doctest

import pytest

import play.engine
from play.engine import actions, content


@pytest.mark.parametrize("module", [play.engine, actions, content])
def test_docstring_examples_run(module) -> None:
    result = doctest.testmod(module, extraglobs={"tiny_pack": play.engine.tiny_pack})
    assert result.attempted > 0 and result.failed == 0
