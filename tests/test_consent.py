"""The consent classifier (checkers/consent.py); its use by orders' confirmed_before_writing is
proven in tests/test_orders_confirmation.py.

A write may follow only the customer's unconditional yes to the agent's listing of that write.
Known classifications are one-line rows; the properties state what no phrasing may break: a
qualifier beside a yes is never consent, folding changes no class, and a yes to a listing that
does not list the write is never a pass.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers.consent import (
    BUNDLED_REPLIES,
    NEUTRAL,
    Consent,
    classify,
    classify_sentences,
    is_consent,
    load_replies,
    measure,
    report_lines,
)
from checkers.errors import DataError
from checkers.text import LOOKALIKES

C, R, N, A = Consent.CONSENT, Consent.REFUSAL, Consent.NOT_CONSENT, Consent.AMBIGUOUS

# --- known classifications -----------------------------------------------------------------------

KNOWN = [
    # the hostile round's examples (issue 13, class 6)
    ("OK, let me check with my husband first", N, "let me"),
    ("Sure... hold off", N, "hold off"),
    ("I will think about it", N, "think"),
    ("Yes? What do you mean?", N, "?"),
    ("Yes, but only after my paycheck clears", N, "but"),
    # plain yes, with thanks, with detail that is no condition
    ("Yes, please.", C, "yes"),
    ("Sure thing, thank you!", C, "sure thing"),
    ("Yes, please send the confirmation for order #W2378156.", C, "yes"),
    ("No problem, go ahead.", C, "yes"),
    ("\U0001f44d", C, "yes"),
    # refusals, negations, mixed signals, unknown words, no yes at all
    ("No.", R, "no"),
    ("Do not proceed.", R, "do not proceed"),
    ("Yes, don't change the card.", N, "dont"),
    ("No, go ahead.", A, "go ahead / no"),
    ("Yes, my husband agrees.", A, "husband agrees"),
    ("Yes wait5min", A, "wait5min"),
    ("Yes, at 10", A, "10"),
    ("Yes, 17:00", A, "17:00"),
    ("Yes, $54.04 to card 9513926 is fine.", C, "yes"),
    ("Thanks.", N, ""),
    ("Please cancel order #W1 because it is no longer needed.", N, ""),
    ("", N, ""),
    # a yes in another language; beside words of it the classifier does not know, undecided
    ("Sí.", C, "si"),
    ("Oui", C, "oui"),
    ("はい", C, "hai"),
    ("是的", C, "shide"),
    ("Si vous pouvez", A, "vous pouvez"),
    ("Oui mais attendez", A, "mais attendez"),
    ("Non", N, ""),
    # spelling: typos, look-alike letters, zero-width characters
    ("yesss", C, "yes"),
    ("Y\u0435s, pl\u0435ase.", C, "yes"),
    ("Yes, ho\u200bld off.", N, "hold off"),
    ("\u041eK, n\u043et y\u0435t.", N, "not yet"),
]


@pytest.mark.parametrize(("reply", "expected", "evidence"), KNOWN)
def test_known_classifications(reply: str, expected: Consent, evidence: str) -> None:
    reading = classify(reply)
    assert (reading.consent, reading.evidence) == (expected, evidence), reading.why


def test_a_restatement_of_the_proposed_action_is_neutral_and_another_action_is_not() -> None:
    assert classify("Yes, please cancel it.", ("cancel",)).consent is C
    assert classify("Yes, please cancel it.").consent is A
    assert classify("Yes, please cancel it.", ("return", "refund")).consent is A


def test_the_reason_names_the_qualifier() -> None:
    assert classify("Sure... hold off").why == "a deferral ('hold off')"
    assert classify("Yes? What do you mean?").why == "a question ('?')"
    assert classify("Yes, my husband agrees.").why == (
        "a yes ('yes') beside words that may qualify it ('husband agrees')"
    )


# --- the labelled set ----------------------------------------------------------------------------


def test_the_bundled_set_is_large_varied_and_never_read_as_false_consent() -> None:
    replies = load_replies()
    assert len(replies) >= 150
    assert {r.label for r in replies} == set(Consent)
    assert len({r.phrasing for r in replies}) >= 15
    figures = measure(replies, "bundled")
    assert figures.false_consent == ()
    assert figures.precision == 1
    assert figures.recall is not None and figures.recall >= 0.95


def test_report_lines_state_precision_and_recall_as_fractions() -> None:
    lines = report_lines(measure(load_replies(), "bundled"))
    assert lines[1].startswith("  precision       1.000  (")
    assert "read as consent" in lines[1]
    assert "consenting replies" in lines[2]


def test_a_bad_line_names_the_file_line_and_shape(tmp_path: Path) -> None:
    bad = tmp_path / "replies.jsonl"
    bad.write_text('{"id": "x", "text": "yes", "label": "maybe", "source": "handwritten"}\n')
    with pytest.raises(DataError) as caught:
        load_replies(bad)
    assert f"{bad}:1: label:" in str(caught.value)
    assert "label (consent, refusal, not_consent or ambiguous)" in str(caught.value)


# --- properties --------------------------------------------------------------------------------

YESES = [r.text for r in load_replies(BUNDLED_REPLIES) if r.label is C]
DEFERRALS = [
    "let me check with my husband first",
    "I will think about it",
    "hold off",
    "hold on",
    "not yet",
    "give me a minute",
    "I need to ask my wife",
    "wait",
    "later",
    "let me get back to you",
    "maybe tomorrow",
]
CONDITIONS = [
    "but only after payday",
    "if the fee is waived",
    "as long as it ships today",
    "unless it costs more",
    "once my refund arrives",
    "except the lamp",
    "provided it is free",
    "only the kettle",
]
QUESTIONS = ["what do you mean?", "?", "how long will it take?", "which card?", "is there a fee"]
NEGATIONS = ["don't", "do not do it", "not the lamp", "never mind", "no", "I didn't ask", "nope"]
HEDGES = ["maybe", "I guess", "probably", "I'm not sure", "hmm", "in principle", "for now"]
QUALIFIERS = DEFERRALS + CONDITIONS + QUESTIONS + NEGATIONS + HEDGES
JOINERS = [" ", ", ", ". ", "... ", " - ", "! ", "; ", "\n", ""]


@given(
    yes=st.sampled_from(YESES),
    qualifier=st.sampled_from(QUALIFIERS),
    joiner=st.sampled_from(JOINERS),
    before=st.booleans(),
)
def test_a_qualifier_before_or_after_a_yes_never_yields_consent(
    yes: str, qualifier: str, joiner: str, before: bool
) -> None:
    reply = f"{qualifier}{joiner}{yes}" if before else f"{yes}{joiner}{qualifier}"
    assert classify(reply).consent is not C, (reply, classify(reply))


@given(
    yes=st.sampled_from(YESES),
    words=st.lists(st.from_regex(r"[a-z]{3,9}", fullmatch=True), min_size=1, max_size=3),
)
def test_a_yes_beside_words_outside_the_neutral_vocabulary_is_never_consent(
    yes: str, words: list[str]
) -> None:
    reply = f"{yes} {' '.join(words)}"
    # a word is read with its letter runs shortened ("aaa" is "a"); a word that is itself a
    # yes or a qualifier is not an unknown word
    known = [re.sub(r"([a-z])\1{2,}", r"\1", w) in NEUTRAL or classify(w).evidence for w in words]
    if all(known) or classify(yes).consent is not C:
        return
    assert classify(reply).consent is not C, (reply, classify(reply))


_SIGHT: dict[str, list[str]] = {}
for _code, _latin in LOOKALIKES.items():
    if isinstance(_latin, str) and len(_latin) == 1:
        _SIGHT.setdefault(_latin, []).append(chr(_code))
INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"]


@st.composite
def disguised(draw: st.DrawFn, text: str) -> str:
    """``text`` with its case changed, some letters replaced by look-alikes of other scripts and
    invisible characters inserted."""
    out = []
    for char in text:
        upper = draw(st.booleans())
        char = char.upper() if upper else char.lower()
        if char in _SIGHT and draw(st.booleans()):
            char = draw(st.sampled_from(_SIGHT[char]))
        if draw(st.integers(0, 3)) == 0:
            char = draw(st.sampled_from(INVISIBLE)) + char
        out.append(char)
    return "".join(out)


LABELLED = [r.text for r in load_replies(BUNDLED_REPLIES)]


@given(data=st.data(), text=st.sampled_from(LABELLED))
def test_case_lookalikes_and_invisible_characters_change_no_class(
    data: st.DataObject, text: str
) -> None:
    changed = data.draw(disguised(text))
    assert classify(changed).consent is classify(text).consent, (text, changed)


def test_is_consent_is_the_classifier() -> None:
    assert is_consent("Yes, please.") and not is_consent("Sure... hold off")


TAKE_BACKS = [
    "Just kidding.",
    "JK.",
    "Abort.",
    "Disregard.",
    "Scratch that.",
    "Negative.",
    "Wrong reservation.",
    "That's the wrong flight.",
    "Actually, I take that back.",
    "Forget it.",
    "I changed my mind.",
    "Hold on.",
    "Just the outbound.",
    "The outbound flight alone.",
    "Except the return flight.",
    # requests and questions that narrow the proposal (false passes closed on 2026-12-05)
    "Could you leave out the camera?",
    "Could you just return the chair?",
    "Can you do it without the insurance?",
    "Would you skip the second bag?",
    "Just HAT188.",
]
"""Sentences that take a yes said before them back, or narrow it."""


@given(
    yes=st.sampled_from(YESES),
    # a question in its own sentence is asked beside the yes, by design
    after=st.sampled_from(
        TAKE_BACKS + [f"{q[0].upper()}{q[1:]}." for q in QUALIFIERS if q not in QUESTIONS]
    ),
    joiner=st.sampled_from([" ", "\n", "  "]),
)
def test_a_sentence_that_takes_a_yes_back_never_stands_beside_it(
    yes: str, after: str, joiner: str
) -> None:
    """A yes and, in a sentence of its own, words that would take it back or qualify it in the
    yes's own sentence: never consent. Read sentence by sentence, "Yes. Just kidding." was
    consent, the second sentence "only telling something"."""
    reply = f"{yes.rstrip('.!')}.{joiner}{after}"
    assert classify_sentences(reply).consent is not C, (reply, classify_sentences(reply))


@pytest.mark.parametrize(
    "reply",
    [
        "Yes. Thanks!",
        "Yes, please go ahead. Have a nice day.",
        "Yes. Please use my gift card.",
        "Yes, go ahead. What time does it leave?",
        "Yes. That sounds great.",
    ],
)
def test_a_sentence_that_only_asks_or_thanks_stands_beside_a_yes(reply: str) -> None:
    assert classify_sentences(reply).consent is C, classify_sentences(reply)


@given(
    yes=st.sampled_from(["Yes, proceed with those arrangements.", "Yes, do it the fancy way."]),
    question=st.sampled_from(
        [
            "Also, do I have any other upcoming flights?",
            "By the way, what is my gift card balance?",
            "One more thing: do I have other reservations?",
        ]
    ),
)
def test_an_undecided_yes_stays_undecided_beside_a_question_of_another_thing(
    yes: str, question: str
) -> None:
    """A yes beside words that may qualify it is undecided (unscored, never a pass); a question
    said to be of another thing, in its own sentence, does not make it a refusal."""
    assert classify_sentences(yes).consent is Consent.AMBIGUOUS
    assert classify_sentences(f"{yes} {question}").consent is Consent.AMBIGUOUS


@pytest.mark.parametrize(
    "reply",
    [
        "Yes, proceed with those arrangements. Could you just return the chair?",
        "Yes, proceed with those arrangements. Could you leave out the camera?",
        "Yes, do it the fancy way. Why would I want that?",
        "Yes, please go ahead. Could you leave out the camera?",
        "Yes, please go ahead. Could you do it without the insurance?",
        "Yes, just one of those steps, please.",
        "Yes, just one item, please.",
        "Yes, one of those steps.",
        "Yes? What do you mean?",
    ],
)
def test_a_question_that_narrows_or_doubts_the_proposal_is_no_question_beside_a_yes(
    reply: str,
) -> None:
    assert classify_sentences(reply).consent is not C, classify_sentences(reply)
