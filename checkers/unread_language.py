"""Text in a language the answer readers do not read.

Every reader of a final answer (a plan's words, its final word, who is left out, what need is
said broken) reads English. A sentence in another language around a plan ("Lo siento, Green Fork
está completo esta noche", "Raj kann leider nicht kommen", "杰瑞不能参加") can say that the plan
does not hold, and no reader would see it: the answer would pass on its JSON alone. An evaluator
fails closed, so such an answer is not judged at all: :func:`unread_language` names the first
sentence the readers cannot read, and the domains' answer readers turn it into the answer
problem ``unread_language`` (the answer fails, saying why; answering in English, or with the
plan alone, is the fix).

A sentence is read as another language's when

- it holds a letter of a script other than Latin (Chinese, Japanese, Korean, Cyrillic,
  Greek, Arabic, Hebrew, Devanagari, Thai ...; "Raj 不"), look-alikes of Latin letters
  aside inside a word of Latin letters (:data:`checkers.text.LOOKALIKES`: "Green" spelled
  with a Cyrillic "e" is read as "Green" by every reader), but not a word of two or more
  letters all of another script, look-alikes or not: "Мест нет" is Russian ("no seats"), and
  an English word spelled all in look-alikes is a disguise no honest answer writes; Latin
  letters in another form are Latin ("7ᵗʰ", "ﬁne"), or
- it holds one of :data:`FOREIGN_WORDS` (words of Spanish, French, German, Italian,
  Portuguese, Dutch, the Nordic languages, Polish, Turkish, Indonesian, Tagalog and
  Vietnamese that are no English words: "está", "nicht", "peut", "purtroppo", "niet"), and at least
  two such words counting :data:`SHARED_WORDS` (words both languages spell alike or that often
  stand in names of dishes and places: "de", "la", "con"; "no" before such a word: "no
  viene"), more of them than English function words (:data:`ENGLISH_WORDS`).

- its words are mostly no English words (:func:`_mostly_not_english`): more words outside
  :func:`english_lexicon` (pyspellchecker's English word list of 160,000 words and their
  inflections, with :data:`BORROWED_WORDS`) than in it, two of them at least ("Raj ist krank", "Ana
  ne vient pas", "Ana não vem"), or one after a name of the scenario opening the sentence and no
  English word at all ("Ana gelmiyor."), words of other languages the English list spells too
  (:data:`FOREIGN_HOMOGRAPHS`: "aus", "ja", "va") counting as none there ("Mei fällt aus.").
  This reads every language the lists above do not name.
  Words of letters and digits ("GV1N64", "r03"), and in a sentence of lower-case words codes of up
  to four capitals ("EST", "IAH") and capitalized words after the first (names: "from Los Angeles"),
  count for nothing; over the 4,182 sentences of the 50 recorded gpt-4o airline runs (agent and
  customer), and every NATURAL PLAN task, it reads none as another language's, or
- it holds another language's clause or word inside an English sentence
  (:func:`_code_switched`): two words of other languages side by side, one of them spelling no
  English word ("Raj no va a poder ir to the dinner", "except Raj, qui est malade"); another
  language's "not" (:data:`OTHER_NEGATIONS`) after a name of the scenario ("Raj nu vine", "Raj
  ne dolazi", "Raj nem jön"); or, after a name of the scenario or "he", "she", "they" and a
  copula, a state no English list holds ("Raj is krank today", "Raj is enfermo tonight").

Words of the scenario (a guest's, a restaurant's, a dish's, a participant's name) count for
nothing: "Trattoria Da Luigi" or "pollo con arroz" never make a sentence foreign, and neither
does one foreign word in an English sentence ("the chef's pozole is completo-level good", "Try
the tres leches", "por favor"; loanwords: "à la carte", "prix fixe", "al fresco", "Bon
appétit!"), but for a state said of a name ("Raj is krank"). A courtesy of two such words does
("Lo siento!", "Muy bien, Ana"): a false fail the reason names, taken over a sentence that could
deny the plan unread.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Iterable
from functools import cache, lru_cache
from itertools import pairwise

from checkers.results import AnswerProblem
from checkers.text import LOOKALIKES, fold_answer, fold_lower

_FOREIGN_TEXT = (
    # Spanish
    "esta estan esto este estas estos puede pueden puedo podemos podra siento lamentablemente "
    "desafortunadamente tambien pero porque cuando donde nosotros ellos ella usted ustedes tiene "
    "tienen tenemos reservado reservada reservacion completo completa cerrado cerrada disponible "
    "disponibles asistir venir viene vendra nadie nunca ningun ninguna todos todas muy hoy "
    "manana noche horas aqui alli ademas alergia alergico alergica presupuesto lejos llegar "
    "ocupado ocupada estara estaran es una unos unas que por nota "
    # German
    "ist sind nicht kein keine keinen kann koennen konnen leider und oder aber wir ein eine "
    "einen einem das dem fuer auf nur noch heute morgen abend uhr kommen kommt haben wird werden "
    "ausgebucht geschlossen reservierung tisch hinweis gibt nach zum zur vom bei ich mich uns "
    "sehr auch schon wenn weil dass leute personen "
    # French
    "sont peut peuvent pouvons nous vous ils elles avec mais aujourd hui cette soir vient "
    "viennent venir vais allons peux pouvez veut veulent malade "
    "malheureusement complet ferme fermee viendra dommage desole desolee aussi ici personne "
    # Italian
    "della dello degli delle sono puo possono purtroppo anche perche questa questo stasera oggi "
    "domani chiuso prenotazione verra nessuno siamo gli "
    # Portuguese
    "nao podem infelizmente tambem voce voces eles elas uma sem hoje amanha noite fechado lotado "
    "disponivel vai ele pode vir "
    # Dutch
    "niet helaas komt komen geen het een wij zij ook maar vandaag avond gesloten volgeboekt "
    "reservering beschikbaar zijn heeft hebben wordt voor "
    # Swedish, Danish, Norwegian
    "inte ikke ikkje tyvarr desvaerre dessverre och kommer komme jeg jag det dag "
    # Polish
    "nie moze jest niestety przyjsc sie przyjdzie mozemy jestesmy bedzie "
    # Turkish
    "degil maalesef gelemez gelemeyecek yok bir icin ama gelecek "
    # Indonesian, Malay, Tagalog
    "tidak bisa datang maaf akan tetapi yang ini itu hadir dapat hindi makakapunta siya ang "
    "kami sila "
    # Vietnamese (folded)
    "khong duoc toi chung xin loi "
)
# Strings split once: lists of a hundred one-word strings read worse.
FOREIGN_WORDS = frozenset(_FOREIGN_TEXT.split())
"""Words of other languages that spell no English word (as :func:`checkers.text.fold_lower`
spells them: "está" is "esta", "für" is "fur")."""

_SHARED_WORDS_TEXT = (
    "si sin son die van man en el la le los las il lo da di du del al de con y e et ne ni ma "
    "mi se te tu su un hasta solo non hat mit est pas des les sans elle uno com mesa cena hora "
    "fur pour deja hay reserva para kan vi har er ar sa ve ng po tres den "
)
SHARED_WORDS = frozenset(_SHARED_WORDS_TEXT.split())
"""Words of other languages that English spells too or that stand in many names of dishes and
places ("pico de gallo", "El Pollo Loco", "tres leches", "van den Berg"): counted beside a
:data:`FOREIGN_WORDS` word, never alone."""

_HOMOGRAPHS_TEXT = (
    # Spanish, Portuguese, Italian, French: "goes", "you go", "to go", "this", "(they) have",
    # "will be", "yes", "me", "that", "there", "I", "my", "is", "am"
    "va vas vai ir ce ont sera oui moi che ci io mia sta sou sao "
    # German, Dutch: "out", "off", "yes", "to me", "to you", "(you) have", "must", "does",
    # "(I) have", "still", "this"
    "aus ab ja mir dir hast muss hab tut heb moet nog dit "
    # Romanian, Czech: "(they) are"
    "sunt jsou "
)
FOREIGN_HOMOGRAPHS = frozenset(_HOMOGRAPHS_TEXT.split())
"""Words of other languages' grammar (verbs, pronouns, particles) that pyspellchecker's English
list holds too, as abbreviations or rare words ("va": Virginia; "aus", "nu"), but that English
prose does not write in lower case: never English beside a :data:`FOREIGN_WORDS` word ("no va",
"Mei fällt aus")."""

_NEGATIONS_TEXT = "nu ne nem nie ni ei nao nije niet nicht ikke ikkje inte tidak khong yok degil"
OTHER_NEGATIONS = frozenset(_NEGATIONS_TEXT.split())
""""Not" in other languages (Romanian, Croatian, Hungarian, Polish, Finnish, Portuguese, Dutch,
German, the Nordic languages, Indonesian, Vietnamese, Turkish): no English sentence writes one
right after a name ("Raj nu vine", "Raj ne dolazi", "Raj nem jön"). English "no" and "non"
are another language's only before another language's word ("Raj no va"; "Raj no longer eats
meat", "Ana (non-vegetarian)" are English)."""
_NOT_ENGLISH = FOREIGN_WORDS | FOREIGN_HOMOGRAPHS | OTHER_NEGATIONS
_SIDE_BY_SIDE = _NOT_ENGLISH | SHARED_WORDS | {"no", "non"}
_OTHER_SPELLINGS = FOREIGN_WORDS | FOREIGN_HOMOGRAPHS
"""Words spelled as no English word is, or as English writes none in lower case: one of two
side by side (:func:`_foreign_pair`)."""
_COPULAS_TEXT = (
    "is isn't was wasn't are aren't were weren't be been being seems seemed feels felt feeling "
    "looks looked gets got getting became becomes remains stays"
)
_COPULAS = frozenset(_COPULAS_TEXT.split())
# Answers speak of guests and participants in the third person; "I", "you" and "we" are left
# to the other rules (a typo after "you are" is no other language).
_PRONOUN_COPULAS = frozenset({"he's", "she's", "they're"})
_PRONOUNS = frozenset({"he", "she", "they"})
_AUXILIARIES_TEXT = (
    "will won't would wouldn't might may could can can't should must has hasn't have"
)
_AUXILIARIES = frozenset(_AUXILIARIES_TEXT.split())
_DEGREES_TEXT = "very so too really quite still also just rather pretty not a bit"
_DEGREES = frozenset(_DEGREES_TEXT.split())
"""Words between a copula and the state it says ("Raj is still krank", "is a bit krank")."""

_ENGLISH_WORDS_TEXT = (
    "the a an is are was were be been being to of and in on at for with it its this that these "
    "those he she they we you i me him her them us my your his their our not can can't cannot "
    "will won't would could should has have had do does did don't doesn't by from as or but so "
    "if then than there here what which who whom when where why how all any some none every "
    "each just only also very too "
)
ENGLISH_WORDS = frozenset(_ENGLISH_WORDS_TEXT.split())
"""English function words: a sentence holding more of these than foreign words is English."""

_BORROWED_TEXT = (
    # courtesies English answers borrow
    "bon appetit buen provecho buon appetito guten gracias merci danke salud salute prost "
    "ciao arrivederci hasta luego vista voila ole c'est la vie kanpai itadakimasu "
    # dishes and kinds of places an answer may name beside a menu's
    "cafe pho sashimi omakase kaiseki izakaya bibimbap gochujang paneer biryani dal keto "
    "pescatarian creme brulee "
    # diets an answer names beside a guest, and kinds of places and menus beside a restaurant
    # ("Zoë is coeliac", "Raj: gf", "Green Fork is prix fixe tonight")
    "coeliac paleo pescetarian flexitarian pollotarian lacto ovo gf df prix fixe jus hors mise "
    "osteria taqueria enoteca degustation aperitivo prosecco mezcal udon boba mochi wagyu "
    # abbreviations, chat words and units written in lower case
    "etc ie eg btw fyi rsvp asap tbd json www http https utc gmt km kms mi mins hr hrs "
    "nevermind thx pls plz imo imho lol tbh idk wfh ooo pto afk brb ish lowkey highkey def prob "
    "uber spendy omni veggo glutenfree dairyfree plantbased"
)
BORROWED_WORDS = frozenset(_BORROWED_TEXT.split())
"""Words an English answer borrows that pyspellchecker's English list lacks ("Buen provecho,
Ana!", "Voilà!", "RSVP by Friday"): English to :func:`english_lexicon`."""


@cache
def english_lexicon() -> frozenset[str]:
    """English words, lower-cased and folded (:func:`checkers.text.fold_lower`): pyspellchecker's
    list of 160,000 words with their inflections ("bails", "skipping", "can't"), and
    :data:`BORROWED_WORDS`. Loaded at the first call (a tenth of a second), kept after."""
    from spellchecker import SpellChecker

    return frozenset(SpellChecker(language="en", distance=1).word_frequency.dictionary).union(
        BORROWED_WORDS
    )


_WORD = re.compile(r"\b[a-z]+(?:'[a-z]+)?\b")
_NO_LETTER = re.compile(r"[^\w\s'\u2019\u00ad\u200b-\u200f\u2060-\u2064\ufeff]+")
"""Symbols, emoji and punctuation: folded, an emoji becomes its name (":man:", a flag "ES"),
whose words are no language's. Invisible characters stay, for folding to drop (a zero-width
space inside a word splits nothing)."""
_LETTER_RUN = re.compile(r"[^\W\d_]+")
_WORD_RUN = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)*")
"""A word of letters, with its apostrophes ("didn't")."""
_SENTENCE_END = re.compile(r"[.!?;:\n\u3002\uff01\uff1f]+")

