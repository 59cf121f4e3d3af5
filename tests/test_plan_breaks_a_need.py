"""An answer that says its own plan's restaurant breaks a need of the group fails
(``plan_for_part_of_group``), in any of the ways an answer says it: the diet, an allergy, the
spice, the budget or the distance of a guest of the group ("Green Fork has nothing vegetarian",
"Everything at Green Fork has dairy", "Green Fork's food is too spicy", "It's over budget",
"Green Fork is 5 km from Mei", farther than her 4 km),
before or after the plan (:mod:`domains.dining.needs_broken`).

Honest answers still pass: a need no guest holds ("Green Fork has nothing vegan" to a group
with a vegetarian and no vegan: a vegetarian eats vegetarian dishes that are not vegan),
another restaurant ("Umi is over budget, so I chose Green Fork"), the need denied or met
("Green Fork isn't over budget", "Green Fork is peanut-free"), a question, a condition, a
hedge ("Green Fork might be a bit over budget").

Every pattern of the reading table is tried only when the answer holds one of its cue words:
the cue property draws texts from each pattern and holds the cues to them.
"""

from __future__ import annotations

import re
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers.results import AnswerProblem, Verdict
from checkers.text import fold
from checkers.transcript import Transcript
from domains.dining import judge as dining_judge
from domains.dining import needs_broken
from domains.dining.judge import _not_for_everyone, judge_everyone_ate
from domains.dining.scenarios import DINING

STORY = DINING.load_scenario("story-six")
"""Ana vegetarian, spice <= 2; Björn dairy allergy; José 17:30-21:00, spice <= 3; Zoë budget 40,
spice <= 1; Mei within 4 km, shellfish allergy; Raj pescatarian, peanut allergy. Green Fork
(r03) at 17:30 serves all six; Umi Sushi Bar (r06) at 18:00 too."""
PLAN = '```json\n{"restaurant": "r03", "time": "17:30"}\n```'


def _judged(text: str) -> Verdict:
    return judge_everyone_ate(STORY, Transcript(final_text=text), 1.0)


def _left_out(text: str) -> AnswerProblem | None:
    """What the reader of a plan for part of the group finds in ``text`` beside the plan (the
    final word's own readings apart: after the plan, it reads "Everything at Umi Sushi Bar has
    dairy." as another plan offered, ``several_plans``)."""
    folded = fold(text).casefold()
    return _not_for_everyone({"restaurant": "r03", "time": "17:30"}, folded, STORY)


def _codes(verdict: Verdict) -> set[str]:
    return {p.code for p in verdict.problems}


def _capital(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]


NAMED_SUBJECTS = ["Green Fork", "Green Fork (r03)", "r03", "this restaurant", "this place"]
"""The plan's restaurant as the subject, before or after the plan."""
BACK_SUBJECTS = ["it", "the restaurant", "the place", "this place"]
"""Words for the restaurant named just before: said right after the plan names Green Fork."""

BROKEN = [
    # diet (Ana vegetarian, Raj pescatarian)
    "{S} doesn't have anything vegetarian.",
    "there's nothing vegetarian at {S}.",
    "{S} has no vegetarian mains.",
    "{S} has no pescatarian options.",
    "{S} isn't vegetarian-friendly.",
    "{S} has nothing vegetarian for Ana.",
    "{S} has no options for Ana.",
    "nothing at {S} is vegetarian.",
    "{S} doesn't offer any vegetarian dishes.",
    "{S} probably has nothing vegetarian.",
    "{S} sadly has no vegetarian mains.",
    "everything at {S} has meat.",
    # allergies (Björn dairy, Mei shellfish, Raj peanut)
    "{S} has nothing dairy-free.",
    "{S} can't do dairy-free.",
    "everything at {S} has dairy.",
    "{S} cooks everything with peanuts.",
    "{S} can't guarantee a peanut-free meal.",
    "{S} is not safe for Björn's dairy allergy.",
    "{S} isn't safe for Raj.",
    "every dish at {S} contains shellfish.",
    "{S} has no shellfish-free options.",
    # spice (Zoë <= 1, Ana <= 2, José <= 3)
    "{S}'s food is too spicy.",
    "{S}'s dishes are all too spicy for Zoë.",
    "{S} is too spicy for Zoë.",
    "{S} has nothing mild.",
    # budget (Zoë 40)
    "{S} is over our budget.",
    "{S} is a bit over budget.",
    "{S} exceeds the budget.",
    "{S} costs more than $40 a head.",
    "{S} is pricier than Zoë wants.",
    "{S} is out of our price range.",
    "{S} isn't within budget.",
    "{S} is over the spending limit.",  # no cue of the frame held it (found by its property)
    # distance (Mei 4 km)
    "{S} is outside our distance limit.",
    "{S} is 5 km from Mei.",
    "{S} is about 5 km away.",
    "{S} is more than 4 km from Mei.",
    "{S} is over 3 miles away.",
]
"""Words saying the subject ``{S}`` breaks a need one guest of story-six holds."""

