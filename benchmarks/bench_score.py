"""How fast ``checkers score`` judges recorded dining sessions, and where the time goes.

In one run, on the same synthetic sessions (``benchmarks/synthetic_sessions.py``: the dining
demo agents recorded through ADK, multiplied; ``--flawed`` 0.5):

1. sessions judged per second, end to end from a JSONL file (``checkers score``): the plain loop
   (one process), ``--workers 2``, and the Beam pipeline (``--runner beam``: DirectRunner, two
   worker processes). Each is timed on ``--sessions`` sessions and on ``--warm`` ones; the
   steady rate ``(N - W) / (t(N) - t(W))`` leaves out the start-up (spawning workers, Beam's
   harness), the raw rate ``N / t(N)`` keeps it. Ratios: two workers / one, Beam / two workers.
2. judging alone, per core: sessions already read, each judged and its verdicts made JSON
   (CPU time of this process, its garbage collector tuned as ``checkers score`` tunes its own:
   :mod:`checkers.batch_gc`).
3. where the time goes on one core: reading (JSONL lines to sessions), judging, writing (verdicts
   to JSON lines), CPU time each; with ``--profile``, cProfile's top functions of judging.
4. end to end from ADK's SQLite session store: ``--sqlite-sessions`` sessions (some written
   through ADK, copied under new ids), one process, read with plain SQL (the default:
   :mod:`checkers.adk.session_sql`) and through ADK's ``DatabaseSessionService``
   (``--adk-service``): wall and CPU rate of each, raw and steady (the start-up left out, as
   in part 1, by a run on the sessions written through ADK alone), and the CPU of reading alone.

``--memory COUNT`` instead streams COUNT sessions from the generator through a FIFO into
``checkers score --workers 2`` and reports the peak resident memory of the scoring processes
(main and workers, summed, sampled every 0.2 s) and its ``ru_maxrss``. A million takes about
``1e6 / (two-worker rate)`` seconds. Run::

    .venv/bin/python benchmarks/bench_score.py [--sessions 2000] [--sqlite-sessions 500]
    .venv/bin/python benchmarks/bench_score.py --memory 1000000

The machine's load average is printed beside the figures: on a shared machine the ratios within
one run are the figures that count.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT))

import synthetic_sessions as synthetic  # type: ignore[import-not-found]  # noqa: E402

from checkers.batch_gc import tuned_for_batch  # noqa: E402
from checkers.registry import domain_metrics  # noqa: E402
from checkers.score import judge_session, verdict_lines  # noqa: E402
from checkers.sessions import RecordedSession  # noqa: E402
from checkers.sources import ReadOptions, open_sessions  # noqa: E402


def load() -> str:
    """The load averages, for the record."""
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def recordings(cache: Path) -> list[synthetic.Recording]:
    """The demo agents' recordings, from ``cache`` when it holds them (recording takes a while)."""
    if cache.exists():
        return [synthetic.Recording(**r) for r in json.loads(cache.read_text())]
    recorded: list[synthetic.Recording] = synthetic.record_agents()
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps([r.__dict__ for r in recorded]))
    return recorded


@dataclass(frozen=True)
class Timed:
    """One ``checkers score`` run: wall seconds, and CPU seconds of its main process and of its
    worker processes (children it waited for)."""

    wall: float
    main_cpu: float
    workers_cpu: float

    def __sub__(self, other: Timed) -> Timed:
        return Timed(
            self.wall - other.wall,
            self.main_cpu - other.main_cpu,
            self.workers_cpu - other.workers_cpu,
        )

    def idle_seconds(self, cores: int = 2) -> float:
        """The seconds this CPU work takes on ``cores`` idle cores: the main process's share
        can run beside the workers' but not faster than itself."""
        total = self.main_cpu + self.workers_cpu
        return total if self.workers_cpu == 0 else max(total / cores, self.main_cpu)


