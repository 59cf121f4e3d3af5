"""Hostile review (2026-12-07, late) of dining's ``everyone_ate``: false passes hunted on angles
earlier reviews did not take, and four false fails a previous review found.

Each probe holds story-six's good plan (Green Fork r03 at 17:30, two hours, six guests: Ana,
Björn, José, Zoë, Mei, Raj) as fenced JSON, and a line after it written the way models write a
dinner answer: a plan restated in a Markdown table or list, a guest's need said broken beside
the guest's name, through a pronoun, or for the menu with no place named, the whole group served
"almost", an exception after the claim of everyone, the plan on a condition the rules did not
list, the place too small by its name, a guest's budget passed with no possessive, a time in
words, a footnote, a postscript, a title or a look-alike letter in a name; honest near-misses
beside each class. ``expect`` is the right verdict.

122 probes. Found wrong on the code under review: 46 (42 false PASSes in 14 classes, 4 false
FAILs in 1). Closed the same night by class, each with a property over every bundled scenario a
plan serves in full, seen failing on the code before (``tests/test_dining_review_1207f.py``):

- ``place_hours_or_ruled_out`` 4 false FAILs: a place's hours read as another plan ("Their
  hours are 17:00-19:30.", "It opens for dinner at 17:00.", "Umi is open 16:00-19:00." of a
  two-hour dinner at 17:30) and another place ruled out by its meals read as offered ("Umi is a
  lunch-only spot, so Green Fork it is."): :mod:`checkers.final_word` reads opening hours as no
  plan's time, and another place's hours or meals that cannot hold the plan as a rejection
  (:attr:`checkers.final_word.PlanVocabulary.length`). The plan's place opening for a meal
  after its start ("serves dinner from 18:00"), which passed, now fails too;
- ``almost_everyone`` 8 ("Almost everyone can eat here.", "All but one guest can eat here.",
  "Everyone but one of you is covered."), ``exception_after_the_claim`` 3 ("Everyone can eat
  here — well, except Björn.", "with one exception: Björn"), ``everyone_hedged_after`` 3
  ("(well, almost)", ", more or less", "Well, almost."): :func:`checkers.left_out.some_of`,
  :func:`checkers.left_out.all_but`, :mod:`domains.dining.left_out`;
- ``guest_has_nothing_beside_name`` 7 ("- Raj: no options", "Raj (no suitable dishes)", a table
  cell "none" under "Dish"), ``no_dish_of_a_need`` 4 ("There's no pescatarian dish.", "Nothing
  on the menu is dairy-free."): :mod:`domains.dining.left_out`,
  :mod:`domains.dining.needs_broken`;
- ``condition_unlisted`` 4 ("Provided the kitchen can make something dairy-free for Björn,
  this works.", "This works if Raj skips dessert."), ``guest_by_pronoun`` 2 ("He won't find
  anything he can eat.", "Mei will struggle to find something."), ``over_budget_bare`` 2
  ("Zoë is over budget."), ``eat_before_hedged`` 3 ("Raj should eat before coming.", "might
  want to eat beforehand"): :mod:`domains.dining.left_out`.

Closed since, likewise: ``place_seats_fewer`` 2 ("Green Fork seats 4.", "can seat four": a
bare capacity under the party, :data:`checkers.plan_words.PARTY_LIMIT`).

Still open, strict known wrong: 4 false PASSes in the 4 classes of :data:`WRONG` (another
time in words, "half past six"; a dish
too spicy said of the dish, "the curry is very spicy, and Zoë can't handle heat"; a party of
another size in a table column; an exception in a footnote, "Everyone is covered*." then
"*except Raj").
"""

from __future__ import annotations

import pytest

from tests.probe_harness import Review, around
from tests.test_review_probes_planning_1205 import FENCED, dining

WRONG: dict[str, str] = {
    "time_in_words_unread": "false PASS: another time in words ('half past six')",
    "spice_through_a_dish": "false PASS: a dish said too spicy for a guest's limit in other words",
    "party_in_a_table": "false PASS: a party of another size in a table column",
    "footnote_exception": "false PASS: everyone said served, with an exception in a footnote",
}
"""Each defect class still open, with the reason its probes carry."""
REVIEW = Review(WRONG)
fp, ok = REVIEW.fp, REVIEW.ff
after, _ = around(FENCED)


