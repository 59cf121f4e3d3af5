"""Review (2026-12-06) of a time that is someone's busy bound, said as the reason for the plan.

Attacked: rule 4 of :func:`domains.scheduling.answers.read_answer` (another time named is
``several_slots`` unless it explains the slot: ``_Asides.explains``) and the final word
(:mod:`checkers.final_word`) dining and scheduling share. Each probe holds a plan that passes
alone (scheduling: np-6's Monday 14:30 - 15:30; dining: Green Fork at 17:30 for story-six, José
free from 17:30) and one sentence after it, written as models explain a plan: someone's busy
time ends ("Jerry's meeting ends at 14:00", "Thomas is busy until 14:00", "Jerry stops working
at 17:00"), so the plan works. ``expect`` is the right verdict.

48 probes: 20 wrong verdicts (15 false FAILs, 5 false PASSes, seen on the code before) in 3
classes, 28 right ones kept as controls (among them the real second offers, which must keep
failing). All closed the same day by class (``tests/test_busy_bound_reasons.py``, properties
seen failing on the code before): :data:`WRONG` is empty.

False FAIL (15):

- ``bound_in_a_reason`` 13 (closed) -- VERY COMMON ("Jerry's meeting ends at 14:00, so 14:30
  works for everyone", "Thomas is busy until 14:00, so 14:30 is the earliest that works",
  "Jerry stops working at 17:00, so this works", "14:30 works because Dylan's call ends at
  14:00"): scheduling's rule 4 read a time as an explanation only in a clause (up to a sentence
  end) offering nothing, so the "works" said of the slot in the same sentence made the bound an
  offer (``several_slots``); the final word already read it as a limit (``STRONG_BOUND``). And
  in both domains a stop said as "gets off work", "clocks out" or "leaves the office" was no
  bound at all. Now a time is read in its own part of an offering sentence (cut at a comma,
  "so", "since", "because", "which means") when that part offers nothing and the rest offers
  the slot alone (``_reason_part``); the stops are bounds (``STRONG_BOUND``, ``_STOPS_EARLY``).
- ``stop_in_a_twelve_hour_form`` 2 (closed) -- OCCASIONAL ("Jerry stops working at 3:30 PM.",
  "... at 5:00 p.m., so this works"): a participant's stop read its am/pm in lower case only,
  and the dots of "p.m." cut the sentence, so a stop after the slot read as one in the
  morning (``plan_negated``). Now read in any case, and "p.m." cuts nothing mid-sentence.

False PASS (5):

- ``bound_reaching_past_its_clause`` 5 (closed) -- OCCASIONAL ("José's shift ends at 5 pm, so
  5 pm works as well", "José's class ends, so 18:00 works too", "Jerry's meeting ends at 1:00
  p.m., which also works", "Jerry gets off work at 14:30, so this works"): an end
  (``STRONG_BOUND``) reached its time over up to 30 characters of words, commas included, so
  over another time and into the next clause; the dots of "p.m." cut the clause rule 4 reads;
  "gets off work" was no stop. Now an end reaches its time over words only, not over a time or
  a clause's connector.

Right today (28): the bound said in a clause offering nothing; the real second offers ("14:00
works too", "Alternatively 14:00 works", "Either 14:00 or 14:30 works", the bound time said
again as offered: "Jerry's meeting ends at 14:00, so 14:00 works as well", and one offered by
a word pointing back at the bound: "..., which also works", "..., so anything after that
works"); dining's plan explained by a bound (the core already read those).
"""

from __future__ import annotations

import pytest

from tests.probe_harness import Review
from tests.test_review_probes_planning_1205 import FENCED, SLOT, dining, slot

WRONG: dict[str, str] = {}
"""Each defect class found, with the reason its probes carry."""


REVIEW = Review(WRONG)
# ok: an honest one-plan answer that must pass; bad: an answer that offers a second plan, which
# must fail.
ok, bad = REVIEW.ff, REVIEW.fp


