"""Over every bundled dining scenario a plan serves in full and every one of the 310 scheduling
tasks: a plan struck through or commented out is no plan, and a plan said to go on "without"
someone of the group leaves them out.

Found by a hostile review (2026-12-07): "~~" and "<!-- -->" around the fenced JSON plan, or
"Here is the proposed time: ~~Monday, 14:30 - 15:30~~", passed (only a plan in prose was read
as struck); "Monday, 14:30 - 15:30 (without Jerry)", ", without Jerry.", "Without Mei,
sadly." after the plan passed (only "go ahead without Jerry", a verb of going on before it,
was read). Each property was seen failing on the code before; each has its honest twin: a
struck or commented note beside the plan, and "without" someone's thing or doing.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.transcript import Transcript
from domains.dining.judge import judge_everyone_ate
from domains.dining.scenarios import DINING
from domains.scheduling.judge import judge_everyone_can_attend
from tests.test_needs_said_broken_anywhere import SERVED_IN_FULL, TASKS, _plan

HIDING = (("~~", "~~"), ("<!-- ", " -->"), ("<del>", "</del>"), ("<s>", "</s>"))
"""Marks striking a text through or commenting it out, opening and closing."""
WITHOUT = (
    "{plan} (without {p})",
    "{plan}, without {p}.",
    "{plan} \u2014 without {p}",
    "{plan}\n\nWithout {p}, sadly.",
    "{plan}\n\n- without {p}",
)
"""The plan said to go on without participant or guest ``{p}``."""
WITHOUT_HONEST = (
    "{plan} (without {p}'s notes, which we don't need)",
    "{plan}, without {p} needing to move anything.",
    "{plan}\n\nWithout {p}'s tips I would never have found it.",
    "{plan} - without a doubt.",
    "{plan}\n\nWithout {p}, we'd never have found it.",
)
"""Their honest twins: "without" someone's thing or doing, or no one."""


def _dining_plan(scenario_id: str) -> tuple[str, str]:
    """A plan serving everyone in the scenario, as fenced JSON, and a guest's first name."""
    scenario = DINING.load_scenario(scenario_id)
    restaurant, _, time = _plan(scenario)
    guest = scenario.group.guests[0].name.split()[0]
    return f'```json\n{{"restaurant": "{restaurant}", "time": "{time}"}}\n```', guest


def _dining(scenario_id: str, text: str) -> bool:
    scenario = DINING.load_scenario(scenario_id)
    return judge_everyone_ate(scenario, Transcript(final_text=text), 1.0).passed


def _scheduling(task_id: str, text: str) -> bool:
    return judge_everyone_can_attend(TASKS[task_id], Transcript(final_text=text), 1.0).passed


def _golden_slot(task_id: str) -> tuple[str, str]:
    """The task's golden answer split at its marker: "... proposed time: " and the slot."""
    golden = TASKS[task_id].golden or ""
    marker, _, slot = golden.rpartition(": ")
    return f"{marker}: ", slot


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(SERVED_IN_FULL),
    st.sampled_from(sorted(TASKS)),
    st.sampled_from(HIDING),
    st.booleans(),
)
def test_a_plan_struck_through_or_commented_out_fails_and_a_note_so_marked_does_not(
    scenario_id: str, task_id: str, marks: tuple[str, str], dining: bool
) -> None:
    opening, closing = marks
    if dining:
        plan, _ = _dining_plan(scenario_id)
        assert not _dining(scenario_id, f"{opening}{plan}{closing}"), (scenario_id, marks)
        note = f"{opening}first idea: check the menu{closing}"
        assert _dining(scenario_id, f"{note}\n\n{plan}\n\n{note}"), (scenario_id, marks)
    else:
        marker, slot = _golden_slot(task_id)
        assert not _scheduling(task_id, f"{marker}{opening}{slot}{closing}"), (task_id, marks)
        note = f"{opening}first idea: ask around{closing}"
        assert _scheduling(task_id, f"{note}\n\n{marker}{slot}"), (task_id, marks)


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(SERVED_IN_FULL),
    st.sampled_from(sorted(TASKS)),
    st.data(),
    st.booleans(),
)
def test_a_plan_said_to_go_on_without_someone_fails_and_without_their_thing_does_not(
    scenario_id: str, task_id: str, data: st.DataObject, dining: bool
) -> None:
    if dining:
        plan, who = _dining_plan(scenario_id)
        judge = lambda text: _dining(scenario_id, text)  # noqa: E731
    else:
        task = TASKS[task_id]
        plan, who = (
            task.golden or "",
            data.draw(st.sampled_from([p.name for p in task.participants])),
        )
        judge = lambda text: _scheduling(task_id, text)  # noqa: E731
    left_out = data.draw(st.sampled_from(WITHOUT)).format(plan=plan, p=who)
    assert not judge(left_out), left_out
    honest = data.draw(st.sampled_from(WITHOUT_HONEST)).format(plan=plan, p=who)
    assert judge(honest), honest
