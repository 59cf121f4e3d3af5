"""Progress on a terminal and silence elsewhere (checkers.progress), and ``--help`` with examples
for every command."""

from __future__ import annotations

import argparse
import io
import json

import pytest

from checkers.cli import build_parser, run_batch
from checkers.progress import Progress, progress_enabled
from checkers.registry import find_metric


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("ci", "shown"),
    [(None, True), ("", True), ("false", True), ("0", True), ("true", False), ("1", False)],
)
def test_progress_shows_on_a_terminal_unless_ci_is_set(ci: str | None, shown: bool) -> None:
    env = {} if ci is None else {"CI": ci}
    assert progress_enabled(Terminal(), env) is shown


def test_progress_never_shows_in_a_pipe_or_a_file() -> None:
    assert progress_enabled(io.StringIO(), {}) is False


def test_progress_rewrites_one_line_and_erases_it() -> None:
    stream = Terminal()
    with Progress("judging line", 3, stream=stream, enabled=True, interval=0) as progress:
        progress.update(1, "a")
        progress.update(3, "last")
    assert stream.getvalue() == (
        "\rjudging line 1/3 a\rjudging line 3/3 last\r" + " " * len("judging line 3/3 last") + "\r"
    )


def test_progress_redraws_at_most_every_interval_but_always_the_last_step() -> None:
    stream = Terminal()
    progress = Progress("x", 3, stream=stream, enabled=True, interval=3600)
    for done in (1, 2, 3):
        progress.update(done)
    assert stream.getvalue() == "\rx 1/3\rx 3/3"


def test_disabled_progress_writes_nothing() -> None:
    stream = io.StringIO()
    with Progress("x", 2, stream=stream) as progress:
        progress.update(1)
        progress.clear()
    assert stream.getvalue() == ""


def test_batch_reports_each_line_to_the_progress() -> None:
    rows = [
        {"id": "a", "scenario": "story-six", "answer": '{"restaurant": "r19", "time": "19:00"}'},
        {"id": "b", "scenario": "story-six", "answer": "no plan"},
    ]
    source = io.StringIO("".join(json.dumps(r) + "\n" for r in rows))
    stream, out = Terminal(), io.StringIO()
    progress = Progress("judging line", 2, stream=stream, enabled=True, interval=0)
    tally = run_batch(find_metric("dining"), source, out, 1.0, progress)
    assert (tally.passed, tally.failed) == (1, 1)
    assert "\rjudging line 2/2" in stream.getvalue()
    assert len(out.getvalue().splitlines()) == 2, "results go to the output, not the progress"


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("the checkers parser has no subcommands")


def test_every_command_has_help_with_an_example() -> None:
    parser = build_parser()
    missing = [
        name
        for name, sub in {"checkers": parser, **_commands(parser)}.items()
        if "examples:\n  checkers " not in sub.format_help()
    ]
    assert not missing, f"--help of {missing} shows no example; add an epilog of examples"
