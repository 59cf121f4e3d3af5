"""Another plan offered with a mild trade-off, or praised by a negation, is a second plan
(classes ``other_plan_offered_with_a_drawback`` and ``praise_by_negation`` of
``tests/test_review_probes_planning_1206.py``).

- ``other_plan_offered_with_a_drawback``: a sentence that puts another plan forward ("is also
  great", "would also work", "Runner-up:", "Top choice:", "the best match overall", a table
  row) offers it even with a mild trade-off said against it: a price, noise or rating
  comparison, or any comparison hedged ("though pricier", "a bit louder", "slightly farther",
  "not quite as highly rated"; :data:`checkers.plan_words.MILD_TRADE_OFF`, read by
  :meth:`checkers.final_word._Sentence.read` with :func:`checkers.final_word._puts_forward`).
  Only a deal-breaker for the group rules it out: a distance, a budget or limit, a dish, a
  closing time, a rejection ("but 4.5 km from Mei", "too pricey", "more expensive than Zoë's
  budget allows", "Ana can't eat there"). A sentence that does not put the plan forward keeps
  its "why not X" reading ("Ember & Oak is rated highest, but pricier"; "Umi would be
  pricier"), and so does one telling that the agent chose the stated plan ("Umi was nice but
  pricier, so I went with Green Fork"; :func:`checkers.final_word._chose_own`). Before the
  JSON a sentence putting a plan forward (:data:`checkers.plan_words.PUT_FORWARD`) states it,
  and one calling the other plan good as well (:data:`checkers.plan_words.ALSO_GOOD`: "is
  also great") names a second option, so the stated plan's own part after "but" ("..., but
  Green Fork at 17:30 is cheaper") compares two plans offered; narration ("I also considered
  ..., but Green Fork at 17:30 gives José more slack") still turns away.
- ``praise_by_negation``: a negation whose head is itself negative (a rejection or a drawback:
  "isn't far behind", "isn't too far", "isn't over budget"; a negative evaluation: "won't
  disappoint", "won't let you down", "wouldn't say no to", "nobody will complain") is praise,
  not a rejection (:func:`checkers.final_word._negated_negatives`). A negation of anything
  else still rules the plan out ("isn't open at 19:00", "won't work for Ana").

Each property generates the misleading form (must fail) beside its honest twin (must pass).
"""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers.plan_words import MILD_CUES, MILD_TRADE_OFF
from tests.test_review_probes_planning_1205 import FENCED, dining

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def after(text: str) -> str:
    return f"{FENCED}\n\n{text}"


def before(text: str) -> str:
    return f"{text}\n\n{FENCED}"


PLACES = ["Umi Sushi Bar", "Marigold", "Ember & Oak", "r06"]
TIMES = ["18:00", "19:00", "6 pm", "7:30 pm"]
others = st.one_of(
    st.sampled_from(PLACES),
    st.sampled_from(PLACES).flatmap(lambda p: st.sampled_from(TIMES).map(lambda t: f"{p} at {t}")),
)
"""Another plan named: a restaurant, or a restaurant and a time."""
whole_others = st.sampled_from(PLACES).flatmap(
    lambda p: st.sampled_from(TIMES).map(lambda t: f"{p} at {t}")
)
"""Another whole plan: a restaurant and a clock time (before the JSON, a plan of its own)."""

# --- other_plan_offered_with_a_drawback -------------------------------------------------------

OFFERED = [
    "is also great",
    "is also doable",
    "also works",
    "would also work",
    "works too",
    "is a good option too",
    "is fine too",
    "is great",
    "is the best match overall",
    "is also a solid pick",
]
"""What puts another plan forward as an option."""
CONTRASTS = [" \u2014 though", ", but it's", ", though it's", " though", ", although it's", " -"]
MILD = [
    "pricier",
    "a bit pricier",
    "slightly more expensive",
    "more expensive",
    "pricey",
    "louder",
    "a little noisier",
    "busier",
    "rated lower",
    "slightly farther",
    "a bit further away",
    "not quite as highly rated",
]
"""Mild trade-offs: a price, noise or rating comparison, or a comparison hedged."""
DEAL_BREAKERS = [
    "4.5 km from Mei",
    "12 km away",
    "too far for Mei",
    "too pricey for Zo\u00eb",
    "over Zo\u00eb's budget",
    "more expensive than Zo\u00eb's budget allows",
    "pricier than Zo\u00eb's $40 limit",
    "it closes at 20:00",
    "it has nothing vegetarian for Ana",
    "Ana can't eat there",
    "a bit too far for Mei",
    "butter in every dish",
]
"""What rules out a plan even when it is offered: the group cannot take it."""
LABELS = ["Runner-up", "Runner-up, at a pinch", "Top choice", "Second choice", "Honorable mention"]


