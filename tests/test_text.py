"""The matching fold: spelling tricks a person does not see never hide a word from a matcher."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers import text as text_module
from checkers.meta.hostile import hostile_strings
from checkers.text import (
    LOOKALIKES,
    NO_END_WORDS,
    and_more,
    cut,
    fold,
    fold_lower,
    has_surrogates,
    names_phrase,
    plural,
    sentences,
    without_surrogates,
)

INVISIBLE = "\u200b\u200c\u200d\u2060\u00ad\ufeff\u202e\u202d"
# Letter -> look-alikes from other scripts, read back from the table itself.
LOOKS_LIKE: dict[str, list[str]] = {}
for code, ascii_letter in LOOKALIKES.items():
    LOOKS_LIKE.setdefault(str(ascii_letter), []).append(chr(code))


@st.composite
def disguised(draw: st.DrawFn, word: str) -> str:
    """``word`` with some letters swapped for look-alikes, some full width, and invisible
    characters inserted between letters."""
    out = []
    for letter in word:
        choices = [letter, chr(ord(letter) + 0xFEE0), *LOOKS_LIKE.get(letter, [])]
        out.append(draw(st.sampled_from(choices)))
        out.append(draw(st.text(st.sampled_from(INVISIBLE), max_size=2)))
    return "".join(out)


WORDS = ["delivered", "processed", "ignore", "score", "respond", "judge", "cancelled", "pending"]


@settings(max_examples=200, deadline=None)
@given(data=st.data(), word=st.sampled_from(WORDS))
def test_a_disguised_word_folds_back_to_itself(data: st.DataObject, word: str) -> None:
    assert fold_lower(data.draw(disguised(word))) == word


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("d\u0435livered", "delivered"),  # Cyrillic ie
        ("s\u0441ore", "score"),  # Cyrillic es: anyascii alone reads it "s"
        ("r\u0435sp\u043end", "respond"),
        ("\U0001d41d\U0001d41e\U0001d425", "del"),  # mathematical bold
        ("Hello \u0261emini", "Hello gemini"),  # Latin script g
        ("Jos\u00e9 Bj\u00f6rn", "Jose Bjorn"),
        ("\u2039\u2039\u2039END\u203a\u203a\u203a", "<<<END>>>"),
    ],
)
def test_known_folds(text: str, folded: str) -> None:
    assert fold(text) == folded


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_fold_is_total_and_ascii(text: str) -> None:
    assert fold(text).isascii()
    without_surrogates(text).encode("utf-8")


@given(st.text(st.characters(max_codepoint=127, exclude_categories=["Cc"])))
def test_plain_ascii_is_unchanged(text: str) -> None:
    assert fold(text) == text


@pytest.mark.parametrize("code", range(128))
def test_ascii_controls_are_dropped_but_newline_and_tab(code: int) -> None:
    # fold's ASCII fast path must agree with the full path: an ASCII control character is
    # invisible (dropped) unless it is a newline or a tab, and no other ASCII character changes.
    char = chr(code)
    kept = (code >= 32 and code != 127) or char in "\n\t"
    assert fold(f"a{char}b") == (f"a{char}b" if kept else "ab")
    assert fold(f"\u00e9{char}") == ("e" + char if kept else "e")  # the full path


@given(st.text(), st.integers(min_value=3, max_value=80))
def test_cut_keeps_short_text_and_marks_what_it_cuts(text: str, limit: int) -> None:
    shown = cut(text, limit)
    assert len(shown) <= limit
    if len(text) <= limit:
        assert shown == text
    else:
        assert shown == text[: limit - 3] + "..."


def test_cut_examples() -> None:
    assert cut("abcdef", 5) == "ab..."
    assert cut("abcde", 5) == "abcde"


def test_plural_and_and_more_say_how_many() -> None:
    assert [plural(n, "write") for n in (0, 1, 2)] == ["0 writes", "1 write", "2 writes"]
    assert plural(2, "entry") == "2 entries" and plural(2, "day") == "2 days"
    assert and_more(["a"], "item") == "a"
    assert and_more(["a", "b"], "item") == "a (and 1 more item)"
    assert and_more(["a", "b", "c"], "write") == "a (and 2 more writes)"


@given(st.text(st.characters(codec=None), max_size=30) | hostile_strings())
@settings(max_examples=300)
def test_has_surrogates_is_whether_a_lone_surrogate_is_there(text: str) -> None:
    """Property: ``has_surrogates`` (strict UTF-8 encoding) tells the same as a search for a
    code point in U+D800-U+DFFF, which is what UTF-8 cannot encode."""
    assert has_surrogates(text) == any(0xD800 <= ord(c) <= 0xDFFF for c in text)


def test_has_surrogates_examples() -> None:
    assert has_surrogates("a\ud800b") and has_surrogates("Sára \udfff")
    assert not has_surrogates("Sára") and not has_surrogates("plain") and not has_surrogates("")
    assert not has_surrogates("\U0001f600")  # a pair in Python is one code point: encodable


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Your order #W1 is not\ndelivered.", ["Your order #W1 is not\ndelivered."]),
        ("HAT207 hasn't\r\nbeen delayed.", ["HAT207 hasn't\r\nbeen delayed."]),
        ("I checked the\norder.", ["I checked the\norder."]),
        ("#W1: pending\n#W2: delivered", ["#W1: pending", "#W2: delivered"]),
        ("It was delivered\nThanks", ["It was delivered", "Thanks"]),
        ("Done.\nNext", ["Done.", "Next"]),
    ],
)
def test_a_line_break_after_a_word_no_sentence_ends_with_wraps_the_sentence(
    text: str, expected: list[str]
) -> None:
    assert sentences(text) == expected


@given(
    st.sampled_from(sorted(NO_END_WORDS)),
    st.sampled_from(["", " ", " " * 60, "\t \u00a0", "\u200b" * 50]),
    st.sampled_from(["\n", "\r\n", "\n\n", "\u2028"]),
)
def test_no_sentence_ends_with_a_denial_an_auxiliary_or_a_joining_word(
    word: str, trailing: str, newline: str
) -> None:
    """Whatever spaces or invisible characters stand between the word and the line break."""
    text = f"Order #W1 {word}{trailing}{newline}delivered today."
    assert len(sentences(text)) == 1, repr(text)


@pytest.mark.parametrize(
    ("phrase", "text", "named"),
    [
        ("Apt 2", "to 100 main street, apt. 2, austin", True),
        ("Apt 2", "apt 21", False),
        ("T-Shirt", "a blue t shirt", True),
        ("S", "yes, this is size m", False),  # a size "S" is not every "s"
        ("9", "size 9.5", False),
        ("50", "costs $10.50", False),
        ("9", "size 9. it ships", True),
        ("100 Main Street", "1100 main street", False),
        ("", "anything", False),
        ("Zoë", "for zoe", True),
    ],
)
def test_names_phrase(phrase: str, text: str, named: bool) -> None:
    assert names_phrase(phrase, fold_lower(text)) is named


WORDS = st.text(alphabet="abcxyz019", min_size=1, max_size=6)


@given(st.lists(WORDS, min_size=1, max_size=3), WORDS, WORDS)
def test_a_phrase_is_named_between_other_words_but_not_inside_one(
    words: list[str], before: str, after: str
) -> None:
    phrase = " ".join(words)
    assert names_phrase(phrase, f"{before} {phrase}, {after}")
    assert not names_phrase(phrase, f"{before}{phrase}q")


_QUADRATIC_GAP = re.compile(
    r'\.[.z]*(?P<spaced>[ z]*[ \n][ \nz]*)|\|[z"]*(?P<unspaced>[ \nz]*)|(?P<line>\n[\nz]*)'
)
"""The sentence gap as it was read before runs of stops were tried once (quadratic in a run
of stops without a space after it): the reference the linear reading is held to."""


def _sentences_before(text: str) -> list[str]:
    shape = "".join(map(text_module._shape, text))
    found, start = [], 0
    for gap in _QUADRATIC_GAP.finditer(shape):
        if gap.lastgroup == "line" and text_module._ends_unfinished(text, gap.start()):
            continue
        found.append(text[start : gap.start(gap.lastgroup or 0)])
        start = gap.end()
    found.append(text[start:])
    return [s.strip() for s in found if s.strip()]


@settings(max_examples=300)
@given(
    st.lists(
        st.sampled_from(
            [".", "!", "?", " ", "\n", "a", "\u200b", '"', ")", "\u3002", "\u2026", "not"]
        ),
        max_size=40,
    ).map("".join)
)
def test_sentences_split_as_before_runs_of_stops_were_read_once(text: str) -> None:
    assert sentences(text) == _sentences_before(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("It leaves at 10 a.m. on May 5. OK?", ["It leaves at 10 a.m. on May 5.", "OK?"]),
        ("It leaves at 9 A.M. Eastern. OK?", ["It leaves at 9 A.M. Eastern.", "OK?"]),
        ("We land at 5 p.m. Is that OK?", ["We land at 5 p.m.", "Is that OK?"]),
        ("We land at 5 p.m.\nat gate 4", ["We land at 5 p.m.", "at gate 4"]),
        ("Is it at 9 a.m? yes it is.", ["Is it at 9 a.m?", "yes it is."]),
        ("Dr. Lee and Mrs. Gonzalez fly. OK?", ["Dr. Lee and Mrs. Gonzalez fly.", "OK?"]),
        ("Pay by card, e.g. the Visa. OK?", ["Pay by card, e.g. the Visa.", "OK?"]),
        ("It is 5 a.m.", ["It is 5 a.m."]),
        ("Ask the team. Dr.", ["Ask the team.", "Dr."]),
    ],
)  # fmt: skip
def test_an_abbreviation_the_sentence_goes_on_after_ends_no_sentence(
    text: str, expected: list[str]
) -> None:
    assert sentences(text) == expected


@given(
    st.integers(1, 12),
    st.sampled_from(["a.m.", "p.m.", "A.M.", "P.M."]),
    st.sampled_from(["on May 5", "and lands at 1 pm", "Eastern time", "PST", "(HAT188)"]),
    st.sampled_from(["Shall I proceed?", "Is that OK?", "Please confirm."]),
)  # fmt: skip
def test_a_time_ends_a_sentence_only_where_a_new_one_starts(
    hour: int, mark: str, goes_on: str, question: str
) -> None:
    """A clock mark's stop ends the sentence before a capitalised word that starts a new one,
    not before the rest of the sentence (a lower-case word, a time zone, a bracket): cut there,
    a question or a status lost the words before the time."""
    said = f"HAT188 leaves at {hour} {mark} {goes_on}."
    assert sentences(f"{said} {question}") == [said, question]
    assert sentences(f"We land at {hour} {mark} {question}") == [
        f"We land at {hour} {mark}",
        question,
    ]
