"""The final word (issue 13, class 3): an answer that withdraws, denies, corrects or adds to its own
plan is not one plan, and never passes; honest prose around a plan changes no verdict.

The mechanism is :mod:`checkers.final_word`; dining (``domains/dining/judge.py``) and scheduling
(``domains/scheduling/answers.py``) supply only their plan words.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import checkers.final_word as fw
from checkers import plan_words as vocab
from checkers.answers import scan_json
from checkers.final_word import (
    Mention,
    PlanVocabulary,
    final_word,
    phrase_mentions,
    phrases,
    plan_span,
)
from checkers.meta.hostile import (
    honest_unicode_prose,
    honest_unicode_texts,
    hostile_final_texts,
    hostile_strings,
)
from checkers.meta.strategies import PROSE_WORDS, final_texts
from checkers.results import AnswerProblem
from checkers.text import LOOKALIKES, fold_lower
from checkers.transcript import Transcript
from domains.dining.judge import NoPlanClaim, judge_everyone_ate, plan_vocabulary, read_answer
from domains.dining.scenarios import DINING
from domains.scheduling.answers import read_answer as read_slot
from domains.scheduling.judge import judge_everyone_can_attend
from domains.scheduling.scenarios import SCHEDULING

STORY = DINING.load_scenario("story-six")
INFEASIBLE = DINING.load_scenario("no-plan-fits")
NP6 = SCHEDULING.load_scenario("np-6")
PLAN = '{"restaurant": "r03", "time": "17:30"}'
"""Serves all six guests of story-six on its own."""
SLOT = "Here is the proposed time: Monday, 14:30 - 15:30"
"""Works for everyone in np-6 on its own."""
SLOT_JSON = '{"day": "Monday", "start": "14:30", "end": "15:30"}'

FINAL_WORDS: dict[str, tuple[str, ...]] = {
    "plan_withdrawn": (
        "Actually, skip {noun}.",
        "Scratch that.",
        "Never mind.",
        "Nevermind, forget it.",
        "Please disregard the above.",
        "Cancel the {noun}.",
        "Let's call it off.",
        "I take that back.",
        "This plan is no longer valid.",
        "Just kidding.",
    ),
    "plan_negated": (
        "We did NOT book {own}.",
        "We didn't book it.",
        "{own} is not available.",
        "It won't work.",
        "That {noun} is blocked.",
        "(blocked for Jerry)",
        "Not {own}.",
        "The {noun} is cancelled.",
    ),
    "plan_corrected": (
        "Correction: {other}.",
        "I meant {other}.",
        "Make that {other}.",
        "Oops, wrong {noun}.",
        "On second thought, {other}.",
        "Change it to {other}.",
    ),
    "several_plans": (
        "Here or {other}.",
        "Alternatively, {other}.",
        "Plan B: {other}.",
        "Backup: {other}.",
        "If that fails, try {other}.",
        "Or {other}.",
        "Another option is {other}.",
        "Final answer: {other}.",
        "My pick: {other}.",
        "The new plan is {other}.",
    ),
    "plan_and_no_plan": (
        "No {noun} works for everyone.",
        "Nothing works.",
        "Impossible to find a {noun} that suits everyone.",
    ),
}
"""What an answer can say after its plan that is not standing by it, by reason code."""
DINING_FILL = {"noun": "dinner", "own": "r03", "other": "Marigold at 19:00"}
SCHEDULING_FILL = {"noun": "meeting", "own": "Monday", "other": "Monday, 15:00 - 16:00"}
ALL_FINAL_WORDS = [(code, phrase) for code, phrases in FINAL_WORDS.items() for phrase in phrases]

HONEST_DINING = (
    "No peanuts, not spicy. If anyone is late, call us.",
    "Neither Umi or Marigold works for Ana.",
    "The restaurant does not open before 17:00, so 17:30.",
    "I could not find a vegan dish at r01, so I picked r03.",
    "r01 is fully booked, so I chose this one.",
    "No other restaurant works for Ana.",
    "There is no alternative that serves everyone as well.",
    "I have not booked it yet; shall I book it?",
    "You do not need to book ahead.",
    "Parking is not available nearby.",
    "It won't go over anyone's budget.",
    "Ana is not available before 17:00, so 17:30 works.",
    "Note: the restaurant is closed on Mondays, but today is fine.",
    "I did not pick the cheapest option because Ana needs vegetarian food.",
    "If you need to cancel, call them a day ahead.",
    "Everyone can eat there, and it is not too spicy for Mei.",
    "Enjoy! No reservation needed.",
    "Note that r03 doesn't take reservations for groups over 8.",
    "I couldn't find any other option that fits everyone.",
    "Let me know if you'd like me to book it or look for alternatives.",
    "It's a busy place on weekends, so I'd book soon.",
    "I chose it rather than Ember & Oak, which has no vegetarian dish.",
)
"""Prose an honest dining answer writes around its plan: negations that are not about it."""
HONEST_SCHEDULING = (
    "Everyone is free then.",
    "Jerry is busy in the morning, so this is the earliest slot.",
    "It is the only slot where nobody is busy.",
    "No conflicts with anyone's calendar.",
    "It does not overlap any busy time.",
    "Let me know if this works.",
    "Thomas is not busy at all that day.",
    "This avoids everyone's busy periods.",
    "Jerry's calendar is blocked in the morning.",
    "I did not find any conflicts.",
)

ZERO_WIDTH = ("\u200b", "\u200c", "\u200d", "\u2060", "\u00ad", "\ufeff")
_SIGHT = {
    ord(v): k
    for k, v in LOOKALIKES.items()
    if isinstance(v, str) and v.islower() and chr(k).islower()
}
"""Latin letter -> a look-alike letter of another script (one per Latin letter)."""


def code(found: Any) -> str | None:
    if isinstance(found, AnswerProblem):
        return found.code
    if hasattr(found, "problems"):
        return found.problems[0].code if found.problems else None
    return None


@st.composite
def disguised(draw: st.DrawFn, phrase: str) -> str:
    """``phrase`` as an attacker may write it: zero-width characters inside words, letters
    swapped for look-alikes of other scripts, case changed; the same words once folded."""
    out = []
    for char in phrase:
        if char.isalpha() and draw(st.integers(0, 5)) == 0:
            char = chr(_SIGHT.get(ord(char.lower()), ord(char)))
        elif char.isalpha() and draw(st.integers(0, 7)) == 0:
            char = char.upper()
        out.append(char)
        if char.isalpha() and draw(st.integers(0, 6)) == 0:
            out.append(draw(st.sampled_from(ZERO_WIDTH)))
    return "".join(out)


# --- the core, with a tiny vocabulary ----------------------------------------------------------

TINY = PlanVocabulary(
    nouns=("dinner",), mentions=phrase_mentions(["r1", "19:00"], ["r2"]), example="{...}"
)


@pytest.mark.parametrize(
    ("after", "expected"),
    [
        ("", None),
        (" Enjoy!", None),
        (" Scratch that.", "plan_withdrawn"),
        (" Skip dinner.", "plan_withdrawn"),
        (" We did not book r1.", "plan_negated"),
        (" Not r1.", "plan_negated"),
        (" r2 is not available.", None),
        (" Correction: 20:00.", "plan_corrected"),
        (" or r2", "several_plans"),
        (" Plan B: r2.", "several_plans"),
        (" No dinner works.", "plan_and_no_plan"),
        (" No other dinner works for Ana.", None),
        (" If that fails, r2.", "several_plans"),
        (" If anyone is late, call us.", None),
    ],
)
def test_core_reads_what_follows_the_plan(after: str, expected: str | None) -> None:
    text = '{"restaurant": "r1", "time": "19:00"}' + after
    span = plan_span(text)
    assert span == (0, 37)
    assert code(final_word(text, span, TINY)) == expected


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ({"restaurant": "r1", "backup": "r2"}, "several_plans"),
        ({"restaurant": "r1", "planB": {"place": "r2"}}, "several_plans"),
        ({"restaurant": "r1", "second_choice": "r2"}, "several_plans"),
        ({"restaurant": "r1", "meta": {"fallback": ["r2"]}}, "several_plans"),
        ({"restaurant": "r1", "alternatives": []}, None),
        ({"restaurant": "r1", "backup": None}, None),
        ({"restaurant": "r1", "backup": "none"}, None),
        ({"restaurant": "r1", "dietary_options": ["vegan"]}, None),
    ],
)
def test_a_key_naming_another_plan_with_a_value_is_several_plans(
    answer: dict[str, Any], expected: str | None
) -> None:
    text = json.dumps(answer)
    assert code(final_word(text, (0, len(text)), TINY, answer)) == expected


def test_problem_message_names_the_words_and_the_fix() -> None:
    text = '{"restaurant": "r1"} Correction: 20:00.'
    problem = final_word(text, (0, 20), TINY)
    assert isinstance(problem, AnswerProblem)
    assert problem.message == (
        "the answer corrects its plan after stating it ('correction'); the checker will not "
        "apply the correction for the agent; state exactly one final plan, e.g. {...}, and "
        "nothing that withdraws, denies, corrects or adds to it"
    )


# --- dining and scheduling: each form, and honest prose ------------------------------------------


@pytest.mark.parametrize(("expected", "phrase"), ALL_FINAL_WORDS)
def test_dining_answer_that_does_not_stand_by_its_plan_never_passes(
    expected: str, phrase: str
) -> None:
    said = phrase.format(**DINING_FILL)
    for text in (f"{PLAN} {said}", f"```json\n{PLAN}\n```\n{said}"):
        assert code(read_answer(text, STORY)) == expected, text
        assert not judge_everyone_ate(STORY, Transcript(final_text=text), 1.0).passed


@pytest.mark.parametrize(("expected", "phrase"), ALL_FINAL_WORDS)
def test_scheduling_answer_that_does_not_stand_by_its_slot_never_passes(
    expected: str, phrase: str
) -> None:
    said = phrase.format(**SCHEDULING_FILL)
    # Another slot after the marker is several_slots by the older rule; any code fails.
    allowed = {expected, "several_slots"} if "{other}" in phrase else {expected}
    for text in (f"{SLOT}. {said}", f"{SLOT_JSON} {said}"):
        assert code(read_slot(text)) in allowed, text
        assert not judge_everyone_can_attend(NP6, Transcript(final_text=text), 1.0).passed


@pytest.mark.parametrize("prose", HONEST_DINING)
def test_honest_dining_prose_keeps_the_pass(prose: str) -> None:
    for text in (f"{PLAN} {prose}", f"{prose}\n{PLAN}"):
        assert judge_everyone_ate(STORY, Transcript(final_text=text), 1.0).passed, text


@pytest.mark.parametrize("prose", HONEST_SCHEDULING)
def test_honest_scheduling_prose_keeps_the_pass(prose: str) -> None:
    for text in (f"{SLOT}. {prose}", f"{prose}\n{SLOT}", f"{SLOT} ({prose})"):
        assert judge_everyone_can_attend(NP6, Transcript(final_text=text), 1.0).passed, text


def test_a_no_plan_claim_with_an_explanation_stays_a_claim() -> None:
    text = (
        "No plan satisfies everyone. The vegan guest cannot eat anywhere that is open before "
        "the other guest must leave, and no other time works for both."
    )
    assert isinstance(read_answer(text, INFEASIBLE), NoPlanClaim)


def test_a_no_plan_claim_taken_back_is_not_a_claim() -> None:
    for said in ("Scratch that.", "Correction: I will look again."):
        assert code(read_answer(f"No plan satisfies everyone. {said}", INFEASIBLE)) in {
            "plan_withdrawn",
            "plan_corrected",
        }


# --- properties ---------------------------------------------------------------------------------


@st.composite
def final_word_said(draw: st.DrawFn, fill: dict[str, str]) -> tuple[str, str]:
    """A reason code and what an answer says after its plan for it, maybe disguised."""
    expected, phrase = draw(st.sampled_from(ALL_FINAL_WORDS))
    said = phrase.format(**fill)
    return expected, draw(st.just(said) | disguised(said))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(
        ({"restaurant": "r03", "time": "17:30"}, {"restaurant": "r19", "time": "19:00"})
    ),
    st.data(),
)
def test_appending_a_final_word_to_a_passing_dining_answer_never_makes_it_pass(
    plan: dict[str, str], data: st.DataObject
) -> None:
    text = data.draw(final_texts(plan))
    assert judge_everyone_ate(STORY, Transcript(final_text=text), 1.0).passed
    # "other" must be another plan than the one stated: Marigold at 19:00 is r19's own.
    other = "Marigold at 19:00" if plan["restaurant"] == "r03" else "Green Fork at 17:30"
    fill = DINING_FILL | {"own": plan["restaurant"], "other": other}
    _, said = data.draw(final_word_said(fill))
    where = data.draw(st.sampled_from(("after", "in_object")))
    if where == "after":
        attacked = text + data.draw(st.sampled_from((" ", "\n", "\n\n"))) + said
    else:
        attacked = json.dumps({**plan, "note": said}, ensure_ascii=False)
    verdict = judge_everyone_ate(STORY, Transcript(final_text=attacked), 1.0)
    assert not verdict.passed, attacked
    assert verdict.problems, attacked


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from((SLOT, "Monday, 14:30 - 15:30", SLOT_JSON)), st.data())
def test_appending_a_final_word_to_a_passing_slot_never_makes_it_pass(
    slot: str, data: st.DataObject
) -> None:
    assert judge_everyone_can_attend(NP6, Transcript(final_text=slot), 1.0).passed
    _, said = data.draw(final_word_said(SCHEDULING_FILL))
    attacked = slot + data.draw(st.sampled_from((" ", ". ", "\n"))) + said
    verdict = judge_everyone_can_attend(NP6, Transcript(final_text=attacked), 1.0)
    assert not verdict.passed, attacked


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(ALL_FINAL_WORDS), st.data())
def test_disguise_does_not_change_what_a_final_word_is_read_as(
    item: tuple[str, str], data: st.DataObject
) -> None:
    """Look-alike letters, zero-width characters and case are read as the plain words."""
    said = item[1].format(**DINING_FILL)
    plain = code(read_answer(f"{PLAN} {said}", STORY))
    assert code(read_answer(f"{PLAN} {data.draw(disguised(said))}", STORY)) == plain


def _dining_verdict(text: str) -> tuple[Any, ...]:
    verdict = judge_everyone_ate(STORY, Transcript(final_text=text), 1.0)
    outcomes = tuple(r.outcome for s in verdict.subjects for r in s.results)
    return verdict.score, verdict.passed, tuple(p.code for p in verdict.problems), outcomes


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(
        (
            {"restaurant": "r03", "time": "17:30"},
            {"restaurant": "r02", "time": "18:00"},
            {"restaurant": "Umi Sushi Bar", "time": "18:30"},
            {"restaurant": "r03", "time": "22:30"},
        )
    ),
    st.lists(st.sampled_from(HONEST_DINING) | honest_unicode_prose(), min_size=1, max_size=3),
    st.data(),
)
def test_honest_prose_around_a_dining_plan_changes_no_verdict(
    plan: dict[str, str], prose: list[str], data: st.DataObject
) -> None:
    """The plans are not the ones the prose speaks of (r01, Ember & Oak): "r01 is fully booked"
    is honest beside r03 and a denial beside r01. Prose that names r03 or 17:30 as the choice
    ("so I picked r03", "so 17:30") is honest only beside that plan: beside another it offers a
    second plan."""
    for own, key in (("17:30", "time"), ("r03", "restaurant")):
        assume(plan[key] == own or not any(own in p for p in prose))
    bare = json.dumps(plan, ensure_ascii=False)
    cut = data.draw(st.integers(0, len(prose)))
    text = "\n".join([*prose[:cut], bare, *prose[cut:]])
    assert _dining_verdict(text) == _dining_verdict(bare), text


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(("Monday, 14:30 - 15:30", "Monday, 9:00 - 10:00", "Monday, 15:00 - 16:00")),
    st.lists(st.sampled_from(HONEST_SCHEDULING) | honest_unicode_prose(), max_size=3),
)
def test_honest_prose_after_a_slot_changes_no_verdict(slot: str, prose: list[str]) -> None:
    def verdict(text: str) -> tuple[Any, ...]:
        found = judge_everyone_can_attend(NP6, Transcript(final_text=text), 1.0)
        return found.score, found.passed, tuple(p.code for p in found.problems)

    bare = f"Here is the proposed time: {slot}"
    if slot.startswith("Monday, 9:"):
        # "Jerry is busy in the morning" is true of a 9:00 slot, and says he is left out
        prose = [p for p in prose if "morning" not in p]
    assert verdict(" ".join([f"{bare}.", *prose])) == verdict(bare)


_FRAGMENTS = st.sampled_from(
    (
        "not ",
        "no ",
        "r1",
        "19:00",
        " or ",
        "either ",
        "if ",
        ", ",
        ". ",
        "? ",
        "(",
        ")",
        "{",
        '"',
        "booked ",
        "blocked ",
        "dinner ",
        "it ",
        "we ",
        "scratch that",
        "\u200b",
        "\ud800",
        "\u0430",
    )
)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(_FRAGMENTS, max_size=40).map("".join), st.lists(_FRAGMENTS, max_size=40).map("".join)
)
def test_final_word_never_raises(before: str, after: str) -> None:
    text = before + '{"restaurant": "r1", "time": "19:00"}' + after
    start = len(before)
    found = final_word(text, (start, start + 37), TINY, {"restaurant": "r1"})
    assert found is None or isinstance(found, AnswerProblem)


# --- shortcuts: the same findings as reading every clause ----------------------------------------

_RX = vocab.compiled(("dinner", "meeting"))
CUED = (
    ("NEGATED", vocab.NEGATED, vocab.DENIAL_CUES),
    ("BAD_STATE", vocab.BAD_STATE, vocab.DENIAL_CUES),
    ("BARE_STATE", vocab.BARE_STATE, vocab.DENIAL_CUES),
    ("NOT_BEFORE", vocab.NOT_BEFORE, vocab.DENIAL_CUES),
    ("WITHDRAW", _RX.withdraw, vocab.AFTER_CUES),
    ("CORRECT", vocab.CORRECT, vocab.AFTER_CUES),
    ("NO_PLAN", _RX.no_plan, vocab.AFTER_CUES),
    ("ALTERNATIVE", vocab.ALTERNATIVE, vocab.AFTER_CUES),
    ("OR_LEAD", vocab.OR_LEAD, vocab.OR_CUES),
    ("OR_BEFORE", vocab.OR_BEFORE, vocab.OR_CUES),
    ("EITHER", vocab.EITHER, vocab.OR_CUES),
    ("STATES_A_PLAN", vocab.STATES_A_PLAN, vocab.STATING_CUES),
)
"""Each pattern a finding needs a match of, with the cue words the shortcut looks for."""
_ASCII = st.characters(max_codepoint=127)


@pytest.mark.parametrize(("pattern", "cues"), [c[1:] for c in CUED], ids=[c[0] for c in CUED])
def test_every_match_of_a_pattern_holds_one_of_its_cue_words(
    pattern: re.Pattern[str], cues: tuple[str, ...]
) -> None:
    # ASCII only: the patterns read folded text (checkers.text.fold_lower), which is ASCII.
    @settings(max_examples=800, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.from_regex(pattern, fullmatch=True, alphabet=_ASCII))
    def check(match: str) -> None:
        assert any(cue in match for cue in cues), match

    check()


_MATCHES = st.one_of(*(st.from_regex(c[1], fullmatch=True, alphabet=_ASCII) for c in CUED))
_WORDS = sorted(
    {
        word
        for phrase in (
            *(p.format(**DINING_FILL) for _, p in ALL_FINAL_WORDS),
            *(p.format(**SCHEDULING_FILL) for _, p in ALL_FINAL_WORDS),
            *HONEST_DINING,
            *HONEST_SCHEDULING,
        )
        for word in phrase.split()
    }
)
_PLAN_PARTS = ("r1", "r2", "19:00", "20:00", "r03", "r01", "Marigold", "17:30", "Monday")
_PIECES = st.one_of(
    st.sampled_from(_WORDS),
    st.sampled_from(_WORDS).flatmap(disguised),
    _FRAGMENTS,
    st.sampled_from(PROSE_WORDS),
    st.sampled_from(_PLAN_PARTS),
    st.sampled_from((" ", ", ", ". ", "? ", ": ", "\n", "(", ")", '"', "-", "'", "/")),
    _MATCHES,
    hostile_strings(4),
)
_FEW_WORDS = st.one_of(
    st.sampled_from(_PLAN_PARTS),
    st.sampled_from(("or", "either", "otherwise", "and/or", "or maybe", "neither", "nor")),
    st.sampled_from(("final answer:", "my pick:", "the plan is", "let's go to", "we booked")),
    st.sampled_from(("book", "go with", "not", "isn't", "never", "no", "blocked", "busy")),
    st.sampled_from(("the", "it", "at", "is", "works", "available", "if", "then", "instead")),
)
REGIONS = st.one_of(
    st.tuples(st.lists(_PIECES, max_size=24), st.sampled_from((" ", ""))).map(
        lambda pieces: pieces[1].join(pieces[0])
    ),
    st.tuples(st.lists(_FEW_WORDS, max_size=6), st.sampled_from((" ", ", ", ". ", ": "))).map(
        lambda words: words[1].join(words[0])
    ),
    st.lists(_FEW_WORDS, min_size=2, max_size=3).map(" ".join),
)
"""Text around a plan: the words of every final word and of honest prose, whole or disguised,
matches of every pattern, plan parts, punctuation and hostile strings, with or without spaces
between them; or a few plan parts with words that state, offer or deny a plan (where one cue
alone decides)."""
VOCABULARIES = (TINY, plan_vocabulary({"restaurant": "r03", "time": "17:30"}, STORY))


def read_every_clause(
    folded: str, mentions: list[Any], rx: Any, after: bool, about_plan: bool
) -> list[Any]:
    """``fw._region_findings`` with no shortcut: every clause read, then the plan's parts."""
    found = list(fw._clause_findings(folded, mentions, rx, after, about_plan))
    return found + list(fw._part_findings(folded, mentions, after, about_plan))


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(REGIONS, st.booleans(), st.booleans(), st.sampled_from(VOCABULARIES))
def test_the_cue_shortcut_skips_only_text_without_findings(
    text: str, after: bool, about_plan: bool, vocabulary: PlanVocabulary
) -> None:
    rx = vocab.compiled(vocabulary.nouns)
    folded = fold_lower(text)
    mentions = sorted(vocabulary.mentions(folded), key=lambda m: m.start)
    every_clause = read_every_clause(folded, mentions, rx, after, about_plan)
    assert list(fw._region_findings(text, vocabulary, rx, after, about_plan)) == every_clause


