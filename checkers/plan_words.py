"""The words an answer uses to take back, deny, correct or add to its own plan.

One vocabulary for every domain, matched on :func:`checkers.text.fold_lower` text; a domain adds
only the nouns its plan goes by (:func:`compiled`). :mod:`checkers.final_word` reads a text with
these words and says what the answer does to its plan; the meaning of each group is stated
there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

BASE_NOUNS = ("plan", "booking", "reservation", "option", "choice", "proposal", "time", "slot")
"""Nouns any domain's plan goes by; a domain adds its own."""


NEG = r"(?:\bnot\b|n't\b|\bnever\b|\bcannot\b|\bno longer\b)"
ACTION = (
    r"(?:book(?:s|ed|ing)?|reserv(?:e|es|ed|ing)|schedul(?:e|es|ed|ing)|confirm(?:s|ed|ing)?"
    r"|proceed(?:s|ed|ing)?|recommend(?:s|ed|ing)?|suggest(?:s|ed|ing)?|propos(?:e|es|ed|ing)"
    r"|choose|chose|chosen|choosing|pick(?:s|ed|ing)?|select(?:s|ed|ing)?)"
)
"""Verbs that commit to a plan, as verbs only ("reservations" is a noun: "doesn't take
reservations for groups over 8" is a fact about the restaurant)."""
STATE = (
    r"(?:work\w*|happen\w*|valid|possible|feasible|available|suitable|final|an option"
    r"|make it|made it)"
)
NEGATED = re.compile(
    rf"{NEG}(?:\s+\w+){{0,3}}?\s+(?:be\s+)?\b(?:(?P<action>{ACTION})|(?P<state>{STATE}))\b"
)
"""A commitment negated: an action ("did not book", "couldn't reserve") or a state ("is not
available", "won't work"). Said of the plan, it denies the plan."""
FIRST_PERSON = re.compile(r"\b(?:we|i|i'm|we're|we've|i've|we'd|i'd|us)\b")
OBJECT = re.compile(r"\W*(?:[\w'-]+\W*){0,3}")
PREPOSITION_END = re.compile(r"\b(?:at|in|near|of|from|by|for|to|than|with|on)\s+$")
BAD_STATE = re.compile(
    r"\b(?:unavailable|impossible|infeasible|unfeasible|invalid|blocked|occupied|taken"
    r"|fully booked|booked (?:up|out|solid)|double[- ]booked|sold[- ]out|cancel+ed|busy|a no[- ]go"
    r"|(?:is|are|was|were|'s|be|been) (?:\w+ )?(?:full|closed|off)"
    r"|(?:conflicts?|clash(?:es)?|overlaps?|collides?|coincides?) with)\b(?! of\b)"
)
"""What an answer can call its plan that denies it ("blocked", "fully booked", "sold out", "is
off", "conflicts with"), unless negated ("nobody is busy") or qualified ("a busy restaurant")."""
ATTRIBUTIVE = re.compile(
    r"(?:\b(?:a|an|the|very|quite|too|less|more|most|so|how|their|his|her|our|your|my|its|any"
    r"|no|some|all|other|whose|avoids?|avoiding|outside|around|between)|'s|s')\s+$"
)
"""Words before a state word that make it describe a noun ("everyone's busy periods", "a busy
restaurant"), not the plan."""
STATE_NOUN = re.compile(
    r"\s+(?:periods?|times?|hours?|slots?|blocks?|spans?|days?|mornings?|afternoons?|evenings?"
    r"|nights?|schedules?|calendars?|windows?|meetings?|places?|restaurants?|season|weekends?)\b"
)
"""A noun right after a state word: the state describes it ("busy times"), not the plan."""
STATE_NEGATORS = re.compile(
    r"(?:\bnot\b|n't|\bnever\b|\bno\b|\bnobody\b|\bno one\b|\bnone\b|\bnothing\b|\bneither\b"
    r"|\bwithout\b|\bnor\b)(?:\s+\w+){0,3}\s*$"
)
NOTHING_AFTER = re.compile(r"\s*(?:with|for|by)\s+(?:no\b|nothing|nobody|none|no one)")
TIME_QUALIFIER = re.compile(
    r"(?:\s+\w+){0,3}?\s+(?:(?:before|after|until|till|prior to|earlier than|later than|from)"
    r"\s+\d|on \w*(?:days|weekends|holidays)\b|(?:in the|on|at|for|during) (?:the )?(?:mornings?"
    r"|afternoons?|lunch|lunchtime|weekends?|holidays?)\b)"
)
"""A state limited to other times ("closed before 17:00", "closed on Mondays") is a restriction
that explains the choice, not a denial of the plan."""
WITHDRAW = (
    r"\bscratch (?:that|it|this|all)\b|\bstrike (?:that|it)\b|\bscrap (?:that|it|this|all)\b"
    r"|\bforget (?:it|that|this|about|everything|all)\b|\bnever ?mind\b|\bdisregard\b"
    r"|\bignore (?:it|that|this|my|everything|all|what|the (?:above|previous|last|earlier))\b"
    r"|\btake (?:it|that|this) back\b|\bcancel (?:it|that|this|everything|all)\b"
    r"|\b(?:cancel|skip|scrap|scratch|drop|forget|call off) (?:the |our |my |this |that )?NOUN\b"
    r"|\bskip (?:it|that|this)\b|\bcall(?:ed|ing)? (?:it|that|this|the \w+) off\b"
    r"|\bcalled off\b|\b(?:do not|don't) (?:go|book|come|bother|show up|reserve)\b"
    r"|\blet'?s not\b|\blet us not\b|\bnot going ahead\b|\bno longer\b"
    r"|\bwithdraw\w*|\bretract\w*|\brescind\w*|\bnull and void\b|\bis void\b"
    r"|\bjust kidding\b|\bkidding\b|\bjk\b|\bnot (?:really|seriously)\b"
)
"""Taking the plan back; ``NOUN`` stands for the plan nouns (see :func:`compiled`)."""
CORRECT = re.compile(
    r"\bcorrection\b|\bcorrected\b|\bcorrecting\b|\berrat(?:um|a)\b|\bi meant?\b|\btypo\b"
    r"|\bmake (?:that|it) (?=\d|at\b|for\b|on\b)|\bmake that\b"
    r"|\b(?:change|switch|move|shift|update|push|bump)(?:d|ed|ing)? (?:it |that |this "
    r"|the \w+ )?to\b|\bon second thoughts?\b|\bwait\s*[,!-]|\bhold on\b|\boops\b"
    r"|\bmy (?:mistake|bad|error)\b|\bor rather\b|^\s*rather\b|\binstead\s*$"
    r"|^\s*(?:update|edit|revised|revision|amended|amendment)\b|\bscratch that\b"
)
"""Correcting the plan after it was stated."""
ALTERNATIVE = re.compile(
    r"\balternative(?:ly)?\b|\balternatives\s*(?::|are\b|include)|\bplan [b-z]\b"
    r"|\bback-?up\b|\bfall-?back\b|\bfall back\b|\bsecond (?:choice|option|best|pick)\b"
    r"|\b(?:another|other) (?:option|choice|possibility|pick)\b|\bfailing that\b"
    r"|\bif (?:that|this|it) (?:fails|doesn't work|does not work|is full|falls through"
    r"|is unavailable|is taken|is booked)\b|\bcontingency\b"
)
"""Offering another plan; not when negated or limited ("no alternative", "the only option")."""
ALTERNATIVE_NEGATORS = re.compile(
    r"(?:\bno\b|\bnot\b|n't|\bwithout\b|\bnever\b|\bonly\b|\bnone\b|\bneed\b)(?:\s+\w+){0,2}\s*$"
)
STATES_A_PLAN = re.compile(
    r"\b(?:final (?:answer|plan|choice|pick|decision)|my (?:answer|pick|choice|recommendation)"
    r"|(?:the|our|new|updated|revised) plan(?: is)?|let'?s (?:go|do|book|try|pick|meet)"
    r"|go (?:with|for|to)|(?:i|we)(?:'d| would| will|'ll)? (?:recommend|suggest|pick|choose|go)"
    r"|(?:i|we)(?:'ll| will| have| just)? (?:book|booked|reserve|reserved|schedule|scheduled)"
    r"|book|reserve)\b"
)
"""Words that state a plan. After the stated plan, such a clause naming another plan's part
("Final answer: r20 at 19:00", "let's go to Umi") offers a second plan."""
REJECTED = re.compile(
    r"\b(?:than|of|over|not|unlike|except|vs|versus|instead of|rather than|skipping|skip)\s+"
    r"(?:\w+\s+){0,2}$"
)
"""Words before another plan's part that reject it ("rather than Ember & Oak", "instead of
r01"): a reason for the stated plan, not a second one."""
OR_LEAD = re.compile(r"\s*(?:or|and/or|otherwise)\b")
EITHER = re.compile(r"\beither\b")
OR = re.compile(r"\bor\b")
OR_BEFORE = re.compile(r"\bor\s+(?:(?:maybe|perhaps|else|at|even)\s+)?$")
""""or" right before a plan part, maybe with one softening word ("or maybe Umi")."""
TURNED_DOWN = re.compile(r"\b(?:neither|nor|not|no|never|without|rather than|instead of)\b|n't\b")
"""Words in a clause that turn down the plans its "or" joins ("neither Umi or Marigold")."""
NOT_BEFORE = re.compile(r"\bnot\s+(?:at\s+|on\s+)?$")
NO_PLAN = (
    r"\bno (?!other\b|else\b)(?:\w+ ){0,2}?(?:NOUN)s? (?:\w+ ){0,2}?"
    r"(?:works?|fits?|suits?|satisf\w*|is possible|exists?|is available|is free|will do"
    r"|can be found|for everyone|that works)\b|\bnothing (?:\w+ )?works\b"
    r"|\bnone (?:of (?:them|these|those|the \w+) )?works?\b"
    r"|\b(?:impossible|unable|not possible) to (?:find|schedule|book|satisfy|plan|meet|fit)\b"
    r"|\b(?:can't|cannot|couldn't|could not) (?:find|schedule|book) (?:a|any|one) "
    r"(?:(?!other\b|else\b|better\b)\w+ )?(?:NOUN)\b"
)
"""Saying that no plan works ("no time works", "nothing works"); "no other restaurant works
for Ana" is a reason for this plan, not a claim that none works."""
CONDITION = re.compile(r"^\s*(?:if|unless|in case|should you|provided|whether|as long as)\b")
CONDITION_END = re.compile(r",|\bthen\b")
CLAUSE_CUT = re.compile(
    r"[!?;\n()\[\]{}\"]|\.(?=\s|$)|:(?=\s|$)|,?\s+(?=(?:but|so|because|since|although|though"
    r"|however|whereas|while|which|where|when|and then|then|unless|except)\b)"
)
"""Where a clause ends: sentence ends, colons, semicolons, brackets, quotes, clause words. A
period or colon inside a number ("7.5", "14:30") does not end one."""
DETERMINERS = frozenset(
    {
        *("the", "this", "that", "our", "my", "your", "its", "same"),
        *("skip", "cancel", "scratch", "scrap", "book", "reserve", "schedule", "confirm"),
        *("forget", "drop", "for", "at", "to", "about", "of", "with", "and", "is", "was"),
        *("are", "'s"),
    }
)
"""Words that may stand before a plan noun when it names the stated plan ("the restaurant",
"skip dinner"); any other word before it qualifies it ("the closest restaurant")."""
PRONOUN = re.compile(r"\b(?:it|this|that|which|this one|that one)\b")
YET = re.compile(r"\byet\b")
ALTERNATIVE_KEYS = frozenset(
    {
        *("alternative", "alternatives", "alt", "alts", "backup", "backups", "fallback"),
        *("fallbacks", "contingency", "instead", "otherwise", "secondary"),
    }
)
ALTERNATIVE_WHOLE_KEYS = frozenset({"options", "choices", "others", "other", "or"})
KEY_WORDS = re.compile(r"[a-z]+|[0-9]+[a-z]*")
CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
EMPTY_VALUES = frozenset({"", "none", "n/a", "na", "no", "null", "-"})


