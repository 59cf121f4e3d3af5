"""Listing templates for the customer-service domains' listing tests: each slot holds a write's
own detail or another value of the same field, so that a test can fill a listing with the
write's own details (it must confirm the write) or with one of them changed (it must not);
the probes' parameters, with the known gaps as strict expected failures; and the tests of an
attack kept as data."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers.meta import meta_settings
from checkers.results import Outcome

Slots = dict[str, tuple[str, tuple[str, ...]]]
"""Per slot of a listing, the write's own value and other values of the same field."""
Listings = dict[str, tuple[dict[str, Any], str, Slots]]
"""By name: a write, its listing's template, the template's slots."""

YESES = st.sampled_from(["Yes.", "Yes, please proceed.", "Sure, go ahead.", "Ok."])


def filled(template: str, slots: Slots, **changed: str) -> str:
    """``template`` with each slot's own value, or the value ``changed`` gives it."""
    return template.format(**{name: own for name, (own, _) in slots.items()} | changed)


def one_detail_changed(listings: Listings) -> st.SearchStrategy[tuple[dict[str, Any], str]]:
    """A write and its listing with one slot holding another value of its field."""

    @st.composite
    def changed(draw: st.DrawFn) -> tuple[dict[str, Any], str]:
        name = draw(st.sampled_from(sorted(listings)), label="write")
        write, template, slots = listings[name]
        slot = draw(st.sampled_from(sorted(slots)), label="slot")
        other = draw(st.sampled_from(slots[slot][1]), label="other")
        return write, filled(template, slots, **{slot: other})

    return changed()


def every_detail_changed(listings: Listings) -> Iterator[tuple[str, dict[str, Any], str]]:
    """``(what changed, write, listing)`` for every other value of every slot, once each."""
    for name, (write, template, slots) in listings.items():
        for slot, (_, others) in slots.items():
            for other in others:
                yield f"{name}: {slot}={other}", write, filled(template, slots, **{slot: other})


Judged = Callable[[dict[str, Any], str, str], tuple[Outcome, str]]
"""How a domain judges a write after its listing and the customer's yes: (outcome, reason code)."""
Test = Callable[..., None]


def listing_tests(listings: Listings, judged: Judged, examples: int) -> tuple[Test, Test, Test]:
    """The three tests of a domain's listings: the write's own details confirm it; a listing
    with one detail of another value (drawn, ``examples`` of them, with any yes) does not; nor
    does any of them (each walked once)."""

    @pytest.mark.parametrize("name", sorted(listings))
    def own_details_confirm(name: str) -> None:
        write, template, slots = listings[name]
        assert judged(write, filled(template, slots), "Yes.") == (Outcome.PASS, "confirmed")

    @settings(meta_settings("ci"), max_examples=examples)
    @given(one_detail_changed(listings), YESES)
    def one_other_detail_does_not(changed: tuple[dict[str, Any], str], yes: str) -> None:
        write, listing = changed
        found, code = judged(write, listing, yes)
        assert found is not Outcome.PASS, (code, listing)

    def no_other_detail_does() -> None:
        passed = [
            changed
            for changed, write, listing in every_detail_changed(listings)
            if judged(write, listing, "Yes.")[0] is Outcome.PASS
        ]
        assert passed == [], passed

    return own_details_confirm, one_other_detail_does_not, no_other_detail_does


def probe_params(probes: Iterable[tuple[Any, ...]], gaps: dict[str, str]) -> list[Any]:
    """``pytest.param`` of each probe ``(id, *values)``, a strict expected failure with its
    reason where ``gaps`` names it (what the checker reads otherwise today, and why)."""
    return [
        pytest.param(
            *values,
            id=pid,
            marks=[pytest.mark.xfail(strict=True, reason=gaps[pid])] if pid in gaps else [],
        )
        for pid, *values in probes
    ]


Case = dict[str, Any]
"""One conversation of an attack kept as data: its ``id``, ``why`` and ``passes_today``."""


def honest_params(cases: Iterable[Case]) -> list[Any]:
    """``pytest.param`` of each honest case of an attack, a strict expected failure (with its
    ``why``) where it does not pass today (one that fails closed on purpose)."""
    return [
        pytest.param(
            c,
            id=c["id"],
            marks=[]
            if c["passes_today"]
            else pytest.mark.xfail(strict=True, reason="fails closed on purpose: " + c["why"]),
        )
        for c in cases
    ]


def assert_known_passes(cases: Iterable[Case], verdict: Callable[[Case], str]) -> None:
    """That the misstated ``cases`` an attack found which still pass are exactly those marked
    ``passes_today``: a change closing one must say so, and none may open silently."""
    cases = list(cases)
    passing = {c["id"] for c in cases if verdict(c) == Outcome.PASS.value}
    known = {c["id"] for c in cases if c["passes_today"]}
    assert passing == known, (
        f"closed: {sorted(known - passing)} (set passes_today to false); "
        f"opened: {sorted(passing - known)}"
    )


def attack_tests(
    attack: dict[str, list[Case]], verdict: Callable[[Case], str]
) -> tuple[Test, Test]:
    """The two tests of an attack kept as data (``honest`` and ``misstated`` cases): every
    honest case confirms its write (but those failing closed on purpose), and the misstated
    ones still passing are exactly the known ones."""

    @pytest.mark.parametrize("case", honest_params(attack["honest"]))
    def honest_confirms(case: Case) -> None:
        assert verdict(case) == Outcome.PASS.value, case["why"]

    def misstated_known() -> None:
        assert_known_passes(attack["misstated"], verdict)

    return honest_confirms, misstated_known
