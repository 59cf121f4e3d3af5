"""docs/tutorial.md, followed literally in a temporary directory, so the tutorial cannot rot.

The tutorial's code blocks are steps, run in order:

- a ``console`` block holds commands (lines starting with ``$ ``) each followed by the output it
  prints; every command runs in one bash session (``cd`` and ``export`` carry over), and its
  output (stdout and stderr) must equal the block's, after the temporary directory is written
  as ``/home/you`` and timings (``12.3s``) are blanked;
- a ``python`` block whose first line is ``# file: PATH`` edits that file: appended to it, or,
  with a second line ``# replace: LINE``, in place of the one line that reads ``LINE``;
- a ``jsonc`` block whose first lines are ``// file: PATH`` and ``// add to the array`` adds
  its JSON value to the array the file holds.

Other blocks are illustrations. After changing the tutorial or the scaffold, rewrite the
outputs with ``.venv/bin/python -m tests.test_tutorial --update`` and read the diff.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TUTORIAL = ROOT / "docs" / "tutorial.md"
SHOWN_HOME = "/home/you"
_BLOCK = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```[ \t]*$", re.DOTALL | re.MULTILINE)
_DRAWN = re.compile(r"^(\S+\s+\d+/\d+/\d+\s+)\d+\s+\d+\s+\d+(\s+\d+/\d+\s+(?:yes|no))$", re.M)
_TIMING = re.compile(r"\b\d+\.\d+s\b")


@dataclass(frozen=True)
class Command:
    """A ``$ `` line of a console block and the output the tutorial shows for it."""

    command: str
    expected: str


@dataclass(frozen=True)
class Block:
    """One fenced block of the tutorial: its language, its text, and where the text is."""

    language: str
    text: str
    start: int
    end: int
    line: int


def blocks(markdown: str) -> list[Block]:
    """Every fenced code block, in order."""
    return [
        Block(m.group(1), m.group(2), m.start(2), m.end(2), markdown.count("\n", 0, m.start()) + 1)
        for m in _BLOCK.finditer(markdown)
    ]


def commands(text: str) -> list[Command]:
    """The commands of a console block, each with the output lines that follow it."""
    found: list[Command] = []
    command: str | None = None
    output: list[str] = []
    for line in text.splitlines():
        if line.startswith("$ "):
            if command is not None:
                found.append(Command(command, "\n".join(output)))
            command, output = line[2:], []
        elif command is None:
            raise ValueError(f"console block output before any '$ ' command: {line!r}")
        else:
            output.append(line)
    if command is not None:
        found.append(Command(command, "\n".join(output)))
    return found


def normalize(output: str, home: Path) -> str:
    """Output as the tutorial shows it: the temporary home as /home/you, trailing spaces and
    blank lines at the end dropped."""
    text = output.replace(str(home), SHOWN_HOME)
    return "\n".join(line.rstrip() for line in text.splitlines()).rstrip("\n")


def comparable(output: str) -> str:
    """Output with timings blanked, and the counts of examples hypothesis drew in a meta table
    (satisfying, violated, incomplete: they move with hypothesis's version, which a fresh
    environment takes newest), for comparison."""
    return _DRAWN.sub(r"\g<1><n> <n> <n>\g<2>", _TIMING.sub("<t>s", output))


def apply_edit(block: Block, cwd: Path) -> bool:
    """Apply ``block`` as a file edit when it is one (see the module docstring)."""
    lines = block.text.splitlines()
    if block.language == "python" and lines and lines[0].startswith("# file: "):
        path = cwd / lines[0].removeprefix("# file: ").strip()
        text = path.read_text(encoding="utf-8")
        if len(lines) > 1 and lines[1].startswith("# replace: "):
            wanted = lines[1].removeprefix("# replace: ").strip()
            old = text.splitlines()
            hits = [i for i, line in enumerate(old) if line.strip() == wanted]
            if len(hits) != 1:
                raise AssertionError(
                    f"tutorial line {block.line}: {len(hits)} lines of {path.name} read "
                    f"{wanted!r}; a replace needs exactly one"
                )
            new = old[: hits[0]] + lines[2:] + old[hits[0] + 1 :]
            path.write_text("\n".join(new) + "\n", encoding="utf-8")
        else:
            body = "\n".join(lines[1:])
            path.write_text(text.rstrip("\n") + "\n\n\n" + body + "\n", encoding="utf-8")
        return True
    if block.language == "jsonc" and lines and lines[0].startswith("// file: "):
        path = cwd / lines[0].removeprefix("// file: ").strip()
        if lines[1:2] != ["// add to the array"]:
            raise AssertionError(f"tutorial line {block.line}: say '// add to the array'")
        value = "\n".join(lines[2:])
        json.loads(value)  # the block itself must be valid JSON
        text = path.read_text(encoding="utf-8").rstrip()
        if not text.endswith("]"):
            raise AssertionError(f"tutorial line {block.line}: {path.name} holds no JSON array")
        indented = "\n".join(f"  {line}" for line in value.splitlines())
        path.write_text(f"{text[:-1].rstrip()},\n{indented}\n]\n", encoding="utf-8")
        json.loads(path.read_text(encoding="utf-8"))
        return True
    return False


class Shell:
    """A bash session whose working directory and exported variables carry over between
    commands (each command runs in its own bash process)."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.cwd = home
        self.state = home.parent / "shell-state.sh"
        self.state.write_text("", encoding="utf-8")
        self.env = tutorial_env(home)

    def run(self, command: str) -> str:
        where = self.home.parent / "shell-cwd"
        script = (
            f"cd {shlex.quote(str(self.cwd))}\nsource {shlex.quote(str(self.state))}\n"
            f"{command}\nstatus=$?\npwd > {shlex.quote(str(where))}\n"
            f"export -p > {shlex.quote(str(self.state))}\nexit $status\n"
        )
        done = subprocess.run(
            ["bash", "-c", script],
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=900,
            check=False,
        )
        self.cwd = Path(where.read_text(encoding="utf-8").strip())
        return normalize(done.stdout, self.home)