_LATIN_BLOCKS = (
    (0x0000, 0x024F),  # Basic Latin .. Latin Extended-B
    (0x0250, 0x02AF),  # IPA extensions
    (0x1D00, 0x1DBF),  # phonetic extensions (Latin small capitals, superscripts)
    (0x1E00, 0x1EFF),  # Latin Extended Additional ("Huế")
    (0x2C60, 0x2C7F),  # Latin Extended-C
    (0xA720, 0xA7FF),  # Latin Extended-D
    (0xAB30, 0xAB6F),  # Latin Extended-E
    (0xFF21, 0xFF5A),  # full-width Latin
)
_LOOKALIKE_CODES = frozenset(LOOKALIKES)
_INVISIBLE = re.compile("[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]")
"""Characters that show nothing (zero-width spaces and joiners, soft hyphens)."""


def _latin(char: str) -> bool:
    """Whether ``char`` is a Latin letter, or one in another form (a superscript "ᵗ", the
    ligature "ﬁ": their compatibility form is Latin)."""
    code = ord(char)
    if any(low <= code <= high for low, high in _LATIN_BLOCKS):
        return True
    plain = unicodedata.normalize("NFKC", char)
    return plain != char and all(_latin(c) for c in plain if c.isalpha())


def _other_script(char: str) -> bool:
    """Whether the letter ``char`` is of a script other than Latin and no look-alike of a Latin
    letter (which every reader folds back: "Green" written with a Cyrillic "e")."""
    return not _latin(char) and ord(char) not in _LOOKALIKE_CODES


