"""Times a meeting answer names to explain its slot, by how the sentence is built (rule 4's
exception in :mod:`domains.scheduling.answers`).

Three classes of honest rationale after np-6's good slot (Monday 14:30 - 15:30) were read as a
second slot (2026-12-06 review, ``tests/test_review_probes_planning_1206.py``):

- a negated modal in a statement offers nothing ("We can't meet before 14:30: Jerry is booked
  11:30-14:30", "Jerry wouldn't be free at 11:30"); in a question it still offers ("Couldn't
  we meet at 16:00 instead?");
- a time attached to a person's commitment is busy time ("before Jerry's 16:00 meeting",
  "Dylan's 13:30 call ends at 14:00"), never "our 16:00 meeting";
- a busy word outside the time's clause: a table column headed "Busy", and the answer to a
  question about a time ("Why not 9:00? Jerry is busy until 11:00"), when the busy span holds
  the time asked about.

Each class has honest controls that must pass, near forms that must still fail, and a
property generating many forms of it.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tests.test_review_probes_planning_1205 import SLOT, slot

NAMES = ("Jerry", "Dylan", "Thomas")
OWN = {14 * 60 + 30, 15 * 60 + 30}


def after_slot(text: str) -> str:
    return f"{SLOT}\n\n{text}"


def written(minutes: int) -> str:
    return f"{minutes // 60}:{minutes % 60:02d}"


other_times = st.sampled_from([m for m in range(9 * 60, 17 * 60 + 1, 30) if m not in OWN])
times_outside = st.sampled_from(
    [m for m in range(9 * 60, 17 * 60 + 1, 30) if not min(OWN) <= m <= max(OWN)]
)
"""Other times no commitment may be at: one inside the slot (15:00) is a clash the answer
admits ("It ends well before Jerry's 15:00 meeting" of a 14:30 - 15:30 slot)."""


HONEST = [
    # negated modal in a statement
    "We can't meet before 14:30: Jerry is booked 11:30-14:30.",
    "We couldn't start at 11:00 because Jerry is busy until 11:00.",
    "Jerry can't do 11:00 because he's busy until 11:00 and again from 11:30.",
    "Jerry wouldn't be free at 11:30 anyway.",
    "Dylan isn't available at 13:30.",
    "We couldn't use 11:00-11:30: it's only 30 minutes.",
    "We can not meet at 16:00, as Jerry is booked 16:00-17:00.",
    "11:00 doesn't work since Jerry is busy until 11:30.",
    # a person's commitment named by its time
    "It ends well before Jerry's 16:00 meeting.",
    "This leaves a 30-minute buffer before Jerry's 16:00 meeting.",
    "Dylan's 13:30 call ends at 14:00, so he's clear by then.",
    "It finishes before his 16:00 - 17:00 appointment.",
    # busy outside the time's clause
    "| Person | Busy |\n|---|---|\n| Dylan | 10:30-11:00, 13:30-14:00 |\n"
    "| Jerry | 9:00-11:00, 11:30-14:30, 16:00-17:00 |",
    "| Person | Busy times |\n| --- | --- |\n| Jerry | 9:00 - 11:00 |",
    "Why not 9:00? Jerry is busy until 11:00.",
    "Why not 16:00? Jerry is busy then.",
    "Is 12:00 possible? No: Jerry is booked 11:30-14:30.",
]

STILL_WRONG = [
    # a negated modal inverted is an offer
    "Jerry is busy in the morning, but couldn't we meet at 16:00?",
    "Jerry is busy until 11:00; can't we do 11:00-12:00 instead?",
    "Couldn't we meet at 16:00 too, since Jerry is busy before?",
    "Jerry is busy at 11:00, so wouldn't 16:00 be better?",
    # a possessed meeting that is the offer, or ours
    "Our 16:00 meeting works too.",
    "Jerry's 16:00 meeting could move, so 16:00 works as well.",
    # a busy word beside an offer
    "Jerry is busy at 11:00, so let's go with 16:00.",
    "15:00 - 16:00 is equally conflict-free.",
    "Jerry won't be busy at 16:00.",
    "Jerry's 16:00 meeting got cancelled.",
    "Jerry is busy until 11:00, and nothing else works except 16:00.",
    "| Option | Time |\n|---|---|\n| Backup | 16:00-17:00 |",
    "| Person | Busy |\n|---|---|\n| Jerry | 9:00-11:00 (or 16:00 if you prefer) |",
    # a question not answered busy at its time
    "Why not 16:00? Dylan is busy in the morning anyway.",
    "Why not 16:00? It works too.",
    "Why not 9:00? Jerry is busy, but free from 9:00.",
    "Could we do 9:00 instead? Jerry is busy after 10:00.",
]


@pytest.mark.parametrize("text", HONEST)
def test_honest_rationale_passes(text: str) -> None:
    assert slot(after_slot(text)), text


@pytest.mark.parametrize("text", STILL_WRONG)
def test_another_slot_still_fails(text: str) -> None:
    assert not slot(after_slot(text)), text


@given(
    subject=st.sampled_from(("We", "I", *NAMES)),
    modal=st.sampled_from(("can't", "couldn't", "wouldn't", "can not", "could not")),
    verb=st.sampled_from(("meet at", "do", "start at", "be free at", "use", "go for")),
    time=other_times,
    who=st.sampled_from(NAMES),
    joint=st.sampled_from((":", " because", ", as", " since")),
    busy=st.sampled_from(("is booked", "is busy", "has a conflict", "is blocked")),
)
def test_negated_modal_in_a_busy_clause_offers_nothing(
    subject: str, modal: str, verb: str, time: int, who: str, joint: str, busy: str
) -> None:
    text = f"{subject} {modal} {verb} {written(time)}{joint} {who} {busy} then."
    assert slot(after_slot(text)), text


@given(
    modal=st.sampled_from(("Can't", "Couldn't", "Wouldn't")),
    subject=st.sampled_from(("we", "you", "Jerry", "the team")),
    time=other_times,
    who=st.sampled_from(NAMES),
    end=st.sampled_from(("?", " instead?", " too?", " instead.")),
)
def test_negated_modal_inverted_still_offers(
    modal: str, subject: str, time: int, who: str, end: str
) -> None:
    text = f"{who} is busy in the morning. {modal} {subject} do {written(time)}{end}"
    assert not slot(after_slot(text)), text


@given(
    who=st.sampled_from((*(f"{n}'s" for n in NAMES), "his", "her", "their")),
    time=times_outside,
    noun=st.sampled_from(("meeting", "call", "appointment", "commitment", "stand-up", "block")),
    lead=st.sampled_from(("It ends well before", "That leaves a buffer before", "It avoids")),
)
def test_commitment_named_by_possessive_is_busy_time(
    who: str, time: int, noun: str, lead: str
) -> None:
    text = f"{lead} {who} {written(time)} {noun}."
    assert slot(after_slot(text)), text


@given(
    header=st.sampled_from(("Busy", "Busy times", "Blocked", "Booked", "Conflicts")),
    rows=st.lists(
        st.tuples(st.sampled_from(NAMES), st.lists(other_times, min_size=1, max_size=3)),
        min_size=1,
        max_size=3,
    ),
)
def test_busy_table_column_is_busy_time(header: str, rows: list[tuple[str, list[int]]]) -> None:
    body = "\n".join(
        f"| {name} | {', '.join(f'{written(t)}-{written(t + 30)}' for t in times)} |"
        for name, times in rows
    )
    text = f"| Person | {header} |\n|---|---|\n{body}"
    if any(t + 30 in OWN or t in OWN for _, times in rows for t in times):
        return  # a range touching the slot's own time is another matter
    assert slot(after_slot(text)), text


@given(
    asked=other_times,
    longer=st.integers(min_value=1, max_value=6),
    who=st.sampled_from(NAMES),
    question=st.sampled_from(("Why not {t}?", "What about {t}?", "Is {t} possible?", "{t}?")),
    busy=st.sampled_from(("is busy until", "is booked until", "has a meeting until")),
)
def test_question_answered_busy_at_its_time(
    asked: int, longer: int, who: str, question: str, busy: str
) -> None:
    until = asked + 30 * longer
    if until in OWN:
        until += 30
    # Busy from the time asked into the slot is a clash the answer admits ("Why not 11:30?
    # Jerry is busy until 15:00" of a 14:30 - 15:30 slot), no answer to the question alone.
    assume(not (asked < max(OWN) and until > min(OWN)))
    text = f"{question.format(t=written(asked))} {who} {busy} {written(until)}."
    assert slot(after_slot(text)), text


@given(
    asked=other_times,
    who=st.sampled_from(NAMES),
    answer=st.sampled_from(
        (
            "{who} is free then.",
            "{who} is busy in the morning anyway.",
            "It works too.",
            "{who} is busy, but free from {t}.",
        )
    ),
)
def test_question_not_answered_busy_still_offers(asked: int, who: str, answer: str) -> None:
    if asked < 12 * 60 and "morning" in answer:
        return  # busy all morning does answer a morning time
    text = f"Why not {written(asked)}? {answer.format(who=who, t=written(asked))}"
    assert not slot(after_slot(text)), text


# Someone away at the slot denies it (the scheduling probes of the 2026-12-06 false-PASS
# classes): a person, a state of being away, and a reference to the slot itself.

AWAY = [
    "Jerry just told me he's out that afternoon.",
    "Dylan is at the dentist during that time.",
    "Heads-up: Jerry has a conflict at 14:30.",
    "Jerry's calendar shows a clash with that slot.",
    "Thomas is travelling that day.",
    "Jerry won't be free then.",
    "Jerry isn't around then.",
    "Jerry is busy then.",
    "Dylan can't make it then.",
]

NOT_AWAY = [
    "Nobody is busy then.",
    "Everyone is free then.",
    "I skipped 11:00 since Jerry is busy then.",
    "Jerry is busy until then.",
    "Jerry is booked right up to then.",
    "Jerry is out that morning, so the afternoon works.",
    "Jerry was busy then but moved his call.",
    "Jerry has a conflict at 16:00.",
    "Thomas is free all day; Jerry is busy until 14:30.",
    "Jerry is busy in the morning, then free.",
    "Jerry is busy early but free then.",
    "He's in a meeting until 14:30, then free.",
]


@pytest.mark.parametrize("text", AWAY)
def test_someone_away_at_the_slot_denies_it(text: str) -> None:
    assert not slot(after_slot(text)), text


@pytest.mark.parametrize("text", NOT_AWAY)
def test_someone_away_at_another_time_is_rationale(text: str) -> None:
    assert slot(after_slot(text)), text


AWAY_STATES = (
    "is out",
    "is away",
    "is travelling",
    "is on leave",
    "is at the doctor",
    "is busy",
    "is in a meeting",
    "'s tied up",
    "will be out of office",
    "won't be free",
    "isn't available",
    "isn't around",
    "can't make it",
    "has a conflict",
    "has another call",
)


@given(
    who=st.sampled_from((*NAMES, "He", "She", "They")),
    state=st.sampled_from(AWAY_STATES),
    ref=st.sampled_from(
        (
            "then",
            "during that time",
            "at that time",
            "that afternoon",
            "that day",
            "at 14:30",
            "from 14:30",
        )
    ),
    lead=st.sampled_from(("", "Heads-up: ", "Note that ", "Unfortunately, ")),
)
def test_attendee_away_at_the_slot_denies_it(who: str, state: str, ref: str, lead: str) -> None:
    text = f"{lead}{who}{'' if state.startswith(chr(39)) else ' '}{state} {ref}."
    assert not slot(after_slot(text)), text


@given(
    who=st.sampled_from(NAMES),
    state=st.sampled_from(("is busy", "is booked", "has a conflict", "is blocked")),
    ref=st.sampled_from(("until then", "before then", "that morning", "until 14:30")),
)
def test_attendee_busy_before_the_slot_is_rationale(who: str, state: str, ref: str) -> None:
    text = f"{who} {state} {ref}."
    assert slot(after_slot(text)), text