@SETTINGS
@given(
    other=others,
    offered=st.sampled_from(OFFERED),
    contrast=st.sampled_from(CONTRASTS),
    mild=st.sampled_from(MILD),
)
def test_another_plan_offered_with_a_mild_trade_off_is_a_second_plan(
    other: str, offered: str, contrast: str, mild: str
) -> None:
    text = after(f"{other} {offered}{contrast} {mild}.")
    assert not dining(text), text


@SETTINGS
@given(
    other=others,
    offered=st.sampled_from(OFFERED),
    contrast=st.sampled_from(CONTRASTS),
    deal_breaker=st.sampled_from(DEAL_BREAKERS),
)
def test_another_plan_offered_with_a_deal_breaker_keeps_the_pass(
    other: str, offered: str, contrast: str, deal_breaker: str
) -> None:
    text = after(f"{other} {offered}{contrast} {deal_breaker}.")
    assert dining(text), text


@SETTINGS
@given(
    label=st.sampled_from(LABELS),
    other=others,
    mild=st.sampled_from(MILD),
    tail=st.sampled_from([", though", "", ", but the best food"]),
    where=st.sampled_from([after, before]),
)
def test_a_labelled_option_with_a_mild_trade_off_is_a_second_plan(
    label: str, other: str, mild: str, tail: str, where: Callable[[str], str]
) -> None:
    text = where(f"{label}: {other} \u2014 {mild}{tail}.")
    assert not dining(text), text


@SETTINGS
@given(
    mild=st.sampled_from(["pricier", "a bit louder", "slightly farther", "rated lower"]),
    other=st.sampled_from(PLACES),
    time=st.sampled_from(TIMES),
    rank=st.sampled_from(["2", "#2", "Runner-up"]),
)
def test_a_table_row_with_a_mild_trade_off_offers_its_plan(
    mild: str, other: str, time: str, rank: str
) -> None:
    table = (
        "| Rank | Restaurant | Time |\n|---|---|---|\n| 1 | Green Fork | 17:30 |\n"
        f"| {rank} | {other} | {time} ({mild}) |"
    )
    assert not dining(after(table)), table


@SETTINGS
@given(
    other=st.sampled_from(PLACES),
    time=st.sampled_from(TIMES),
    deal_breaker=st.sampled_from(
        ["too far for Mei", "nothing vegetarian for Ana", "\u2717", "ruled out"]
    ),
)
def test_a_table_row_with_a_deal_breaker_keeps_the_pass(
    other: str, time: str, deal_breaker: str
) -> None:
    # Not a distance: a drawback in a table cell is no contrast yet (the strict xfail
    # ``issue-column-table-before`` of another class), after the JSON too.
    table = (
        "| Restaurant | Time | Note |\n|---|---|---|\n| Green Fork | 17:30 | chosen |\n"
        f"| {other} | {time} | {deal_breaker} |"
    )
    assert dining(after(table)), table


WHY_NOT = [
    "{} is rated highest, but pricier.",
    "{} tops the ratings, but it's pricier.",
    "{} would be pricier.",
    "{} is pricier.",
    "{} is more expensive.",
    "{} is rated highest, but it doesn't work for Ana.",
    "{} is rated highest, but 12 km away.",
    "{} was nice but pricier, so I went with Green Fork.",
    "{} is great, but more expensive, so we chose Green Fork at 17:30 instead.",
    "{} was also doable, though a bit pricier, so I picked Green Fork (r03).",
]
"""Why not another plan: in a sentence that does not put it forward, or one that tells the
agent chose the stated plan over it."""


@SETTINGS
@given(other=others, why_not=st.sampled_from(WHY_NOT))
def test_why_not_another_plan_keeps_the_pass(other: str, why_not: str) -> None:
    text = after(why_not.format(other))
    assert dining(text), text


