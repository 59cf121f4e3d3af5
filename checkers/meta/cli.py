"""``checkers meta [DOMAIN]``: run a domain's meta-tests and print the per-checker table."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TextIO

from checkers.errors import ConfigError
from checkers.meta.profiles import meta_settings, profile_name
from checkers.meta.registry import load_spec, meta_domains, parse_subjects
from checkers.meta.report import render_table
from checkers.meta.runner import CheckResult, meta_checks, run_checks
from checkers.progress import Progress
from checkers.registry import ENTRY_POINT_GROUP, domain_names


def run_meta(
    domain: str | None,
    profile: str | None,
    subjects: str | None,
    only: Sequence[str] | None,
    out: TextIO,
) -> int:
    """Run the meta-tests of ``domain`` (every registered domain when None) and print the
    table; returns 0 when every meta-test held, 1 otherwise."""
    try:
        config = meta_settings(profile)
    except ValueError as error:
        raise ConfigError(str(error)) from error
    names = [domain] if domain else meta_domains()
    if not names:
        raise ConfigError(
            f"no registered domain has a meta spec (entry point group {ENTRY_POINT_GROUP!r})"
        )
    without = sorted(set(domain_names()) - set(meta_domains()))
    status = 0
    for name in names:
        try:
            spec = load_spec(name, parse_subjects(subjects))
        except ValueError as error:
            raise ConfigError(str(error)) from error
        checks = [c for c in meta_checks(spec) if not only or c.group in only]
        print(
            f"running {len(checks)} meta-tests of {name} (profile {profile_name(profile)})...",
            file=out,
            flush=True,
        )
        started = time.perf_counter()
        bar = Progress(f"{name}: meta-tests done", len(checks))  # on a terminal only
        finished = 0

        def progress(result: CheckResult, bar: Progress = bar) -> None:
            nonlocal finished
            finished += 1
            if result.status == "failed":
                bar.clear()
                print(f"  FAILED {result.check.id}", file=out, flush=True)
            bar.update(finished, result.check.id)

        with bar:
            run = run_checks(checks, config, on_result=progress)
        print(render_table(spec, run, time.perf_counter() - started), file=out, flush=True)
        status = status or (0 if run.ok else 1)
    if without and not domain:
        print(f"\nno meta spec (so no meta-tests) for: {', '.join(without)}", file=out)
    return status
