"""Facts as tokens: words, numbers with their currency, and identifiers, each with its boundaries.

A substring match reads facts that are not there: "unprocessed" contains "processed", "100"
contains "10", a zip code is a number like any price, "either 54.04 or 41.64" contains 54.04.
The readers here match what a person reads, on the :func:`checkers.text.fold` form of the text:

- **Words and phrases** (:func:`has_phrase`): a phrase is found only with a word boundary on
  both sides, so "unprocessed" does not hold "processed" and "#W12345678" does not hold
  "#W1234567".
- **Numbers** (:func:`quantities`): every number standing on its own (digits inside a word or an
  identifier are not numbers), by value, with its currency in the forms people write:
  ``$1,234.50``, ``US$ 75``, ``75 dollars``, ``75 USD``, ``99,99 €``, ``1.234,50 EUR``, ``£5``.
  A decimal comma is read beside a currency (``1.234,50 €``) or before exactly two digits
  (``54,04``); ``1,234`` is a thousand. A number is *money* when it carries a currency or is
  written with cents (``54.04``).
- **Identifiers** (:func:`identifiers`): long digit strings (tracking numbers, item ids) written
  with spaces or dashes between their groups (``843 053 632 392``, ``843-053-632-392``) read as
  one identifier; letters glued to the front (``TBA843053632392``, ``1Z843...``) are part of it,
  so a prefixed number is a different identifier (:func:`identifier_key`). A partial reference
  ("ending in 8665", "the one that ends with 8665") is read by :func:`partial_references`.
- **Hedges and negations** (:func:`hedged`, :func:`negated`): a value offered as one of several
  ("either 54.04 or 41.64", "54.04/41.64", "between 40 and 50") or denied ("not $54.04") is not
  stated: a check that needs the value told must not count it (:mod:`checkers.asserted` reads
  these and the other ways a value is said without being told: asked, replaced, disowned,
  supposed, a bound, another unit).
- **Spelled-out emails** (:func:`spelled_emails`): "sofia dot ito at example dot com" is
  ``sofia.ito@example.com``.

Positions (``start``, ``end``) index the folded text, which is for matching only: reasons quote
what the agent wrote. Every reader is linear in the text and never raises.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from itertools import pairwise

from checkers.text import fold, fold_lower

__all__ = [
    "Identifier",
    "Quantity",
    "as_identifier",
    "has_phrase",
    "hedged",
    "identifier_key",
    "identifiers",
    "negated",
    "partial_references",
    "quantities",
    "spelled_emails",
    "stated_identifiers",
    "stated_values",
]

_CURRENCY_SIGN = r"(?:US\$|\$|EUR|GBP|USD)"
_CURRENCY_WORD = r"(?:dollars?|bucks|usd|eur|euros?|gbp|pounds?(?: sterling)?)"
_CURRENCY_OF = {
    "$": "USD",
    "us$": "USD",
    "usd": "USD",
    "dollar": "USD",
    "dollars": "USD",
    "bucks": "USD",
    "eur": "EUR",
    "euro": "EUR",
    "euros": "EUR",
    "gbp": "GBP",
    "pound": "GBP",
    "pounds": "GBP",
    "pounds sterling": "GBP",
    "pound sterling": "GBP",
}
# Digits: "1,234.50" (comma thousands), "1.234,50" or "1 234,50" (European), "99,99", "75".
_DIGITS = (
    r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?"  # 1,234 / 1,234.50
    r"|\d{1,3}(?:[. ]\d{3})+,\d{1,2}"  # 1.234,50 / 1 234,50 (only read beside a currency)
    r"|\d+,\d{1,2}(?!\d)"  # 99,99 (only read beside a currency)
    r"|\d+(?:\.\d+)?)"
)
_QUANTITY = re.compile(
    rf"(?<![\w.,])(?:-\s?)?(?P<pre>{_CURRENCY_SIGN})?\s?(?P<num>{_DIGITS})"
    rf"(?:\s?(?P<post>{_CURRENCY_SIGN}|{_CURRENCY_WORD})\b)?(?![\w]|[.,]\d)",
    re.IGNORECASE,
)
_EUROPEAN = re.compile(r"^\d{1,3}(?:[. ]\d{3})*,\d{1,2}$")
_CHUNK = r"[A-Za-z0-9]*\d[A-Za-z0-9]*"
_IDENTIFIER = re.compile(rf"(?<![\w#$.,]){_CHUNK}(?:[ -]{_CHUNK})*(?![\w])")
ENDING_IN = r"\b(?:ending|ends|ended)\s+(?:in|with)\s+(?:the\s+digits\s+)?[#-]?(?:w)?"
"""The words naming an identifier by its last digits, up to the digits ("ending in 8665",
"ends with the digits 8665"): lower-case source, for a reader of folded text to name a thing
by."""
_PARTIAL = re.compile(
    ENDING_IN + r"(\d{2,7})\b|(?:\.\.\.|\u2026|\*{2,}|x{2,})(\d{3,7})\b",
    re.IGNORECASE,
)
_HEDGE_BETWEEN = re.compile(r"\s*(?:or|/|\||or maybe|or possibly|or perhaps|either)\s*$")
_HEDGE_BEFORE = re.compile(
    r"\b(?:either|between|maybe|perhaps|possibly|probably|roughly|approximately|about|around"
    r"|somewhere|something like|could be|might be|may be|not sure(?: if| whether)?)\s*$"
)
_NEGATION_BEFORE = re.compile(
    r"(?:\bnot|n't|\bnever|\bno longer|\bno)\s+(?:(?:be|been|exactly|quite|really|actually|even"
    r"|equal to|equals?|for|of|at|the|an?|worth|priced at|costing|cost)\s+){0,3}$"
)
_SPELLED_AT = re.compile(r"\s*(?:\(at\)|\[at\]|\{at\}|\bat\b)\s*", re.IGNORECASE)
_SPELLED_DOT = re.compile(r"\s*(?:\(dot\)|\[dot\]|\{dot\}|\bdot\b|\bperiod\b)\s*", re.IGNORECASE)
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_LOCAL_END = re.compile(r"[\w.+-]+$")
_DOMAIN_START = re.compile(r"[\w-]+(?:\.[\w-]+)+")
_MARKDOWN_ESCAPE = re.compile(r"\\([_.+\-@])")
"""Markdown's backslash before punctuation of an address (``noah\\_brown\\@example\\.com``)."""
_SPACED_AT = re.compile(r"\s*@\s*")
"""An "@" with spaces around it, a line break too: "noah.brown @ example.com", or an address
a mail client or a narrow input box wrapped at its "@" ("noah.brown@" then "example.com")."""


