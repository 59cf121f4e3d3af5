"""A customer's request as one plain sentence, written and read back from one declaration.

A scripted customer says each write it wants as a sentence ("Please cancel reservation Z7GOZK.
I feel unwell.") and a scripted agent reads it back into the tool call. :class:`SentenceForm`
declares the sentence once, as a template whose ``{name}`` slots are the call's arguments, each
read and written by a :class:`Slot`: :meth:`SentenceForm.text` writes it,
:meth:`SentenceForm.read` reads it (with what the customer said after it, the reason), so the
two cannot drift apart. The domain keeps its vocabulary: its templates and slots
(:mod:`domains.airline.requests`). A domain's forms by request name write a request
(:func:`write_request`) and read one back (:func:`read_request`, a :class:`Request`). Words in
square brackets are said but not needed to recognise the sentence: ``"[Please ]cancel order
{order_id}[.]"`` writes "Please cancel order #W1." and reads "Can you cancel order #W1?".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


def _same(text: str) -> Any:
    return text


@dataclass(frozen=True)
class Slot:
    """How one argument stands in a sentence: the pattern it is read with (one group, non
    greedy where the text after it ends it), how its value is written, and how it is read."""

    pattern: str
    write: Callable[[Any], str] = str
    read: Callable[[str], Any] = _same


WORD = Slot(r"(\w+)")
COUNT = Slot(r"(\d+)", read=int)
TOKEN = Slot(r"(\S+?)")
_SLOT = re.compile(r"\{(\w+)\}")
_SAID = re.compile(r"\[([^\]]*)\]")


@dataclass(frozen=True)
class SentenceForm:
    """One request's sentence: ``template`` with a ``{name}`` slot per argument (each read and
    written by ``slots[name]``, :data:`TOKEN` when not listed) and ``[words]`` said but not read
    (no slot among them), then ``tail``, the pattern that reads what follows (one group: the
    reason; ``""`` for none); ``order`` names the arguments read back, in their order, between
    spaces (the template's order when empty)."""

    template: str
    slots: Mapping[str, Slot]
    tail: str = r"(.*)"
    order: str = ""

    def __post_init__(self) -> None:
        # Words in brackets are left out of the pattern: a slot there would be written but
        # never read, and every argument after it read into the wrong name.
        for said in _SAID.findall(self.template):
            if (slot := _SLOT.search(said)) is not None:
                raise ValueError(
                    f"slot {slot[0]} in [{said}] of {self.template!r}: a slot inside brackets "
                    "would be written but never read; move it out of them"
                )
        if stray := [n for n in self.order.split() if n not in self.names()]:
            raise ValueError(
                f"order names {', '.join(stray)}, not slots of {self.template!r}: it may name "
                f"only {', '.join(self.names())}"
            )

    def names(self) -> list[str]:
        """The arguments the template names, in its order."""
        return _SLOT.findall(self.template)

    def pattern(self) -> re.Pattern[str]:
        """The template as a pattern: its words literal (those in brackets left out), each
        slot its slot's group."""
        parts = _SLOT.split(_SAID.sub("", self.template))
        found = "".join(
            self.slots.get(part, TOKEN).pattern if n % 2 else re.escape(part)
            for n, part in enumerate(parts)
        )
        return re.compile(found + self.tail, re.S)

    def text(self, kwargs: Mapping[str, Any]) -> str:
        """The sentence asking for a call with ``kwargs`` (KeyError for an argument missing)."""
        said = _SAID.sub(r"\1", self.template)
        return _SLOT.sub(lambda m: self.slots.get(m[1], TOKEN).write(kwargs[m[1]]), said)

    def read(self, text: str) -> tuple[dict[str, Any], str] | None:
        """``(arguments, what followed)`` of the first sentence of this form in ``text``, or
        None when there is none."""
        match = self.pattern().search(text)
        if match is None:
            return None
        names = self.names()
        groups = match.groups()
        found = {n: self.slots.get(n, TOKEN).read(g) for n, g in zip(names, groups, strict=False)}
        rest = groups[len(names)] if len(groups) > len(names) else ""
        return {n: found[n] for n in self.order.split() or names}, rest


@dataclass(frozen=True)
class Request:
    """One thing the customer asked for: ``name`` and ``kwargs`` of the tool call (or a question
    the domain names), and ``reason``, what they said besides."""

    name: str
    kwargs: dict[str, Any] = field(default_factory=dict)
    reason: str = ""

    def id_arg(self, key: str) -> str | None:
        """Argument ``key`` when it is a string (an id), else None."""
        value = self.kwargs.get(key)
        return value if isinstance(value, str) else None


def write_request(
    forms: Mapping[str, SentenceForm], name: str, kwargs: Mapping[str, Any], reason: str = ""
) -> str:
    """The sentence of ``forms[name]`` asking for the call ``name(**kwargs)``, then ``reason``.
    Raises ValueError, naming the requests there are, when ``name`` has no form (a read)."""
    if name not in forms:
        raise ValueError(f"{name} is not something a customer asks for; known: {', '.join(forms)}")
    return f"{forms[name].text(kwargs)} {reason}".strip()


def read_request(forms: Mapping[str, SentenceForm], text: str) -> Request | None:
    """The request of the first of ``forms`` (tried in their order) whose sentence ``text``
    holds, what followed it (stripped) its reason; None when ``text`` holds none."""
    for name, form in forms.items():
        found = form.read(text)
        if found is not None:
            return Request(name, found[0], found[1].strip())
    return None
