"""The planning readers' shortcuts read as the plain reading does.

Judging a dining session fast, the readers skip work a cheap look says cannot find anything:

- ``domains.dining.left_out`` reads a plan said to leave someone out (``_left_out``, one of
  the readings of :func:`~domains.dining.left_out.said_not_for_everyone`) without the whole
  pattern: a guest's words
  are tried after each guest's name, "leaves out" only in a text with "leav", and the plan not
  serving someone (compiled per scenario and restaurant) only in a text saying something does
  not serve;
- ``checkers.final_word`` looks for an hour in words (:data:`~checkers.plan_words.SPOKEN_HOUR`)
  only beside one of :data:`~checkers.plan_words.SPOKEN_HOUR_CUES`, and for a move
  (:data:`~checkers.plan_words.SHIFTED_TIME`) only beside "by";
- :data:`~checkers.plan_words.BARE_HOUR` and :data:`~checkers.plan_words.H_NOTATION` open with
  a digit (their look-behind after it), so that a search skips to digits.

Each property generates texts from the words the patterns read and holds the shortcut to the
plain reading (the patterns as first written, kept here as the reference).
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers import plan_words as vocab
from domains.dining import judge
from domains.dining import left_out as dining_left_out
from tests.test_review_probes_planning_1205 import STORY

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# The patterns before the rewrite that made them open with a digit.
PLAIN_BARE_HOUR = re.compile(
    r"(?:(?<=\bat )|(?<=\baround )|(?<=\babout ))(\d{1,2})(?!\d|[:.,]\d)(?!\s?[ap]\.?\s?m\b)"
    + vocab._TIME_ENDS_HERE
)
PLAIN_H_NOTATION = re.compile(r"\b(\d{1,2})h(\d{2})\b")

SUBJECTS = ["raj", "ana", "bjorn", "ember & oak", "r01", "umi", "this plan", "the booking", "it"]
PREDICATES = [
    *("can't make it", "cannot come", "won't be able to join us", "isn't coming", "is not"),
    *("attending", "will miss out", "misses out", "is left out", "gets excluded", "has nothing"),
    *("does not suit", "doesn't work for", "fails to serve", "won't fully satisfy", "leaves out"),
    *("works for everyone except", "suits all but", "is great", "works for", "serves"),
]
OBJECTS = ["", "", "raj", "ana", "everyone", "the whole group", "one guest", "one of", "to eat"]
FILLERS = ["so", "and", "but not", "no", "there", "leaving out", "everyone", "ana", "5 of the 6"]
SEPARATORS = [" ", " ", " ", ", ", ". ", "\n", " — ", "; "]
TIME_PHRASES = [
    *("at", "around", "about", "go", "meet", "six", "seven", "twelve", "o'clock", "oclock"),
    *("works", "would", "pm", "am", "6", "18", "7", "7:30", "18h00", "7h30", "x7h30", "2026"),
    *("sliding it by", "pushing the dinner back by", "moving things by", "30 minutes", "an hour"),
    *("half an hour", "by", "later", "too", "p.m.", "at 6", "around six", "at 18h00", "."),
    *("that", "flat", "boat"),
]


def joined(words: list[str] | st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    said = words if isinstance(words, st.SearchStrategy) else st.sampled_from(words)
    pieces = st.tuples(said, st.sampled_from(SEPARATORS))
    return st.lists(pieces, max_size=14).map(lambda ps: "".join(w + s for w, s in ps))


HOURS = st.one_of(
    st.tuples(
        st.sampled_from(["at", "around", "about", "that", "flat", "go around", "x", "meet about"]),
        st.sampled_from([" ", "", "  "]),
        st.sampled_from(["6", "18", "7:30", "18h00", "x7h30", "7h3", "six", "twelve", "2026"]),
        st.sampled_from(["", " o'clock", " works", " pm", " km", ".", "h00", " too"]),
    ).map("".join),
    st.sampled_from(TIME_PHRASES),
)
CLAUSES = st.one_of(
    st.tuples(*(st.sampled_from(w) for w in (SUBJECTS, PREDICATES, OBJECTS))).map(" ".join),
    st.sampled_from(FILLERS),
)


def whole_patterns(answer: dict[str, object]) -> list[re.Pattern[str]]:
    """The "left out" patterns as first written, each whole, for the story group and ``answer``'s
    plan."""
    names = "|".join(judge._guest_alternatives(STORY) or ())
    own = judge._own_names(answer, STORY)
    subject = rf"(?:{dining_left_out.PLAN_SUBJECT}|{own})" if own else dining_left_out.PLAN_SUBJECT
    who = f"{names}|everyone|everybody|the whole group|one guest|one of"
    not_serving = dining_left_out._NOT_SERVING.pattern
    return [
        dining_left_out._SERVES_ALL_BUT,
        re.compile(rf"\b{subject}\s+{not_serving}\s+(?:\w+\s+)?(?:{who})\b"),
        re.compile(rf"(?<!\w)(?:{names}){dining_left_out._NAME_ABSENT.tail.pattern}"),
        re.compile(rf"\b(?:leaves?|leaving) out\s+(?:{names})\b"),
    ]


def left_out_said(answer: dict[str, object], folded: str) -> list[re.Match[str]]:
    """Where ``folded`` says a plan leaves a guest of the story group out, as read."""
    names = judge._guest_alternatives(STORY)
    read = dining_left_out._left_out(folded, names, lambda: judge._own_names(answer, STORY))
    return [said.match for said in read]


def plain_left_out_said(answer: dict[str, object], folded: str) -> list[tuple[int, str]]:
    """:func:`left_out_said` without the shortcuts: each whole pattern searched every time."""
    count = dining_left_out._count
    said = [m for m in dining_left_out._SERVES_SOME.finditer(folded) if count(m[1]) < count(m[2])]
    said += (m for pattern in whole_patterns(answer) for m in pattern.finditer(folded))
    return sorted((m.start(), m.group()) for m in said)


@SETTINGS
@given(text=joined(CLAUSES), restaurant=st.sampled_from(["r01", "r19", "nowhere"]))
def test_the_left_out_shortcut_finds_what_the_whole_pattern_finds(
    text: str, restaurant: str
) -> None:
    answer = {"restaurant": restaurant, "time": "18:30"}
    found = left_out_said(answer, text)
    assert sorted((m.start(), m.group()) for m in found) == plain_left_out_said(answer, text)


@SETTINGS
@given(
    data=st.data(), restaurant=st.sampled_from(["r01", "r19", "nowhere"]), which=st.integers(0, 3)
)
def test_every_text_a_whole_left_out_pattern_matches_is_read(
    data: st.DataObject, restaurant: str, which: int
) -> None:
    """Drawn from each whole pattern, so a word the shortcuts would skip (a cue missing a new
    word) is caught where the hand-written clauses above would not hold it."""
    answer = {"restaurant": restaurant, "time": "18:30"}
    pattern = whole_patterns(answer)[which]
    text = data.draw(st.from_regex(pattern)).casefold()
    found = {(m.start(), m.group()) for m in left_out_said(answer, text)}
    for match in pattern.finditer(text):
        assert (match.start(), match.group()) in found, text


def test_a_guest_left_out_is_read_through_the_shortcut() -> None:
    answer = {"restaurant": "r01", "time": "18:30"}
    for text, said in [
        ("raj can't make it, sadly.", "raj can't make it, sadly"),
        ("raj can't make it tonight.", "raj can't make it tonight"),
        ("ember & oak does not suit ana", "ember & oak does not suit ana"),
        ("bjorn will miss out.", "bjorn will miss out"),
        ("ana has nothing to eat there", "ana has nothing to eat"),
        ("it works for everyone except raj", "works for everyone except"),
        ("this plan leaves out raj", "leaves out raj"),
    ]:
        assert [m.group() for m in left_out_said(answer, text)] == [said], text
    assert left_out_said(answer, "everyone is happy at 18:30.") == []


def spans(pattern: re.Pattern[str], text: str) -> list[tuple[tuple[int, int], tuple[str, ...]]]:
    return [(m.span(), m.groups()) for m in pattern.finditer(text)]


@SETTINGS
@given(text=joined(HOURS))
def test_the_digit_led_hour_patterns_match_as_the_plain_ones(text: str) -> None:
    assert spans(vocab.BARE_HOUR, text) == spans(PLAIN_BARE_HOUR, text)
    assert spans(vocab.H_NOTATION, text) == spans(PLAIN_H_NOTATION, text)


@SETTINGS
@given(text=joined(HOURS))
def test_every_hour_in_words_and_every_move_holds_its_cue(text: str) -> None:
    for match in vocab.SPOKEN_HOUR.finditer(text):
        assert any(cue in match.group() for cue in vocab.SPOKEN_HOUR_CUES), match
    for match in vocab.SHIFTED_TIME.finditer(text):
        assert "by" in match.group(), match


def test_the_rewritten_patterns_read_the_documented_forms() -> None:
    assert [m[1] for m in vocab.BARE_HOUR.finditer("at 6 works, at 6 km, around 7.")] == ["6", "7"]
    assert [m.groups() for m in vocab.H_NOTATION.finditer("18h00 or x7h30 or 7h30")] == [
        ("18", "00"),
        ("7", "30"),
    ]