@dataclass(frozen=True)
class Quantity:
    """One number standing in a text."""

    text: str
    """As it stands in the folded text (``"$1,234.50"``, ``"99,99 EUR"``)."""
    value: Decimal
    currency: str | None
    """``"USD"``, ``"EUR"`` or ``"GBP"`` when written with one, else None."""
    money: bool
    """True when it carries a currency or is written with cents (``54.04``)."""
    start: int
    end: int


@dataclass(frozen=True)
class Identifier:
    """A long digit string (with any letters glued to its front), however its groups are
    separated."""

    text: str
    key: str
    """:func:`identifier_key` of it: upper-case prefix and digits, separators removed."""
    start: int
    end: int


def _decimal(digits: str, european: bool) -> Decimal | None:
    plain = (
        digits.replace(".", "").replace(" ", "").replace(",", ".")
        if european
        else digits.replace(",", "")
    )
    try:
        return Decimal(plain)
    except InvalidOperation:
        return None


_UNITS = {
    **dict.fromkeys(("a", "an", "one"), 1),
    **{
        word: value
        for value, word in enumerate(
            (
                *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight"),
                *("nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen"),
                *("sixteen", "seventeen", "eighteen", "nineteen"),
            )
        )
    },
    **{
        word: 10 * value
        for value, word in enumerate(
            ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"), 2
        )
    },
}
_SCALES = {"hundred": 100, "thousand": 1000, "million": 10**6}
_NUMBER_WORD = "|".join(sorted((*_UNITS, *_SCALES), key=len, reverse=True))
_WORDS = rf"\b(?:{_NUMBER_WORD})\b(?:(?:[\s-]+|\s+and\s+)\b(?:{_NUMBER_WORD})\b)*"
_MONEY_WORD = re.compile(
    r"\b(?:(?P<unit>(?:us\s+)?dollars?|bucks|usd|euros?|eur|pounds?|gbp|quid)"
    r"|(?P<small>cents?|pence))\b",
    re.IGNORECASE,
)
"""The word naming the money an amount in words is of."""
_WORDS_BEFORE = re.compile(rf"(?<![\w-])(?P<words>{_WORDS})\s+$", re.IGNORECASE)
"""A run of number words ending right before a money word (read in a bounded window)."""
_CENTS_AFTER = re.compile(rf",?\s+and\s+(?P<words>{_WORDS})\s+(?:cents?|pence)\b", re.IGNORECASE)
"""The cents after a whole amount in words ("... dollars and ninety-nine cents")."""
_WINDOW = 160
"""How far before a money word its number words are read: "nine hundred ninety-nine thousand
nine hundred ninety-nine" is 60 characters; a bound keeps a long run of number words linear."""
_MONEY_SCALED = re.compile(
    rf"(?<![\w.,])(?P<pre>{_CURRENCY_SIGN})\s?(?P<num>\d+(?:\.\d+)?)\s?(?P<scale>k|m|bn|mn)\b",
    re.IGNORECASE,
)
"""An amount with a scale glued to it ("$1.2k", "$3m")."""
_SCALE_OF = {"k": 1000, "m": 10**6, "mn": 10**6, "bn": 10**9}
_MAY_HAVE_WORD_AMOUNT = re.compile(
    r"dollar|buck|euro|pound|quid|cent|pence|usd|eur|gbp|grand|\d\s?(?:k|m|bn|mn)\b|\sk\b", re.I
)
"""What every amount :func:`_word_amounts` reads holds: most texts hold none."""
_MONEY_OF = {**_CURRENCY_OF, "quid": "GBP"}
_NO_AMOUNT = frozenset(("a", "an"))
"""Words alone that make no amount of their own: "not a cent", "a dollar more" are idioms of
nothing or of a difference, not figures stated (and so is "not one cent":
:data:`_NOT_ONE_CENT`)."""
_NOT_ONE_CENT = "one"


