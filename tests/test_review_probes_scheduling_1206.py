"""Hostile review (2026-12-06) of scheduling's own reading of a final answer.

Attacked: :func:`domains.scheduling.answers.read_answer` -- the "proposed time" marker and the
region it keeps, the written slot (``_SLOT``), rule 4 (another day or time named) and the final
word as scheduling feeds it (``_final``, ``_someone_away``, ``_someone_stops_early``). Every
probe is written the way gpt-4o, Gemini and Claude answer a NATURAL PLAN meeting task: a short
intro, reasoning over each person's schedule, the proposed time line (or a fenced JSON slot, or
markdown fields), caveats and a question back. Each holds np-6's good slot (Monday 14:30 -
15:30: Thomas free; Dylan busy 10:30-11:00, 13:30-14:00; Jerry busy 9:00-11:00, 11:30-14:30,
16:00-17:00), which passes alone, so the words around it are the only thing that may change the
verdict; ``expect`` is the right verdict.

90 probes: 56 wrong verdicts (48 false PASSes, 8 false FAILs) in 10 classes, 34 right ones kept
as controls. 71 probes were written first; a second round on full answers (after the first
fixes) found 19 more, mostly a clash or an absence admitted in words the first round had not
tried. Closed the same day, by class (``tests/test_scheduling_review_classes.py``, a property
for each, seen failing on the code before): 52 of the 56, then the 12-hour range with am/pm on
its end only (2 more, ``tests/test_scheduling_review_classes.py``), then the last 2 (the slot
for participants named, and the end said as a start in any clock form:
``tests/test_scheduling_named_subset.py``). Left (:data:`WRONG`): none.

False PASS (48):

- ``someone_left_out_after_the_slot`` 13 (closed) -- COMMON when a model misreads a calendar
  ("Jerry can't attend, but the other two can", "Jerry will have to miss this one", "Everyone
  except Jerry is free then", "two of the three participants are free", "works for most of the
  team", "Jerry will be 15 minutes late", "can only join for the last half hour", "can join
  for the second half only", "Jerry's block runs until 15:00, so he'll miss the first half
  hour"): ``_someone_away`` needed a reference to the slot after the state ("then", "at that
  time"), and the slot said to suit only some had no reading in scheduling (dining's
  ``_part_of_group`` is dining's). Now ``plan_for_part_of_group`` (``_not_for_everyone``).
- ``clash_or_absence_admitted`` 8 (closed; second round) -- COMMON in the same answers ("Jerry
  has a conflict, but he can probably move it", "Jerry is double-booked", "This slot overlaps
  slightly with Jerry's block", "Jerry is still in his 11:30-15:00 block at the start", "Jerry
  is the only one with a clash", "(Jerry optional)", "Jerry is optional for this one", "Jerry
  can be briefed afterwards"): ``_AWAY`` needs a reference to the slot and knows no clash
  with it. Now ``plan_for_part_of_group`` (``_CLASH``, ``_OPTIONAL``); a clash denied, avoided
  or bound elsewhere ("No one has a conflict", "to avoid a clash", "has a conflict at 16:00",
  "a conflict-free afternoon") is none.
- ``slot_for_named_participants`` 1 (closed) -- "Here is the proposed time: Monday, 14:30 -
  15:30 for Thomas and Dylan.": naming two of three participants needs the task's names,
  which :func:`~domains.scheduling.answers.read_answer` did not take (the judge has them). Now
  it takes them, and the slot said to be for only some of them by name ("for Thomas and
  Dylan", "Attendees: Thomas, Dylan", "Thomas and Dylan can make it", "only works for Thomas
  and Dylan", an ``attendees`` key) is ``plan_for_part_of_group``, unless everyone left out is
  said to be in too ("Jerry is free too"); a list with anyone else ("for you, Thomas and
  Dylan") says nothing of the kind.
- ``claim_before_the_marker`` 7 (closed) -- COMMON ("No slot works for everyone, so here's the
  best compromise.", "There's no perfect slot, but this is the closest:", "I couldn't find a
  time when all three are free." before "Here is the proposed time: ..."): ``answer_region``
  keeps only the text from the marker on, so the claim was never read. Now the text before the
  slot is read for a claim that no slot suits everyone (``plan_and_no_plan``) and, in a
  paragraph naming no other day or time, for someone left out.
- ``slot_on_a_condition`` 4 (closed) -- OCCASIONAL ("..., provided Jerry can move his afternoon
  call", "This only works if Dylan skips his afternoon stand-up", "(tentative until Jerry
  confirms he can drop his 14:30 hold)"): a condition was read as no claim. Now
  ``slot_on_a_condition`` when the condition is a participant's change of calendar.
- ``another_slot_relative_to_this_one`` 6 (closed) -- COMMON as a courtesy ("The next hour is
  free for everyone as well", "The slot after that works too", "P.S. The slot right after this
  one is also free"): ``plan_words.LATER_TIME`` knows "an hour later" and "a later slot", not a
  slot named by its place next to this one. Now another slot's time (``_RELATIVE_SLOT``).
- ``time_in_words`` 6 (closed) -- OCCASIONAL ("So the meeting is Monday from three to four",
  "I'd be just as happy with three pm", "We could do a quarter past three as well",
  "Four-thirty would be fine as well"): the final word reads "at three" and "three o'clock"; an
  hour in words in a range, before am/pm, with "quarter"/"half past" or as "four-thirty" was
  read by no one. Now read (``_WORDED_TIME``), the slot's own when it may mean its start or end.
- ``end_said_as_a_start`` 3 (closed) -- OCCASIONAL ("Starting at 15:30 would also work.",
  "A 15:30 start would be fine as well."): the slot's end time was its own wherever it stood,
  so another slot starting where this one ends read as the slot restated. Now the end said as
  a start with no one else's subject ("Starting at", "we could start at", "a 15:30 start") is
  another slot's time; "Dylan's next call starts at 15:30" is not. The 12-hour form ("Starting
  at 3:30 pm would also work") was left at first: the core's 12-hour completion
  (:func:`checkers.final_word._completed`) made a 12-hour time whose 24-hour form the domain
  calls its own the plan's own again. Now scheduling reads the end said as a start after the
  core's completion, in any clock form (12-hour, "15h30", "half past three").

False FAIL (8):

- ``day_apart_from_its_range`` 6 (closed) -- VERY COMMON in markdown answers ("**Monday**, 14:30
  - 15:30", "**Monday:** 14:30 \u2013 15:30", "Monday: 14:30 - 15:30", "**Day:** Monday /
  **Time:** 14:30 - 15:30", a bulleted "- Day: Monday / - Time: ..."): ``_SLOT`` allowed only a
  comma or "from/at/between" between the day and the range, so the slot was read as a bare
  range (``missing_day``). Now emphasis, a colon and a "Time:"/"When:" field are read.
- ``meridiem_on_the_end_only`` 2 (closed the same day) -- COMMON in 12-hour answers
  ("Monday, 2:30 - 3:30 PM"): a range with am/pm on one side was ``ambiguous_time`` by a
  documented choice; ordinary English gives the trailing "PM" to both times. Now the bare side
  shares the other's am/pm when the range then ends after it starts, else takes the other
  (``_shared_meridiem``: "11:30 - 12:30 PM" is 11:30 - 12:30).
"""

