"""Shortcuts of judging a session, each held to its slow twin on generated inputs (more of
``tests/test_fast_paths.py`` and ``tests/test_fast_paths_2.py``): a pattern built to be tried
faster finds what the plain one finds, and a remembered reading is the reading."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from checkers import final_word as final_word_module
from domains.dining import models as dining_models

# Phrases as the catalog's are matched: folded, lowered, single-spaced, never empty. A small
# alphabet makes phrases share first characters, start one another and touch in the text.
_PHRASES = st.frozensets(
    st.text(alphabet="ab1 -.", min_size=1, max_size=5)
    .map(lambda phrase: " ".join(phrase.split()))
    .filter(bool),
    min_size=1,
    max_size=8,
)


def _flat_pattern(phrases: frozenset[str]) -> re.Pattern[str]:
    """The phrases as one flat alternation, longest first (what ``_phrase_pattern`` compiled
    before it grouped them by their first character)."""
    ordered = sorted(phrases, key=lambda phrase: (-len(phrase), phrase))
    return re.compile(
        r"(?<![a-z0-9])(?:" + "|".join(re.escape(p) for p in ordered) + r")(?![a-z0-9])"
    )


@settings(max_examples=500)
@given(_PHRASES, st.text(alphabet="ab1 -.cX\n", max_size=60))
def test_phrases_grouped_by_first_character_find_what_the_flat_alternation_finds(
    phrases: frozenset[str], text: str
) -> None:
    grouped = final_word_module._phrase_pattern(phrases)
    flat = _flat_pattern(phrases)
    assert [m.span() for m in grouped.finditer(text)] == [m.span() for m in flat.finditer(text)]
    # The phrase scan also searches on from a place inside the text.
    for at in range(len(text) + 1):
        found, expected = grouped.search(text, at), flat.search(text, at)
        assert (found and found.span()) == (expected and expected.span()), (text, at)


def test_phrases_grouped_by_first_character_keep_the_longest_first() -> None:
    grouped = final_word_module._phrase_pattern(frozenset({"r0", "r01", "umi", "umi sushi bar"}))
    assert [m.group() for m in grouped.finditer("umi sushi bar, r01, umi, r0, r011")] == [
        "umi sushi bar",
        "r01",
        "umi",
        "r0",
    ]


_CLOCKS = st.one_of(
    st.from_regex(r"\A[ \u200b]*[0-9\uff10-\uff19]{1,2}:[0-9\uff10-\uff19]{2}(:00)?[ ]*\Z"),
    st.text(max_size=30),
)


@settings(max_examples=500)
@given(_CLOCKS)
def test_a_clock_read_twice_is_read_as_once(value: str) -> None:
    """:func:`parse_clock` remembers short values: the second reading, from memory, is the
    first, and both are the reading of a fresh process (``_read_clock``)."""
    first = dining_models.parse_clock(value)
    assert first == dining_models._read_clock(value)
    assert dining_models.parse_clock(value) == first


def test_a_long_value_is_not_remembered() -> None:
    dining_models._remembered_clock.cache_clear()
    padded = "19:30" + " " * 100
    assert dining_models.parse_clock(padded) == 19 * 60 + 30
    assert dining_models._remembered_clock.cache_info().currsize == 0
    assert dining_models.parse_clock("19:30") == 19 * 60 + 30
    assert dining_models._remembered_clock.cache_info().currsize == 1