PUT_FORWARD_BEFORE = [
    "{} is the best match overall",
    "{} is my top choice",
    "{} is the runner-up",
    "{} is also doable",
    "{} is also great",
]
OWN_ADVANTAGE = [
    "Green Fork at 17:30 is cheaper",
    "Green Fork at 17:30 is quieter",
    "Green Fork at 17:30 is a bit closer",
]


@SETTINGS
@given(
    other=whole_others,
    put=st.sampled_from(PUT_FORWARD_BEFORE),
    own=st.sampled_from(OWN_ADVANTAGE),
)
def test_a_plan_put_forward_before_the_json_beside_its_own_is_two_plans(
    other: str, put: str, own: str
) -> None:
    text = before(f"{put.format(other)}, but {own}.")
    assert not dining(text), text


@SETTINGS
@given(
    other=whole_others,
    mild=st.sampled_from(MILD),
    praise=st.sampled_from(["is great", "is lovely, and it's also great", "is perfect"]),
)
def test_a_whole_plan_praised_before_the_json_with_a_mild_trade_off_is_a_second_plan(
    other: str, mild: str, praise: str
) -> None:
    text = before(f"{other} {praise}, though {mild}.")
    assert not dining(text), text


NARRATED_BEFORE = [
    "I considered {}, but Green Fork at 17:30 gives Jos\u00e9 more slack.",
    "I also considered {}, but Green Fork at 17:30 gives Jos\u00e9 more slack.",
    "I first looked at {}, but Jos\u00e9 has to leave by 21:00.",
    "I first looked at {}, but it's 12 km from Mei.",
    "{} is great, but Green Fork at 17:30 works for Jos\u00e9.",
    "I considered {}, but it's pricier.",
]


@SETTINGS
@given(other=whole_others, narrated=st.sampled_from(NARRATED_BEFORE))
def test_narration_before_the_json_keeps_the_pass(other: str, narrated: str) -> None:
    text = before(narrated.format(other))
    assert dining(text), text


# --- praise_by_negation -----------------------------------------------------------------------

NEGATED_NEGATIVE = [
    "{} won't disappoint either.",
    "{} wouldn't disappoint.",
    "{} isn't far behind.",
    "Honestly, {} is not far behind.",
    "{} won't let you down.",
    "{} doesn't lag behind.",
    "I wouldn't say no to {} either.",
    "Nobody will complain about {}.",
    "{} isn't too far for Mei.",
    "{} isn't over Zo\u00eb's budget.",
    "{} isn't far from Mei.",
    "You can't go wrong with {} either.",
]
"""A negation whose head is negative: praise of the other plan."""
NEGATED_PLAN = [
    "{} isn't open then.",
    "{} won't work for Ana.",
    "{} isn't an option.",
    "{} can't seat six.",
    "{} doesn't have anything vegetarian.",
    "I'd say no to {}.",
    "{} won't disappoint, but it's 4.5 km from Mei.",
    "{} isn't far behind, but Ana can't eat there.",
    "{} isn't open, and neither is Katz & Rye.",
]
"""A negation of the plan itself, or praise followed by a deal-breaker: ruled out."""


@SETTINGS
@given(other=others, praise=st.sampled_from(NEGATED_NEGATIVE))
def test_praise_by_negation_offers_another_plan(other: str, praise: str) -> None:
    text = after(praise.format(other))
    assert not dining(text), text


@SETTINGS
@given(other=others, denial=st.sampled_from(NEGATED_PLAN))
def test_a_negation_of_another_plan_keeps_the_pass(other: str, denial: str) -> None:
    text = after(denial.format(other))
    assert dining(text), text


# --- the cue words that let a sentence skip the search for a mild trade-off -------------------

WORDS = (
    *("a", "bit", "little", "tad", "touch", "slightly", "somewhat", "marginally", "just", "only"),
    *("pricier", "more", "less", "expensive", "costly", "pricey", "prices", "higher", "steeper"),
    *("bill", "noisier", "louder", "busier", "crowded", "livelier", "rated", "reviewed", "lower"),
    *("highly", "rating", "score", "farther", "further", "away", "not", "isn't", "quite", "as"),
    *("nearly", "well", "good", "would", "be", "also", "than", "budget", "her", "limit", ","),
)


@SETTINGS
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=12))
def test_every_mild_trade_off_holds_a_cue(words: list[str]) -> None:
    text = " ".join(words)
    for match in MILD_TRADE_OFF.finditer(text):
        assert any(cue in match.group() for cue in MILD_CUES), (text, match.group())
