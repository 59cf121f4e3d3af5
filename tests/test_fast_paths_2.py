"""Shortcuts of reading an answer, each held to its slow twin on generated inputs (more of
``tests/test_fast_paths.py``).

A pattern tried at every character of an answer (one opening on a word boundary, or ignoring
case) costs tens of microseconds on an answer of 400 characters, and judging a dining session
runs dozens: where every match of a pattern holds one of a few words, the reader looks for the
words first (:func:`checkers.text.holds_any`, at C speed) and skips the pattern when none is
there. A word a match can lack would skip a match: a false pass where the match fails the
answer. So each list of words is held here to texts drawn from its own pattern, and each
reader with its shortcuts to the same reader with every shortcut open, on generated answers.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from checkers import busy_spans
from checkers import final_word as final_word_module
from checkers import plan_words as vocab
from checkers.session_context import judging_session
from checkers.text import fold, fold_answer, fold_lower, lowered_words
from domains.dining import judge as dining_judge
from domains.dining import left_out as dining_left_out
from domains.dining.scenarios import DINING

ASCII = st.characters(codec="ascii")


def _drawn(
    pattern: re.Pattern[str], alphabet: st.SearchStrategy[str] | None = None
) -> st.SearchStrategy[str]:
    return st.from_regex(pattern) if alphabet is None else st.from_regex(pattern, alphabet=alphabet)


# --- the words hold for every text their pattern finds ------------------------------------------

CUED = [
    ("AGENT_LACKS_MEANS", vocab.AGENT_LACKS_MEANS, vocab.AGENT_LACKS_MEANS_CUES),
    ("HANDOFF", vocab.HANDOFF, vocab.HANDOFF_CUES),
    ("CROWD_ADVICE", vocab.CROWD_ADVICE, vocab.CROWD_ADVICE_CUES),
    ("_NOT_PERFECT", dining_left_out._NOT_PERFECT, dining_left_out._NOT_PERFECT_WORDS),
    ("_PARTY_SAID", dining_left_out._PARTY_SAID, dining_left_out._PARTY_WORDS),
    *(
        (f"_NAMED[{i}].cue", named.cue, named.words)
        for i, named in enumerate(dining_left_out._NAMED)
    ),
    ("_GROUP_LEAVES", dining_left_out._GROUP_LEAVES, busy_spans.DEPARTURE_CUES),
]
"""Patterns that do not ignore case, with the words one of which every match holds: in any
text, as the pattern reads it."""


@settings(max_examples=300)
@given(data=st.data(), index=st.integers(0, len(CUED) - 1))
def test_every_text_a_cued_pattern_finds_holds_one_of_its_words(
    data: st.DataObject, index: int
) -> None:
    name, pattern, words = CUED[index]
    text = data.draw(_drawn(pattern) | _drawn(pattern, ASCII))
    match = pattern.search(text)
    if match is not None:
        assert any(word in match.group() for word in words), (name, text)


@given(st.sampled_from([vocab.H_NOTATION, vocab.MERIDIEM_TIME]), st.data())
def test_every_text_a_clock_reader_finds_holds_its_cue(
    pattern: re.Pattern[str], data: st.DataObject
) -> None:
    cue = {vocab.H_NOTATION: vocab.H_NOTATION_CUE, vocab.MERIDIEM_TIME: vocab.MERIDIEM_CUE}
    text = data.draw(_drawn(pattern) | _drawn(pattern, ASCII))
    match = pattern.search(text)
    if match is not None:
        assert cue[pattern].search(match.group()), text


@settings(max_examples=200)  # the whole pattern's draws: tests/test_dining_left_out_cues.py
@given(data=st.data())
def test_every_lowered_text_the_no_plan_claim_finds_holds_one_of_its_words(
    data: st.DataObject,
) -> None:
    """The claim's pattern ignores case: its words (a plan noun after a space among them) hold
    in the lowered ASCII text the dining reader gives it (other text takes the long way)."""
    text = data.draw(_drawn(dining_left_out._NO_PLAN, ASCII)).lower()
    match = dining_left_out._NO_PLAN.search(text)
    if match is not None:
        assert dining_left_out._may_claim_no_plan(match.group()), text


# --- a pattern that ignores case, on lowered ASCII text -----------------------------------------

_COUNTS = st.sampled_from(
    ["one", "two", "five", "six", "seven", "5", "6", "7", "12", "of", "out of", "the", "all",
     "our", "you", "most", "the majority", "group", "guests", "us", "them", "dishes", "stars",
     "km", "-", ":", "Of", "SIX", "Most", "x"]
)  # fmt: skip
_SEPARATORS = st.sampled_from([" ", "  ", "\n", "", ", ", "\t"])


def _joined(said: list[tuple[str, str]]) -> str:
    return "".join(word + separator for word, separator in said)


@given(
    st.lists(st.tuples(_COUNTS, _SEPARATORS), max_size=12).map(_joined)
    | _drawn(dining_left_out._SOME_OF, ASCII)
)
def test_some_of_the_group_read_without_ignoring_case_is_read_ignoring_case(text: str) -> None:
    # No capital letter in the pattern (nor an escape such as \S): on lowered ASCII text,
    # ignoring case then changes nothing.
    assert not any(c.isupper() for c in dining_left_out._SOME_OF.pattern)
    lowered = text.lower()
    assert dining_left_out._lowered_ascii(lowered)
    fast = [(m.span(), m.groups()) for m in dining_left_out._SOME_OF_LOWERED.finditer(lowered)]
    slow = [(m.span(), m.groups()) for m in dining_left_out._SOME_OF.finditer(lowered)]
    assert fast == slow


@given(st.text(max_size=40))
def test_lowered_ascii_is_ascii_with_no_capital(text: str) -> None:
    expected = all(ord(c) < 128 and not ("A" <= c <= "Z") for c in text)
    assert dining_left_out._lowered_ascii(text) is expected


# --- each reader with its shortcuts is the reader with every shortcut open ----------------------


def _every_word_held(text: str, words: Sequence[str]) -> bool:
    del text, words
    return True


@contextmanager
def _long_way() -> Iterator[None]:
    """The readers as they read without the shortcuts: every pattern tried, ignoring case where
    it was compiled to."""
    with (
        mock.patch.object(dining_left_out, "holds_any", _every_word_held),
        mock.patch.object(dining_left_out, "_lowered_ascii", lambda text: False),
        mock.patch.object(final_word_module, "holds_any", _every_word_held),
        mock.patch.object(vocab, "H_NOTATION_CUE", re.compile("")),
        mock.patch.object(vocab, "MERIDIEM_CUE", re.compile("")),
    ):
        yield


_ANSWER_WORDS = st.sampled_from(
    ["ana", "björn", "josé", "zoë", "mei", "raj", "he", "she", "no", "not", "perfect", "ideal",
     "plan", "restaurant", "option", "fits", "works", "suits", "for", "everyone", "except", "but",
     "five", "of", "the", "six", "most", "group", "closest", "best", "compromise", "possible",
     "impossible", "to", "find", "a", "couldn't", "isn't", "over", "budget", "her", "provided",
     "as", "long", "is", "okay", "with", "salad", "if", "need", "we'll", "stretch", "can't",
     "make", "it", "will", "be", "late", "leaves", "at", "18:00", "19:30", "green", "fork",
     "marigold", "r03", "r05", "i", "don't", "have", "booking", "tool", "please", "call", "them",
     "come", "early", "arrive", "on", "time", "busy", "gets", "so", "there's", "left", "out",
     "this", "doesn't", "suit", "only", "just", "side", "skip", "dessert", "I", "Not", "No"]
)  # fmt: skip
_ANSWER_PHRASES = st.sampled_from(
    ["it isn't possible to find a restaurant that suits everyone", "impossible to please everyone",
     "no restaurant works for everyone", "the best compromise", "the closest match",
     "there's no perfect option", "this isn't perfect for everyone", "five of the six guests",
     "works for 5 of the 6", "most of the group", "everyone except raj can eat there",
     "slightly over zoë's budget", "provided ana is okay with the salad", "arrive on time",
     "come a bit earlier", "book ahead", "don't be late", "be punctual", "please call them",
     "you'll need to book it yourself", "their number is on their site", "as an ai",
     "i don't have a booking tool", "no reservation system access", "josé will be late",
     "mei leaves at 19:00", "we'll need zoë to stretch her budget", "if mei is okay with a taxi, "
     "this works", "the group leaves at 18:30"]
)  # fmt: skip
"""Whole phrases the readers find, so that a shortcut skipping one is caught (a phrase of
several words is seldom drawn word by word)."""
_CHUNKS = st.one_of(
    _ANSWER_WORDS,
    _ANSWER_PHRASES,
    *(
        _drawn(pattern, ASCII)
        for pattern in (
            vocab.AGENT_LACKS_MEANS,
            vocab.HANDOFF,
            vocab.CROWD_ADVICE,
            dining_left_out._NO_PLAN,
            dining_left_out._NOT_PERFECT,
            dining_left_out._SOME_OF,
            dining_left_out._GROUP_LEAVES,
            vocab.H_NOTATION,
            vocab.MERIDIEM_TIME,
        )
    ),
)
_ANSWER_SEPARATORS = st.sampled_from([" ", " ", " ", ", ", ". ", "\n", "? ", "; ", ": "])
_ANSWERS = st.lists(st.tuples(_CHUNKS, _ANSWER_SEPARATORS), max_size=30).map(_joined)
_SCENARIOS = st.sampled_from(DINING.scenario_ids())


@given(_ANSWERS, _SCENARIOS, st.none() | st.tuples(st.integers(0, 1439), st.integers(1, 240)))
def test_not_for_everyone_read_with_shortcuts_is_read_the_long_way(
    text: str, scenario_id: str, during: tuple[int, int] | None
) -> None:
    scenario = DINING.load_scenario(scenario_id)
    names = dining_judge._guest_alternatives(scenario)
    size = len(scenario.group.guests)
    window = None if during is None else (during[0], during[0] + during[1])
    for folded in (fold(text).casefold(), text):  # the reader's text, and text with capitals
        fast = dining_left_out.said_not_for_everyone(folded, names, size, window)
        with _long_way():
            slow = dining_left_out.said_not_for_everyone(folded, names, size, window)
        shown = [(s.kind, s.match.span(), s.of_this_plan) for s in fast]
        assert shown == [(s.kind, s.match.span(), s.of_this_plan) for s in slow]


_PLANS = st.sampled_from(
    ['{"restaurant": "r03", "time": "19:30"}', '{"restaurant": "Green Fork", "time": "18:00"}',
     '{"restaurant": "r05", "time": "12:30", "note": "please call them"}']
)  # fmt: skip


@given(_ANSWERS, _PLANS, _ANSWERS, _SCENARIOS)
def test_the_final_word_read_with_shortcuts_is_read_the_long_way(
    before: str, plan: str, after: str, scenario_id: str
) -> None:
    scenario = DINING.load_scenario(scenario_id)
    text = f"{before}\n{plan}\n{after}"
    read = dining_judge.read_answer(text, scenario)
    with _long_way():
        assert dining_judge.read_answer(text, scenario) == read


@given(_ANSWERS)
def test_sentences_saying_a_cued_pattern_read_with_shortcuts_are_read_the_long_way(
    text: str,
) -> None:
    folded = fold_lower(text)
    positions = range(len(folded) + 1)
    for pattern, cues in (
        (vocab.AGENT_LACKS_MEANS, vocab.AGENT_LACKS_MEANS_CUES),
        (vocab.HANDOFF, vocab.HANDOFF_CUES),
    ):
        fast = final_word_module._sentences_saying(folded, pattern, cues)
        slow = final_word_module._sentences_saying(folded, pattern, ("",))
        assert [fast(at) for at in positions] == [slow(at) for at in positions]
    fast = final_word_module._crowd_advised(folded)
    with _long_way():
        slow = final_word_module._crowd_advised(folded)
    assert [fast(at) for at in positions] == [slow(at) for at in positions]


# --- the whole answer folded once a session -------------------------------------------------------


@given(st.text(max_size=60) | _ANSWERS)
def test_an_answer_folded_once_a_session_is_the_answer_folded(text: str) -> None:
    assert fold_answer(text) == fold(text)  # outside a session: folded at each call
    with judging_session():
        first = fold_answer(text)
        assert first == fold(text)
        assert fold_answer(text) is first  # the same text object: folded once
    assert lowered_words(fold(text)) == fold_lower(text)


@given(_ANSWERS, _PLANS, _SCENARIOS)
def test_plan_mentions_found_with_shortcuts_are_found_the_long_way(
    text: str, plan: str, scenario_id: str
) -> None:
    """Where an answer names plan parts (12-hour and "18h00" times among them), as every
    reading of the final word finds them."""
    scenario = DINING.load_scenario(scenario_id)
    vocabulary = dining_judge.plan_vocabulary(json.loads(plan), scenario)
    folded = fold_lower(text)
    fast = vocabulary.mentions(folded)
    with _long_way():
        assert vocabulary.mentions(folded) == fast