@lru_cache(maxsize=64)
def _known_words(known: tuple[str, ...]) -> frozenset[str]:
    """The words of the scenario's names, folded and lowered, and their letter runs as written
    (for names in other scripts); kept for the scenarios judged last (every answer of one
    scenario names the same)."""
    words: set[str] = set()
    for name in known:
        words.update(_WORD.findall(fold_lower(name)))
        words.update(run.casefold() for run in _LETTER_RUN.findall(name))
    return frozenset(words)


def _other_script_letters(sentence: str, known: frozenset[str]) -> int:
    """How many letters of other scripts ``sentence`` holds, outside the scenario's words: in a
    word of Latin letters, those that are no look-alike of one; in a word of two or more
    letters none of them Latin, every letter ("Мест": a Russian word, look-alikes or not); in
    a word of Latin letters and look-alikes that reads as no English word, every letter
    ("Мест" written with a Latin "M": a disguise no honest answer writes)."""
    count = 0
    # Invisible characters do not part a word: a zero-width space inside a Russian word.
    for run in _WORD_RUN.findall(_INVISIBLE.sub("", sentence)):
        if run.isascii() or run.casefold() in known:
            continue
        if len(run) >= 2 and not any(_latin(char) for char in run):
            count += len(run)
        elif any(c.isalpha() and ord(c) in _LOOKALIKE_CODES for c in run) and not _read_word(
            run, known
        ):
            count += len(run)  # a word of another script disguised (a Latin "M" in "Мест")
        else:
            count += sum(1 for char in run if char.isalpha() and _other_script(char))
    return count


