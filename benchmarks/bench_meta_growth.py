"""How long the generated meta-tests take as groups grow: 2 to 50 guests per scenario.

Runs every generated, oracle and invariant meta-test of a domain (the known answers do not depend
on the group size) under the CI profile (200 examples per property, fixed seed), once per group
size, and prints seconds per group of meta-tests and per example::

    .venv/bin/python benchmarks/bench_meta_growth.py            # dining, 2 5 10 20 50 guests
    .venv/bin/python benchmarks/bench_meta_growth.py --sizes 2 50 --only generated
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

from checkers.meta.profiles import meta_settings
from checkers.meta.registry import load_spec
from checkers.meta.runner import meta_checks, run_checks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--domain", default="dining")
    parser.add_argument("--sizes", type=int, nargs="+", default=[2, 5, 10, 20, 50])
    parser.add_argument("--profile", default="ci")
    parser.add_argument(
        "--only", action="append", choices=("generated", "oracle", "invariant"), default=None
    )
    args = parser.parse_args()
    groups = args.only or ["generated", "oracle", "invariant"]
    config = meta_settings(args.profile)
    print(f"{args.domain}: {', '.join(groups)} meta-tests, profile {args.profile}")
    header = "  ".join(f"{g:>16}" for g in groups)
    print(f"{'guests':>6}  {header}  {'total':>8}  ms/example")
    for size in args.sizes:
        spec = load_spec(args.domain, (size, size))
        checks = [c for c in meta_checks(spec) if c.group in groups]
        started = time.perf_counter()
        run = run_checks(checks, config)
        total = time.perf_counter() - started
        seconds: dict[str, float] = defaultdict(float)
        for result in run.results:
            seconds[result.check.group] += result.seconds
        examples = sum(run.stats.examples.values())
        failed = [r.check.id for r in run.results if r.status == "failed"]
        cells = "  ".join(f"{seconds[g]:>15.1f}s" for g in groups)
        note = f"  FAILED: {', '.join(failed)}" if failed else ""
        print(
            f"{size:>6}  {cells}  {total:>7.1f}s  {1000 * total / max(examples, 1):>9.1f}{note}",
            flush=True,
        )


if __name__ == "__main__":
    main()
