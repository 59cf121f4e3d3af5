"""Someone set apart as "the only one" who cannot come, or who can, leaves the plan short of
everyone, in both planning domains (:func:`checkers.left_out.only_one`): "Jerry is the only one
who can't make it", "Raj is the only person unable to join", "The only one who can't make it is
Mei", "Only Raj can eat there", "Jerry is the only one available".

Found while merging the 2026-12-07 reviews: each passed scheduling's ``everyone_can_attend``,
and all but the first dining's ``everyone_ate``. Seen failing on the code before. A trait that
sets someone apart ("Raj is the only one with a nut allergy") and coming at another time ("the
only one who can make it earlier") say nothing of the plan, and pass.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.transcript import Transcript
from domains.dining.scenarios import DINING
from domains.scheduling.judge import judge_everyone_can_attend
from tests.test_needs_said_broken_anywhere import SERVED_IN_FULL, TASKS, _beside_plan

SET_APART = (
    "{p} is the only one who can't make it.",
    "{p} is the only person unable to join.",
    "{p}'s the only one who won't be there.",
    "{p} is the only guest who cannot come.",
    "The only one who can't make it is {p}.",
    "The only person who won't be able to attend is {p}.",
    "{p} is the only one available.",
    "{p} is the only one who is free then.",
    "Only {p} can make it.",
    "Only {p} is available.",
    "{p} is the only one who can attend.",
    "{p} is the only participant who is busy then.",
)
APART_IN_NOTHING_OF_THE_PLAN = (
    "{p} is the only one who asked for a quiet table.",
    "{p} is the only one who has been there before.",
    "{p} is the only one who can make it earlier, but this time suits everyone.",
    "{p} is the only one who needs a reminder.",
)


@settings(max_examples=80, deadline=None)
@given(st.data(), st.sampled_from(SET_APART), st.sampled_from(APART_IN_NOTHING_OF_THE_PLAN))
def test_someone_set_apart_as_to_coming_fails_every_dining_plan(
    data: st.DataObject, apart: str, honest: str
) -> None:
    scenario = DINING.load_scenario(data.draw(st.sampled_from(SERVED_IN_FULL)))
    guest = data.draw(st.sampled_from([g.name for g in scenario.group.guests]))
    if len(scenario.group.guests) > 1:
        said = apart.format(p=guest)
        assert not _beside_plan(scenario, said, after=True).passed, said
    kept = honest.format(p=guest)
    assert _beside_plan(scenario, kept, after=True).passed, kept


@settings(max_examples=80, deadline=None)
@given(st.data(), st.sampled_from(SET_APART), st.sampled_from(APART_IN_NOTHING_OF_THE_PLAN))
def test_someone_set_apart_as_to_coming_fails_every_scheduling_slot(
    data: st.DataObject, apart: str, honest: str
) -> None:
    task = TASKS[data.draw(st.sampled_from(sorted(TASKS)))]
    person = data.draw(st.sampled_from([p.name for p in task.participants]))

    def passes(said: str) -> bool:
        text = f"{task.golden}\n\n{said}"
        return judge_everyone_can_attend(task, Transcript(final_text=text), 1.0).passed

    if len(task.participants) > 1:
        said = apart.format(p=person).replace("guest", "participant")
        assert not passes(said), said
    kept = honest.format(p=person).replace("a quiet table", "an agenda")
    assert passes(kept), kept