HONEST = [
    "Green Fork has nothing vegan.",  # no guest is vegan: vegetarian dishes serve Ana
    "Green Fork has no halal options.",
    "Umi is over budget, so I chose Green Fork.",
    "Umi Sushi Bar has nothing vegetarian.",
    "Umi Sushi Bar's food is too spicy for Zoë, so I chose Green Fork.",
    "Green Fork isn't over budget.",
    "Green Fork is not over our budget.",
    "Green Fork has plenty of vegetarian dishes.",
    "Green Fork has no shortage of vegetarian dishes.",
    "Green Fork is not too spicy.",
    "Nothing at Green Fork has peanuts.",
    "Green Fork is peanut-free.",
    "Everything at Green Fork is dairy-free.",
    "Everything at Green Fork has dairy-free options.",
    "Green Fork has no dairy.",
    "Green Fork has no vegetarian surcharge.",
    "Green Fork has no dairy-free desserts, but the mains are fine.",
    "If Green Fork is over budget, let me know.",
    "Is Green Fork over budget?",
    "Green Fork might be a bit over budget for some.",
    "Green Fork is cheaper than Umi and costs less than $40 a head.",
    "Green Fork costs more than $20 a head but under $40.",
    "Green Fork is pricier than Umi.",
    "Green Fork is well within budget.",
    "Green Fork isn't too spicy for Zoë: the salad is mild.",
    "Green Fork doesn't have anything non-vegetarian.",
    "Green Fork has vegetarian, dairy-free and mild dishes, all under budget.",
    "Ember  &  Oak is not an option:  it has no vegetarian dish.",  # spaced: no part found
    "They have nothing vegetarian at Umi Sushi Bar, so Green Fork it is.",
    "Zoë's budget is $40, and Green Fork costs more than $30 a head.",
    "Green Fork is 3 km away.",
    "Green Fork is about 4 km away, within Mei's limit.",
    "Green Fork is 5 km from Ana.",  # Ana holds no distance limit
    "Green Fork is 5 km from the station.",
    "Green Fork is 800 metres away.",
    "No vegetarian goes hungry there.",
    "Green Fork: no vegan dishes there, but plenty of vegetarian ones.",  # no guest is vegan
]
"""Honest words beside the plan: each passes with it, before or after."""


@settings(max_examples=120, deadline=None)
@given(
    st.sampled_from(BROKEN),
    st.sampled_from(NAMED_SUBJECTS),
    st.booleans(),
)
def test_the_plans_restaurant_said_to_break_a_need_fails(
    words: str, subject: str, after: bool
) -> None:
    said = _capital(words.replace("{S}", subject))
    text = f"{PLAN}\n\n{said}" if after else f"{said}\n\n{PLAN}"
    verdict = _judged(text)
    assert not verdict.passed, text
    assert _codes(verdict) & {"plan_for_part_of_group", "plan_negated"}, (text, verdict.problems)


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from(BROKEN),
    st.sampled_from(BACK_SUBJECTS),
    st.sampled_from(["", "I chose Green Fork. "]),
)
def test_a_word_for_the_restaurant_named_just_before_breaking_a_need_fails(
    words: str, subject: str, lead: str
) -> None:
    said = _capital(words.replace("{S}", subject))
    text = f"{PLAN}\n\n{lead}{said}"
    verdict = _judged(text)
    assert not verdict.passed, text
    assert _codes(verdict) & {"plan_for_part_of_group", "plan_negated"}, (text, verdict.problems)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(BROKEN), st.sampled_from(["Umi Sushi Bar", "r06"]))
