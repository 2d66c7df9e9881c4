"""Load benchmark: 50 tablets entering a 25-table event's round at once.

Starts gunicorn on loopback against a scratch database, then 50 threads (two
tablets a table, one board each) open their board and submit it; while that
submission is still running the same tablet sends it again (an in-flight
retry: same idempotency key), and on every fifth board a second device at
the table enters a different result for the same board at the same moment (a
conflict).  Then the tablet resubmits once more after its answer (a retry on
a flaky connection), and the opponents confirm the result that stands.  Each
HTTP request is timed on its own (redirects are not followed).  Two runs on
each database:

* "tablets": all 50 start together, each opening its board within the first
  second and pausing as a person does between steps (0.3 to 1.5 s, from a
  fixed seed);
* "burst": no pauses at all, all 50 firing at the same instant: the worst
  case, which on two cores measures queueing more than the app.

Prints requests per second, p50/p95 latency, the same for each step (opening the
board, the submission, its in-flight retry, a rival's entry, the late retry, the
result page, the agreement), where the machine's cores went (the app's workers, the
tablets' client, PostgreSQL's server processes, idle), and for a burst its floor
measured in the same run (as many requests, 50 at a time, for a static file: gunicorn,
Django's handler and WhiteNoise, none of the app) with the ratio to it; errors
(must be 0: an in-flight retry told "already has a result", two devices both stored, a conflict with
no message naming the result), the conflicts and in-flight retries, and
results stored (must equal boards).  Runs on SQLite, and on PostgreSQL when
one answers on 127.0.0.1:5432 (with persistent connections, CONN_MAX_AGE=60,
as a deployment should), in a database of its own
(``bench_tablets_<pid>``), so two runs on one server never collide.

The task worker (``manage.py worker``, the database backend) runs beside the server
as ``make run`` runs it, polling the queue every second; its log is searched for
"database is locked" (``--no-task-worker`` leaves it out).

    python -m benchmarks.tablets_load [--workers 5] [--sqlite-only]
    python -m benchmarks.tablets_load --postgres-only --burst-only --workers 2,3,4,5 --repeat 3

``--workers`` takes a list (each count measured on a fresh server and
database); ``--repeat`` runs each case that many times (on PostgreSQL round-robin
over the counts) and prints every run, then the median p95, so a choice of
worker count rests on more than one run.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar

import psutil

from .harness import (
    ROOT,
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

TABLES = 25
TABLETS = 50
RIVAL_EVERY = 5  # every fifth board is entered by a second device at the same moment
CONFLICT = ("already has a result", "same moment")
STATS = threading.Lock()  # the counters every tablet thread adds to


def count_results(database_url: str) -> tuple[int, int]:
    """(live results, confirmed ones) in the database."""
    return in_fresh_process(_count_results, env=django_env(database_url))


def _count_results() -> tuple[int, int]:
    setup_django(os.environ["DATABASE_URL"])
    from tournament.models import Result

    live = Result.objects.filter(is_live=True)
    return live.count(), live.filter(confirmed=True).count()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Each HTTP request is timed on its own: a redirect is an answer, not followed."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


class Tablet:
    def __init__(self, base: str, pauses: list[float]):
        self.base = base
        self.pauses = pauses
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(CookieJar()), NoRedirect()
        )
        self.latencies: list[float] = []
        self.steps: list[tuple[str, float]] = []  # (which step, its latency) in order
        self.errors: list[str] = []
        self.lock = threading.Lock()  # the in-flight retry runs in a second thread

    def request(self, path: str, data: dict | None = None, step: str = "other") -> tuple[str, str]:
        """(page text, where a redirect points) for one request; ``step`` names it in
        the per-step figures."""
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        t0 = time.perf_counter()
        text, location, error = "", "", ""
        try:
            with self.opener.open(self.base + path, data=body, timeout=30) as r:
                text = r.read().decode()
        except urllib.error.HTTPError as e:
            if e.code in (301, 302, 303):
                location = urllib.parse.urljoin(self.base, e.headers["Location"])
            else:
                error = f"{e.code} {path}"
        except OSError as e:
            error = f"{e} {path}"
        with self.lock:
            self.latencies.append(time.perf_counter() - t0)
            self.steps.append((step, self.latencies[-1]))
            if error:
                self.errors.append(error)
        return text, location

    def error(self, text: str) -> None:
        with self.lock:
            self.errors.append(text)


def field(html: str, name: str) -> str:
    m = re.search(rf'name="{name}" value="([^"]*)"', html)
    return m.group(1) if m else ""


def board_form(html: str, board: int, rival: bool = False) -> dict[str, str]:
    """The board's result as a tablet posts it; a rival device enters a different one."""
    return {
        "csrfmiddlewaretoken": field(html, "csrfmiddlewaretoken"),
        "key": field(html, "key"),
        "level": "3" if rival else "4",
        "strain": "NT" if rival else "H",
        "doubled": "",
        "declarer": "N" if rival else "S",
        "tricks": str(9 + board % 3),
        "revokes_ns": "0",
        "revokes_ew": "0",
        # No hand record in this event: the honours are a required answer
        # (docs/laws/scoring.md, "Honours").
        "honours": "aces:none" if rival else "trumps:EW-3",
    }


