"""Finding which scenario a case is about, from the ids its eval case names.

ADK never tells a metric the eval id or the session state, so the eval set must carry the scenario
id where the metric can see it (:mod:`checkers.adk.invocations` reads the channels from ADK's
records; the rules here hold no ADK type). Two channels are read, in this order:

1. a rubric on the eval case (ADK copies case rubrics onto every actual invocation) whose
   ``text_property`` is ``scenario:<id>``;
2. a ``[scenario:<id>]`` tag in the user's message (or, for simulated users, in the
   conversation scenario's starting prompt).

Two channels naming different ids, or one channel naming two, is a conflict: the metric refuses to
guess which group the answer was for. One case, one scenario: the id is read from every
invocation of the case (a tag in the first turn only still names the case's scenario), and two
invocations naming different ids are a conflict too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import PurePosixPath
from typing import Any

from checkers.numbers import shown_value
from checkers.results import AnswerProblem

RUBRIC_PREFIX = "scenario:"
_TAG = re.compile(r"\[scenario:\s*([^\]\s]+)\s*\]")

HOW_TO_TAG = (
    'add a case-level rubric {"rubric_id": "scenario", "rubric_content": '
    '{"text_property": "scenario:<id>"}} to the eval case, or put "[scenario:<id>]" '
    "in the user message"
)


def _distinct(ids: Iterable[str]) -> list[str]:
    """``ids`` in order, each once."""
    return list(dict.fromkeys(ids))


def rubric_scenario_id(text_property: str | None) -> str | None:
    """The id a rubric's ``text_property`` names (``scenario:<id>``, ``""`` for a bare
    ``scenario:``), or None when it is no scenario rubric."""
    text = (text_property or "").strip()
    if not text.startswith(RUBRIC_PREFIX):
        return None
    return text[len(RUBRIC_PREFIX) :].strip()


def tagged_scenario_ids(text: str | None) -> list[str]:
    """Scenario ids named by ``[scenario:<id>]`` tags in ``text``, in order, deduplicated."""
    return _distinct(_TAG.findall(text or ""))


def named_scenario_id(
    from_rubrics: Sequence[str], texts: Iterable[str], from_messages: Iterable[str] = ()
) -> str | AnswerProblem:
    """The one scenario id a case names, or the problem that prevents it (none named, an empty
    id, or several different ids anywhere in the case).

    ``from_rubrics`` are the ids its scenario rubrics name, in order; ``texts`` are its user
    messages (and a simulated user's starting prompt), whose ``[scenario:<id>]`` tags name ids;
    ``from_messages`` are ids the conversation names otherwise (a recorded session's lookups),
    read with the same caution as tags: a file they name must be a relative ``.json`` path.
    """
    from_rubrics = _distinct(from_rubrics)
    from_tags = _distinct(
        [*(i for text in texts for i in tagged_scenario_ids(text)), *from_messages]
    )
    if "" in from_rubrics:
        return AnswerProblem(
            code="empty_scenario_id",
            message=f"a scenario rubric names no id ('scenario:'); {HOW_TO_TAG}",
        )
    named = _distinct(from_rubrics + from_tags)
    if len(named) > 1:
        return AnswerProblem(
            code="scenario_conflict",
            message=f"the eval case names several scenarios {named}; "
            "name exactly one, in the rubric or in the user message",
        )
    if not named:
        return AnswerProblem(
            code="no_scenario",
            message=f"the eval case does not say which scenario it is; {HOW_TO_TAG}",
        )
    if named[0] in from_rubrics:  # the eval set's author named it: any scenario file
        return named[0]
    return path_problem(named[0]) or named[0]


STATE_KEY = "scenario"
"""The session-state key a recorded session names its scenario under."""
UNREADABLE_STATE_SCENARIO = "scenario_not_an_id"
"""Problem code of a session state whose ``scenario`` is neither an id (text) nor null."""


def state_scenario_ids(state: Mapping[str, Any]) -> list[str] | AnswerProblem:
    """The scenario ids a session ``state`` names under ``"scenario"``: ``[id]``, ``[]`` when
    the key is absent or null, and the ``scenario_not_an_id`` problem for any other value (a
    list, a number, an object): a state that names its scenario in a shape no reader takes must
    not be judged in a scenario found elsewhere (the group the agent looked up), which could be
    another, easier one."""
    named = state.get(STATE_KEY)
    if named is None:
        return []
    if isinstance(named, str):
        return [named]
    return AnswerProblem(
        code=UNREADABLE_STATE_SCENARIO,
        message=f"the session state names its scenario as {type(named).__name__} "
        f"{shown_value(named)}, not as one id; it is not judged in "
        'a scenario found elsewhere: store {"scenario": "<id>"} (one id, as text)',
    )


def looks_like_path(ref: str) -> bool:
    """Whether a scenario reference names a file rather than a bundled id."""
    return ref.endswith(".json") or "/" in ref or "\\" in ref


def path_problem(ref: str) -> AnswerProblem | None:
    """Why a scenario file named by a tag in a message may not be read, or None.

    A message's text is its user's, not only the eval set author's (on recorded traffic it is
    anyone's), so a file a tag names is confined to the eval set's side: a relative ``.json`` path
    below the working directory (a rubric on the eval case, which only the author writes, may
    name any file). An absolute path, a ``..`` step, a
    drive or another suffix would let a message make the metric read (and quote into its details
    files) any file the process can read.
    """
    if not looks_like_path(ref):
        return None
    parts = PurePosixPath(ref.replace("\\", "/")).parts
    if (
        ref.endswith(".json")
        and parts
        and not (ref.startswith(("/", "\\", "~")) or ":" in ref or ".." in parts or "\x00" in ref)
    ):
        return None
    return AnswerProblem(
        code="scenario_path_not_allowed",
        message=f"the eval case names the scenario file {ref[:80]!r}; a scenario file named in "
        "an eval case must be a relative path ending in .json below the working directory "
        "(no absolute path, no '..'); use a bundled scenario id or move the file there",
    )


TRUST_HINT = (
    'store the scenario in the session state ({"scenario": "<id>"}), or, when the tags in these '
    "messages are your own (test traffic you wrote), pass --trust-user-tags"
)


def untrusted_tags(found: str | AnswerProblem, tags: Sequence[str]) -> str | AnswerProblem:
    """What a recorded session names once the ``[scenario:<id>]`` ``tags`` its user messages
    hold are held to ``found``, the scenario the session gives without them (its state, the
    group its agent looked up, the customer its agent identified), or the problem that
    prevented one.

    On production traffic a message's text is the customer's: a customer who types
    ``[scenario:easy-case]`` must not choose the scenario the agent is judged in (an easier one,
    or one whose reference the agent happens to meet). So a tag never names a scenario here; it
    may only agree. ``found`` is returned when every tag names it (or there is no tag); a tag
    naming another scenario is a ``scenario_conflict``; a session whose only channel is a tag
    names none (``no_scenario``, saying why the tag is not taken). Any other problem is kept.
    Eval sets, whose tags are their author's, do not come here (:func:`named_scenario_id`).
    """
    tags = _distinct(tags)
    if not tags:
        return found
    shown = ", ".join(repr(tag[:80]) for tag in tags[:5])
    if isinstance(found, str):
        if tags == [found]:
            return found
        return AnswerProblem(
            code="scenario_conflict",
            message=f"a user message tags the scenario {shown}, but the session itself gives "
            f"{found[:80]!r}; a tag typed in a message is anyone's on recorded traffic, so it "
            f"is not trusted and the session is not judged in either; {TRUST_HINT}",
        )
    if found.code != "no_scenario":
        return found
    return AnswerProblem(
        code="no_scenario",
        message=f"the session names its scenario only by a tag in a user message ({shown}), "
        "which anyone talking to the agent can type, so on recorded traffic it is not trusted; "
        + TRUST_HINT,
    )