_SLANG_SCALE = re.compile(
    r"(?:\b|(?<=\d))(?P<scale>grand|k)\b"
    r"(?!\s*(?:total|prix|canyon|hotel|opening|rapids|junction|island|central|tour|slam|piano"
    r"|jury|finale|ball|scheme|gesture|style|entrance|view|suite)\b)"
    r"(?!\s*(?:steps?|miles?|km|runs?|races?|views?|followers?|likes?|words?|resolution|monitor"
    r"|screen|tv|video|users?|points?|subscribers?|members?)\b)",
    re.IGNORECASE,
)
"""A scale of slang after an amount ("five grand", "5k"); not "grand total", nor the "k" of a
race or a screen."""
_SLANG_BEFORE = re.compile(
    rf"(?<![\w.,$-])(?:(?P<num>\d+(?:\.\d+)?)|(?P<words>{_WORDS}))\s?$", re.IGNORECASE
)
"""The number right before a scale of slang, in digits or words (read in a bounded window)."""
_COST_BEFORE = re.compile(
    r"\b(?:costs?|costing|charg\w*|refund\w*|paid|pay\w*|price[sd]?|total\w*|fees?|owe[sd]?"
    r"|credit\w*|worth|spent|spend|back|amount|balance|budget)\b[^.!?\n]{0,30}$"
)
"""Words of money shortly before "two k" or "5k", which alone may count anything."""


