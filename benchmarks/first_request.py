"""A gunicorn worker's first tablet request against its later ones.

Why the app is loaded before the fork: docs/decisions/warm-start.md.

Starts gunicorn as ``manage.py room`` does (``--preload``, the same options), one
worker, on a scratch SQLite database with a 25-table event, and times the first
request for a table's board page and then twenty more (other tables' boards).
Twice, each on a fresh server:

* "warmed": ``tournament.wsgi``, which loads every view and compiles every
  template before the fork (``tournament/room/warm.py``);
* "cold": Django's plain ``get_wsgi_application()``, as the app was served
  before: the first request imports the views (and openpyxl, numpy) and
  compiles the templates it uses.

Prints, for each, the first request's time, the median of the later ones and
their ratio; ``--runs`` repeats it (a fresh server each time) and gives
min/median/max of the first request.

    python benchmarks/first_request.py [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")
sys.path.insert(0, HERE)
sys.path.insert(0, ROOT)

from tablets_load import free_port, prepare  # noqa: E402

from tournament.room.address import GUNICORN_OPTIONS  # noqa: E402

APPS = {
    "warmed": "tournament.wsgi",
    "cold": "django.core.wsgi:get_wsgi_application()",
}
LATER = 20


def one_server(app: str, database_url: str, plan: list[tuple[str, int]]) -> tuple[float, float]:
    """(first request's seconds, median of the later ones) on a fresh server."""
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DEBUG": "false",
        "SECRET_KEY": "first-request-benchmark",
        "ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SETTINGS_MODULE": "tournament.settings",
        "LOG_FILE": "",
    }
    command = [sys.executable, "-m", "gunicorn", app, "-b", f"127.0.0.1:{port}", "-w", "1"]
    command += [*GUNICORN_OPTIONS, "--log-level", "warning"]
    server = subprocess.Popen(command, cwd=ROOT, env=env)
    try:
        for _ in range(300):  # the master has loaded the app when it listens
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        time.sleep(0.5)  # the worker forked and waiting, as at an evening's start
        times = []
        for token, board in plan[: LATER + 1]:
            t0 = time.perf_counter()
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/t/{token}/boards/{board}/") as r:
                r.read()
                assert r.status == 200, r.status
            times.append(time.perf_counter() - t0)
    finally:
        server.terminate()
        server.wait(timeout=10)
    return times[0], statistics.median(times[1:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        database_url = f"sqlite:///{tmp}/first.sqlite3"
        plan = prepare(database_url)
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
            cwd=ROOT,
            check=True,
        )
        figures: dict[str, list[tuple[float, float]]] = {name: [] for name in APPS}
        for _ in range(args.runs):  # alternating, so both see the same machine
            for name, app in APPS.items():
                figures[name].append(one_server(app, database_url, plan))
    print(f"one worker, {args.runs} fresh servers each, SQLite, a tablet's board page")
    for name, runs in figures.items():
        first = sorted(1000 * f for f, _ in runs)
        later = statistics.median(1000 * m for _, m in runs)
        print(
            f"    {name:7s} first request min / median / max {first[0]:7.1f} / "
            f"{statistics.median(first):7.1f} / {first[-1]:7.1f} ms; later ones "
            f"{later:5.1f} ms (median); first / later {statistics.median(first) / later:5.1f}x"
        )


if __name__ == "__main__":
    main()