def at_once(*calls):
    """Run the calls in threads released together; their answers in order."""
    answers: list = [None] * len(calls)
    go = threading.Barrier(len(calls))

    def run(i: int) -> None:
        go.wait()
        answers[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return answers


def refused(answer: tuple[str, str]) -> bool:
    """The second device's answer: the form again, naming the result that stands."""
    text, location = answer
    return not location and any(c in text for c in CONFLICT)


def run_tablet(
    t: Tablet, token: str, board: int, start: threading.Barrier, rival: Tablet | None, stats: dict
) -> None:
    path = f"/t/{token}/boards/{board}/"
    start.wait()
    time.sleep(t.pauses[0])  # the scorer opens the board
    html, _ = t.request(path, step="open the board")
    form = board_form(html, board)
    rival_form = (
        board_form(rival.request(path, step="open the board")[0], board, rival=True)
        if rival
        else None
    )
    time.sleep(t.pauses[1])  # the scorer taps the result in
    # Submit; while it runs, the same tablet sends it again (same key); a rival device
    # may enter the same board at the same moment.
    calls = [
        lambda: t.request(path, form, step="submit"),
        lambda: t.request(path, form, step="in-flight retry"),
    ]
    if rival is not None:
        calls.append(lambda: rival.request(path, rival_form, step="rival's submit"))
    first, in_flight, *theirs = at_once(*calls)
    with STATS:
        stats["in-flight retries"] += 1
        stats["in-flight retries answered with the stored result"] += (
            bool(first[1]) and first[1] == in_flight[1]
        ) or (refused(first) and refused(in_flight))
    if first[1] != in_flight[1] or (not first[1] and not refused(first)):
        t.error(f"board {board}: submission went to {first[1]!r}, its retry to {in_flight[1]!r}")
        return
    winner, result_url = t, first[1]
    if theirs:
        with STATS:
            stats["conflicts"] += 1
        if bool(theirs[0][1]) == bool(result_url):
            t.error(f"board {board}: both devices or neither stored a result")
            return
        loser = first if theirs[0][1] else theirs[0]
        if not refused(loser):
            t.error(f"board {board}: the second device was not told which result stands")
            return
        with STATS:
            stats["conflicts refused with a message"] += 1
        if theirs[0][1]:
            winner, result_url = rival, theirs[0][1]
    _, again = t.request(path, form, step="late retry")  # a retry on a flaky connection: same key
    if again != first[1]:
        t.error(f"board {board}: retry went to {again!r}, not {first[1]!r}")
        return
    result_path = urllib.parse.urlparse(result_url).path
    page, _ = winner.request(result_path, step="result page")
    time.sleep(t.pauses[2])  # the opponents read the score
    winner.request(
        result_path,
        {"csrfmiddlewaretoken": field(page, "csrfmiddlewaretoken"), "action": "confirm"},
        step="confirm",
    )


class TaskWorker:
    """``manage.py worker`` beside the server, as ``make run`` starts it; its log kept."""

    def __init__(self, env: dict[str, str]):
        self.log = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 (closed by stop())
        self.proc = subprocess.Popen(
            [sys.executable, "manage.py", "worker", "--interval", "1"],
            cwd=ROOT,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,  # as the room starts it: its own scheduling group
        )

    def stop(self) -> tuple[str, bool]:
        """Stop it; what it printed, and whether it was still running."""
        alive = self.proc.poll() is None
        self.proc.terminate()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.seek(0)
        text = self.log.read()
        self.log.close()
        return text, alive


def run_burst(
    base: str, tablets_plan: list[tuple[str, int]], human: bool
) -> tuple[list[Tablet], list[Tablet | None], dict[str, int], float]:
    """The tablets of ``tablets_plan`` (each its board of round 1, with a rival on every
    fifth) all started together against ``base``, as one run of :func:`bench` makes them;
    (tablets, rivals, the run's counters, wall seconds)."""
    rng = random.Random(1915)
    tablets = [
        Tablet(
            base,
            [rng.uniform(0, 1), rng.uniform(0.3, 1.5), rng.uniform(0.3, 1.5)]
            if human
            else [0, 0, 0],
        )
        for _ in tablets_plan
    ]
    rivals = [
        Tablet(base, [0, 0, 0]) if i % RIVAL_EVERY == 0 else None for i in range(len(tablets_plan))
    ]
    stats = dict.fromkeys(
        [
            "in-flight retries",
            "in-flight retries answered with the stored result",
            "conflicts",
            "conflicts refused with a message",
        ],
        0,
    )
    start = threading.Barrier(len(tablets))
    threads = [
        threading.Thread(target=run_tablet, args=(t, tok, b, start, rival, stats))
        for t, rival, (tok, b) in zip(tablets, rivals, tablets_plan, strict=True)
    ]
    t0 = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return tablets, rivals, stats, time.perf_counter() - t0


def bench(
    label: str, database_url: str, workers: int, human: bool, task_worker: bool = True
) -> float:
    """One run: print its figures and return its p95 in ms."""
    tablets_plan = prepare_round(database_url, TABLES)
    assert len(tablets_plan) == TABLETS, len(tablets_plan)
    env = django_env(database_url, CONN_MAX_AGE="60", TASKS_BACKEND="database")
    server = Server(env, workers)
    worker = TaskWorker(env) if task_worker else None
    worker_log, worker_alive = "", False
    try:
        server.start(answering=False)
        base = server.base
        # Warm every worker up (first requests compile templates): a server at an
        # event has been running since before the first round.
        warm = Tablet(base, [0, 0, 0])
        for token, board in tablets_plan[: 4 * workers]:
            warm.request(f"/t/{token}/boards/{board}/")
            warm.request(f"/t/{token}/")
        server_cpu = server.cpu_seconds()
        machine, pg_cpu = psutil.cpu_times(), postgres_cpu_seconds()
        c0 = time.process_time()
        tablets, rivals, stats, wall = run_burst(base, tablets_plan, human)
        client_cpu = time.process_time() - c0
        server_cpu = server.cpu_seconds() - server_cpu
        pg_cpu = postgres_cpu_seconds() - pg_cpu
        after = psutil.cpu_times()
        idle = (after.idle + after.iowait) - (machine.idle + machine.iowait)
        requests_made = sum(len(t.latencies) for t in tablets) + sum(
            len(r.latencies) for r in rivals if r is not None
        )
        floor = None if human else floor_burst(base, requests_made)
    finally:
        server.stop()
        if worker is not None:
            worker_log, worker_alive = worker.stop()
    devices = tablets + [r for r in rivals if r is not None]
    lat = sorted(x * 1000 for t in devices for x in t.latencies)
    errors = [e for t in devices for e in t.errors]
    live, confirmed = count_results(database_url)
    requests = sum(len(t.latencies) for t in devices)
    p95 = percentile(lat, 95)
    mode = "tablets" if human else "burst"
    print(
        f"{label} ({mode}, {workers} workers): {TABLETS} tablets, {requests} requests "
        f"in {wall:.2f} s "
        f"= {requests / wall:.0f} req/s; p50 {statistics.median(lat):.1f} ms, "
        f"p95 {p95:.1f} ms; errors {len(errors)}; boards {TABLETS}, results stored {live} "
        f"({confirmed} confirmed)"
    )
    print("    " + "; ".join(f"{k} {v}" for k, v in stats.items()))
    # Where the machine's cores went: the tablets' own client (50 threads in this
    # process, a load no real room puts on its server) beside gunicorn's processes.
    cores = os.cpu_count() or 1
    print(
        f"    CPU during the run: the app's workers {server_cpu:.2f} s "
        f"({1000 * server_cpu / requests:.1f} ms a request), the tablets' client "
        f"{client_cpu:.2f} s, PostgreSQL's processes {pg_cpu:.2f} s, the machine idle "
        f"{idle:.2f} s, of {cores * wall:.2f} core-seconds"
    )
    by_step: dict[str, list[float]] = {}
    for device in devices:
        for step, seconds in device.steps:
            by_step.setdefault(step, []).append(seconds * 1000)
    print(
        "    by step, p50 / p95 ms: "
        + "; ".join(
            f"{step} ({len(ms)}) {statistics.median(ms):.0f} / {percentile(ms, 95):.0f}"
            for step, ms in by_step.items()
        )
    )
    if worker is not None:
        locked = worker_log.count("is locked")
        print(
            f"    task worker polling every second beside the server: 'database is locked' "
            f"{locked} times in its log; "
            + ("still running at the end" if worker_alive else "STOPPED during the run")
        )
    if floor is not None:
        print(
            f"    floor, same run: {requests} requests for a static file, {TABLETS} at a time "
            f"(gunicorn, Django's handler, WhiteNoise; no app): p95 {floor:.1f} ms; "
            f"the burst's p95 is {ratio(p95, floor)}"
        )
    for e in errors[:5]:
        print("   ", e)
    return p95


FLOOR_PATH = "/static/tournament/resend.js"  # a small file WhiteNoise serves, no view


def postgres_cpu_seconds() -> float:
    """User and system CPU seconds so far of this machine's PostgreSQL server processes
    (0 when there are none, or they belong to a user this one cannot read)."""
    total = 0.0
    for proc in psutil.process_iter(["name"]):
        if proc.info["name"] in ("postgres", "postmaster"):
            with contextlib.suppress(psutil.Error):
                t = proc.cpu_times()
                total += t.user + t.system
    return total


def floor_burst(base: str, requests: int) -> float:
    """The same number of requests, 50 clients at once as the burst's tablets are, for
    a static file: what the server and this client cost with no app work.  Its p95, ms."""
    each, extra = divmod(requests, TABLETS)
    go = threading.Barrier(TABLETS)
    clients = [Tablet(base, [0, 0, 0]) for _ in range(TABLETS)]

    def run(i: int) -> None:
        go.wait()
        for _ in range(each + (i < extra)):
            clients[i].request(FLOOR_PATH)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(TABLETS)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    errors = [e for c in clients for e in c.errors]
    assert not errors, errors[:3]
    return percentile((x * 1000 for c in clients for x in c.latencies), 95)


def summary(label: str, workers: int, human: bool, p95s: list[float]) -> None:
    if len(p95s) > 1:
        mode = "tablets" if human else "burst"
        print(
            f"== {label} ({mode}), {workers} workers: p95 median {statistics.median(p95s):.1f} ms"
            f" of {len(p95s)} runs ({', '.join(f'{p:.0f}' for p in p95s)})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", default="5", help="a count, or several: 2,3,4,5")
    parser.add_argument("--sqlite-only", action="store_true")
    parser.add_argument("--postgres-only", action="store_true")
    parser.add_argument("--burst-only", action="store_true")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument(
        "--no-task-worker", action="store_true", help="no task worker beside the server"
    )
    args = parser.parse_args()
    task_worker = not args.no_task_worker
    counts = [int(w) for w in args.workers.split(",")]
    modes = (False,) if args.burst_only else (True, False)
    if not args.postgres_only:
        for workers in counts:
            for human in modes:
                p95s = []
                for _ in range(args.repeat):
                    with scratch_sqlite("load") as url:
                        p95s.append(bench("SQLite", url, workers, human, task_worker))
                summary("SQLite", workers, human, p95s)
    if args.sqlite_only:
        return
    if not postgres_answers():
        return
    # Round-robin over the counts (2, 3, 4, 5, 2, 3, ...): a machine whose other load
    # drifts during the runs weighs on every count alike.
    p95s: dict[tuple[int, bool], list[float]] = {(w, h): [] for w in counts for h in modes}
    for _ in range(args.repeat):
        for workers in counts:
            for human in modes:
                with scratch_postgres("bench_tablets") as url:
                    p95s[workers, human].append(
                        bench("PostgreSQL", url, workers, human, task_worker)
                    )
    for (workers, human), runs in p95s.items():
        summary("PostgreSQL", workers, human, runs)


if __name__ == "__main__":
    main()