def _read_word(run: str, known: frozenset[str]) -> bool:
    """Whether the letter run ``run``, folded (look-alikes read as the Latin letters they
    imitate), is an English word or one of the scenario's (``known``), a possessive's too:
    "Green" with its "e"s Cyrillic is "green", "Björn" with a curly apostrophe and "s" is
    Björn's."""
    word = fold_lower(run)
    lexicon = english_lexicon()
    return any(w in lexicon or w in known for w in (word, word.removesuffix("'s")))


def _foreign_words(words: list[str], known: frozenset[str]) -> bool:
    """Whether the sentence of ``words`` (:func:`_sentence_words`) reads as another
    Latin-script language's (see the module docstring). Foreign words count once each: "Très,
    très bien" is one."""
    foreign: set[str] = set()
    shared: set[str] = set()
    english = 0
    lowered = [word.lower() for word in words]
    for index, word in enumerate(lowered):
        if word in ENGLISH_WORDS:
            english += 1
        elif word in known:
            continue
        elif word in FOREIGN_WORDS:
            foreign.add(word)
        elif word in SHARED_WORDS:
            shared.add(word)
        elif word == "no" and not FOREIGN_WORDS.isdisjoint(lowered[index + 1 : index + 2]):
            shared.add(word)  # "no puede", "no viene": English says "No conflicts" too
    said = len(foreign) + len(shared)
    return bool(foreign) and said >= 2 and said > english


