"""Hostile review (2026-12-07, late) of the scheduling judge for false PASSes, on angles the
earlier reviews (``tests/test_review_probes_*.py``) did not take.

Attacked: :func:`domains.scheduling.judge.judge_everyone_can_attend` on NATURAL PLAN's np-6
(Monday 9:00-17:00, one hour; Thomas free; Dylan busy 10:30-11:00, 13:30-14:00; Jerry busy
9:00-11:00, 11:30-14:30, 16:00-17:00), through the answer reader
(:mod:`domains.scheduling.answers`) and the core's busy reading
(:mod:`checkers.busy_spans`). Each probe holds np-6's good slot (``SLOT``: Monday 14:30 -
15:30, or the same as fenced JSON), which passes alone, so the words around it are the only
thing that may change the verdict; ``expect`` is the right verdict. The angles: a conflict
said of a participant through a role or a pronoun, by a length rather than a time, as a
length from a start, with "noon", "a quarter to three" or an hour in words opening a range; a
twelve-hour end in a range of hours; a condition on someone's change of calendar opening a
sentence or said as what the slot "assumes"; working hours restated; a busy label for one
participant; the slot said twice; a second slot in a table or list; markdown, emoji and
full-width digits in times.

59 probes: 30 wrong on the code before (25 false PASSes, 5 false FAILs), closed by class the
same day (each with a property over every scheduling task seen failing on the code before:
``tests/test_scheduling_review_1207f.py``); 19 right ones kept as controls; 9 still wrong, in
:data:`WRONG` (8 false PASSes, 1 false FAIL, in 6 classes); "Jerry is the only one who can't make
it." was closed on merging (``tests/test_only_one_said.py``).

Closed, false PASS (25):

- a meeting's length from its start ("Thomas has a 90-minute call at 2", "Jerry has an
  hour-long call starting at 2", "Jerry's 2pm call runs for 45 minutes"): a commitment at a
  point of time was a minute long; now it lasts the length said with it
  (``checkers.busy_spans._lasting``), for dining's guests too;
- part of the slot said by a length ("Jerry is busy for the first half hour", "Dylan is only
  free for the first 30 minutes", "Jerry can give us 45 minutes"): scheduling's
  ``_part_of_the_slot``;
- a role set between the name and what is said of them, or standing for the name once the
  answer gave it ("Jerry, our CFO, is out until 3", "Jerry is the CFO. The CFO is out until
  3.", "Jerry (CFO) \u2014 out until 3 pm"): ``_roles``, ``_without_appositives``;
- a range opened by "noon" or an hour in words, "a quarter to three", a twelve-hour end after
  an hour alone ("busy from noon to 3", "until a quarter to three", "in a call from 2 to
  3:30"), a second span after "and again" ("until noon and again from 3"), a dash joining the
  name and the state ("Jerry \u2014 out until 3 pm"), "flying", an offsite: the core's
  :data:`~checkers.busy_spans.BUSY_SPAN` and forms;
- the slot resting on someone's change of calendar said at a sentence's start or as what it
  "assumes" ("As long as Jerry reschedules his 2:00 block, we're good.", "This assumes Jerry
  declines his 14:00 meeting."), the changed commitment's own time read as no other slot:
  ``_changed_calendar``.

Closed, false FAIL (5): a participant's working hours that hold the slot ("Jerry's working
hours are 9:00-17:00.", "Jerry's hours are 9:00-17:00."): the core reads "working" as busy,
and rule 4 read "'s hours" as another slot; a busy label for one participant whose times miss
the slot ("Busy for Jerry: 16:00 - 17:00."): the final word read the label's "busy" as the
slot's state (:data:`~checkers.plan_words.BUSY_LABEL`); a range with pm on its end only
("Jerry is busy 4:00 - 5:00 pm.": 4:00 - 17:00 before, now 16:00 - 17:00); a busy span ending
at the slot's start in twelve-hour writing ("busy from noon to 2:30": its 14:30 reading is the
slot's edge).
"""

from __future__ import annotations

import pytest

from tests.probe_harness import Review, around
from tests.test_review_probes_planning_1205 import SLOT, slot

