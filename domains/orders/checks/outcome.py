"""``outcome``: the database the agent's calls leave is the one the expected actions leave.

Each check declares its reason codes with it (``reasons=``, collected in
:data:`~domains.orders.checks.context.REASONS`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from checkers.results import Outcome as ResultOutcome
from checkers.results import RequirementResult
from checkers.text import plural
from checkers.transcript import brief_json
from domains.orders.checks.context import OrdersContext, check_for, error_of, maker
from domains.orders.data_files import bundled_database
from domains.orders.models import Action, Database, Outcome
from domains.orders.service import WRITES, final_database


@lru_cache(maxsize=256)
def _bundled_expected(actions_json: str) -> Database:
    actions = tuple(Action.model_validate(a) for a in json.loads(actions_json))
    return final_database(bundled_database(), actions)


def expected_database(actions: Sequence[Action], base: Database) -> Database:
    """The database after replaying ``actions`` on ``base`` (cached for the bundled one, which
    every scenario's expected actions are replayed on)."""
    if base is bundled_database():
        dumped = json.dumps([a.model_dump(mode="json") for a in actions], sort_keys=True)
        return _bundled_expected(dumped)
    return final_database(base, actions)


def _json_diff(actual: Any, expected: Any, path: str) -> list[str]:
    if actual == expected:
        return []
    if isinstance(actual, dict) and isinstance(expected, dict):
        found = []
        for key in sorted(set(actual) | set(expected), key=str):
            where = f"{path}.{key}" if path else str(key)
            if key not in actual:
                found.append(f"{where} is unset, expected {brief_json(expected[key], 48)}")
            elif key not in expected:
                found.append(f"{where} is {brief_json(actual[key], 48)}, expected unset")
            else:
                found += _json_diff(actual[key], expected[key], where)
        return found
    return [f"{path} is {brief_json(actual, 48)}, expected {brief_json(expected, 48)}"]


def _record_json(record: Any) -> Any:
    return record.model_dump(mode="json", exclude_none=True)


def _one_side(mine: Any, wanted: Any) -> str:
    """How a record present on one side only differs: ``is missing, expected {...}`` or
    ``is {...}, expected none``."""
    if mine is None:
        return f"is missing, expected {brief_json(_record_json(wanted), 48)}"
    return f"is {brief_json(_record_json(mine), 48)}, expected none"


def database_differences(actual: Database, expected: Database, limit: int = 4) -> list[str]:
    """One line per record that differs: ``order #W1: status is "pending", expected ...``; a
    record on one side only: ``order #W1 is missing, expected {...}`` (or ``is {...}, expected
    none``)."""
    lines = []
    for collection, label in (("users", "customer"), ("orders", "order"), ("products", "product")):
        ours, theirs = getattr(actual, collection), getattr(expected, collection)
        for key in sorted(set(ours) | set(theirs)):
            mine, wanted = ours.get(key), theirs.get(key)
            if mine is wanted or mine == wanted:
                continue
            if mine is None or wanted is None:
                lines.append(f"{label} {key} {_one_side(mine, wanted)}")
                continue
            changes = _json_diff(_record_json(mine), _record_json(wanted), "")
            shown = "; ".join(changes[:limit]) + (
                f"; +{len(changes) - limit} more" if len(changes) > limit else ""
            )
            lines.append(f"{label} {key}: {shown}")
    return lines


@check_for(
    Outcome,
    reasons={
        "same_database": "pass: the database the calls leave is the one the expected actions leave",
        "database_differs": "fail: some record differs (each is listed)",
        "write_response_missing": "incomplete: a write has no recorded response",
        "write_outcome_unknown": "incomplete: a write's response reads as neither a success nor "
        "a failure (checkers.tool_outcome)",
    },
)
def check_outcome(req: Outcome, ctx: OrdersContext) -> RequirementResult:
    """Replay the answer's calls and the expected actions; the two databases must be equal."""
    make, conversation = maker(req), ctx.conversation
    unknown = [
        c
        for c in conversation.calls
        if c.kind == "write" and conversation.responses_recorded and not c.recorded
    ]
    if unknown:
        return make(
            ResultOutcome.INCOMPLETE,
            "write_response_missing",
            f"{unknown[0].label()} has no recorded response, so it is unknown whether it "
            "changed the database",
        )
    unclassified = [c for c in conversation.calls if c.kind == "write" and c.outcome_unknown]
    if unclassified:
        return make(
            ResultOutcome.INCOMPLETE,
            "write_outcome_unknown",
            f"{unclassified[0].label()} got a response that reads as neither a success nor a "
            f"failure ({error_of(unclassified[0])[:80]}), so it is unknown whether it changed "
            "the database",
        )
    expected = expected_database(req.expected_actions, conversation.base)
    differences = database_differences(conversation.final_db, expected)
    wanted = [a.name for a in req.expected_actions if a.name in WRITES]
    goal = f"the expected writes ({', '.join(wanted)})" if wanted else "no change"
    if not differences:
        done = [c.name for c in conversation.calls if c.kind == "write" and c.ok]
        how = f"after {', '.join(done)}" if done else "with nothing written"
        return make(
            ResultOutcome.PASS,
            "same_database",
            f"the database {how} is the one {goal} would leave",
        )
    count = len(differences)
    return make(
        ResultOutcome.FAIL,
        "database_differs",
        f"{plural(count, 'record')} differ{'' if count > 1 else 's'} from what "
        f"{goal} would leave: "
        + " | ".join(differences[:5])
        + (f" | +{count - 5} more" if count > 5 else ""),
    )
