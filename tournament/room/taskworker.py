"""The task worker started and stopped with the room's gunicorn: its server hooks.

``manage.py room`` names this module as gunicorn's configuration
(``--config python:tournament.room.taskworker``), and gunicorn calls its two
hooks: :func:`on_starting` as its master starts, which starts ``manage.py
worker`` (tournament/management/commands/worker.py) as the master's child, and
:func:`on_exit` as the master stops (Ctrl-C, SIGTERM from a service manager),
which stops it.  A master killed outright (SIGKILL, out of memory) runs no hook:
on Linux the kernel then sends the worker SIGTERM itself (``PR_SET_PDEATHSIG``),
so the room never leaves a worker behind.

Nothing here restarts a worker that stopped: a host keeps its workers under its
service manager (docs/hosting/workers.md); ``ROOM_WORKER=off`` leaves it out.
Imported by gunicorn before Django is set up: the environment, not the settings.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]  # where manage.py is
STOP_SECONDS = 10  # a task under way is given this long to finish before the worker is killed
PR_SET_PDEATHSIG = 1  # prctl(2)

_worker: subprocess.Popen | None = None


def worker_command(given: Mapping[str, str] | None = None) -> list[str] | None:
    """``manage.py worker`` in this interpreter; None when no worker is wanted (the
    immediate backend runs long work in the request, or ROOM_WORKER=off)."""
    env = os.environ if given is None else given
    if env.get("TASKS_BACKEND", "").strip().lower() == "immediate":
        return None
    if env.get("ROOM_WORKER", "").strip().lower() in ("off", "0", "no", "false"):
        return None
    return [sys.executable, str(ROOT / "manage.py"), "worker"]


def _die_with(parent: int) -> None:
    """In the worker, before it runs: have the kernel send it SIGTERM when the master
    dies (Linux), and stop at once if it died already."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:
        os._exit(0)


def on_starting(server: Any) -> None:
    """gunicorn's hook as its master starts: start the task worker beside it."""
    global _worker
    command = worker_command()
    if command is None:
        return
    master = os.getpid()
    # A session of its own, so its scheduling group is its own and its lowered priority
    # ranks it below the web workers (tournament/management/commands/worker.py).
    _worker = subprocess.Popen(
        command, cwd=ROOT, start_new_session=True, preexec_fn=lambda: _die_with(master)
    )
    server.log.info("Task worker started: %s (pid %s)", " ".join(command[1:]), _worker.pid)


def on_exit(server: Any) -> None:
    """gunicorn's hook as its master stops: stop the task worker, a task under way given
    :data:`STOP_SECONDS` to finish."""
    global _worker
    worker, _worker = _worker, None
    if worker is None or worker.poll() is not None:
        return
    worker.terminate()
    try:
        worker.wait(timeout=STOP_SECONDS)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.wait(timeout=5)
    server.log.info("Task worker stopped")
