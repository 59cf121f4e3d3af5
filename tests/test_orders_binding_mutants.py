"""How :meth:`checkers.binding.Lists.groups` joins the names of a sentence into lists, pinned
where the orders meta-tests left mutants of :mod:`checkers.binding` alive: a list set against
the sentence ("Unlike the grill, ...") ends at its comma but the list after it does not, a
thing named again after a list of others joins that list, a list after a thing named alone
holds only its own names, and a :class:`checkers.binding.Group` built without saying so is
not set against the sentence; a sentence naming one thing is all said of it, from its first
position to its last, with the very bounds the outer stretches of one naming several have.

Each is pinned on hand-made marks over a lowered sentence and, end to end, on Mei Martin's
order #W7017301 (Grill $924.50, Backpack $193.38, Bicycle $1902.67, Notebook $28.14).
"""

from __future__ import annotations

import re

import pytest

from checkers.binding import Group, Lists, Mark, bind, spans_of, unopposed
from tests.test_orders_bound_facts import _judged

# Meta-tests: `checkers mutate orders` runs them against each mutant.
pytestmark = pytest.mark.checkers_meta

ITEMS = Lists(nouns=r"items?")
PASSED, SWAPPED = ("pass", "all_statements_supported"), ("fail", "unsupported_amount")


def _marks(lowered: str, *names: str) -> list[Mark]:
    """Where ``lowered`` names each of ``names``, as whole words, in order."""
    pattern = re.compile(r"\b(?:" + "|".join(map(re.escape, names)) + r")\b")
    return [(m.start(), m.end(), m.group(0)) for m in pattern.finditer(lowered)]


def _lists(lowered: str, *names: str) -> list[tuple[tuple[str, ...], bool]]:
    """Each group's names, and whether it is set against the sentence."""
    return [(g.names, g.contrasted) for g in ITEMS.groups(lowered, _marks(lowered, *names))]


def test_a_group_built_without_saying_is_not_set_against_the_sentence() -> None:
    """``Group.contrasted`` defaults to False: its marks stay, and a figure binds to it."""
    lowered = "the grill costs $924.50."
    marks = _marks(lowered, "grill")
    group = Group(marks[0][0], marks[0][1], ("grill",), False, at=(marks[0][0],))
    assert not group.contrasted
    assert unopposed(marks, [group]) == marks
    at = lowered.index("$")
    spans = spans_of(len(lowered), marks, [at])
    assert bind(lowered, [group], spans, at, [at])[1] == ("grill",)


def test_a_list_after_a_contrasted_one_runs_on_past_its_commas() -> None:
    """Only a list set against the sentence ends at a comma; the list after it goes on."""
    lowered = "unlike the grill, the backpack, the notebook and the bicycle cost $1."
    assert _lists(lowered, "grill", "backpack", "notebook", "bicycle") == [
        (("grill",), True),
        (("backpack", "notebook", "bicycle"), False),
    ]


def test_a_thing_named_again_after_a_list_of_others_joins_that_list() -> None:
    """A list names each once: whether a name joins is judged on the list it would join."""
    lowered = "the grill is $924.50; the backpack and the grill cost $193.38 and $924.50."
    assert _lists(lowered, "grill", "backpack") == [
        (("grill",), False),
        (("backpack", "grill"), False),
    ]
    lowered = "the grill is $924.50; the backpack, the notebook and the notebook cost $1."
    assert _lists(lowered, "grill", "backpack", "notebook") == [
        (("grill",), False),
        (("backpack", "notebook"), False),
        (("notebook",), False),
    ]


