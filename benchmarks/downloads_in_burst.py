"""Load benchmark: 10 public XLSX downloads of a 1,000-table event during a 50-tablet burst.

The public download of a big event is built by the task worker and served from storage
(tournament/downloads.py, docs/decisions/big-downloads.md), so a web worker never spends
its 5-6 CPU-seconds on it.  This run shows what that buys while the tablets enter a
round: gunicorn (the room's own timeouts, ``tournament.room.address``) and the task
worker (``manage.py worker``, niced as the room runs it) serve a scratch database holding
a 1,000-table event (26,000 results, published) and the 25-table event of
``benchmarks/tablets_load.py``'s burst.  Two runs, each on a fresh round of that event:

* **the burst alone**: 50 tablets at the same instant (tablets_load's ``run_burst``);
* **the burst with 10 downloads**: 10 clients ask for the big event's XLSX at once, as
  browsers do (the page that reloads itself), a moment before the burst starts, and
  keep asking every ``Retry-After`` seconds until the file comes.

Prints the tablets' p50/p95 in each run and the ratio of the two p95s (goal: within
2x), the downloads completed (goal: all 10) and the time each took, the jobs that built
the file (one), the CPU seconds of the web workers and of the task worker, and whether
any web worker was killed or replaced (goal: none).  SQLite by default, PostgreSQL
with ``--postgres`` when it answers (a database of its own, ``bench_downloads_<pid>``).

    python -m benchmarks.downloads_in_burst [--workers 5] [--tables 1000] [--postgres]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
import threading
import time
import urllib.error
import urllib.request

import psutil

from tournament.room import address

from .harness import (
    Server,
    django_env,
    in_fresh_process,
    percentile,
    postgres_answers,
    prepare_round,
    ratio,
    scratch_postgres,
    scratch_sqlite,
    setup_django,
)
from .tablets_load import TABLETS, Tablet, TaskWorker, run_burst

DOWNLOADS = 10
LEAD = 1.5  # seconds the downloads start before the burst, so the file is being built
GIVE_UP = 300  # seconds a download client waits for its file before it counts as failed
BROWSER = "text/html,application/xhtml+xml,*/*;q=0.8"


def _build_big(tables: int) -> int:
    setup_django(os.environ["DATABASE_URL"])
    from .standings_page import build_event

    event, _ = build_event(tables, 13, 2)
    return event.pk


def _download_jobs(pk: int) -> list[tuple[str, str]]:
    setup_django(os.environ["DATABASE_URL"])
    from tournament.models import Job

    return list(Job.objects.filter(event_id=pk).values_list("key", "state"))


class Download(threading.Thread):
    """A browser asking for the file until it comes: (seconds, bytes, requests) when done."""

    def __init__(self, url: str):
        super().__init__(daemon=True)
        self.url = url
        self.seconds: float | None = None
        self.size = 0
        self.requests = 0
        self.errors: list[str] = []

    def run(self) -> None:
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < GIVE_UP:
            self.requests += 1
            request = urllib.request.Request(self.url, headers={"Accept": BROWSER})
            try:
                with urllib.request.urlopen(request, timeout=60) as r:
                    body = r.read()
                if r.headers.get("Content-Disposition", "").startswith("attachment"):
                    self.seconds, self.size = time.perf_counter() - t0, len(body)
                    return
                self.errors.append(f"{r.status} without the file")
            except urllib.error.HTTPError as e:
                # Closed before the wait, as a browser closes a "Connection: close"
                # answer: an open socket holds a sync worker in gunicorn's graceful
                # close (up to 2 s, waiting for the client's FIN).
                e.close()
                if e.code != 503:
                    self.errors.append(f"{e.code}")
                    return
                time.sleep(int(e.headers.get("Retry-After") or 5))
            except OSError as e:
                self.errors.append(str(e))
                return


def p95_of(devices: list[Tablet]) -> tuple[float, float, int]:
    lat = sorted(x * 1000 for t in devices for x in t.latencies)
    errors = sum(len(t.errors) for t in devices)
    return statistics.median(lat), percentile(lat, 95), errors


def tree_cpu(pid: int) -> float:
    total = 0.0
    try:
        root = psutil.Process(pid)
        for proc in [root, *root.children(recursive=True)]:
            t = proc.cpu_times()
            total += t.user + t.system
    except psutil.NoSuchProcess:
        pass
    return total


def bench(label: str, database_url: str, workers: int, tables: int) -> None:
    t0 = time.perf_counter()
    big = in_fresh_process(_build_big, tables, env=django_env(database_url))
    alone_plan = prepare_round(database_url, 25)
    loaded_plan = prepare_round(database_url, 25)
    print(f"{label}: a {tables}-table event built in {time.perf_counter() - t0:.0f} s")
    kept = tempfile.mkdtemp(prefix="bench-downloads-")  # the run's kept files, not var/'s
    env = django_env(database_url, CONN_MAX_AGE="60", TASKS_BACKEND="database", EXPORT_DIR=kept)
    options = (
        "--backlog",
        "256",
        "--timeout",
        str(address.WORKER_TIMEOUT),
        "--graceful-timeout",
        str(address.GRACEFUL_TIMEOUT),
        "--keep-alive",
        str(address.KEEP_ALIVE),
    )
    server = Server(env, workers, options=options)
    worker = TaskWorker(env)
    try:
        server.start(answering=False)
        base = server.base
        warm = Tablet(base, [0, 0, 0])
        for token, board in alone_plan[: 4 * workers]:
            warm.request(f"/t/{token}/boards/{board}/")
            warm.request(f"/t/{token}/")
        pids = set(server.worker_pids())

        alone_cpu = server.cpu_seconds()
        tablets, rivals, _, wall_alone = run_burst(base, alone_plan, human=False)
        alone = p95_of(tablets + [r for r in rivals if r is not None])
        alone_cpu = server.cpu_seconds() - alone_cpu

        web_cpu, task_cpu = server.cpu_seconds(), tree_cpu(worker.proc.pid)
        fetches = [Download(f"{base}/events/{big}/download/xlsx/") for _ in range(DOWNLOADS)]
        for d in fetches:
            d.start()
        time.sleep(LEAD)
        tablets, rivals, _, wall_loaded = run_burst(base, loaded_plan, human=False)
        loaded = p95_of(tablets + [r for r in rivals if r is not None])
        for d in fetches:
            d.join(GIVE_UP + 10)
        web_cpu = server.cpu_seconds() - web_cpu
        task_cpu = tree_cpu(worker.proc.pid) - task_cpu
        replaced = pids != set(server.worker_pids())
    finally:
        server.stop()
        worker_log, worker_alive = worker.stop()
        shutil.rmtree(kept, ignore_errors=True)
    done = [d for d in fetches if d.seconds is not None]
    jobs = in_fresh_process(_download_jobs, big, env=django_env(database_url))
    print(
        f"{label} ({workers} workers): the burst alone: {TABLETS} tablets in {wall_alone:.2f} s, "
        f"p50 {alone[0]:.0f} ms, p95 {alone[1]:.0f} ms, errors {alone[2]}; "
        f"web workers' CPU {alone_cpu:.1f} s"
    )
    print(
        f"    with {DOWNLOADS} XLSX downloads: in {wall_loaded:.2f} s, p50 {loaded[0]:.0f} ms, "
        f"p95 {loaded[1]:.0f} ms, errors {loaded[2]}; "
        f"p95 {ratio(loaded[1], alone[1], 'the burst alone')} (goal: within 2x)"
    )
    print(
        f"    downloads completed {len(done)} of {DOWNLOADS} (goal: all), "
        + (
            f"in {min(d.seconds for d in done):.1f}-{max(d.seconds for d in done):.1f} s, "
            f"{done[0].size / 1e6:.1f} MB each, {sum(d.requests for d in fetches)} requests; "
            if done
            else ""
        )
        + f"jobs that built it: {len(jobs)} ({', '.join(f'{k} {s}' for k, s in jobs)})"
    )
    print(
        f"    CPU from the downloads' start: web workers {web_cpu:.1f} s, task worker "
        f"{task_cpu:.1f} s; web workers killed or replaced: {'yes' if replaced else 'none'}; "
        f"task worker {'still running' if worker_alive else 'STOPPED'}"
    )
    for d in fetches:
        for e in d.errors[:2]:
            print("   ", e)
    if "Traceback" in worker_log:
        print("    the task worker's log holds a traceback:", worker_log[-500:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=5)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--postgres", action="store_true")
    args = parser.parse_args()
    with scratch_sqlite("downloads") as url:
        bench("SQLite", url, args.workers, args.tables)
    if args.postgres and postgres_answers():
        with scratch_postgres("bench_downloads") as url:
            bench("PostgreSQL", url, args.workers, args.tables)


if __name__ == "__main__":
    main()
