"""Hostile review (2026-12-06, evening) of dining's three newest readings of a plan for part
of the group: a party count said in prose (:data:`domains.dining.left_out._PARTY_SAID`), a
guest busy during the dinner (``_GUEST_BUSY``, ``_busy_during``, ``_busy_spans``), and "will
miss dinner" without an article (:func:`checkers.left_out.absent`).

Each probe holds story-six's good plan (Green Fork r03 at 17:30, two hours, six guests: Ana,
Björn, José, Zoë, Mei, Raj) as fenced JSON, and a line written the way models write a dinner
answer after it (rationale, caveats) or before it (reasoning); ``expect`` is the right verdict.

127 probes. Found wrong on the code under review: 32 wrong verdicts. 13 false PASSes in 3
classes, closed the same day by class (``tests/test_dining_review_classes_1206e.py``, a property
for each, seen failing on the code before): ``party_count_other_words`` 6 ("for the five of
you", "a five-top", "5 covers"; "5 seats" booked too), ``busy_other_words`` 3 ("in meetings
until 18:00", "stuck at work till 6 pm", "has a flight at 18:00"), ``absent_other_words`` 4
("José skips dinner", "José will be absent").

Closed later that night by class, each with properties seen failing on the code before:

- the party's size (``tests/test_dining_party_objects.py``): 2 false PASSes,
  ``party_said_as_us`` 1 ("We're 5 at the table"; "There will be 5 of us", "5 of us." too) and
  ``party_count_verbed`` 1 ("The booking covers 5 people"; "The party size is 5", "The table
  seats 4" too), and 8 false FAILs, ``count_of_another_booking`` (the verb's object is read:
  "Reserve a dessert for 2", "book an Uber for 2"; another table, a deal, a fee or cars are no
  party);
- one core reader of a person busy during a plan (:mod:`checkers.busy_spans`, for dining and
  scheduling; ``tests/test_busy_spans_shared.py``): ``busy_said_otherwise`` 3 false PASSes
  ("José's shift ends at 18:00", "José: 17:00-18:00 busy", "José is only free after 18:00"),
  ``busy_on_another_day`` 1 false FAIL ("José is busy on Monday 17:00-18:00, not today"), and 2
  of ``other_reader_after_plan``'s false FAILs (a busy time after the plan read as another
  plan: "José was busy 17:00 - 18:00 yesterday", "José has a train at 21:00, after dinner");
- ``miss_under_a_late_condition`` 2 false FAILs ("José will miss dinner if the booking fails,
  so I've confirmed it": a case with no plan; ``tests/test_left_out_condition_after.py``).

Still open, strict known wrong: 1 false FAIL in 1 class, another reader's. The rest are
controls: honest counts, busy times and "miss" that must pass, and false-pass forms other
readings fail.

False FAIL, open:

- ``other_reader_after_plan`` 1 -- not the new readers: :func:`checkers.final_word.final_word`
  reads "wouldn't skip dinner" as the plan withdrawn (``plan_withdrawn``).
"""

from __future__ import annotations

import pytest

from tests.probe_harness import Review, around
from tests.test_review_probes_planning_1205 import FENCED, dining

WRONG: dict[str, str] = {
    "other_reader_after_plan": (
        "false FAIL: final_word reads 'wouldn't skip dinner' as the plan withdrawn"
    ),
}
"""Each defect class still open, with the reason its probes carry."""
REVIEW = Review(WRONG)
fp, ok = REVIEW.fp, REVIEW.ff
after, before = around(FENCED)


def both(text: str, name: str, expect: bool, kind: str | None = None) -> list[object]:
    """The probe after the plan and before it."""
    return [
        REVIEW.probe(after(text), expect, f"{name}-after", kind),
        REVIEW.probe(before(text), expect, f"{name}-before", kind),
    ]