# Cue words: a quick test that lets a reader skip a text none of the patterns above can match.
# Every match of each pattern named holds one of its cue words as a plain substring (a test
# draws matches of each pattern and checks), so a text holding none of them holds no match.
DENIAL_CUES = (
    *("no", "n't", "never"),  # NEG, so NEGATED and NOT_BEFORE ("not", "cannot", "no longer")
    *("unavailable", "impossible", "feasible", "invalid", "blocked", "occupied", "taken"),
    *("booked", "sold", "cancel", "busy", "full", "closed", "off", "conflict", "clash"),
    "overlap",
    *("collide", "coincide"),
)
"""Cues of :data:`NEGATED`, :data:`BAD_STATE` and :data:`NOT_BEFORE`: what denies a plan."""
AFTER_CUES = (
    # WITHDRAW (whatever the plan nouns)
    *("scratch", "strike", "scrap", "forget", "never", "disregard", "ignore", "take", "cancel"),
    *("skip", "drop", "call", "no", "n't", "withdraw", "retract", "rescind", "void", "kidding"),
    "jk",
    # CORRECT
    *("correct", "errat", "i mean", "typo", "make", "change", "switch", "move", "shift"),
    *("update", "push", "bump", "second", "wait", "hold", "oops", "my ", "rather", "instead"),
    *("edit", "revis", "amend"),
    # NO_PLAN (whatever the plan nouns)
    *("impossible", "unable"),
    # ALTERNATIVE
    *("alternative", "plan ", "back", "fall", "other", "failing", "if ", "contingency"),
)
"""Cues of :data:`WITHDRAW`, :data:`CORRECT`, :data:`NO_PLAN` and :data:`ALTERNATIVE`: what
takes back, corrects or adds to a plan, or says none works."""
OR_CUES = ("or", "otherwise", "either")
"""Cues of :data:`OR_LEAD`, :data:`OR_BEFORE` and :data:`EITHER`: another plan joined by
"or"."""
STATING_CUES = (
    *("final", "my ", "plan", "let", "go", "recommend", "suggest", "pick", "choose", "book"),
    *("reserve", "schedule"),
)
"""Cues of :data:`STATES_A_PLAN`: words that state a plan."""


@dataclass(frozen=True)
class CompiledWords:
    """The patterns that hold a domain's plan nouns."""

    withdraw: re.Pattern[str]
    no_plan: re.Pattern[str]
    noun: re.Pattern[str]


@lru_cache(maxsize=32)
def compiled(nouns: tuple[str, ...]) -> CompiledWords:
    """The patterns for a domain whose plan also goes by ``nouns`` (lowered)."""
    words = "|".join(re.escape(n) for n in sorted({*BASE_NOUNS, *nouns}, key=len, reverse=True))
    return CompiledWords(
        withdraw=re.compile(WITHDRAW.replace("NOUN", f"(?:{words})")),
        no_plan=re.compile(NO_PLAN.replace("NOUN", f"(?:{words})")),
        noun=re.compile(rf"(?:\b([\w']+) )?\b(?:{words})\b(?![-\w])"),
    )