def score_cli(source: str, out: Path, *extra: str) -> Timed:
    """One ``checkers score dining`` in a fresh process, its imports excluded (the process times
    its own scoring)."""
    code = (
        "import resource, sys, time\n"
        "from checkers.cli import main\n"
        "def cpu(who):\n"
        "    r = resource.getrusage(who)\n"
        "    return r.ru_utime + r.ru_stime\n"
        "wall, me, kids = time.perf_counter(), cpu(resource.RUSAGE_SELF), "
        "cpu(resource.RUSAGE_CHILDREN)\n"
        "code = main(sys.argv[1:])\n"
        "print('SECONDS', time.perf_counter() - wall, cpu(resource.RUSAGE_SELF) - me, "
        "cpu(resource.RUSAGE_CHILDREN) - kids)\n"
        "sys.exit(0 if code in (0, 1) else code)\n"
    )
    argv = ["score", "dining", "--sessions", source, "--out", str(out), *extra]
    run = subprocess.run(
        [sys.executable, "-c", code, *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "CI": "1"},
    )
    if run.returncode != 0:
        raise RuntimeError(f"checkers score failed: {run.stderr[-2000:]}")
    wall, main_cpu, workers_cpu = map(float, run.stdout.split("SECONDS ")[-1].split())
    return Timed(wall, main_cpu, workers_cpu)


def throughput(jsonl: Path, warm: Path, total: int, warm_count: int, work: Path) -> None:
    """Part 1: the three ways of scoring, end to end from JSONL."""
    modes = {
        "plain loop (1 process)": (),
        "--workers 2": ("--workers", "2"),
        "--runner beam (DirectRunner, 2 workers)": ("--runner", "beam"),
    }
    measured: dict[str, float] = {}
    idle: dict[str, float] = {}
    print(f"\n1. end to end from JSONL, {total:,} sessions (warm-up {warm_count:,}); load {load()}")
    for label, extra in modes.items():
        small = score_cli(f"jsonl:{warm}", work / "warm-verdicts.jsonl", *extra)
        big = score_cli(f"jsonl:{jsonl}", work / "verdicts.jsonl", *extra)
        steady = big - small
        measured[label] = (total - warm_count) / max(steady.wall, 1e-9)
        idle[label] = (total - warm_count) / max(steady.idle_seconds(), 1e-9)
        print(
            f"  {label}\n    measured: {total / big.wall:7.1f} sessions/s raw ({big.wall:.1f} s), "
            f"{measured[label]:7.1f} steady (start-up: {small.wall:.1f} s for {warm_count})\n"
            f"    CPU: main {steady.main_cpu / (total - warm_count) * 1e3:.2f} ms/session, workers "
            f"{steady.workers_cpu / (total - warm_count) * 1e3:.2f} ms/session -> "
            f"{idle[label]:7.1f} sessions/s on two idle cores"
        )
    for name, rates in (("measured wall", measured), ("CPU, two idle cores", idle)):
        one, two, beam = rates.values()
        print(
            f"  {name}: two workers / one {two / one:.2f}x (target >= 1.7); "
            f"Beam / two workers {beam / two:.0%} (target >= 70%)"
        )
    print(f"  load after: {load()}")


def cpu(function: Callable[[], Any]) -> float:
    started = time.process_time()
    function()
    return time.process_time() - started


