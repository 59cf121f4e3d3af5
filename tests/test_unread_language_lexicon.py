"""A sentence mostly of words no English list holds is another language's, whatever language it
is; real English is not.

Found passing (2026-12-07), each after a plan that serves everyone: "Ana ist krank." (German,
"Ana is ill"), "Ana não vem." (Portuguese), "Ana gelmiyor." (Turkish), "Ana ne vient pas."
(French): the readers' lists of foreign words held too few of them, and no list of every
language can. A sentence is now weighed against an English word list
(:func:`checkers.unread_language.english_lexicon`); the property draws its sentences from the
most frequent words of six other languages (pyspellchecker's own lists, those that are no
English words) and was seen failing on the code before. Its honest twin is every message of the
50 recorded gpt-4o airline runs, agent's and customer's, and every NATURAL PLAN task: none is
read as another language.
"""

from __future__ import annotations

import json
from functools import cache
from unittest import mock

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from spellchecker import SpellChecker

from checkers import unread_language
from checkers.text import LOOKALIKES, fold_lower
from checkers.unread_language import _english_word, english_lexicon, unread_sentence
from domains.airline.data_files import RUNS_FILE
from domains.dining.scenarios import DINING
from domains.scheduling.benchmark import DEV_TASKS
from tests.test_needs_said_broken_anywhere import SERVED_IN_FULL, TASKS
from tests.test_plan_struck_or_without import _dining, _dining_plan, _scheduling
from tests.test_roster import beside

LANGUAGES = ("de", "es", "fr", "it", "pt", "nl")


@cache
def frequent_foreign_words(language: str) -> tuple[str, ...]:
    """The 400 most frequent words of ``language`` (pyspellchecker's list) of three or more
    letters that are no English words, as written."""
    counts = SpellChecker(language=language).word_frequency.dictionary
    top = sorted(counts, key=lambda word: -counts[word])[:400]
    english = english_lexicon() | _scenario_words()
    return tuple(
        word
        for word in top
        if word.isalpha() and len(word) >= 3 and fold_lower(word) not in english
    )


@cache
def _scenario_words() -> frozenset[str]:
    """The words of the dining scenarios' names and dishes, which count for nothing
    ("Linguine alle vongole": "alle" is a dish's word there)."""
    words: set[str] = set()
    for scenario_id in SERVED_IN_FULL:
        scenario = DINING.load_scenario(scenario_id)
        names = [guest.name for guest in scenario.group.guests]
        for restaurant in scenario.restaurants:
            names += [restaurant.name, restaurant.cuisine, *(d.name for d in restaurant.menu)]
        words.update(word for name in names for word in fold_lower(name).split())
    return frozenset(words)


@st.composite
def foreign_sentences(draw: st.DrawFn, name: str) -> str:
    """``name`` and one to four frequent words of one other language, in lower case, title
    case or capitals."""
    words = frequent_foreign_words(draw(st.sampled_from(LANGUAGES)))
    said = draw(st.lists(st.sampled_from(words), min_size=1, max_size=4))
    case = draw(st.sampled_from((str.lower, str.title, str.upper)))
    return f"{name} {case(' '.join(said))}."


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(SERVED_IN_FULL),
    st.sampled_from(sorted(TASKS)),
    st.booleans(),
    st.booleans(),
    st.data(),
)
def test_a_sentence_of_words_of_another_language_fails_the_plan(
    scenario_id: str, task_id: str, dining: bool, before: bool, data: st.DataObject
) -> None:
    task = TASKS[task_id]
    plan, who = (
        _dining_plan(scenario_id) if dining else (task.golden or "", task.participants[-1].name)
    )
    said = data.draw(foreign_sentences(who))
    text = beside(plan, said, before)
    judged = _dining(scenario_id, text) if dining else _scheduling(task_id, text)
    assert not judged, text


FOUND = (
    "Ana ist krank.",
    "Ana não vem.",
    "Ana gelmiyor.",
    "Ana ne vient pas.",
    "ANA IST DA.",
    "Ana Kommt Heute Nicht.",
)
ENGLISH = (
    "Ana will love the pozole.",
    "Flights from Los Angeles to Las Vegas are not part of this.",
    "Times are in EST, and the booking is on OpenTable.",
    "Book at https://www.opentable.com/r/green-fork if you like.",
    "Bon appétit, Ana!",
    "Voilà!",
    "RSVP by Friday, etc.",
)


@pytest.mark.parametrize("said", FOUND)
def test_the_sentences_found_are_unread(said: str) -> None:
    assert not _dining("story-six", beside(_dining_plan("story-six")[0], said, False)), said


@pytest.mark.parametrize("said", ENGLISH)
def test_english_with_names_codes_and_borrowed_words_is_read(said: str) -> None:
    assert unread_sentence(said, ("Ana", "Green Fork")) is None, said


def _recorded_texts() -> list[str]:
    texts = []
    with RUNS_FILE.open() as runs:
        for line in runs:
            for message in json.loads(line)["traj"]:
                if message.get("role") in ("assistant", "user") and message.get("content"):
                    texts.append(message["content"])
    with DEV_TASKS.open() as tasks:
        for line in tasks:
            texts.extend(v for v in json.loads(line).values() if isinstance(v, str))
    return texts


