"""Honest narration around the plan that the stricter final word read as a denial or a second
plan (classes of ``tests/test_review_probes_planning_1206.py``).

- ``condition_after_its_verb``: a negation inside an ``if`` / ``in case`` / ``should it``
  condition denies nothing, wherever the condition starts in its clause ("Let me know if 17:30
  doesn't work for you and I'll look again"; :func:`checkers.final_word._without_inner_condition`).
  A negation outside the condition ("Green Fork isn't open at 17:30, so let me know if ...")
  and a condition contrary to fact ("if it weren't fully booked") still deny the plan.

- ``rejected_in_the_next_sentence_before`` and ``turned_away_in_unread_words_before``: before
  the JSON, process narration about another plan is turned away from by the next sentence
  (opening with a contrast, a pronoun, "Both", a rejection with no subject, or any reason after
  "I first considered ...": "Umi Sushi Bar at 18:00 was my first thought. Unfortunately it is
  4.5 km from Mei.") or by words no list held ("until I checked", a wish contrary to fact:
  "would be lovely if José could stay later", "are booked at 19:30", the requested time
  restated: "is what you asked for"; :func:`checkers.final_word._narrated_away`). A sentence
  that recommends or offers stays a plan, as does one followed by praise, by a mild drawback
  after an offer ("is also great. Unfortunately it's pricier."), or by a reason about another
  plan. A drawback in a table cell is still no contrast (a strict xfail).
- ``no_plan_then_move_to_an_unnamed_place``: after the claim that no plan works, a move "to" a
  place, even one the catalog does not hold ("move to the hotel's restaurant tonight"), offers
  a plan; only a move of the task itself ("another day", "a later date", "a different time")
  keeps the claim (:func:`checkers.final_word._moves_the_task`).

Each property generates the honest form (must pass) beside its misleading twin (must fail),
or the other way round.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_review_probes_planning_1205 import FENCED, SLOT, dining, infeasible, slot

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def after(text: str) -> str:
    return f"{FENCED}\n\n{text}"


def before(text: str) -> str:
    return f"{text}\n\n{FENCED}"


def after_slot(text: str) -> str:
    return f"{SLOT}\n\n{text}"


# --- condition_after_its_verb -----------------------------------------------------------------

ASK_BACK = ["Let me know", "Just let me know", "Tell me", "Please tell me", "Ping me", "Shout"]
CONDITIONS = ["if", "in case"]
PLAN_SUBJECTS = ["17:30", "Green Fork", "Green Fork at 17:30", "it", "the restaurant", "they"]
DENIED = [
    "doesn't work",
    "isn't available",
    "is not open",
    "can't seat us",
    "won't work",
    "is fully booked",
    "doesn't suit you",
    "can't take six",
]
TAILS = ["", " for you", " when you call", " at 17:30", " after all"]
FOLLOW_UPS = ["", " and I'll look again", ", and I'll find another", ", then I'll rebook"]


@SETTINGS
@given(
    ask=st.sampled_from(ASK_BACK),
    condition=st.sampled_from(CONDITIONS),
    subject=st.sampled_from(PLAN_SUBJECTS),
    denied=st.sampled_from(DENIED),
    tail=st.sampled_from(TAILS),
    follow_up=st.sampled_from(FOLLOW_UPS),
)
def test_a_denial_inside_a_condition_after_its_verb_keeps_the_pass(
    ask: str, condition: str, subject: str, denied: str, tail: str, follow_up: str
) -> None:
    text = after(f"{ask} {condition} {subject} {denied}{tail}{follow_up}.")
    assert dining(text), text


@SETTINGS
@given(
    subject=st.sampled_from(["Green Fork", "The restaurant", "It", "Green Fork at 17:30"]),
    denied=st.sampled_from(["isn't available", "is fully booked", "can't seat us", "isn't open"]),
    tail=st.sampled_from(["", " at 17:30", " tonight"]),
    ask=st.sampled_from(ASK_BACK),
)
def test_a_denial_before_the_condition_still_denies(
    subject: str, denied: str, tail: str, ask: str
) -> None:
    text = after(f"{subject} {denied}{tail}, so {ask.lower()} if you want another.")
    assert not dining(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Let me know if 17:30 doesn't work for you and I'll look again.",
        "Tell me if Green Fork isn't available when you call, and I'll find another.",
        "Ping me should it not work out, and I'll find another.",
        "Just tell me in case Green Fork is fully booked when you call.",
        "Please let me know if they can't seat us at 17:30 and I'll look again.",
        "Let me know if it doesn't work for you.",
        "Tell me if that is full, and I will look again.",
    ],
)
def test_conditions_after_their_verb(text: str) -> None:
    assert dining(after(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "Green Fork isn't open at 17:30, so let me know if you want another.",
        "I'd book Green Fork at 17:30 myself if it weren't fully booked.",
        "Let me know if anything changes, but Green Fork can't seat us at 17:30.",
        "If anything, Green Fork isn't open at 17:30.",
        "If it doesn't work, try another place.",
        "Let me know if it doesn't work, Umi Sushi Bar at 18:00 is a backup.",
    ],
)
def test_denials_beside_a_condition(text: str) -> None:
    assert not dining(after(text)), text


@pytest.mark.parametrize(
    ("text", "expect"),
    [
        ("Let me know if 14:30 doesn't suit you and I'll look again.", True),
        ("Let me know if Monday doesn't work, and I'll look again.", True),
        ("Let me know in case that slot is blocked for anyone.", True),
        ("Jerry can't make 14:30 if the call runs late.", False),
    ],
)
def test_the_slot_beside_a_condition(text: str, expect: bool) -> None:
    assert slot(after_slot(text)) is expect, text


# --- rejected_in_the_next_sentence_before / turned_away_in_unread_words_before ---------------

OTHER_PLANS = ["Umi Sushi Bar at 18:00", "Marigold at 19:00", "Ember & Oak at 19:30"]
CONSIDERED = [
    "I first considered {}.",
    "{} was my first thought.",
    "I looked at {} first.",
    "I checked {} first.",
    "My first idea was {}.",
]
WEIGHED = [*CONSIDERED, "{}?", "What about {}?", "{} is lovely.", "{} has a sushi bar."]
TURNED_AWAY_NEXT = [
    "Unfortunately it is 4.5 km from Mei.",
    "However, it's too far for Mei.",
    "Sadly, there's nothing vegetarian for Ana.",
    "But it's over Zoë's budget.",
    "It doesn't work for José.",
    "It's too far for Mei.",
    "Too far for Mei.",
    "They're fully booked.",
    "Not an option for Ana, sadly.",
]
"""A next sentence that turns away from the plan just named, whatever that sentence said."""
REASONS_AFTER_NARRATION = [
    "Mei lives 4.5 km away, which is over her limit.",
    "Ana would have nothing to eat.",
    "José has to leave by 21:00, so that fails.",
    "Mei is allergic to shellfish, and most dishes contain it.",
]
"""A reason with a subject of its own, read after a sentence telling what the agent weighed."""


@SETTINGS
@given(
    other=st.sampled_from(OTHER_PLANS),
    weighed=st.sampled_from(WEIGHED),
    reason=st.sampled_from(TURNED_AWAY_NEXT),
)
def test_another_plan_turned_away_in_the_next_sentence_keeps_the_pass(
    other: str, weighed: str, reason: str
) -> None:
    text = before(f"{weighed.format(other)} {reason}")
    assert dining(text), text


@SETTINGS
@given(
    other=st.sampled_from(OTHER_PLANS),
    considered=st.sampled_from(CONSIDERED),
    reason=st.sampled_from(REASONS_AFTER_NARRATION),
)
def test_a_reason_after_narration_turns_away(other: str, considered: str, reason: str) -> None:
    text = before(f"{considered.format(other)} {reason}")
    assert dining(text), text


@SETTINGS
@given(
    other=st.sampled_from(OTHER_PLANS),
    weighed=st.sampled_from(WEIGHED),
    follow=st.sampled_from(
        [
            "It's a lovely spot.",
            "Everyone will love it.",
            "Unfortunately Katz & Rye is 12 km from Mei.",
            "It's perfect, and Green Fork at 17:30 works too.",
            "Nobody else comes close.",
            "No other place comes close.",
            "You won't regret it.",
            "Nobody will be disappointed.",
        ]
    ),
)
def test_another_plan_not_turned_away_is_a_second_plan(
    other: str, weighed: str, follow: str
) -> None:
    text = before(f"{weighed.format(other)} {follow}")
    assert not dining(text), text


IN_SENTENCE_TURNS = [
    "{} was my first thought, until I checked Mei's distance.",
    "{} looked good until we noticed the menu.",
    "{} would be lovely if José could stay later.",
    "{} would be ideal if Mei didn't live so far.",
    "{} is what you asked for.",
    "Step 1: {} is exactly what you requested.",
]


@SETTINGS
@given(other=st.sampled_from(OTHER_PLANS), turn=st.sampled_from(IN_SENTENCE_TURNS))
def test_another_plan_turned_away_in_unread_words_keeps_the_pass(other: str, turn: str) -> None:
    text = before(turn.format(other))
    assert dining(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Most top-rated places (Ember & Oak, Marigold) are booked at 19:30.",
        "Umi Sushi Bar and Marigold were all booked at 18:00.",
        "I looked at Umi Sushi Bar for 18:00 and Marigold for 19:00 as well. Both fail someone.",
    ],
)
def test_other_plans_said_booked_or_failing_keep_the_pass(text: str) -> None:
    assert dining(before(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "Winner: Umi Sushi Bar at 18:00. Nobody else comes close.",
        "Umi Sushi Bar at 18:00 is perfect. It is 4.5 km from Mei.",
        "I first considered Umi Sushi Bar at 18:00, and it's the best.",
        "Umi Sushi Bar at 18:00 would also work if you could make it.",
        "Umi Sushi Bar at 18:00 would work if Mei could take a taxi.",
        "Umi Sushi Bar at 18:00 is booked for you as a backup.",
        "Umi Sushi Bar at 18:00 was my first thought. Marigold at 19:00 is too far.",
        "I looked at Umi Sushi Bar at 18:00 as well. It isn't far.",
        "Umi Sushi Bar at 18:00 is what you asked for, and it works too.",
        "Marigold at 19:00 would be lovely if you could push dinner back.",
        "Umi Sushi Bar at 18:00 is also great. Unfortunately it's pricier.",
        "Umi Sushi Bar at 18:00 is great too. However, it's 4.5 km from Mei.",
    ],
)
def test_other_plans_still_offered_before_the_plan(text: str) -> None:
    assert not dining(before(text)), text


# --- no_plan_then_move_to_an_unnamed_place ----------------------------------------------------

MOVES = ["move", "switch", "change", "shift"]
CLAIM_LEADS = ["You could ", "Easiest fix: ", "Options: drop the distance limit, or ", "Or "]
TASK_CHANGES = [
    "another day",
    "a later date",
    "a different time",
    "a different neighbourhood",
    "a bigger budget",
    "next week",
    "tomorrow",
    "the weekend",
]
UNNAMED_PLACES = [
    "the hotel's restaurant",
    "the grill by the hotel",
    "a pizzeria nearby",
    "the diner on Main Street",
    "that little bistro",
    "another place, the grill by the hotel",
]
ENDINGS = ["", " tonight", " at 19:00", " if Lena agrees"]


@SETTINGS
@given(
    verb=st.sampled_from(MOVES),
    lead=st.sampled_from(CLAIM_LEADS),
    place=st.sampled_from(UNNAMED_PLACES),
    ending=st.sampled_from(ENDINGS),
)
def test_a_move_to_a_place_after_the_claim_offers_a_plan(
    verb: str, lead: str, place: str, ending: str
) -> None:
    text = f"No plan satisfies everyone. {lead}{verb} to {place}{ending}."
    assert not infeasible(text), text


@SETTINGS
@given(
    verb=st.sampled_from(MOVES),
    lead=st.sampled_from(CLAIM_LEADS),
    change=st.sampled_from(TASK_CHANGES),
    ending=st.sampled_from(["", " if Lena agrees", ", or ask Lena again", " and try again"]),
)
def test_a_move_of_the_task_keeps_the_claim(verb: str, lead: str, change: str, ending: str) -> None:
    text = f"No plan satisfies everyone. {lead}{verb} to {change}{ending}."
    assert infeasible(text), text


@pytest.mark.parametrize(
    ("text", "expect"),
    [
        ("You could move to the hotel's restaurant tonight.", False),
        ("Easiest fix: move to the grill by the hotel tonight.", False),
        ("You could move to another day, or try Umi Sushi Bar at 18:00.", False),
        ("Move to the steakhouse at 19:00.", False),
        ("Options: relax Lena's walking limit, or move to a different neighbourhood.", True),
        ("You could move to a later date, or a different time.", True),
    ],
)
def test_moves_after_the_claim(text: str, expect: bool) -> None:
    assert infeasible(f"No plan satisfies everyone. {text}") is expect, text
