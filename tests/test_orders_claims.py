"""Status claims read from a sentence (``domains/orders/claims.py``): which status, and about
which orders. Known answers for each binding rule (a list of ids is one group, the claim's own
clause first, a status written as a label is about what follows it, the negation window, the
ends of sentences and entries a disguise or a slash would hide), and
the truth table of the statuses a reader gets wrong most easily (a shipped order that was since
delivered, a refund due on a modified order, a negated status). Properties state the binding
over generated sentences: a list of ids, clauses, entries, swapped statuses, disguised letters
and punctuation."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from checkers.meta import meta_settings
from checkers.status_words import DENIALS, FILLERS, MOST_FILLERS
from checkers.text import LOOKALIKES
from domains.orders.claims import (
    ORDER_STATES,
    VOCABULARY,
    Status,
    Thread,
    completion_claims,
    holds,
    sentence_claims,
)
from domains.orders.facts import sentences

# Marked so that `checkers mutate orders` runs these against each mutant of claims.py.
pytestmark = pytest.mark.checkers_meta

W1, W2, W3 = "#W1111111", "#W2222222", "#W3333333"

BOUND = [
    # A list of ids is one group; a claim about a group is about each of its orders.
    (f"{W1}, {W2} or {W3} will arrive soon.", [("in transit", (W1, W2, W3))]),
    (
        f"{W1} is delivered; {W2} and {W3} are pending.",
        [("delivered", (W1,)), ("pending", (W2, W3))],
    ),
    (
        f"{W1} and {W2} are pending, but {W3} was delivered.",
        [("pending", (W1, W2)), ("delivered", (W3,))],
    ),
    # The claim's own clause first, even when the sentence names an order before it.
    (
        f"Your order {W1} is pending; the delivered one is {W2}.",
        [("pending", (W1,)), ("delivered", (W2,))],
    ),
    # In one clause the order named before the claim is its subject.
    (
        f"Order {W1} was delivered before {W2} shipped.",
        [("delivered", (W1,)), ("shipped", (W2,))],
    ),
    # Outside the clause, the nearest order before it.
    (f"Order {W1} replaced order {W2}, which was delivered.", [("delivered", (W2,))]),
    (f"It was delivered, order {W1}.", [("delivered", (W1,))]),
    # A phrase that claims the negation directly.
    (f"Order {W1} is awaiting shipment.", [("not shipped yet", (W1,))]),
    # The claim's clause ends at the next break: an order named after it is not its subject.
    (f"{W1}: it was delivered, like {W2}, yesterday.", [("delivered", (W1,))]),
    (
        f"Your order {W1} is pending; the delivered one is {W2}, as you asked.",
        [("pending", (W1,)), ("delivered", (W2,))],
    ),
    # A list of ids is the subject of the clause it ends in, even across the list's commas.
    (f"{W1}, {W2} are delivered: see {W3}.", [("delivered", (W1, W2))]),
    # A status written as a label is about what follows it (negated from the sentence's start).
    (f"Not delivered: order {W1}.", [("not delivered", (W1,))]),
    (f"Delivered: {W1}, pending: {W2}.", [("delivered", (W1,)), ("pending", (W2,))]),
    # An order named by its last digits, and a sentence naming no order.
    ("The order ending in 8665 was delivered.", [("delivered", ("#W*8665",))]),
    ("It was delivered yesterday.", [("delivered", ())]),
    # Orders listed after "neither" are claimed the opposite of what follows.
    (f"Neither {W1} nor {W2} has been delivered.", [("not delivered", (W1, W2))]),
    (f"Neither {W1} nor {W2} is awaiting shipment.", [("shipped", (W1, W2))]),
    (f"Neither {W1} nor {W2} expected to ship.", [("shipped", (W1, W2))]),
    (f"Neither of your orders {W1} and {W2} was delivered.", [("not delivered", (W1, W2))]),
    # ... but only in the clause "neither" opens.
    (
        f"Neither {W1} nor {W2} has any problems; both were delivered.",
        [("delivered", (W1, W2))],
    ),
    # A status left out is the one before it; "not" claims its opposite.
    (f"{W1} was delivered but {W2} was not.", [("delivered", (W1,)), ("not delivered", (W2,))]),
    (f"{W1} was delivered, as was order {W2}.", [("delivered", (W1,)), ("delivered", (W2,))]),
    (f"{W1} is pending and {W2} too.", [("pending", (W1,)), ("pending", (W2,))]),
    # Only a clause of the orders and those words: here the sentence states nothing of W2.
    (f"{W1} was delivered; I checked {W2} too.", [("delivered", (W1,))]),
    # The status left out is the last one said before the clause, not one said after it, and
    # an order with a status of its own in between changes which.
    (
        f"{W1} was delivered but {W2} was not; {W3} is pending.",
        [("delivered", (W1,)), ("not delivered", (W2,)), ("pending", (W3,))],
    ),
    (
        f"{W1} was delivered, {W2} is pending, and {W3} too.",
        [("delivered", (W1,)), ("pending", (W2,)), ("pending", (W3,))],
    ),
    # After a comma or a semicolon the clause may open with its joining word.
    (f"{W1} was delivered, but {W2} was not.", [("delivered", (W1,)), ("not delivered", (W2,))]),
    (f"{W1} was delivered; {W2} too.", [("delivered", (W1,)), ("delivered", (W2,))]),
    (f"{W1} is pending, and so is {W2}.", [("pending", (W1,)), ("pending", (W2,))]),
    # Nothing said before: "too" has nothing to repeat.
    (f"{W2} too; {W1} is pending.", [("pending", (W1,))]),
]


def test_a_status_left_out_is_claimed_by_the_words_that_leave_it_out() -> None:
    sentence = f"{W1} was delivered but {W2} was not, and {W3} too."
    claimed = [(c.status, c.phrase, sentence[c.start : c.end]) for c in sentence_claims(sentence)]
    assert claimed == [
        ("delivered", "delivered", "delivered"),
        ("not delivered", "was not", "was not"),
        ("not delivered", "too", "too"),
    ]


@pytest.mark.parametrize(("sentence", "expected"), BOUND)
def test_each_claim_is_bound_to_the_orders_it_is_about(
    sentence: str, expected: list[tuple[str, tuple[str, ...]]]
) -> None:
    assert [(c.status, c.orders) for c in sentence_claims(sentence)] == expected


LONGEST_NEGATION = f"{max(DENIALS, key=len)} " + f"{max(FILLERS, key=len)} " * MOST_FILLERS
"""The longest run of words the reader takes as negating a status after it: the longest denial
and three of the longest fillers, the whole window the reader looks back over (which keeps it
linear)."""


@pytest.mark.parametrize(
    "sentence",
    [
        f"{LONGEST_NEGATION}delivered",
        f"Order {W1} is {LONGEST_NEGATION}delivered.",
        f"Not delivered: order {W1}.",
    ],
)
def test_the_longest_negation_the_reader_knows_still_negates(sentence: str) -> None:
    assert [c.status for c in sentence_claims(sentence)] == ["not delivered"]


COMPLETIONS = [
    ("Your request has been completed.", ["your request has been completed"]),
    ("The order was not successfully cancelled.", []),
    ("Not successfully cancelled yet.", []),
    (f"The order was {LONGEST_NEGATION}successfully cancelled.", []),
    # A negated completion is skipped, and the reading goes on to the next one.
    (
        "It was not successfully cancelled, but I have updated the address.",
        ["i have updated"],
    ),
]


@pytest.mark.parametrize(("sentence", "expected"), COMPLETIONS)
def test_a_completion_is_claimed_unless_negated(sentence: str, expected: list[str]) -> None:
    assert [claim.group(0) for claim in completion_claims(sentence)] == expected


TRUTH = [
    # A shipped order that has since been delivered (or returned) was shipped.
    ("shipped", "in transit", True),
    ("shipped", "delivered", True),
    ("shipped", "return requested", True),
    ("shipped", "pending", False),
    ("delivered", "delivered", True),
    ("delivered", "in transit", False),
    # A refund is due on a cancelled order and on one whose items were modified.
    ("refund due", "cancelled", True),
    ("refund due", "pending (item modified)", True),
    ("refund due", "pending", False),
    # A negated claim is true exactly where its status is not.
    ("not delivered", "pending", True),
    ("not delivered", "delivered", False),
    ("no refund due", "pending", True),
    ("no refund due", "cancelled", False),
    # A refund transaction makes a refund due, and no claim of none.
    ("refund due", "refund", True),
    ("no refund due", "refund", False),
]


@pytest.mark.parametrize(("claim", "reported", "true"), TRUTH)
def test_a_claim_holds_in_the_states_that_make_it_true(
    claim: str, reported: str, true: bool
) -> None:
    assert holds(claim, reported) is true


def test_a_claim_holds_when_the_tool_reports_that_very_word() -> None:
    """Equal by value, not by identity: a state read from a tool's JSON is a new string."""
    reported = "".join(["ship", "ped"])
    assert holds("shipped", reported)
    assert not holds("shipped", "".join(["ordered"]))


