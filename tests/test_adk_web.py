"""The dining metrics inside the real ``adk web`` server, driven only through its HTTP API.

``adk web`` never reads an eval config: a custom metric is listed and runs only once code has
registered it on ADK's default metric registry, which ``domains.dining.agents`` does on import.
So this test loads an app, checks ``everyone_ate`` is listed, then creates an eval set holding
the story-six case, runs it with ``everyone_ate`` at threshold 1.0 and reads the stored result.

Nothing is written into the repository: the server's agents dir is a temporary dir whose app
folders only re-export the repository's agents (ADK stores eval sets, eval results and sessions
under ``<agents_dir>/<app>/``), and ``CHECKERS_DETAILS_DIR`` points into the temporary dir.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from google.adk.evaluation.eval_metrics import EvalStatus

from tests.web_server import WebServer, adk_web

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
EVALSET_FILE = ROOT / "evalsets" / "dining" / "dining.evalset.json"
CASE_ID = "story-six"
EVAL_SET_ID = "story_six"  # ADK eval set ids must match ^[a-zA-Z0-9_]+$
USER_ID = "organiser"
APPS = ("careful", "rating_first")

# An app folder adk web both lists and loads: 2.13's `adk web` lists only folders holding
# `agent.py` or `root_agent.yaml`, and loads `<app>` (package) before `<app>.agent`.
APP_INIT = '"""Re-exports the repository agent ``{app}`` for an adk web test."""\n'
APP_AGENT = "from domains.dining.agents.{app} import root_agent\n\n__all__ = ['root_agent']\n"


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("adk_web")


@pytest.fixture(scope="module")
def agents_dir(work: Path) -> Path:
    agents = work / "agents"
    for app in APPS:
        folder = agents / app
        folder.mkdir(parents=True)
        (folder / "__init__.py").write_text(APP_INIT.format(app=app), encoding="utf-8")
        (folder / "agent.py").write_text(APP_AGENT.format(app=app), encoding="utf-8")
    return agents


@pytest.fixture(scope="module")
def details_dir(work: Path) -> Path:
    details = work / "details"
    details.mkdir()
    return details


@pytest.fixture(scope="module")
def server(work: Path, agents_dir: Path, details_dir: Path) -> Iterator[WebServer]:
    env = {
        "CHECKERS_DETAILS_DIR": str(details_dir),
        "CHECKERS_OFFLINE": "1",  # scripted models even if GOOGLE_API_KEY is set
        "ADK_DISABLE_LOAD_DOTENV": "1",  # no stray .env may switch models or services
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    with adk_web(agents_dir, work, env, startup_timeout=60.0) as running:
        yield running


def story_six_case() -> dict[str, Any]:
    eval_set = json.loads(EVALSET_FILE.read_text(encoding="utf-8"))
    (case,) = [c for c in eval_set["eval_cases"] if c["eval_id"] == CASE_ID]
    assert {"rubric_id": "scenario", "rubric_content": {"text_property": "scenario:story-six"}} in [
        {k: r[k] for k in ("rubric_id", "rubric_content")} for r in case["rubrics"]
    ]
    return dict(case)


def create_story_six_eval_set(server: WebServer, app: str) -> None:
    """Create eval set ``story_six`` holding the story-six case, through the HTTP API only.

    ``POST /dev/apps/{app}/eval-sets`` creates an EMPTY set (cases in the body are ignored) and
    there is no endpoint that adds a case as such: ``add-session`` adds one built from a session,
    and ``PUT .../eval-cases/{id}`` then replaces it with the case from the eval set file.
    """
    created = server.request(
        "POST",
        f"/dev/apps/{app}/eval-sets",
        {"eval_set": {"eval_set_id": EVAL_SET_ID, "eval_cases": []}},
    )
    assert created["eval_set_id"] == EVAL_SET_ID
    session = server.request("POST", f"/apps/{app}/users/{USER_ID}/sessions")
    server.request(
        "POST",
        f"/dev/apps/{app}/eval-sets/{EVAL_SET_ID}/add-session",
        {"eval_id": CASE_ID, "session_id": session["id"], "user_id": USER_ID},
    )
    server.request(
        "PUT", f"/dev/apps/{app}/eval-sets/{EVAL_SET_ID}/eval-cases/{CASE_ID}", story_six_case()
    )
    stored = server.request("GET", f"/dev/apps/{app}/eval-sets/{EVAL_SET_ID}/eval-cases/{CASE_ID}")
    assert stored["rubrics"][0]["rubricContent"]["textProperty"] == "scenario:story-six"
    assert len(stored["conversation"]) == 1


def metric_result(results: list[dict[str, Any]], name: str) -> dict[str, Any]:
    (found,) = [r for r in results if r["metricName"] == name]
    return found


def test_web_lists_the_dining_metrics_once_an_app_is_loaded(server: WebServer) -> None:
    assert sorted(server.request("GET", "/list-apps")) == sorted(APPS)
    info = server.request("GET", "/apps/careful/app-info")  # loads (imports) the agent
    assert info["rootAgentName"] == "careful"
    metrics = server.request("GET", "/dev/apps/careful/metrics-info")["metricsInfo"]
    names = {m["metricName"] for m in metrics}
    assert {"everyone_ate", "menu_before_booking"} <= names, sorted(names)
    everyone_ate = next(m for m in metrics if m["metricName"] == "everyone_ate")
    assert everyone_ate["description"].startswith("share of guests")


@pytest.mark.parametrize(
    ("app", "status", "score"),
    [("careful", EvalStatus.PASSED, 1.0), ("rating_first", EvalStatus.FAILED, 0.5)],
)
def test_web_eval_run_of_story_six(
    server: WebServer,
    agents_dir: Path,
    details_dir: Path,
    app: str,
    status: EvalStatus,
    score: float,
) -> None:
    details_before = set(details_dir.glob(f"everyone_ate-*{CASE_ID}*.json"))
    create_story_six_eval_set(server, app)
    assert server.request("GET", f"/dev/apps/{app}/eval-sets")["evalSetIds"] == [EVAL_SET_ID]
    assert (agents_dir / app / f"{EVAL_SET_ID}.evalset.json").is_file()

    run = server.request(
        "POST",
        f"/dev/apps/{app}/eval-sets/{EVAL_SET_ID}/run",
        {
            "eval_case_ids": [CASE_ID],
            "eval_metrics": [{"metric_name": "everyone_ate", "criterion": {"threshold": 1.0}}],
        },
        timeout=120.0,
    )
    (case_run,) = run["runEvalResults"]
    assert case_run["evalId"] == CASE_ID
    ran = metric_result(case_run["overallEvalMetricResults"], "everyone_ate")
    assert (ran["evalStatus"], ran["score"]) == (status.value, score), ran
    assert case_run["finalEvalStatus"] == status.value

    # The stored result, as the Eval tab reads it back.
    (result_id,) = server.request("GET", f"/dev/apps/{app}/eval-results")["evalResultIds"]
    stored = server.request("GET", f"/dev/apps/{app}/eval-results/{result_id}")
    assert stored["evalSetId"] == EVAL_SET_ID
    (case_result,) = stored["evalCaseResults"]
    assert case_result["evalId"] == CASE_ID
    assert case_result["finalEvalStatus"] == status.value
    overall = metric_result(case_result["overallEvalMetricResults"], "everyone_ate")
    assert overall["criterion"]["threshold"] == 1.0
    assert (overall["evalStatus"], overall["score"]) == (status.value, score), overall
    (per_invocation,) = case_result["evalMetricResultPerInvocation"]
    invocation_result = metric_result(per_invocation["evalMetricResults"], "everyone_ate")
    assert invocation_result["score"] == score

    # Who was not served and why, in ADK's own result (its rubric scores), as the Eval tab
    # shows them: one entry per guest requirement not met, one per guest served.
    for reported in (overall, invocation_result):
        reasons = reported["details"]["rubricScores"]
        served = [r for r in reasons if r["score"] == 1.0]
        unmet = [r for r in reasons if r["score"] == 0.0]
        assert len(served) == round(6 * score), reasons
        assert all(r["rationale"].startswith("satisfied: ") for r in served)
        assert bool(unmet) == (status is EvalStatus.FAILED), reasons
        assert all(re.fullmatch(r"[^/]+/\w+", r["rubricId"]) for r in unmet), unmet
        assert all(r["rationale"].startswith("fail (") for r in unmet), unmet

    # The metric's details files went where CHECKERS_DETAILS_DIR says, not into the repository.
    assert set(details_dir.glob(f"everyone_ate-*{CASE_ID}*.json")) - details_before
