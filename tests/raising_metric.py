"""A dining metric whose checker raises, for proving that ``adk eval`` then fails the case.

Eval configs in tests name it as ``tests.raising_metric.everyone_ate``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NoReturn

from checkers.adk.custom_metric import adk_metric
from domains.dining.metrics import EVERYONE_ATE


def _raise(*_: object) -> NoReturn:
    raise RuntimeError("a checker bug that surfaces only on this input")


everyone_ate = adk_metric(replace(EVERYONE_ATE, judge=_raise))