@pytest.mark.parametrize("status", VOCABULARY, ids=lambda s: s.name)
def test_a_status_and_its_negation_split_the_states(status: Status) -> None:
    for state in ORDER_STATES:
        assert holds(status.name, state) != holds(status.negation, state), state


def test_a_claim_referring_back_is_about_the_last_orders_named() -> None:
    thread = Thread()
    thread.hear(f"Please check order {W1} and then order {W2}.")
    [bound] = thread.bound("It was delivered.")
    assert (bound.claim.status, bound.orders, bound.about_customer) == (
        "delivered",
        (W2,),
        False,
    )


# --- properties: each claim bound to the orders it is about -------------------------------------
# A claim bound to the wrong order is checked against that order's state, so a false status of
# one order passes when it is true of another, and a claim bound to no order is not checked at
# all. These properties write the sentences replies are made of and state the binding.

PROPERTY = settings(meta_settings("ci"), max_examples=60)
"""The ``ci`` profile's fixed seed (the same sentences on every run), and few examples: these run
against every mutant of claims.py."""

SAID: dict[str, tuple[str, ...]] = {
    "pending": ("is pending", "is awaiting processing"),
    "processed": ("was processed", "has been processed"),
    "shipped": ("has shipped", "was dispatched", "was handed to the carrier"),
    "in transit": ("is in transit", "is out for delivery", "is on its way", "will arrive soon"),
    "delivered": ("was delivered", "arrived", "was left at your door", "was signed for"),
    "cancelled": ("was cancelled", "was canceled", "was called off"),
    "refunded": ("has been refunded", "was fully refunded"),
    "refund due": ("will be refunded",),
    "return requested": ("had its return requested", "had a return initiated"),
    "exchange requested": ("had an exchange requested", "had its exchange submitted"),
    "not shipped yet": ("is awaiting shipment", "has yet to ship"),
    "not delivered": ("has not been delivered", "hasn't arrived", "did not arrive"),
    "not cancelled": ("was not cancelled",),
}
"""Words a reply uses to claim each status of :data:`VOCABULARY` (and some negations) of the
orders named before them."""

