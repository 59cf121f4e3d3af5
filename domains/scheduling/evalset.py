"""The scheduling eval set, built from the bundled NATURAL PLAN dev tasks: one case per chosen
task.

Each case carries its scenario id (``np-<n>``) in a case-level rubric (``scenario:<id>``),
which ADK copies onto every invocation, so ``everyone_can_attend`` knows which task it judges.
The user message names the task id the way the tools expect it.

The tasks (:data:`CASES`) cover one to five days, two to seven participants, busy times, every
kind of preference, continuation sentences and the earliest-slot instruction. In all but three of
them the first slot inside the work hours is wrong (someone is busy, or it breaks a
preference), so the ``first_slot`` agent fails the set; in ``np-276``, ``np-553`` and ``np-993``
it happens to work (in ``np-993`` it is even the earliest slot the group asked for).

Run this module to rewrite the eval set file (:data:`EVALSET_FILE`)::

    python -m domains.scheduling.evalset
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from checkers.evalset import eval_set, static_cases, write_eval_set
from domains.scheduling.models import Task
from domains.scheduling.scenarios import bundled_tasks

EVALSET_DIR = Path(__file__).resolve().parents[2] / "evalsets" / "scheduling"
EVALSET_FILE = EVALSET_DIR / "scheduling.evalset.json"
CONFIG_FILE = EVALSET_DIR / "eval_config.json"
CASES = (
    "np-6",
    "np-59",
    "np-136",
    "np-276",
    "np-306",
    "np-494",
    "np-553",
    "np-663",
    "np-695",
    "np-787",
    "np-837",
    "np-861",
    "np-993",
)
"""The tasks of the eval set, in order."""


def user_message(task: Task) -> str:
    """What the organiser asks the agent."""
    return (
        f"Please schedule our meeting of {len(task.participants)}: find a time that works for "
        f"everyone's schedule and constraints. Task id: {task.id}."
    )


def build_eval_set(task_ids: tuple[str, ...] = CASES) -> dict[str, Any]:
    """The eval set of ``task_ids`` (default :data:`CASES`)."""
    tasks = bundled_tasks()
    return eval_set(
        "scheduling",
        "Meeting scheduling on NATURAL PLAN: can everyone attend?",
        "NATURAL PLAN calendar tasks (dev split); judged by everyone_can_attend, which accepts "
        "any slot that works for everyone, not only the benchmark's golden one.",
        # One case per task: a single user turn naming it; no reference answer, checkers judge it.
        static_cases(
            ((t, [user_message(tasks[t])]) for t in task_ids),
            app_name="scheduling",
            user_id="organiser",
        ),
    )


if __name__ == "__main__":
    write_eval_set(EVALSET_FILE, build_eval_set())