def test_no_recorded_english_is_read_as_another_language() -> None:
    texts = _recorded_texts()
    assert len(texts) > 1_600
    unread = [sentence for text in texts if (sentence := unread_sentence(text))]
    assert unread == []


_DISGUISES: dict[str, list[str]] = {}
for _code, _latin in LOOKALIKES.items():
    letter = chr(_code)
    if isinstance(_latin, str) and _latin.isalpha() and letter.isalpha() and not letter.isascii():
        _DISGUISES.setdefault(_latin, []).append(letter)


@st.composite
def disguised_words(draw: st.DrawFn, word: str) -> str:
    """``word`` with some of its letters (not all) spelled as look-alikes of other scripts."""
    letters = list(word)
    places = [i for i, letter in enumerate(letters) if letter in _DISGUISES]
    assume(places)
    most = min(len(places), len(letters) - 1)  # one Latin letter at least
    chosen = draw(st.lists(st.sampled_from(places), min_size=1, max_size=most, unique=True))
    for i in chosen:
        letters[i] = draw(st.sampled_from(_DISGUISES[letters[i]]))
    return "".join(letters)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(LANGUAGES), st.data())
def test_a_word_of_another_language_disguised_in_look_alikes_is_unread(
    language: str, data: st.DataObject
) -> None:
    """Found passing (2026-12-07): the Russian "Мест." ("seats") after the plan, written with a
    Latin "M" and Cyrillic look-alikes after it, read as the Latin gibberish "Mect". A word
    mixing Latin letters and look-alikes that reads as no English word is another script's;
    an English word so disguised is read as itself."""
    word = data.draw(st.sampled_from(frequent_foreign_words(language)).filter(str.isascii))
    sentence = data.draw(disguised_words(word)) + "."
    assert unread_sentence(sentence) is not None, sentence
    english = data.draw(st.sampled_from(("works", "everyone", "dinner", "table", "booked")))
    assert unread_sentence(f"This {data.draw(disguised_words(english))} fine.") is None


_PIECES = (
    *("the", "table", "works", "for", "everyone", "Ana", "Green", "Fork", "EST", "r03", "17:30"),
    *("ist", "krank", "nicht", "viene", "não", "vem", "gelmiyor", "Мест", "нет", "杰瑞", "krank's"),
    *("Ana's", "nicht'", "O'Brien", "ANA", "IST", "KRANK", "Ist", "Krank"),
    *(".", ",", "!", "?", ":", "\n", "\u200b", "👍", "https://x.io/a", "café", "DEN", "LAS"),
)
"""Words and marks of English, other languages and scripts, codes and names, as an answer
mixes them."""


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=14), st.lists(st.sampled_from(_PIECES)))
def test_the_quick_screen_never_hides_a_sentence_the_full_reading_finds(
    pieces: list[str], known: list[str]
) -> None:
    """:func:`checkers.unread_language.unread_sentence` skips the sentence by sentence reading
    when a quick screen of the whole text finds nothing foreign; the screen must never skip a
    text the full reading would refuse (a false pass by shortcut)."""
    text = " ".join(pieces)
    names = tuple(known)
    with mock.patch.object(unread_language, "_may_be_foreign", return_value=True):
        full = unread_sentence(text, names)
    assert unread_sentence(text, names) == full, text


LOANWORDS = ("kombucha", "matcha", "edamame", "gyoza", "bao", "katsu", "banh", "poke", "mochi")
"""Food words of other languages an English answer uses, outside the English word list."""


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(SERVED_IN_FULL),
    st.lists(st.sampled_from(LOANWORDS), min_size=2, max_size=2, unique=True),
    st.sampled_from(
        ("Try the {a} and {b}.", "{a} and {b} on tap.", "The {a} and the {b} are great.")
    ),
)
def test_english_words_a_dish_name_holds_still_count_as_english(
    scenario_id: str, words: list[str], frame: str
) -> None:
    """Found failing (2026-12-07, evening): "Try the edamame and gyoza." beside a plan was read
    as another language where a dish's name held "the" and "and": the scenario's words counted
    for nothing, English ones too. An English word written in lower case counts as English even
    when a name holds it."""
    plan, _ = _dining_plan(scenario_id)
    said = frame.format(a=words[0], b=words[1])
    said = said[0].upper() + said[1:]
    assert _dining(scenario_id, f"{plan}\n\n{said}"), said


def test_no_frequent_word_of_another_language_is_english_by_a_british_spelling() -> None:
    """The British respellings (``_BRITISH_SPELLINGS``: "colour", "programme") make no word of
    another language English: "comme" read as "com" and "jour" as "jor" let "Jerry comme."
    pass (found by the suite's property on merge, 2026-12-08)."""
    for language in LANGUAGES:
        respelled = [
            word for word in frequent_foreign_words(language) if _english_word(fold_lower(word))
        ]
        assert not respelled, (language, respelled)