@pytest.mark.parametrize(
    ("text", "after"),
    [
        ("r1 or r2", True),
        ("or r2", True),
        ("either r1, r2", True),
        ("either r1 or r2", True),
        ("final answer: r2", True),
        ("let's go to r2", True),
        ("r1. or 19:00", True),
        ("not r1", False),
        ("we did not book r1", False),
        ("r1 is blocked", False),
        ("r1 is blocked", True),
        ("r2 is blocked", False),
        ("enjoy", True),
        ("r1 at 19:00", True),
    ],
)
def test_the_cue_shortcut_keeps_each_kind_of_finding(text: str, after: bool) -> None:
    rx = vocab.compiled(TINY.nouns)
    mentions = sorted(TINY.mentions(text), key=lambda m: m.start)
    every_clause = read_every_clause(text, mentions, rx, after, False)
    assert list(fw._region_findings(text, TINY, rx, after)) == every_clause


def _without_shortcut(read: Callable[[], Any]) -> Any:
    with (
        mock.patch.object(fw, "_may_find", lambda *_: True),
    ):
        return read()


PLANS = st.sampled_from(
    (
        {"restaurant": "r03", "time": "17:30"},
        {"restaurant": "Umi Sushi Bar", "time": "18:30"},
        {"restaurant": "r01", "time": "19:00", "note": "r01 at 19:00"},
    )
)