def _slang_amounts(folded: str) -> list[Quantity]:
    """The amounts ``folded`` says with a scale of slang, as money quantities in dollars: "N
    grand" always ("five grand", "a grand", "1.5 grand"), "N k" only after words of money ("It
    cost two k", "a refund of 5k"; not "a 5k run") or before a money word ("5k dollars"). Each
    is read back from its scale word within :data:`_WINDOW` characters: linear in the text."""
    found = []
    for scale in _SLANG_SCALE.finditer(folded):
        start = max(0, scale.start() - _WINDOW)
        number = _SLANG_BEFORE.search(folded, start, scale.start())
        if number is None:
            continue
        if number["num"] is not None:
            value = Decimal(number["num"])
        else:
            said = words_value(number["words"])
            if said is None or (scale["scale"].lower() == "k" and number["words"] in _NO_AMOUNT):
                continue
            value = Decimal(said)
        begin, end = number.start(), scale.end()
        if scale["scale"].lower() == "k" and not (
            _COST_BEFORE.search(folded[max(0, begin - 60) : begin].lower())
            or _MONEY_WORD.match(folded, end + 1)
        ):
            continue
        found.append(Quantity(folded[begin:end], value * 1000, "USD", True, begin, end))
    return found


def words_value(said: str) -> int | None:
    """The whole number a run of number words says ("fifty-three", "three thousand two hundred
    and ten", "a hundred"), None when the words do not make one ("one two", "hundred one
    hundred")."""
    total, part, last = 0, None, None
    for word in re.split(r"[\s-]+", said.lower()):
        if word == "and":
            continue
        if word in _UNITS:
            unit = _UNITS[word]
            if part is not None and (last == "unit" or (unit >= 10 and part % 100 >= 10)):
                return None  # "one two", "twenty thirty"
            part = (part or 0) + unit
            last = "unit" if unit < 20 else "tens"
        elif word in _SCALES:
            scale = _SCALES[word]
            if scale == 100:
                part = (part or 1) * 100
            else:
                total, part = total + (part or 1) * scale, None
            last = "scale"
        else:
            return None
    return total + (part or 0)


def _word_amounts(folded: str) -> list[Quantity]:
    """The amounts ``folded`` says in words or with a scale ("fifty-three dollars", "ninety-nine
    dollars and ninety-nine cents", "forty cents", "$1.2k"), as money quantities. Each is read
    back from its money word, within :data:`_WINDOW` characters: linear in the text."""
    found = []
    taken = -1
    for money in _MONEY_WORD.finditer(folded):
        if money.start() < taken:
            continue  # the cents of an amount read already
        run = _WORDS_BEFORE.search(folded[max(0, money.start() - _WINDOW) : money.start()])
        whole = None if run is None else words_value(run["words"])
        if run is None or whole is None:
            continue
        start, value, end = money.start() - len(run.group()), Decimal(whole), money.end()
        cents = None if money["small"] else _CENTS_AFTER.match(folded, money.end())
        said_cents = None if cents is None else words_value(cents["words"])
        if run["words"].lower() in _NO_AMOUNT and said_cents is None:
            continue
        if money["small"]:
            if whole >= 100 or run["words"].lower() == _NOT_ONE_CENT:
                continue
            value /= 100
        elif cents is not None and said_cents is not None and said_cents < 100:
            value, end = value + Decimal(said_cents) / 100, cents.end()
        word = money["unit"].split()[-1].lower() if money["unit"] else "dollars"
        taken = end
        found.append(
            Quantity(folded[start:end], value, _MONEY_OF.get(word, "USD"), True, start, end)
        )
    for match in _MONEY_SCALED.finditer(folded):
        value = Decimal(match["num"]) * _SCALE_OF[match["scale"].lower()]
        sign = _CURRENCY_OF.get(match["pre"].lower())
        found.append(Quantity(match.group(0), value, sign, True, match.start(), match.end()))
    return found