def stages(jsonl: Path, count: int, profile: bool) -> None:
    """Parts 2 and 3: judging alone per core, and reading / judging / writing."""
    metrics = domain_metrics("dining")
    chosen = [m for m in metrics.values() if m.judge_async is None]
    # Reading streams (each session dropped once read), as `checkers score` reads.
    read = [0]
    source = f"jsonl:{jsonl}"
    reading = cpu(lambda: read.__setitem__(0, sum(1 for _ in open_sessions(source, ReadOptions()))))
    sessions: list[RecordedSession] = []
    for one in open_sessions(source, ReadOptions()):
        if isinstance(one, RecordedSession) and len(sessions) < count:
            sessions.append(one)
    reading *= len(sessions) / max(read[0], 1)
    judged: list[Any] = []
    judge_session(chosen, sessions[0])  # scenarios and catalogs loaded before timing
    with tuned_for_batch():
        judging = cpu(lambda: judged.extend(judge_session(chosen, s) for s in sessions))
        writing = cpu(
            lambda: [verdict_lines(verdicts) for verdicts in judged if isinstance(verdicts, list)]
        )
    n = len(sessions)
    print(f"\n2. judging alone ({len(chosen)} metrics a session), CPU time, load {load()}")
    print(
        f"  {n / (judging + writing):8.1f} dining sessions/s per core (judged and made JSON; "
        "target >= 5,000)"
    )
    total = reading + judging + writing
    print(f"\n3. where the time goes on one core ({n:,} sessions, CPU time)")
    for label, seconds in (
        ("reading JSONL", reading),
        ("judging", judging),
        ("writing JSON", writing),
    ):
        print(f"  {label:<14} {seconds / n * 1e6:8.0f} us/session  {seconds / total:5.0%}")
    if profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for session in sessions[: min(n, 300)]:
            judge_session(chosen, session)
        profiler.disable()
        text = io.StringIO()
        pstats.Stats(profiler, stream=text).sort_stats("tottime").print_stats(15)
        print("  judging's top functions by own time (cProfile):")
        print("\n".join("    " + line for line in text.getvalue().splitlines()[6:26]))


