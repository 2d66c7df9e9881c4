"""``make run``'s task worker: started beside the room's gunicorn by gunicorn's own server
hooks, running the long work a director starts, and gone when the room stops, whether
stopped (SIGTERM, Ctrl-C) or killed outright.

Each test starts the room exactly as ``make run`` does (tests/tournament/test_room.py),
on a scratch SQLite file prepared with a director and an event dealt but not solved.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time

import psutil
import pytest

from tournament.room import taskworker

from .test_room import ROOT, running_room, scratch_env

CSRF = rb'name="csrfmiddlewaretoken" value="([^"]+)"'
PREPARE = """
import datetime, json, django
django.setup()
from django.core.management import call_command
from tournament import services
from tournament.services import deals
from tournament.services import Actor, directors
call_command("migrate", verbosity=0)
td = directors.add_director("td", "pw-td-1915")
event = services.create_event(
    td, name="Worker test", date=datetime.date(1915, 3, 1), code="1915", english_slams=False,
    premium=True, form="pairs", method="total", movement="mitchell", tables=3,
    boards_per_round=1, even="skip", arrow_switch=False, pairs_count=None,
)
deals.deal_event(event, seed="worker", by=Actor.director(td), solve=False)
print(json.dumps({"event": event.pk}))
"""


def prepared(tmp_path) -> tuple[dict[str, str], int]:
    env = scratch_env(tmp_path, f"sqlite:///{tmp_path / 'room.sqlite3'}")
    out = subprocess.run(
        [sys.executable, "-c", PREPARE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    return env, json.loads(out.strip().splitlines()[-1])["event"]


def gunicorn_master(pid: int) -> psutil.Process:
    """gunicorn's master: the process ``make run``'s command became, or its child."""
    proc = psutil.Process(pid)
    for p in [proc, *proc.children()]:
        if "gunicorn" in " ".join(p.cmdline()):
            return p
    raise AssertionError(f"no gunicorn under {pid}")


def task_worker(master: psutil.Process, timeout: float = 30) -> psutil.Process:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for child in master.children():
            if child.cmdline()[-1:] == ["worker"]:  # python .../manage.py worker
                return child
        time.sleep(0.2)
    raise AssertionError("no task worker beside gunicorn")


def ranks_below_the_web_workers(master: psutil.Process, worker: psutil.Process) -> None:
    """A nice value ranks a process only within its scheduling group (Linux's autogroups,
    sched(7)): the room starts the worker in a session of its own, and the worker lowers
    its group's priority as well as its own, so a file it builds waits for the cores
    the web workers leave idle."""
    group = f"/proc/{worker.pid}/autogroup"

    def group_nice() -> str:
        if not os.path.exists(group):  # a kernel without autogroups
            return "19"
        with open(group) as f:
            return f.read().split()[-1]

    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and (worker.nice(), group_nice()) != (19, "19"):
        time.sleep(0.2)
    assert (worker.nice(), group_nice()) == (19, "19")
    assert os.getsid(worker.pid) == worker.pid != os.getsid(master.pid)


def gone(proc: psutil.Process, timeout: float = 20) -> bool:
    """Whether the process ended (or is only a zombie nobody waits for) within timeout."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if proc.status() == psutil.STATUS_ZOMBIE:
                return True
        except psutil.NoSuchProcess:
            return True
        time.sleep(0.2)
    return False


@pytest.mark.real_solver
def test_make_run_solves_in_its_worker_below_the_web_workers_and_stops_it_with_them(tmp_path):
    env, event = prepared(tmp_path)
    with running_room(env) as server:
        assert any(line.startswith("Long work: the task worker") for line in server.output)
        master = gunicorn_master(server.pid)
        worker = task_worker(master)
        ranks_below_the_web_workers(master, worker)
        server.log_in("td", "pw-td-1915")
        page = server.get(f"/director/events/{event}/deals/")[2]
        assert b"3 dealt boards without a double-dummy table" in page
        # "Solve them": the request answers at once, the worker solves.
        status, _, _ = server.get(
            f"/director/events/{event}/deals/solving/",
            {"csrfmiddlewaretoken": re.search(CSRF, page).group(1).decode()},
            Referer=server.base + f"/director/events/{event}/deals/",
        )
        assert status == 200  # the redirect to the deals page, followed
        deadline = time.monotonic() + 60
        card = b""
        while time.monotonic() < deadline and b"Done:" not in card:
            time.sleep(0.5)
            card = server.get(f"/director/events/{event}/deals/solving/", **{"X-Fragment": "1"})[2]
        assert b"Done: 3 boards solved" in card
        # Stopped as a service manager stops it: SIGTERM to gunicorn's master alone.
        master.send_signal(signal.SIGTERM)
        assert gone(worker), "the task worker outlived the server"
        assert gone(master)
    assert any("Task worker stopped" in line for line in server.live)


def test_a_room_killed_outright_leaves_no_worker(tmp_path):
    if not sys.platform.startswith("linux"):
        pytest.skip("the kernel's parent-death signal (prctl) is Linux's")
    env, _ = prepared(tmp_path)
    with running_room(env) as server:
        master = gunicorn_master(server.pid)
        worker = task_worker(master)
        os.kill(master.pid, signal.SIGKILL)  # no hook runs: out of memory, kill -9
        assert gone(worker), "the task worker outlived a killed server"


def test_the_worker_is_left_out_when_nothing_needs_it():
    assert taskworker.worker_command({})[-1] == "worker"
    assert taskworker.worker_command({"TASKS_BACKEND": "immediate"}) is None
    assert taskworker.worker_command({"ROOM_WORKER": "off"}) is None
    assert taskworker.worker_command({"TASKS_BACKEND": "rq"})[-1] == "worker"