PROBES = [
    # ============================== closed false PASSes (now fail) =============================
    # party_count_other_words
    *both("I reserved Green Fork for the five of you.", "for-the-five-of-you", False),
    *both("I asked for a five-top by the window.", "five-top", False),
    *both("Booked: 5 covers at 17:30.", "five-covers", False),
    # busy_other_words (before the plan: after it a time may read as another plan)
    fp(before("José is in meetings until 18:00."), "in-meetings-until-18"),
    fp(before("José is stuck at work till 6 pm."), "stuck-at-work-till-6pm"),
    fp(before("José has a flight at 18:00."), "flight-at-18"),
    # absent_other_words
    *both("José skips dinner.", "skips-dinner", False),
    *both("José will be absent.", "will-be-absent", False),
    # already failed by another reading, kept as controls
    *both("Booked Green Fork for 5 pax.", "for-5-pax", False),
    *both("Green Fork has seating for five at 17:30.", "seating-for-five", False),
    *both("A table for 5, please, under Ana.", "table-for-5-please", False),
    *both("José won't be there.", "wont-be-there", False),
    # party_said_as_us, party_count_verbed
    *both("We're 5 at the table.", "were-5", False),
    *both("The booking covers 5 people.", "booking-covers-5", False),
    *both("There will be 5 of us.", "5-of-us", False),
    *both("The party size is 5.", "party-size-is-5", False),
    *both("The table seats 4.", "table-seats-4", False),
    # ============================== open false PASSes ==========================================
    # busy_said_otherwise, closed
    *both("José's shift ends at 18:00.", "shift-ends-18", False),
    *both("José: 17:00-18:00 busy", "time-before-busy", False),
    *both("José is only free after 18:00.", "only-free-after", False),
    *both("José can't get away before 18:00.", "cant-get-away", False),
    # ============================== honest: party counts that are not the booking's ============
    *both("Green Fork seats 40, so there's plenty of room.", "seats-40", True),
    *both("I booked a table for 6 by the window, and 2 high chairs.", "high-chairs", True),
    *both("The table is for 6, and the 5 of you who eat meat can try the steak.", "meat", True),
    *both("Booking ref 5521, table for 6.", "booking-ref", True),
    *both("Reserved for 17:30 for 6.", "reserved-time-then-6", True),
    *both("Table for 6 at 17:30, booked for 2 hours.", "booked-2-hours", True),
    *both("Table for 6, mains from $18; the set menu is for $5 extra.", "price", True),
    *both("I reserved a table for six for one night only.", "one-night", True),
    *both("Table for 6 (booked for the 1st seating).", "ordinal", True),
    *both("Groups of 8 or more need a deposit; your table for 6 doesn't.", "deposit", True),
    *both("Table for 6: 4 adults and 2 kids.", "adults-kids", True),
    *both("Booked it for Friday for 6.", "day-then-6", True),
    *both("Party of 6, booked 6 seats, a six-top at 17:30.", "six-every-way", True),
    *both("Top 3 dishes: tempeh, ramen, salad.", "top-3", True),
    *both("I booked the 2 seats at the bar for drinks after; the table is for 6.", "bar", True),
    # closed false FAILs of count_of_another_booking
    *both("Reserve a dessert for 2 to share.", "dessert", True),
    *both("Table for 6 booked. Mei, book an Uber for 2.", "uber", True),
    ok(after("Reserved a table for 6 at 17:30; I've also reserved parking for 3 cars."), "parking"),
    ok(after("Table for six; they do a dinner for two deal too."), "deal"),
    ok(after("Party of 6; the chef's table is only for 4, so we took the main room."), "chefs"),
    ok(after("I booked a table for 6. The booking fee is for 2 people minimum."), "fee"),
    *both("The table seats 8, so there's room to spare.", "table-seats-8", True),
    *both("Ember & Oak only had a table for 4, so I booked Green Fork.", "too-small", True),
    fp(after("Ember & Oak also has a table for 6."), "another-offer"),
    # ============================== honest: busy time not in the dinner, or not a guest's =====
    *both("José's boss is busy until 18:00.", "boss", True),
    *both("José was busy until 18:00 but is free now.", "was-busy", True),
    *both("José is busy until 17:00 and will join at 17:30.", "busy-then-join", True),
    *both("Mei works until 17:00, so 17:30 suits her.", "works-until-17", True),
    *both("José's sister has a meeting at 18:00, but José is free.", "sister", True),
    *both("Green Fork is busy from 18:00, so 17:30 is smart.", "restaurant-busy", True),
    *both("José isn't busy 17:00 - 18:00.", "isnt-busy", True),
    *both("José has a meeting until 17:00.", "meeting-until-17", True),
    *both("Ana, busy 12:00 - 13:00, is free by 17:30.", "aside", True),
    *both("José is in meetings until 17:00, then free.", "meetings-until-17", True),
    *both("José was in meetings until 18:00 yesterday.", "meetings-yesterday", True),
    ok(after("José is busy on Monday 17:00-18:00, not today."), "another-day"),
    ok(after("José was busy 17:00 - 18:00 yesterday."), "busy-yesterday-after"),
    ok(before("José was busy 17:00 - 18:00 yesterday."), "busy-yesterday-before"),
    ok(after("José has a train at 21:00, after dinner."), "train-21"),
    ok(before("José has a train at 21:00, after dinner."), "train-21-before"),
    # ============================== honest: "miss" and "skip" in other senses ================
    *both("You won't want to miss dinner here.", "wont-want-to-miss", True),
    *both("Nobody will miss dinner.", "nobody-misses", True),
    *both("José will miss the dessert menu? No, it's printed on the back.", "dessert-menu", True),
    *both("Don't miss dinner at Green Fork!", "dont-miss", True),
    *both("Ana is absent-minded, but booked.", "absent-minded", True),
    *both("The chef is absent tonight.", "chef-absent", True),
    *both("Ana never skips dinner.", "never-skips", True),
    *both("José will miss dinner if the booking fails, so I've confirmed it.", "miss-if", True),
    ok(after("José wouldn't skip dinner for anything."), "wouldnt-skip", "other_reader_after_plan"),
    ok(before("José wouldn't skip dinner for anything."), "wouldnt-skip-before"),
]


def test_the_plan_passes_alone() -> None:
    assert dining(FENCED)


@pytest.mark.parametrize(("text", "expect"), PROBES)
def test_probe(text: str, expect: bool) -> None:
    assert dining(text) is expect, text


def test_every_class_has_a_probe() -> None:
    assert REVIEW.classes_probed(PROBES) == set(WRONG)