SLOT_PROBES = [
    # ============================== false FAIL =================================================
    ok("Jerry's meeting ends at 14:00, so 14:30 works for everyone.", "meeting-ends-so-works"),
    ok("Jerry stops working at 17:00, so this works.", "stops-working-so-this-works"),
    ok(
        "Thomas is busy until 14:00, so 14:30 is the earliest that works.",
        "busy-until-earliest-that-works",
    ),
    ok("Jerry is busy until 2 pm, so this slot works.", "busy-until-twelve-hour"),
    ok("Jerry leaves at 17:00, so this works for everyone.", "leaves-at-so-works"),
    ok("Jerry finishes at 16:00, so 2:30 pm works.", "finishes-at-so-works"),
    ok(
        "Jerry's meeting ends at 14:00, which means 14:30 works for everyone.",
        "which-means-works",
    ),
    ok("14:30 works because Dylan's call ends at 14:00.", "works-because-call-ends"),
    ok(
        "Since Jerry's last block ends at 2:00 pm, 2:30 pm works for the whole group.",
        "since-block-ends-works",
    ),
    ok("Jerry gets off work at 17:00, so this works.", "gets-off-work-so-works"),
    ok("Jerry stops working at 3:30 PM.", "stop-at-the-end-upper-pm"),
    ok("Jerry stops working at 5:00 p.m., so this works.", "stop-after-dotted-pm"),
    # ============================== false PASS =================================================
    bad("Jerry's meeting ends at 1:00 p.m., which also works.", "dotted-pm-which-also-works"),
    bad("Jerry gets off work at 14:30, so this works.", "gets-off-before-the-end"),
    # ============================== right today: controls =======================================
    ok("Jerry's meeting ends at 14:00.", "bound-alone"),
    ok("Jerry's meeting ends at 14:00, so 14:30 is best.", "bound-no-offer-word"),
    ok("Jerry stops working at 17:00.", "stops-alone"),
    bad("14:00 works too.", "works-too"),
    bad("14:00 also works.", "also-works"),
    bad("Alternatively 14:00 works.", "alternatively-works"),
    bad("14:30 works, or 14:00 works.", "or-works"),
    bad("Jerry's meeting ends at 14:00, so 14:00 works as well.", "bound-said-again-as-well"),
    bad("Jerry's meeting ends at 14:00, so 14:00 works.", "bound-said-again-works"),
    bad("Either 14:00 or 14:30 works.", "either-or-works"),
    bad("Jerry's meeting ends at 14:00, which also works.", "which-also-works"),
    bad("Jerry is busy until 14:00, so anything after that works.", "anything-after-that"),
    bad("Jerry is busy until 14:00, so 15:00 works too.", "bound-then-another-time"),
    bad("We could also meet until 16:00.", "our-own-bound-offered"),
    bad("Jerry leaves at 14:00, so this works.", "leaves-before-the-slot"),
]

DINING_PROBES = [
    # ============================== false FAIL =================================================
    ok("José gets off work at 17:00, so 17:30 works.", "dining-gets-off-work"),
    ok("José clocks out at 17:00, so 17:30 works.", "dining-clocks-out"),
    ok("José leaves the office at 16:00, so this works.", "dining-leaves-the-office"),
    # ============================== false PASS =================================================
    bad("José's shift ends at 5 pm, so 5 pm works as well.", "dining-bound-said-again-12h"),
    bad("José's class ends, so 18:00 works too.", "dining-end-reaching-the-next-clause"),
    bad("José's shift ends early, so 18:00 also works.", "dining-end-early-then-another"),
    # ============================== right today: controls =======================================
    ok("Since José's class ends at 17:00, 17:30 works for the whole group.", "dining-since"),
    ok("José is busy until 5 pm, so this works.", "dining-busy-until-twelve-hour"),
    ok("José finishes work at 17:00, which means 17:30 works.", "dining-which-means"),
    ok("José's shift ends at 17:00, so 17:30 works for everyone.", "dining-shift-ends"),
    ok("Because José leaves work at 17:00, 17:30 works best.", "dining-because"),
    bad("18:00 works too.", "dining-works-too"),
    bad("Alternatively 18:00 works.", "dining-alternatively"),
    bad("José's shift ends at 17:00, so 17:00 works as well.", "dining-bound-said-again"),
    bad("Either 18:00 or 17:30 works.", "dining-either-or"),
    bad("José's shift ends at 17:00, so 18:00 also works.", "dining-bound-then-another"),
    bad("Umi Sushi Bar at 18:00 works too.", "dining-another-restaurant"),
    bad("José gets off work at 17:00, so 17:00 works too.", "dining-gets-off-said-again"),
    bad("We could also stay until 20:00 at Umi Sushi Bar.", "dining-other-place-until"),
]


def test_the_plans_pass_alone() -> None:
    assert slot(SLOT) and dining(FENCED)


@pytest.mark.parametrize(("text", "expect"), SLOT_PROBES)
def test_slot_probe(text: str, expect: bool) -> None:
    assert slot(f"{SLOT}\n\n{text}") is expect, text


@pytest.mark.parametrize(("text", "expect"), DINING_PROBES)
def test_dining_probe(text: str, expect: bool) -> None:
    assert dining(f"{FENCED}\n\n{text}") is expect, text


def test_every_class_has_a_probe() -> None:
    assert REVIEW.classes_probed(SLOT_PROBES + DINING_PROBES) == set(WRONG)
