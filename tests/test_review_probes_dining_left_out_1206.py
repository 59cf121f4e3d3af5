"""Hostile review (2026-12-06) of dining's reading of a plan said not to be for everyone.

Attacked: ``domains/dining/judge.py`` ``read_answer`` -> ``_stands_by`` -> ``_part_of_group``
(``left_out_said``, ``_ATTENDANCE``) and :func:`checkers.final_word.final_word`, with the
families a review of the scheduling domain found there the same day (0bbddaa: someone left out,
all but someone, some of the group, a claim that nothing works for everyone, a plan on
someone's change), written the way gpt-4o, Gemini and Claude write a group-dinner plan: the
fenced JSON plan, then rationale or caveats (or the reasoning before it). Each holds the story
group's good plan (story-six: Green Fork r03 at 17:30), which passes alone, so the words
around it are the only thing that may change the verdict; ``expect`` is the right verdict.

91 probes: 46 false PASSes in 7 classes, 45 right verdicts kept as controls (honest notes
that name a guest beside the plan, forms of each class said of another restaurant, under a
condition, in a question or denied, and two false-pass forms already failed by another
reading). No false FAIL was found. 70 were written first; a second round on the fixed code
found 21 more (10 false passes: a guest's limit passed, "arrive ... after everyone else",
"settle for a side dish", "We'll need Zoë to ...", "If Mei is okay with ..., this works").
Closed the same day, by class (``tests/test_dining_left_out_classes.py``, a property for each,
seen failing on the code before): 46 of 46; :data:`WRONG` is empty. The shared reading is
:mod:`checkers.left_out`, which scheduling's answers now read through too (its patterns are
built there, unchanged); dining's words are :mod:`domains.dining.left_out`.

False PASS (46), by class:

- ``guest_late_or_part`` 10 -- COMMON when a model misreads an availability window ("José will
  be a bit late since he's free from 18:00", "will be about 30 minutes late", "will arrive
  around 30 minutes after everyone else", "Mei can join for dessert", "Raj will have to sit
  this one out", "Raj is optional", "has to leave early"): ``_ABSENT`` knew only "can't make
  it" and "miss out". Now ``plan_for_part_of_group``.
- ``all_but_a_guest`` 6 -- COMMON ("Everyone except Björn can eat at Green Fork", "All but Raj
  can eat here"): ``_ALL_BUT`` needed a serving verb before "everyone". Now read with a
  serving word after the guest (not "Everyone except Raj eats meat").
- ``some_of_the_group`` 6 -- COMMON ("suits most of the group", "Five of the six guests are
  covered", "This isn't perfect for everyone"): ``_SOME_OF`` needed a serving verb before the
  count. Now a count of the group's size, beside a serving word (not "4 out of 5 stars", "5 of
  the 6 guests are happy with vegan food").
- ``guest_makes_do`` 10 -- COMMON in answers that pick a restaurant lacking a dish for one
  guest ("Ana can just have a side salad", "Björn will have to skip the cheese course", "Raj
  will have to eat beforehand", "Björn's only option is the side salad", before the plan:
  "Ana can't eat anything there"): no reading. Now ``plan_for_part_of_group``.
- ``guest_limit_passed`` 3 (second round) -- COMMON ("slightly over Zoë's budget, but
  everyone else is fine", "a bit over her 4 km limit"): no reading. Now
  ``plan_for_part_of_group``, unless denied ("not over Zoë's budget") or said of another
  restaurant.
- ``no_plan_for_everyone`` 4 -- COMMON closing or opening line ("There's no perfect option,
  but Green Fork comes closest", "This is the best compromise I could find"): only "no plan /
  restaurant works for everyone" was read. Now ``plan_and_no_plan`` (not "the best compromise
  between price and distance", "the closest option to Mei's place").
- ``plan_on_a_guests_change`` 7 -- OCCASIONAL ("provided Ana is okay with the salad", "as long
  as José can leave work early", "We'll need Zoë to stretch her budget"): no reading. Now
  ``plan_on_a_condition``.

Right to pass (kept as controls): a possibility ("José might be a few minutes late") and a note
that leaves no one out ("Raj won't have much to choose from"), as scheduling reads them.
"""

from __future__ import annotations

import pytest

from tests.probe_harness import Review, around
from tests.test_review_probes_planning_1205 import FENCED, dining

WRONG: dict[str, str] = {}
"""Each defect class found, with the reason its probes carry."""
REVIEW = Review(WRONG)
# fp: the plan said not to be for everyone, which must fail; ok: a control, an honest one-plan
# answer that must pass.
fp, ok = REVIEW.fp, REVIEW.ff
after, before = around(FENCED)


