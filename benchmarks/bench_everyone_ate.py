"""Cost per invocation of ``everyone_ate`` against ADK's built-in ``response_match_score``.

Generates dining scenarios (6 guests, 50 restaurants; seeded), builds real ADK invocations whose
final text proposes a plan, and times (CPU time, best of ``--repeat`` rounds in which the three
take turns), in the same run on the same invocations:

- ``everyone_ate`` through the ADK metric function, as ``adk eval`` calls it (details files off,
  then on, written under ``.checkers/`` of the working directory as by default, or into
  ``--details-dir``);
- ADK's ``RougeEvaluator`` (the ``response_match_score`` metric, ROUGE-1) against a reference
  answer.

Two workloads: ``as-data`` gives each guest as many requirements as guests of the bundled groups
have (drawn from their distribution: 1 to 4, mean 1.7); ``heavy`` gives every guest 4. Prints
microseconds per invocation for each metric and the ratio, per workload. Run::

    .venv/bin/python benchmarks/bench_everyone_ate.py [--workload both] [--cases 40]
        [--invocations 10] [--repeat 5] [--details-dir DIR]

Creating a file costs what the file system makes it cost, and that moves with where the folder
sits and with how many files were created and removed near it lately (see README.md,
"Performance"): ``--details-dir`` on a tmpfs (``/dev/shm/...``) times what the code does.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from google.adk.evaluation.eval_case import Invocation
from google.adk.evaluation.eval_metrics import BaseCriterion, EvalMetric
from google.adk.evaluation.final_response_match_v1 import RougeEvaluator
from google.genai import types

from checkers.adk.custom_metric import judge_invocations
from domains.dining.metrics import EVERYONE_ATE, everyone_ate
from domains.dining.models import DIET_EXCLUDES, Diet
from domains.dining.scenarios import bundled_groups

DIETS: list[Diet] = ["vegetarian", "vegan", "pescatarian", "halal", "kosher", "gluten_free"]
ALLERGENS = ["peanut", "tree_nut", "dairy", "egg", "gluten", "shellfish", "fish", "soy", "sesame"]


def _dish(rng: random.Random, index: int) -> dict[str, Any]:
    diets = rng.sample(DIETS, rng.randint(0, 3))
    # A catalog whose tags contradict its allergens does not load: leave such allergens out.
    excluded = {a for d in diets for a in DIET_EXCLUDES[d]}
    allergens = [a for a in rng.sample(ALLERGENS, rng.randint(0, 3)) if a not in excluded]
    return {
        "name": f"Dish {index}",
        "price": round(rng.uniform(8, 60), 2),
        "diets": diets,
        "allergens": allergens,
        "spice": rng.randint(0, 4),
    }


def _restaurant(rng: random.Random, index: int) -> dict[str, Any]:
    opens = rng.choice([660, 1020, 1080])
    return {
        "id": f"g{index:02d}",
        "name": f"Generated {index}",
        "cuisine": rng.choice(["thai", "italian", "bbq", "vegan", "sushi"]),
        "rating": round(rng.uniform(3, 5), 1),
        "location": {"lat": 37.76 + rng.random() * 0.04, "lon": -122.45 + rng.random() * 0.06},
        "hours": [{"opens": opens, "closes": min(1440, opens + rng.choice([240, 360, 600]))}],
        "menu": [_dish(rng, d) for d in range(rng.randint(4, 10))],
    }


def requirement_counts(workload: str) -> list[int]:
    """How many requirements a generated guest may have, one entry per guest to draw from."""
    if workload == "heavy":
        return [4]
    return [len(g.requirements) for group in bundled_groups().values() for g in group.guests]


def _guest(rng: random.Random, index: int, counts: list[int]) -> dict[str, Any]:
    reqs: list[dict[str, Any]] = [
        {"kind": "diet", "diet": rng.choice(DIETS)},
        {"kind": "allergy", "allergen": rng.choice(ALLERGENS)},
        {"kind": "budget", "max_per_person": rng.choice([25, 40, 80])},
        {"kind": "spice", "max_level": rng.randint(0, 4)},
        {
            "kind": "distance",
            "max_km": rng.choice([2, 5, 10]),
            "origin": {"lat": 37.78, "lon": -122.42},
        },
        {
            "kind": "availability",
            "available_from": 1080,
            "available_until": rng.choice([1260, 1380]),
        },
    ]
    return {
        "id": f"p{index}",
        "name": f"Guest {index}",
        "requirements": rng.sample(reqs, rng.choice(counts)),
    }


def generated_scenario(rng: random.Random, case: int, counts: list[int]) -> dict[str, Any]:
    """One scenario file's content: 6 guests, 50 restaurants."""
    return {
        "group": {
            "id": f"gen-{case}",
            "duration_minutes": 90,
            "guests": [_guest(rng, g, counts) for g in range(6)],
        },
        "restaurants": [_restaurant(rng, r) for r in range(50)],
    }


def _content(text: str, role: str) -> types.Content:
    return types.Content(role=role, parts=[types.Part(text=text)])