@st.composite
def answers_around_a_plan(draw: st.DrawFn) -> str:
    """A final text holding one dining plan: honest, hostile, or with any region around it."""
    plan = draw(PLANS)
    honest = draw(final_texts(plan))
    return draw(
        st.one_of(
            st.just(honest),
            honest_unicode_texts(honest),
            hostile_final_texts(honest),
            st.tuples(REGIONS, REGIONS).map(lambda r: f"{r[0]}{json.dumps(plan)}{r[1]}"),
        )
    )


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(answers_around_a_plan())
def test_dining_answers_read_the_same_without_the_cue_shortcut(text: str) -> None:
    read = read_answer(text, STORY)
    assert read == _without_shortcut(lambda: read_answer(text, STORY)), text


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(exclude_characters="{["), max_size=60) | REGIONS)
def test_text_without_an_opening_bracket_holds_no_json(text: str) -> None:
    """Why text without ``{`` or ``[`` is prose as it stands (``_as_prose``'s shortcut)."""
    if "{" not in text and "[" not in text:
        assert scan_json(text).spans == []
        assert fw._as_prose(text) == text


def _one_pattern_mentions(own: list[str], others: list[str]) -> Callable[[str], list[Mention]]:
    """Mentions as one pattern of every phrase finds them (what :func:`phrase_mentions` did
    before it kept the answer's own phrases out of the catalog's compiled pattern)."""
    own_set = {" ".join(fold_lower(p).split()) for p in own} - {""}
    every = own_set | {" ".join(fold_lower(p).split()) for p in others} - {""}
    if not every:
        return lambda text: []
    ordered = sorted(every, key=lambda p: (-len(p), p))
    pattern = re.compile(
        r"(?<![a-z0-9])(?:" + "|".join(re.escape(p) for p in ordered) + r")(?![a-z0-9])"
    )
    return lambda text: [
        Mention(m.start(), m.end(), m.group() in own_set) for m in pattern.finditer(text)
    ]


_PHRASE = st.text(alphabet="ab1 :-", min_size=0, max_size=4)


@settings(max_examples=600, deadline=None)
@given(
    st.lists(_PHRASE, max_size=3),
    st.lists(_PHRASE, max_size=5),
    st.text(alphabet="ab1 :-.cX", max_size=40),
)
def test_own_phrases_apart_from_the_catalog_find_what_one_pattern_finds(
    own: list[str], others: list[str], text: str
) -> None:
    expected = _one_pattern_mentions(own, others)(text)
    assert list(phrase_mentions(own, others)(text)) == expected
    assert list(phrase_mentions(own, phrases(others))(text)) == expected