_WRITTEN_WORD = re.compile(r"(?<!\w)[A-Za-z]+(?:'[A-Za-z]+)*(?!\w)|\w+")
"""A word of letters as written (folded), with its apostrophes ("can't", "Ana's"), or a run
of letters and digits, a number ("800", "r03", "GV1N64", "7th"): no word, but it stands
between two."""
_URL = re.compile(r"\b(?:https?://|www\.)\S+|\S+@\S+\.\w+", re.I)
"""A web or mail address: no prose ("opentable.com/r/green-fork")."""


_CODE = re.compile(r"(?<![\w'])[A-Z]{2,4}(?![\w'])")
_LOWER_WORD = re.compile(r"(?<![\w'])[a-z]")


def _without_codes(sentence: str) -> str:
    """``sentence`` without its codes of two to four capitals ("DEN to LAS", "EST") when it holds
    a word in lower case: in prose they are airports, zones and abbreviations, no words of a
    language ("DEN" is no Danish, "LAS" no Spanish); a sentence all in capitals keeps them."""
    if _LOWER_WORD.search(sentence) is None:
        return sentence
    return _CODE.sub(" ", sentence)


def _sentence_words(sentence: str) -> list[str]:
    """The words of ``sentence`` as written, folded (:func:`checkers.text.fold_answer`), each
    with its apostrophes ("can't", "Ana's"), and its numbers and words joined to digits
    ("800", "r03"; :func:`_is_word` tells them apart), as the list rule
    (:func:`_foreign_words`), the lexicon rule (:func:`_mostly_not_english`) and the
    code-switching rule (:func:`_code_switched`) weigh them: no words of a web or mail
    address, none of symbols and emoji (folded, an emoji is its name), and in a sentence that
    holds a word in lower case no codes (:func:`_without_codes`)."""
    composed = unicodedata.normalize("NFC", sentence)  # "Citroe\u0308n" is one word
    letters = _NO_LETTER.sub(" ", _without_codes(_URL.sub(" ", composed)))
    return _WRITTEN_WORD.findall(fold_answer(letters))