JSON_SLOT = '```json\n{"day": "Monday", "start": "14:30", "end": "15:30"}\n```'

WRONG: dict[str, str] = {
    "role_never_linked": (
        "false PASS: a role never tied to a participant ('The CFO is out until 3.') is no "
        "participant the reader knows; failing closed on any role away during the slot "
        "would fail 'The office manager is out until 3' too (a judgement call)"
    ),
    "left_to_others": (
        "false PASS: a participant left to be filled in or covered for ('We can fill Jerry "
        "in later.', 'Dylan will cover for Jerry.') is read as no absence"
    ),
    "busy_by_verb": (
        "false PASS: a busy time said by a verb or an arrow ('Jerry blocked 2-4 for focus "
        "time.', 'Thomas \u2192 14:00-15:00 busy', 'Jerry's lunch runs late, until about "
        "3.') is read by no busy form"
    ),
    "elsewhere_by_city": (
        "false PASS: the slot's zone set against a participant's city ('All times above "
        "are CET; Jerry is in New York.') is read as no other time zone"
    ),
    "said_twice_in_words": (
        "false PASS: the JSON slot restated in words at another start ('Monday at half past "
        "three it is, then.') reads 'half past three' as the slot's own end"
    ),
    "abbreviated_role_unread": (
        "false FAIL: 'Jerry (CFO): busy 16:00-17:00' is unread_language (an upper-case "
        "abbreviation read as another language)"
    ),
}
"""Each defect class still open, with the reason its probes carry."""
REVIEW = Review(WRONG)
after, before = around(SLOT)
after_json, _ = around(JSON_SLOT)
fp, ff = REVIEW.fp, REVIEW.ff

