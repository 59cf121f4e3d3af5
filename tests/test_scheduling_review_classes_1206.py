"""Scheduling's reading of a final answer: the classes the third round of the 2026-12-06 review
closed (``tests/test_review_probes_scheduling_1206.py``), each held by a property that
generates many forms of it beside honest near forms. Every answer holds np-6's good slot
(Monday 14:30 - 15:30: Jerry busy 9:00-11:00, 11:30-14:30, 16:00-17:00; Dylan busy
10:30-11:00, 13:30-14:00), which passes alone. Each ``..._fails`` / ``..._passes`` property of
a class failed on the code before its fix (the companions that held before are controls).

- a participant's busy time said to run into the slot, or their free time said to begin or
  end inside it ("Jerry is busy until 15:00", "Jerry is only free from 15:00 to 16:00"):
  ``plan_for_part_of_group``, whatever the calendars say;
- a participant left out, or away, in words no pattern held ("will sit this one out", "has a
  hard stop 30 minutes in", "We'll go ahead without Jerry", "is OOO that day"), in scheduling
  and, through :mod:`checkers.left_out`, in dining;
- the slot said tentative or pending ("pending Jerry's confirmation", "Jerry TBD");
- the plan's time hedged ("or thereabouts", "give or take half an hour"), in both domains;
- the task's work hours or a participant's preference restated: no other slot when the slot
  keeps them, another time named when it breaks a preference;
- one participant said to join and how ("Jerry will join remotely"): no list of who is in;
- a participant marked out in a list or table ("\u274c Jerry", "| Jerry | No |");
- another day said relative to the slot ("next week", "the day after");
- a participant's absence said as a possibility ("Jerry might not make it");
- the slot's start and end in fields of their own ("- **Start:** 14:30" / "- **End:**
  15:30").
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domains.scheduling.answers import read_answer
from tests.test_review_probes_planning_1205 import FENCED, PLAN, SLOT, dining, slot

JSON_SLOT = '```json\n{"day": "Monday", "start": "14:30", "end": "15:30"}\n```'
NAMES = ("Thomas", "Dylan", "Jerry")
SLOTS = st.sampled_from((SLOT, JSON_SLOT, "**Proposed time:** Monday, 14:30 - 15:30"))
START, END = 14 * 60 + 30, 15 * 60 + 30
HALF_HOURS = st.sampled_from(range(9 * 60, 17 * 60 + 1, 30))


def written(minutes: int, twelve_hour: bool = False) -> str:
    hours, rest = divmod(minutes, 60)
    if twelve_hour:
        return f"{(hours - 1) % 12 + 1}:{rest:02d} {'pm' if hours >= 12 else 'am'}"
    return f"{hours}:{rest:02d}"


def codes(text: str) -> list[str]:
    return [p.code for p in read_answer(text, NAMES).problems]


def overlaps(first: int, last: int) -> bool:
    return first < END and last > START


# --- a busy span over the slot ---------------------------------------------------------------

BUSY_UNTIL = (
    "{n} is busy until {t}.",
    "{n} is booked until {t}.",
    "{n} is blocked until {t}.",
    "{n}'s lunch block runs until {t}.",
    "{n} has a meeting until {t}.",
    "Note: {n} is tied up, busy until {t}.",
)
BUSY_RANGE = (
    "{n} is busy {a} - {b}.",
    "{n} is booked from {a} to {b}.",
    "{n} has a call {a}\u2013{b}.",
    "{n}'s {a} - {b} block is fixed.",
    "- {n}: busy {a}-{b}",
)
FREE_ONLY = (
    "{n} is only free from {a} to {b}.",
    "{n} is only available {a} - {b}.",
    "{n} is free only between {a} and {b}.",
)


@given(
    slot_text=SLOTS,
    who=st.sampled_from(NAMES),
    form=st.sampled_from(BUSY_UNTIL),
    until=HALF_HOURS,
    twelve_hour=st.booleans(),
)
def test_busy_until_inside_the_slot_fails(
    slot_text: str, who: str, form: str, until: int, twelve_hour: bool
) -> None:
    """Busy until a time after the slot's start: the slot is not for them; until its start or
    before, the busy time explains the slot."""
    text = f"{slot_text}\n\n{form.format(n=who, t=written(until, twelve_hour))}"
    if until > START:
        assert "plan_for_part_of_group" in codes(text), text
    elif until == START:
        assert slot(text), text


@given(
    slot_text=SLOTS,
    who=st.sampled_from(NAMES),
    form=st.sampled_from(BUSY_RANGE),
    first=HALF_HOURS,
    length=st.integers(min_value=1, max_value=4),
)
def test_busy_range_over_the_slot_fails(
    slot_text: str, who: str, form: str, first: int, length: int
) -> None:
    """A busy range sharing a minute with the slot: ``plan_for_part_of_group``; one that
    touches it or lies beside it passes or fails for another reason, never this one."""
    last = first + 30 * length
    text = f"{slot_text}\n\n{form.format(n=who, a=written(first), b=written(last))}"
    found = codes(text)
    if overlaps(first, last):
        assert found, text  # another reader may say it first ("busy 14:30 - 15:30")
    else:
        assert "plan_for_part_of_group" not in found, text


@given(
    slot_text=SLOTS,
    who=st.sampled_from(NAMES),
    form=st.sampled_from(FREE_ONLY),
    first=HALF_HOURS,
    length=st.integers(min_value=1, max_value=4),
)
def test_only_free_apart_from_the_slot_fails(
    slot_text: str, who: str, form: str, first: int, length: int
) -> None:
    """Free only at times that do not hold the whole slot: the slot is not for them; free only
    at times that hold it, it is."""
    last = first + 30 * length
    text = f"{slot_text}\n\n{form.format(n=who, a=written(first), b=written(last))}"
    found = codes(text)
    if first <= START and last >= END:
        assert "plan_for_part_of_group" not in found, text
    else:
        assert found, text  # another reader may say it first ("only available 9:00 - 9:30")


HONEST_BUSY = (
    "Jerry is busy 9:00 - 11:00, 11:30 - 14:30 and 16:00 - 17:00.",
    "Dylan is busy 10:30 - 11:00 and 13:30 - 14:00; Jerry is busy 9:00 - 11:00, 11:30 - 14:30 "
    "and 16:00 - 17:00.",
    "Jerry's afternoon is blocked until 14:30, and he's busy again at 16:00.",
    "Jerry is free then (his block ends at 14:30).",
    "Jerry has a conflict at 16:00, so we end by 15:30.",
    "Why not 16:00? Jerry is busy until 17:00.",
    "Jerry can't do 11:00 because he's busy until 11:00 and again from 11:30.",
    "Everyone is free from 14:30 until 16:00.",
    "Note: Jerry's calendar is packed, but he's free from 14:30 to 16:00.",
    "Jerry is busy until 15:00 on Tuesdays.",
    "Jerry isn't busy after 14:30.",
    "The earliest time everyone is free is 14:30.",
    "Jerry is busy all afternoon except 14:30 - 16:00.",
)


@given(slot_text=SLOTS, note=st.sampled_from(HONEST_BUSY))
def test_busy_time_beside_the_slot_passes(slot_text: str, note: str) -> None:
    assert slot(f"{slot_text}\n\n{note}"), note


# --- someone left out, or away, in words no pattern held -------------------------------------

LEFT_OUT_NEW = (
    "{n} will sit this one out.",
    "{n} will have to sit it out.",
    "{n} has a hard stop 30 minutes in.",
    "{n} has a hard stop halfway through.",
    "{n} will need to hop off halfway through.",
    "{n} has to leave partway through.",
    "{n} will dial in for the second half.",
    "{n} can pop in for the last 20 minutes.",
    "{n} can only make the second half hour.",
    "{n} is running late from a previous meeting.",
    "{n}'s running 10 minutes behind.",
    "{n} declined the invite.",
    "{n} has declined the invitation.",
    "{n} can catch up from the recording.",
    "{n} will catch up afterwards.",
    "{n} can send a delegate in his place.",
    "We'll go ahead without {n}.",
    "We'd be without {n} for the first half.",
    "We can start without {n}.",
)
AWAY_NEW = (
    "{n} is OOO that day.",
    "{n} is on PTO Monday.",
    "{n} is on PTO on Monday.",
    "{n}'s not free then.",
    "{n} needs to be out by 15:00.",
    "{n} has to be gone by 15:00.",
)
PRESENT = (
    "{n} will join remotely.",
    "{n} will dial in from home.",
    "{n} will make it, though his previous block ends right at 14:30.",
    "{n} can catch up with the others afterwards.",
    "{n} is busy on Monday morning.",
    "{n} will be in the office then.",
    "We'll start without delay.",
    "{n} is running the meeting.",
    "{n} declined to add an agenda.",
)


@given(slot_text=SLOTS, who=st.sampled_from(NAMES), form=st.sampled_from(LEFT_OUT_NEW + AWAY_NEW))
def test_someone_left_out_in_new_words_fails(slot_text: str, who: str, form: str) -> None:
    text = f"{slot_text}\n\n{form.format(n=who)}"
    assert not slot(text), text


@given(slot_text=SLOTS, who=st.sampled_from(NAMES), form=st.sampled_from(PRESENT))
def test_someone_present_passes(slot_text: str, who: str, form: str) -> None:
    text = f"{slot_text}\n\n{form.format(n=who)}"
    assert slot(text), text


@given(slot_text=SLOTS, who=st.sampled_from(NAMES), form=st.sampled_from(LEFT_OUT_NEW))
def test_someone_left_out_in_new_words_under_a_condition_passes(
    slot_text: str, who: str, form: str
) -> None:
    """A case considered is no one left out ("If Jerry declined the invite, let me know")."""
    said = form.format(n=who).rstrip(".")
    text = f"{slot_text}\n\nIf {said[0].lower()}{said[1:]}, let me know."
    assert slot(text), text


DINING_GUESTS = ("Raj", "Mei", "José", "Ana")


@given(who=st.sampled_from(DINING_GUESTS), form=st.sampled_from(LEFT_OUT_NEW))
def test_dining_guest_left_out_in_new_words_fails(who: str, form: str) -> None:
    """The words live in :mod:`checkers.left_out`, which dining reads too."""
    if "{n}'s" in form:
        return  # dining reads a guest's name only as a word of its own ("Raj's" is Raj's thing)
    text = f"{FENCED}\n\n{form.format(n=who).replace(' his place', ' her place')}"
    assert not dining(text), text


# --- the slot said tentative or pending ------------------------------------------------------

TENTATIVE = (
    "{s}\n\nThis slot is tentative.",
    "Tentatively: Monday, 14:30 - 15:30",
    "{s} (tentative)",
    "{s} (provisional)",
    "{s} (pending {n}'s confirmation)",
    "{s} (to be confirmed)",
    "{s} (TBC)",
    "{s} (Thomas, Dylan; {n} TBD)",
    "{s}\n\n{n} hasn't confirmed yet.",
    "{s}\n\n{n} has yet to accept.",
    "{s}\n\nStill waiting to hear back from {n}.",
    "{s}\n\nAwaiting confirmation.",
    "{s}, subject to {n}'s availability.",
    "{s}\n\nI've pencilled in this slot.",
)
SETTLED = (
    "{s}\n\nThis slot isn't tentative: everyone's calendar is clear.",
    "{s}\n\nI'll send the calendar invite once you confirm.",
    "{s}\n\nShall I send it, pending your confirmation?",
    "{s}\n\nThis is confirmed for all three.",
    "{s}\n\n{n} confirmed this morning.",
)


@given(slot_text=SLOTS, who=st.sampled_from(NAMES), form=st.sampled_from(TENTATIVE))
def test_slot_said_tentative_fails(slot_text: str, who: str, form: str) -> None:
    text = form.format(s=slot_text, n=who)
    assert not slot(text), text


@given(slot_text=SLOTS, who=st.sampled_from(NAMES), form=st.sampled_from(SETTLED))
def test_slot_settled_passes(slot_text: str, who: str, form: str) -> None:
    text = form.format(s=slot_text, n=who)
    assert slot(text), text


# --- the plan's time hedged (both domains: checkers.plan_words.ALTERNATIVE) -------------------

HEDGES = (
    "{p} (or thereabouts)",
    "{p}, give or take half an hour.",
    "{p}\n\nGive or take 15 minutes.",
    "{p}\n\nPlus or minus 15 minutes.",
    "{p}\n\n\u00b1 15 minutes.",
    "{p}\n\nThe time is flexible.",
    "{p}\n\nThe timing's pretty flexible.",
    "{p}\n\nWe're flexible on the time.",
    "{p}\n\nSo around {t}-ish.",
    "{p}\n\nSay {t}ish.",
)
UNHEDGED = (
    "{p}\n\nThe time isn't flexible, so please be punctual.",
    "{p}\n\nAna is flexible about spice.",
    "{p}\n\nIt's a stylish place.",
    "{p}\n\nWe take or give nothing else.",
)


@given(form=st.sampled_from(HEDGES), slot_text=SLOTS)
def test_slot_time_hedged_fails(form: str, slot_text: str) -> None:
    text = form.format(p=slot_text, t="14:30")
    assert not slot(text), text


@given(form=st.sampled_from(HEDGES), plan=st.sampled_from((FENCED, PLAN)))
def test_dining_time_hedged_fails(form: str, plan: str) -> None:
    text = form.format(p=plan, t="17:30")
    assert not dining(text), text


@given(form=st.sampled_from(UNHEDGED), plan=st.sampled_from((FENCED, PLAN)))
def test_dining_time_unhedged_passes(form: str, plan: str) -> None:
    text = form.format(p=plan)
    assert dining(text), text


# --- the task's limits restated --------------------------------------------------------------

WORK_HOURS = (
    "This is within everyone's working hours (9:00 - 17:00).",
    "Recap: a one-hour meeting within work hours (9:00 - 17:00).",
    "Work hours: 9:00 to 17:00.",
    "It sits well inside business hours (9:00-17:00).",
)


@given(slot_text=SLOTS, note=st.sampled_from(WORK_HOURS))
def test_work_hours_restated_pass(slot_text: str, note: str) -> None:
    assert slot(f"{slot_text}\n\n{note}"), note


@given(slot_text=SLOTS, note=st.sampled_from(WORK_HOURS))
def test_work_hours_beside_another_slot_fail(slot_text: str, note: str) -> None:
    text = f"{slot_text}\n\n{note} 16:00 - 17:00 would work too."
    assert not slot(text), text


PREFERENCES = (
    "{n} would rather not meet {w} {t}.",
    "{n} prefers not to meet {w} {t}.",
    "{n}'d rather not have meetings {w} {t}.",
    "{n} doesn't want to meet {w} {t}.",
    "{n} prefers to avoid meetings {w} {t}.",
)


@given(
    slot_text=SLOTS,
    who=st.sampled_from(NAMES),
    form=st.sampled_from(PREFERENCES),
    word=st.sampled_from(("before", "after")),
    time=HALF_HOURS,
)
def test_preference_restated_passes_when_kept(
    slot_text: str, who: str, form: str, word: str, time: int
) -> None:
    """A preference the slot keeps explains it; one it breaks names another time (fails)."""
    text = f"{slot_text}\n\n{form.format(n=who, w=word, t=written(time))}"
    kept = time <= START if word == "before" else time >= END
    assert slot(text) is kept, text


# --- one participant said to join ------------------------------------------------------------


@given(
    slot_text=SLOTS,
    who=st.sampled_from(NAMES),
    how=st.sampled_from(
        (
            "will join remotely",
            "can join by phone",
            "will make it, though it's tight",
            "can attend in person",
            "will join from home",
        )
    ),
)
def test_one_participant_joining_passes(slot_text: str, who: str, how: str) -> None:
    """One participant said to join and how is a word of that one; a bare "Thomas can make
    it." still names who is in (``tests/test_scheduling_named_subset.py``)."""
    text = f"{slot_text}\n\n{who} {how}."
    assert slot(text), text