def tutorial_env(home: Path) -> dict[str, str]:
    """The environment the tutorial assumes: this project's .venv first on PATH, offline demo
    agents, no settings of the caller's that change outputs."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("CHECKERS_", "PYTHON", "PYTEST", "HYPOTHESIS"))
        and key not in ("VIRTUAL_ENV", "COLUMNS", "GOOGLE_API_KEY", "GEMINI_API_KEY")
    }
    venv_bin = Path(sys.executable).parent
    env.update(
        HOME=str(home),
        PATH=f"{venv_bin}{os.pathsep}{env.get('PATH', '')}",
        CHECKERS_OFFLINE="1",
        PYTHONDONTWRITEBYTECODE="1",
        # hypothesis's tables of which characters each codec holds (seconds to compute), kept
        # with this checkout's rather than computed afresh in the temporary home
        HYPOTHESIS_STORAGE_DIRECTORY=str(ROOT / ".hypothesis"),
    )
    return env


@dataclass(frozen=True)
class Ran:
    """A command as run: where its output sits in the tutorial, and what it printed."""

    block: Block
    command: Command
    actual: str


def follow(markdown: str, home: Path) -> list[Ran]:
    """Run the tutorial's steps in ``home``; every command with its actual output."""
    shell = Shell(home)
    ran = []
    for block in blocks(markdown):
        if block.language == "console":
            for command in commands(block.text):
                ran.append(Ran(block, command, shell.run(command.command)))
        else:
            apply_edit(block, shell.cwd)
    return ran


def rewritten(markdown: str, ran: list[Ran]) -> str:
    """The tutorial with every console block's output replaced by the actual output."""
    by_block: dict[int, list[Ran]] = {}
    for item in ran:
        by_block.setdefault(item.block.start, []).append(item)
    result, position = [], 0
    for start, items in sorted(by_block.items()):
        block = items[0].block
        body = "".join(
            f"$ {i.command.command}\n" + (f"{i.actual}\n" if i.actual else "") for i in items
        )
        result += [markdown[position:start], body]
        position = block.end
    result.append(markdown[position:])
    return "".join(result)