PROBES = [
    # --- a commitment's length from its start (closed) -------------------------------------
    fp(after("Thomas has a 90-minute call at 2."), "ninety-minute-call-at-2"),
    fp(after("Thomas has a 90-minute call at 14:00."), "ninety-minute-call-at-14"),
    fp(after("Jerry has an hour-long call starting at 2."), "hour-long-call-starting-at-2"),
    fp(after("Jerry's 2pm call runs for 45 minutes."), "call-runs-for-45-minutes"),
    fp(after("Dylan has a 45-min sync at 14:00."), "sync-45-min"),
    ff(after("Thomas has a 30-minute call at 2."), "call-ends-at-the-start"),
    ff(after("Thomas has a 90-minute call at 1."), "call-ends-at-the-start-ninety"),
    ff(after("Jerry has an hour-long call starting at 1:30."), "hour-long-call-before"),
    ff(after("Dylan's 4pm call is 30 minutes."), "call-after-the-slot"),
    # --- part of the slot by a length (closed) ---------------------------------------------
    fp(after("Jerry is busy for the first half hour."), "busy-first-half-hour"),
    fp(after("Dylan is only free for the first 30 minutes."), "free-first-30-minutes"),
    fp(after("Jerry is free only for the last half hour."), "free-last-half-hour"),
    fp(after("Jerry can give us 45 minutes."), "can-give-us-45-minutes"),
    fp(after("Jerry is out for the last 20 minutes."), "out-last-20-minutes"),
    ff(after("Jerry is free for the whole hour."), "free-whole-hour"),
    ff(after("Jerry can give us an hour."), "can-give-us-an-hour"),
    # --- a role for the name (closed, but for a role never tied to one) --------------------
    fp(after("Jerry, our CFO, is out until 3."), "cfo-appositive-out"),
    fp(after("Jerry is the CFO. The CFO is out until 3."), "cfo-named-then-out"),
    fp(after("Jerry (CFO) \u2014 out until 3 pm."), "cfo-bracket-dash-out"),
    fp(after("The CFO is out until 3."), "cfo-never-linked", "role_never_linked"),
    ff(after("Jerry, our CFO, is free then."), "cfo-appositive-free"),
    ff(after("Jerry (remote) is free then."), "bracket-remote-free"),
    ff(after("Jerry (CFO): busy 16:00-17:00"), "cfo-busy-after", "abbreviated_role_unread"),
    # --- times in words, noon, twelve-hour ends (closed) -----------------------------------
    fp(after("Jerry is busy from noon to 3."), "noon-to-3"),
    fp(after("Jerry is busy until a quarter to three."), "a-quarter-to-three"),
    fp(after("Jerry is busy from two to four."), "two-to-four-in-words"),
    fp(after("Jerry: in a call from 2 to 3:30."), "hour-alone-to-twelve-hour-end"),
    fp(after("Jerry is booked until noon and again from 3."), "and-again-from-3"),
    fp(after("Jerry \u2014 out until 3 pm."), "dash-out-until-3"),
    fp(after("Jerry is flying until 3."), "flying-until-3"),
    fp(after("Jerry has an offsite until 3."), "offsite-until-3"),
    ff(after("Jerry is busy from noon to 2:30."), "noon-to-start"),
    ff(after("Jerry is booked until 2:30 and again from 4."), "and-again-around"),
    ff(after("Jerry is busy until a quarter past two."), "a-quarter-past-two"),
    ff(after("Jerry is busy 4:00 - 5:00 pm."), "pm-on-the-end-only"),
    # --- a condition on a change of calendar (closed) --------------------------------------
    fp(after("As long as Jerry reschedules his 2:00 block, we're good."), "as-long-as-opening"),
    fp(after("Provided Jerry moves his call, this works."), "provided-opening"),
    fp(after("This assumes Jerry declines his 14:00 meeting."), "assumes-declines"),
    fp(after("This depends on Jerry moving his 14:00 call."), "depends-on-moving"),
    ff(after("As long as everyone shows up, we're good."), "as-long-as-no-change"),
    # --- working hours and busy labels (closed false FAILs, and their near-misses) ---------
    ff(after("Jerry's working hours are 9:00-17:00."), "working-hours-hold"),
    ff(after("Jerry's hours are 9:00-17:00."), "hours-hold"),
    ff(after("Busy for Jerry: 16:00 - 17:00."), "busy-label-misses"),
    fp(after("Jerry's working hours are 15:00-17:00."), "working-hours-leave-out"),
    fp(after("Jerry is working 14:00-16:00."), "is-working-over"),
    fp(after("Jerry works a shift 14:00-16:00."), "works-a-shift-over"),
    fp(after("Busy for Jerry: 15:00 - 16:00."), "busy-label-over"),
    fp(after("Blocked for Jerry: he has a dentist appointment."), "blocked-label-no-times"),
    # --- still open ------------------------------------------------------------------------
    fp(after("We can fill Jerry in later."), "fill-in-later", "left_to_others"),
    fp(after("Dylan will cover for Jerry."), "cover-for", "left_to_others"),
    fp(after("Jerry blocked 2-4 for focus time."), "blocked-verb", "busy_by_verb"),
    fp(after("Jerry's lunch runs late, until about 3."), "lunch-runs-late", "busy_by_verb"),
    fp(after("Thomas \u2192 14:00-15:00 busy"), "arrow-then-busy", "busy_by_verb"),
    fp(
        after("All times above are CET; Jerry is in New York."),
        "cet-and-new-york",
        "elsewhere_by_city",
    ),
    fp(
        after_json("Monday at half past three it is, then."),
        "json-then-half-past-three",
        "said_twice_in_words",
    ),
    fp(  # closed on merging: tests/test_only_one_said.py
        after("Jerry is the only one who can't make it."),
        "only-one-who-cannot",
    ),
    # --- controls right before (kept) ------------------------------------------------------
    fp(after("Jerry's busy till **15:00**."), "markdown-time"),
    fp(after("Jerry is busy until \uff11\uff15:\uff10\uff10."), "full-width-time"),
    fp(after("1. Monday 15:00 - 16:00 (backup)"), "second-slot-in-a-list"),
]


@pytest.mark.parametrize(("text", "expect"), PROBES)
def test_probe(text: str, expect: bool) -> None:
    assert slot(text) is expect, text


def test_the_slot_passes_alone() -> None:
    assert slot(SLOT) and slot(JSON_SLOT)


def test_every_open_class_has_a_probe() -> None:
    assert REVIEW.classes_probed(PROBES) == set(WRONG)
