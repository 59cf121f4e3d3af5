"""The words around a status claim, read once for every domain that states statuses
(``checkers/status_words.py``): a negation before it, the clause it stands in, and the group of
ids it is about."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.status_words import _CLAUSE_BREAK, clause_of, nearest, negated
from checkers.status_words import DENIALS as DENIALS_READ
from checkers.status_words import FILLERS as FILLERS_READ
from checkers.text import fold_lower

# Meta-tests: `checkers mutate` runs them against mutants of the code they reach.
pytestmark = pytest.mark.checkers_meta

NEGATED = [
    ("has not been delivered", True),
    ("hasn't actually been delivered", True),
    ("is no longer delayed", True),
    ("has yet to be delivered", True),
    ("is neither cancelled nor delayed", True),  # "delayed", after "nor"
    ("was never delivered", True),
    ("cannot be delivered", True),
    ("can't be delivered", True),
    ("was delivered", False),
    ("was not only late but delayed", False),  # "not" too far from "delayed"
    ("is on time, not delayed", True),
    ("is anything but delayed", True),
    ("is not at all delayed", True),
    ("is far from delivered", True),
    ("is in no way delayed", True),
    ("there is no delay", True),
    ("landed without delay", True),
    # the whole sentence denied, and a denial inside it undone
    ("it is not true that #w1 was delivered", True),
    ("it's false that #w1 is delayed", True),
    ("it is false that #w1 was not delivered", False),
    ("it is not true that #w1 is late. #w2 was delivered", False),  # another sentence
    ("you are right that #w1 was delivered", False),
]

DENIALS = ("not", "n't", "cannot", "never", "no longer", "yet to", "no", "anything but", "far from",
           "in no way", "by no means", "nowhere near", "without")  # fmt: skip
FILLERS = ("", "been ", "actually ", "at all ", "even been ", "really at all ")
DENIED_THAT = ("It is not true that", "It's false that", "It is not the case that", "Untrue that")


@given(
    st.sampled_from(DENIALS),
    st.sampled_from(FILLERS),
    st.sampled_from(["delivered", "delayed", "cancelled", "on time"]),
    st.sampled_from(["", *DENIED_THAT]),
)
def test_every_denial_word_negates_and_a_denied_sentence_turns_it(
    denial: str, filler: str, status: str, sentence: str
) -> None:
    """Each denial word, with the filler words the reader allows, negates the status after it;
    the sentence denied as a whole turns the reading over, with or without a denial inside."""
    for denied, clause in ((True, f"#w1 is {denial} {filler}"), (False, "#w1 is ")):
        text = fold_lower(f"{sentence} {clause}{status}".strip())
        assert negated(text, text.rindex(status), status) is (denied != bool(sentence)), text


@pytest.mark.parametrize(("text", "denied"), NEGATED)
def test_a_status_is_negated_by_the_words_just_before_it(text: str, denied: bool) -> None:
    phrase = text.split()[-1]
    assert negated(text, text.rindex(phrase), phrase) is denied


def spans(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in re.finditer(r"#w\d", text)]


NEAREST = [
    # the nearest before it in its clause, as subjects come first
    ("#w1 is pending and #w2 is delivered", "delivered", "#w2"),
    ("#w1 is delivered, so you cannot cancel #w2", "delivered", "#w1"),
    # none before it there: the nearest after it
    ("the delivered order is #w2", "delivered", "#w2"),
    # a label: the one after it, even with one before
    ("#w1: pending; delivered: #w2", "delivered", "#w2"),
    # none in its clause: the nearest in the sentence
    ("I moved #w1, which is delivered", "delivered", "#w1"),
]


@pytest.mark.parametrize(("text", "status", "about"), NEAREST)
def test_a_status_is_about_the_nearest_group_of_its_clause(
    text: str, status: str, about: str
) -> None:
    start = text.index(status)
    found = nearest(text, start, start + len(status), spans(text))
    assert found is not None
    begin, end = spans(text)[found]
    assert text[begin:end] == about


def test_a_sentence_without_ids_binds_nothing() -> None:
    assert nearest("it was delivered", 7, 16, []) is None


@pytest.mark.parametrize("denial", DENIALS_READ)
def test_a_denial_with_the_longest_fillers_still_negates(denial: str) -> None:
    """The reach a denial is looked for in covers the longest denial the grammar allows: any
    denial, then three of the longest fillers."""
    longest = max(FILLERS_READ, key=len)
    text = fold_lower(f"#w1 is {denial} {longest} {longest} {longest} delivered")
    assert negated(text, text.rindex("delivered"), "delivered")


def test_a_word_ending_in_a_denial_is_no_denial() -> None:
    """Words are read whole: "xnowhere near" is no denial, even where its "nowhere" would start
    the longest denial the reach holds."""
    tail = "nowhere near in any way in any way in any way delivered"
    for prefix, denied in (("it is x", False), ("it is ", True), ("", True)):
        text = fold_lower(prefix + tail)
        assert negated(text, text.rindex("delivered"), "delivered") is denied, text


@pytest.mark.parametrize(
    ("text", "denied"),
    [
        ("false that #w1 was delivered", True),  # the denial starts the text
        ("#w2 was delivered. false that #w1 was delivered", True),
        ("false that #w2 is late. #w1 was delivered", False),
        ('it is false that #w2 is late." #w1 was delivered', False),
        ("it is false that #w2 is late! #w1 was delivered", False),
        # the sentence of the claim, not the one before it, among three
        ("ok. it is false that #w2 is late. #w1 was delivered", False),
        ("ok. fine. it is false that #w1 was delivered", True),
    ],
)
def test_a_sentence_denied_as_a_whole_is_the_sentence_of_the_claim(text: str, denied: bool) -> None:
    assert negated(text, text.rindex("delivered"), "delivered") is denied


@pytest.mark.parametrize("gap", [" " * 60, "\n", " \n\t  \u00a0 ", "  " * 30])
def test_no_run_of_spaces_puts_a_denial_out_of_reach(gap: str) -> None:
    """The reach is counted in words: "not", sixty spaces, "delayed" still denies it (a chat
    window shows it as "not delayed")."""
    for denial in ("not", "nowhere near in any way in any way in any way"):
        text = f"hat188 is {denial}{gap}delayed"
        assert negated(text, text.rindex("delayed"), "delayed"), repr(text)


def test_four_fillers_are_past_a_denials_reach() -> None:
    """The reader's bound: a denial, at most three fillers, then the status ("not only late but
    delayed" keeps "not" from reaching "delayed")."""
    text = "#w1 is not yet been actually really delayed"
    assert not negated(text, text.rindex("delayed"), "delayed")
    text = "#w1 is not been actually really delayed"
    assert negated(text, text.rindex("delayed"), "delayed")


