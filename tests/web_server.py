"""Running the real ``adk web`` server in a subprocess, and talking to it over HTTP.

Only the standard library is used on the client side, and nothing from ADK is imported into the
test process. The server only ever binds 127.0.0.1; every wait is bounded.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"
ADK = Path(sys.executable).with_name("adk")


class ServerError(AssertionError):
    """The server did not start, or answered a request with an unexpected status."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        port: int = sock.getsockname()[1]
        return port


def _tail(path: Path, limit: int = 4000) -> str:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return "<unreadable>"
    return text if len(text) <= limit else "...\n" + text[-limit:]


@dataclass
class WebServer:
    """A running ``adk web`` process and its base URL."""

    process: subprocess.Popen[bytes]
    port: int
    stdout_path: Path
    stderr_path: Path

    @property
    def base_url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def logs(self) -> str:
        return (
            f"--- adk web stderr ({self.stderr_path}) ---\n{_tail(self.stderr_path)}\n"
            f"--- adk web stdout ({self.stdout_path}) ---\n{_tail(self.stdout_path)}"
        )

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        expect: int = 200,
        timeout: float = 60.0,
    ) -> Any:
        """Send a request with an optional JSON body; return the decoded JSON answer (or None)."""
        data = None if body is None else json.dumps(body).encode("utf-8")
        req = urllib.request.Request(self.base_url + path, data=data, method=method)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                status, raw = resp.status, resp.read()
        except urllib.error.HTTPError as err:
            status, raw = err.code, err.read()
        if status != expect:
            raise ServerError(
                f"{method} {path} answered {status} (expected {expect}): "
                f"{raw.decode('utf-8', 'replace')[:2000]}\n{self.logs()}"
            )
        return json.loads(raw) if raw.strip() else None

    def stop(self, timeout: float = 15.0) -> None:
        """Terminate the server process (by its own pid), then kill it if it does not exit."""
        if self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=timeout)


def _wait_until_ready(server: WebServer, timeout: float) -> bool:
    """True once ``GET /health`` answers 200; False if the process exited first.

    Raises ServerError when ``timeout`` seconds pass without an answer.
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            return False
        with (
            contextlib.suppress(OSError),
            urllib.request.urlopen(server.base_url + "/health", timeout=2) as resp,
        ):
            if resp.status == 200:
                return True
        time.sleep(0.2)
    raise ServerError(
        f"adk web did not answer GET /health within {timeout:g} s on {server.base_url}\n"
        + server.logs()
    )


@contextlib.contextmanager
def adk_web(
    agents_dir: Path,
    workdir: Path,
    env: Mapping[str, str] | None = None,
    *,
    startup_timeout: float = 60.0,
    attempts: int = 3,
) -> Iterator[WebServer]:
    """Run ``adk web --host 127.0.0.1 --port <free port> --no-reload <agents_dir>``.

    The process runs in ``workdir`` (its logs go there too) with ``env`` added to this
    process's environment and stdin closed (so ADK never asks the telemetry question). A port
    taken between choosing it and binding it is retried on a new port, at most ``attempts``
    times. The server is always stopped on exit.
    """
    full_env = {**os.environ, **(env or {})}
    for attempt in range(1, attempts + 1):
        port = free_port()
        stdout_path = workdir / f"adk_web_{attempt}.stdout.log"
        stderr_path = workdir / f"adk_web_{attempt}.stderr.log"
        command = [
            str(ADK),
            "web",
            "--host",
            HOST,
            "--port",
            str(port),
            "--no-reload",
            str(agents_dir),
        ]
        with stdout_path.open("wb") as out, stderr_path.open("wb") as err:
            process = subprocess.Popen(
                command, cwd=workdir, env=full_env, stdin=subprocess.DEVNULL, stdout=out, stderr=err
            )
        server = WebServer(process, port, stdout_path, stderr_path)
        try:
            ready = _wait_until_ready(server, startup_timeout)
            if not ready:
                logs = server.logs()
                if "address already in use" in logs.lower() and attempt < attempts:
                    continue
                raise ServerError(
                    f"adk web exited with code {process.returncode} before answering "
                    f"({' '.join(command)})\n{logs}"
                )
            yield server
            return
        finally:
            server.stop()
    raise ServerError(f"adk web could not bind a free port in {attempts} attempts")
