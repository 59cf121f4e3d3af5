"""Scheduling's side of the meta-tests: the spec, the known answers' coverage of every kind, and
checks broken on purpose that the harness's generated meta-tests catch.

Marked ``checkers_meta``, so ``checkers mutate scheduling`` runs these with the plugin's items.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.meta.known import case_outcome
from checkers.meta.profiles import meta_settings
from checkers.meta.registry import load_spec
from checkers.meta.runner import failure_text, meta_checks
from checkers.meta.stats import MetaStats
from checkers.results import Outcome, RequirementResult
from domains.scheduling import checks as scheduling_checks
from domains.scheduling.checks import PLANS, SlotContext, checks
from domains.scheduling.meta import EARLIEST_TASKS, KNOWN_ANSWERS, describe, meta_spec
from domains.scheduling.metrics import EVERYONE_CAN_ATTEND
from domains.scheduling.models import At, Busy, NotAfter, Participant, Slot, Task

pytestmark = pytest.mark.checkers_meta
FEW = settings(meta_settings("ci"), max_examples=60)


def failure_of(check_id: str) -> str:
    """Run one scheduling meta-test; return its failure text (failing the test if it held)."""
    spec = load_spec("scheduling")
    [check] = [c for c in meta_checks(spec) if c.id == check_id]
    with pytest.raises(AssertionError) as caught:
        check.run(meta_settings("ci"), MetaStats())
    return failure_text(caught.value)


def test_the_spec_covers_every_kind_and_describes_the_share_metric_twice() -> None:
    spec = meta_spec()
    assert spec.kinds() == (
        "allowed_day",
        "avoid_day",
        "busy",
        "duration",
        "earliest",
        "not_after",
        "not_before",
        "work_hours",
    )
    assert set(spec.violations) == set(spec.kinds()) == set(spec.requirements)
    assert spec.shared_kinds == {"allowed_day", "work_hours", "duration", "earliest"}
    assert set(spec.metrics) == {EVERYONE_CAN_ATTEND.name, EARLIEST_TASKS}
    assert spec.metrics[EARLIEST_TASKS].exempt.keys() == {"monotone"}
    assert spec.needs["start"] == frozenset(
        {"work_hours", "duration", "busy", "not_before", "earliest"}
    )
    with pytest.raises(ValueError, match=r"1 <= min <= max, got 3...2; e.g. meta_spec\(2, 6\)"):
        meta_spec(3, 2)


def test_meta_checks_list_every_group() -> None:
    ids = [c.id for c in meta_checks(meta_spec())]
    assert "oracle[best-score]" in ids
    assert "generated[violation-earliest]" in ids
    assert "invariant[monotone-kind:busy]" in ids
    assert f"invariant[monotone-{EARLIEST_TASKS}]" in ids


def test_known_answers_cover_every_kind_with_pass_fail_and_incomplete() -> None:
    cases = json.loads(KNOWN_ANSWERS.read_text(encoding="utf-8"))
    assert Counter(case_outcome(c) for c in cases) == {"pass": 8, "fail": 9, "incomplete": 9}
    seen = {
        (item["kind"], item["outcome"]) for c in cases for item in c["expected"].get("checked", [])
    }
    for kind in meta_spec().kinds():
        for outcome in ("pass", "fail", "incomplete"):
            assert (kind, outcome) in seen, (kind, outcome)
    assert all(c["source"] == "handwritten" and c["why"] for c in cases)


@pytest.mark.parametrize("kind", PLANS.kinds, ids=lambda kind: kind.name)
def test_kind_strategies_meet_and_break_as_they_say(kind: Any) -> None:
    examples = kind.examples(st)

    @FEW
    @given(world=PLANS.worlds(st), data=st.data())
    def check(world: Any, data: st.DataObject) -> None:
        meeting, at = world
        slot = Slot(day=at.day, start=at.start, end=at.end)
        for build, outcome in (
            (examples.met_by, Outcome.PASS),
            (examples.broken_by, Outcome.FAIL),
        ):
            requirement = data.draw(build(at))
            task = Task(
                id="t",
                meeting=meeting,
                participants=(Participant(id="p", name="P", requirements=(requirement,)),),
            )
            context = SlotContext(task.participants[0], task, slot.day, slot.start, slot.end)
            assert checks.check(requirement, context).outcome is outcome
            assert kind.holds(requirement, at) is (outcome is Outcome.PASS)

    check()


def test_describe_names_the_meeting_participants_and_answer() -> None:
    task = Task.model_validate(
        {
            "id": "t",
            "meeting": {
                "duration_minutes": 30,
                "work_start": 540,
                "work_end": 1020,
                "days": ["Monday"],
                "earliest": True,
            },
            "participants": [
                {
                    "id": "p0",
                    "name": "Ana",
                    "requirements": [
                        {"kind": "busy", "spans": [{"day": "Monday", "start": 540, "end": 600}]},
                        {"kind": "not_after", "day": "Monday", "time": 840},
                    ],
                },
                {"id": "p1", "name": "Bo"},
            ],
        }
    )
    answer = {"day": "Monday", "start": "10:00", "end": "10:30"}
    assert describe(task, answer) == (
        "answer {'day': 'Monday', 'start': '10:00', 'end': '10:30'}; meeting 30 min, 9:00 to "
        "17:00, on Monday, earliest; participants [p0 Ana: busy Monday 9:00-10:00, not_after "
        "Monday 840; p1 Bo: -]"
    )
    assert At("Monday", 600, 630).text() == "Monday, 10:00 - 10:30"


# --- checks broken on purpose -------------------------------------------------------------------


def test_a_busy_check_that_counts_touching_as_overlap_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def touching_overlaps(req: Busy, ctx: SlotContext) -> RequirementResult:
        assert ctx.day is not None and ctx.start is not None and ctx.end is not None
        clash = [
            s for s in req.spans if s.day == ctx.day and s.start <= ctx.end and ctx.start <= s.end
        ]
        code = "busy" if clash else "free"
        return RequirementResult(
            kind="busy",
            outcome=Outcome.FAIL if clash else Outcome.PASS,
            reason_code=code,
            reason=f"{ctx.participant.name} {code}",
            requirement=req.model_dump(mode="json"),
        )

    monkeypatch.setitem(checks._checks, Busy, touching_overlaps)
    scheduling_checks.earliest_slot.cache_clear()
    text = failure_of("generated[satisfying]")
    assert text.startswith("an answer built to meet every requirement must pass with score 1;")
    assert "busy fail [busy]" in text


def test_a_not_after_check_that_reads_the_start_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def reads_start(req: NotAfter, ctx: SlotContext) -> RequirementResult:
        assert ctx.start is not None
        late = ctx.day == req.day and ctx.start > req.time
        return RequirementResult(
            kind="not_after",
            outcome=Outcome.FAIL if late else Outcome.PASS,
            reason_code="ends_too_late" if late else "early_enough",
            reason=f"{ctx.participant.name} on {req.day}",
            requirement=req.model_dump(mode="json"),
        )

    monkeypatch.setitem(checks._checks, NotAfter, reads_start)
    scheduling_checks.earliest_slot.cache_clear()
    text = failure_of("generated[violation-not_after]")
    assert text.startswith(
        "score 1/1 = 1, but breaking exactly one requirement of one of 1 subjects must score "
        "exactly 0/1: the score is a share of subjects, not of requirements; case: Ana (p0) now "
        "also holds {'kind': 'not_after', 'day': 'Monday', 'time': 0, 'said': 'can not meet'}; "
        "answer {'day': 'Monday', 'start': '0:00', 'end': '0:15'}; meeting 15 min, 0:00 to 0:15"
    )


def test_an_earliest_rule_that_only_tries_the_start_of_the_day_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(
        scheduling_checks, "candidate_starts", lambda task, day: [task.meeting.work_start]
    )
    scheduling_checks.earliest_slot.cache_clear()
    try:
        text = failure_of("generated[violation-earliest]")
    finally:
        scheduling_checks.earliest_slot.cache_clear()
    assert text.startswith(
        "score 1/1 = 1, but breaking the shared earliest requirement must serve none of the 1 "
        "subjects (0/1); case: Monday, 0:15 - 0:30 works and is earlier; answer {'day': "
        "'Monday', 'start': '0:30', 'end': '0:45'}; meeting 15 min, 0:00 to 0:45, on Monday, "
        "earliest;"
    )
