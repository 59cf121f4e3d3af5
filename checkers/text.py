"""Text as a checker matches it: one normal form, so spelling tricks cannot hide a word.

An agent (or an attacker writing its answer) can make a word look right to a person while a
plain substring match misses it: "deliv\u200bered" (a zero-width space inside), "d\u0435livered"
(a Cyrillic "\u0435"), mathematical bold letters, full-width letters ("\uff28ello").
:func:`fold` maps all of these to the plain ASCII a person reads, and every matcher that looks
for words (status claims, injection phrasing, consent) matches the folded text.

The fold, in order: lone surrogates (which no encoder accepts) become U+FFFD; NFKC
compatibility normalisation (full width, ligatures, mathematical letters); format and control
characters other than line breaks and tabs are removed (zero-width spaces and joiners, soft
hyphens, bidirectional overrides, BOMs); then every remaining character is transliterated to
ASCII by `anyascii <https://github.com/anyascii/anyascii>`_, which folds look-alike letters of
other scripts (Cyrillic, Greek, Armenian, IPA) to the Latin letters they imitate and accented
letters to their base (``José`` -> ``Jose``). The folded text is for matching only: it is never
shown in place of what the agent wrote.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from anyascii import anyascii

_SURROGATE = re.compile("[\ud800-\udfff]")
_KEPT_CONTROLS = frozenset("\n\t")
_SPACES = re.compile(r"[ \t\u00a0]+")


def without_surrogates(text: str) -> str:
    """``text`` with every lone surrogate (``"\\ud800"``, which JSON can carry but UTF-8 cannot
    encode) replaced by U+FFFD, so it can be written, hashed and printed."""
    return _SURROGATE.sub("\ufffd", text)


def _dropped(char: str) -> bool:
    category = unicodedata.category(char)
    return (category == "Cf" or category == "Cc") and char not in _KEPT_CONTROLS


@lru_cache(maxsize=4096)
def fold(text: str) -> str:
    """The ASCII form of ``text`` that matchers read (see the module docstring).

    Case is kept; callers that match case-insensitively lower the result. Never raises.
    """
    normal = unicodedata.normalize("NFKC", without_surrogates(text))
    visible = "".join(c for c in normal if not _dropped(c))
    return anyascii(visible)


def fold_lower(text: str) -> str:
    """:func:`fold`, lowered, with runs of spaces collapsed to one: the form for word matching."""
    return _SPACES.sub(" ", fold(text).lower())
