"""Hostile review (2026-12-07) of dining's and scheduling's final answers: false passes hunted in
words, spellings and layouts the readers had not met.

Each probe holds story-six's good plan (Green Fork r03 at 17:30, two hours, six guests: Ana, Björn,
José, Zoë, Mei, Raj) as fenced JSON, or np-6's golden slot (Monday, 14:30 - 15:30; Thomas, Dylan,
Jerry), and a line written the way models write around a plan; ``expect`` is the right verdict. The
review found 144 false passes in 11 classes (and 8 false fails).

Closed the same day by class, each with a property over every bundled scenario and task, seen
failing on the code before: busy time under a label ("Blocked for Jerry: 14:30 - 15:30."), in
twelve hours in upper case ("3 PM", "3 P.M."), with a dot ("15.00"), in more words ("at lunch
until", "calendar shows ... blocked"): ``tests/test_busy_spans_shared.py``; a plan struck through
or commented out, and a plan said to go on "without" someone:
``tests/test_plan_struck_or_without.py``; a plan whose JSON or a label after it says it does not
hold (``"feasible": false``, ``"excluded": ["Mei"]``, "Feasible: no."):
``tests/test_plan_flagged_not_holding.py``; a budget said as a "spending limit" (found by the frame
property of ``tests/test_plan_breaks_a_need.py``); someone not there in other words ("wasn't
invited", "is a maybe", "has a prior commitment", "doesn't need to be there", "is welcome to skip",
"can catch the recording"): ``tests/test_left_out_absent_words.py``; the restaurant "bought out",
"at capacity", "hosting a private party" (a bad state of the plan):
``tests/test_needs_said_broken_anywhere.py``; words in other languages, which no reader reads (the
answer is refused as ``unread_language``): ``tests/test_unread_language.py``; a dinner given
another length, or said to end or close inside it ("Dinner runs 17:30 - 18:30",
``"duration_minutes": 60``, "Green Fork closes at 18:30"): ``tests/test_plan_length.py``; a roster
of some of the group ("Invites sent to" five of six, "Zoë ❌", "(Thomas & Dylan)"):
``tests/test_roster.py``; someone away "that evening", a guest joining the dinner from afar, only
some said to be needed: ``tests/test_left_out_absent_words.py``,
``tests/test_left_out_other_words.py``; a need said relaxed ("I relaxed Zoë's budget a little:"):
``tests/test_need_relaxed.py``; busy for a part of the day ("Jerry is booked all afternoon"):
``tests/test_busy_day_parts.py``; in a table of busy times or a busy label's list split by
semicolons: ``tests/test_busy_tables.py``; a plan headed as for all but someone ("For everyone
except Mei:"): ``tests/test_left_out_other_words.py``; the choice of two left to the user before
dining's plan ("Both Umi and Green Fork work, pick either"):
``tests/test_final_word_rationale.py``; from the review of those readers: a word all of
look-alike letters of another script ("Мест нет"): ``tests/test_unread_language.py``; a table or
room had for less than the plan ("The table is ours for 60 minutes"), a time label's range
("Time: 17:30 - 18:30"), a meeting said to end at another time ("The meeting will end at
15:00"): ``tests/test_plan_length.py``; a table of the group with a column of who comes:
``tests/test_roster.py``; busy time in compact hours ("9-11, 11:30-3"):
``tests/test_busy_tables.py``.

Still open, strict known wrong, a few probes of each class (the review's file lists the rest):
one false fail. Closed since: a slot written with dots ("Monday, 14.30 - 15.30"), two slots
offered in scheduling's reasoning before its marker (``tests/test_choice_before_marker.py``),
a sentence of a language outside the word lists ("Raj ist krank.": the readers weigh sentences
against an English word list, ``tests/test_unread_language_lexicon.py``), hours written alone
("busy until 3", "- Jerry: busy 9-11" after the slot, ``tests/test_busy_tables.py``), "It ends
at 15:00" (``tests/test_plan_length.py``) and "booked on the 22:00 train home"
(``tests/test_busy_spans_shared.py``), "Busy for José: 15:00 - 16:00." after the plan (a busy
label for one person labels their times, no state of the plan:
``tests/test_scheduling_review_1207f.py``).
"""

from __future__ import annotations

import pytest

from tests.probe_harness import Review, around
from tests.test_review_probes_planning_1205 import FENCED, SLOT, dining, slot

WRONG: dict[str, str] = {
    "dotted_meridiem_range": "false FAIL: '3:30 P.M. - 4:00 P.M.' is no range to the plan "
    "mentions, so the slot's end (15:30) busy is read as the slot denied",
}
"""Each defect class still open, with the reason its probes carry."""
REVIEW = Review(WRONG)
fp, ff = REVIEW.fp, REVIEW.ff
after, before = around(FENCED)
s_after, s_before = around(SLOT)