def test_a_list_after_a_thing_named_alone_holds_only_its_own_names() -> None:
    """A name joins the list just before it, not the sentence's first group."""
    lowered = "the notebook costs $28.14 and the backpack and the grill cost $193.38 and $924.50."
    marks = _marks(lowered, "notebook", "backpack", "grill")
    groups = ITEMS.groups(lowered, marks)
    assert [(g.start, g.end, g.names, g.at) for g in groups] == [
        (marks[0][0], marks[0][1], ("notebook",), (marks[0][0],)),
        (marks[1][0], marks[2][1], ("backpack", "grill"), (marks[1][0], marks[2][0])),
    ]


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        # the list set against the sentence ends at its comma, the one after it runs on
        ("Unlike the grill, the backpack, the notebook and the bicycle cost $193.38, $28.14 "
         "and $1902.67.", PASSED),
        ("Unlike the grill, the backpack, the notebook and the bicycle cost $28.14, $193.38 "
         "and $1902.67.", SWAPPED),
        # a thing named again after a list of others joins that list
        ("The grill is $924.50; the backpack and the grill cost $193.38 and $924.50.", PASSED),
        ("The grill is $924.50; the backpack and the grill cost $924.50 and $193.38.", SWAPPED),
        # a list after a thing named alone holds only its own names
        ("The notebook costs $28.14 and the backpack and the grill cost $193.38 and $924.50.",
         PASSED),
        ("The notebook costs $28.14 and the backpack and the grill cost $924.50 and $193.38.",
         SWAPPED),
    ],
)  # fmt: skip
def test_amounts_after_a_list_following_another_group_are_its_items_in_order(
    reply: str, expected: tuple[str, str]
) -> None:
    assert _judged(reply) == expected, reply


@pytest.mark.parametrize(
    "one",
    [
        "$193.38 - that is what you paid for the grill.",  # of even length
        "$193.38 - that is what you paid for your grill.",  # of odd length
    ],
)
def test_a_sentence_naming_one_thing_is_all_said_of_it_with_the_outer_bounds(one: str) -> None:
    """Its one stretch holds every position, first and last, and is bounded as the first
    stretch before and the last after of a sentence naming several are."""
    marks = _marks(one, "grill")
    spans = spans_of(len(one), marks, [0])
    assert spans == spans_of(len(one), marks) == [(-1, len(one) + 1, "grill")]
    assert all(a < p < b for p in range(len(one) + 1) for a, b, _ in spans)
    groups = ITEMS.groups(one, marks)
    assert bind(one, groups, spans, 0, [0]) == ((-1, len(one) + 1), ("grill",))
    article = one.split()[-2]  # "the" or "your": a sentence of each length, even and odd
    several = f"{article} grill costs $924.50 and the backpack costs $193.38."
    figures = [m.start() for m in re.finditer(r"\$", several)]
    after = spans_of(len(several), _marks(several, "grill", "backpack"), figures)
    assert after[-1][1] == len(several) + 1
    before = f"$924.50 for {article} grill and $193.38 for the backpack."
    figures = [m.start() for m in re.finditer(r"\$", before)]
    assert spans_of(len(before), _marks(before, "grill", "backpack"), figures)[0][0] == -1


def test_an_amount_opening_a_sentence_naming_one_item_is_that_items() -> None:
    """A figure at the sentence's first position is inside its one thing's stretch."""
    assert _judged("$193.38 - that is what you paid for the grill.") == SWAPPED
    assert _judged("$924.50 - that is what you paid for the grill.") == PASSED


def test_the_stretch_after_a_thing_starts_where_it_is_named() -> None:
    """In "The grill costs $924.50 and the backpack ...", the grill's stretch holds its name
    and runs up to where the backpack is named."""
    lowered = "the grill costs $924.50 and the backpack costs $193.38."
    marks = _marks(lowered, "grill", "backpack")
    figures = [m.start() for m in re.finditer(r"\$", lowered)]
    spans = spans_of(len(lowered), marks, figures)
    grill, backpack = marks[0][0], marks[1][0]
    assert spans == [(grill, backpack, "grill"), (backpack, len(lowered) + 1, "backpack")]
    groups = ITEMS.groups(lowered, marks)
    assert bind(lowered, groups, spans, figures[0], figures) == ((grill, backpack), ("grill",))
