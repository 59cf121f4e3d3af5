"""An on-disk cache of judge replies, so re-running an unchanged eval makes no judge calls.

The key is the sha256 of the judge's identity (its backend and model), the system instruction,
the prompt without its per-call nonce (:attr:`~checkers.rubric.judge.JudgeRequest.key_prompt`:
the answer, facts and rubrics), the reply schema and the sample number: change any of them and
the judge is asked again; change nothing and the stored reply is read back. Only replies that
parse into a verdict for every rubric asked about are stored (the caller parses first); errors,
timeouts, refusals and replies off the menu are not, so a re-run asks again rather than
replaying a reply that could not be scored.

The directory is ``$CHECKERS_JUDGE_CACHE`` if set, else ``.checkers/judge-cache`` under the
working directory; a metric's ``cache_dir`` option overrides both. One JSON file per entry,
``<key[:2]>/<key>.json``, written to a temporary file and renamed into place, so concurrent
runs never read half a file. An unreadable entry is a miss (it is logged and overwritten),
never an error.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
from pathlib import Path

from checkers.rubric.judge import JudgeReply, JudgeRequest

log = logging.getLogger(__name__)

CACHE_ENV = "CHECKERS_JUDGE_CACHE"
DEFAULT_CACHE_DIR = Path(".checkers") / "judge-cache"


def default_cache_dir() -> Path:
    """``$CHECKERS_JUDGE_CACHE`` if set, else ``.checkers/judge-cache``."""
    return Path(os.environ.get(CACHE_ENV) or DEFAULT_CACHE_DIR)


def cache_key(identity: str, request: JudgeRequest) -> str:
    """The hex sha256 naming one (judge, prompt, sample) entry; the nonce is not part of it."""
    material = json.dumps(
        [identity, request.system, request.key_prompt, request.schema, request.sample],
        ensure_ascii=False,
        sort_keys=True,
    )
    return hashlib.sha256(material.encode("utf-8", "surrogatepass")).hexdigest()


class JudgeCache:
    """Judge replies stored under ``directory`` (see the module docstring)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def _path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.json"

    def get(self, key: str) -> JudgeReply | None:
        """The stored reply, or None when there is none or it cannot be read."""
        path = self._path(key)
        try:
            stored = json.loads(path.read_text(encoding="utf-8"))
            return JudgeReply.from_json(stored["reply"])
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError, RecursionError) as error:
            log.warning("judge cache entry %s is unreadable (%s); asking again", path, error)
            return None

    def put(self, key: str, identity: str, reply: JudgeReply) -> None:
        """Store ``reply`` under ``key``. Raises OSError when the directory cannot be written."""
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        # ASCII escapes: a lone surrogate in a reply is stored as "\\ud800", never an encode error
        payload = json.dumps({"judge": identity, "reply": reply.to_json()}, ensure_ascii=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(payload)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