def test_another_restaurant_said_to_break_a_need_passes(words: str, other: str) -> None:
    """Before the plan, and by this reader after it (where the final word reads some of these
    as another plan offered: ``several_plans``, its own reading)."""
    said = _capital(words.replace("{S}", other))
    assert _judged(f"{said}\n\n{PLAN}").passed, said
    assert _left_out(f"{PLAN}\n\n{said}") is None, said


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(BROKEN), st.sampled_from(BACK_SUBJECTS[:3]))
def test_a_word_for_another_restaurant_named_just_before_passes(words: str, subject: str) -> None:
    said = words.replace("{S}", subject)
    text = f"{PLAN}\n\nI considered Umi Sushi Bar at 18:00, but {said}"
    assert _left_out(text) is None, text
    text = f"I considered Umi Sushi Bar at 18:00, but {said} I chose Green Fork.\n\n{PLAN}"
    assert _left_out(text) is None, text


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from(BROKEN),
    st.sampled_from(["If ", "Let me know if ", "In case "]),
    st.sampled_from(NAMED_SUBJECTS[:2]),
)
def test_a_need_broken_only_in_a_case_considered_passes(
    words: str, condition: str, subject: str
) -> None:
    said = words.replace("{S}", subject).rstrip(".")
    text = f"{PLAN}\n\n{condition}{said}, tell me and I'll look again."
    verdict = _judged(text)
    assert verdict.passed, (text, verdict.problems)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(BROKEN), st.sampled_from(NAMED_SUBJECTS[:2]))
def test_a_need_broken_in_a_question_passes(words: str, subject: str) -> None:
    said = _capital(words.replace("{S}", subject)).rstrip(".") + "?"
    verdict = _judged(f"{PLAN}\n\n{said}")
    assert verdict.passed, (said, verdict.problems)


@pytest.mark.parametrize(
    "note",
    [
        "Green Fork (r03) at 17:30: nothing vegetarian there, sadly.",
        "Note: no vegetarian options at Green Fork.",
        "Green Fork - nothing dairy-free there.",
        "One catch. Nothing vegetarian on the menu at Green Fork.",
    ],
)
@pytest.mark.parametrize("after", [True, False])
def test_a_note_without_a_verb_saying_the_plan_lacks_a_need_fails(note: str, after: bool) -> None:
    """A clause opening on "nothing" or "no" says it as a sentence with a verb does."""
    text = f"{PLAN}\n\n{note}" if after else f"{note}\n\n{PLAN}"
    verdict = _judged(text)
    assert not verdict.passed, text
    assert _codes(verdict) & {"plan_for_part_of_group"}, (text, verdict.problems)


@pytest.mark.parametrize("words", HONEST)
@pytest.mark.parametrize("after", [True, False])
def test_honest_words_beside_the_plan_pass(words: str, after: bool) -> None:
    text = f"{PLAN}\n\n{words}" if after else f"{words}\n\n{PLAN}"
    verdict = _judged(text)
    assert verdict.passed, (text, verdict.problems)


@pytest.mark.parametrize(
    "words",
    [
        "{S} doesn't have anything vegetarian.",
        "{S} has nothing dairy-free.",
        "{S} is over our budget.",
        "{S}'s food is too spicy.",
    ],
)
def test_a_need_said_of_the_plan_in_another_sentence_names_the_words(words: str) -> None:
    verdict = _judged(f"{PLAN}\n\n{_capital(words.replace('{S}', 'Green Fork'))}")
    (problem,) = verdict.problems
    assert problem.code == "plan_for_part_of_group"
    assert re.search(r"green fork", problem.message, re.I), problem.message