def from_sqlite(recorded: Sequence[synthetic.Recording], count: int, work: Path) -> None:
    """Part 4: end to end from ADK's SQLite store, one process: read with plain SQL (the
    default) and through ADK's ``DatabaseSessionService`` (``--adk-service``), in turn. Each is
    timed on the store of the recorded sessions (the warm-up) and on that store multiplied to
    ``count``; the steady rate ``(N - W) / (cpu(N) - cpu(W))`` leaves out the start-up (importing
    ADK, loading the metrics: about a CPU second), the raw rate ``N / cpu(N)`` keeps it."""
    store, warm = work / "sessions.db", work / "warm.db"
    written = synthetic.store_sessions(
        f"sqlite+aiosqlite:///{store}", synthetic.session_lines(recorded, len(recorded), seed=3)
    )
    shutil.copyfile(store, warm)
    total = synthetic.multiply_store(str(store), max(1, count // written))
    print(
        f"\n4. end to end from ADK's SQLite store, {total:,} sessions (warm-up {written}), one "
        f"process; load {load()}"
    )
    rates: dict[str, float] = {}
    for label, extra in (("plain SQL (default)", ()), ("--adk-service", ("--adk-service",))):
        small = _sqlite_run(warm, work, extra)
        big = _sqlite_run(store, work, extra)
        rates[label] = (total - written) / max(big[1] - small[1], 1e-9)
        print(
            f"  {label:<20} {total / big[0]:8.1f} sessions/s wall, {total / big[1]:8.1f} per CPU "
            f"second raw, {rates[label]:8.1f} steady (target >= 1,000 per core; start-up "
            f"{small[1] - written * (big[1] - small[1]) / (total - written):.1f} CPU s)"
        )
    reading = _read_cpu(f"sqlite:///{store}", total)
    print(
        f"  reading alone (plain SQL, each event held to what ADK's Event loads): "
        f"{reading / total * 1e6:.0f} us/session; plain SQL / ADK's service "
        f"{rates['plain SQL (default)'] / rates['--adk-service']:.1f}x (steady)"
    )


def _sqlite_run(store: Path, work: Path, extra: Sequence[str]) -> tuple[float, float]:
    """``checkers score dining`` on the SQLite ``store`` in a fresh process: its wall and CPU
    seconds, its imports excluded."""
    code = (
        "import resource, sys, time\n"
        "from checkers.cli import main\n"
        "wall, cpu = time.perf_counter(), time.process_time()\n"
        "main(sys.argv[1:])\n"
        "print(f'SECONDS {time.perf_counter() - wall} {time.process_time() - cpu}')\n"
    )
    argv = ["score", "dining", "--sessions", f"sqlite:///{store}", "--app", "dining"]
    run = subprocess.run(
        [sys.executable, "-c", code, *argv, "--out", str(work / "sqlite.jsonl"), *extra],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "CI": "1"},
    )
    wall, cpu_seconds = map(float, run.stdout.split("SECONDS ")[-1].split())
    return wall, cpu_seconds


def _read_cpu(source: str, total: int) -> float:
    """CPU seconds to read every session of ``source`` with plain SQL, judging none."""
    options = ReadOptions("dining")
    seconds = cpu(lambda: sum(1 for _ in open_sessions(source, options)))
    if options.notes:
        print(f"  note: {options.notes[0]}")
    return seconds


def _tree_rss(pid: int) -> int:
    """Resident bytes of ``pid`` and its descendants (Linux /proc)."""
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        try:
            with open(f"/proc/{current}/statm") as statm:
                total += int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as children:
                    todo += [int(c) for c in children.read().split()]
        except (FileNotFoundError, ProcessLookupError, ValueError):
            continue
    return total


def memory(recorded: Sequence[synthetic.Recording], count: int, work: Path) -> None:
    """``--memory``: peak memory while ``checkers score --workers 2`` judges ``count`` sessions
    streamed through a FIFO."""
    fifo = work / "sessions.fifo"
    os.mkfifo(fifo)
    started = time.perf_counter()
    score = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "checkers.cli",
            *("score", "dining", "--sessions", f"jsonl:{fifo}", "--workers", "2"),
            *("--out", str(work / "million.jsonl")),
        ],
        cwd=ROOT,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "CI": "1"},
    )
    peak = [0]

    def sample() -> None:
        while score.poll() is None:
            peak[0] = max(peak[0], _tree_rss(score.pid))
            time.sleep(0.2)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    with open(fifo, "w", encoding="utf-8", buffering=1 << 20) as out:
        synthetic.write_sessions(synthetic.session_lines(recorded, count, seed=11), out)
    _, err = score.communicate()
    sampler.join()
    seconds = time.perf_counter() - started
    maxrss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    rate = count / seconds
    print(f"\nmemory: {count:,} sessions through --workers 2 in {seconds:.0f} s ({rate:.0f}/s)")
    print(f"  peak resident, main and workers summed: {peak[0] / 2**20:.0f} MB (target < 500)")
    print(f"  largest single process ru_maxrss: {maxrss / 1024:.0f} MB; load {load()}")
    print(
        "  " + "\n  ".join(line for line in err.splitlines() if line.startswith(("sessions", "  ")))
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=2000)
    parser.add_argument("--warm", type=int, default=100, help="sessions of the start-up run")
    parser.add_argument("--judge", type=int, default=500, help="sessions judged alone")
    parser.add_argument("--sqlite-sessions", type=int, default=500)
    parser.add_argument("--profile", action="store_true", help="cProfile judging's top functions")
    parser.add_argument("--memory", type=int, help="only the memory run, on this many sessions")
    parser.add_argument(
        "--cache",
        type=Path,
        default=ROOT / ".checkers" / "bench-score" / "recordings.json",
        help="where the agents' recordings are kept between runs",
    )
    args = parser.parse_args(argv)
    recorded = recordings(args.cache)
    print(f"{len(recorded)} recorded sessions; {os.cpu_count()} cores; load {load()}")
    work = Path(tempfile.mkdtemp(prefix="bench-score-"))
    try:
        if args.memory:
            memory(recorded, args.memory, work)
            return 0
        jsonl, warm = work / "sessions.jsonl", work / "warm.jsonl"
        for path, count in ((jsonl, args.sessions), (warm, args.warm)):
            with path.open("w", encoding="utf-8") as out:
                synthetic.write_sessions(synthetic.session_lines(recorded, count, seed=5), out)
        throughput(jsonl, warm, args.sessions, args.warm, work)
        stages(jsonl, args.judge, args.profile)
        from_sqlite(recorded, args.sqlite_sessions, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
