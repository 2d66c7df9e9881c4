"""Fault benchmark: a burst of tablet submissions while the server is killed and the
database connections are cut; nothing may be lost and nothing entered twice.

Starts gunicorn on loopback (as ``tablets_load.py`` does) against a scratch
database: a temporary SQLite file, then, when PostgreSQL answers on
127.0.0.1:5432, a database of its own (``bench_faults_<pid>``).  Each of
24 tablets enters its table's 4 boards of round 1 (96 submissions) while,
every ``--every`` seconds of the server's uptime, one fault in turn strikes:

* a worker is killed (SIGKILL: its requests die with it; the master starts another);
* the whole server is killed (SIGKILL to every process) and started again;
* the database connections are terminated (``pg_terminate_backend`` of the
  connections to this run's database only; PostgreSQL only): persistent
  connections (``CONN_MAX_AGE=60``) fail on their next query;
* the server is told to reload (SIGHUP: new workers, old ones finish).

The tablets retry as the tablet page's script (``resend.js``) does: after a
network error or a 500/502/503/504, the same form (the same idempotency key)
again after 1, 2, 4, 8 and 15 s.  Prints, for each database: submissions
sent, results stored, lost (sent, not stored), duplicated (a board with more
than one result), the 5xx answers and network errors seen (by every request,
page loads too), the submissions recovered by a retry, and the faults made.
The tablets that gave up after every retry (their scorer is told to press
Score it again) are also counted apart.  Goal: 0 lost, 0 duplicated.
Loopback only; each database's run stops by itself within a minute.

    python -m benchmarks.faults [--workers 3] [--every 1.5] [--sqlite-only]
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import signal
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from http.cookiejar import CookieJar

from .harness import (
    ADMIN,
    Server,
    database_name,
    django_env,
    in_fresh_process,
    postgres_answers,
    prepare_round,
    scratch_postgres,
    scratch_sqlite,
    setup_django,
)
from .tablets_load import NoRedirect
from .tablets_load import field as form_field

TABLES = 24
BOARDS_PER_ROUND = 4
RETRY_DELAYS = (1, 2, 4, 8, 15)  # seconds, as resend.js
TIMEOUT = 10  # seconds a request may take before it counts as not answered
RETRY_STATUS = (500, 502, 503, 504)
DEADLINE = 55  # seconds: the burst and its faults stop by then whatever happens


def kill_a_worker(server: Server) -> bool:
    """SIGKILL to one of the server's workers: its requests die with it."""
    pids = server.worker_pids()
    if not pids:
        return False
    try:
        os.kill(random.choice(pids), signal.SIGKILL)
    except ProcessLookupError:
        return False
    return True


def terminate_connections(database: str) -> int:
    """Cut this run's database connections (only those: others share the server)."""
    import psycopg

    with psycopg.connect(ADMIN, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()",
            (database,),
        ).fetchall()
    return sum(1 for (done,) in rows if done)


@dataclass
class Tally:
    """What the tablets saw, added to by every tablet thread."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    seen: Counter = field(default_factory=Counter)
    keys: dict[str, tuple[int, int]] = field(default_factory=dict)  # key -> (table, board)
    answered: dict[str, str] = field(default_factory=dict)  # key -> the result page it got

    def add(self, what: str, n: int = 1) -> None:
        with self.lock:
            self.seen[what] += n


class FlakyTablet:
    """One table's tablet, retrying as resend.js does."""

    def __init__(self, base: str, token: str, table: int, tally: Tally, stop_at: float):
        self.base = base
        self.token = token
        self.table = table
        self.tally = tally
        self.stop_at = stop_at
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(CookieJar()), NoRedirect()
        )

    def once(self, path: str, data: dict | None) -> tuple[int | None, str, str]:
        """(status or None for no answer, page text, where a redirect points)."""
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        try:
            with self.opener.open(self.base + path, data=body, timeout=TIMEOUT) as r:
                return r.status, r.read().decode(), ""
        except urllib.error.HTTPError as e:
            location = e.headers.get("Location", "")
            return e.code, "", urllib.parse.urljoin(self.base, location) if location else ""
        except (OSError, ValueError):  # refused, reset, timed out, a truncated answer
            return None, "", ""

    def patiently(self, path: str, data: dict | None) -> tuple[int | None, str, str, int]:
        """The request, tried again after each failure; also how many tries failed."""
        failed = 0
        for delay in (*RETRY_DELAYS, None):
            status, text, location = self.once(path, data)
            if status is not None and status not in RETRY_STATUS:
                return status, text, location, failed
            failed += 1
            self.tally.add("5xx seen" if status is not None else "network errors seen")
            if delay is None or time.monotonic() + delay > self.stop_at:
                break
            time.sleep(delay)
        return status, text, location, failed

    def enter(self, board: int, rng: random.Random) -> None:
        path = f"/t/{self.token}/boards/{board}/"
        status, page, _, _ = self.patiently(path, None)
        if status != 200:
            self.tally.add("board page never loaded")
            return
        form = {
            "csrfmiddlewaretoken": form_field(page, "csrfmiddlewaretoken"),
            "key": form_field(page, "key"),
            "level": "4",
            "strain": "H",
            "doubled": "",
            "declarer": "S",
            "tricks": str(8 + board % 4),
            "revokes_ns": "0",
            "revokes_ew": "0",
            # No hand record in this event: the honours are a required answer
            # (docs/laws/scoring.md, "Honours").
            "honours": "trumps:EW-3",
        }
        time.sleep(rng.uniform(2, 6))  # the scorer taps the result in: the burst lasts ~20 s
        with self.tally.lock:
            self.tally.seen["sent"] += 1
            self.tally.keys[f"t{self.table}-{form['key']}"] = (self.table, board)
        status, text, location, failed = self.patiently(path, form)
        if status in (301, 302, 303) and "/results/" in location:
            with self.tally.lock:
                self.tally.answered[f"t{self.table}-{form['key']}"] = location
                self.tally.seen["answered with the result"] += 1
                if failed:
                    self.tally.seen["recovered by retry"] += 1
        elif status is None or status in RETRY_STATUS:
            self.tally.add("gave up (not sent, the scorer is told)")
        else:
            self.tally.add(f"other answer {status}")
            if "already has a result" in text or "same moment" in text:
                self.tally.add("retry told 'already has a result'")

    def run(self, boards: list[int], seed: int) -> None:
        rng = random.Random(seed)
        for board in boards:
            if time.monotonic() > self.stop_at:
                return
            self.enter(board, rng)