from __future__ import annotations

import pytest

from tests.probe_harness import Review, around
from tests.test_review_probes_planning_1205 import SLOT, slot

JSON_SLOT = '```json\n{"day": "Monday", "start": "14:30", "end": "15:30"}\n```'

WRONG: dict[str, str] = {}
"""Each defect class found, with the reason its probes carry."""
REVIEW = Review(WRONG)
# ff: an honest one-slot answer that must pass; fp: an answer that does not commit to exactly
# one slot everyone can attend, which must fail.
probe, ff, fp = REVIEW.probe, REVIEW.ff, REVIEW.fp
after, before = around(SLOT)
after_json = around(JSON_SLOT).after


PROBES = [
    # ============================== false PASS =================================================
    # someone_left_out_after_the_slot
    fp(after("Jerry can't attend, but the other two can."), "cant-attend-other-two"),
    fp(after("Jerry will have to miss this one."), "will-have-to-miss"),
    fp(after("Jerry will miss the first 15 minutes."), "miss-first-minutes"),
    fp(after("Jerry will be 15 minutes late."), "will-be-late"),
    fp(after("Jerry can join a little late."), "join-a-little-late"),
    fp(f"{SLOT} (Jerry can only join for the last half hour).", "only-last-half"),
    fp(after("Everyone except Jerry is free then."), "everyone-except"),
    fp(after("All but Jerry are available then."), "all-but"),
    fp(
        after("This is the best I could find: two of the three participants are free."),
        "two-of-three",
    ),
    fp(after("This works for most of the team."), "most-of-the-team"),
    fp(after_json("Dylan won't be able to make it, unfortunately."), "json-wont-make-it"),
    fp(after("Jerry can join for the second half only."), "join-second-half-only"),
    fp(
        after("Jerry's block runs until 15:00, so he'll miss the first half hour."),
        "miss-first-half-hour-after-a-time",
    ),
    # clash_or_absence_admitted (found in a second round)
    fp(after("Jerry has a conflict, but he can probably move it."), "has-a-conflict"),
    fp(
        after("Jerry is double-booked, so he may need to decline his other meeting."),
        "double-booked",
    ),
    fp(after("This slot overlaps slightly with Jerry's block."), "overlaps-slightly"),
    fp(
        after("The only catch: Jerry is still in his 11:30-15:00 block at the start."),
        "still-in-his-block",
    ),
    fp(
        after("Thomas and Dylan are free; Jerry is the only one with a clash."),
        "only-one-with-a-clash",
    ),
    fp(after("Attendees: Thomas, Dylan (Jerry optional)."), "jerry-optional"),
    fp(after("Jerry is optional for this one."), "optional-for-this-one"),
    fp(
        "Proposed time: Monday, 14:30 - 15:30 for Thomas and Dylan. Jerry can be briefed "
        "afterwards.",
        "briefed-afterwards",
    ),
    fp(
        "Here is the proposed time: Monday, 14:30 - 15:30 for Thomas and Dylan.",
        "for-two-named-of-three",
    ),
    # claim_before_the_marker
    fp(
        before("No slot works for everyone, so here's the best compromise."),
        "no-slot-compromise",
    ),
    fp(before("There's no perfect slot, but this is the closest:"), "no-perfect-slot"),
    fp(before("I couldn't find a time when all three are free."), "couldnt-find"),
    fp(
        before("It isn't possible to find a time that suits everyone."),
        "not-possible-for-everyone",
    ),
    fp(
        before(
            "Unfortunately there is no time that works for everyone. The closest option "
            "(Jerry would miss part of it) is below."
        ),
        "no-time-closest-below",
    ),
    fp(
        before("Jerry is busy all afternoon, so he will have to miss the meeting."),
        "before-jerry-will-miss",
    ),
    fp(before("Everyone except Jerry can make the slot below."), "before-except"),
    # slot_on_a_condition
    fp(f"{SLOT}, provided Jerry can move his afternoon call.", "provided-jerry-moves"),
    fp(f"{SLOT}, but only if Jerry agrees to shorten his block.", "only-if-agrees"),
    fp(
        after("This only works if Dylan skips his afternoon stand-up."),
        "only-works-if-skips",
    ),
    fp(
        f"{SLOT} (tentative until Jerry confirms he can drop his 14:30 hold).",
        "tentative-until-drops",
    ),
    # another_slot_relative_to_this_one
    fp(f"{SLOT} (the following hour is open too).", "following-hour-too"),
    fp(after("The next hour is free for everyone as well."), "next-hour-as-well"),
    fp(after("The half hour after it is also open."), "half-hour-after-it"),
    fp(after("The slot after that works too."), "slot-after-that"),
    fp(
        after("P.S. The slot right after this one is also free for everyone."),
        "slot-right-after",
    ),
    fp(after("If not, the next available slot is right after."), "next-available"),
    # time_in_words
    fp(after("In other words, the meeting runs from three to four."), "from-three-to-four"),
    fp(after_json("So the meeting is Monday from three to four."), "json-three-to-four"),
    fp(after_json("I'd be just as happy with three pm."), "json-three-pm"),
    fp(after("We could do a quarter past three as well."), "quarter-past-three"),
    fp(after("Four-thirty would be fine as well."), "four-thirty"),
    fp(after("Half past four would suit everyone too."), "half-past-four"),
    # end_said_as_a_start
    fp(after("Starting at 15:30 would also work."), "start-at-the-end"),
    fp(after("A 15:30 start would be fine as well."), "a-start-at-the-end"),
    fp(after("Starting at 3:30 pm would also work."), "start-at-the-end-12-hour"),
    # ============================== false FAIL =================================================
    # day_apart_from_its_range
    ff("Here is the proposed time: **Monday**, 14:30 - 15:30", "bold-day"),
    ff("**Proposed time:** **Monday**, **14:30\u201315:30**", "bold-day-and-range"),
    ff("Here is the proposed time: Monday: 14:30 - 15:30", "day-colon"),
    ff("**Monday:** 14:30 \u2013 15:30", "bold-day-colon"),
    ff("**Day:** Monday\n**Time:** 14:30 - 15:30", "day-time-fields"),
    ff(
        "Proposed meeting:\n- Day: Monday\n- Time: 14:30 - 15:30\n- Duration: 1 hour",
        "day-time-list",
    ),
    # meridiem_on_the_end_only
    ff("Here is the proposed time: Monday, 2:30 - 3:30 PM", "pm-on-end"),
    ff("Here is the proposed time: Monday, 2:30\u20133:30 p.m.", "pm-on-end-en-dash"),
    # ============================== right today: controls =======================================
    ff(after("No one is left out: all three are free."), "no-one-left-out"),
    ff(after("No one has a conflict then."), "no-one-has-a-conflict"),
    ff(after("To avoid a clash with Jerry's block, it starts at 14:30."), "avoid-a-clash"),
    ff(after("Jerry has a conflict at 16:00, so we end by 15:30."), "conflict-at-16"),
    ff(after("Jerry is not required to prepare anything."), "not-required-to-prepare"),
    ff(after("Jerry's calendar shows a conflict-free afternoon."), "conflict-free-afternoon"),
    ff(after("Everyone, including Jerry, is free then."), "including-jerry"),
    ff(
        after("Jerry's block ends right at 14:30, so he might be a couple of minutes late."),
        "might-be-a-minute-late",
    ),
    ff(after("Jerry can't meet before 14:30, and Dylan is busy 13:30-14:00."), "cant-meet-before"),
    ff(after("Let me know if that doesn't work."), "let-me-know-if"),
    ff(after("If anything changes, I can look again."), "if-anything-changes"),
    ff(after("Would you like me to send the invite?"), "question-back"),
    ff(before("I found a time that works for everyone."), "before-works-for-everyone"),
    ff(before("Nothing works before 14:30 because of Jerry."), "before-nothing-before"),
    ff(before("No slot works in the morning."), "before-no-slot-in-the-morning"),
    ff(
        before(
            "Jerry is busy 11:30-14:30, and Dylan 13:30-14:00. After 14:30 everyone is free "
            "until 16:00."
        ),
        "before-busy-reasoning",
    ),
    ff(before("Monday, 9:00 - 10:00 is out because of Jerry."), "before-slot-ruled-out"),
    ff(after("Jerry is busy the hour before."), "busy-the-hour-before"),
    ff(after("This is the first slot after Jerry's block."), "first-slot-after-block"),
    ff(after("That is half past two to half past three."), "own-slot-in-words"),
    ff(after_json("So we'll meet on Monday at 2:30 pm."), "json-own-twelve-hour"),
    ff(f"{SLOT} (60 minutes)", "duration-note"),
    ff("Here is the proposed time: Monday, 14:30 \u2212 15:30", "minus-sign"),
    ff("Here is the proposed time: *Monday, 14:30 - 15:30*", "italic-slot"),
    ff("Here is the proposed time: `Monday, 14:30 - 15:30`", "code-span-slot"),
    fp(after("Jerry will be out then."), "jerry-out-then"),
    fp(after("Alternatively, three o'clock would also work."), "three-oclock"),
    fp(after("We could also push it back by 30 minutes if needed."), "push-back"),
    fp(after("Starting half an hour later would work just as well."), "half-hour-later"),
    fp(after("It could also be held an hour earlier."), "hour-earlier"),
    fp(
        "No slot works for everyone, so here's the best compromise.\n\n" + JSON_SLOT,
        "json-no-slot-before",
    ),
    fp("Here is the proposed time: Monday, 14:30 - 15:30 or 15:00 - 16:00", "two-ranges"),
    fp("**Day:** Monday\n**Time:** 14:30 - 15:30 or 15:00 - 16:00", "fields-two-ranges"),
    fp("Here is the proposed time: Monday, 2:30 - 3:30", "bare-twelve-hour-is-night"),
]


def test_the_slot_passes_alone() -> None:
    """The control: each probe's slot passes with nothing around it."""
    assert slot(SLOT) and slot(JSON_SLOT)


@pytest.mark.parametrize(("text", "expect"), PROBES)
def test_probe(text: str, expect: bool) -> None:
    assert slot(text) is expect, text


def test_every_class_has_a_probe() -> None:
    assert REVIEW.classes_probed(PROBES) == set(WRONG)
