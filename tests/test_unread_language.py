"""Over every bundled dining scenario a plan serves in full and every one of the 310 scheduling
tasks: a sentence in a language the answer readers do not read fails the answer
(``unread_language``), wherever it stands; English with foreign names, dishes and courtesies
does not.

Found by a hostile review (2026-12-07): "Lo siento, Green Fork está completo esta noche",
"Hinweis: Raj kann leider nicht kommen." after dining's plan and "Nota: Jerry no puede
asistir." after scheduling's slot passed, each denying the plan in words no reader reads; so
would any sentence in Chinese, Russian or Arabic. The properties were seen failing on the code
before (:mod:`checkers.unread_language`).
"""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.meta.hostile import OTHER_SCRIPT_PROSE
from checkers.text import LOOKALIKES
from checkers.transcript import Transcript
from checkers.unread_language import unread_language, unread_sentence
from domains.dining.judge import judge_everyone_ate, read_answer
from domains.dining.scenarios import DINING
from domains.scheduling.judge import judge_everyone_can_attend
from tests.test_needs_said_broken_anywhere import SERVED_IN_FULL, TASKS
from tests.test_plan_struck_or_without import _dining, _dining_plan, _scheduling
from tests.test_review_probes_planning_1205 import FENCED
from tests.test_roster import beside

FOREIGN = (
    "{p} no puede venir esta noche.",
    "Lo siento, {p} no viene.",
    "Nota: {p} no puede asistir.",
    "{p} kann leider nicht kommen.",
    "Hinweis: {p} ist heute nicht dabei.",
    "{p} ne peut pas venir ce soir.",
    "Malheureusement, {p} ne viendra pas.",
    "Purtroppo {p} non può venire.",
    "{p} non sarà con noi stasera.",
    "{p} não pode vir hoje.",
    "{p} komt helaas niet.",
    "{p}今晚不能来。",
    "{p}さんは来られません。",
    "{p} не сможет прийти.",
    "{p} لا يستطيع الحضور.",
    # Greek (escaped: its omicron, alpha and nu look like Latin letters)
    "\u039f {p} \u03b4\u03b5\u03bd \u03bc\u03c0\u03bf\u03c1\u03b5\u03af "
    "\u03bd\u03b1 \u03ad\u03c1\u03b8\u03b5\u03b9.",
    "{p} नहीं आ सकते।",
    "{p}는 올 수 없습니다.",
)
"""Someone of the group ``{p}`` said not to come, in Spanish, German, French, Italian,
Portuguese, Dutch, Chinese, Japanese, Russian, Arabic, Greek, Hindi and Korean."""
COURTEOUS = (
    "Buen provecho, {p}!",
    "Bon appétit!",
    "Gracias, {p}!",
    "C'est la vie!",
    "Try the pico de gallo and the tres leches, {p}.",
    "The name means 'house of the sun' (casa del sol).",
    "{p} said 'no problema' and is happy with it.",
    "Salud!",
)
"""Their honest twins: English with a foreign courtesy, dish or word in it."""


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(SERVED_IN_FULL),
    st.sampled_from(sorted(TASKS)),
    st.sampled_from(FOREIGN),
    st.sampled_from(COURTEOUS),
    st.booleans(),
    st.booleans(),
)
def test_a_sentence_in_another_language_fails_the_plan_and_english_with_foreign_words_does_not(
    scenario_id: str, task_id: str, foreign: str, courteous: str, before: bool, dining: bool
) -> None:
    task = TASKS[task_id]
    plan, who = (
        _dining_plan(scenario_id) if dining else (task.golden or "", task.participants[-1].name)
    )

    def judge(text: str) -> bool:
        return _dining(scenario_id, text) if dining else _scheduling(task_id, text)

    assert judge(plan), plan
    said = foreign.format(p=who)
    denied = beside(plan, said, before)
    assert not judge(denied), denied
    honest = courteous.format(p=who)
    kept = beside(plan, honest, before)
    assert judge(kept), kept


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SERVED_IN_FULL), st.sampled_from(FOREIGN))
def test_a_sentence_in_another_language_inside_the_plans_json_fails_it(
    scenario_id: str, foreign: str
) -> None:
    plan, who = _dining_plan(scenario_id)
    note = foreign.format(p=who).replace('"', "'")
    with_note = plan.replace("}", f', "note": "{note}"}}')
    assert not _dining(scenario_id, with_note), with_note


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SERVED_IN_FULL), st.sampled_from(("王伟", "Дмитрий", "Ἀλέξανδρος", "محمد")))
def test_a_name_of_the_scenario_in_another_script_is_no_other_language(
    scenario_id: str, name: str
) -> None:
    scenario = DINING.load_scenario(scenario_id)
    first, *rest = scenario.group.guests
    renamed = scenario.model_copy(
        update={
            "group": scenario.group.model_copy(
                update={"guests": (first.model_copy(update={"name": name}), *rest)}
            )
        }
    )
    plan, _ = _dining_plan(scenario_id)
    text = f"{plan}\n\n{name} will love it, and everyone else too."
    assert judge_everyone_ate(renamed, Transcript(final_text=text), 1.0).passed, text
    denied = f"{plan}\n\n{name} ne peut pas venir ce soir."
    assert not judge_everyone_ate(renamed, Transcript(final_text=denied), 1.0).passed, denied


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(SERVED_IN_FULL),
    st.sampled_from(sorted(TASKS)),
    st.sampled_from(OTHER_SCRIPT_PROSE),
    st.booleans(),
)
def test_prose_in_another_script_around_a_plan_fails_it_as_unread(
    scenario_id: str, task_id: str, prose: str, dining: bool
) -> None:
    if dining:
        plan, _ = _dining_plan(scenario_id)
        verdict = judge_everyone_ate(
            DINING.load_scenario(scenario_id), Transcript(final_text=f"{plan}\n\n{prose}"), 1.0
        )
    else:
        text = f"{TASKS[task_id].golden}\n{prose}"
        verdict = judge_everyone_can_attend(TASKS[task_id], Transcript(final_text=text), 1.0)
    assert not verdict.passed
    assert [p.code for p in verdict.problems] == ["unread_language"], verdict.problems