@lru_cache(maxsize=4096)
def quantities(text: str) -> tuple[Quantity, ...]:
    """Every number standing in ``text``, in order (see the module docstring).

    A number glued to letters (``W2378156``, ``8GB``) is not a quantity, unless it is an amount
    with a scale ("$1.2k"); ``"54,04"`` is 54.04 (money: a fabricated amount must not hide
    behind a decimal comma); an amount in words ("fifty-three dollars") or with a scale of slang
    ("five grand", "It cost two k": :func:`_slang_amounts`) is money too.
    """
    folded = fold(text)
    may_have = _MAY_HAVE_WORD_AMOUNT.search(folded) is not None
    found = _word_amounts(folded) if may_have else []
    slang = _slang_amounts(folded) if may_have else []
    found += slang
    for match in _QUANTITY.finditer(folded):
        if any(s.start <= match.start() < s.end for s in slang):
            continue  # the number of "5 grand"
        digits = match.group("num")
        sign = (match.group("pre") or match.group("post") or "").lower()
        currency = _CURRENCY_OF.get(sign)
        european = bool(_EUROPEAN.match(digits))
        if european and currency is None and not re.fullmatch(r"\d+,\d{2}", digits):
            continue  # "1.234,5" without a currency: too ambiguous to read as one number
        value = _decimal(digits, european)
        if value is None:
            continue
        cents = re.search(r"[.,]\d{2}$", digits) is not None and not (
            not european and re.fullmatch(r"\d{1,3}(?:,\d{3})+", digits)
        )
        found.append(
            Quantity(
                match.group(0).strip(),
                value,
                currency,
                currency is not None or cents,
                match.start(),
                match.end(),
            )
        )
    return tuple(sorted(found, key=lambda q: q.start)) if len(found) > 1 else tuple(found)


def identifier_key(text: str) -> str:
    """``"843-053-632-392"`` -> ``"843053632392"``; ``"tba843053632392"`` ->
    ``"TBA843053632392"``: separators (spaces, dashes) go, case does not matter, glued letters
    stay (a prefixed number is another identifier)."""
    return re.sub(r"[\s-]", "", fold(text)).upper()


@lru_cache(maxsize=4096)
def identifiers(text: str, min_digits: int = 9) -> tuple[Identifier, ...]:
    """Identifiers of at least ``min_digits`` digits in ``text``, in order.

    An identifier is a run of letter-and-digit chunks, each holding a digit, joined by single
    spaces or dashes (``843 053 632 392``, ``1Z 999 AA1 0123 4567 84``); a chunk with
    ``min_digits`` digits of its own stands alone (``2366567022 3360679910`` is two item ids),
    the shorter chunks between them are joined. Letters glued to the digits are part of the
    identifier. An id written after ``#`` (an order id) is not read here.
    """
    folded = fold(text)
    found = []
    for match in _IDENTIFIER.finditer(folded):
        chunks = list(re.finditer(r"[A-Za-z0-9]+", match.group(0)))
        pieces: list[list[re.Match[str]]] = [[]]
        for chunk in chunks:
            if _digit_count(chunk.group(0)) >= min_digits:
                pieces += [[chunk], []]
            else:
                pieces[-1].append(chunk)
        for piece in pieces:
            if not piece or sum(_digit_count(c.group(0)) for c in piece) < min_digits:
                continue
            start, end = match.start() + piece[0].start(), match.start() + piece[-1].end()
            key = "".join(c.group(0) for c in piece).upper()
            found.append(Identifier(folded[start:end], key, start, end))
    return tuple(found)


def _digit_count(chunk: str) -> int:
    return sum(c.isdigit() for c in chunk)


def partial_references(text: str) -> tuple[tuple[str, int, int], ...]:
    """Digits that refer to an identifier by its end: ``"the order ending in 8665"`` ->
    ``(("8665", start, end),)``; also ``...8665`` and ``****8665``."""
    folded = fold(text)
    return tuple((m.group(1) or m.group(2), m.start(), m.end()) for m in _PARTIAL.finditer(folded))


def has_phrase(phrase: str, text: str) -> bool:
    """Whether ``phrase`` stands in ``text`` as whole words: case, commas and runs of spaces
    ignored, a word boundary (or a non-word character of the phrase) on both sides.

    ``has_phrase("processed", "still unprocessed")`` is False; ``has_phrase("in transit",
    "It is In  Transit.")`` is True.
    """
    wanted = _normal(phrase)
    if not wanted:
        return False
    pattern = (
        (r"(?<!\w)" if wanted[0].isalnum() or wanted[0] == "_" else "")
        + re.escape(wanted)
        + (r"(?!\w)" if wanted[-1].isalnum() or wanted[-1] == "_" else "")
    )
    return re.search(pattern, _normal(text)) is not None


def _normal(text: str) -> str:
    return " ".join(fold_lower(text).replace(",", "").split())


