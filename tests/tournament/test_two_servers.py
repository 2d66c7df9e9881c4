"""Two app servers side by side, as a host serving many clubs runs them: two gunicorn
servers on two loopback ports with one PostgreSQL, one Redis (the pages' cache and
the task queue, django-tasks-rq) and one task worker (``manage.py worker``).

A 50-tablet burst alternates between the servers: each tablet opens its board on one
server, submits it there, sends the same submission again to the other (a retry
through a load balancer that changed its mind), confirms on the other, and asks the
first for the standings and the board's traveller.  Then the director asks both
servers at the same moment to solve an event's deals and to prepare a big XLSX.
Checked: no result lost or doubled, no page older than a result confirmed on the
other server, each solve and each file made once though both servers were asked.

On two cores this shows the servers are correct together, not that two are faster
than one: both share the same cores.  Skipped, with the reason, where PostgreSQL or
Redis does not answer.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from http.cookiejar import Cookie, CookieJar
from pathlib import Path

import pytest

from benchmarks.harness import ROOT, Server, django_env, in_fresh_process, scratch_postgres
from benchmarks.tablets_load import NoRedirect, Tablet, at_once, board_form, field

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/5")
TABLES = 25  # two boards a table in round 1: 50 tablets
TIMEOUT = 60  # seconds for the solve and the file
GUNICORN = ("--backlog", "256", "--preload")


def _answers(host: str, port: int) -> bool:
    try:
        socket.create_connection((host, port), timeout=1).close()
    except OSError:
        return False
    return True


def _skip_reason() -> str | None:
    if not _answers("127.0.0.1", 5432):
        return "PostgreSQL does not answer on 127.0.0.1:5432"
    redis = urllib.parse.urlsplit(REDIS_URL)
    if not _answers(redis.hostname or "127.0.0.1", redis.port or 6379):
        return f"Redis does not answer at {REDIS_URL}"
    # Looked up, not imported: importing django-rq reads the settings, which a process
    # this module is loaded into (in_fresh_process) must read from its own environment.
    for name, extra in (("django_tasks_rq", "redis"), ("redis", "redis")):
        if importlib.util.find_spec(name) is None:
            return f"the {extra} extra is not installed ({name})"
    return None


pytestmark = pytest.mark.skipif(_skip_reason() is not None, reason=_skip_reason() or "")


def _prepare() -> dict:
    """The director (logged in: a session, as after the log-in page), a 25-table event
    for the burst, a small one dealt and not solved."""
    from benchmarks.harness import setup_django

    setup_django(os.environ["DATABASE_URL"])
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.sessions.backends.db import SessionStore

    from tests.factories import make_event
    from tournament.services import Actor, deals, tablets

    td = get_user_model().objects.create_user("td", is_staff=True, is_superuser=True)
    session = SessionStore()
    session[SESSION_KEY] = str(td.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = td.get_session_auth_hash()
    session.create()
    burst = make_event(td, name="Burst", tables=TABLES, boards_per_round=2)
    seats = burst.seating_set.filter(round=1).order_by("table")
    plan = [(tablets.link_for(burst, s.table).token, b) for s in seats for b in s.board_numbers]
    solve = make_event(td, name="Solve", tables=3, boards_per_round=1)
    deals.deal_event(solve, seed="two servers", by=Actor.director(td), solve=False)
    return {"burst": burst.pk, "solve": solve.pk, "plan": plan, "session": session.session_key}


def _state(database_url: str, burst: int, solve: int) -> dict:
    """What the database holds at the end (read with psycopg: no Django needed here)."""
    import psycopg

    with psycopg.connect(database_url) as db:

        def one(sql: str, *args: object) -> object:
            return db.execute(sql, args).fetchone()[0]

        def states(kind: str, event: int) -> list[str]:
            sql = "SELECT state FROM tournament_job WHERE event_id = %s AND kind = %s"
            return [row[0] for row in db.execute(sql, (event, kind))]

        live = "FROM tournament_result WHERE event_id = %s AND is_live"
        return {
            "live": one(f"SELECT COUNT(*) {live}", burst),
            "confirmed": one(f"SELECT COUNT(*) {live} AND confirmed", burst),
            "boards with a live result": one(f"SELECT COUNT(DISTINCT board_id) {live}", burst),
            "solve jobs": states("solve", solve),
            "xlsx jobs": states("xlsx", burst),
            "unsolved": one(
                "SELECT COUNT(*) FROM tournament_board WHERE event_id = %s"
                " AND deal <> '' AND dd_tricks IS NULL",
                solve,
            ),
        }


class Director(Tablet):
    """The director's browser: one session, which both servers honour (the sessions are
    in the database; the cookie is the host's, whatever the port)."""

    def log_in(self, session_key: str) -> None:
        jar = CookieJar()
        jar.set_cookie(
            Cookie(0, "sessionid", session_key, None, False, "127.0.0.1", False, False, "/",
                   True, False, None, True, None, None, {})
        )  # fmt: skip
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(jar), NoRedirect()
        )

    def on(self, base: str) -> Director:
        """The same browser (its cookies) asking another server."""
        other = Director(base, [0, 0, 0])
        other.opener = self.opener
        return other

    def fetch(self, path: str) -> tuple[str, dict[str, str]]:
        """(page, headers) of a polled card or fragment (X-Fragment, as the page asks)."""
        request = urllib.request.Request(self.base + path, headers={"X-Fragment": "1"})
        with self.opener.open(request, timeout=30) as response:
            return response.read().decode(), dict(response.headers)