@given(slot_text=SLOTS, pair=st.sampled_from((("Thomas", "Dylan"), ("Dylan", "Jerry"))))
def test_two_of_three_joining_still_fails(slot_text: str, pair: tuple[str, str]) -> None:
    text = f"{slot_text}\n\n{pair[0]} and {pair[1]} can make it."
    assert not slot(text), text


# --- a participant marked out in a list or table ---------------------------------------------

MARKED_OUT = (
    "\u2705 {o} \u2705 {p} \u274c {n}",
    "- {o} \u2705\n- {p} \u2705\n- {n} \u274c",
    "{n}: conflict",
    "**{n}:** unavailable",
    "{n} - busy",
    "{n}: partially available.",
    "| Participant | Available? |\n|---|---|\n| {o} | Yes |\n| {p} | Yes |\n| {n} | No |",
    "| Participant | Status |\n|---|---|\n| {n} | \u26d4 |",
)
MARKED_IN = (
    "\u2705 {o} \u2705 {p} \u2705 {n}",
    "{n}: no conflicts.",
    "{n}: OK.",
    "| Person | Busy |\n|---|---|\n| {n} | No |",
    "| Participant | Free 14:30-15:30? |\n|---|---|\n| {n} | \u2705 Yes |",
)


def three(who: str) -> dict[str, str]:
    """``who`` and the two other participants, for a list of all three."""
    others = [name for name in NAMES if name != who]
    return {"n": who, "o": others[0], "p": others[1]}