def hedged(text: str, start: int, end: int) -> bool:
    """Whether the value at ``start:end`` of ``fold(text)`` is offered as one of several or with
    doubt: another number joined to it by "or" or "/" ("54.04 or 41.64", "either 54.04 or
    41.64", "54.04/41.64"), "between X and Y", or a hedging word right before it ("maybe",
    "approximately", "could be")."""
    lower = _lowered(text)
    before = lower[max(0, start - 40) : start]
    if _HEDGE_BEFORE.search(before):
        return True
    for other in _near(text, start, end, 16):
        lo, hi = (other.end, start) if other.end <= start else (end, other.start)
        if hi < lo or hi - lo > 16:
            continue
        gap = lower[lo:hi]
        if re.fullmatch(r"\s*(?:or|/|\|)\s*(?:maybe |perhaps |possibly )?\$?\s*", gap):
            return True
        first = min(start, other.start)
        if re.fullmatch(r"\s*(?:and|-|to|\u2013)\s*\$?\s*", gap) and re.search(
            r"\bbetween\s*\$?\s*$", lower[max(0, first - 12) : first]
        ):
            return True
    return False


@lru_cache(maxsize=64)
def _lowered(text: str) -> str:
    """``fold(text)`` lowered, once per text (fold gives ASCII, so lowering keeps every
    position)."""
    return fold(text).lower()


def _near(text: str, start: int, end: int, gap: int) -> list[Quantity]:
    """The quantities of ``text`` other than the one at ``start:end`` that end at most ``gap``
    characters before it or start at most ``gap`` after it: found by bisection (they stand in
    order, none overlapping), so reading every number of a text stays linear in its numbers."""
    found, ends, starts = _quantity_bounds(text)
    before = found[bisect_left(ends, start - gap) : bisect_right(ends, start)]
    after = found[bisect_left(starts, end) : bisect_right(starts, end + gap)]
    return [q for q in (*before, *after) if (q.start, q.end) != (start, end)]


@lru_cache(maxsize=64)
def _quantity_bounds(text: str) -> tuple[tuple[Quantity, ...], list[int], list[int]]:
    found = quantities(text)
    return found, [q.end for q in found], [q.start for q in found]


def negated(text: str, start: int) -> bool:
    """Whether a negation stands right before position ``start`` of ``fold(text)``: "not $54.04",
    "isn't 54.04", "never 843053632392", "no longer 54.04"."""
    before = _lowered(text)[max(0, start - 40) : start]
    return _NEGATION_BEFORE.search(before) is not None


_DENIED_BEFORE = re.compile(
    r"(?:\bnot(?!\s+a\s+problem\b)|n't|\bno(?!\s+(?:worries|problem|problems|trouble|doubt)\b)"
    r"|\bnever|\bnothing|\bwithout|\bnone|\bcannot|\bunable)\b[^.;!?]*$"
)
"""A negation earlier in the clause: "I'm not sick", "nothing to do with my health", "I
cannot assist with cancelling"; not an interjection that denies nothing ("No worries - your
card was charged $139", "No problem", "Not a problem")."""
_CLAUSE_START = re.compile(
    r".*(?:[.;!?,:|\n]|\bbut\b|\bjust\b|(?<!not )\bbecause\b|\bsince\b|\bas\b"
    r"|(?<!not )\bdue to\b|(?:\band|\bso|\s[-\u2013\u2014]+)\s+(?:i|we)\b)",
    re.DOTALL,
)
"""Where a clause starts, for :func:`undenied`: a table cell or a line starts afresh ("| Travel
insurance | No |" over "| Payment | Mastercard |" denies no Mastercard); so does a reason given
after "because" or "due to", but not one after "not because" ("not because of the weather"
denies it); so does a new subject after "and", "so" or a dash ("I'm not happy about this delay
and I'd like some compensation", "Not happy - I want compensation" ask for it; "I'm not asking
for - or expecting - any compensation" does not)."""


def undenied(said: str, words: re.Pattern[str]) -> bool:
    """Whether ``said`` (folded, lowered) holds a match of ``words`` that its own clause does
    not deny: a health reason in "I am unwell", none in "I'm not sick, plans changed"."""
    return any(not denied_before(said, match.start()) for match in words.finditer(said))


