"""Another language's clause or word inside an English sentence, and short sentences of another
language in words the English list spells too, fail the plan they stand beside; English with
the scenario's names, dishes, diets and loanwords does not.

Found passing by a hostile review (2026-12-07, evening; ``tests/test_review_probes_1207e.py``,
classes ``foreign_clause_in_english`` and ``foreign_words_the_lexicon_holds``): "Also, Raj no
va a poder ir to the dinner.", "Raj is krank today.", "Raj is enfermo tonight." (more English
words than foreign ones, and one word outside the English list), "Raj nu vine.", "Raj nem
jön.", "Mei fällt aus.", "Raj ne dolazi." (words pyspellchecker's English list holds: "nu",
"vine", "aus", "ne"). :func:`checkers.unread_language._code_switched` now reads two words of
other languages side by side, another language's "not" after a name, and a state no English
list holds after a name and a copula; in a sentence a name opens, other languages' words the
English list spells too count as no English. The two properties over every bundled dining
scenario a plan serves in full and every scheduling task were seen failing on the code before.
"""

from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers import unread_language
from checkers.transcript import Transcript
from checkers.unread_language import unread_sentence
from domains.dining.judge import _scenario_names, judge_everyone_ate
from domains.dining.scenarios import DINING
from domains.scheduling.judge import judge_everyone_can_attend
from tests.test_needs_said_broken_anywhere import SERVED_IN_FULL, TASKS
from tests.test_plan_struck_or_without import _dining_plan
from tests.test_roster import beside

STATES = (
    *("krank", "enfermo", "enferma", "malade", "malato", "doente", "ziek", "sjuk", "syg"),
    *("chory", "bolnav", "beteg", "nemocny", "bolestan", "sairas", "cansado", "stanco"),
    *("ocupado", "besetzt", "verhindert", "indisponible", "indisponibile", "occupato"),
)
"""Ill, tired, busy, kept away: in Spanish, German, French, Italian, Portuguese, Dutch, the
Nordic languages, Polish, Romanian, Hungarian, Czech, Croatian, Finnish."""
CLAUSES = (
    "Also, {p} no va a poder ir to the {e}.",
    "{p} no va a venir to the {e}, sorry.",
    "The {e} works, except {p}, qui est malade.",
    "Everyone is in, but {p} ist nicht dabei tonight.",
    "{p} kann nicht come to the {e}.",
    "{p} non può come tonight, sadly.",
    "{p} não vai make it to the {e}.",
    "{p} is {s} today.",
    "{p} is {s} tonight.",
    "{p} is still {s}, so keep that in mind.",
    "{p} will be {s} tonight.",
    "{p} feels a bit {s} today.",
    "Heads up: {p} is {s}.",
)
"""Code-switched: another language's clause or one word of state inside English (``{p}``: a
guest or participant, ``{e}``: the event, ``{s}``: one of :data:`STATES`)."""
SHORT = (
    "{p} nu vine.",
    "{p} nu poate veni.",
    "{p} nu mai vine.",
    "{p} nem jön.",
    "{p} nem tud jönni.",
    "{p} nem ér rá.",
    "{p} fällt aus.",
    "{p} fällt heute aus.",
    "{p} sagt ab.",
    "{p} ne dolazi.",
    "{p} ne može doći.",
    "{p} ne pride.",
    "{p} ei tule.",
    "{p} ei pääse.",
    "{p} nie przyjdzie.",
    "{p} nije tu.",
    "Sorry, {p} nu vine.",
)
"""Not coming, in Romanian, Hungarian, German, Croatian, Slovene, Finnish and Polish, in words
the English list mostly holds ("nu", "vine", "aus", "ne", "pride")."""


def _names(scenario_id: str, task_id: str, dining: bool) -> tuple[str, ...]:
    """The names the domain's answer reader passes to the language reader."""
    if dining:
        return tuple(_scenario_names(DINING.load_scenario(scenario_id)))
    return tuple(p.name for p in TASKS[task_id].participants)