def build_invocations(
    directory: Path, cases: int, per_case: int, seed: int, counts: list[int]
) -> list[list[Invocation]]:
    """Per case, ``per_case`` invocations proposing random plans for a generated scenario."""
    rng = random.Random(seed)
    batches = []
    for case in range(cases):
        path = directory / f"gen-{case}.json"
        path.write_text(json.dumps(generated_scenario(rng, case, counts)))
        batch = []
        for i in range(per_case):
            plan = {
                "restaurant": f"g{rng.randrange(50):02d}",
                "time": f"{rng.randint(17, 21)}:{rng.choice(['00', '30'])}",
            }
            text = f"We booked it. Plan for everyone:\n```json\n{json.dumps(plan)}\n```\nEnjoy!"
            batch.append(
                Invocation(
                    invocation_id=f"{case}-{i}",
                    user_content=_content(f"Plan dinner for our group [scenario:{path}]", "user"),
                    final_response=_content(text, "model"),
                )
            )
        batches.append(batch)
    return batches


def per_invocation_us(
    fns: list[Callable[[list[Invocation]], Any]], batches: list[list[Invocation]], repeat: int
) -> list[float]:
    """Best-of-``repeat`` CPU microseconds per invocation for running each of ``fns`` over
    every batch. The functions take turns in each round, so a change in the machine's load
    during the run falls on all of them alike (on a shared machine the ratio of two figures
    measured one after the other moved by half between runs)."""
    count = sum(len(b) for b in batches)
    best = [float("inf")] * len(fns)
    for _ in range(repeat):
        for index, fn in enumerate(fns):
            started = time.process_time()
            for batch in batches:
                fn(batch)
            best[index] = min(best[index], time.process_time() - started)
    return [b / count * 1e6 for b in best]


def measure(directory: Path, workload: str, args: argparse.Namespace) -> tuple[float, float, float]:
    """Microseconds per invocation: everyone_ate without and with details files, and ROUGE-1."""
    batches = build_invocations(
        directory, args.cases, args.invocations, args.seed, requirement_counts(workload)
    )
    reference = [
        Invocation(
            invocation_id=i.invocation_id,
            user_content=i.user_content,
            final_response=_content('Plan: {"restaurant": "g01", "time": "19:00"}', "model"),
        )
        for b in batches
        for i in b
    ]
    expected = {i.invocation_id: i for i in reference}
    no_details = EvalMetric(
        metric_name="everyone_ate", criterion=BaseCriterion(threshold=1.0, write_details=False)
    )
    details = EvalMetric(
        metric_name="everyone_ate",
        criterion=BaseCriterion(
            threshold=1.0, details_dir=str(args.details_dir or directory / "details")
        ),
    )
    rouge = RougeEvaluator(EvalMetric(metric_name="response_match_score", threshold=0.8))
    # Warm the scenario cache and imports so both sides are measured in steady state, and make
    # sure every plan is really judged: a verdict with an answer problem would time an early exit.
    for batch in batches:
        everyone_ate(no_details, batch, None, None)
        rouge.evaluate_invocations(batch, [expected[i.invocation_id] for i in batch])
        for verdict in judge_invocations(EVERYONE_ATE, batch, 1.0):
            if verdict.problems:
                raise SystemExit(f"benchmark plan not judged: {verdict.problems[0].message}")
    # Each timed round judges the same invocations again: a cache keyed on an answer would
    # flatter the figures (ROUGE-1 keeps none). The judging keeps only per-scenario values.
    ours, ours_details, theirs = per_invocation_us(
        [
            lambda b: everyone_ate(no_details, b, None, None),
            lambda b: everyone_ate(details, b, None, None),
            lambda b: rouge.evaluate_invocations(b, [expected[i.invocation_id] for i in b]),
        ],
        batches,
        args.repeat,
    )
    return ours, ours_details, theirs


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--workload", choices=["as-data", "heavy", "both"], default="both")
    parser.add_argument("--cases", type=int, default=40)
    parser.add_argument("--invocations", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--details-dir",
        type=Path,
        default=None,
        help="where the details files go, kept (default: a temporary folder under .checkers/)",
    )
    args = parser.parse_args()
    workloads = ["as-data", "heavy"] if args.workload == "both" else [args.workload]
    print(
        f"{args.cases * args.invocations} invocations per workload, {args.cases} generated "
        f"scenarios (6 guests, 50 restaurants), best of {args.repeat}"
    )
    for workload in workloads:
        # Under .checkers/, where adk eval writes details files by default (the system temp
        # directory can sit on a much slower file system than the project).
        Path(".checkers").mkdir(exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="bench-", dir=".checkers") as tmp:
            ours, ours_details, theirs = measure(Path(tmp), workload, args)
        per_guest = "4 requirements per guest" if workload == "heavy" else "as in the data"
        print(f"\n{workload} ({per_guest}):")
        print(f"  everyone_ate (no details files):   {ours:8.1f} us/invocation")
        print(f"  everyone_ate (with details files): {ours_details:8.1f} us/invocation")
        print(f"  response_match_score (ROUGE-1):    {theirs:8.1f} us/invocation")
        print(
            f"  ratio everyone_ate / ROUGE-1: {ours / theirs:.2f} (no details), "
            f"{ours_details / theirs:.2f} (with details)"
        )


if __name__ == "__main__":
    main()