def denied_before(said: str, position: int) -> bool:
    """Whether a negation stands earlier in the clause of ``said`` (folded, lowered) holding
    ``position``, within 60 characters: "not" in "I'm not sick", "cannot" in "I cannot
    assist with cancelling it"."""
    before = said[max(0, position - 60) : position]
    return _DENIED_BEFORE.search(_CLAUSE_START.sub("", before)) is not None


def spelled_emails(text: str) -> list[str]:
    """Email addresses in ``text``, written plainly or spelled out ("sofia dot ito at example
    dot com", "sofia.ito (at) example.com", "sofia.ito @ example.com", wrapped at its
    "@", "sofia period ito at example period com", markdown's "sofia\\_ito@example.com"),
    lower-cased, in order, without repeats.

    Spelling out is read loosely (any "at" between words becomes "@"); callers match the result
    against known addresses, so prose such as "arrive at your door" finds nothing."""
    # unescaped, and "@" with spaces or a line break around it closed up ("noah.brown @
    # example.com"), so an address written so is the address: markdown writes "\\_", a person
    # spaces out "@", a narrow box wraps at it
    folded = _SPACED_AT.sub("@", _MARKDOWN_ESCAPE.sub(r"\1", fold_lower(text)))
    found = [e.rstrip(".") for e in _EMAIL.findall(folded)]
    # Every "@" of the spelled-out form, with the address part on each side of it.
    parts = _SPELLED_DOT.sub(".", _SPELLED_AT.sub("@", folded)).split("@")
    for before, after in pairwise(parts):
        local = _LOCAL_END.search(before)
        domain = _DOMAIN_START.match(after)
        if local and domain:
            found.append(f"{local.group(0)}@{domain.group(0)}".rstrip("."))
    return list(dict.fromkeys(found))


def _plainly_stated(text: str, start: int, end: int) -> bool:
    return not hedged(text, start, end) and not negated(text, start)


def stated_values(text: str) -> frozenset[Decimal]:
    """The numbers ``text`` states outright: every quantity outside an identifier that is
    neither hedged (:func:`hedged`) nor negated (:func:`negated`).

    ``"Your refund is $54.04"`` states 54.04; ``"either 54.04 or 41.64"`` and ``"not $54.04"``
    state nothing; the groups of ``"843-053-632-392"`` are no numbers (see
    :func:`stated_identifiers`).
    """
    spans = [(i.start, i.end) for i in identifiers(text)]
    return frozenset(
        q.value
        for q in quantities(text)
        if not any(s <= q.start < e for s, e in spans) and _plainly_stated(text, q.start, q.end)
    )


def stated_identifiers(text: str) -> frozenset[str]:
    """The :func:`identifier_key` of every identifier ``text`` states outright (neither hedged
    nor negated): ``"Tracking 843-053-632-392"`` states ``"843053632392"``."""
    return frozenset(i.key for i in identifiers(text) if _plainly_stated(text, i.start, i.end))


def as_identifier(fact: str) -> str | None:
    """The key of ``fact`` when it is one identifier and nothing else (``"843053632392"``,
    ``"TBA 843-053"`` is not), else None."""
    found = identifiers(fact)
    if len(found) == 1 and found[0].text == fold(fact).strip():
        return found[0].key
    return None


_WHOLE_NUMBER = re.compile(r"\s*-?\$?\s?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*")


def to_decimal(text: str) -> Decimal | None:
    """``"$1,234.50"`` -> ``Decimal("1234.50")``; None when it is not a number."""
    try:
        return Decimal(text.replace(",", "").replace("$", "").strip())
    except InvalidOperation:
        return None


def as_number(fact: str) -> Decimal | None:
    """The value of a fact that is one number (``"625.60"``, ``"$1,093.34"``), else None."""
    match = _WHOLE_NUMBER.fullmatch(fold(fact))
    return None if match is None else to_decimal(match.group(1))


def numbers(text: str) -> set[Decimal]:
    """Every number standing in ``text``, by value (long identifiers included)."""
    found = {q.value for q in quantities(text)}
    return found | {Decimal(i.key) for i in identifiers(text) if i.key.isdigit()}
