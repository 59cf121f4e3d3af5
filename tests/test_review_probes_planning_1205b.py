"""Hostile review (2026-12-05, second round) of the fail-closed final word.

Attacked: :func:`checkers.final_word.final_word` as rewritten to fail closed (after the plan any
sentence, table row or list item naming another plan's part is a second plan unless the text
rules it out; before the plan a sentence stating another plan is one; any key of the answer
object holding another plan's part is one), its words in :mod:`checkers.plan_words`, and the
two domains' mention finders (``domains/dining/judge.py`` ``plan_vocabulary``,
``domains/scheduling/answers.py`` rule 4). Every probe is written the way gpt-4o, Gemini and
Claude write a final answer: a fenced JSON plan with a short rationale after it, a comparison
table with marks, "why not X" bullets, opening hours, the end of dinner, a guest's hard stop,
the time the user asked for, cancellation and parking notes, and (for the false PASSes) a
second plan said the way models say it. Each probe holds a plan that passes alone (dining
story-six: Green Fork r03 at 17:30; scheduling np-6: Monday 14:30 - 15:30), so the words
around it are the only thing that may change the verdict; ``expect`` is the right verdict.

114 probes: 92 wrong verdicts (48 false FAILs, 44 false PASSes), 22 right ones kept as
controls (a fifth of the probes), plus a control that each plan passes alone and a check that
every class has a probe. Closed the same day, by class (``tests/test_final_word_rationale.py``):
9 classes, 54 probes (a clause after another plan is about that plan, a rejection is read in
that plan's own clause or a contrast right after it and praise is none, crosses in their folded
forms, the requested time restated, opening hours, limits and the plan's own range, "instead"
after the plan's own part, a fallback "if Green Fork is full"). Then the false FAILs
``slot_rationale_after_marker``, ``withdraw_words_in_advice``, ``alternative_as_menu_word`` and
``state_word_about_something_else_in_json`` (14 probes, ``tests/test_final_word_advice.py``), and
the false PASSes ``other_time_in_unread_form``, ``other_restaurant_by_short_name`` and
``own_part_beside_others_in_a_key`` (14 probes, ``tests/test_final_word_more_forms.py``). Then
the last three, all false PASSes (10 probes, ``tests/test_final_word_denials.py``): the plan
denied in words no list holds (read by the clause's polarity: a negated verb whose predicate
holds nothing but the plan, the party and its time and place), another plan before the JSON
without a cue (a sentence naming a place and a clock time, one of them another plan's, is a
plan whatever its words), a time after "from" offered (a condition next to it offers it). None
is left: :data:`WRONG` is empty.

False FAIL (48), by class, with how common I judge the form in real model output:

- ``cross_mark_folded_away`` 4 -- COMMON (Claude and Gemini draw ✅/❌ comparison tables in a
  good share, I'd guess one in five, of dining answers that weigh several restaurants):
  :func:`checkers.text.fold_lower` turns ✗ into "x" and ❌ into ":x:", so
  ``plan_words.RULED_OUT``'s ``[\\u2717\\u2718\\u274c]`` never matches; a row with only a
  cross is a second plan.
- ``rejection_in_unlisted_words`` 7 -- VERY COMMON (the normal "why not X" line): "12 km away",
  "over her 4 km limit", "above Zoë's budget", "butter in every dish", "only does breakfast
  and lunch", "shuts at 20:00", "tricky for Ana": ``RULED_OUT`` is a closed list of words.
- ``pronoun_denial_of_another_plan`` 6 -- VERY COMMON ("X is rated highest, but it doesn't work
  for Ana"): ``_denial`` reads the clause after "but" (no mention in it) as about the plan,
  and "it" as its subject (``_subject_ref``), so a rejected restaurant's state is
  ``plan_negated``; the same inside the plan's JSON ``reason``.
- ``requested_time_restated`` 5 -- COMMON (story-six asks for 19:30 and the answer must move
  dinner earlier; "You asked for 19:30, but ..." is how models explain it; "**Your request:**"
  headers; a ``requested_time`` key).
- ``limit_or_schedule_time_unread`` 8 -- COMMON for opening hours and the end of dinner ("Hours:
  08:00-21:00", "You'll be done at 19:30", "17:30 → 19:30", "through 19:30"), LESS COMMON for
  "hard stop at 21:00", "Last seating is at 20:00", an ``arrival_time`` key: the limit words
  (``STRONG_BOUND``, ``WEAK_BOUND``, ``OWN_RANGE_JOIN``, ``ARRIVAL_HINT``+``EARLY``) are lists.
- ``slot_rationale_after_marker`` 5 -- COMMON in scheduling (the busy calendar restated after the
  proposed time): "Jerry is busy 9:00-11:00, 11:30-14:30 and 16:00-17:00." fails in
  ``final_word`` (a comma ends the scope of "busy"); "Dylan has a call at 13:30", "Jerry's next
  meeting is at 16:00" fail rule 4 of the scheduling reader (a meeting or call is no busy word;
  in "I checked 9:00 too, but Jerry is busy then" the "too" of "I too checked" is an offer).
- ``correction_words_in_rationale`` 4 -- COMMON ("I went with Green Fork instead.", "so everyone
  can make it on time", "I moved the time to 17:30"): ``plan_words.CORRECT``'s
  ``instead\\s*$``, ``make it (on|for|at)``, ``(move|shift...) ... to``.
- ``withdraw_words_in_advice`` 5 -- OCCASIONAL (booking notes: "You can cancel the booking free
  of charge up to 2 hours before", "don't show up late", "no longer has to rush"):
  ``plan_words.WITHDRAW``.
- ``alternative_as_menu_word`` 2 -- OCCASIONAL but natural in dining ("a dairy-free alternative
  for most dishes"): ``plan_words.ALTERNATIVE``'s bare ``alternative``.
- ``state_word_about_something_else_in_json`` 2 -- OCCASIONAL ("notes": "The patio is
  unavailable in winter."): inside the plan's object every clause is about the plan
  (``about_plan``), so any bad state in a note denies it.

Of the known gaps: "Umi at 18:00 also works, though it's not my first pick" now fails, but
as ``plan_negated`` ("not my first pick" read as denying the stated plan), not as a second
plan; "Umi also works, no reservation needed" passes because "Umi" is no mention at all
(``other_restaurant_by_short_name``); a time after "from" still passed
(``time_after_from_offered``, since closed).

False PASS (44), by class:

- ``praise_read_as_rejection`` 8: another plan offered with a reassurance that holds a
  rejecting word ("no one is left out", "can't go wrong", "isn't bad either", "not a bad
  backup", "allergy-friendly", "conflict-free", "I wouldn't rule out"): ``_Sentence.ruled_out``
  takes any ``RULED_OUT`` word in the mention's clause or after it as ruling it out.
- ``rejection_of_something_else`` 6: the rejecting word is about something else in the same
  sentence ("but I'd avoid the patio", "(it closes at 22:30)", "outside seating", "so far",
  "no dress code", a table row with "no parking").
- ``fallback_if_the_plan_fails`` 6: the fallback's condition denies the stated plan, and that
  denial is read as ruling out the fallback ("Umi Sushi Bar at 18:00 works if Green Fork is
  full", "in case Green Fork can't seat you", "also has tables from 18:00 if 17:30 is too
  early"); keys ``if_unavailable``, ``if_booked_out`` (``_other_plan_key`` reads the key's
  words as the line's start).
- ``time_after_from_offered`` 1 (the known gap, closed last): "Green Fork has tables from 18:00
  onwards if anyone runs late" holds no word of ``OFFERING``, so 18:00 is read as a limit.
- ``other_restaurant_by_short_name`` 4: "Umi also works", "Zaytoun", "Ember and Oak", the
  ``{"second": "Umi"}`` key; the dining finder knows ids and full names only.
- ``other_time_in_unread_form`` 7: "at 6", "around six", "six o'clock", "18h00", "a bit later",
  scheduling "three o'clock", "sliding it by 30 minutes": dining reads ``H:MM`` and
  ``plan_words`` ``WORD_TIME`` (needs "at") and ``LATER_TIME`` (needs a count or a noun).
- ``own_part_beside_others_in_a_key`` 3: ``"ranking": ["r03", "r06", "r19"]``, ``"times":
  ["17:30", "18:00"]``, a ``summary`` naming both plans: ``_other_plan_key`` skips any key whose
  value names the plan's own part.
- ``other_plan_before_without_a_cue`` 4: "Umi Sushi Bar at 18:00 is perfect for your group.",
  "Winner: ...", a heading, "The JSON below is the fallback." before the JSON: no word of
  ``STATING_BEFORE``; fallback words before the plan are not read at all.
- ``plan_denied_in_unlisted_words`` 5 (open since round one, closed last): "Green Fork isn't open at
  17:30", "they're closed for a private event tonight", "doesn't take groups of six", "on the
  waitlist", "José can't make 17:30".
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.probe_harness import Review, around
from tests.test_review_probes_planning_1205 import FENCED, PLAN, SLOT, dining, slot

WRONG: dict[str, str] = {}
"""Each defect class found, with the reason its probes carry."""
REVIEW = Review(WRONG, judge="dining")
probe, ff, fp = REVIEW.probe, REVIEW.ff, REVIEW.fp
after, before = around(FENCED)
after_slot = around(SLOT).after


def keyed(extra: str) -> str:
    """The plan's JSON object with ``extra`` (a ``"key": value`` pair) added."""
    return PLAN[:-1] + ", " + extra + "}"