LABELS = ("pending", "processed", "shipped", "in transit", "delivered", "cancelled")
"""Statuses whose name alone, written as a label, claims them ("Delivered: #W1")."""

WORDED_SEPARATORS = (
    " along with ",
    " together with ",
    " and also ",
    " and/or ",
    " as well as ",
    " plus ",
    " in addition to ",
)
"""Words a reply writes between the ids of one list (:data:`~domains.orders.claims.LIST_WORDS`)
other than "and" and "or"."""

SEPARATORS = (", ", " and ", ", and ", " & ", "/", " / ", " | ", " or ", *WORDED_SEPARATORS)
"""What a reply writes between the ids of one list."""

BREAKS = ("; ", ". ", " but ", ", but ", " while ", ", whereas ", " - ", "\n")
"""What a reply writes between two clauses (". " and a line break between two sentences)."""

SLASH_BREAKS = (" / ", " | ")
"""Marks that break a status list into entries ("#W1: pending / #W2: delivered") and join bare
ids into one list ("#W1 / #W2 are pending")."""

ENTRY_BREAKS = (", ", "; ", ". ", "\n", *SLASH_BREAKS)
"""What a reply writes between two entries of a status list ("#W1: pending, #W2: delivered")."""

ORDER_IDS = st.integers(0, 9_999_999).map(lambda n: f"#W{n:07d}")
"""Order ids in the data's form."""

CLAIMS = st.sampled_from(sorted(SAID)).flatmap(
    lambda status: st.tuples(st.just(status), st.sampled_from(SAID[status]))
)
"""(status, words that claim it)."""

