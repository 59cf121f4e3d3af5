"""Judging a proposed slot participant by participant: ``everyone_can_attend``.

Each participant is judged on the meeting's own rules (allowed day, work hours, duration), their
busy times and preferences, and the earliest rule when the task asks for it (see
:func:`domains.scheduling.checks.requirements_of`). The score is the share of participants whose
every result passes; the answer passes only at 1.0. How the slot is read from the answer is in
:mod:`domains.scheduling.answers`: a part that cannot be read is an answer problem, the checks
that need it are ``incomplete``, and the others still report. Where the agent wrote to a calendar
(``create_event``, ``send_invite`` ...), the slot is held to the meeting it put there
(:mod:`domains.scheduling.invites`): another slot, another set of people, two meetings, a
meeting taken back, or a write whose outcome is not recorded never passes.
"""

from __future__ import annotations

from checkers.results import AnswerProblem, SubjectResult, Verdict
from checkers.transcript import Transcript
from domains.scheduling.answers import ReadAnswer, read_answer
from domains.scheduling.checks import SlotContext, checks, requirements_of
from domains.scheduling.invites import hold_to_invites
from domains.scheduling.models import Participant, Task

METRIC_NAME = "everyone_can_attend"


def _problem(part: object) -> AnswerProblem | None:
    return part if isinstance(part, AnswerProblem) else None


def context(task: Task, participant: Participant, read: ReadAnswer) -> SlotContext:
    """The context every check of ``participant`` gets for the slot ``read``."""
    return SlotContext(
        participant=participant,
        task=task,
        day=read.day if isinstance(read.day, str) else None,
        start=read.start if isinstance(read.start, int) else None,
        end=read.end if isinstance(read.end, int) else None,
        day_problem=_problem(read.day),
        start_problem=_problem(read.start),
        end_problem=_problem(read.end),
    )


def judge_participant(task: Task, participant: Participant, read: ReadAnswer) -> SubjectResult:
    """Every requirement ``participant`` holds, judged on the slot ``read``."""
    ctx = context(task, participant, read)
    results = tuple(checks.check(req, ctx) for req in requirements_of(task, participant))
    return SubjectResult(subject_id=participant.id, name=participant.name, results=results)


def judge_read(
    task: Task, read: ReadAnswer, threshold: float, metric: str = METRIC_NAME
) -> Verdict:
    """The verdict on a slot already read from an answer; problems are reported, never filled
    in."""
    notes = (f"ignored answer fields: {', '.join(read.ignored)}",) if read.ignored else ()
    return Verdict(
        domain="scheduling",
        metric=metric,
        scenario_id=task.id,
        threshold=threshold,
        subjects=tuple(judge_participant(task, p, read) for p in task.participants),
        answer=read.read,
        problems=read.problems,
        notes=notes,
    )


def judge_everyone_can_attend(task: Task, transcript: Transcript, threshold: float) -> Verdict:
    """``everyone_can_attend``: the share of participants whose every requirement the proposed
    slot meets."""
    names = tuple(p.name for p in task.participants)
    read = read_answer(transcript.final_text, names)
    verdict = judge_read(task, read, threshold)
    if not transcript.tool_calls:
        return verdict  # no call at all, so no calendar write: the stated slot is judged alone

    def judge_slot(slot: ReadAnswer) -> Verdict:
        return judge_read(task, slot, threshold)

    return hold_to_invites(task, transcript, read, verdict, judge_slot)
