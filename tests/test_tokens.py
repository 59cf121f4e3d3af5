"""Facts as tokens (:mod:`checkers.tokens`): known answers, and the properties issue 13 asks of
them (class 4 and 5): a fact with other boundaries is another fact, a hedged value is not
stated, an honest rewriting of a value keeps it."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers import tokens
from domains.orders.checks.conveyed import said

# --- known answers -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("$1,234.50", {Decimal("1234.50")}),
        ("99,99 \u20ac", {Decimal("99.99")}),
        ("1.234,50 EUR", {Decimal("1234.50")}),
        ("75 dollars", {Decimal("75")}),
        ("US$ 75", {Decimal("75")}),
        ("\u00a35", {Decimal("5")}),
        ("54,04", {Decimal("54.04")}),
        ("W2378156 and 8GB", set()),  # digits glued to letters are no number
        ("either 54.04 or 41.64", set()),  # a hedge states neither value
        ("54.04/41.64", set()),
        ("between $40 and $50", set()),
        ("maybe $40", set()),
        ("The refund is not $54.04", set()),
        ("It isn't 54.04", set()),
        (
            "Here is the information you asked for: 54.04, 41.64.",
            {Decimal("54.04"), Decimal("41.64")},
        ),
        ("54.04 and 41.64", {Decimal("54.04"), Decimal("41.64")}),
        ("Tracking 843-053-632-392", set()),  # an identifier, not numbers
    ],
)
def test_stated_values(text: str, values: set[Decimal]) -> None:
    assert tokens.stated_values(text) == values


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        ("843 053 632 392", ["843053632392"]),
        ("843-053-632-392", ["843053632392"]),
        ("TBA843053632392", ["TBA843053632392"]),
        ("1Z 999 AA1 0123 4567 84", ["1Z999AA10123456784"]),
        ("items 2366567022 3360679910", ["2366567022", "3360679910"]),
        ("order #W2378156 12", []),
        ("84305363239", ["84305363239"]),
        ("zip 80217", []),
    ],
)
def test_identifiers(text: str, keys: list[str]) -> None:
    assert [i.key for i in tokens.identifiers(text)] == keys


@pytest.mark.parametrize(
    ("phrase", "text", "found"),
    [
        ("processed", "Your order is still unprocessed.", False),
        ("processed", "Your order is processed.", True),
        ("in transit", "It is In  Transit.", True),
        ("#W1234567", "#W12345678", False),
        ("64GB", "the 64GB model", True),
        ("64GB", "the 164GB model", False),
        ("Suite 356", "Suite 3567", False),
    ],
)
def test_has_phrase(phrase: str, text: str, found: bool) -> None:
    assert tokens.has_phrase(phrase, text) is found


def test_partial_references_and_spelled_emails() -> None:
    assert [d for d, _, _ in tokens.partial_references("the one ending in 8665")] == ["8665"]
    assert [d for d, _, _ in tokens.partial_references("order ...8665 and ****1234")] == [
        "8665",
        "1234",
    ]
    assert tokens.spelled_emails("sofia dot ito at example dot com") == ["sofia.ito@example.com"]
    assert tokens.spelled_emails("it will arrive at your door.") == []
    # a spaced-out "@" and markdown's escapes are the address too
    assert tokens.spelled_emails("sofia.ito @ example.com") == ["sofia.ito@example.com"]
    assert tokens.spelled_emails("sofia\\_ito@example\\.com") == ["sofia_ito@example.com"]
    assert tokens.spelled_emails("mail me @ home, or at work") == []


# --- properties ----------------------------------------------------------------------------------

AMOUNTS = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("99999.99"), places=2)
LONG_IDS = st.integers(min_value=10**8, max_value=10**14 - 1).map(str)
WORDS = st.sampled_from(["processed", "delivered", "64GB", "Suite 356", "Chicago", "pending"])
GLUE = st.one_of(
    st.text(
        alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=3
    ),
    st.text(alphabet="0123456789", min_size=1, max_size=3),
)


def _money(value: Decimal) -> str:
    return f"{value:,.2f}"


@given(st.one_of(AMOUNTS.map(_money), LONG_IDS, WORDS), GLUE, st.booleans())
def test_a_fact_with_other_boundaries_is_not_the_same_fact(
    fact: str, glue: str, before: bool
) -> None:
    """Letters or digits glued before or after a fact make another fact: "unprocessed" is not
    "processed", "843053632392" plus a digit is another number, "TBA843..." another id."""
    other = f"{glue}{fact}" if before else f"{fact}{glue}"
    if "." in fact and set(glue) == {"0"}:
        return  # 054.040 is 54.04: the same amount, written with more zeros
    assert not said(fact, [f"Your answer: {other}."]), other


@given(
    AMOUNTS,
    AMOUNTS,
    st.sampled_from(
        [
            "either {a} or {b}",
            "{a} or {b}",
            "{a}/{b}",
            "${a} or ${b}",
            "between {a} and {b}",
            "{b} or {a}",
            "either ${b} or ${a}",
        ]
    ),
)
def test_a_value_hedged_with_another_is_not_conveyed(a: Decimal, b: Decimal, template: str) -> None:
    if a == b:
        return
    text = "The refund is " + template.format(a=_money(a), b=_money(b)) + "."
    assert not said(str(a), [text]), text
    assert not said(str(b), [text]), text


@given(
    AMOUNTS,
    st.sampled_from(
        [
            "${:,.2f}",
            "$ {:.2f}",
            "{:.2f} dollars",
            "{:,.2f} USD",
            "USD {:,.2f}",
            "US$ {:.2f}",
        ]
    ),
)
def test_honest_rewritings_of_an_amount_state_it(value: Decimal, form: str) -> None:
    text = "Your refund is " + form.format(value) + "."
    assert value in tokens.stated_values(text), text
    assert said(str(value), [text]), text


@given(AMOUNTS)
def test_a_european_amount_with_a_currency_is_its_value(value: Decimal) -> None:
    whole, cents = f"{value:.2f}".split(".")
    grouped = f"{int(whole):,}".replace(",", ".")
    assert value in tokens.stated_values(f"Sie erhalten {grouped},{cents} \u20ac zurück.")


@given(LONG_IDS, st.sampled_from([" ", "-"]), st.integers(min_value=2, max_value=4))
def test_an_identifier_in_groups_is_the_identifier(number: str, separator: str, size: int) -> None:
    grouped = separator.join(number[i : i + size] for i in range(0, len(number), size))
    assert [i.key for i in tokens.identifiers(f"Tracking: {grouped}.")] == [number], grouped
    assert said(number, [f"Tracking: {grouped}."])