_BRITISH_SPELLINGS = (
    (re.compile(r"(?<=[a-z]{2})our"), "or"),  # colour, favourite; not French "jour"
    (re.compile(r"([iy])s(e|es|ed|ing|ation|ations)$"), r"\1z\2"),  # organised, analyse
    (re.compile(r"(met|lit|cent|fib|lust|spect|sab)re(s?)$"), r"\1er\2"),  # metres, centre
    (re.compile(r"(met|lit|cent|fib)red$"), r"\1ered"),  # centred
    (re.compile(r"ence$"), "ense"),  # defence, licence
    (re.compile(r"^scep"), "skep"),  # sceptical
    (re.compile(r"(?<=gra)mme$"), "m"),  # programme, kilogramme; not French "comme"
)
"""British spellings and the American ones of pyspellchecker's list: "metres" is "meters"."""


def _english_word(word: str) -> bool:
    """Whether the lowered ``word`` is in :func:`english_lexicon`, spelled as there or in
    British English ("metres", "organised", "colour", "favourite", "centred", "defence")."""
    lexicon = english_lexicon()
    if word in lexicon:
        return True
    for spelling, american in _BRITISH_SPELLINGS:
        respelled = spelling.sub(american, word)
        if respelled != word and respelled in lexicon:
            return True
    return False


def _is_word(token: str) -> bool:
    """Whether ``token`` (:func:`_sentence_words`) is a word of letters, not a number or a word
    joined to digits ("800", "r03")."""
    return token.replace("'", "").isalpha()


def _names_it(word: str, known: frozenset[str]) -> bool:
    """Whether ``word`` (as written, a possessive's "'s" aside) is one of the scenario's words
    (``known``), but for an English word written in lower case, which a dish's name may hold
    too ("and", "on")."""
    lowered = word.lower().removesuffix("'s")
    return lowered in known and not (word.islower() and lowered in english_lexicon())


def _counted_words(words: list[str], known: frozenset[str]) -> tuple[list[str], bool]:
    """The words of a sentence (:func:`_sentence_words`) that :func:`_mostly_not_english`
    weighs, lower-cased, and whether a name of the scenario (a word of ``known``) opens it.
    Left out: words of one letter, the scenario's words (:func:`_names_it`), and in a sentence
    that holds a lower-case word, capitalized words after the first that are no English words
    (names: "Flight from Los Angeles"), as in a line of capitalized names alone ("Ærøskøbing
    Café Citroën"); in a sentence all in capitals or title case opened by a name of the
    scenario every word counts ("ANA IST DA", "Ana Ist Krank")."""
    lexicon = english_lexicon()
    # Capitalized words are names in prose, and in a line of names alone ("Ærøskøbing Café
    # Citroën"); after a name of the scenario opening a line all capitalized, they are what it
    # says of them ("Ana Ist Krank").
    opened_by_name = bool(words) and _names_it(words[0], known)
    names_capitalized = not opened_by_name or any(word[0].islower() for word in words)
    counted = [
        word.lower().removesuffix("'s")
        for index, word in enumerate(words)
        if not _names_it(word, known)
        and len(word) >= 2
        and not (
            names_capitalized
            and index > 0
            and word[0].isupper()
            and word.lower().removesuffix("'s") not in lexicon
        )
    ]
    return counted, opened_by_name


def _mostly_not_english(words: list[str], known: frozenset[str]) -> bool:
    """Whether the sentence of ``words`` (:func:`_sentence_words`) is mostly words no English
    list holds (see the module docstring): two or more such words, more of them than English
    ones; or a name of the scenario opening it and no English word after it, another
    language's words the English list spells too (:data:`FOREIGN_WORDS`,
    :data:`FOREIGN_HOMOGRAPHS`, :data:`OTHER_NEGATIONS`) counting as none ("Ana gelmiyor.",
    "Mei fällt aus.")."""
    counted, named = _counted_words(words, known)
    unknown = [word for word in counted if not _english_word(word)]
    english = len(counted) - len(unknown)
    if len(set(unknown)) >= 2 and len(unknown) > english:
        return True
    return (
        named and bool(counted) and all(not _english_word(w) or w in _NOT_ENGLISH for w in counted)
    )


