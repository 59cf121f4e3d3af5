"""What every customer-service domain's ``no_fabrication`` check concludes the same way, once
its own evidence has found what each agent sentence states without support."""

from __future__ import annotations

from collections.abc import Sequence

from checkers.results import Outcome as ResultOutcome
from checkers.results import RequirementResult
from checkers.service_checks import Make
from checkers.text import and_more, plural

__all__ = ["STATEMENTS_REASONS", "statements_result"]

STATEMENTS_REASONS = {
    "all_statements_supported": "pass: every stated fact came from a tool or the customer first",
}
"""The pass every ``no_fabrication`` check gives when something was stated (a domain adds its
``no_statements`` and failure codes)."""


def statements_result(
    make: Make, problems: Sequence[tuple[str, str]], statements: int, none: str, every: str
) -> RequirementResult:
    """The verdict on the agent's statements: the first of ``problems`` (reason code, what was
    unsupported) fails it, the reason counting the rest; else it passes, ``no_statements`` when
    ``statements`` is 0 ("the agent stated no {none}"), else ``all_statements_supported`` ("every
    {every} in N statements came from a tool or the customer before it was said")."""
    if problems:
        lines = [what for _, what in problems]
        return make(ResultOutcome.FAIL, problems[0][0], and_more(lines, "unsupported statement"))
    if not statements:
        return make(ResultOutcome.PASS, "no_statements", f"the agent stated no {none}")
    return make(
        ResultOutcome.PASS,
        "all_statements_supported",
        f"every {every} in {plural(statements, 'statement')} came from a tool or the customer "
        "before it was said",
    )
