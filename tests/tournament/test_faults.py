"""The faults tried beyond a dropped database connection (tests/tournament/
test_dropped_connections.py): the task worker killed in the middle of a job, Redis
stopped while it is the cache or the queue, and the member list's import fuzzed.
docs/hosting/workers.md says what the room does in each."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from datetime import timedelta

import pytest
from django.core.cache import caches
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st

from tournament import jobs
from tournament.models import Job
from tournament.room import cache as room_cache
from tournament.services import members
from tournament.services.members import MemberRow

from .test_downloads import BROWSER, built
from .test_publishing import mid_play  # noqa: F401
from .test_room import ROOT, scratch_env

# --- The task worker killed mid-job --------------------------------------------------

PREPARE = """
import datetime, json, django
django.setup()
from django.core.management import call_command
from tournament import jobs, services
from tournament.services import Actor, deals, directors
call_command("migrate", verbosity=0)
td = directors.add_director("td", "pw-td-1915")
event = services.create_event(
    td, name="Killed worker", date=datetime.date(1915, 3, 1), code="1915", english_slams=False,
    premium=True, form="pairs", method="total", movement="mitchell", tables=3,
    boards_per_round=8, even="skip", arrow_switch=False, pairs_count=None,
)
deals.deal_event(event, seed="killed", by=Actor.director(td), solve=False)
job = jobs.start_solve(event, by=Actor.director(td))
print(json.dumps({"event": event.pk, "job": job.pk}))
"""
SOLVE_AGAIN = """
import django
django.setup()
from django.contrib.auth import get_user_model
from tournament import jobs
from tournament.models import Event
from tournament.services import Actor
event = Event.objects.get()
jobs.start_solve(event, by=Actor.director(get_user_model().objects.get()))
"""


def python(env, code):
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout


def rows(db, sql):
    with contextlib.closing(sqlite3.connect(db, timeout=20)) as c:
        return c.execute(sql).fetchall()


@pytest.mark.real_solver
def test_a_worker_killed_mid_solve_leaves_every_board_whole_and_a_restart_finishes(tmp_path):
    db = tmp_path / "room.sqlite3"
    env = {**scratch_env(tmp_path, f"sqlite:///{db}"), "TASKS_BACKEND": "database"}
    made = json.loads(python(env, PREPARE).strip().splitlines()[-1])
    # At the test's own priority (--nice 0): the suite's other workers keep every core
    # busy, and what is tried here is the kill, not the worker's rank below the web's.
    command = [sys.executable, "manage.py", "worker", "--interval", "0.2", "--nice", "0"]
    worker = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:  # until its first batch of boards is saved
            (done,) = rows(db, f"SELECT done FROM tournament_job WHERE id = {made['job']}")[0]
            if done >= jobs.SOLVE_BATCH:
                break
            time.sleep(0.1)
        worker.send_signal(signal.SIGKILL)  # as an OOM kill or a pulled plug would
    finally:
        worker.kill()
        worker.wait()
    tables = [t for (t,) in rows(db, "SELECT dd_tricks FROM tournament_board")]
    solved = [t for t in tables if t is not None]
    assert jobs.SOLVE_BATCH <= len(solved) < len(tables) == 24
    assert all(set(json.loads(t)) == set("NESW") for t in solved)  # each board whole
    (state,) = rows(db, f"SELECT state FROM tournament_job WHERE id = {made['job']}")[0]
    assert state == "running"  # the killed run says nothing; its silence does
    # A minute on, it counts as interrupted: the director's "Solve them" takes up the rest.
    old = (timezone.now() - timedelta(seconds=jobs.STALE + 1)).strftime("%Y-%m-%d %H:%M:%S")
    with contextlib.closing(sqlite3.connect(db)) as c:
        c.execute(f"UPDATE tournament_job SET beat_at = '{old}'")
        c.commit()
    python(env, SOLVE_AGAIN)
    subprocess.run([*command, "--batch"], cwd=ROOT, env=env, check=True, timeout=300)
    states = dict(rows(db, "SELECT id, state FROM tournament_job"))
    assert states[made["job"]] == "failed" and sorted(states.values()) == ["done", "failed"]
    assert rows(db, "SELECT count(*) FROM tournament_board WHERE dd_tricks IS NULL") == [(0,)]


SERVE_HOME = """
import django
django.setup()
from django.test import Client
print(Client().get("/", headers={"Host": "localhost"}).status_code)
"""


class Killed(BaseException):
    """Stands for the worker's process ending mid-write (not an error the job can catch)."""


