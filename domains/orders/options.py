"""How a listing names an item's option value: as the catalogue writes it, or an absence in words.

The catalogue writes an option an item lacks as a value of its own: features "none", armrest
"none", waterproof "no", water resistance "not resistant". Agents write the same thing as
customers do, with the option's name: "no extra features", "no armrest", "not waterproof", "not
water-resistant". :func:`option_named` reads both; a value that is no absence ("rotisserie",
"IPX7") is named only as written, so "no extra features" never names a grill that has a side
burner. A value counted in units is named with its unit in the singular too ("8-hour
battery"). All text here is folded (:func:`domains.orders.addresses.folded`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from checkers.text import phrase_pattern
from domains.orders.addresses import SPELLINGS, folded, phrase

_ABSENT = frozenset({"none", "no"})
"""Values that say an item lacks the option ("features: none", "waterproof: no")."""
_NEGATED = re.compile(r"^not\s+(?P<quality>.+)$")
"""A value that negates a quality ("not resistant")."""
_MORE = r"(?:(?:extra|additional|special|any)[\W_]+){0,2}"
"""Words between "no" and the option's name that say nothing more ("no extra features")."""


def _option_words(option: str) -> str:
    """The option's name as a regex of its words, its last in the singular or the plural too
    ("armrest", "armrests"; "features", "feature")."""
    last = (folded(option).split() or [""])[-1]
    forms = (f"{last}s", last[:-1]) if last.endswith("s") else (f"{last}s",)
    return phrase_pattern(folded(option), {last: forms})


@lru_cache(maxsize=1024)  # as _as_written: every (option, value) of the bundled store, 328
def absence(option: str, value: str) -> str | None:
    """A regex of the words naming ``option``'s ``value`` as an absence in the customer's way,
    or None when the value is no absence: for "none" or "no", "no", "not", "non" or "without"
    with the option's name ("no armrest", "without any extra features", "not waterproof"); for
    "not <quality>", "not" with words of the option's name before the quality ("not
    water-resistant" for water resistance "not resistant"), or the none forms ("no water
    resistance")."""
    said = folded(value).strip()
    negated = _NEGATED.match(said)
    if said not in _ABSENT and negated is None:
        return None
    name = _option_words(option)
    forms = [rf"\b(?:no|not|non|without)[\W_]+{_MORE}{name}"]
    if negated is not None:
        words = "|".join(map(re.escape, re.findall(r"[^\W_]+", folded(option))))
        quality = phrase(negated["quality"])
        forms.append(rf"\bnot[\W_]+(?:(?:{words})[\W_]+){{0,2}}{quality}")
    return "|".join(f"(?:{f})" for f in forms)


_COUNTED = re.compile(r"^\d[\d.,]*\s+(?P<unit>[a-z]+s)$")
"""A value counted in units written in the plural ("8 hours", "10 inches")."""


@lru_cache(maxsize=1024)
def _as_written(value: str) -> str:
    """``value`` as a regex of its words (:func:`domains.orders.addresses.phrase`), a counted
    unit also in the singular, as before a noun ("8-hour battery" for battery life "8 hours",
    "10-inch" for "10 inches")."""
    counted = _COUNTED.match(folded(value).strip())
    if counted is None:
        return phrase(value)
    unit = counted["unit"]
    return phrase_pattern(folded(value), SPELLINGS | {unit: (unit[:-1], unit[:-2])})


def option_named(option: str, value: str, text: str) -> bool:
    """Whether the folded ``text`` names ``option``'s ``value``: as written, as whole words
    ("IPX7", "features: none"; a counted unit in the singular too, :func:`_as_written`), or as
    an absence in words (:func:`absence`)."""
    if re.search(_as_written(value), text):
        return True
    absent = absence(option, value)
    return absent is not None and re.search(absent, text) is not None


def option_spans(option: str, value: str, text: str) -> list[tuple[int, int]]:
    """Where the folded ``text`` names ``option``'s ``value`` (as :func:`option_named` reads
    it), each ``(start, end)``, in the text's order."""
    forms = [_as_written(value)] + [f for f in (absence(option, value),) if f is not None]
    return sorted(m.span() for form in forms for m in re.finditer(form, text))


def absences(options: Iterable[tuple[str, str]]) -> str:
    """One regex of the absences in words (:func:`absence`) of the ``(option, value)`` pairs,
    "(?!)" when there is none: what starts with "not" or "without" there names an option value
    and rules nothing out ("not water-resistant", "without extra features")."""
    forms = sorted({f for option, value in options if (f := absence(option, value))})
    return "|".join(forms) or r"(?!)"
