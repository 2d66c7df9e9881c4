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

    python -m benchmarks.first_request [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import time
import urllib.request

from .harness import Server, django_env, prepare_round, scratch_sqlite

APPS = {
    "warmed": "tournament.wsgi",
    "cold": "django.core.wsgi:get_wsgi_application()",
}
LATER = 20


def one_server(app: str, database_url: str, plan: list[tuple[str, int]]) -> tuple[float, float]:
    """(first request's seconds, median of the later ones) on a fresh server."""
    from tournament.room.address import GUNICORN_OPTIONS

    server = Server(django_env(database_url), 1, app=app, options=GUNICORN_OPTIONS)
    try:
        server.start(answering=False)  # the master has loaded the app when it listens
        time.sleep(0.5)  # the worker forked and waiting, as at an evening's start
        times = []
        for token, board in plan[: LATER + 1]:
            t0 = time.perf_counter()
            with urllib.request.urlopen(f"{server.base}/t/{token}/boards/{board}/") as r:
                r.read()
                assert r.status == 200, r.status
            times.append(time.perf_counter() - t0)
    finally:
        server.stop()
    return times[0], statistics.median(times[1:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with scratch_sqlite("first") as database_url:
        plan = prepare_round(database_url, 25)  # django_env collects the static files
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