def tablet_round(servers: list[str], i: int, token: str, board: int, burst: int, out: dict):
    """One tablet's board, alternating between the servers (see the module's doc)."""
    here, there = servers[i % 2], servers[(i + 1) % 2]
    tablet = Tablet(here, [0, 0, 0])
    path = f"/t/{token}/boards/{board}/"
    page, _ = tablet.request(path)
    form = board_form(page, board)
    _, stored = tablet.request(path, form)
    tablet.base = there
    _, again = tablet.request(path, form)  # the same submission, through the other server
    if not stored or again != stored.replace(here, there):
        out["errors"].append(f"board {board}: stored at {stored!r}, its retry went to {again!r}")
        return
    result_path = urllib.parse.urlsplit(stored).path
    result_id = int(re.search(r"/results/(\d+)/", result_path).group(1))
    director = out["director"].on(here)
    standings = f"/events/{burst}/?fragment=1"
    before = director.fetch(standings)[1].get("ETag")
    page, _ = tablet.request(result_path)
    csrf = field(page, "csrfmiddlewaretoken")
    tablet.request(result_path, {"csrfmiddlewaretoken": csrf, "action": "confirm"})
    # Confirmed through one server: the other's pages show it at once.
    if director.fetch(standings)[1].get("ETag") == before:
        out["errors"].append(f"board {board}: {here}'s standings older than its confirmation")
    traveller, _ = director.request(f"/events/{burst}/boards/{board}/")
    if f"/events/{burst}/results/{result_id}/codes/" not in traveller:
        out["errors"].append(f"board {board}: {here}'s traveller without result {result_id}")
    with out["lock"]:
        out["errors"].extend(tablet.errors + director.errors)
        out["requests"] += len(tablet.latencies) + len(director.latencies) + 2  # + fetches


def forget_queue(redis) -> None:
    """RQ's queue, registries and worker records in this Redis database (the test's own)."""
    for key in redis.scan_iter("rq:*"):
        redis.delete(key)


