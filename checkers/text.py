"""Text as a checker matches it: one normal form, so spelling tricks cannot hide a word.

An agent (or an attacker writing its answer) can make a word look right to a person while a
plain substring match misses it: "deliv\u200bered" (a zero-width space inside), "d\u0435livered"
(a Cyrillic "\u0435"), mathematical bold letters, full-width letters ("\uff28ello").
:func:`fold` maps all of these to the plain ASCII a person reads, and every matcher that looks
for words (status claims, injection phrasing, consent) matches the folded text.

The fold, in order: lone surrogates (which no encoder accepts) become U+FFFD; NFKC
compatibility normalisation (full width, ligatures, mathematical letters); look-alike letters
of other scripts become the Latin letter they imitate (:data:`LOOKALIKES`, by sight); format
and control characters other than line breaks and tabs are removed (zero-width spaces and
joiners, soft hyphens, bidirectional overrides, BOMs); then every remaining character is
transliterated to ASCII by `anyascii <https://github.com/anyascii/anyascii>`_, which takes the
rest of every script by sound and accented letters to their base (``José`` -> ``Jose``). The
folded text is for matching only: it is never
shown in place of what the agent wrote.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from anyascii import anyascii

from checkers.session_context import once_per_session

LOOKALIKES = str.maketrans(
    {
        # Cyrillic: anyascii reads these by sound (es -> s, er -> r, ha -> kh, u -> u), a reader
        # by sight (c, p, x, y); for matching, sight wins
        **dict(
            zip(
                "\u0430\u0441\u0435\u04bb\u0456\u0458\u0501\u04cf\u043e\u0440\u051b\u0455\u051d\u0445\u0443\u04af\u044c\u0475\u0454\u0451\u0433\u043a\u043c\u043d\u0442\u0432\u043f",
                "acehijdlopqswxyybveerkmhtbn",
                strict=True,
            )
        ),
        **dict(
            zip(
                "\u0410\u0412\u0421\u0415\u041d\u0406\u0408\u041a\u041c\u041e\u0420\u0405\u0422\u0425\u0423\u04ae",
                "ABCEHIJKMOPSTXYY",
                strict=True,
            )
        ),
        # Greek
        **dict(
            zip(
                "\u03b1\u03b2\u03b3\u03b5\u03b7\u03b9\u03ba\u03bd\u03bf\u03c1\u03c4\u03c5\u03c7\u03c9\u03f2\u03f3\u03c2\u03f1\u03d1",
                "abyeniknoptuxwcjcpo",
                strict=True,
            )
        ),
        **dict(
            zip(
                "\u0391\u0392\u0395\u0396\u0397\u0399\u039a\u039c\u039d\u039f\u03a1\u03a4\u03a5\u03a7",
                "ABEZHIKMNOPTYX",
                strict=True,
            )
        ),
        # Armenian
        **dict(zip("\u0585\u057d\u0581\u0578\u0570\u0566\u0561\u0582", "ougnhqwl", strict=True)),
        # Cherokee capitals
        **dict(
            zip(
                "\u13aa\u13f4\u13df\u13ac\u13c0\u13bb\u13ab\u13e6\u13de\u13b7\u13e2\u13da\u13d9\u13d4\u13c3\u13a0\u13a1\u13a5",
                "ABCEGHJKLMPSVWZDRI",
                strict=True,
            )
        ),
        # Latin letters of other alphabets (IPA, small capitals) anyascii leaves alone or reads
        # differently
        **dict(
            zip(
                "\u0251\u0269\u026a\u028f\u1d00\u1d04\u1d05\u1d07\u1d0a\u1d0b\u1d0d\u1d0f\u1d18\u1d1b\u1d1c\u1d20\u1d21\u1d22",
                "aiiyacdejkmoptuvwz",
                strict=True,
            )
        ),
    }
)
"""Letters of other scripts mapped to the ASCII letter they look like (Unicode TR39 calls them
confusables). anyascii transliterates by sound (Cyrillic "\u0441" -> "s", "\u0440" -> "r"); a
reader goes by sight ("c", "p"), and so must a matcher: :func:`fold` applies this first."""

_SURROGATE = re.compile("[\ud800-\udfff]")
_KEPT_CONTROLS = frozenset("\n\t")
_SPACES = re.compile(r"[ \t\u00a0]+")


def without_surrogates(text: str) -> str:
    """``text`` with every lone surrogate (``"\\ud800"``, which JSON can carry but UTF-8 cannot
    encode) replaced by U+FFFD, so it can be written, hashed and printed; ``text`` itself when
    it holds none (found at C speed: :func:`has_surrogates`)."""
    return _SURROGATE.sub("\ufffd", text) if has_surrogates(text) else text


_LINE_BREAKS_JSON_KEEPS = {0x85: "\\u0085", 0x2028: "\\u2028", 0x2029: "\\u2029"}


def one_line(json_text: str) -> str:
    """``json_text`` (JSON written with ``ensure_ascii=False``) with the characters that
    :meth:`str.splitlines` and other line readers break a line at but JSON leaves raw (U+0085,
    U+2028, U+2029) written as escapes: the same JSON value, and one line of a JSON-lines file
    whoever reads it (a session id holding U+0085 once split a verdict line in two)."""
    if json_text.isascii() or not (
        "\x85" in json_text or "\u2028" in json_text or "\u2029" in json_text
    ):
        return json_text  # found at C speed; translate() costs far more than the scans
    return json_text.translate(_LINE_BREAKS_JSON_KEEPS)


def has_surrogates(text: str) -> bool:
    """Whether ``text`` holds a lone surrogate (text that UTF-8 cannot encode)."""
    if text.isascii():
        return False
    # Strict UTF-8 refuses exactly the surrogates, and encoding runs at C speed, far faster
    # than a regular-expression scan of a long verdict line.
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


_ASCII_DROPPED = {c: None for c in [*range(32), 127] if chr(c) not in _KEPT_CONTROLS}
"""The ASCII characters :func:`fold` drops (controls but newline and tab), as a translate table."""
_ASCII_DROPPED_CHAR = re.compile("[" + "".join(re.escape(chr(c)) for c in _ASCII_DROPPED) + "]")
"""Any one of :data:`_ASCII_DROPPED`: searching for one costs a fifth of translating."""


def _dropped(char: str) -> bool:
    category = unicodedata.category(char)
    return (category == "Cf" or category == "Cc") and char not in _KEPT_CONTROLS


@lru_cache(maxsize=4096)
def plural(count: int, noun: str) -> str:
    """``plural(1, "guest")`` -> ``"1 guest"``; ``plural(2, "guest")`` -> ``"2 guests"``
    (English ``-s``; ``-y`` after a consonant becomes ``-ies``)."""
    if count == 1:
        return f"1 {noun}"
    if noun.endswith("y") and noun[-2:-1] not in tuple("aeiou"):
        return f"{count} {noun[:-1]}ies"
    return f"{count} {noun}s"


def each_of(count: int, noun: str, whose: str = "the") -> str:
    """``each_of(3, "write")`` -> ``"each of the 3 writes"``; ``each_of(1, "write")`` -> ``"the
    write"`` (not "each of the 1 write"); ``whose`` stands for "the": ``each_of(2, "call",
    "the agent's")`` -> ``"each of the agent's 2 calls"``."""
    return f"{whose} {noun}" if count == 1 else f"each of {whose} {plural(count, noun)}"


def and_more(items: Sequence[str], noun: str) -> str:
    """The first of ``items``, and how many more there are: ``and_more(["a", "b", "c"],
    "write")`` -> ``"a (and 2 more writes)"``; one item alone. ``items`` must not be empty."""
    extra = len(items) - 1
    return items[0] + (f" (and {plural(extra, 'more ' + noun)})" if extra else "")


def series(items: Sequence[str], joint: str = "and") -> str:
    """``items`` in words: ``"a"``, ``"a and b"``, ``"a, b and c"`` (``joint="or"``: ``"a, b or
    c"``). ``items`` must not be empty."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {joint} {items[-1]}"


def cut(text: str, limit: int) -> str:
    """``text`` at most ``limit`` characters long, a longer one cut with ``...`` (for a value
    quoted in a message: ``cut("abcdef", 5)`` -> ``"ab..."``)."""
    return text if len(text) <= limit else text[: max(limit - 3, 0)] + "..."


def blanked(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """``text`` with each of ``spans`` (start, end) replaced by spaces, every position kept, so
    that what a reader matches after it stands where it stood: ``blanked("$8 or 9", [(0, 2)])``
    -> ``"   or 9"``. Spans may overlap."""
    kept = list(text)
    for start, end in spans:
        end = min(end, len(kept))
        kept[start:end] = " " * max(end - start, 0)
    return "".join(kept)


def fold(text: str) -> str:
    """The ASCII form of ``text`` that matchers read (see the module docstring).

    Case is kept; callers that match case-insensitively lower the result. Never raises.
    """
    if text.isascii():
        # The common case, and the whole path below is the identity on ASCII but for the
        # control characters it drops: skip the per-character walk.
        if _ASCII_DROPPED_CHAR.search(text) is None:
            return text  # nothing to drop: what translate would give, for far less
        return text.translate(_ASCII_DROPPED)
    # Look-alikes before NFKC (which would turn some, such as the theta symbol, into other
    # letters) and after (for look-alikes NFKC produces from compatibility forms).
    sighted = _sighted(without_surrogates(text))
    normal = _sighted(unicodedata.normalize("NFKC", sighted))
    # Dropping and transliterating go character by character, and both leave ASCII but its
    # controls alone: drop those at C speed, and walk only the runs of other characters.
    if _ASCII_DROPPED_CHAR.search(normal) is not None:
        normal = normal.translate(_ASCII_DROPPED)
    return _NON_ASCII_RUN.sub(_folded_run, normal)


_LOOKALIKE_CHAR = re.compile("[" + "".join(re.escape(chr(c)) for c in LOOKALIKES) + "]")
"""Any one of the look-alikes of :data:`LOOKALIKES`."""


def _sighted(text: str) -> str:
    """``text`` with look-alikes mapped (:data:`LOOKALIKES`); searching for one first costs far
    less than translating a text that holds none, character by character."""
    return text.translate(LOOKALIKES) if _LOOKALIKE_CHAR.search(text) is not None else text


_NON_ASCII_RUN = re.compile("[^\x00-\x7f]+")


def _folded_run(run: re.Match[str]) -> str:
    """A run of non-ASCII characters, format and control characters dropped, transliterated."""
    return anyascii("".join(c for c in run.group() if not _dropped(c)))


@once_per_session
def fold_answer(text: str) -> str:
    """:func:`fold` of an agent's whole answer, folded once per judged session
    (:mod:`checkers.session_context`): the readers of one answer (its plan's, its final
    word's) each fold the whole of it, a few microseconds a kilobyte of accented names."""
    return fold(text)


def fold_lower(text: str) -> str:
    """:func:`fold`, lowered, with runs of spaces collapsed to one: the form for word matching."""
    return lowered_words(fold(text))


def lowered_words(folded: str) -> str:
    """:func:`fold_lower` of a text already folded: ``lowered_words(fold(text)) ==
    fold_lower(text)``."""
    lowered = folded.lower()
    # Most texts hold single spaces only, which the substitution would rebuild unchanged, one
    # match per space: test for what it changes first (three scans at C speed).
    if "  " in lowered or "\t" in lowered or "\xa0" in lowered:
        return _SPACES.sub(" ", lowered)
    return lowered


def word_pattern(word: str) -> str:
    """``word`` as a regex of a whole word in :func:`fold_lower` text, markdown's "_" around it
    aside: a passenger "Ed" is not named by "proceed", flight HAT18 not by HAT188, a size "S" not
    by every "s" of a sentence."""
    return rf"(?<![^\W_]){re.escape(fold_lower(word))}(?![^\W_])"


def phrase_pattern(phrase: str, spellings: Mapping[str, Sequence[str]] | None = None) -> str:
    """``phrase`` as a regex of its words in order, as whole words, in :func:`fold_lower` text,
    with any spaces or punctuation between them: "Apt 2" is named by "apt. 2" but not by
    "apt 21", "T-Shirt" by "t shirt", a size 9 not by "9.5" nor a price of 50 by "10.50". A
    word may also be written as one of ``spellings`` of it (lowered: {"street": ("st",)}). A
    phrase of no words matches nothing."""
    words = re.findall(r"[^\W_]+", fold_lower(phrase))
    if not words:
        return r"(?!)"
    spelled = spellings or {}
    alternatives = [
        "(?:" + "|".join(map(re.escape, (word, *spelled.get(word, ())))) + ")" for word in words
    ]
    return r"(?<![^\W_])(?<!\d[.,])" + r"[\W_]+".join(alternatives) + r"(?![^\W_]|[.,]\d)"


def names_phrase(
    phrase: str, text: str, spellings: Mapping[str, Sequence[str]] | None = None
) -> bool:
    """Whether ``text`` (:func:`fold_lower`) names ``phrase`` (:func:`phrase_pattern`)."""
    return re.search(phrase_pattern(phrase, spellings), text) is not None


def sentences(text: str) -> list[str]:
    """``text`` split into sentences, each as written (stripped), empty ones dropped.

    A sentence ends where it always did (a full stop, ``!`` or ``?`` followed by a space; a line
    break of any kind; an ideographic ``\u3002``, ``\uff01`` or ``\uff1f`` even without a
    space), judged on each character's :func:`fold` form so that no disguise hides such an end:
    a full-width ``\uff0e`` or ``\u203c`` is a stop, and characters a reader does not see
    (zero-width spaces, joiners) are skipped wherever they stand: ``"#W1: Pending.\u200b #W2:
    Pending."`` is two sentences. Nothing else ends one: an ellipsis, a stop inside quotes or
    brackets (``Acme Inc.) is``), a bullet between entries keep the sentence whole, so a
    status is never cut off from the order it is said of (a reader of clauses, such as orders'
    claims, breaks there instead). Nor does a line break after a word no sentence ends with
    (:data:`NO_END_WORDS`: "is not\ndelivered" is one sentence, whose "not" denies), nor the stop
    of an abbreviation the sentence goes on after (:func:`_abbreviated`: "at 10 a.m. on May 5",
    "Dr. Lee", "e.g. the Visa")."""
    shape = text.translate(_ASCII_SHAPE) if text.isascii() else "".join(map(_shape, text))
    # a run of stops (and what a reader does not see among them) is tried once, from its first
    # stop: tried from each of its stops, a run without a space after it took quadratic time
    shape = _STOP_RUN.sub(lambda run: "." * len(run.group()), shape)
    found, start = [], 0
    for gap in _SENTENCE_GAP.finditer(shape):
        if gap.lastgroup == "line" and _ends_unfinished(text, gap.start()):
            continue
        if gap.lastgroup == "spaced" and _abbreviated(text, gap.start(), gap):
            continue
        found.append(text[start : gap.start(gap.lastgroup or 0)])
        start = gap.end()
    found.append(text[start:])
    return [s.strip() for s in found if s.strip()]


NO_END_WORDS = frozenset({
    "not", "never", "nor", "cannot", "cant", "isnt", "arent", "wasnt", "werent", "hasnt",
    "havent", "hadnt", "wont", "doesnt", "didnt", "is", "are", "was", "were", "be", "been",
    "being", "has", "have", "had", "will", "would", "shall", "should", "can", "could", "may",
    "might", "must", "does", "did", "the", "a", "an", "and", "or", "but", "of", "to", "with",
    "from", "your", "their", "its", "our", "my",
})  # fmt: skip
"""Words no sentence ends with (a denial, an auxiliary, an article, a joining word): a line
break after one wraps the sentence, it does not end it."""
_LAST_WORD = re.compile(r"([a-z']+)\W*$")


def _ends_unfinished(text: str, end: int) -> bool:
    """Whether the line of ``text`` ending at ``end`` ends with one of :data:`NO_END_WORDS`,
    whatever spaces or invisible characters follow it."""
    # Stepped back over what a reader does not see, so no run of it puts the word out of the
    # window (a window is enough for the word itself: no such word is longer than it).
    while end > 0 and _shape(text[end - 1]) in " z":
        end -= 1
    last = _LAST_WORD.search(fold_lower(text[max(0, end - 40) : end]))
    return last is not None and last.group(1).replace("'", "") in NO_END_WORDS


TITLES = frozenset({"mr", "mrs", "ms", "mx", "dr", "prof", "e.g", "i.e", "vs", "cf", "approx"})
"""Abbreviations no sentence ends with: a title before a name, "e.g.", "vs."."""
CLOCK_MARKS = frozenset({"a.m", "p.m"})
"""Abbreviations that end a time, and a sentence only when a new one starts after them."""
TIME_ZONES = frozenset({
    "eastern", "central", "mountain", "pacific", "local", "et", "ct", "mt", "pt", "est", "edt",
    "cst", "cdt", "mst", "mdt", "pst", "pdt", "utc", "gmt",
})  # fmt: skip
"""Words that go on a time after "a.m." or "p.m." though capitalised ("9 a.m. Eastern")."""
_WORD_BEFORE_STOP = re.compile(r"(?<![a-z.])([a-z]+(?:\.[a-z]+)*)$")
_WORD_AFTER_GAP = re.compile(r"(\w+)")


def _abbreviated(text: str, stop: int, gap: re.Match[str]) -> bool:
    """Whether the stop of ``text`` at ``stop``, followed on its line by ``gap`` (spaces, see
    :data:`_SENTENCE_GAP`), ends an abbreviation the sentence goes on after: one of
    :data:`TITLES`, or a clock mark (:data:`CLOCK_MARKS`) followed by anything but a capital
    letter, or by a time zone. "We land at 5 p.m. Is that OK?" is two sentences, "We land at 5
    p.m. on Monday (local time)" one; a line break always ends one."""
    if "\n" in gap.group("spaced") or fold(text[stop]) != ".":
        return False  # "Is it at 9 a.m? yes" asks a question
    before = _WORD_BEFORE_STOP.search(fold_lower(text[max(0, stop - 12) : stop]))
    if before is None:
        return False
    word = before.group(1)
    if word in TITLES:
        return True
    if word not in CLOCK_MARKS:
        return False
    following = _WORD_AFTER_GAP.match(text, gap.end(), min(len(text), gap.end() + 40))
    if following is None:
        return True  # nothing after it, or nothing a sentence starts with
    return not following.group(1)[0].isupper() or fold_lower(following.group(1)) in TIME_ZONES


_LINE_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
_CLOSERS = frozenset("\"')]")


@lru_cache(maxsize=4096)
def _shape(char: str) -> str:
    """What ``char`` is to the end of a sentence, as one character: ``.`` an end, ``|`` an
    ideographic end (no space needed), ``"`` a closing quote or bracket, `` `` a space, ``\n`` a
    line break or bullet, ``z`` nothing a reader sees, ``a`` anything else."""
    if char in _LINE_BREAKS:
        return "\n"
    if char in "\u3002\uff01\uff1f":
        return "|"
    if char.isspace():
        return " "
    folded = fold(char)
    if not folded:
        return "z"
    if (
        set(folded) <= set(".!?")
        and unicodedata.category(char) == "Po"
        and char not in "\u00bf\u2026"
    ):
        return "."
    return '"' if set(folded) <= _CLOSERS else "a"


_ASCII_SHAPE = {code: _shape(chr(code)) for code in range(128)}
_SENTENCE_GAP = re.compile(
    r'(?<!\.)\.\.*+(?P<spaced>[ z]*[ \n][ \nz]*)|\|[z"]*(?P<unspaced>[ \nz]*)|(?P<line>\n[\nz]*)'
)
"""In the shape of a text (:func:`_shape`), what lies between two sentences."""
_STOP_RUN = re.compile(r"\.[.z]+")


def holds_any(text: str, words: Iterable[str]) -> bool:
    """Whether ``text`` holds one of ``words`` anywhere (as a substring): the test before a
    pattern every match of which holds one of them, at C speed (a pattern opening on a word
    boundary is tried at every character)."""
    return any(map(text.__contains__, words))  # no generator frame: tried per answer


def matches_from(pattern: re.Pattern[str], text: str, starts: Sequence[int]) -> list[re.Match[str]]:
    """``list(pattern.finditer(text))`` for a pattern that can match only at ``starts`` (in
    order) and never matches the empty string: the match at each start not inside an earlier
    match. ``tests/test_fast_paths.py`` holds it to ``finditer``."""
    found: list[re.Match[str]] = []
    end = 0
    for start in starts:
        if start >= end and (match := pattern.match(text, start)) is not None:
            found.append(match)
            end = match.end()
    return found
