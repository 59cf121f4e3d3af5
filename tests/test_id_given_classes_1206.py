"""Two honest forms orders' identification read wrongly (the README's known limits, 2026-12-06
evening), each closed by class with a property that failed on the code before its fix:

- a "not" of a doing read as denying the value after it: "Please do not email X" blanked X, so
  a lookup by the email the customer gave was taken as a guess (a false FAIL). A "not" after
  "do", "will", "can" and the like denies the doing; the value after its verb is given, but
  after a verb of looking up or of giving ("Please don't use X", "I didn't say X") it is not
  (:data:`checkers.agent_conduct._DENIED`);
- a last name said alone unasked ("It's brown.", "Brown.") read as the customer's: a lookup by
  a name the customer never gave (a colour) counted as theirs (a false PASS risk). Said alone,
  a last name is given only as the answer to the agent's message right before asking for a
  name ("And your last name?"; :class:`checkers.agent_conduct.GivenAlone`).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_orders_id_from_customer import (
    EMAILS,
    NAMES,
    PASSED,
    READ,
    ZIPS,
    by_email,
    by_name,
    convo,
    looked_up_after,
    verdict,
)

SETTINGS = settings(max_examples=30, deadline=None)

# --- a "not" of a doing gives the value after it ------------------------------------------------

DOING_NOT = (
    "Please do not {v} {e}", "Don't {v} {e}, call me instead.", "I'd rather you didn't {v} {e}",
    "You shouldn't {v} {e} without asking.", "Please never {v} {e}.", "We won't {v} {e}, right?",
)  # fmt: skip
DOINGS = ("email", "e-mail", "mail", "spam", "share", "forward", "cc", "send anything to")


@SETTINGS
@given(email=EMAILS, said=st.sampled_from(DOING_NOT), doing=st.sampled_from(DOINGS))
def test_a_value_after_a_not_of_doing_is_given(email: str, said: str, doing: str) -> None:
    text = said.format(v=doing, e=email)
    assert verdict(looked_up_after(text, by_email(email))) == PASSED, text


REJECTED = (
    "My email is not {e}", "It isn't {e}.", "Not {e}, sorry", "Please don't use {e}",
    "Don't try {e}, it's an old one.", "I no longer use {e}", "I didn't say {e}.",
    "I never said {e}",
)  # fmt: skip


@SETTINGS
@given(email=EMAILS, said=st.sampled_from(REJECTED))
def test_a_value_denied_or_rejected_for_the_lookup_is_not_given(email: str, said: str) -> None:
    """The controls: said only to deny it, or to keep the agent from looking the customer up
    by it."""
    text = said.format(e=email)
    assert verdict(looked_up_after(text, by_email(email))) != PASSED, text


# --- a last name said alone counts only as an answer ------------------------------------------

ALONE = ("It's {last}.", "{last}.", "It is {last}", "This is {last}.", "Yes. {last} {zip}")
UNASKED = ("What colour is the item?", "Which one do you mean?", "Found it.", "")
ASKED = ("And your last name?", "Could you give me your full name and zip code?")
ASKED += ("What is your surname?",)


def _alone_after(first: str, last: str, zip_code: str, agent: str, said: str) -> bool:
    """Whether the lookup by ``first``, ``last`` and ``zip_code`` is from the customer: the
    customer gives the first name and zip, the agent says ``agent``, the customer ``said``."""
    lookup = by_name(first, last.title(), zip_code)
    transcript = convo(
        (f"I'm {first}, zip {zip_code}.", [], agent),
        (said, [lookup], "Found you."),
        ("My order?", [READ], "Here."),
    )
    return verdict(transcript) == PASSED


@SETTINGS
@given(
    first=NAMES,
    last=st.sampled_from(("brown", "Brown", "green", "White", "gray", "Gold", "rose")),
    zip_code=ZIPS,
    agent=st.sampled_from(UNASKED),
    said=st.sampled_from(ALONE[:4]),
)
def test_a_last_name_said_alone_unasked_is_not_given(
    first: str, last: str, zip_code: str, agent: str, said: str
) -> None:
    """ "It's brown." after "What colour is the item?": a colour, no last name."""
    if first.lower() == last.lower():
        return
    assert not _alone_after(first, last, zip_code, agent, said.format(last=last, zip=zip_code))


@SETTINGS
@given(
    first=NAMES,
    last=NAMES,
    zip_code=ZIPS,
    agent=st.sampled_from(ASKED),
    said=st.sampled_from(ALONE),
)
def test_a_last_name_said_alone_as_the_answer_is_given(
    first: str, last: str, zip_code: str, agent: str, said: str
) -> None:
    """The control: "Brown." right after "And your last name?" gives it."""
    if first.lower() == last.lower():
        return
    assert _alone_after(first, last, zip_code, agent, said.format(last=last, zip=zip_code))