def test_a_download_killed_mid_build_leaves_no_file_and_is_built_again(
    client,
    mid_play,  # noqa: F811
    settings,
    exports_storage,
    monkeypatch,
):
    from tournament.exports import kept

    settings.EXPORT_INLINE_LIMIT = 2
    with override_settings(
        TASKS={"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}
    ):
        url = reverse("event_download", args=[mid_play.pk, "xlsx"])
        client.get(url)
        job = Job.objects.get(event=mid_play, kind="download")
        original = kept.save

        def dies(name, write):
            def half(out):
                out.write(b"PK\x03\x04 half a file")
                raise Killed

            return original(name, half)

        monkeypatch.setattr(kept, "save", dies)
        with pytest.raises(Killed):
            jobs.run(job.pk)
        monkeypatch.setattr(kept, "save", original)
        job.refresh_from_db()
        assert job.state == "running" and not job.file
        assert [p for p in exports_storage.rglob("*") if p.is_file()] == []  # nothing kept
        assert client.get(url, headers=BROWSER).status_code == 503  # still being prepared
        # Its worker silent for a minute: the next request starts it again, and it comes.
        Job.objects.filter(pk=job.pk).update(beat_at=timezone.now() - timedelta(minutes=2))
        client.get(url)
        again = built(mid_play)
        assert again.pk != job.pk
        assert Job.objects.get(pk=job.pk).state == "failed"
        r = client.get(url)
        assert r.status_code == 200 and r.getvalue().startswith(b"PK")


# --- Redis stopped -------------------------------------------------------------------


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # nothing listens once the socket is closed


@pytest.fixture
def redis_cache_down(settings):
    pytest.importorskip("redis")
    settings.CACHES = {
        "default": {
            "BACKEND": "tournament.room.cache.ForgivingRedisCache",
            "LOCATION": f"redis://127.0.0.1:{closed_port()}/0",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    room_cache.STATE.down_until = 0.0
    room_cache.STATE.down = False
    yield caches["default"]
    room_cache.STATE.down_until = 0.0
    room_cache.STATE.down = False


def test_a_stopped_redis_cache_is_a_miss_and_the_room_keeps_serving(
    client,
    director,
    mid_play,  # noqa: F811
    redis_cache_down,
    caplog,
):
    cache = redis_cache_down
    assert cache.get("x", "missed") == "missed" and cache.add("x", 1) is False
    for page in ("/", "/events/", reverse("event_standings", args=[mid_play.pk])):
        assert client.get(page).status_code == 200, page
    from tournament.services.tablets import link_for

    assert client.get(reverse("scorer_home", args=[link_for(mid_play, 1).token])).status_code == 200
    said = [r for r in caplog.records if r.name == "tournament.cache"]
    assert len(said) == 1 and "does not answer" in said[0].getMessage()  # once, with its cause


@contextlib.contextmanager
def private_redis(tmp_path):
    """A redis-server of this test's own on a free port, keeping its data in tmp_path."""
    if subprocess.run(["which", "redis-server"], capture_output=True).returncode != 0:
        pytest.skip("no redis-server on this machine")
    port = closed_port()
    command = ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--dir", str(tmp_path)]
    command += ["--dbfilename", "queue.rdb", "--save", "", "--appendonly", "no"]

    def start() -> subprocess.Popen:
        proc = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError):
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                return proc
            time.sleep(0.05)
        raise AssertionError("the private redis-server did not start")

    state = {"proc": start()}

    def stop() -> None:  # its data saved, as a service manager's stop does
        subprocess.run(["redis-cli", "-p", str(port), "shutdown", "save"], capture_output=True)
        state["proc"].wait(10)

    def restart() -> None:
        state["proc"] = start()

    try:
        yield port, stop, restart
    finally:
        if state["proc"].poll() is None:
            state["proc"].terminate()
            state["proc"].wait(10)


@pytest.mark.real_solver
def test_tasks_queued_in_redis_resume_when_it_is_back(tmp_path):
    for name in ("django_tasks_rq", "redis"):
        pytest.importorskip(name)
    db = tmp_path / "room.sqlite3"
    with private_redis(tmp_path) as (port, stop, restart):
        env = {
            **scratch_env(tmp_path, f"sqlite:///{db}"),
            "TASKS_BACKEND": "rq",
            "REDIS_URL": f"redis://127.0.0.1:{port}/0",
        }
        made = json.loads(
            python(env, PREPARE.replace("boards_per_round=8", "boards_per_round=1"))
            .strip()
            .splitlines()[-1]
        )
        assert rows(db, "SELECT state FROM tournament_job") == [("queued",)]
        stop()  # Redis stopped with the task waiting in it ...
        # ... the room serves on meanwhile (the cache is Redis too: misses).
        code = SERVE_HOME
        assert python(env, code).strip().splitlines()[-1] == "200"
        restart()  # ... and back: the worker takes the task up.
        worker = [sys.executable, "manage.py", "worker", "--batch", "--nice", "0"]
        subprocess.run(worker, cwd=ROOT, env=env, check=True, timeout=300, capture_output=True)
    assert rows(db, f"SELECT state FROM tournament_job WHERE id = {made['job']}") == [("done",)]
    assert rows(db, "SELECT count(*) FROM tournament_board WHERE dd_tricks IS NULL") == [(0,)]


# --- The member list's import fuzzed -------------------------------------------------

# Text a secretary's list may hold: letters of several scripts, digits, the punctuation of
# names and numbers, the CSV's own commas, quotes and line ends (control characters are
# refused by the text fields' own validator, tested with it).
CELL = st.text(
    alphabet=st.sampled_from(list("AaZzÉéØøŁłßΩж0123456789 -'.,\"@+()/\n")),
    max_size=40,
)
ROW = st.tuples(CELL, CELL, CELL, st.sampled_from(["", "yes", "no", "Y", "0", "maybe"]))


def csv_of(rows) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["Name", "Member no", "Email", "Active"])
    writer.writerows(rows)
    return out.getvalue().encode()


@hyp_settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(ROW, max_size=12), st.lists(ROW, max_size=4))
def test_the_member_import_fuzzed_never_crashes_nor_half_imports(client, director, rows, first):
    """Upload any list, then confirm its preview: every answer is a page or a redirect,
    and the register ends as the preview said, all of it or (refused) none."""
    from tournament.models import Club, Member

    club = Club.first()
    director.is_staff = True
    director.save()
    club.directors.add(director)
    client.force_login(director)
    Member.objects.filter(club=club).delete()
    for name, number, *_ in first:  # a register already there, which the list may update
        with contextlib.suppress(Exception):
            members.save_member(club, MemberRow(name.strip() or "X", number.strip()))
    before = Member.objects.filter(club=club).count()
    upload = io.BytesIO(csv_of(rows))
    upload.name = "list.csv"
    r = client.post(reverse("director_member_import"), {"file": upload})
    assert r.status_code == 200
    preview = r.context.get("preview")
    if preview is None:  # refused whole, in the form's words
        assert Member.objects.filter(club=club).count() == before
        return
    confirm = client.post(
        reverse("director_member_import"), {"confirm": "1", "rows": r.context["rows"]}
    )
    assert confirm.status_code == 302
    assert Member.objects.filter(club=club).count() == before + len(preview.added)
    names = set(Member.objects.filter(club=club).values_list("name", flat=True))
    assert {row.name for row in preview.added} <= names


def test_an_import_that_fails_half_way_stores_none_of_it(director, monkeypatch):
    from tournament.models import Club, Member

    club = Club.first()
    Member.objects.create(club=club, name="Anna Berg", number="1")
    rows = [(2, MemberRow("Anna Berg", "1", "anna@example.org")), (3, MemberRow("Carl Dahl", "2"))]

    def full(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(Member, "save", full)  # the update after the new member's insert
    with pytest.raises(OSError):
        members.import_members(club, rows)
    assert list(Member.objects.values_list("name", "number", "email")) == [("Anna Berg", "1", "")]