def _prose_words(words: list[str], known: frozenset[str]) -> list[str | None]:
    """``words`` lowered, None in place of numbers, of the scenario's words (:func:`_names_it`)
    and, in a
    sentence that holds a lower-case word, of capitalized words after the first (names of
    places and dishes: "La Sera", "Das Haus"): the words a clause of another language in an
    English sentence is written in."""
    names_capitalized = any(word[0].islower() for word in words)
    return [
        None
        if not _is_word(word)
        or _names_it(word, known)
        or (names_capitalized and index > 0 and word[0].isupper())
        else word.lower()
        for index, word in enumerate(words)
    ]


def _written_names(words: list[str], known: frozenset[str]) -> list[bool]:
    """For each of ``words``, whether it is a name of the scenario written as a name:
    capitalized ("Raj", "Green Fork"), or the scenario's word after one ("jin" of "Hye-jin");
    not a dish's word in lower case ("the pozole")."""
    names: list[bool] = []
    for word in words:
        follows_name = bool(names) and names[-1]
        named = _is_word(word) and _names_it(word, known)
        names.append(named and (word[0].isupper() or follows_name))
    return names


def _not_english(word: str | None) -> bool:
    """Whether the prose word ``word`` (:func:`_prose_words`) is no English word: outside the
    English list, or another language's word it spells too (:data:`FOREIGN_WORDS`,
    :data:`FOREIGN_HOMOGRAPHS`)."""
    return word is not None and (not _english_word(word) or word in _NOT_ENGLISH)


def _foreign_pair(prose: list[str | None]) -> bool:
    """Whether two words of other languages stand side by side (:data:`_SIDE_BY_SIDE`), one
    of them no word English spells alike (:data:`_OTHER_SPELLINGS`; not :data:`SHARED_WORDS`,
    "no", "ne"): "no va", "est malade",
    "ist nicht" in an English sentence. Dishes and courtesies of one such word pass ("tres
    leches", "pico de gallo", "por favor")."""
    return any(
        first is not None
        and second is not None
        and {first, second} <= _SIDE_BY_SIDE
        and not {first, second}.isdisjoint(_OTHER_SPELLINGS)
        for first, second in pairwise(prose)
    )


def _negated_name(words: list[str], prose: list[str | None], names: list[bool]) -> bool:
    """Whether another language's "not" (:data:`OTHER_NEGATIONS`) follows a name of the
    scenario (``names``: :func:`_written_names`) or opens the sentence before a word in lower
    case ("Raj nu vine", "Raj ne dolazi", "Nu vine."), or "no" or "non" follows a name before
    a word no English list holds ("Raj no va a poder ir"; "Raj no longer eats meat" is
    English)."""
    for index, word in enumerate(prose):
        after_name = index > 0 and names[index - 1]
        following = prose[index + 1] if index + 1 < len(prose) else None
        if word in OTHER_NEGATIONS and (
            after_name or (index == 0 and following is not None and words[1].islower())
        ):
            return True
        if word in ("no", "non") and after_name and _not_english(following):
            return True
    return False


def _foreign_state(words: list[str], prose: list[str | None], names: list[bool]) -> bool:
    """Whether a name of the scenario (``names``: :func:`_written_names`) or "he", "she",
    "they", a copula ("is", "will be", "feels", "he's") and maybe a degree ("still", "a bit")
    are followed by a word in lower case (or in a sentence of no such word, in any case) that
    no English list holds or that is one of
    :data:`FOREIGN_WORDS`: "Raj is krank today", "Raj is enfermo tonight", "she's malade".
    Diets, dishes and kinds of places an answer names are English (:data:`BORROWED_WORDS`: "Zoë
    is coeliac", "Green Fork is prix fixe") or the scenario's."""
    lowered = [word.lower() for word in words]
    # In a sentence all in capitals or title case the state is written so too ("RAJ IS KRANK").
    cased = any(word[0].islower() for word in words)
    for index, copula in enumerate(lowered):
        if copula not in _COPULAS and copula not in _PRONOUN_COPULAS:
            continue
        subject = index - 1
        if subject >= 0 and lowered[subject] in _AUXILIARIES:
            subject -= 1  # "Raj will be"
        if copula in _COPULAS and not (
            subject >= 0 and (names[subject] or lowered[subject] in _PRONOUNS)
        ):
            continue
        state = index + 1
        while state < len(lowered) and lowered[state] in _DEGREES and state - index <= 3:
            state += 1
        said = prose[state] if state < len(prose) else None
        if said is None or not (words[state].islower() or not cased):
            continue
        if said in FOREIGN_WORDS or not _english_word(said):
            return True
    return False