@given(
    st.sampled_from(DENIALS_READ),
    st.lists(st.sampled_from(FILLERS_READ), max_size=3),
    st.sampled_from(["", *DENIED_THAT]),
    st.data(),
)
def test_the_spaces_between_words_change_no_reading(
    denial: str, fillers: list[str], sentence: str, data: st.DataObject
) -> None:
    """Any run of spaces, tabs or line breaks between the words reads as one space does."""
    words = f"{sentence} #w1 is {' '.join([denial, *fillers])} delayed".split()
    gaps = data.draw(st.lists(st.from_regex(r"[ \t\n\u00a0]{1,80}", fullmatch=True),
                              min_size=len(words) - 1, max_size=len(words) - 1))  # fmt: skip
    spaced = words[0] + "".join(gap + word for gap, word in zip(gaps, words[1:], strict=True))
    plain = " ".join(words)
    assert negated(spaced, spaced.rindex("delayed"), "delayed") == negated(
        plain, plain.rindex("delayed"), "delayed"
    )


@pytest.mark.parametrize(
    ("text", "position", "clause"),
    [
        ("#w1 is late; #w2 is on time", 0, "#w1 is late"),
        ("#w1 is late; #w2 is on time", 13, " #w2 is on time"),  # ";" alone is the break
        ("#w1 is late; #w2 is on time", 11, "#w1 is late"),  # at the break: the clause before
        ("#w1 is late; #w2 is on time", 12, " #w2 is on time"),  # right after it: the next
        ("#w1 is late and #w2 is on time", 4, "#w1 is late"),
        ("delayed: #w1, #w2", 0, "delayed"),
        ("it left. #w2 is late", 9, "#w2 is late"),
        ("* #w1 pending * #w2 delivered", 2, "#w1 pending"),
        ("no break at all", 5, "no break at all"),
    ],
)
def test_a_clause_runs_from_the_break_before_to_the_break_after(
    text: str, position: int, clause: str
) -> None:
    start, end = clause_of(text, position)
    assert text[start:end] == clause


def _clause_by_scan(folded: str, position: int) -> tuple[int, int]:
    """:func:`clause_of` as it read before it found a text's breaks once: one scan per call."""
    start = 0
    for found in _CLAUSE_BREAK.finditer(folded):
        if found.start() >= position:
            return start, found.start()
        if found.end() <= position:
            start = found.end()
    return start, len(folded)


@given(
    st.lists(
        st.sampled_from(["#w1", "is", "late", "and", ";", ",", ":", " ", " - ", ". ", "vs", "x"]),
        max_size=30,
    ).map("".join),
    st.data(),
)
def test_the_clause_is_the_one_a_scan_of_the_breaks_finds(text: str, data: st.DataObject) -> None:
    position = data.draw(st.integers(0, len(text)))
    assert clause_of(text, position) == _clause_by_scan(text, position)