FORMS = {
    "words": "{a} {p}{gap}{b} {q}.",
    "orders last": "{a} is {x}{gap}the {y} one is {b}.",
    "label after": "{a}: {P}{gap}{b}: {Q}.",
    "label before": "{P}: {a}{gap}{Q}: {b}.",
    "dash": "{a} - {P}{gap}{b} - {Q}.",
}
"""Sentences that state one status of the orders ``a`` and another of ``b``: words after the
orders (``p``, ``q``), the status's name (``x``, ``y``) in a clause, or as a label (``P``,
``Q``) in an entry of a status list."""


def said(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """(status, orders) of each claim of ``text``, read sentence by sentence as the checks read a
    reply (:func:`domains.orders.facts.sentences`)."""
    return [(c.status, c.orders) for s in sentences(text) for c in sentence_claims(s)]


def about_each(text: str) -> dict[str, frozenset[str]]:
    """The statuses ``text`` claims of each order it binds a claim to."""
    found: dict[str, frozenset[str]] = {}
    for status, orders in said(text):
        for order in orders:
            found[order] = found.get(order, frozenset()) | {status}
    return found


READ = [
    # Ids joined by any list word are one list; the words elsewhere join nothing.
    (f"{W1} along with {W2} is pending.", [("pending", (W1, W2))]),
    (f"{W1} together with {W2} is pending.", [("pending", (W1, W2))]),
    (f"{W1} and also {W2} are pending.", [("pending", (W1, W2))]),
    (f"{W1} and/or {W2} is pending.", [("pending", (W1, W2))]),
    (f"{W1} in addition to {W2} is pending.", [("pending", (W1, W2))]),
    (f"Order {W1} was delivered along with its receipt.", [("delivered", (W1,))]),
    (f"{W1}, together with its invoice, was delivered.", [("delivered", (W1,))]),
    (
        f"{W1} was shipped along with the charger; {W2} is pending.",
        [("shipped", (W1,)), ("pending", (W2,))],
    ),
    # A slash or bar ends an entry of a status list, and joins bare ids into one list.
    (f"{W1}: Pending / {W2}: Delivered.", [("pending", (W1,)), ("delivered", (W2,))]),
    (f"Pending: {W1} | Delivered: {W2}.", [("pending", (W1,)), ("delivered", (W2,))]),
    (f"{W1} - Pending / {W2} - Delivered.", [("pending", (W1,)), ("delivered", (W2,))]),
    (f"{W1} / {W2} are pending.", [("pending", (W1, W2))]),
    (f"{W1} | {W2} are pending.", [("pending", (W1, W2))]),
    # A sentence ends where a reader sees it end, however the full stop is written.
    (f"{W1}: Pending.\u200b {W2}: Delivered.", [("pending", (W1,)), ("delivered", (W2,))]),
    (f"{W1}: Pending\uff0e {W2}: Delivered.", [("pending", (W1,)), ("delivered", (W2,))]),
    (f"{W1}: Pending\u2026 {W2}: Delivered.", [("pending", (W1,)), ("delivered", (W2,))]),
    (f'{W1}: "Pending." {W2}: "Delivered."', [("pending", (W1,)), ("delivered", (W2,))]),
    (f"({W1}: pending.) {W2}: delivered.", [("pending", (W1,)), ("delivered", (W2,))]),
    (f"\u2022 {W1}: Pending \u2022 {W2}: Delivered", [("pending", (W1,)), ("delivered", (W2,))]),
    (f"Pending: {W1}\u3002Delivered: {W2}\u3002", [("pending", (W1,)), ("delivered", (W2,))]),
    # Not a sentence end: a decimal point, an abbreviation's full stop before no space.
    (f"Order {W1}, $12.50 (i.e.the fee), was delivered.", [("delivered", (W1,))]),
    # An id written right against the status it follows is still the one it is about.
    (
        f"{W2} is pending; pending (item modified){W1[1:]}.",
        [("pending", (W2,)), ("pending", (W1,))],
    ),
    # A status phrase read with the space before it ("... #W1 expected to ship") still follows
    # the id it touches.
    (
        f"{W2} is pending; {W1} expected to ship soon.",
        [("pending", (W2,)), ("not shipped yet", (W1,))],
    ),
]


@pytest.mark.parametrize(("reply", "expected"), READ)
def test_a_reply_read_sentence_by_sentence_binds_each_claim(
    reply: str, expected: list[tuple[str, tuple[str, ...]]]
) -> None:
    assert said(reply) == expected


def test_a_sentence_is_quoted_as_written() -> None:
    """Sentences are split where the folded text ends one, and returned as the agent wrote
    them, invisible characters and all (reasons quote them)."""
    assert sentences(f"{W1}: Pending.\u200b {W2}\uff0e\u00a0\u2022 Done") == [
        f"{W1}: Pending.\u200b",
        f"{W2}\uff0e",
        "\u2022 Done",  # a bullet is no sentence end: the claims' clauses break there
    ]


@st.composite
def id_lists(
    draw: st.DrawFn, separators: tuple[str, ...] = SEPARATORS, least: int = 1
) -> tuple[tuple[str, ...], str]:
    """Distinct order ids, and the list a reply writes them as ("Orders #W1, #W2 and #W3")."""
    ids = draw(st.lists(ORDER_IDS, min_size=least, max_size=4, unique=True))
    gaps = [draw(st.sampled_from(separators)) for _ in ids[1:]]
    prefix = draw(st.sampled_from(("", "Orders ", "Your orders ")))
    return tuple(ids), prefix + "".join(i + g for i, g in zip(ids, [*gaps, ""], strict=True))


Statement = tuple[str, list[tuple[str, tuple[str, ...]]], str]
"""A sentence, the (status, orders) of each claim it makes, and the same sentence with the two
statuses swapped."""


@st.composite
def statements(
    draw: st.DrawFn,
    breaks: tuple[str, ...] = BREAKS,
    entry_breaks: tuple[str, ...] = ENTRY_BREAKS,
    forms: tuple[str, ...] = tuple(FORMS),
) -> Statement:
    """A sentence of one of :data:`FORMS` about two disjoint lists of orders, with two
    different statuses."""
    form = FORMS[draw(st.sampled_from(forms))]
    (a, a_written), (b, b_written) = draw(id_lists()), draw(id_lists())
    assume(not set(a) & set(b))
    if "{p}" in form:
        one, other = draw(CLAIMS), draw(CLAIMS)
    else:
        labels = draw(st.lists(st.sampled_from(LABELS), min_size=2, max_size=2, unique=True))
        one, other = (labels[0], labels[0]), (labels[1], labels[1])
    assume(one[0] != other[0])
    gap = draw(st.sampled_from(entry_breaks if "{P}" in form else breaks))

    def written(x: tuple[str, str], y: tuple[str, str]) -> str:
        p, q = x[1], y[1]
        return form.format(
            a=a_written, b=b_written, p=p, q=q, x=p, y=q, P=p.title(), Q=q.title(), gap=gap
        )

    return written(one, other), [(one[0], a), (other[0], b)], written(other, one)


def test_each_saying_claims_its_status_and_every_status_is_said() -> None:
    assert {s.name for s in VOCABULARY} <= set(SAID)
    for status, phrases in SAID.items():
        for phrase in phrases:
            assert [c.status for c in sentence_claims(f"It {phrase}.")] == [status], phrase
    for label in LABELS:
        assert [c.status for c in sentence_claims(f"{label.title()}: it.")] == [label]


ADJECTIVES = ("pending", "processed", "shipped", "delivered", "cancelled")
"""Statuses said as a word after "is" ("is delivered"), so any denial fits before them
("refunded" is claimed only after an auxiliary: see ``NOT_REFUNDED``)."""

NOT_REFUNDED = (
    "is not refunded", "was not refunded", "hasn't been refunded", "was never refunded",
    "has not yet been refunded", "has not actually been refunded", "had not been fully refunded",
)  # fmt: skip


@pytest.mark.parametrize("said", NOT_REFUNDED)
def test_a_refund_denied_after_its_auxiliary_claims_none(said: str) -> None:
    [claim] = sentence_claims(f"Order {W1} {said}.")
    assert (claim.status, claim.orders) == ("not refunded", (W1,))


@PROPERTY
@given(
    denial=st.sampled_from(DENIALS),
    fillers=st.lists(st.sampled_from(FILLERS), max_size=MOST_FILLERS),
    status=st.sampled_from(ADJECTIVES),
)
def test_every_denial_the_shared_words_know_negates_an_orders_status(
    denial: str, fillers: list[str], status: str
) -> None:
    """Each of :data:`checkers.status_words.DENIALS`, then up to three fillers, before a status
    claims its negation of the order: the words orders and airline share reach orders' claims."""
    said = " ".join([denial, *fillers, status])
    [claim] = sentence_claims(f"Order {W1} is {said}.")
    negation = next(s.negation for s in VOCABULARY if s.name == status)
    assert (claim.status, claim.orders) == (negation, (W1,)), said


@PROPERTY
@given(orders=id_lists(), claim=CLAIMS)
def test_a_claim_after_a_list_is_about_every_order_of_the_list(
    orders: tuple[tuple[str, ...], str], claim: tuple[str, str]
) -> None:
    (ids, written), (status, phrase) = orders, claim
    assert said(f"{written} {phrase}.") == [(status, ids)]


@PROPERTY
@given(orders=id_lists(WORDED_SEPARATORS, least=2), claim=CLAIMS)
def test_a_claim_after_a_list_joined_by_other_words_is_about_every_order_of_it(
    orders: tuple[tuple[str, ...], str], claim: tuple[str, str]
) -> None:
    (ids, written), (status, phrase) = orders, claim
    assert said(f"{written} {phrase}.") == [(status, ids)]


@PROPERTY
@given(statement=statements())
def test_a_claim_after_a_break_is_about_its_own_orders_not_the_earlier_ones(
    statement: Statement,
) -> None:
    sentence, expected, _ = statement
    assert said(sentence) == expected


@PROPERTY
@given(
    statement=statements(entry_breaks=SLASH_BREAKS, forms=("label after", "label before", "dash"))
)
def test_a_status_list_split_by_a_slash_or_bar_binds_each_entry(statement: Statement) -> None:
    sentence, expected, _ = statement
    assert said(sentence) == expected


@PROPERTY
@given(statement=statements())
def test_swapping_two_orders_statuses_swaps_what_is_claimed_of_each(
    statement: Statement,
) -> None:
    sentence, [(one, a), (other, b)], swapped = statement
    assert (about_each(sentence), about_each(swapped)) == (
        {**dict.fromkeys(a, frozenset({one})), **dict.fromkeys(b, frozenset({other}))},
        {**dict.fromkeys(a, frozenset({other})), **dict.fromkeys(b, frozenset({one}))},
    )


ZERO_WIDTH = ("\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad")
SIGHTED: dict[str, list[str]] = {}
for _code, _letter in LOOKALIKES.items():
    SIGHTED.setdefault(str(_letter), []).append(chr(_code))
"""For each ASCII letter, the letters of other scripts that look like it (:data:`LOOKALIKES`)."""


def disguised(text: str, choices: bytes, punctuation: bool = False) -> str:
    """``text`` as a reply can write it to look the same, character by character as ``choices``
    say (0 keeps a character as it is): letters swapped for look-alikes of other scripts or
    full-width forms, digits in full width, no-break spaces, zero-width characters inside words
    and ids. With ``punctuation``, also ``.,;:/&#-`` in full width and zero-width characters
    anywhere but at a line break."""
    out = []
    for char, after, choice in zip(text, [*text[1:], " "], choices, strict=True):
        forms = [char, *SIGHTED.get(char, ())]
        if char == " ":
            forms.append("\u00a0")
        elif char.isascii() and (char.isalnum() or (punctuation and char in ".,;:/&#-")):
            forms.append(chr(ord(char) + 0xFEE0))
        inside = char.isalnum() and after.isalnum()
        hidden = ("", *ZERO_WIDTH)[choice // 16 % (len(ZERO_WIDTH) + 1)]
        out.append(forms[choice % 16 % len(forms)])
        out.append(hidden if inside or (punctuation and "\n" not in (char, after)) else "")
    return "".join(out)


@PROPERTY
@given(statement=statements(), data=st.data())
def test_disguised_letters_bind_as_the_plain_sentence_does(
    statement: Statement, data: st.DataObject
) -> None:
    sentence, expected, _ = statement
    choices = data.draw(st.binary(min_size=len(sentence), max_size=len(sentence)))
    assert said(disguised(sentence, choices)) == expected


@PROPERTY
@given(statement=statements(), data=st.data())
def test_disguised_punctuation_binds_as_the_plain_sentence_does(
    statement: Statement, data: st.DataObject
) -> None:
    sentence, expected, _ = statement
    choices = data.draw(st.binary(min_size=len(sentence), max_size=len(sentence)))
    assert said(disguised(sentence, choices, punctuation=True)) == expected
