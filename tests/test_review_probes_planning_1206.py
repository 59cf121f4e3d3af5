"""Hostile review (2026-12-05, night) of the final word as made stricter on 2026-12-05 (d6e779c).

Attacked: :func:`checkers.final_word.final_word` after the four fail-closed changes (a negated
predicate about the plan denies it; before the JSON a sentence naming a place or day and a clock
time, one of them another plan's, is a second plan unless a later contrast turns away from it; a
window edge "from T" next to a condition is offered; after a no-plan claim a "move to X" naming
no plan part keeps the claim), the dining reader (``domains/dining/judge.py`` ``read_answer``,
``_stands_by``, ``_part_of_group``, ``_unnamed_plan``) and the scheduling reader
(``domains/scheduling/answers.py`` rule 4, ``_Asides``). Every probe is written the way gpt-4o,
Gemini and Claude write a final answer: a short intro or process narration, a fenced JSON plan
(or the benchmark's "proposed time" line), rationale bullets, a comparison of the options
considered (prose, bullets, markdown tables), caveats, booking notes and a question back. Each
holds a plan that passes alone (dining story-six: Green Fork r03 at 17:30; scheduling np-6:
Monday 14:30 - 15:30; no-plan-fits: the plain claim), so the words around it are the only thing
that may change the verdict; ``expect`` is the right verdict. The known cases another helper is
fixing in parallel ("Umi Sushi Bar, 18:00: great", "17:30 doesn't suit Mei", "we're
waitlisted", "has tables from 18:00", "I couldn't find a restaurant closer to Mei", "Other
restaurants can't seat six at 17:30", "The meeting doesn't need to end before 16:00", "doesn't
take groups of 10", "I checked Umi at 18:00 first." before the JSON) are not repeated.

88 probes: 70 wrong verdicts (37 false FAILs, 33 false PASSes) in 16 classes, 18 right ones
kept as controls (a fifth), plus a control that each plan passes alone and a check that every
class has a probe. Many honest forms the new rules were feared to break pass today ("It isn't
the cheapest", "Ana can't have dairy", "won't need a deposit", "We can't do 19:30 as you asked
because ...", "I first looked at Umi at 18:00 but it's 12 km from Mei", "Jerry can't do
mornings", a busy list before the marker): they are the controls.

Brought by the 2026-12-05 changes (the same probes run on 4df201c, the commit before them):
10 wrong verdicts -- ``not-able-to-book-tables`` (change a); ``considered-then-reason-sentence``,
``first-thought-unfortunately-it``, ``first-thought-until-i-checked``,
``counterfactual-if-could``, ``step-one-what-you-asked-for``, ``top-rated-booked-at-request``
(change b); ``slot-let-me-know-if-doesnt-suit`` (change a); ``claim-move-to-hotel-restaurant``,
``claim-move-to-grill`` (change d, false PASSes). The other 60 were wrong before them too.

Closed the same day, by class: 30 of the 70 (20 false FAILs, 10 false PASSes), among them 9
of the 10 the changes brought (``not-able-to-book-tables`` is left).
``condition_after_its_verb``, ``rejected_in_the_next_sentence_before``,
``no_plan_then_move_to_an_unnamed_place`` and four of ``turned_away_in_unread_words_before``
(``tests/test_final_word_narration.py``); ``negated_offer_word_in_a_busy_clause``,
``commitment_named_by_possessive``, ``busy_word_outside_the_times_clause`` and the scheduling
probes of the false-PASS classes (``tests/test_scheduling_asides_classes.py``);
``no-room-for-six`` (``tests/test_final_word_last_forms.py``). The other 40 were closed the
next session (2026-12-06), by class: the plan said unavailable in words no negation holds, a
negated idiom of "work", a guest who cannot eat at or get to the plan
(``tests/test_final_word_plan_unavailable.py``); another plan offered with a mild trade-off,
praise by negation (``tests/test_final_word_offered_with_drawback.py``); the agent's own lack of
a booking tool, another restaurant leaving a guest out, the plan's time in relative or 12-hour
words, times of something else, a table row with an issue in its Issue column
(``tests/test_final_word_honest_notes.py``). :data:`WRONG` is empty: none is left.

False FAIL (37), by class, with how common I judge the form in real model output:

- ``agent_cannot_book`` 4 -- COMMON (gpt-4o and Gemini, without a booking tool, say "I can't
  book it for you" / "I'm not able to make reservations" in a good share of answers):
  :func:`checkers.final_word._denial` reads a first-person negated commitment
  (``plan_words.NEGATED`` ``action``, :func:`_object_ref` with ``first_person``) as the plan
  denied; the agent's lack of a tool is no denial of the plan. ("I can't make reservations
  directly" and "I'm unable to make reservations" pass.)
- ``rejected_in_the_next_sentence_before`` 4 -- VERY COMMON (Claude narrates its search before
  the JSON, the reason in the next sentence): :func:`_other_plans` with ``before`` ->
  :func:`_whole_other_plan` -> :func:`_turned_away` reads only the sentence's own later
  segments; :func:`_rejected_next` needs a pronoun subject ("Unfortunately it is ...", "Mei
  lives 4.5 km away", "Both fail someone", "Umi ...? Too far for Mei.").
- ``turned_away_in_unread_words_before`` 5 -- COMMON: the same path; the turn is a word no list
  holds ("until I checked", a counterfactual "would be lovely if José could stay later", "is
  what you asked for" after the time, "are booked at 19:30") or a drawback in a table cell
  ("| Umi Sushi Bar | 18:00 | 4.5 km from Mei |": cells are no contrast).
- ``another_restaurant_leaves_someone_out`` 5 -- VERY COMMON in story-six answers ("Ember & Oak
  at 19:30 leaves out Ana, Björn and José"): ``domains/dining/judge.py`` ``_part_of_group``
  (``_ALL_BUT``, ``_left_out``: "leaves out NAME", "NAME has nothing to eat") matches anywhere
  in the answer, whatever restaurant is the subject, before or after the JSON.
- ``plan_time_in_relative_or_12_hour_words`` 3 -- COMMON ("That's 5:30 pm, two hours earlier
  than you asked"; "Dinner runs 5:30-7:30 pm"): :func:`_completed` makes "two hours earlier"
  (``LATER_TIME``) another plan's time even when it describes the stated one, and a bare
  "5:30" before "-7:30 pm" is read as 05:30.
- ``time_of_something_else`` 4 -- COMMON (booking notes: "Arrive around 17:15 to get settled",
  "Plan to leave by 19:30 so José makes his 21:00 commitment"), OCCASIONAL (happy hour,
  sunset): :func:`_offers_another` -- an arrival needs ``EARLY``, a bound needs
  ``STRONG_BOUND`` right before the time, an event's time (happy hour) is no limit.
- ``condition_after_its_verb`` 3 -- VERY COMMON closing line ("Let me know if 17:30 doesn't
  work for you"): ``plan_words.CONDITION`` is read only at a clause's start (:func:`_clauses`),
  so the condition after "let me know" / "tell me" is read by :func:`_denial` /
  :func:`_negated_predicate` as the plan denied.
- ``negated_offer_word_in_a_busy_clause`` 4 -- COMMON in scheduling ("We can't meet before
  14:30: Jerry is booked 11:30-14:30", "Jerry wouldn't be free at 11:30"):
  ``answers._OFFERS`` holds ``can``, ``could``, ``would`` with ``\\b``, so "can't", "couldn't",
  "wouldn't" offer a slot and :meth:`_Asides.explains` keeps the time (rule 4).
- ``commitment_named_by_possessive`` 3 -- COMMON ("ends well before Jerry's 16:00 meeting",
  "Dylan's 13:30 call ends at 14:00"): ``answers._BUSY`` knows "commitment"/"block" and
  ``COMMITMENT`` ("has a call at"), not "Jerry's 16:00 meeting".
- ``busy_word_outside_the_times_clause`` 2 -- COMMON (a busy table with a "Busy" header; "Why
  not 9:00? Jerry is busy until 11:00."): :class:`_Asides` reads the time's clause only (a
  table row, a question), not the header or the answer after the question mark.

False PASS (33), by class:

- ``plan_denied_without_a_negated_verb`` 13: the plan denied by a positive verb or a state no
  list holds ("has nothing left at 17:30", "is closed on Sundays -- and today is Sunday", "the
  kitchen is shut tonight", "There's no room for six", "The 17:30 slot is gone", "stops seating
  at 17:00", "out of the question", "falls apart"; scheduling "Jerry ... is out that
  afternoon", "at the dentist during that time", "has a conflict at 14:30", "a clash with that
  slot", "is travelling that day"): :func:`_denial` reads ``BAD_STATE`` (a list) and
  :func:`_negated_predicate` only negations.
- ``negated_predicate_with_an_unread_word`` 4: "wasn't answering bookings for 17:30", "won't
  fly with José", "That slot won't fly with Jerry", "Jerry isn't around then":
  :func:`_plan_complement` rejects any word outside ``PLAN_TALK`` ("with", "answering"), and
  "around" is no ``AVAILABLE`` word.
- ``guest_cannot_at_the_plan`` 4: "Ana won't be able to eat anything there", "Björn can't eat
  anything on their menu", "Mei says Green Fork is too far for her", "Jerry won't be free
  then": ``_part_of_group`` (``_ABSENT``/``_NOT_SERVING`` lists) and :func:`_plan_subject`
  (a guest is no plan subject) read neither.
- ``other_plan_offered_with_a_drawback`` 7: another plan offered with a mild drawback ("also
  great -- though pricier", "also doable, but it's pricier", "Runner-up, at a pinch: ...
  pricier, though", a ranking table with "(pricier)"; before the JSON "the best match
  overall, but Green Fork at 17:30 is cheaper", "Top choice: Umi ... -- pricier, but the best
  food"): :attr:`_Sentence.against` (``DRAWBACK`` in a contrast) rules it out although the
  sentence offers it, and before the JSON :func:`_turned_away` takes the stated plan's own
  part or any drawback after "but" as turning away.
- ``praise_by_negation`` 3: "won't disappoint either", "isn't far behind", "I wouldn't say no
  to ...": a negation read as a rejection (``RULED_OUT``; ``NOT_A_REJECTION`` is a list).
- ``no_plan_then_move_to_an_unnamed_place`` 2: "No plan satisfies everyone. You could move to
  the hotel's restaurant tonight." / "Easiest fix: move to the grill by the hotel tonight.":
  :func:`checkers.final_word._claim_correction` keeps the claim for a "move to" naming no
  catalog part, and ``judge._unnamed_plan`` needs a clock time ("at 19:00" is caught).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.probe_harness import Review, around
from tests.test_review_probes_planning_1205 import FENCED, PLAN, SLOT, dining, infeasible, slot

WRONG: dict[str, str] = {}
"""Each defect class found, with the reason its probes carry."""
REVIEW = Review(WRONG, judge="dining")
probe, ff, fp = REVIEW.probe, REVIEW.ff, REVIEW.fp
after, before = around(FENCED)
after_slot, before_slot = around(SLOT)


JUDGES: dict[str, Callable[[str], bool]] = {"dining": dining, "slot": slot, "claim": infeasible}

BUSY_TABLE = (
    "| Person | Busy |\n|---|---|\n| Dylan | 10:30-11:00, 13:30-14:00 |\n"
    "| Jerry | 9:00-11:00, 11:30-14:30, 16:00-17:00 |"
)
ISSUE_TABLE = (
    "| Option | Time | Issue |\n|---|---|---|\n"
    "| Ember & Oak | 19:30 | nothing vegetarian for Ana |\n"
    "| Umi Sushi Bar | 18:00 | 4.5 km from Mei |\n| Green Fork | 17:30 | none |"
)
RANK_TABLE = (
    "| Rank | Restaurant | Time |\n|---|---|---|\n| 1 | Green Fork | 17:30 |\n"
    "| 2 | Umi Sushi Bar | 18:00 (pricier) |"
)

PROBES = [
    # ============================== false FAIL =================================================
    # agent_cannot_book
    ff(
        after("I can't book it for you, but their number is on their site."),
        "cant-book-it-for-you",
    ),
    ff(
        after("I'm not able to book tables, so please call them to reserve 17:30."),
        "not-able-to-book-tables",
    ),
    ff(
        after("I don't have a booking tool, so I couldn't reserve the table — please call ahead."),
        "no-booking-tool",
    ),
    ff(
        after("I couldn't book it for you, since I don't have booking access."),
        "couldnt-book-no-access",
    ),
    # rejected_in_the_next_sentence_before
    ff(
        before(
            "I first considered Umi Sushi Bar at 18:00. Mei lives 4.5 km away, which is over "
            "her limit."
        ),
        "considered-then-reason-sentence",
    ),
    ff(
        before("Umi Sushi Bar at 18:00 was my first thought. Unfortunately it is 4.5 km from Mei."),
        "first-thought-unfortunately-it",
    ),
    ff(
        before(
            "I looked at Umi Sushi Bar for 18:00 and Marigold for 19:00 as well. Both fail someone."
        ),
        "looked-at-two-both-fail",
    ),
    ff(
        before("Umi Sushi Bar at 18:00? Too far for Mei."),
        "question-then-too-far",
    ),
    # turned_away_in_unread_words_before
    ff(
        before("Umi Sushi Bar at 18:00 was my first thought, until I checked Mei's distance."),
        "first-thought-until-i-checked",
    ),
    ff(
        before("Marigold at 19:00 would be lovely if José could stay later."),
        "counterfactual-if-could",
    ),
    ff(
        before(
            "Step 1: Ember & Oak at 19:30 is what you asked for. Ana can't eat there, Björn "
            "can't either, and José leaves at 21:00."
        ),
        "step-one-what-you-asked-for",
    ),
    ff(
        before("Most top-rated places (Ember & Oak, Marigold) are booked at 19:30."),
        "top-rated-booked-at-request",
    ),
    ff(before(ISSUE_TABLE), "issue-column-table-before"),
    # another_restaurant_leaves_someone_out
    ff(
        before(
            "- Ember & Oak, 19:30 → Ana has nothing to eat\n- Green Fork, 17:30 → everyone is "
            "covered"
        ),
        "arrow-bullets-nothing-to-eat",
    ),
    ff(
        before("Since Ember & Oak at 19:30 leaves out Ana, Björn and José, here's what works:"),
        "since-other-leaves-out-before",
    ),
    ff(
        before("Marigold at 19:00 fits everyone except José."),
        "other-fits-everyone-except-before",
    ),
    ff(
        after("Ember & Oak would leave out Ana, Björn and José."),
        "other-would-leave-out-after",
    ),
    ff(
        after("Marigold fits everyone except José."),
        "other-fits-everyone-except-after",
    ),
    # plan_time_in_relative_or_12_hour_words
    ff(
        after("Dinner runs 5:30-7:30 pm."),
        "runs-530-730-pm",
    ),
    ff(
        after("That's 5:30 pm, two hours earlier than you asked."),
        "two-hours-earlier-than-asked",
    ),
    ff(
        after(
            "It's 2 hours earlier than the 7:30 pm you asked for, but it's the only way José can "
            "stay for the whole meal."
        ),
        "earlier-than-730pm-asked",
    ),
    # time_of_something_else
    ff(after("Arrive around 17:15 to get settled."), "arrive-around"),
    ff(
        after("Plan to leave by 19:30 so José makes his 21:00 commitment comfortably."),
        "leave-by-commitment",
    ),
    ff(
        after("Happy hour runs 16:00-18:00, so drinks are discounted when you arrive."),
        "happy-hour",
    ),
    ff(
        after("Sunset is around 19:45, so you'll catch it on the way out."),
        "sunset",
    ),
    # condition_after_its_verb
    ff(
        after("Let me know if 17:30 doesn't work for you and I'll look again."),
        "let-me-know-if-doesnt-work",
    ),
    ff(
        after("Tell me if Green Fork isn't available when you call, and I'll find another."),
        "tell-me-if-isnt-available",
    ),
    ff(
        after_slot("Let me know if 14:30 doesn't suit you and I'll look again."),
        "slot-let-me-know-if-doesnt-suit",
        judge="slot",
    ),
    # negated_offer_word_in_a_busy_clause
    ff(
        after_slot("We can't meet before 14:30: Jerry is booked 11:30-14:30."),
        "slot-cant-meet-before",
        judge="slot",
    ),
    ff(
        after_slot("Jerry can't do 11:00 because he's busy until 11:00 and again from 11:30."),
        "slot-cant-do-because-busy",
        judge="slot",
    ),
    ff(
        after_slot("Jerry wouldn't be free at 11:30 anyway."),
        "slot-wouldnt-be-free",
        judge="slot",
    ),
    ff(
        after_slot("We couldn't use 11:00-11:30: it's only 30 minutes."),
        "slot-couldnt-use-gap",
        judge="slot",
    ),
    # commitment_named_by_possessive
    ff(
        after_slot("It ends well before Jerry's 16:00 meeting."),
        "slot-before-jerrys-meeting",
        judge="slot",
    ),
    ff(
        after_slot("This leaves a 30-minute buffer before Jerry's 16:00 meeting."),
        "slot-buffer-before-meeting",
        judge="slot",
    ),
    ff(
        after_slot("Dylan's 13:30 call ends at 14:00, so he's clear by then."),
        "slot-dylans-call-ends",
        judge="slot",
    ),
    # busy_word_outside_the_times_clause
    ff(
        after_slot(BUSY_TABLE),
        "slot-busy-table",
        judge="slot",
    ),
    ff(
        after_slot("Why not 9:00? Jerry is busy until 11:00."),
        "slot-why-not-question",
        judge="slot",
    ),
    # ============================== false PASS =================================================
    # plan_denied_without_a_negated_verb
    fp(
        after("Sadly, Green Fork has nothing left at 17:30."),
        "nothing-left",
    ),
    fp(
        after("Green Fork is closed on Sundays — and today is Sunday."),
        "closed-sundays-today",
    ),
    fp(
        after("Unfortunately the kitchen is shut tonight for renovations."),
        "kitchen-shut",
    ),
    fp(
        after("There's no room for six at Green Fork at 17:30."),
        "no-room-for-six",
    ),
    fp(after("The 17:30 slot is gone."), "slot-gone"),
    fp(
        after("Green Fork stops seating at 17:00."),
        "stops-seating",
    ),
    fp(
        after("Green Fork is out of the question for Mei."),
        "out-of-the-question",
    ),
    fp(
        after("This plan falls apart for José."),
        "falls-apart",
    ),
    fp(
        after_slot("Jerry just told me he's out that afternoon."),
        "slot-out-that-afternoon",
        judge="slot",
    ),
    fp(
        after_slot("Dylan is at the dentist during that time."),
        "slot-at-the-dentist",
        judge="slot",
    ),
    fp(
        after_slot("Heads-up: Jerry has a conflict at 14:30."),
        "slot-conflict-at-own-time",
        judge="slot",
    ),
    fp(
        after_slot("Jerry's calendar shows a clash with that slot."),
        "slot-calendar-clash",
        judge="slot",
    ),
    fp(
        after_slot("Thomas is travelling that day."),
        "slot-travelling",
        judge="slot",
    ),
    # negated_predicate_with_an_unread_word
    fp(
        after("Green Fork wasn't answering bookings for 17:30."),
        "wasnt-answering-bookings",
    ),
    fp(after("That won't fly with José."), "wont-fly"),
    fp(
        after_slot("That slot won't fly with Jerry."),
        "slot-wont-fly",
        judge="slot",
    ),
    fp(
        after_slot("Jerry isn't around then."),
        "slot-isnt-around-then",
        judge="slot",
    ),
    # guest_cannot_at_the_plan
    fp(
        after("Ana won't be able to eat anything there."),
        "ana-wont-eat-anything-there",
    ),
    fp(
        after("Björn can't eat anything on their menu."),
        "bjorn-cant-eat-their-menu",
    ),
    fp(
        after("Mei says Green Fork is too far for her."),
        "too-far-for-mei",
    ),
    fp(
        after_slot("Jerry won't be free then."),
        "slot-jerry-wont-be-free-then",
        judge="slot",
    ),
    # other_plan_offered_with_a_drawback
    fp(
        after("Marigold at 18:00 is also great — though pricier."),
        "also-great-though-pricier",
    ),
    fp(
        after("Umi Sushi Bar at 18:00 is also doable, but it's pricier."),
        "also-doable-but-pricier",
    ),
    fp(
        after("Runner-up, at a pinch: Umi Sushi Bar (6 pm) — pricier, though."),
        "runner-up-pricier",
    ),
    fp(after(RANK_TABLE), "rank-table-pricier"),
    fp(
        before(
            "Umi Sushi Bar at 18:00 is the best match overall, but Green Fork at 17:30 is cheaper."
        ),
        "best-overall-but-own-cheaper-before",
    ),
    fp(
        before("Top choice: Umi Sushi Bar at 18:00 — pricier, but the best food."),
        "top-choice-pricier-before",
    ),
    fp(
        before("Umi Sushi Bar at 18:00 is great, though a bit pricier. If you want cheaper:"),
        "great-though-pricier-before",
    ),
    # praise_by_negation
    fp(after("Umi Sushi Bar won't disappoint either."), "wont-disappoint"),
    fp(
        after("Honestly, Umi Sushi Bar at 18:00 isn't far behind."),
        "isnt-far-behind",
    ),
    fp(
        after("I wouldn't say no to Umi Sushi Bar at 18:00 either."),
        "wouldnt-say-no",
    ),
    # no_plan_then_move_to_an_unnamed_place
    fp(
        "No plan satisfies everyone. You could move to the hotel's restaurant tonight.",
        "claim-move-to-hotel-restaurant",
        judge="claim",
    ),
    fp(
        "No plan satisfies everyone. Easiest fix: move to the grill by the hotel tonight.",
        "claim-move-to-grill",
        judge="claim",
    ),
    # ============================== right today (controls) =====================================
    ff(after("It isn't the cheapest option, but everyone can eat there."), "isnt-the-cheapest"),
    ff(after("Ana can't have dairy, so I picked a vegan place."), "ana-cant-have-dairy"),
    ff(after("You won't need a deposit."), "wont-need-deposit"),
    ff(
        after("The kitchen can't guarantee nut-free, but the dishes Ana picks contain none."),
        "cant-guarantee-nut-free",
    ),
    ff(
        after("We can't do 19:30 as you asked because José has to leave by 21:00."),
        "cant-do-requested-time",
    ),
    ff(
        before(
            "I first looked at Umi at 18:00 but it's 12 km from Mei. Then I checked Green Fork..."
        ),
        "narration-umi-but-far",
    ),
    ff(
        after("They don't take reservations, so arrive at 17:30 sharp."),
        "dont-take-reservations",
    ),
    ff(
        after(
            "### Options considered\n| Restaurant | Time | Verdict |\n|---|---|---|\n"
            "| Ember & Oak | 19:30 | ruled out (Ana, Björn, José) |\n"
            "| Green Fork | 17:30 | chosen |"
        ),
        "considered-table-verdict",
    ),
    ff(
        after_slot("Jerry can't do mornings, so the afternoon is the only option."),
        "slot-jerry-cant-do-mornings",
        judge="slot",
    ),
    ff(
        before_slot(
            "Busy times:\n- Dylan: 10:30-11:00, 13:30-14:00\n"
            "- Jerry: 9:00-11:00, 11:30-14:30, 16:00-17:00\n- Thomas: free all day"
        ),
        "slot-busy-list-before",
        judge="slot",
    ),
    ff(
        before_slot("I first tried Monday 11:00-12:00, but Jerry is busy from 11:30."),
        "slot-tried-but-busy-before",
        judge="slot",
    ),
    ff(
        "No plan satisfies everyone. Options: relax Lena's walking limit, or move to a "
        "different neighbourhood.",
        "claim-move-to-neighbourhood",
        judge="claim",
    ),
    fp(after("Green Fork said they can't accommodate us."), "said-cant-accommodate"),
    fp(after("Green Fork is booked solid at 17:30."), "booked-solid"),
    fp(after("Personally I'd lean towards Umi Sushi Bar at 18:00 though."), "lean-towards-though"),
    fp(
        before("Umi Sushi Bar at 18:00 is my top pick, but Green Fork at 17:30 works too:"),
        "top-pick-but-own-works-too-before",
    ),
    fp(after_slot("Jerry can't make 14:30."), "slot-jerry-cant-make", judge="slot"),
    fp(
        "No plan satisfies everyone. If Lena can take a taxi, move to Zaytoun at 19:00.",
        "claim-move-to-zaytoun",
        judge="claim",
    ),
]


def test_the_plans_pass_alone() -> None:
    """The controls: each probe's plan passes with nothing around it."""
    assert dining(FENCED) and dining(PLAN) and slot(SLOT)
    assert infeasible("No plan satisfies everyone.")


@pytest.mark.parametrize(("judge", "text", "expect"), PROBES)
def test_probe(judge: str, text: str, expect: bool) -> None:
    assert JUDGES[judge](text) is expect, text


def test_every_class_has_a_probe() -> None:
    assert REVIEW.classes_probed(PROBES) == set(WRONG)