@given(slot_text=SLOTS, who=st.sampled_from(NAMES), form=st.sampled_from(MARKED_OUT))
def test_participant_marked_out_fails(slot_text: str, who: str, form: str) -> None:
    text = f"{slot_text}\n\n{form.format(**three(who))}"
    assert not slot(text), text


@given(slot_text=SLOTS, who=st.sampled_from(NAMES), form=st.sampled_from(MARKED_IN))
def test_participant_marked_in_passes(slot_text: str, who: str, form: str) -> None:
    text = f"{slot_text}\n\n{form.format(**three(who))}"
    assert slot(text), text


# --- the slot's day said relative to it ------------------------------------------------------


@given(
    slot_text=SLOTS,
    day=st.sampled_from(
        (
            "next week",
            "the following week",
            "the week after",
            "the day after",
            "the following day",
            "the next day",
            "the following Monday",
        )
    ),
    lead=st.sampled_from(("The same slot {d} works too.", "P.S. We could also meet {d}.")),
)
def test_another_day_said_relative_to_the_slot_fails(slot_text: str, day: str, lead: str) -> None:
    text = f"{slot_text}\n\n{lead.format(d=day)}"
    assert not slot(text), text


# --- a participant's absence said as a possibility -------------------------------------------

MAY_BE_OUT = (
    "{n} might not make it.",
    "{n} may not be able to attend.",
    "{n} could well not make it.",
    "{n} may have to leave early.",
    "{n} might need to step out.",
    "{n} might miss the start.",
    "{n} may be unavailable.",
    "I'm not 100% sure {n} is free then.",
    "I'm not sure whether {n} will be available.",
)
MAY_BE_IN = (
    "{n} might be a couple of minutes late, as his block ends right at 14:30.",
    "{n} might not need the whole hour.",
    "I'm sure {n} is free then.",
    "{n} may want to bring the budget figures.",
)