def _code_switched(words: list[str], known: frozenset[str]) -> bool:
    """Whether the sentence of ``words`` (:func:`_sentence_words`, numbers too: "is 800 metres
    away" says no state), English or not, holds a
    clause or word of another language (see the module docstring): two of its words side by
    side (:func:`_foreign_pair`), its "not" after a name (:func:`_negated_name`), or a state
    after a copula (:func:`_foreign_state`)."""
    prose = _prose_words(words, known)
    names = _written_names(words, known)
    return (
        _foreign_pair(prose)
        or _negated_name(words, prose, names)
        or _foreign_state(words, prose, names)
    )


_PUNCTUATION_TO_SPACE = str.maketrans(
    dict.fromkeys(string.punctuation.replace("'", "") + "\u2018\u2019\u201c\u201d\u2013\u2014", " ")
)
_OUTSIDE_LATIN = re.compile("[^\x00-\u036f\u1e00-\u1eff\u2000-\u206f\u20a0-\u20cf]")
"""A character outside the Latin letters, their accents and common punctuation: maybe a letter
of another script (or an emoji, a symbol)."""


def _may_be_foreign(text: str, known: frozenset[str]) -> bool:
    """Whether ``text`` holds a word of another language's the English list may spell too
    (:data:`FOREIGN_WORDS`, :data:`FOREIGN_HOMOGRAPHS`, :data:`OTHER_NEGATIONS`), a word of
    letters that is neither
    English (:func:`english_lexicon`) nor the scenario's (``known``), or a letter of another
    script at all: most answers hold none, and are done with in a few passes at C speed (the
    answer's folded form is the one its other readers share: :func:`checkers.text.fold_answer`)."""
    words = set(fold_answer(text).lower().translate(_PUNCTUATION_TO_SPACE).split())
    if not _NOT_ENGLISH.isdisjoint(words):
        return True
    others = words.difference(english_lexicon(), known)
    if any(word.replace("'", "").isalpha() and len(word) > 1 for word in others):
        return True
    if text.isascii():
        return False
    return any(
        char.group().isalpha() and not _latin(char.group())
        for char in _OUTSIDE_LATIN.finditer(text)
    )


def unread_sentence(text: str, known: Iterable[str] = ()) -> str | None:
    """The first sentence of ``text`` in a language the readers do not read (see the module
    docstring), as written, else None. ``known``: the scenario's names (guests, participants,
    restaurants, cuisines, dishes), whose words count for nothing. Never raises."""
    known_words = _known_words(tuple(known))
    if not _may_be_foreign(text, known_words):
        return None
    for raw in _SENTENCE_END.split(text):
        if _other_script_letters(raw, known_words) >= 1:
            return " ".join(raw.split())
        tokens = _sentence_words(raw)
        words = [token for token in tokens if _is_word(token)]
        if (
            _foreign_words(words, known_words)
            or _mostly_not_english(words, known_words)
            or _code_switched(tokens, known_words)
        ):
            return " ".join(raw.split())
    return None


def unread_language(
    text: str | None, example: str, known: Iterable[str] = ()
) -> AnswerProblem | None:
    """The ``unread_language`` answer problem when ``text`` holds a sentence in a language the
    readers do not read (:func:`unread_sentence`), else None. ``example`` is the domain's
    example answer, shown as the fix. Never raises."""
    sentence = unread_sentence(text or "", known)
    if sentence is None:
        return None
    return AnswerProblem(
        code="unread_language",
        message=f"the answer has text in a language the checker does not read "
        f"({sentence[:60]!r}): what it says of the plan cannot be judged, so the answer is not "
        f"passed; answer in English, e.g. {example}",
    )
