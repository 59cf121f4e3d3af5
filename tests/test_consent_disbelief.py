"""A bare "Yeah right." is disbelief, not consent (:func:`checkers.consent.classify`).

"Yeah right" was read as a yes beside a neutral word, so a customer's scoffing reply to a
listing let the write through as confirmed (a known limit until 2026-12-06). Alone, with any
case, spacing and punctuation, "yeah right" (and "sure, right", "oh yeah, right") qualifies the
yes; followed by a go-ahead ("Yeah, right, go ahead") the yes is said, and "right" elsewhere
("That's right", "Yes, right away", "Alright") stays neutral.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from checkers.consent import Consent, classify, is_consent

YES_WORDS = ("yeah", "yea", "yeh", "sure", "Yeah", "YEAH", "Sure")
GAPS = (" ", ", ", "... ", " - ", ",  ", "\u00a0")
ENDS = ("", ".", "!", "...", "!!", " .", "\n")


def cased(text: str, upper: list[bool]) -> str:
    flags = (upper + [False] * len(text))[: len(text)]
    return "".join(c.upper() if u else c for c, u in zip(text, flags, strict=True))


@given(
    oh=st.sampled_from(("", "oh ", "Oh, ", "OH ")),
    yes=st.sampled_from(YES_WORDS),
    gap=st.sampled_from(GAPS),
    end=st.sampled_from(ENDS),
    upper=st.lists(st.booleans(), max_size=20),
)
def test_a_bare_yeah_right_is_no_consent(
    oh: str, yes: str, gap: str, end: str, upper: list[bool]
) -> None:
    reply = cased(f"{oh}{yes}{gap}right{end}", upper)
    assert classify(reply).consent is Consent.NOT_CONSENT, reply


@given(
    yes=st.sampled_from(YES_WORDS),
    gap=st.sampled_from((" ", ", ")),
    go=st.sampled_from((", go ahead.", ", please proceed.", ", do it.")),
)
def test_a_go_ahead_after_it_is_consent(yes: str, gap: str, go: str) -> None:
    reply = f"{yes}{gap}right{go}"
    assert is_consent(reply), reply


def test_right_elsewhere_stays_neutral() -> None:
    for reply in ("That's right, go ahead.", "Yes, right away.", "Alright.", "Right, yes."):
        assert is_consent(reply), reply