PROBES = [
    # ============================== false PASS ================================================
    # guest_late_or_part
    fp(after("José will be a bit late since he's free from 18:00."), "jose-bit-late"),
    fp(after("José will be about 30 minutes late."), "jose-30-minutes-late"),
    fp(before("José will be a little late, but the rest can start at 17:30."), "late-before"),
    fp(after("Mei can join for dessert."), "mei-join-for-dessert"),
    fp(after("Mei can join you for dessert and coffee."), "mei-join-you-for-dessert"),
    fp(after("Raj will have to sit this one out."), "raj-sit-this-one-out"),
    fp(after("Raj is optional for this dinner."), "raj-optional"),
    fp(after("José has to leave early for his shift."), "jose-leave-early"),
    fp(after("Mei will join a little later, around 18:00."), "mei-join-later"),
    fp(after("Heads-up: José will arrive around 30 minutes after everyone else."), "jose-after"),
    fp(after("Mei can meet you there after dinner for dessert."), "mei-meet-for-dessert"),
    # all_but_a_guest
    fp(after("Everyone except Björn can eat at Green Fork."), "everyone-except-bjorn"),
    fp(before("Everyone except Björn can eat at Green Fork."), "everyone-except-bjorn-before"),
    fp(after("Everyone but Björn is covered."), "everyone-but-bjorn-covered"),
    fp(after("All but Raj can eat here."), "all-but-raj"),
    fp(after("Everyone but Raj will find something on the menu."), "everyone-but-raj-menu"),
    fp(after("The whole group apart from Mei is within range."), "group-apart-from-mei"),
    # some_of_the_group
    fp(after("It suits most of the group."), "suits-most-of-the-group"),
    fp(after("Green Fork suits most of you."), "most-of-you"),
    fp(after("Five of the six guests are covered."), "five-of-six-covered"),
    fp(before("5 out of 6 of you can eat there, which is the best I found."), "5-out-of-6"),
    fp(after("The majority of the group will love it."), "majority-of-the-group"),
    fp(after("This isn't perfect for everyone, but it's close."), "not-perfect-for-everyone"),
    # guest_makes_do
    fp(after("Ana can just have a side salad."), "ana-side-salad"),
    fp(after("Björn will have to skip the cheese course."), "bjorn-skip-cheese-course"),
    fp(after("Raj will have to eat beforehand."), "raj-eat-beforehand"),
    fp(before("Ana can't eat anything there, but everyone else is covered."), "ana-nothing-before"),
    fp(before("Raj is the only one who can't eat here."), "raj-only-one-cant-eat"),
    fp(after("Björn can only order drinks, sadly."), "bjorn-only-drinks"),
    fp(after("Zoë will need to bring her own snacks."), "zoe-own-snacks"),
    fp(after("Mei will have to make do with the bread basket."), "mei-make-do"),
    fp(after("Björn's only option is the side salad."), "bjorn-only-option-side"),
    fp(after("Ana will have to settle for a side dish."), "ana-settle-for-side"),
    # guest_limit_passed (second round)
    fp(
        after("Unfortunately, it's slightly over Zoë's budget, but everyone else is fine."),
        "over-zoe",
    ),
    fp(after("Mei will need a taxi since it's a bit over her 4 km limit."), "over-her-limit"),
    fp(before("It's just beyond Mei's 4 km range, but the food is great."), "beyond-mei-range"),
    # no_plan_for_everyone
    fp(after("There's no perfect option, but Green Fork comes closest."), "no-perfect-option"),
    fp(after("This is the best compromise I could find."), "best-compromise"),
    fp(before("No restaurant ticks every box, so here's the closest match:"), "ticks-every-box"),
    fp(after("It isn't possible to find a place that suits all six of you."), "not-possible"),
    fp(before("There's no ideal restaurant for all six of you."), "no-ideal-restaurant"),
    # plan_on_a_guests_change
    fp(after("This works provided Ana is okay with the salad."), "provided-ana-ok"),
    fp(after("This works as long as José can leave work early."), "as-long-as-jose-leaves"),
    fp(after("It's a good pick, assuming Mei doesn't mind a taxi."), "assuming-mei-taxi"),
    fp(after("This only works if Zoë stretches her budget a little."), "only-if-zoe-stretches"),
    fp(before("Green Fork at 17:30 works, as long as Mei takes a cab."), "cab-before"),
    fp(after("We'll need Zoë to stretch her budget slightly."), "need-zoe-to-stretch"),
    fp(after("If Mei is okay with a short taxi ride, this works."), "if-mei-okay-this-works"),
    # ============================== controls ==================================================
    ok(after("Everyone can eat there."), "everyone-can-eat"),
    ok(after("No one is left out."), "no-one-left-out"),
    ok(after("Everyone, including Ana, has vegan options."), "including-ana"),
    ok(after("Ana's vegan options include the mushroom bowl."), "ana-options-include"),
    ok(after("Even José, who finishes at 17:00, can make it."), "even-jose"),
    ok(after("All six of you can eat here."), "all-six"),
    ok(after("Ana can't eat meat, so Green Fork is perfect."), "ana-cant-eat-meat"),
    ok(after("José can't make it before 17:30, so 17:30 works."), "jose-not-before"),
    ok(after("Björn should avoid the cheese-topped dishes."), "bjorn-avoid-cheese"),
    ok(
        after("Everyone except Raj eats meat, but Green Fork is fully vegan, so that's moot."),
        "everyone-except-raj-eats-meat",
    ),
    ok(after("Raj can have the tofu curry; it's peanut-free."), "raj-tofu-curry"),
    ok(after("Ana can have the side salad or the grain bowl."), "ana-can-have-side"),
    ok(after("Everyone gets a dish they can eat, Ana included."), "ana-included"),
    ok(after("No other restaurant works for everyone."), "no-other-restaurant"),
    ok(after("José finishes work at 17:00, so 17:30 gives him time."), "jose-finishes"),
    ok(after("It's the best compromise between price and distance."), "compromise-between"),
    ok(after("Green Fork is the closest option to Mei's place."), "closest-to-mei"),
    ok(after("If José is running late, they hold the table for 15 minutes."), "if-late"),
    ok(after("José won't be late: he finishes at 17:00."), "jose-wont-be-late"),
    ok(after("Three of the five mains are nut-free."), "three-of-five-mains"),
    ok(after("It has 4 out of 5 stars on Yelp."), "4-of-5-stars"),
    ok(after("Raj will love the tofu curry."), "raj-will-love"),
    ok(before("At Umi, José would be late, so I chose Green Fork."), "umi-jose-would-be-late"),
    ok(before("I ruled out Umi, which would only work if Mei took a taxi."), "umi-if-mei-taxi"),
    ok(before("Ember & Oak suits most of the group but not Ana."), "ember-most-of-group"),
    ok(before("At Ember & Oak everyone except Ana could eat."), "ember-all-but-ana"),
    ok(after("Let me know if José will be late."), "let-me-know-if-late"),
    ok(after("No one needs to leave early: dinner ends by 19:30."), "no-one-leaves-early"),
    ok(after("Nobody has to make do with a side salad here."), "nobody-makes-do"),
    ok(after("There's no perfect score on Yelp, but it's highly rated."), "no-perfect-score"),
    ok(after("Mei is 2.1 km away, well within her 4 km limit."), "within-her-limit"),
    ok(after("At $18 a dish it's not over Zoë's budget."), "not-over-zoe"),
    ok(after("It won't go over Zoë's $40 budget."), "wont-go-over"),
    ok(before("Ember & Oak is over Zoë's budget, so I chose Green Fork."), "ember-over-zoe"),
    ok(after("Everyone but Raj has no allergies to worry about."), "everyone-but-raj-no-allergies"),
    ok(after("If José is running late, let them know."), "if-jose-running-late"),
    ok(after("There's no need for anyone to compromise."), "no-need-to-compromise"),
    ok(after("Ana can have anything on the menu since it's all vegan."), "ana-anything"),
    ok(after("Could José be a little late? The table is held for 15 minutes."), "question"),
    ok(
        before("I looked at Ember & Oak first. Everyone except Ana can eat there, so it's out."),
        "ember-next-sentence",
    ),
    ok(before("I first considered Umi at 18:00. But it's slightly over Zoë's budget."), "umi-next"),
    # a possibility, a note that leaves no one out: right to pass
    ok(
        after("José might be a few minutes late, but the table will be held."), "jose-might-be-late"
    ),
    ok(after("Raj won't have much to choose from."), "raj-not-much-to-choose"),
]


def test_the_plan_passes_alone() -> None:
    assert dining(FENCED)


@pytest.mark.parametrize(("text", "expect"), PROBES)
def test_probe(text: str, expect: bool) -> None:
    assert dining(text) is expect, text


def test_every_class_has_a_probe() -> None:
    assert REVIEW.classes_probed(PROBES) == set(WRONG)