def stored_results(database_url: str) -> list[tuple[str, int, int, int]]:
    """(key, table, board, pk) of every result version in the database."""
    return in_fresh_process(_stored_results, env=django_env(database_url))


def _stored_results() -> list[tuple[str, int, int, int]]:
    setup_django(os.environ["DATABASE_URL"])
    from tournament.models import Result

    return list(Result.objects.values_list("idempotency_key", "table", "board__number", "pk"))


def bench(label: str, database_url: str, database: str | None, workers: int, every: float) -> None:
    plan = prepare_round(database_url, TABLES, BOARDS_PER_ROUND)
    by_table: dict[str, list[int]] = {}
    for token, board in plan:
        by_table.setdefault(token, []).append(board)
    env = django_env(database_url, CONN_MAX_AGE="60")
    # --preload as the room serves: a killed worker is replaced at once.
    options = ("--backlog", "256", "--preload")
    server = Server(env, workers, options=options, log_level="critical")
    tally = Tally()
    faults: Counter = Counter()
    t0 = time.monotonic()
    stop_at = t0 + DEADLINE
    try:
        server.start()
        base = server.base
        tables = {tok: n for n, tok in enumerate(by_table, 1)}
        tablets = [
            threading.Thread(
                target=FlakyTablet(base, tok, tables[tok], tally, stop_at).run,
                args=(boards, n),
                daemon=True,
            )
            for n, (tok, boards) in enumerate(by_table.items())
        ]
        for th in tablets:
            th.start()
        kinds = ["kill a worker", "kill the server and restart it"]
        if database:
            kinds.insert(1, "terminate the database connections")
        kinds.append("reload (SIGHUP)")
        for kind in itertools.cycle(kinds):
            server.wait_answering()  # faults strike a running server, every so many seconds of it
            time.sleep(every)
            if not any(th.is_alive() for th in tablets) or time.monotonic() > stop_at:
                break
            if kind == "kill a worker":
                if not kill_a_worker(server):
                    continue
            elif kind == "terminate the database connections":
                terminate_connections(database)
            elif kind == "kill the server and restart it":
                server.kill()
                time.sleep(1.0)  # down for a moment, as a supervisor restarts it
                server.start()
            else:
                server.reload()
            faults[kind] += 1
        for th in tablets:
            th.join(max(0.0, stop_at + 5 - time.monotonic()))
        unfinished = sum(th.is_alive() for th in tablets)
    finally:
        server.stop()
    wall = time.monotonic() - t0
    rows = stored_results(database_url)
    keys = Counter(k for k, *_ in rows)
    per_board = Counter((table, board) for _, table, board, _ in rows)
    pk_of = {k: pk for k, _, _, pk in rows}
    sent = tally.seen["sent"]
    lost = [k for k in tally.keys if k not in keys]
    duplicated = sum(n - 1 for n in per_board.values() if n > 1)
    wrong_page = [
        k for k, url in tally.answered.items() if not url.rstrip("/").endswith(f"/{pk_of.get(k)}")
    ]
    print(
        f"{label}: {sent} sent, {len(keys)} stored, {len(lost)} lost, {duplicated} duplicated; "
        f"{tally.seen['5xx seen']} 5xx seen, {tally.seen['network errors seen']} network errors "
        f"seen, {tally.seen['recovered by retry']} recovered by retry; "
        f"{tally.seen['answered with the result']} answered with their result page"
        f" ({len(wrong_page)} with another's); {wall:.0f} s"
    )
    print("    faults: " + ", ".join(f"{k} x{v}" for k, v in faults.items()))
    others = {
        k: v
        for k, v in tally.seen.items()
        if k
        not in (
            "sent",
            "5xx seen",
            "network errors seen",
            "recovered by retry",
            "answered with the result",
        )
    }
    if others or unfinished:
        print(f"    also: {others}, tablets unfinished at the deadline {unfinished}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--every", type=float, default=1.5, help="seconds between faults")
    parser.add_argument("--sqlite-only", action="store_true")
    args = parser.parse_args()
    with scratch_sqlite("faults") as url:
        bench("SQLite", url, None, args.workers, args.every)
    if args.sqlite_only:
        return
    if not postgres_answers():
        return
    with scratch_postgres("bench_faults") as url:
        bench("PostgreSQL", url, database_name("bench_faults"), args.workers, args.every)


if __name__ == "__main__":
    main()