def plan_json(extra: str) -> str:
    return '```json\n{"restaurant": "r03", "time": "17:30", ' + extra + "}\n```"


DINING_PROBES = [
    # ====================== closed false PASSes (now fail) =====================================
    fp(after("José is busy until 18.00."), "dotted-clock"),
    fp(after("Without Mei, sadly."), "without-line"),
    fp("~~" + FENCED + "~~", "struck-fence"),
    fp("<!-- " + FENCED + " -->", "commented-fence"),
    fp(plan_json('"feasible": false'), "json-feasible-false"),
    fp(plan_json('"excluded": ["Mei"]'), "json-excluded"),
    fp(plan_json('"not_attending": ["Mei"]'), "json-not-attending"),
    fp(after("Feasible: no."), "label-feasible-no"),
    fp(after("It is over the spending limit."), "spending-limit"),
    fp(after("Raj wasn't invited."), "not-invited"),
    fp(after("Green Fork has been bought out for a wedding tonight."), "bought-out"),
    fp(after("The host said they're at capacity tonight."), "at-capacity"),
    fp(after("Raj is a maybe."), "a-maybe"),
    fp(after("Raj has a prior commitment."), "prior-commitment"),
    fp(after("Lo siento, Green Fork está completo esta noche; no hay reserva."), "es-full"),
    fp(after("Hinweis: Raj kann leider nicht kommen."), "de-cannot-come"),
    fp(after("Green Fork closes at 18:30."), "closes-mid-dinner"),
    fp(after("Dinner runs 17:30\u201318:30."), "shortened-dinner"),
    fp(plan_json('"duration_minutes": 60'), "json-shortened"),
    fp(after("We have the table until 18:30."), "table-until"),
    fp(after("RSVP: Ana ✅, Björn ✅, José ✅, Zoë ❌, Mei ✅, Raj ✅"), "rsvp-cross"),
    fp(after("Invites sent to Ana, Björn, José, Zoë and Mei."), "invites-to-five"),
    fp(after("Raj is out of town that evening."), "out-of-town"),
    fp(after("Zoë will join us on video call."), "video-call"),
    fp(before("I relaxed Zoë's budget a little:"), "relaxed-budget"),
    fp(before("For everyone except Mei:"), "except-mei-before"),
    fp(before("Both Umi and Green Fork work — pick either. Green Fork details:"), "pick-either"),
    fp(after("\u041c\u0435\u0441\u0442 \u043d\u0435\u0442."), "ru-lookalikes"),
    fp(after("The table is ours for 60 minutes."), "table-for-60"),
    fp(after("Time: 17:30\u201318:30"), "time-label-range"),
    fp(
        after("| Guest | Coming |\n|---|---|\n| Ana | yes |\n| Zo\u00eb | no |"),
        "guest-table",
    ),
    # ====================== honest: must pass ==================================================
    ff("~~Umi at 18:00~~ Green Fork it is:\n" + FENCED, "struck-other"),
    ff(plan_json('"booked": false'), "json-booked-false"),
    ff(plan_json('"outdoor_seating": false'), "json-detail-false"),
    ff(after("Feasible: yes."), "label-feasible-yes"),
    ff(after("Without Ana, we'd never have found it."), "without-ana-comma"),
    ff(after("Buen provecho! Try the pico de gallo."), "spanish-courtesy"),
    ff(after("Green Fork is open until 22:00."), "open-past-dinner"),
    ff(plan_json('"duration_minutes": 120'), "json-full-length"),
    ff(after("RSVP: Ana ✅, Björn ✅, José ✅, Zoë ✅, Mei ✅, Raj ✅"), "rsvp-all-ticked"),
    ff(after("Confirmed: Ana's vegan dish and Zoë's nut-free dessert."), "confirmed-things"),
    ff(after("No one's budget had to be relaxed."), "nothing-relaxed"),
    ff(before("Umi doesn't work for Ana either."), "either-rejecting"),
    ff(after("This would have taken longer."), "taken-longer"),
    ff(after("Checking every restaurant has taken a while."), "taken-a-while"),
    ff(after("Ana's allergy was taken into account."), "taken-into-account"),
    fp(after("That time is taken."), "time-taken"),
    ff(after("Raj is busy 6:30-7:30 in the morning."), "small-hours-in-the-morning"),
    fp(after("Raj is busy 6-8 tonight."), "compact-tonight"),
    fp(after("\u041c\u200b\u0435\u0441\u0442 \u043d\u00ad\u0435\u0442."), "ru-zero-width"),
    fp(after("Raj ist krank."), "de-one-word"),
    ff(after("Raj is booked on the 22:00 train home, after dinner."), "train-after-dinner"),
    fp(after("Ana n\u00e3o vem."), "pt-two-words"),
    ff(after("Busy for José: 15:00 - 16:00."), "label-outside-after"),
]
SLOT_PROBES = [
    # ====================== closed false PASSes (now fail) =====================================
    fp(s_before("Blocked for Jerry: 14:30 - 15:30."), "label-blocked-for"),
    fp(s_before("Busy: Thomas 9:00 - 10:00, Jerry 14:30 - 15:30."), "label-heading-list"),
    fp(s_after("Jerry is busy until 3 PM."), "upper-pm"),
    fp(s_after("Jerry is busy until 3 P.M."), "upper-p-m-dots"),
    fp(s_after("Jerry is busy until 15.00."), "dotted-clock"),
    fp(s_after("Jerry is at lunch until 15:00."), "at-lunch"),
    fp(s_after("Jerry's calendar shows 11:30 \u2013 15:00 blocked."), "calendar-shows-blocked"),
    fp(SLOT + " (without Jerry)", "without-aside"),
    fp(s_after("Jerry can catch the recording."), "catch-recording"),
    fp(s_after("Jerry is welcome to skip."), "welcome-to-skip"),
    fp(s_after("Jerry doesn't need to be there."), "need-not-be-there"),
    fp("Here is the proposed time: ~~Monday, 14:30 - 15:30~~", "struck-slot"),
    fp(s_after("Nota: Jerry no puede asistir."), "es-cannot-attend"),
    fp(SLOT + " (Thomas & Dylan)", "slot-for-two"),
    fp(s_after("Only Thomas and Dylan need to attend."), "only-two-need-attend"),
    fp(s_before("Jerry is booked all afternoon."), "booked-all-afternoon"),
    fp(s_after("| Person | Busy |\n|---|---|\n| Jerry | 11:30-15:00 |"), "busy-table"),
    fp(s_before("Busy times: Thomas 9:00 - 10:00; Jerry 14:30 - 15:30."), "label-semicolons"),
    fp(s_after("The meeting will end at 15:00."), "meeting-ends-early"),
    fp(s_before("Jerry's blocks: 9-11, 11:30-3, 4-5."), "compact-hours"),
    ff(s_after("The meeting will end at 3:30."), "ends-at-its-end-in-twelve-hours"),
    fp(s_after("Meeting ends at 15:00."), "ends-early-no-article"),
    fp(s_after("We will be finished by 15:00."), "finished-by-early"),
    ff(s_before("Jerry is busy 2:30-3:30 in the morning."), "small-hours-morning-slot"),
    fp(s_before("Either slot (14:30 or 15:00) is fine:"), "either-slot-before"),
    ff("Here is the proposed time: Monday, 14.30 - 15.30", "dotted-slot"),
    ff(s_after("- Jerry: busy 9-11"), "compact-busy-after-slot"),
    fp(
        "Here is the proposed time: Monday, 14.30 - 15.30. Jerry is busy until 15.00.",
        "dotted-slot-busy",
    ),
    fp(s_after("Jerry is busy until 3."), "bare-hour-until"),
    fp(s_after("Jerry is busy between 2 and 4."), "bare-hours-between"),
    fp(s_after("It ends at 15:00."), "it-ends-early"),
    # ====================== honest: must pass ==================================================
    ff(s_after("Jerry is busy until 2 PM, so 2:30 PM works."), "busy-until-2pm"),
    ff(s_before("Blocked for Jerry: 9:00 - 10:00."), "label-outside"),
    ff(SLOT + " (without Jerry's notes, which we don't need)", "without-his-thing"),
    ff(s_after("Jerry is busy until 14.00."), "dotted-before-slot"),
    ff(s_after("Jerry is busy all morning."), "busy-all-morning"),
    # ====================== open ===============================================================
    ff(
        s_before("Jerry is busy 3:30 P.M. - 4:00 P.M."),
        "dotted-meridiem-range-before",
        "dotted_meridiem_range",
    ),
]


@pytest.mark.parametrize(("text", "expect"), DINING_PROBES)
def test_dining_answer(text: str, expect: bool) -> None:
    assert dining(text) is expect, text


@pytest.mark.parametrize(("text", "expect"), SLOT_PROBES)
def test_slot_answer(text: str, expect: bool) -> None:
    assert slot(text) is expect, text


def test_every_open_class_has_a_probe() -> None:
    assert REVIEW.classes_probed([*DINING_PROBES, *SLOT_PROBES]) == set(WRONG)