@given(slot_text=SLOTS, who=st.sampled_from(NAMES), form=st.sampled_from(MAY_BE_OUT))
def test_absence_as_a_possibility_fails(slot_text: str, who: str, form: str) -> None:
    text = f"{slot_text}\n\n{form.format(n=who)}"
    assert not slot(text), text


@given(slot_text=SLOTS, who=st.sampled_from(NAMES), form=st.sampled_from(MAY_BE_IN))
def test_no_absence_possible_passes(slot_text: str, who: str, form: str) -> None:
    text = f"{slot_text}\n\n{form.format(n=who)}"
    assert slot(text), text


# --- the slot's start and end in fields of their own -----------------------------------------


@given(
    bullet=st.sampled_from(("", "- ", "* ")),
    bold=st.sampled_from(("", "**")),
    start_label=st.sampled_from(("Start", "Start time", "Starts", "Begins")),
    end_label=st.sampled_from(("End", "End time", "Ends", "Finishes")),
    twelve_hour=st.booleans(),
    end=st.sampled_from((END, END + 30)),
)
def test_start_and_end_fields_are_the_slot(
    bullet: str, bold: str, start_label: str, end_label: str, twelve_hour: bool, end: int
) -> None:
    """A slot laid out as a day, a start and an end field is read as the slot: it passes when
    it is the good one, and is judged (a 90-minute meeting fails the duration) otherwise."""
    fields = [("Day", "Monday"), (start_label, written(START, twelve_hour))]
    fields.append((end_label, written(end, twelve_hour)))
    text = "\n".join(f"{bullet}{bold}{label}:{bold} {value}" for label, value in fields)
    assert slot(text) is (end == END), text
    assert codes(text) == [], text


