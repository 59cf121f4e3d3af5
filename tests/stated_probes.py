"""An attack on the stated-status reader (:class:`checkers.stated.Stated`) and on figure binding
(:mod:`checkers.binding`), kept as data: ``tests/probes/stated.jsonl``, 469 sentences an agent
might write, each with what an honest reader takes it to say.

Each line: ``judge`` (``orders``: the orders ``no_fabrication`` verdict on one agent sentence
about Mei Martin's pending #W7017301; ``items`` and ``two_orders``: figures of her orders' items
and of two orders; ``airline``: whether the airline reader reads the status ``word`` as stated),
``sentence``, ``expected`` (``pass``/``fail``, or ``stated``/``not``), ``tag`` (the form tried),
and ``known_gap`` where the checkers read it otherwise today, with why: those are strict
expected failures, so a fix shows as an unexpected pass to be recorded. The attack found 100
false passes and 138 false fails; what is left is listed in the file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

PROBES_FILE = Path(__file__).parent / "probes" / "stated.jsonl"


def probes(*judges: str) -> list[Any]:
    """The probes of ``judges`` as pytest parameters, a known gap marked strict xfail."""
    found = []
    for line in PROBES_FILE.read_text(encoding="utf-8").splitlines():
        probe = json.loads(line)
        if probe["judge"] not in judges:
            continue
        gap = probe.get("known_gap")
        marks = [pytest.mark.xfail(strict=True, reason=gap)] if gap else []
        found.append(
            pytest.param(probe, id=f"{probe['tag']}-{probe['sentence'][:40]}", marks=marks)
        )
    return found