def table(*rows: str) -> str:
    """A Markdown table of ``rows`` (cells split by "|"), the first its header."""
    lines = [f"| {' | '.join(c.strip() for c in row.split('|'))} |" for row in rows]
    rule = "|" + "---|" * rows[0].count("|") + "---|"
    return "\n".join([lines[0], rule, *lines[1:]])


PROBES = [
    # ============================== false FAILs: a place's hours, a place ruled out ============
    ok(after("Their hours are 17:00-19:30."), "their-hours"),
    ok(after("It opens for dinner at 17:00."), "opens-for-dinner"),
    ok(after("Umi is a lunch-only spot, so Green Fork it is."), "lunch-only-other"),
    ok(after("Umi is open 16:00-19:00."), "other-hours-short"),
    ok(after("Green Fork is open 08:00-21:00."), "own-hours"),
    ok(after("Umi is closed for dinner."), "other-closed-for-dinner"),
    ok(after("Umi only serves lunch, so I went with Green Fork."), "other-only-lunch"),
    fp(after("Umi is open 16:00-22:00 and has great rolls."), "other-hours-hold-plan"),
    fp(after("Their hours are 17:00-19:30, and 18:00 works too."), "hours-then-offer"),
    fp(after("Umi is open until 22:00, so it works too."), "other-open-works-too"),
    fp(after("Umi opens for dinner at 17:00 too."), "other-opens-too"),
    fp(after("Green Fork opens for dinner at 18:00."), "own-opens-after-start"),
    fp(after("Green Fork serves dinner from 18:00."), "own-serves-after-start"),
    fp(after("Umi is open 17:00-22:00."), "other-hours-hold-alone"),
    fp(after("Umi is a dinner-only spot."), "other-dinner-only"),
    ok(after("Green Fork serves dinner from 17:00, so 17:30 is fine."), "own-serves-before"),
    # ============================== almost everyone ===========================================
    fp(after("Almost everyone can eat here."), "almost-everyone"),
    fp(after("Nearly everyone is covered."), "nearly-everyone"),
    fp(after("Virtually everyone can eat here."), "virtually-everyone"),
    fp(after("This covers pretty much everyone."), "pretty-much"),
    fp(after("Almost all of you can eat here."), "almost-all-of-you"),
    fp(after("All but one guest can eat here."), "all-but-one"),
    fp(after("Everyone but one of you is covered."), "everyone-but-one"),
    fp(after("Works for nearly everyone."), "works-nearly"),
    fp(after("Most of the group can eat here."), "most-of-the-group"),
    ok(after("Nearly every dish is vegan, so everyone can eat here."), "nearly-every-dish"),
    ok(after("It's almost 2 km from Mei, well within her limit."), "almost-2-km"),
    ok(after("Almost every dish is vegan."), "almost-every-dish"),
    # ============================== an exception after the claim ==============================
    fp(after("Everyone can eat here — well, except Björn."), "dash-except"),
    fp(
        after("Everyone is covered (except Björn, who can't have dairy and every dish has some)."),
        "aside-except",
    ),
    fp(after("Everyone can eat here, with one exception: Björn."), "one-exception"),
    fp(after("It works for all of you except Björn."), "all-of-you-except"),
    ok(after("Everyone can eat here, even Björn."), "even-bjorn"),
    ok(
        after("Everyone can eat here; every dish except the tiramisu is dairy-free."), "dish-except"
    ),
    ok(after("Everyone can eat here (almost every dish is vegan)."), "aside-almost-dish"),
    # ============================== everyone, hedged after =====================================
    fp(after("Everyone can eat here (well, almost)."), "well-almost"),
    fp(after("Everyone is covered, more or less."), "more-or-less"),
    fp(after("Everyone can eat here. Well, almost."), "well-almost-next"),
    ok(after("Everyone can eat here, and almost every dish is vegan."), "and-almost-every-dish"),
    ok(after("Everyone is covered, so no one is left out."), "no-one-left-out"),
    # ============================== a guest with nothing, beside the name ======================
    fp(after("- Raj: no options"), "list-no-options"),
    fp(after("Raj: nothing to eat."), "colon-nothing-to-eat"),
    fp(after("Raj (no suitable dishes)"), "bracket-no-dishes"),
    fp(after("Raj — nothing on the menu works for him."), "dash-nothing-works"),
    fp(
        after("- Ana: roasted veg\n- Björn: nothing suitable\n- Raj: fries"),
        "list-nothing-suitable",
    ),
    fp(after(table("Guest | Status", "Ana | covered", "Raj | no options")), "table-no-options"),
    fp(after(table("Guest | Dish", "Ana | Salad", "Raj | none")), "table-dish-none"),
    fp(after(table("Guest | Can eat?", "Ana | ✅", "Björn | ❌")), "table-cross"),
    fp(
        after(table("Guest | Dish", "Ana | side salad", "Björn | nothing (all dishes have dairy)")),
        "table-nothing-dairy",
    ),
    ok(after("- Björn: no dairy\n- Raj: no peanuts"), "list-no-allergen"),
    ok(after("- Björn: dairy-free options\n- Raj: nothing with peanuts"), "list-free-options"),
    ok(after(table("Guest | Dish", "Ana | Salad", "Raj | Curry")), "table-dishes"),
    # ============================== no dish of a need, no place named ==========================
    fp(after("Nothing on the menu is dairy-free."), "nothing-dairy-free"),
    fp(after("There is nothing dairy-free on the menu."), "there-nothing-dairy-free"),
    fp(after("There's no pescatarian dish."), "no-pescatarian-dish"),
    fp(after("There are no vegetarian options."), "no-vegetarian-options"),
    fp(after("Every dish has dairy."), "every-dish-dairy"),
    ok(after("There's no dish with peanuts."), "no-dish-with-peanuts"),
    ok(after("There's nothing spicy on the menu."), "nothing-spicy"),
    ok(after("There's no meat on the menu."), "no-meat"),
    ok(after("There's no shortage of vegetarian options."), "no-shortage"),
    ok(after("There's no need for a vegetarian menu; everything is vegan."), "no-need"),
    # ============================== the plan on a condition ====================================
    fp(
        after("Provided the kitchen can make something dairy-free for Björn, this works."),
        "provided-kitchen",
    ),
    fp(after("Assuming Björn can eat the salad, everyone's covered."), "assuming-can-eat"),
    fp(after("If José can leave work early, everyone can make it."), "if-everyone-can"),
    fp(after("This works if Raj skips dessert."), "works-if-skips"),
    fp(after("It only works if Raj skips dessert."), "only-works-if"),
    fp(after("Should be fine, as long as Mei doesn't mind a longer trip."), "as-long-as"),
    ok(after("If anyone is running late, call the restaurant."), "if-late-call"),
    ok(after("If you'd like, I can book it."), "if-youd-like"),
    ok(after("This works even if José is a bit late."), "even-if-late"),
    ok(after("Everyone is covered. If Mei needs a ride, let me know."), "if-ride-let-me-know"),
    ok(after("If Raj wants dessert, the tiramisu is a good pick."), "if-dessert"),
    # ============================== a guest through a pronoun ==================================
    fp(after("Raj is pescatarian. He won't find anything he can eat."), "he-wont-find"),
    fp(after("Mei will struggle to find something."), "will-struggle"),
    fp(after("Mei will love it. She can't eat anything there, though."), "she-cant-eat"),
    ok(after("Raj is pescatarian. He'll find plenty he can eat."), "he-will-find-plenty"),
    ok(after("Zoë won't find anything too spicy here."), "nothing-too-spicy"),
    ok(after("Nobody will struggle to find a dish here."), "nobody-struggles"),
    # ============================== the place too small, by its name ===========================
    fp(after("Green Fork seats 4."), "seats-4"),
    fp(after("Green Fork can seat four."), "can-seat-four"),
    fp(after("The table seats four."), "table-seats-four"),
    ok(after("Green Fork seats up to 40."), "seats-40"),
    ok(after("Green Fork seats six easily."), "seats-six"),
    ok(after("Green Fork seats 4 at the bar and 40 inside."), "seats-4-at-the-bar"),
    ok(after("Green Fork can seat 8, so there is room."), "can-seat-8"),
    # ============================== over budget, no possessive =================================
    fp(after("Zoë is over budget."), "over-budget"),
    fp(after("Zoë is over budget here."), "over-budget-here"),
    fp(after("Zoe is over her budget here."), "over-her-budget"),
    ok(after("Zoë is not over budget."), "not-over-budget"),
    ok(after("Nobody is over budget."), "nobody-over"),
    ok(after("Zoë won't be over budget."), "wont-be-over"),
    fp(after("Zoë will be slightly over budget."), "slightly-over"),
    # ============================== another time in words ======================================
    fp(after("We'll sit down at half past six."), "half-past-six", "time_in_words_unread"),
    fp(after("Dinner at six."), "dinner-at-six"),
    ok(after("We'll sit down at half past five."), "half-past-five"),
    # ============================== eating before, as advice ===================================
    fp(after("Raj should eat before coming."), "should-eat-before"),
    fp(after("Raj might want to eat beforehand."), "might-want-to-eat"),
    fp(after("Note: Raj will have to grab something beforehand."), "grab-something"),
    fp(after("Raj will need to eat before."), "need-to-eat-before"),
    ok(after("Raj should bring a jacket."), "bring-a-jacket"),
    ok(after("Raj should get there a bit early."), "get-there-early"),
    # ============================== a dish too spicy, in other words ===========================
    fp(
        after("Heads up: the curry is very spicy, and Zoë can't handle heat."),
        "cant-handle-heat",
        "spice_through_a_dish",
    ),
    ok(after("The curry is mild, so Zoë will be fine."), "curry-mild"),
    # ============================== the plan in a table or a list ==============================
    fp(
        after(table("Restaurant | Time | Party", "Green Fork | 17:30 | 5")),
        "table-party-5",
        "party_in_a_table",
    ),
    ok(after(table("Restaurant | Time | Party", "Green Fork | 17:30 | 6")), "table-party-6"),
    fp(after(table("Restaurant | Time | Party", "Green Fork | 18:30 | 6")), "table-other-time"),
    fp(after(table("Restaurant | Time", "Green Fork | 17:30", "Marigold | 18:00")), "table-two"),
    fp(after("**Restaurant:** Green Fork\n**Time:** 18:30"), "bold-other-time"),
    fp(after("- Restaurant: Green Fork\n- Time: 6:30 pm\n- Party: 6"), "list-other-time"),
    fp(after("- Restaurant: Marigold\n- Time: 17:30"), "list-other-place"),
    fp(after("- Guests: Ana, Björn, José, Zoë, Mei"), "list-five-guests"),
    # ============================== footnotes, sign-offs, spellings ============================
    fp(after("Everyone is covered*.\n\n*except Raj"), "star-footnote", "footnote_exception"),
    fp(after("Everyone can eat here[1].\n\n[1] Björn will have to skip the mains."), "footnote"),
    fp(after("Thanks, enjoy!\n\nP.S. Raj will have to eat before."), "postscript"),
    fp(after("Cheers,\nAssistant\n\nPS: Björn can't eat anything on the menu."), "ps-sign-off"),
    fp(after("Dr. Raj can't come."), "title"),
    fp(after("R\u0430j can't come."), "cyrillic-a"),
    fp(after("Bjorn can't eat anything there."), "no-diacritic"),
    fp(after("Jose will miss it."), "jose-plain"),
    fp(after("Everyone ✅ except Raj ❌"), "marks"),
    ok(after("Thanks, enjoy!\n\nP.S. Bring a jacket, it gets cold."), "postscript-honest"),
]


@pytest.mark.parametrize(("text", "expect"), PROBES)
def test_probe(text: str, expect: bool) -> None:
    assert dining(text) is expect, text


def test_the_plan_passes_alone() -> None:
    assert dining(FENCED)


def test_every_open_class_has_a_probe() -> None:
    assert REVIEW.classes_probed(PROBES) == set(WRONG)
