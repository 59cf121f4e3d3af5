"""The words around a status claim, read once for every domain that states statuses
(``checkers/status_words.py``): a negation before it, the clause it stands in, and the group of
ids it is about."""

from __future__ import annotations

import re

import pytest

from checkers.status_words import nearest, negated

NEGATED = [
    ("has not been delivered", True),
    ("hasn't actually been delivered", True),
    ("is no longer delayed", True),
    ("has yet to be delivered", True),
    ("is neither cancelled nor delayed", True),  # "delayed", after "nor"
    ("was never delivered", True),
    ("was delivered", False),
    ("was not only late but delayed", False),  # "not" too far from "delayed"
    ("is on time, not delayed", True),
]


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