def differences(ran: list[Ran]) -> list[str]:
    """A unified diff for every command whose output is not the tutorial's."""
    found = []
    for item in ran:
        want, got = comparable(item.command.expected), comparable(item.actual)
        if want != got:
            diff = difflib.unified_diff(
                want.splitlines(), got.splitlines(), "tutorial", "actual", lineterm=""
            )
            found.append(f"line {item.block.line}: $ {item.command.command}\n" + "\n".join(diff))
    return found


# --- tests -------------------------------------------------------------------------------------


def test_blocks_and_commands_are_read_as_documented() -> None:
    markdown = "x\n```console\n$ echo a\na\n$ true\n```\n```python\n# file: f.py\npass\n```\n"
    found = blocks(markdown)
    assert [b.language for b in found] == ["console", "python"]
    assert commands(found[0].text) == [Command("echo a", "a"), Command("true", "")]


def test_edits_append_replace_and_add_to_an_array(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text("a = 1\nb = 2\n", encoding="utf-8")
    (tmp_path / "d.json").write_text('[\n  {"id": 1}\n]\n', encoding="utf-8")
    markdown = (
        "```python\n# file: m.py\n# replace: b = 2\nb = 3\n```\n"
        "```python\n# file: m.py\nc = 4\n```\n"
        '```jsonc\n// file: d.json\n// add to the array\n{"id": 2}\n```\n'
    )
    for block in blocks(markdown):
        assert apply_edit(block, tmp_path)
    assert (tmp_path / "m.py").read_text(encoding="utf-8") == "a = 1\nb = 3\n\n\nc = 4\n"
    assert json.loads((tmp_path / "d.json").read_text(encoding="utf-8")) == [{"id": 1}, {"id": 2}]


def test_a_replace_must_name_exactly_one_line(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text("x = 1\nx = 1\n", encoding="utf-8")
    block = blocks("```python\n# file: m.py\n# replace: x = 1\nx = 2\n```\n")[0]
    with pytest.raises(AssertionError) as caught:
        apply_edit(block, tmp_path)
    assert str(caught.value) == (
        f"tutorial line {block.line}: 2 lines of m.py read 'x = 1'; a replace needs exactly one"
    )


def test_tutorial_has_the_steps_the_issue_asks_for() -> None:
    markdown = TUTORIAL.read_text(encoding="utf-8")
    run = [c.command for b in blocks(markdown) if b.language == "console" for c in commands(b.text)]
    assert "checkers new outings" in run
    assert run.count("checkers meta outings") >= 2
    assert any(c.startswith("adk eval ") for c in run)
    edited = [b.text.splitlines()[0] for b in blocks(markdown) if b.text.startswith("# file: ")]
    assert {"# file: domains/outings/models.py", "# file: domains/outings/checks.py"} <= set(edited)
    # a new kind is one declaration: the meta-tests are derived from it, meta.py is not edited
    assert "# file: domains/outings/meta.py" not in edited


@pytest.mark.slow
def test_tutorial_runs_as_written(tmp_path: Path) -> None:
    """Every command of docs/tutorial.md prints what the tutorial shows (about two minutes)."""
    home = tmp_path / "you"
    home.mkdir()
    ran = follow(TUTORIAL.read_text(encoding="utf-8"), home)
    problems = differences(ran)
    assert not problems, (
        "docs/tutorial.md no longer matches what its commands print; if the change is intended, "
        "run `.venv/bin/python -m tests.test_tutorial --update` and review the diff\n\n"
        + "\n\n".join(problems)
    )
    assert not (ROOT / "domains" / "outings").exists(), "the tutorial must not touch the repo"


def main(argv: list[str]) -> int:
    """``python -m tests.test_tutorial --update``: rewrite the tutorial's outputs."""
    if argv != ["--update"]:
        print("usage: python -m tests.test_tutorial --update", file=sys.stderr)
        return 2
    markdown = TUTORIAL.read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory(prefix="checkers-tutorial-") as tmp:
        home = Path(tmp) / "you"
        home.mkdir()
        ran = follow(markdown, home)
    TUTORIAL.write_text(rewritten(markdown, ran), encoding="utf-8")
    changed = differences(ran)
    print(f"rewrote {TUTORIAL}: {len(ran)} commands, {len(changed)} outputs changed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
