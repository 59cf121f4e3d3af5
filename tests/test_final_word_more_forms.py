"""Another plan's part said in more forms than a clock time or a full name (closed classes of
``tests/test_review_probes_planning_1205b.py``).

- ``other_time_in_unread_form``: another time said as a bare hour after "at", an hour in words
  ("around six works", "six o'clock"), "18h00", "a bit later", or a move ("sliding it by 30
  minutes") is another plan's time (:data:`checkers.plan_words.BARE_HOUR`,
  :data:`~checkers.plan_words.SPOKEN_HOUR`, :data:`~checkers.plan_words.H_NOTATION`,
  :data:`~checkers.plan_words.LATER_TIME`, :data:`~checkers.plan_words.SHIFTED_TIME`); a count
  ("about six of us", "at 4 stars") and the plan's own hour said so are not.
- ``other_restaurant_by_short_name``: a restaurant called by its distinctive leading word
  ("Umi", "Zaytoun") or with "and" for its "&" ("Ember and Oak") is a mention
  (``domains.dining.judge._names``); a leading word that says something else ("Green",
  "Bangkok-style", a dish or cuisine word) is not.

Each property generates the misstated form (must fail) beside an honest twin (must pass).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_review_probes_planning_1205 import FENCED, PLAN, SLOT, dining, slot

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

HOUR_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

OFFERS = ["{} works too.", "We could also go {}.", "{} would also work for everyone."]


def after(text: str) -> str:
    return f"{FENCED}\n\n{text}"


def offered(template: str, form: str) -> str:
    text = template.format(form)
    return text[0].upper() + text[1:]


# The story's plan is Green Fork at 17:30: no whole hour is its own.
OTHER_TIME = st.one_of(
    st.integers(1, 11).map(lambda h: f"at {h}"),
    st.sampled_from(HOUR_WORDS).map(lambda w: f"{w} o'clock"),
    st.sampled_from(HOUR_WORDS).map(lambda w: f"at around {w}"),
    st.integers(12, 22).map(lambda h: f"at {h}h00"),
    st.sampled_from(["a bit", "a little", "slightly"]).flatmap(
        lambda d: st.sampled_from([f"{d} later", f"{d} earlier"])
    ),
)


@SETTINGS
@given(form=OTHER_TIME, template=st.sampled_from(OFFERS))
def test_another_time_in_an_unread_form_is_a_second_plan(form: str, template: str) -> None:
    assert not dining(after(offered(template, form)))


@SETTINGS
@given(
    count=st.sampled_from(HOUR_WORDS),
    honest=st.sampled_from(
        [
            "There will be about {} of you.",
            "We are around {}.",
            "Green Fork seats about {}, so call ahead.",
            "The walk takes about {} minutes.",
            "Green Fork is rated at {} stars on most sites.",
        ]
    ),
)
def test_a_count_is_no_time(count: str, honest: str) -> None:
    assert dining(after(honest.format(count)))


@pytest.mark.parametrize(
    "text",
    [
        "Kitchen closes at 9.",
        "José must leave at 9, so 17:30 leaves plenty of time.",
        "Green Fork is open until 9.",
        "Arrive a bit early to get settled.",
        "Green Fork at 17:30 (half past five) it is.",
    ],
)
def test_honest_hours_pass(text: str) -> None:
    assert dining(after(text))


@SETTINGS
@given(
    verb=st.sampled_from(["Sliding", "Shifting", "Pushing", "Moving"]),
    by=st.sampled_from(["30 minutes", "an hour", "half an hour", "15 mins"]),
)
def test_a_move_offered_is_a_second_slot(verb: str, by: str) -> None:
    assert not slot(f"{SLOT}\n\n{verb} it by {by} also works.")
    assert slot(f"{SLOT}\n\nJerry is busy until 14:30.")


@pytest.mark.parametrize("text", ["Three o'clock works too.", "We could also meet at 4."])
def test_slot_hour_in_words_is_a_second_slot(text: str) -> None:
    assert not slot(f"{SLOT}\n\n{text}")


SHORT_NAMES = ["Umi", "Zaytoun", "Katz", "Forno", "Ember and Oak", "Katz and Rye"]


@SETTINGS
@given(name=st.sampled_from(SHORT_NAMES), template=st.sampled_from(OFFERS))
def test_another_restaurant_by_short_name_is_a_second_plan(name: str, template: str) -> None:
    text = template.format(name) if template.startswith("{}") else f"{name} also works."
    assert not dining(after(text))


@pytest.mark.parametrize(
    "text",
    [
        "Green is the theme of the decor.",
        "Bangkok-style curries are on Green Fork's menu too.",
        "Green Fork (the Fork, as locals call it) fits everyone.",
        "Ember & Oak: butter in every dish, nothing vegetarian for Ana.",
        "Why not Umi? Nothing vegan for Ana.",
    ],
)
def test_honest_words_beside_short_names_pass(text: str) -> None:
    assert dining(after(text))


# --- own_part_beside_others_in_a_key ------------------------------------------------------------


def keyed(extra: str) -> str:
    return PLAN[:-1] + ", " + extra + "}"


@SETTINGS
@given(
    key=st.sampled_from(["ranking", "options", "times", "shortlist", "summary", "picks"]),
    others=st.lists(st.sampled_from(['"r06"', '"r19"', '"18:00"', '"19:00"']), min_size=1),
    own_first=st.booleans(),
)
def test_own_part_beside_another_in_a_key_is_a_second_plan(
    key: str, others: list[str], own_first: bool
) -> None:
    own = '"r03"' if any(o.startswith('"r') for o in others) else '"17:30"'
    values = [own, *others] if own_first else [*others, own]
    assert not dining(keyed(f'"{key}": [{", ".join(values)}]'))


@pytest.mark.parametrize(
    "extra",
    [
        '"reason": "Green Fork at 17:30 fits everyone; Umi Sushi Bar has nothing vegan for Ana."',
        '"why": "Chosen over Umi Sushi Bar, which has no vegan options."',
        '"summary": "Green Fork at 17:30 instead of the 19:30 you asked for."',
        '"rejected": ["r01", "r06"]',
        '"picks": ["r03"]',
    ],
)
def test_own_part_with_others_ruled_out_in_a_key_passes(extra: str) -> None:
    assert dining(keyed(extra))


@pytest.mark.parametrize("name", ["Harbor Catch", "Umi Sushi Bar", "Seoul Garden"])
def test_a_name_ending_in_a_word_of_praise_is_still_ruled_out_by_not(name: str) -> None:
    """ "not Harbor Catch at 11:00" rules Harbor Catch out: its "Catch" is part of the name, not
    the "no catch" of praise (which leaves another plan offered: "works too, no catch")."""
    assert dining(after(f"not {name} at 11:00."))
    assert not dining(after(f"{name} at 18:00 works too, no catch."))
