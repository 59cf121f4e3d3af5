"""A required word (not a number) said as what something is with an alternative ("It is white or
black", "It's black or white", "It is white, or maybe black", "Noted: white/black") is not told:
``conveyed`` fails (:func:`checkers.asserted.asserted_phrase`), as it does for a number joined
to another by "or" (:func:`checkers.tokens.hedged`). The word told beside another word of the
reply ("white, not black", "The options were white or black; it is white", "It is white. Or
would you like ...") is told, and so are options given with another verb ("The policy allows
black or white", "Refunds go to the original method or a gift card": both are true).

Found by a hostile review (2026-12-07): "It is white or black." conveyed "white". The property
was seen failing on the code before.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.asserted import asserted_phrase
from checkers.results import Outcome
from tests.test_conveyed_hedged_1207b import Frame, WordTask, _word_tasks, _words_conveyed
from tests.test_conveyed_plainly import _written

OTHERS = ("black", "silver", "the other one", "leather", "a tablet", "blue")
"""Alternatives, none a required word of the tasks."""
WITH_ALTERNATIVE: list[Frame] = [
    lambda w: f"It is {w} or {{o}}.",
    lambda w: f"It's either {w} or {{o}}.",
    lambda w: f"It is {{o}} or {w}.",
    lambda w: f"It is {w}, or maybe {{o}}.",
    lambda w: f"It is {w} (or {{o}}).",
    lambda w: f"It is {w}/{{o}}.",
    lambda w: f"It is {{o}} or perhaps {w}.",
    lambda w: f"Noted: {w} or {{o}}.",
]
"""A required word given with an alternative ``{o}``."""
TOLD_BESIDE: list[Frame] = [
    lambda w: f"It is {w}, not {{o}}.",
    lambda w: f"The options were {{o}} or something else; it is {w}.",
    lambda w: f"It is {w}. Or would you like {{o}} instead?",
    lambda w: f"It is {w}, and {{o}} is out of stock.",
    lambda w: f"It is {w}; {{o}} or anything else is not available.",
    lambda w: f"The policy allows {{o}} or {w}.",
]
"""A required word told, an alternative said of something else."""


@st.composite
def _one_word(draw: st.DrawFn) -> tuple[WordTask, str, bool]:
    """A task, a reply telling every required output plainly but one word, given with an
    alternative or told beside one, and whether it is told."""
    task = draw(st.sampled_from(_word_tasks()))
    index = draw(st.integers(0, len(task.words) - 1))
    tells = draw(st.booleans())
    frame = draw(st.sampled_from(TOLD_BESIDE if tells else WITH_ALTERNATIVE))
    other = draw(st.sampled_from(OTHERS))
    plain = [f"It is {_written(o, draw(st.booleans()))}." for o in task.others]
    words = [
        frame(w).format(o=other) if i == index else f"It is {w}." for i, w in enumerate(task.words)
    ]
    return task, "\n".join(draw(st.permutations([*plain, *words]))), tells


@settings(max_examples=200, deadline=None)
@given(_one_word())
def test_a_required_word_given_with_an_alternative_is_not_conveyed(
    case: tuple[WordTask, str, bool],
) -> None:
    task, reply, tells = case
    expected = Outcome.PASS if tells else Outcome.FAIL
    assert _words_conveyed(task, reply) == expected, (task.id, reply)


WORDS = st.text("abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=9)


@settings(max_examples=200, deadline=None)
@given(WORDS, st.sampled_from(OTHERS), st.sampled_from(WITH_ALTERNATIVE))
def test_any_word_given_with_an_alternative_is_not_asserted(
    word: str, other: str, frame: Frame
) -> None:
    text = frame(word).format(o=other)
    if word in text.replace(word, "", 1):
        return  # the word said twice (inside the alternative): not this property's case
    assert not asserted_phrase(text, word), text
    assert asserted_phrase(f"It is {word}.", word)
