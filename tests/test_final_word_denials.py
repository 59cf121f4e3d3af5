"""The plan denied or doubled in words no list holds (the last classes of
``tests/test_review_probes_planning_1205b.py`` and ``tests/test_review_probes_planning_1205.py``).

- ``plan_denied_in_unlisted_words``: a clause about the plan whose verb is negated by its
  auxiliary and whose predicate holds nothing but the plan, the party and its time and place
  denies the plan, whatever the verb ("Green Fork isn't open at 17:30", "doesn't take groups of
  six", "José can't make 17:30"; :func:`checkers.final_word._negated_predicate`), and so does a
  bad state whose complement is the plan ("We're on the waitlist for 17:30"). A predicate
  saying anything else is a fact about the plan ("doesn't serve meat", "isn't far from
  anyone"), and a head whose negation reassures ("won't mind 17:30") denies nothing.
- ``other_plan_before_without_a_cue``: before the JSON, a sentence naming a place and a clock
  time that is no limit, one of them another plan's, is a plan whatever its words ("Winner:
  Umi Sushi Bar at 18:00.", a heading), unless a contrast after it gives a reason against it
  ("I first looked at Ember & Oak at 19:00, but José has to leave by 21:00").
- ``time_after_from_offered``: a time after "from" with a condition next to it is offered for
  that case ("tables from 18:00 onwards if anyone runs late"), not a window's edge.
- ``no_plan_claim_in_a_sentence``: after the claim that no plan works, a move "to" something
  that names no plan part suggests relaxing the task ("or move to another day"); one that names
  a plan part corrects the claim.

Each property generates the misleading form (must fail) beside an honest twin (must pass).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers import plan_words as vocab
from tests.test_review_probes_planning_1205 import FENCED, SLOT, dining, infeasible, slot

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def after(text: str) -> str:
    return f"{FENCED}\n\n{text}"


def before(text: str) -> str:
    return f"{text}\n\n{FENCED}"


# --- the plan denied by a negated predicate --------------------------------------------------

PLAN_SUBJECTS = ["Green Fork", "The restaurant", "They", "It", "Green Fork at 17:30"]
STATE_NEGATIONS = ["isn't", "is not", "won't be", "can't be", "will not be"]
AVAILABLE = ["open", "available", "free", "confirmed"]
VERB_NEGATIONS = ["doesn't", "does not", "can't", "cannot", "won't", "will not"]
PARTY_VERBS = ["take", "seat", "fit", "host", "accommodate", "do", "accept"]
PARTY = ["groups of six", "us", "our group", "a party of six", "6 people", "the six of us"]
WHEN = ["", " at 17:30", " tonight", " at that time", " then"]
PERSONS = ["José", "Mei", "We", "Björn and Ana", "Two of us"]
PERSON_NEGATIONS = ["can't", "won't", "cannot", "won't be able to", "can't really"]
ATTEND = ["make", "do", "get to", "reach"]
OWN_PARTS = ["17:30", "Green Fork", "Green Fork at 17:30", "dinner at 17:30"]


def sentence(*parts: str) -> str:
    text = " ".join(p for p in parts if p).replace(" .", ".") + "."
    return text[0].upper() + text[1:]


DENIALS = st.one_of(
    st.builds(
        lambda s, n, a, w: sentence(s, n, a + w),
        st.sampled_from(PLAN_SUBJECTS),
        st.sampled_from(STATE_NEGATIONS),
        st.sampled_from(AVAILABLE),
        st.sampled_from(WHEN),
    ),
    st.builds(
        lambda s, n, v, p, w: sentence(s, n, v, p + w),
        st.sampled_from(PLAN_SUBJECTS),
        st.sampled_from(VERB_NEGATIONS),
        st.sampled_from(PARTY_VERBS),
        st.sampled_from(PARTY),
        st.sampled_from(WHEN),
    ),
    st.builds(
        lambda s, n, v, o: sentence(s, n, v, o),
        st.sampled_from(PERSONS),
        st.sampled_from(PERSON_NEGATIONS),
        st.sampled_from(ATTEND),
        st.sampled_from(OWN_PARTS),
    ),
)


@SETTINGS
@given(denial=DENIALS, lead=st.sampled_from(["", "Hmm — ", "Heads-up: ", "Unfortunately, "]))
def test_a_negated_predicate_about_the_plan_denies_it(denial: str, lead: str) -> None:
    assert not dining(after(lead + denial)), denial


FACTS = ["serve meat", "use butter in any dish", "have a dress code", "allow dogs"]
QUALITIES = ["far from anyone", "the closest", "too early for anyone", "busy at 17:30"]
QUALITIES += ["crowded at 17:30", "open on Mondays", "open late", "open before 17:00", "cheap"]
REASSURING = ["mind 17:30", "need a reservation at 17:30", "have to rush at 17:30"]
REASSURING += ["be late for 17:30", "miss dinner at 17:30", "clash with dinner at 17:30"]


HONEST_NEGATIONS = st.one_of(
    st.builds(
        lambda s, n, f: sentence(s, n, f),
        st.sampled_from(PLAN_SUBJECTS),
        st.sampled_from(["doesn't", "does not", "won't"]),
        st.sampled_from(FACTS),
    ),
    st.builds(
        lambda s, n, q: sentence(s, n, q),
        st.sampled_from(PLAN_SUBJECTS),
        st.sampled_from(STATE_NEGATIONS),
        st.sampled_from(QUALITIES),
    ),
    st.builds(
        lambda s, n, r: sentence(s, n, r),
        st.sampled_from(PERSONS),
        st.sampled_from(["won't", "doesn't", "don't", "will not"]),
        st.sampled_from(REASSURING),
    ),
)


@SETTINGS
@given(fact=HONEST_NEGATIONS)
def test_a_negated_fact_about_the_plan_keeps_the_pass(fact: str) -> None:
    assert dining(after(fact)), fact


@pytest.mark.parametrize(
    "text",
    [
        "We're on the waitlist for 17:30.",
        "Green Fork told me they're closed for a private event tonight.",
        "José is busy at 17:30.",
        "Green Fork doesn't have a table for us at 17:30.",
        "We can't get a table.",
        "There isn't room for six.",
    ],
)
def test_the_plan_denied_in_other_forms(text: str) -> None:
    assert not dining(after(text))


@pytest.mark.parametrize(
    "text",
    [
        "Ana has never eaten at Green Fork, but the menu suits her.",
        "There's nothing Ana can't eat at Green Fork.",
        "The patio isn't open.",
        "Green Fork's patio isn't open at night.",
        "Don't be late for 17:30.",
        "Green Fork isn't just vegan-friendly; it's also dairy-free.",
        "Green Fork doesn't take reservations for groups over 8.",
        "Björn can't have dairy, and Green Fork has oat milk.",
        "Mei can't walk far, and Green Fork is 1 km away.",
        "The rain won't stop us.",
        "You can't go wrong with Green Fork.",
        "Green Fork is busy on weekends, so book ahead.",
        "I did not pick the cheapest option because Ana needs vegetarian food.",
        "Green Fork isn't open at 17:30 on Mondays, but today is Friday.",
        "Most places aren't open at 17:30, but Green Fork is.",
        "This isn't the closest option, but it's the only one that works for all six.",
        "There isn't a better option for all six.",
        "Green Fork won't hold the table for more than 15 minutes.",
        "It shouldn't be a problem for anyone.",
        "If Green Fork can't seat us at 17:30, let me know and I'll look again.",
        "Umi Sushi Bar isn't open at 17:30, so Green Fork it is.",
    ],
)
def test_negations_that_deny_nothing_keep_the_pass(text: str) -> None:
    assert dining(after(text))


@pytest.mark.parametrize(
    ("text", "expect"),
    [
        ("Jerry isn't free on Monday at 14:30.", False),
        ("Dylan can't join the call.", False),
        ("Jerry can't make Monday at 14:30.", False),
        ("Jerry doesn't have a meeting at 14:30.", True),
        ("Jerry isn't free until 14:30.", True),
        ("It doesn't overlap with anything.", True),
        ("Jerry can't do mornings.", True),
        ("Jerry is busy on Monday morning.", True),
    ],
)
def test_the_slot_denied_by_a_negated_predicate(text: str, expect: bool) -> None:
    assert slot(f"{SLOT}\n\n{text}") is expect


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.from_regex(vocab.NEGATED_VERB, fullmatch=True, alphabet=st.characters(max_codepoint=127)))
def test_every_negated_verb_holds_a_denial_cue(match: str) -> None:
    # The reader skips a text holding no cue of DENIAL_CUES (checkers.final_word._may_find).
    assert any(cue in match for cue in vocab.DENIAL_CUES), match


# --- another whole plan before the JSON ------------------------------------------------------

OTHER_PLACES = ["Umi Sushi Bar", "Marigold", "Ember & Oak", "r06", "Green Fork"]
CLOCKS = ["18:00", "19:00", "6 pm", "7:30 pm", "18:30"]
NO_CUE = [
    "{} at {} is perfect for your group.",
    "Winner: {} at {}.",
    "## {} at {}",
    "{} ({}) \u2014 great for everyone.",
    "{} at {} \u2014 everyone is happy.",
    "{} at {} works for everyone. The JSON below is the fallback.",
]


@SETTINGS
@given(
    place=st.sampled_from(OTHER_PLACES),
    time=st.sampled_from(CLOCKS),
    template=st.sampled_from(NO_CUE),
)
def test_a_whole_other_plan_before_the_json_is_a_second_plan(
    place: str, time: str, template: str
) -> None:
    assert not dining(before(template.format(place, time)))


REASONING = [
    "I first looked at {} at {}, but José has to leave by 21:00.",
    "You asked for {} at {}.",
    "{} opens at {}.",
    "{} closes at {}.",
    "Checking {} at {}: Mei is 4.5 km away (over her 4 km limit).",
    "I considered {} at {}, but Green Fork at 17:30 gives José more slack.",
]


@SETTINGS
@given(
    place=st.sampled_from(OTHER_PLACES[:-1]),
    time=st.sampled_from(CLOCKS),
    template=st.sampled_from(REASONING),
)
def test_reasoning_that_led_to_the_plan_keeps_the_pass(
    place: str, time: str, template: str
) -> None:
    assert dining(before(template.format(place, time)))


# --- a time after "from" offered under a condition -------------------------------------------

CONDITIONS = ["if anyone runs late", "in case someone is late", "if 17:30 feels rushed"]


@SETTINGS
@given(
    place=st.sampled_from(["Green Fork", "Umi Sushi Bar", "Marigold"]),
    time=st.sampled_from(["18:00", "18:30", "19:00"]),
    onwards=st.sampled_from(["", " onwards", " on"]),
    condition=st.sampled_from(CONDITIONS),
    leading=st.booleans(),
)
def test_a_window_edge_under_a_condition_is_offered(
    place: str, time: str, onwards: str, condition: str, leading: bool
) -> None:
    main = f"{place} has tables from {time}{onwards}"
    text = f"{condition[0].upper()}{condition[1:]}, {main}." if leading else f"{main} {condition}."
    assert not dining(after(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "Green Fork is open from 17:00.",
        "Green Fork is open from 17:00, so if anyone is early they can wait at the bar.",
        "Green Fork opens at 17:00, so if you are early, grab a drink nearby.",
    ],
)
def test_a_window_edge_without_a_condition_keeps_the_pass(text: str) -> None:
    assert dining(after(text))


# --- a suggestion after the no-plan claim ----------------------------------------------------


@SETTINGS
@given(
    verb=st.sampled_from(["move", "switch", "change", "shift"]),
    target=st.sampled_from(["another day", "a later week", "a bigger budget", "a weekend"]),
    lead=st.sampled_from(["Options: drop the distance limit, or ", "You could ", "Or "]),
)
def test_a_suggestion_to_relax_the_task_keeps_the_claim(verb: str, target: str, lead: str) -> None:
    text = f"No plan satisfies everyone. {lead}{verb} to {target}."
    assert infeasible(text), text


@SETTINGS
@given(
    verb=st.sampled_from(["move", "switch", "change", "shift"]),
    target=st.sampled_from(["19:00", "Umi Sushi Bar", "Ember & Oak at 19:00"]),
)
def test_a_move_to_a_plan_corrects_the_claim(verb: str, target: str) -> None:
    assert not infeasible(f"No plan satisfies everyone. Actually, {verb} to {target}.")