def wait_for(check, what: str, log: Path, timeout: float = TIMEOUT):
    """What ``check()`` answers once it is something; the worker's log if it never is."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(0.5)
    raise AssertionError(f"{what} not done within {timeout} s; the worker:\n{log.read_text()}")


@pytest.mark.real_solver
def test_two_servers_one_database_one_redis_one_worker(tmp_path):
    import redis

    began = time.monotonic()
    prefix = f"two-servers-{os.getpid()}"
    queue = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=5, socket_timeout=30)
    with scratch_postgres("two_servers") as database_url:
        env = django_env(
            database_url,
            CONN_MAX_AGE="60",
            CACHE_URL=REDIS_URL,
            CACHE_KEY_PREFIX=prefix,
            TASKS_BACKEND="rq",
            REDIS_URL=REDIS_URL,
            EXPORT_DIR=str(tmp_path / "exports"),
            EXPORT_INLINE_LIMIT="10",
        )
        setup = in_fresh_process(_prepare, env=env)
        burst, solve = setup["burst"], setup["solve"]
        # A queue another run left behind would hand this worker its jobs.
        forget_queue(queue)
        worker_log = (tmp_path / "worker.log").open("w")
        worker = subprocess.Popen(
            [sys.executable, "manage.py", "worker"],
            cwd=ROOT,
            env=env,
            stdout=worker_log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        # The app loaded once a server, before its two workers fork (as the room does).
        servers = [Server(env, 2, options=GUNICORN) for _ in range(2)]
        try:
            at_once(*(lambda s=server: s.start(answering=False) for server in servers))
            bases = [s.base for s in servers]
            director = Director(bases[0], [0, 0, 0])
            director.log_in(setup["session"])
            started = time.monotonic()
            out: dict = {
                "errors": [],
                "director": director,
                "lock": threading.Lock(),
                "requests": 0,
            }
            threads = [
                threading.Thread(target=tablet_round, args=(bases, i, tok, b, burst, out))
                for i, (tok, b) in enumerate(setup["plan"])
            ]
            for th in threads:
                th.start()
            for th in threads:
                th.join()
            burst_seconds = time.monotonic() - started
            assert out["errors"] == []

            # Both servers asked at the same moment: one solve, one file.
            a, b = director.on(bases[0]), director.on(bases[1])
            deals_page, _ = a.request(f"/director/events/{solve}/deals/")
            csrf = {"csrfmiddlewaretoken": field(deals_page, "csrfmiddlewaretoken")}
            solving = f"/director/events/{solve}/deals/solving/"
            at_once(lambda: a.request(solving, csrf), lambda: b.request(solving, csrf))
            xlsx = f"/director/events/{burst}/download/xlsx/"
            went = at_once(lambda: a.request(xlsx), lambda: b.request(xlsx))
            assert all(w[1].endswith(f"/director/events/{burst}/exports/") for w in went), went
            log = tmp_path / "worker.log"
            wait_for(lambda: "Done:" in b.fetch(solving)[0], "the solve", log)
            ready = re.compile(r'href="(/director/events/\d+/exports/\d+/file/)"')
            link = wait_for(
                lambda: ready.search(a.fetch(f"/director/events/{burst}/exports/")[0]),
                "the XLSX",
                log,
            ).group(1)
            files = [
                director.on(base).opener.open(base + link, timeout=30).read() for base in bases
            ]
            assert files[0] == files[1] and files[0][:2] == b"PK"  # the same workbook
            state = _state(database_url, burst, solve)

            # The standings as cached (in Redis, shared) are what a fresh build gives.
            fragment = f"/events/{burst}/?fragment=1"
            cached = [director.on(base).fetch(fragment)[0] for base in bases]
            for key in queue.scan_iter(f"{prefix}:*"):
                queue.delete(key)
            fresh = director.on(bases[1]).fetch(fragment)[0]
            assert not a.errors + b.errors
        finally:
            for server in servers:
                server.stop()
            with contextlib.suppress(ProcessLookupError):
                os.killpg(worker.pid, signal.SIGTERM)
            try:
                worker.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(worker.pid, signal.SIGKILL)
                worker.wait(timeout=5)
            worker_log.close()
            forget_queue(queue)
            for key in queue.scan_iter(f"{prefix}:*"):
                queue.delete(key)
    print(
        f"two servers, one PostgreSQL, one Redis, one worker: {len(setup['plan'])} tablets "
        f"alternating, {out['requests']} requests in {burst_seconds:.1f} s = "
        f"{out['requests'] / burst_seconds:.0f} a second (both servers on the same cores); "
        f"the whole test {time.monotonic() - began:.0f} s"
    )
    assert state["live"] == state["confirmed"] == 2 * TABLES  # none lost, none doubled
    assert state["boards with a live result"] == 2 * TABLES
    assert state["solve jobs"] == ["done"] and state["unsolved"] == 0
    assert state["xlsx jobs"] == ["done"]
    assert cached[0] == cached[1] == fresh