def test_the_problem_names_the_sentence_and_the_fix() -> None:
    problem = read_answer(
        '{"restaurant": "r03", "time": "17:30"}\nRaj kann leider nicht kommen.',
        DINING.load_scenario("story-six"),
    )
    assert not isinstance(problem, dict)
    assert problem.code == "unread_language"
    assert problem.message.startswith(
        "the answer has text in a language the checker does not read ('Raj kann leider nicht "
        "kommen'): what it says of the plan cannot be judged, so the answer is not passed; "
        "answer in English, e.g. "
    ), problem.message


def test_look_alike_letters_and_accented_names_are_no_other_language() -> None:
    assert (
        unread_sentence("Gr\u0435\u0435n Fork at 17:30 works for Zo\u00eb and Bj\u00f6rn.") is None
    )
    assert unread_sentence("The non-smoking room, est. 2 hours; pour the wine.") is None
    assert unread_language("Raj komt helaas niet.", "{}") is not None


FOREIGN_MORE = (
    "Raj kan tyvärr inte komma.",
    "Raj nie może przyjść.",
    "Raj tidak bisa datang.",
    "Raj gelemez, maalesef.",
    "Raj 不",
)
"""Sentences a review of this reader found passing (2026-12-07): Swedish, Polish, Indonesian,
Turkish, one Chinese letter."""
LATIN_MORE = ("We're on the 7\u1d57\u02b0 floor.", "A \ufb01ne dinner for everyone.")
"""English it failed: a superscript ordinal, a ligature."""


@pytest.mark.parametrize("said", FOREIGN_MORE)
def test_more_languages_are_unread(said: str) -> None:
    problem = read_answer(f"{FENCED}\n{said}", DINING.load_scenario("story-six"))
    assert not isinstance(problem, dict) and problem.code == "unread_language", said


@pytest.mark.parametrize("said", LATIN_MORE)
def test_latin_letters_in_other_forms_are_read(said: str) -> None:
    assert _dining("story-six", f"{FENCED}\n{said}"), said


_NON_LATIN_LOOKALIKES = sorted(
    chr(code)
    for code in LOOKALIKES
    if chr(code).isalpha() and "LATIN" not in unicodedata.name(chr(code), "LATIN")
)
"""Letters of other scripts (Cyrillic, Greek ...) that look like Latin ones."""


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(SERVED_IN_FULL),
    st.sampled_from(sorted(TASKS)),
    st.lists(st.text(st.sampled_from(_NON_LATIN_LOOKALIKES), min_size=2, max_size=8), min_size=1),
    st.booleans(),
    st.booleans(),
)
def test_a_word_all_of_look_alikes_of_another_script_is_another_language(
    scenario_id: str, task_id: str, words: list[str], dining: bool, before: bool
) -> None:
    """Found passing (2026-12-07): "Мест нет." ("no seats") after the plan, every letter a
    look-alike of a Latin one, so read as Latin gibberish; a word of Latin letters with a
    look-alike inside is still read as the Latin word it disguises."""
    plan = _dining_plan(scenario_id)[0] if dining else TASKS[task_id].golden or ""
    said = " ".join(words) + "."
    text = beside(plan, said, before)
    assert not (_dining(scenario_id, text) if dining else _scheduling(task_id, text)), text
    disguised = beside(plan, "This w\u043erks for everyone.", before)  # Cyrillic "o"
    assert _dining(scenario_id, disguised) if dining else _scheduling(task_id, disguised)
