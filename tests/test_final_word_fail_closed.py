"""The final word fails closed: another plan named around the stated one is a second plan unless
the text plainly rules it out (see :func:`checkers.final_word._other_plans`).

The review of 2026-12-05 (``tests/test_review_probes_planning_1205.py``) found second plans in
words no list held ("Runner-up:", "equally good", "would also work", a table of options, a key
``runner_up``), another plan recommended before the JSON, and the plan overridden after it. The
properties here write such sentences from a broad vocabulary that is none of the lists' words:
after the plan, any sentence naming another restaurant of the catalog or another time, with no
rejection in it, is not a pass; the same sentence with a rejection (a negation, "rather than", a
reason it fails) keeps the pass. Before the plan, a sentence that recommends, offers or asks
about another plan is not a pass, while reasoning that names other restaurants with why they
fail keeps it. Advice with a time that is no plan's ("arrive 10 minutes early, around 17:20",
"fills up by 18:30") and an offer to look for another plan are not plans.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from checkers import plan_words
from checkers.text import fold_lower
from checkers.transcript import Transcript
from domains.dining.judge import judge_everyone_ate
from domains.dining.scenarios import DINING
from domains.scheduling.judge import judge_everyone_can_attend
from domains.scheduling.scenarios import SCHEDULING

STORY = DINING.load_scenario("story-six")
"""Green Fork (r03) at 17:30 serves all six."""
NP6 = SCHEDULING.load_scenario("np-6")
"""Monday 14:30 - 15:30 suits everyone."""
PLAN = {"restaurant": "r03", "time": "17:30"}
SLOT = "Here is the proposed time: Monday, 14:30 - 15:30"

OTHER_PLACES = tuple(ref for r in STORY.restaurants if r.id != "r03" for ref in (r.id, r.name))
"""Every other restaurant of the catalog, by id and by name."""
OTHER_TIMES = (
    st.tuples(st.integers(11, 23), st.sampled_from((0, 15, 30, 45)))
    .filter(lambda t: t != (17, 30))
    .map(lambda t: f"{t[0]}:{t[1]:02d}")
)

NEUTRAL = (
    *("the", "a", "this", "that", "we", "you", "they", "everyone", "group", "all", "six"),
    *("is", "are", "was", "be", "could", "would", "might", "will", "should", "can", "may"),
    *("go", "eat", "meet", "try", "see", "enjoy", "love", "like", "consider", "head", "visit"),
    *("there", "here", "then", "also", "too", "as", "well", "equally", "just", "really"),
    *("good", "great", "fine", "lovely", "nice", "solid", "cozy", "popular", "quiet", "tasty"),
    *("runner-up", "honorable", "mention", "worth", "spot", "place", "menu", "vibe", "patio"),
    *("similar", "same", "result", "option", "pick", "choice", "bet", "idea"),
    *("works", "work", "suits", "fits", "perhaps", "maybe", "possibly", "probably", "sure"),
    *("sushi", "pasta", "tacos", "curry", "dessert", "wine", "view", "music", "staff", "food"),
    *("and", "with", "for", "of", "in", "on", "to", "so", "because", "since", "while"),
    *("PS", "hmm", "honestly", "personally", "overall", "anyway", "btw"),
    *("—", "-", ",", ":", "**", "|", "(", ")", "✓", "👍"),
)
"""Words a sentence may hold beside another plan: offers and praise in words no list of
:mod:`checkers.plan_words` holds, filler, punctuation (none that ends a sentence); no rejection, no
limit ("until", "by", "before"), no advice to arrive early."""

REJECTIONS = (
    ("", ", but Ana cannot eat there"),
    ("", " although it has no vegan dishes"),
    ("", " though it is too far for José"),
    ("", ", which Mei is allergic to"),
    ("", " (✗ no halal menu)"),
    ("rather than ", ""),
    ("instead of ", ""),
    ("unlike ", ""),
    ("not ", ""),
)
"""A rejection of the other plan named: before it ("rather than Umi") or at the end of its
sentence ("..., but Ana cannot eat there")."""


def dining(text: str) -> bool:
    return judge_everyone_ate(STORY, Transcript(final_text=text), 1.0).passed


def slot(text: str) -> bool:
    return judge_everyone_can_attend(NP6, Transcript(final_text=text), 1.0).passed


def written(plan: dict[str, str], fenced: bool) -> str:
    bare = json.dumps(plan)
    return f"```json\n{bare}\n```" if fenced else bare


@st.composite
def other_plan_sentences(draw: st.DrawFn, rejected: bool = False) -> str:
    """A sentence of :data:`NEUTRAL` words naming another restaurant, another time or both; with
    ``rejected``, a rejection before the restaurant or at the end of the sentence."""
    words = draw(st.lists(st.sampled_from(NEUTRAL), max_size=8))
    parts = draw(st.sampled_from(("place", "time", "both")))
    place = draw(st.sampled_from(OTHER_PLACES))
    time = draw(OTHER_TIMES)
    named = {"place": place, "time": f"at {time}", "both": f"{place} at {time}"}[parts]
    head, tail = draw(st.sampled_from(REJECTIONS)) if rejected else ("", "")
    at = draw(st.integers(0, len(words)))
    casing = draw(st.sampled_from((str, str.capitalize, str.upper)))
    sentence = " ".join([*words[:at], f"{head}{named}", *words[at:]])
    return casing(sentence) + tail + draw(st.sampled_from((".", "!", "", "\n")))


# --- after the plan ------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(other_plan_sentences(), st.booleans())
def test_another_plan_named_after_the_plan_is_not_a_pass(sentence: str, fenced: bool) -> None:
    text = f"{written(PLAN, fenced)}\n\n{sentence}"
    assert not dining(text), text


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(other_plan_sentences(rejected=True), st.booleans())
def test_another_plan_ruled_out_after_the_plan_keeps_the_pass(sentence: str, fenced: bool) -> None:
    # Words that state a plan ("go to r01", "book r01") or offer one ("... rather than r01 also
    # works", "works too") outweigh a rejection by design, and NEUTRAL's words can fall into one
    # ("r01 go to, but ..."): such a draw is another test's.
    assume(plan_words.STATES_A_PLAN.search(fold_lower(sentence)) is None)
    assume(plan_words.STATING_BEFORE.search(fold_lower(sentence)) is None)
    text = f"{written(PLAN, fenced)}\n\n{sentence}"
    assert dining(text), text


MAYBES = ("We could", "We could also", "You could also", "We might", "You can also", "We can")


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(MAYBES),
    st.sampled_from(("go to", "go with", "go for")),
    st.sampled_from(OTHER_PLACES),
    st.sampled_from(REJECTIONS[:4]),
    st.booleans(),
)
def test_a_possible_other_plan_rejected_after_the_plan_keeps_the_pass(
    maybe: str, go: str, place: str, rejection: tuple[str, str], fenced: bool
) -> None:
    """Before, "We could also go to Umi Sushi Bar, but Ana cannot eat there." failed: "go to"
    stated a plan, which no rejection rules out. After "could", "might" or "can" it names a
    possibility; offered with no rejection it is still a second plan."""
    rejected = f"{maybe} {go} {place}{rejection[1]}."
    assert dining(f"{written(PLAN, fenced)}\n\n{rejected}"), rejected
    offered = f"{maybe} {go} {place} at 18:00."
    assert not dining(f"{written(PLAN, fenced)}\n\n{offered}"), offered


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(NEUTRAL[:60]), min_size=1, max_size=3).map("_".join),
    st.one_of(
        st.sampled_from(OTHER_PLACES),
        OTHER_TIMES,
        st.lists(st.sampled_from(OTHER_PLACES), min_size=1, max_size=2),
    ),
)
def test_a_key_holding_another_plan_is_not_a_pass(key: str, value: object) -> None:
    """Whatever the key is called (``runner_up``, ``also_works``, ``option_2``, any words)."""
    text = json.dumps({**PLAN, key: value})
    assert not dining(text), text


@pytest.mark.parametrize(
    "value",
    [
        {"notes": "Umi Sushi Bar has no vegan dishes"},
        {"leave_by": "21:00"},
        {"reason": "Green Fork serves every diet; Marigold is too far for José"},
        {"party_size": 6},
        {"restaurant_name": "Green Fork"},
    ],
)
def test_a_key_explaining_the_plan_keeps_the_pass(value: dict[str, object]) -> None:
    text = json.dumps({**PLAN, **value})
    assert dining(text), text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(NEUTRAL), max_size=6),
    st.sampled_from(
        ("an hour later", "half an hour later", "30 minutes earlier", "a later start", "at three")
    ),
)
def test_another_slot_said_in_words_is_not_a_pass(words: list[str], other: str) -> None:
    sentence = " ".join([*words, other])
    # advice to arrive early ("be there 30 minutes earlier") names no other slot
    assume(not (plan_words.ARRIVAL_HINT.search(sentence) and plan_words.EARLY.search(sentence)))
    text = f"{SLOT}. {sentence}."
    assert not slot(text), text


# --- before the plan -----------------------------------------------------------------------------

STATING = (
    "I recommend {other}.",
    "**My pick: {other}.**",
    "Option A (recommended): {other}.",
    "Would you prefer Green Fork at 17:30 or {other}?",
    "| B | {other} |",
    "Best bet: {other}.",
    "How about {other}?",
    "We could go with {other}.",
    "I'd recommend Green Fork; {other} would also work.",
)
"""Sentences before the plan that state, offer or ask about another plan."""


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(STATING),
    st.sampled_from(OTHER_PLACES),
    OTHER_TIMES,
    st.sampled_from(("place", "time", "both")),
    st.booleans(),
)
def test_another_plan_stated_before_the_plan_is_not_a_pass(
    form: str, place: str, time: str, parts: str, fenced: bool
) -> None:
    other = {"place": place, "time": f"at {time}", "both": f"{place} at {time}"}[parts]
    text = f"{form.format(other=other)}\n\n{written(PLAN, fenced)}"
    assert not dining(text), text


@pytest.mark.parametrize(
    "before",
    [
        "No restaurant works for all six of you, but here's the closest:",
        "Nothing satisfies everyone, so here is a compromise:",
        "Sadly no plan works for everyone. The closest:",
    ],
)
def test_no_plan_said_before_the_plan_is_not_a_pass(before: str) -> None:
    assert not dining(f"{before}\n{written(PLAN, True)}")


HONEST_BEFORE = (
    "Umi Sushi Bar is closer but has no vegan dishes, so:",
    "I considered Marigold, but Ana is allergic to its nut-based sauces.",
    "I first looked at Ember & Oak at 19:00, but José has to leave by 21:00. So:",
    "I'd recommend Green Fork over Umi Sushi Bar because Umi has no dairy-free dishes.",
    "I recommend Green Fork at 17:30: Marigold closes at 17:00 and Umi is too far for Mei.",
    "**Green Fork** at **17:30** works for all six (Umi Sushi Bar lacks halal options):",
    "| Restaurant | Why not |\n|---|---|\n| Umi Sushi Bar | ✗ no vegan dishes |\n"
    "| Marigold | too far |",
    "No other restaurant works for Ana, so here it is:",
    "### Plan\n| Field | Value |\n|---|---|\n| Restaurant | Green Fork (r03) |\n| Time | 5:30 PM |",
    "Why not Umi Sushi Bar? It has no vegan dishes.",
    "I suggest 17:30 rather than 19:00 since José leaves at 21:00.",
    "Here's what I found:\n- Umi Sushi Bar: no vegan dishes\n- Marigold: opens at 18:30, too "
    "late\n- Green Fork: works for everyone",
)
"""Reasoning before the plan that names other restaurants with why they fail."""

HONEST_AFTER = (
    "I'd suggest arriving 10 minutes early, around 17:20.",
    "I'd recommend booking soon — Green Fork usually fills up by 18:30.",
    "Let me know if you want a backup option.",
    "If Green Fork is full when you call, let me know and I'll find another option.",
    "José is free until 21:00, so a 17:30 start gives a comfortable buffer (dinner ends 19:30).",
    "I picked 17:30 rather than 19:00 so José can leave on time.",
    "See you at 5:30 PM!",
    "Green Fork is open from 17:00 to 22:00.",
    "Umi Sushi Bar is closer, but it has no vegan dishes.",
    "Neither Umi Sushi Bar nor Marigold works for Ana.",
    "~~Umi Sushi Bar at 18:00~~ (no vegan dishes).",
    "Want me to book it?",
    "Dinner at Green Fork from 17:30 to 19:30 works for everyone.",
    "17:30-19:30 at Green Fork.",
    "Note: Green Fork closes at 22:00; the kitchen closes at 21:30.",
    "Green Fork at 17:30 gives everyone time; Marigold only opens at 18:30.",
    "It's a 15-minute drive, so aim to leave by 17:10.",
)
"""Prose after the plan that offers no other plan: advice, offers, limits, rejected plans."""


@pytest.mark.parametrize("before", HONEST_BEFORE)
def test_honest_reasoning_before_the_plan_keeps_the_pass(before: str) -> None:
    assert dining(f"{before}\n\n{written(PLAN, True)}")


@pytest.mark.parametrize("after", HONEST_AFTER)
def test_honest_prose_after_the_plan_keeps_the_pass(after: str) -> None:
    assert dining(f"{written(PLAN, True)}\n\n{after}")


@pytest.mark.parametrize(
    "after",
    [
        "If that doesn't work, I can look for another slot.",
        "Everyone is free then; let me know if you'd like me to find another time.",
    ],
)
def test_an_offer_to_look_again_keeps_the_slot(after: str) -> None:
    assert slot(f"{SLOT}. {after}")


@pytest.mark.parametrize(
    "after",
    [
        "~~Green Fork at 17:30~~ Umi Sushi Bar at 18:00",
        "~~Green Fork at 17:30~~",
        "Let me know if you want a backup option: Umi Sushi Bar at 18:00.",
        "I'd suggest arriving early; or go to Marigold at 18:00.",
        "Green Fork fills up by 18:30, so Umi Sushi Bar at 18:00 is a fine plan too.",
        "Green Fork at 17:30 and 18:00 both work.",
        "Either works.",
    ],
)
def test_advice_and_offers_beside_a_real_second_plan_still_fail(after: str) -> None:
    assert not dining(f"{written(PLAN, True)}\n\n{after}")