def _people(scenario_id: str, task_id: str, dining: bool) -> list[str]:
    """The guests' or participants' first names."""
    if dining:
        return [g.name.split()[0] for g in DINING.load_scenario(scenario_id).group.guests]
    return [p.name.split()[0] for p in TASKS[task_id].participants]


def _verdict_codes(
    scenario_id: str, task_id: str, dining: bool, said: str, before: bool
) -> list[str]:
    """The problem codes of the plan with ``said`` beside it (empty: it passes)."""
    if dining:
        plan, _ = _dining_plan(scenario_id)
        verdict = judge_everyone_ate(
            DINING.load_scenario(scenario_id),
            Transcript(final_text=beside(plan, said, before)),
            1.0,
        )
    else:
        text = beside(TASKS[task_id].golden or "", said, before)
        verdict = judge_everyone_can_attend(TASKS[task_id], Transcript(final_text=text), 1.0)
    return [] if verdict.passed else [p.code for p in verdict.problems] or ["failed"]


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(SERVED_IN_FULL),
    st.sampled_from(sorted(TASKS)),
    st.booleans(),
    st.booleans(),
    st.sampled_from((*CLAUSES, *SHORT)),
    st.sampled_from(STATES),
    st.data(),
)
def test_another_languages_clause_or_short_sentence_fails_the_plan_as_unread(
    scenario_id: str,
    task_id: str,
    dining: bool,
    before: bool,
    frame: str,
    state: str,
    data: st.DataObject,
) -> None:
    who = data.draw(st.sampled_from(_people(scenario_id, task_id, dining)))
    said = frame.format(p=who, e="dinner" if dining else "meeting", s=state)
    codes = _verdict_codes(scenario_id, task_id, dining, said, before)
    assert "unread_language" in codes, (said, codes)


HONEST = (
    "{p} will love the {d}.",
    "The {d} is a safe pick for {p}.",
    "{p} is having the {d}, and {q} too.",
    "{p} is {diet}, so the {d} works.",
    "{p} no longer eats meat, so the {d} works.",
    "{p} (non-vegetarian) is fine with the {d}.",
    "| {p} | {diet} |",
    "{p} is lactose-intolerant, and {q} is gluten-free.",
    "Try the tres leches and the pico de gallo, {p}.",
    "À la carte or prix fixe, al fresco if it's warm. Bon appétit, {p}!",
    "{p} said 'no problema' and 'c'est la vie', por favor.",
    "{p} is still excited, and {q} is a bit early.",
    "She's thrilled, and {p} is too.",
    "{R} is prix fixe tonight, and {p} is happy with that.",
    "{p} is wfh today but is free then.",
    "{R} is a bit spendy, but {p} is fine with it.",
    "{R} is 800 metres from {p}, and {q}'s favourite is the {d}.",
    "Sara van den Berg and {p} both said yes.",
)
"""English a plan's answer writes beside it: the scenario's names and dishes (``{d}``, a dish
of any of its restaurants as the menu writes it or in lower case; ``{R}``: a restaurant),
diets, loanwords ("à la carte", "prix fixe", "al fresco", "Bon appétit", "tres leches"),
English "no" and "non" after a name, copulas with English states."""
DIETS = (
    *("vegan", "vegetarian", "pescatarian", "pescetarian", "halal", "kosher", "coeliac"),
    *("celiac", "gluten-free", "dairy-free", "keto", "flexitarian", "lacto-ovo", "gf"),
)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(SERVED_IN_FULL),
    st.sampled_from(sorted(TASKS)),
    st.booleans(),
    st.sampled_from(HONEST),
    st.sampled_from(DIETS),
    st.booleans(),
    st.data(),
)
def test_english_with_the_scenarios_names_dishes_diets_and_loanwords_is_read(
    scenario_id: str,
    task_id: str,
    dining: bool,
    frame: str,
    diet: str,
    lower: bool,
    data: st.DataObject,
) -> None:
    """Read with the dining scenario's names and the task's participants both: the frames name
    dishes and restaurants of the one beside people of either."""
    scenario = DINING.load_scenario(scenario_id)
    restaurant = data.draw(st.sampled_from(scenario.restaurants))
    dish = data.draw(st.sampled_from([d.name for d in restaurant.menu]))
    people = _people(scenario_id, task_id, dining)
    who, other = data.draw(st.sampled_from(people)), data.draw(st.sampled_from(people))
    said = frame.format(
        p=who, q=other, d=dish.lower() if lower else dish, diet=diet, R=restaurant.name
    )
    names = _names(scenario_id, task_id, True) + _names(scenario_id, task_id, False)
    assert unread_sentence(said, names) is None, said


