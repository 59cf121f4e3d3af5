"""Honest "why not X" rationale keeps the pass; praise or a detail beside another plan does not
rule it out (see :meth:`checkers.final_word._Sentence.ruled_out`).

The second hostile review (``tests/test_review_probes_planning_1205b.py``) found the other plan
ruled out by a closed word list read anywhere later in its sentence: too loose ("Umi at 18:00
works too, but I'd avoid the patio" passed, and so did praise: "no one is left out", "can't go
wrong") and too narrow ("Marigold is also vegan-friendly but 12 km away", "over her 4 km
limit", "butter in every dish" failed). A sentence now rules out the other plan it names by
a rejection in the clause naming it, or a rejection or drawback (a distance, a budget, a dish,
a closing time) in a clause said against it ("but", "though", a dash) or, when the sentence
offers nothing, anywhere after it. The properties write both directions from many forms, and
the smaller classes closed with it: a pronoun after another plan refers to it ("X is rated
highest, but it doesn't work for Ana"), a cross mark survives folding, the time the user asked
for and the plan's own limits are no plan, and "instead" or "moved to" the plan's own part is
no correction.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_final_word_fail_closed import OTHER_PLACES, OTHER_TIMES, PLAN, dining

NAMES = tuple(ref for ref in OTHER_PLACES if not ref.startswith("r"))
"""The other restaurants by name (a sentence opens with one)."""
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def after(text: str) -> str:
    """``text`` after the fenced plan, as a rationale follows the JSON."""
    return f"```json\n{json.dumps(PLAN)}\n```\n\n{text}"


others = st.one_of(
    st.sampled_from(NAMES),
    st.sampled_from(NAMES).flatmap(lambda n: OTHER_TIMES.map(lambda t: f"{n} at {t}")),
)
"""Another plan named: a restaurant, or a restaurant and a time."""

# --- pronoun_denial_of_another_plan -----------------------------------------------------------

LEADS = (
    "{x} is rated highest",
    "{x} was a close second",
    "I also considered {x}",
    "{x} tops the ratings",
    "I looked at {x} too",
)
DENIALS = (
    "it doesn't work for Ana",
    "it wasn't possible for Mei",
    "it was fully booked",
    "that isn't available",
    "it was full",
    "it is unavailable tonight",
)


@SETTINGS
@given(
    st.sampled_from(LEADS),
    others,
    st.sampled_from(DENIALS),
    st.sampled_from([", but ", ". "]),
)
def test_a_pronoun_after_another_plan_denies_that_plan(
    lead: str, other: str, denial: str, join: str
) -> None:
    joined = f"{join}{denial[0].upper() + denial[1:]}, though" if join == ". " else join + denial
    text = after(lead.format(x=other) + joined + ".")
    assert dining(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Umi Sushi Bar is rated higher. Green Fork at 17:30, though: it is fully booked.",
        "I looked at Umi Sushi Bar. Green Fork is great, but it doesn't work for Ana.",
        "It doesn't work for Ana.",
        "Umi Sushi Bar at 18:00 also works. It isn't my first pick.",
    ],
)
def test_a_pronoun_after_the_plan_or_an_offer_still_counts(text: str) -> None:
    assert not dining(after(text)), text


# --- rejection_in_unlisted_words / praise_read_as_rejection / rejection_of_something_else -----

PRAISE_OF_IT = (
    "is also vegan-friendly",
    "is rated higher",
    "is lovely",
    "also has a great menu",
    "is a nice spot",
)
CONTRASTS = (" but", ", but", " though", ", however,", " \u2014", " -", ", except it is", ":")
DRAWBACKS = (
    "12 km away",
    "over her 4 km limit",
    "above Zo\u00eb's $40 budget",
    "butter in every dish for Bj\u00f6rn",
    "too far for Jos\u00e9",
    "it shuts at 20:00",
    "it has no vegan dishes",
    "Ana can't eat there",
    "more expensive than Zo\u00eb's budget allows",
    "it contains dairy in most dishes",
)


@SETTINGS
@given(
    others, st.sampled_from(PRAISE_OF_IT), st.sampled_from(CONTRASTS), st.sampled_from(DRAWBACKS)
)
def test_a_drawback_said_against_another_plan_rules_it_out(
    other: str, praise: str, contrast: str, drawback: str
) -> None:
    text = after(f"{other} {praise}{contrast} {drawback}.")
    assert dining(text), text


@SETTINGS
@given(st.sampled_from(NAMES), st.sampled_from(DRAWBACKS))
def test_a_drawback_in_a_sentence_offering_nothing_rules_it_out(name: str, drawback: str) -> None:
    text = after(f"{name}: {drawback}.")
    assert dining(text), text


OFFERS = ("also works", "works too", "is a great fit as well", "would work too", "is fine too")
PRAISE = (
    ", and no one is left out",
    " \u2014 no one is left out",
    ", and it's allergy-friendly",
    ", and you can't go wrong there",
    " (not a bad backup)",
    ", and it isn't bad either",
    " \u2014 conflict-free for everyone",
    ", nothing wrong with it",
)
SOMETHING_ELSE = (
    ", but I'd avoid the patio",
    " (it closes at 22:30)",
    " \u2014 they have outside seating",
    " \u2014 the best sushi I've found so far",
    ", and there's no dress code",
    ", and it is 2 km away",
    " (it closes late)",
    ", and the tasting menu is $35",
)


@SETTINGS
@given(others, st.sampled_from(OFFERS), st.sampled_from(PRAISE + SOMETHING_ELSE))
def test_praise_or_a_detail_beside_another_plan_does_not_rule_it_out(
    other: str, offer: str, tail: str
) -> None:
    text = after(f"{other} {offer}{tail}.")
    assert not dining(text), text


@pytest.mark.parametrize(
    "sentence",
    [
        "You can't go wrong with Umi Sushi Bar at 18:00 either.",
        "I wouldn't rule out Umi Sushi Bar at 18:00.",
        "Umi Sushi Bar at 18:00 isn't bad either.",
        "| Umi Sushi Bar | 18:00 | \u2713 all | no parking |",
        "Umi Sushi Bar at 18:00 is 2 km away.",
        "Umi Sushi Bar at 18:00 has a $35 tasting menu.",
    ],
)
def test_praise_words_offer_the_other_plan(sentence: str) -> None:
    assert not dining(after(sentence)), sentence


# --- cross_mark_folded_away -------------------------------------------------------------------

CROSSES = ("\u2717", "\u2718", "\u274c", "\u2716")


@SETTINGS
@given(
    st.lists(st.tuples(st.sampled_from(NAMES), st.sampled_from(CROSSES)), min_size=1, max_size=4),
    st.booleans(),
)
def test_a_row_marked_with_a_cross_rules_its_plan_out(
    rows: list[tuple[str, str]], before: bool
) -> None:
    table = "| Restaurant | Fits all six? |\n|---|---|\n| Green Fork | \u2705 |\n" + "\n".join(
        f"| {name} | {cross} |" for name, cross in rows
    )
    plan = json.dumps(PLAN)
    text = f"{table}\n\n{plan}" if before else after(table)
    assert dining(text), text


def test_a_row_marked_with_a_check_still_offers_its_plan() -> None:
    table = "| Restaurant | Time |\n|---|---|\n| Umi Sushi Bar | 18:00 \u2705 |"
    assert not dining(after(table))


# --- requested_time_restated / limit_or_schedule_time_unread ----------------------------------

REQUESTS = (
    "You asked for {t}, but Jos\u00e9 has to leave by 21:00.",
    "The group wanted {t}; Jos\u00e9 must leave at 21:00, so I moved dinner earlier.",
    "**Your request:** 6 people, {t}, best-rated place.",
    "You originally requested {t}.",
)
LIMITS = (
    "You'll be done at {t}.",
    "Dinner wraps up two hours later, at {t}.",
)
"""A guest's hard stop is no plan either, but one inside the dinner leaves them out of part of
it (tests/test_departure_times.py); after it, see tests/test_review_probes_planning_1205b. A
range the plan's start opens gives the dinner's length (tests/test_plan_length.py)."""
HOURS = ("Hours: 08:00\u2013{t}.", "Open daily 8:00 AM to {t}.")
"""Opening hours closing at ``{t}``: no plan when the dinner (17:30 to 19:30) is over by then;
closed at its start they shut it out (tests/test_plan_unavailable_other_words.py)."""
AFTER_THE_DINNER = (
    st.tuples(st.integers(19, 23), st.sampled_from((0, 15, 30, 45)))
    .filter(lambda t: t >= (19, 30))
    .map(lambda t: f"{t[0]}:{t[1]:02d}")
)


@SETTINGS
@given(
    st.one_of(
        st.tuples(st.sampled_from(REQUESTS + LIMITS), OTHER_TIMES),
        st.tuples(st.sampled_from(HOURS), AFTER_THE_DINNER),
    )
)
def test_the_requested_time_or_a_limit_is_no_plan(said: tuple[str, str]) -> None:
    form, time = said
    text = after(form.format(t=time))
    assert dining(text), text


@SETTINGS
@given(
    st.sampled_from(("You originally wanted {t}, and that also works.", "{t} works too.")),
    OTHER_TIMES,
)
def test_a_requested_time_offered_is_another_plan(form: str, time: str) -> None:
    text = after(form.format(t=time))
    assert not dining(text), text


# --- correction_words_in_rationale ------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "I went with Green Fork instead.",
        "Since Ember & Oak doesn't work, I chose Green Fork (r03) instead.",
        "That way everyone can make it on time.",
        "I moved the time to 17:30 so Jos\u00e9 can leave on time.",
        "I shifted dinner to 17:30.",
    ],
)
def test_rationale_for_the_plan_is_no_correction(sentence: str) -> None:
    assert dining(after(sentence)), sentence


@pytest.mark.parametrize(
    "sentence",
    ["Umi Sushi Bar instead.", "Let's switch to 18:00.", "Make it 18:00.", "I moved it to 18:00."],
)
def test_a_correction_to_another_part_still_fails(sentence: str) -> None:
    assert not dining(after(sentence)), sentence


# --- fallback_if_the_plan_fails ---------------------------------------------------------------

FALLBACK_OFFERS = ("works", "is there", "would be just as nice", "is a good idea", "is fine")
FAILURES = (
    "if Green Fork is full",
    "in case Green Fork can't seat you",
    "if you can't get a table",
    "if Green Fork is booked out",
    "if 17:30 is too early",
    "in case the plan falls through",
)


@SETTINGS
@given(others, st.sampled_from(FALLBACK_OFFERS), st.sampled_from(FAILURES))
def test_another_plan_for_when_the_plan_fails_is_a_second_plan(
    other: str, offer: str, failure: str
) -> None:
    text = after(f"{other} {offer} {failure}.")
    assert not dining(text), text


@pytest.mark.parametrize(
    "sentence",
    [
        "If you need vegan food, Ember & Oak won't work.",
        "Ember & Oak is out if Ana comes: nothing vegetarian.",
        "Umi Sushi Bar is fully booked even if we try 18:00.",
        "Umi Sushi Bar at 18:00 is not possible if Jos\u00e9 has to leave by 21:00.",
    ],
)
def test_a_rejection_beside_a_condition_still_rules_out(sentence: str) -> None:
    assert dining(after(sentence)), sentence