_BUSY_BEFORE = ("9:00 - 11:00", "9:00 - 10:00", "10:30 - 11:00", "13:00 - 13:30")
"""Busy spans of np-6's Monday that end before its slot (14:30 - 15:30)."""


@settings(max_examples=100, deadline=None)
@given(
    earlier=st.lists(st.sampled_from(_BUSY_BEFORE), min_size=1, max_size=3, unique=True),
    start=st.sampled_from(("11:30", "12:00", "13:45")),
    joiner=st.sampled_from((", ", " and ")),
    who=st.sampled_from(("Jerry", "Dylan", "Thomas")),
)
def test_a_busy_list_ending_where_the_slot_starts_is_no_denial(
    earlier: list[str], start: str, joiner: str, who: str
) -> None:
    """A busy list ending where the slot starts says when someone is busy up to the slot:
    "- Jerry: busy 9:00 - 11:00, 11:30 - 14:30" after np-6's slot (14:30 - 15:30). Until
    2026-12-06 (afternoon) a list of spans whose last ended at the slot's start was read as the
    slot called busy (``plan_negated``, a false FAIL seen on the code before); a span reaching
    into the slot still fails."""
    spans = joiner.join([*earlier, f"{start} - 14:30"])
    assert slot(f"{SLOT}\n\n- {who}: busy {spans}"), spans
    assert not slot(f"{SLOT}\n\n- {who}: busy {joiner.join([*earlier, f'{start} - 15:00'])}")