@pytest.mark.parametrize(
    "said",
    [
        "Try the tres leches and the pico de gallo, Raj.",
        "À la carte or prix fixe, al fresco if it's warm. Bon appétit, Ana!",
        "Zoë is coeliac, and everything here is clearly marked.",
        "Raj is pescatarian, and he's thrilled about the menu.",
        "Green Fork has a certain je ne sais quoi.",
    ],
)
def test_honest_english_beside_the_plan_passes_the_whole_judge(said: str) -> None:
    assert _verdict_codes("story-six", "np-6", True, said, False) == [], said


@pytest.mark.parametrize(
    ("said", "unread"),
    [
        ("Also, Raj no va a poder ir to the dinner.", True),
        ("Raj no longer eats meat.", False),
        ("Ana (non-vegetarian) is happy.", False),
        ("Raj is krank today.", True),
        ("RAJ IS KRANK TODAY.", True),
        ("Raj Is Krank Today.", True),
        ("Raj is Jain, and Green Fork is spendy.", False),
        ("Green Fork is 800 metres away.", False),
        ("Raj is organised, and Mei is sceptical of the centre.", False),
        ("He's malade tonight.", True),
        ("Green Fork is geschlossen tonight.", True),
        ("Green Fork is prix fixe tonight.", False),
        ("The chef's pozole is completo-level good.", False),
        ("Raj nu vine.", True),
        ("Hye-jin nu vine.", True),
        ("Nu vine.", True),
        ("Mei fällt aus.", True),
        ("Que sera, sera.", True),
        ("Muy bien, Ana!", True),
        ("Muy bien, see you at 17:30!", False),
    ],
)
def test_the_rules_read_as_the_module_says(said: str, unread: bool) -> None:
    """One row per reading of :func:`checkers.unread_language._code_switched` and its edges: a
    copula's state after a restaurant's name too; a dish's word in lower case is no name;
    "que sera, sera" is Spanish; a courtesy of two foreign words alone is not read (the
    module's stated trade-off), in an English sentence it is."""
    names = ("Raj", "Ana", "Mei", "Green Fork", "Hye-jin", "pozole")
    assert (unread_sentence(said, names) is not None) is unread, said


_PIECES = (
    *("Raj", "Mei", "Hye", "-", "jin", "is", "he's", "will", "be", "still", "a", "bit", "no"),
    *("non", "nu", "ne", "nem", "vine", "va", "aus", "ja", "fällt", "est", "malade", "krank"),
    *("longer", "the", "pozole", "Green", "Fork", "Nu", "NU", "IS", "tres", "leches", "qui"),
    *(".", ",", "!", ":", "\n", "gf", "coeliac", "dinner", "today", "Van", "den", "sera"),
)
"""Words of the new rules, English, names and marks, as an answer mixes them."""


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=12), st.lists(st.sampled_from(_PIECES)))
def test_the_quick_screen_never_hides_a_clause_the_full_reading_finds(
    pieces: list[str], known: list[str]
) -> None:
    """The quick screen of the whole text (``_may_be_foreign``) must let through every text the
    new rules would refuse: another language's "not", homographs and states included."""
    text = " ".join(pieces)
    names = tuple(known)
    with mock.patch.object(unread_language, "_may_be_foreign", return_value=True):
        full = unread_sentence(text, names)
    assert unread_sentence(text, names) == full, text