# --- every pattern of the reading table is tried only where its words stand --------------------

SCENARIOS = st.sampled_from(DINING.scenario_ids())
OWN = "green fork|r03|17:30"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), index=st.integers(0, len(needs_broken._FRAMES) - 1), scenario=SCENARIOS)
def test_every_text_a_frame_matches_holds_its_cues_and_need_words(
    data: st.DataObject, index: int, scenario: str
) -> None:
    """A text a frame matches holds one of its cues and, for a frame of the needs' words, one
    of those: :func:`~domains.dining.needs_broken.said_broken` skips a frame otherwise, and a
    skipped match would be a false pass."""
    loaded = DINING.load_scenario(scenario)
    needs = needs_broken.needs_of(loaded)
    names = "|".join(dining_judge._guest_alternatives(loaded) or ())
    frame = needs_broken._FRAMES[index]
    gated = needs_broken._compiled((index,), needs, names or None, OWN)
    # Drawn without the word-start gate (its look-behind leaves hypothesis few texts): the
    # matches without it hold the matches with it.
    pattern = re.compile(gated.pattern.removeprefix(needs_broken._WORD_START))
    text = data.draw(st.from_regex(pattern)).casefold()
    match = pattern.search(text)
    if match is not None:
        assert any(cue in match.group() for cue in frame.cues), (index, text)
        words = needs_broken.need_words(frame, needs)
        assert not words or any(word in match.group() for word in words), (index, text)


_CHUNKS = st.one_of(
    st.sampled_from(
        ["green fork", "umi sushi bar", "it", "it's", "the restaurant", "there", "there's", "is",
         "has", "no", "nothing", "not", "isn't", "doesn't", "have", "anything", "vegetarian",
         "vegan", "dairy-free", "dairy", "peanuts", "mild", "over", "budget", "our", "too",
         "spicy", "for", "zoë", "ana", "at", "everything", "costs", "more than", "$40", "a head",
         "safe", "friendly", "outside", "distance", "limit", "if", "options", "menu", "'s",
         "food", "pricier", "than", "wants"]
    ),
    st.sampled_from([w.casefold() for w in BROKEN + HONEST]),
)  # fmt: skip
_TEXTS = st.lists(st.tuples(_CHUNKS, st.sampled_from([" ", ". ", ", ", "\n", "? "])), max_size=20)


@settings(max_examples=200, deadline=None)
@given(_TEXTS, SCENARIOS)
def test_said_broken_with_its_shortcuts_is_read_the_long_way(
    said: list[tuple[str, str]], scenario: str
) -> None:
    """The cue and need-word shortcuts of the reader change nothing it finds."""
    text = "".join(word + separator for word, separator in said)
    loaded = DINING.load_scenario(scenario)
    needs = needs_broken.needs_of(loaded)
    names = "|".join(dining_judge._guest_alternatives(loaded) or ()) or None
    fast = needs_broken.said_broken(text, needs, names, lambda: OWN)
    with mock.patch.object(needs_broken, "holds_any", lambda text, words: True):
        slow = needs_broken.said_broken(text, needs, names, lambda: OWN)
    assert [(b.match.span(), b.back) for b in fast] == [(b.match.span(), b.back) for b in slow]


def test_a_diet_word_breaks_the_diets_it_leaves_nothing_for() -> None:
    """A diet word breaks the diets it leaves nothing for: "nothing vegetarian" leaves a vegan
    or a vegetarian nothing, not a pescatarian; "nothing vegan" leaves a vegetarian the
    vegetarian dishes (the diet order of the models)."""
    needs = needs_broken.needs_of(STORY)  # Ana vegetarian, Raj pescatarian
    assert {"vegetarian", "pescatarian"} <= set(needs.suitable)
    assert "vegan" not in needs.suitable
    assert {"dairy-free", "peanut-free", "shellfish-free", "mild"} <= set(needs.suitable)
    assert needs.budget == 40 and needs.spice and needs.distance