JUDGES: dict[str, Callable[[str], bool]] = {"dining": dining, "slot": slot}

TABLE_CROSSES = (
    "| Restaurant | Fits all six? |\n|---|---|\n| Green Fork | ✅ |\n| Umi Sushi Bar | ❌ |\n"
    "| Ember & Oak | ✗ |"
)

PROBES = [
    # ============================== false FAIL =================================================
    # cross_mark_folded_away
    ff(
        after(TABLE_CROSSES),
        "table-crosses-after",
    ),
    ff(
        after("Ember & Oak ❌ (Ana, Björn)"),
        "cross-inline-after",
    ),
    ff(
        before(
            "| Restaurant | Vegan | Dairy-free | Within 4 km |\n|---|---|---|---|\n"
            "| Ember & Oak | ✗ | ✗ | ✓ |\n| Green Fork | ✓ | ✓ | ✓ |"
        ),
        "check-cross-table-before",
    ),
    ff(
        before(
            "| Restaurant | Ana | Björn | José |\n|---|---|---|---|\n"
            "| Ember & Oak | ❌ | ❌ | ⚠️ ends 21:30 |\n| Green Fork | ✅ | ✅ | ✅ |"
        ),
        "guest-by-guest-table-before",
    ),
    # rejection_in_unlisted_words
    ff(
        after("Marigold (r19) is also vegan-friendly but 12 km away."),
        "km-away",
    ),
    ff(
        after("Umi Sushi Bar is 4.5 km from Mei, over her 4 km limit."),
        "over-distance-limit",
    ),
    ff(
        after("Marigold is $55 per person, above Zoë's $40 budget."),
        "above-budget",
    ),
    ff(
        after("Ember & Oak — butter in every dish for Björn."),
        "butter-in-every-dish",
    ),
    ff(
        after("Sunny Side Café only does breakfast and lunch."),
        "breakfast-and-lunch-only",
    ),
    ff(
        after("Katz & Rye shuts at 20:00."),
        "shuts-at",
    ),
    ff(
        before(
            "- **Ember & Oak** (4.9★): butter in every dish — Björn is out.\n"
            "- **Marigold**: $55/person, over Zoë's budget.\n"
            "- **Green Fork** (4.35★): works for everyone."
        ),
        "why-not-bullets-before",
    ),
    # pronoun_denial_of_another_plan
    ff(
        after("Ember & Oak is rated highest, but it doesn't work for Ana."),
        "rated-highest-but-it-doesnt-work",
    ),
    ff(
        after("I also considered Umi Sushi Bar, but it wasn't possible for Mei."),
        "considered-but-it-wasnt-possible",
    ),
    ff(
        after("Umi Sushi Bar was a close second, but it was fully booked."),
        "close-second-fully-booked",
    ),
    ff(
        after("I checked 18:00 too but it was full."),
        "checked-other-time-full",
    ),
    ff(
        after("Ember & Oak tops the ratings. It doesn't work, though: Ana can't eat there."),
        "next-sentence-it",
    ),
    ff(
        keyed('"reason": "Ember & Oak is rated higher but it doesn\'t work for Ana"'),
        "json-reason-it-doesnt-work",
    ),
    # requested_time_restated
    ff(
        after(
            "You asked for 19:30, but José has to leave by 21:00, so 17:30 is the latest start "
            "that works."
        ),
        "you-asked-for",
    ),
    ff(
        after("The group wanted 19:30; José must leave at 21:00, so I moved dinner earlier."),
        "group-wanted",
    ),
    ff(
        after(
            "Ember & Oak at 19:30 (your original request) would have left out Ana, Björn and José."
        ),
        "original-request-left-out",
    ),
    ff(
        before("**Your request:** 6 people, 19:30, best-rated place."),
        "request-header-before",
    ),
    ff(
        keyed('"requested_time": "19:30"'),
        "json-requested-time",
    ),
    # limit_or_schedule_time_unread
    ff(
        after("Hours: 08:00\u201321:00."),
        "hours-line",
    ),
    ff(
        after("Green Fork is open all day (8:00\u201321:00)."),
        "open-all-day-bracket",
    ),
    ff(
        after("Open daily 8:00 AM to 9:00 PM."),
        "open-daily-twelve-hour",
    ),
    ff(
        after("You'll be done at 19:30."),
        "done-at",
    ),
    ff(
        after("Dinner: 17:30 → 19:30."),
        "arrow-range",
    ),
    ff(
        after("Dinner wraps up two hours later, at 19:30."),
        "wraps-up-two-hours-later",
    ),
    ff(
        after("José has a hard stop at 21:00."),
        "hard-stop",
    ),
    ff(
        keyed('"arrival_time": "17:15"'),
        "json-arrival-time",
    ),
    # slot_rationale_after_marker
    ff(
        after_slot("Jerry is busy 9:00\u201311:00, 11:30\u201314:30 and 16:00\u201317:00."),
        "busy-list-after-slot",
        judge="slot",
    ),
    ff(
        after_slot("Dylan has a call at 13:30."),
        "call-at",
        judge="slot",
    ),
    ff(
        after_slot("Jerry's next meeting is at 16:00."),
        "next-meeting-at",
        judge="slot",
    ),
    ff(
        after_slot("I checked 9:00 too, but Jerry is busy then."),
        "checked-morning-busy-then",
        judge="slot",
    ),
    ff(
        after_slot("There's a 30-minute gap at 11:00, but that's too short."),
        "gap-too-short",
        judge="slot",
    ),
    # correction_words_in_rationale
    ff(
        after("I went with Green Fork instead."),
        "instead-at-end",
    ),
    ff(
        after("Since Ember & Oak doesn't work, I chose Green Fork instead."),
        "chose-own-instead",
    ),
    ff(
        after("That way everyone can make it on time."),
        "make-it-on-time",
    ),
    ff(
        after("I moved the time to 17:30 so José can leave on time."),
        "moved-to-own-time",
    ),
    # withdraw_words_in_advice
    ff(
        after("You can cancel the booking free of charge up to 2 hours before."),
        "cancellation-policy",
    ),
    ff(
        after("Please don't show up late, they hold tables for 15 minutes."),
        "dont-show-up-late",
    ),
    ff(
        after("Don't bother bringing cash; they take cards."),
        "dont-bother-cash",
    ),
    ff(
        after("Forget about parking; there's a garage next door."),
        "forget-about-parking",
    ),
    ff(
        after("José no longer has to rush to leave."),
        "no-longer-rush",
    ),
    # alternative_as_menu_word
    ff(
        after("They offer a dairy-free alternative for most dishes, so Björn is covered."),
        "dairy-free-alternative",
    ),
    ff(
        keyed('"notes": "Ask for the oat-milk alternative for Björn."'),
        "json-oat-milk-alternative",
    ),
    # state_word_about_something_else_in_json
    ff(
        keyed('"notes": "The patio is unavailable in winter."'),
        "json-patio-unavailable",
    ),
    ff(
        keyed('"notes": "Street parking is often full; use the garage."'),
        "json-parking-full",
    ),
    # ============================== false PASS =================================================
    # praise_read_as_rejection
    fp(
        after("Umi Sushi Bar at 18:00 is a great fit for the group as well — no one is left out."),
        "no-one-left-out",
    ),
    fp(
        after("You can't go wrong with Umi Sushi Bar at 18:00 either."),
        "cant-go-wrong",
    ),
    fp(
        after("Umi Sushi Bar at 18:00 isn't bad either."),
        "isnt-bad-either",
    ),
    fp(
        after("Umi Sushi Bar at 18:00 is not a bad backup."),
        "not-a-bad-backup",
    ),
    fp(
        after("Umi Sushi Bar at 18:00 also works, and it's allergy-friendly."),
        "allergy-friendly",
    ),
    fp(
        after("I wouldn't rule out Umi Sushi Bar at 18:00."),
        "wouldnt-rule-out",
    ),
    fp(
        after_slot("15:00 - 16:00 is equally conflict-free."),
        "slot-conflict-free",
        judge="slot",
    ),
    fp(
        keyed('"runner_up": "r06, not bad either"'),
        "json-runner-up-not-bad",
    ),
    # rejection_of_something_else
    fp(
        after("Umi Sushi Bar at 18:00 also works, but I'd avoid the patio."),
        "avoid-the-patio",
    ),
    fp(
        after("Umi Sushi Bar at 18:00 works too (it closes at 22:30)."),
        "closes-later",
    ),
    fp(
        after("Umi Sushi Bar at 18:00 also works — they have outside seating."),
        "outside-seating",
    ),
    fp(
        after("Umi Sushi Bar at 18:00 also works — the best sushi I've found so far."),
        "so-far",
    ),
    fp(
        after("Umi Sushi Bar at 18:00 works too, and there's no dress code."),
        "no-dress-code",
    ),
    fp(
        after(
            "| Restaurant | Time | Diets | Parking |\n|---|---|---|---|\n"
            "| Green Fork | 17:30 | ✓ all | street |\n"
            "| Umi Sushi Bar | 18:00 | ✓ all | no parking |"
        ),
        "table-row-no-parking",
    ),
    # fallback_if_the_plan_fails
    fp(
        after("Umi Sushi Bar at 18:00 works if Green Fork is full."),
        "works-if-own-full",
    ),
    fp(
        after("Umi Sushi Bar at 18:00 is there in case Green Fork can't seat you."),
        "in-case-cant-seat",
    ),
    fp(
        after("Umi Sushi Bar would be just as nice if you can't get a table."),
        "just-as-nice-if-no-table",
    ),
    fp(
        keyed('"if_unavailable": "r06 at 18:00"'),
        "json-if-unavailable",
    ),
    fp(
        keyed('"if_booked_out": "r06"'),
        "json-if-booked-out",
    ),
    fp(
        after("Green Fork also has tables from 18:00 if 17:30 is too early."),
        "own-later-if-too-early",
    ),
    # time_after_from_offered (a known gap, closed last)
    fp(
        after("Green Fork has tables from 18:00 onwards if anyone runs late."),
        "tables-from-onwards",
    ),
    # other_restaurant_by_short_name
    fp(after("Umi also works for everyone."), "umi-short"),
    fp(
        after("Zaytoun also works for everyone."),
        "zaytoun-short",
    ),
    fp(
        after("Ember and Oak works too now that they added vegan dishes."),
        "ember-and-oak",
    ),
    fp(keyed('"second": "Umi"'), "json-second-umi"),
    # other_time_in_unread_form
    fp(after("We could also go at 6."), "at-bare-hour"),
    fp(after("Around six works as well."), "around-six"),
    fp(after("Six o'clock works too."), "six-oclock"),
    fp(after("18h00 also works."), "h-notation"),
    fp(after("A bit later also works."), "a-bit-later"),
    fp(
        after_slot("Three o'clock works too."),
        "slot-three-oclock",
        judge="slot",
    ),
    fp(
        after_slot("Sliding it by 30 minutes also works."),
        "slot-sliding-30",
        judge="slot",
    ),
    # own_part_beside_others_in_a_key
    fp(
        keyed('"ranking": ["r03", "r06", "r19"]'),
        "json-ranking",
    ),
    fp(keyed('"times": ["17:30", "18:00"]'), "json-times"),
    fp(
        keyed('"summary": "Green Fork at 17:30; Umi Sushi Bar at 18:00 works too."'),
        "json-summary-both",
    ),
    # other_plan_before_without_a_cue
    fp(before("Umi Sushi Bar at 18:00 is perfect for your group."), "perfect-for-your-group"),
    fp(before("Winner: Umi Sushi Bar at 18:00."), "winner"),
    fp(before("## Umi Sushi Bar at 18:00"), "heading"),
    fp(
        before("Umi Sushi Bar at 18:00 works for everyone. The JSON below is the fallback."),
        "json-called-fallback",
    ),
    # plan_denied_in_unlisted_words
    fp(after("Green Fork isn't open at 17:30."), "isnt-open-at"),
    fp(
        after("Heads-up: Green Fork told me they're closed for a private event tonight."),
        "theyre-closed",
    ),
    fp(after("Hmm — Green Fork doesn't take groups of six."), "doesnt-take-groups-of-six"),
    fp(after("We're on the waitlist for 17:30."), "waitlist"),
    fp(after("José can't make 17:30."), "cant-make-time"),
    # ============================== right today (controls) =====================================
    probe(
        after("Ember & Oak: butter in every dish (Björn), nothing vegetarian (Ana)."),
        True,
        "nothing-vegetarian-listed",
    ),
    probe(after("Bangkok Lantern's dishes are too spicy for Zoë."), True, "too-spicy"),
    probe(
        after("Why not Ember & Oak? It has nothing vegetarian for Ana and butter in every dish."),
        True,
        "why-not-question",
    ),
    probe(
        after("You originally asked for 19:30, but that's too late for José."),
        True,
        "asked-for-too-late",
    ),
    probe(
        after("Note: José must leave at 21:00, so a 17:30 start leaves a 90-minute buffer."),
        True,
        "must-leave-at",
    ),
    probe(after("Kitchen closes at 20:30."), True, "kitchen-closes"),
    probe(after("Green Fork at 17:30 it is! Enjoy!"), True, "it-is-pleasantry"),
    probe(after("Reminder: table for six, 17:30 tonight. Arrive by 17:20."), True, "reminder"),
    probe(
        before("I recommend Green Fork at 17:30 rather than the 19:30 you asked for."),
        True,
        "rather-than-request-before",
    ),
    probe(keyed('"rejected": ["r01", "r06"]'), True, "json-rejected-ids"),
    probe(keyed('"constraints": {"José": "must leave by 21:00"}'), True, "json-constraint"),
    probe(
        after_slot("This avoids Jerry's 16:00\u201317:00 block."), True, "slot-avoids", judge="slot"
    ),
    probe(after_slot("Jerry is tied up until 14:30."), True, "slot-tied-up-until", judge="slot"),
    probe(
        after("Umi Sushi Bar at 18:00 also works; it only takes 10 minutes to get there."),
        False,
        "semicolon-splits-rejection",
    ),
    probe(
        after("Umi Sushi Bar at 18:00 is your plan B if Green Fork can't take you."),
        False,
        "plan-b-with-condition",
    ),
    probe(after("Umi's 18:00 seating is just as good."), False, "possessive-with-time"),
    probe(after("Green Fork couldn't confirm."), False, "couldnt-confirm"),
    probe(
        before("I recommend Umi Sushi Bar at 18:00; nobody is left out."),
        False,
        "recommend-other-before",
    ),
    probe(
        after("Nothing stops you from going to Umi Sushi Bar at 18:00 instead."),
        False,
        "nothing-stops-you-instead",
    ),
    probe(after_slot("Tuesday at the same time works too."), False, "slot-other-day", judge="slot"),
    probe(
        after_slot("15:00\u201316:00 also works — no conflicts for anyone."),
        False,
        "slot-also-works-no-conflicts",
        judge="slot",
    ),
    probe(
        after("Either Green Fork or Umi Sushi Bar is fine by me, no strong preference."),
        False,
        "either-or",
    ),
]


def test_the_plans_pass_alone() -> None:
    """The controls: each probe's plan passes with nothing around it."""
    assert dining(FENCED) and dining(PLAN) and slot(SLOT)


@pytest.mark.parametrize(("judge", "text", "expect"), PROBES)
def test_probe(judge: str, text: str, expect: bool) -> None:
    assert JUDGES[judge](text) is expect, text


def test_every_class_has_a_probe() -> None:
    assert REVIEW.classes_probed(PROBES) == set(WRONG)
