"""The room's server, started exactly as ``make run`` starts it.

The command is the one ``make -n run`` prints (so a change to the Makefile is
tested too), run with a free port, a scratch SQLite file, and scratch folders
for the static files, the log and the secret key, so the developer's own are
never touched. Every request goes to 127.0.0.1 (the LAN address is checked
through the Host header, never by sending traffic to it). The server and its
workers are always killed, and each wait is bounded.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from http.cookiejar import CookieJar
from pathlib import Path

import pytest
import segno
from django.core.files.storage import storages
from django.db import connection

from tests.tournament.conftest import make_event
from tournament.room import address as room

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "tournament" / "static" / "tournament"
# Seconds: migrate, collectstatic and gunicorn's boot, on a machine whose every core
# runs the suite.
START_TIMEOUT = 120


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def make_run_command(port: int) -> str:
    """The recipe of ``make run``, as make prints it, with this interpreter's venv."""
    out = subprocess.run(
        [
            "make",
            "-s",
            "-n",
            "--no-print-directory",
            "-o",
            ".venv/.installed",  # as if set up already: print, never install
            "run",
            f"PORT={port}",
            f"BIN={Path(sys.executable).parent}",
        ],
        cwd=ROOT,
        # Not a sub-make of `make test`: no inherited flags, no "Entering directory".
        env={k: v for k, v in os.environ.items() if k not in {"MAKEFLAGS", "MAKELEVEL", "MFLAGS"}},
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    ).stdout
    lines = [line for line in out.splitlines() if line.strip()]
    assert len(lines) == 1 and "manage.py room" in lines[0], out
    return lines[0]


def scratch_env(tmp: Path, database_url: str, **extra: str) -> dict[str, str]:
    """The developer's environment without anything that would change the defaults."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k
        not in {
            "DEBUG",
            "SECRET_KEY",
            "PUBLIC_URL",
            "ALLOWED_HOSTS",
            "HOST",
            "WEB_CONCURRENCY",
            "DJANGO_ALLOW_ASYNC_UNSAFE",  # set by the end-to-end tests' conftest
        }
    }
    env.update(
        DATABASE_URL=database_url,
        STATIC_ROOT=str(tmp / "static"),
        LOG_FILE=str(tmp / "log" / "room.log"),
        SECRET_KEY_FILE=str(tmp / "secret_key"),
        DJANGO_SETTINGS_MODULE="tournament.settings",
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    return env


class Room:
    """A running ``make run`` server: its port, what it printed, and a client for it."""

    def __init__(self, port: int, output: list[str]):
        self.port = port
        self.output = output
        self.pid = 0  # the process ``make run``'s command started (gunicorn, once exec'd)
        self.live: list[str] = output  # everything printed so far, still growing
        self.base = f"http://127.0.0.1:{port}"
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

    def fresh(self) -> Room:
        """The same server with a browser of its own (no cookies, no session)."""
        other = Room(self.port, self.output)
        other.pid, other.live = self.pid, self.live
        return other

    def printed(self, label: str) -> str:
        for line in self.output:
            if line.startswith(label):
                return line[len(label) :].strip()
        raise AssertionError(f"{label!r} not printed:\n" + "\n".join(self.output))

    def get(self, path: str, data: dict | None = None, **headers: str):
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(self.base + path, data=body, headers=headers)
        try:
            with self.opener.open(request, timeout=20) as r:
                return r.status, dict(r.headers), r.read()
        except urllib.error.HTTPError as e:
            return e.code, dict(e.headers), e.read()

    def log_in(self, username: str, password: str) -> None:
        _, _, page = self.get("/login/")
        token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        status, _, page = self.get(
            "/login/",
            {"csrfmiddlewaretoken": token.decode(), "username": username, "password": password},
            Referer=self.base + "/login/",
        )
        assert status == 200 and b"Log out" in page, page[:500]


@contextlib.contextmanager
def running_room(env: dict[str, str]) -> Iterator[Room]:
    """Start ``make run``'s command; stop it and its workers whatever happens."""
    port = free_port()
    env = {**env, "PORT": str(port)}
    proc = subprocess.Popen(
        ["sh", "-c", make_run_command(port)],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,  # no terminal, as under a service manager: nothing is asked
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # one process group: the shell, gunicorn, its workers
    )
    output: list[str] = []
    reader = threading.Thread(target=lambda: output.extend(proc.stdout), daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            assert proc.poll() is None, "the server stopped:\n" + "\n".join(output)
            assert time.monotonic() < deadline, f"no server after {START_TIMEOUT} s:\n" + "\n".join(
                output
            )
            if any("Booting worker" in line for line in output):
                with contextlib.suppress(OSError):
                    socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                    break
            time.sleep(0.2)
        server = Room(port, [line.rstrip("\n") for line in output])
        server.pid, server.live = proc.pid, output
        yield server
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=5)
        reader.join(timeout=5)


PREPARE = """
import datetime, json, django
django.setup()
from django.core.management import call_command
from django.contrib.auth import get_user_model
from tournament import services
from tournament.services import tablets
call_command("migrate", verbosity=0)
user = get_user_model().objects.create_user("td", password="pw-td-1915")
event = services.create_event(
    user, name="Room test", date=datetime.date(1915, 3, 1), code="1915", english_slams=False,
    premium=True, form="pairs", method="total", movement="mitchell", tables=3,
    boards_per_round=2, even="skip", arrow_switch=False, pairs_count=None,
)
print(json.dumps({"event": event.pk,
                  "tokens": [tablets.link_for(event, t).token for t in (1, 2, 3)]}))
"""


def prepare_database(env: dict[str, str]) -> dict:
    """Migrate the scratch database and add a director's event, so ``make run`` finds a
    database in use (it loads the demo, and solves its deals, only on an empty one)."""
    prepared = subprocess.run(
        [sys.executable, "-c", PREPARE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(prepared.stdout.strip().splitlines()[-1])


@dataclass
class Started:
    """A room started once for the tests that only ask it things: the server, the event
    and table links ``PREPARE`` made, and the scratch folder of its log and secret key."""

    server: Room
    setup: dict
    folder: Path


@pytest.fixture(scope="module")
def started_room(tmp_path_factory) -> Iterator[Started]:
    """``make run`` on a database with an event already (it loads the demo only on an
    empty one), with its default workers; started once (migrate, collectstatic and
    gunicorn's boot take several seconds), stopped with the module."""
    folder = tmp_path_factory.mktemp("room")
    env = scratch_env(folder, f"sqlite:///{folder / 'room.sqlite3'}")
    setup = prepare_database(env)
    with running_room(env) as server:
        yield Started(server, setup, folder)


@pytest.fixture
def shared_room(started_room) -> Started:
    """The module's room, through a browser of this test's own (no session of another's)."""
    return Started(started_room.server.fresh(), started_room.setup, started_room.folder)


def test_make_run_serves_the_room_on_its_lan_address(shared_room):
    addresses = room.lan_addresses()
    if not addresses:
        pytest.skip("this machine has no network address besides loopback")
    server, setup, folder = shared_room.server, shared_room.setup, shared_room.folder
    # The address printed for the tablets is this machine's LAN address.
    printed = server.printed("Tablets and phones:").rstrip("/")
    assert printed == room.origin(addresses[0], server.port)
    assert "127.0.0.1" not in printed and "localhost" not in printed
    lan_host = urllib.parse.urlsplit(printed).netloc
    workers = room.default_workers(sqlite=True)
    assert server.printed("Database:").startswith(f"sqlite3; {workers} workers")

    # Its pages, CSS and live-refresh script, by WhiteNoise from the collected files.
    status, _, page = server.get("/login/")
    assert status == 200
    css = re.search(rb'href="(/static/tournament/site\.[0-9a-f]+\.css)"', page).group(1)
    js = re.search(rb'src="(/static/tournament/poll\.[0-9a-f]+\.js)"', page).group(1)
    for url, source, kind in (
        (css, "site.css", "text/css"),
        (js, "poll.js", "javascript"),
    ):
        status, headers, body = server.get(url.decode())
        assert status == 200, url
        assert kind in headers["Content-Type"]
        assert "immutable" in headers["Cache-Control"]  # named by content: cached for good
        assert body == (STATIC / source).read_bytes()

    # The printed address is an allowed host; a stranger's is not.
    assert server.get("/login/", Host=lan_host)[0] == 200
    assert server.get("/login/", Host="evil.example")[0] == 400

    # No director yet (the event's owner is a plain account): the first one is made with
    # a generated password, printed once, beside the address, and never logged.
    name, password = re.fullmatch(
        r"(\S+), password: (\S+)", server.printed("First director:")
    ).groups()
    assert "\n".join(server.live).count(password) == 1
    server.log_in(name, password)
    assert server.get("/director/accounts/")[0] == 200

    # Table links and QR codes carry the printed address, not the director's 127.0.0.1.
    server.log_in("td", "pw-td-1915")
    status, _, links = server.get(f"/director/events/{setup['event']}/links/")
    assert status == 200
    status, _, cards = server.get(f"/director/events/{setup['event']}/table-cards/")
    assert status == 200
    for token in setup["tokens"]:
        url = f"{printed}/t/{token}/"
        assert url.encode() in links
        assert segno.make(url, error="m").svg_inline(scale=3).encode() in cards
    assert b"127.0.0.1" not in links and b"127.0.0.1" not in cards

    # DEBUG is off: the 404 page lists no URL patterns.
    status, _, page = server.get("/no-such-page/")
    assert status == 404
    assert b"Not found" in page and b"URLconf" not in page and b"director/events" not in page

    # The log file holds what the server did, never the first director's password.
    log = (folder / "log" / "room.log").read_text()
    assert "director director added" in log and password not in log

    # The secret key was made on first start, private to its owner.
    key_file = folder / "secret_key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert len(key_file.read_text().strip()) >= 50


def test_the_rooms_answers_name_no_server_and_carry_the_policy(shared_room):
    """gunicorn writes ``Server: gunicorn`` on every answer unless told otherwise
    (tournament/room/serverheader.py): none of the room's answers names its server,
    pages, files, errors and refusals alike, and every one carries the
    Content-Security-Policy."""
    server, setup = shared_room.server, shared_room.setup
    _, _, page = server.get("/login/")
    css = re.search(rb'href="(/static/tournament/site\.[0-9a-f]+\.css)"', page).group(1)
    answers = {
        "a page": server.get("/login/"),
        "a tablet's page": server.get(f"/t/{setup['tokens'][0]}/"),
        "a static file": server.get(css.decode()),
        "a redirect": server.get("/director/"),
        "not found": server.get("/no-such-page/"),
        "a stale form": server.get("/login/", {"username": "x"}),
        "a refused host": server.get("/login/", Host="evil.example"),
    }
    statuses = {what: status for what, (status, _, _) in answers.items()}
    assert statuses == {
        "a page": 200,
        "a tablet's page": 200,
        "a static file": 200,
        "a redirect": 200,  # followed to the log-in page
        "not found": 404,
        "a stale form": 403,
        "a refused host": 400,
    }
    for what, (_, headers, _) in answers.items():
        names = {name.lower() for name in headers}
        assert "server" not in names, (what, headers)
        assert "date" in names  # gunicorn's other default headers are kept
        policy = {k.lower(): v for k, v in headers.items()}.get("content-security-policy")
        assert policy and "script-src 'self'" in policy, (what, headers)


def test_a_crashed_worker_is_in_the_log_file_as_well_as_on_the_console(tmp_path):
    """A gunicorn worker that dies must be named in the app's log file (where errors are
    looked for afterwards), not on the console only.  A worker killed here (SIGKILL, as
    the kernel kills one out of memory) is named in both."""
    import psutil

    env = scratch_env(tmp_path, f"sqlite:///{tmp_path / 'room.sqlite3'}", WEB_CONCURRENCY="1")
    prepare_database(env)
    log = tmp_path / "log" / "room.log"
    with running_room(env) as server:
        assert server.get("/login/")[0] == 200
        started = psutil.Process(server.pid)
        processes = [started, *started.children(recursive=True)]
        gunicorns = [p for p in processes if "gunicorn" in " ".join(p.cmdline())]
        master = next(p for p in gunicorns if p.parent() not in gunicorns)
        # gunicorn's one worker (beside it, the task worker: tests/tournament/test_task_worker.py)
        (worker,) = [p for p in master.children() if p in gunicorns]
        os.kill(worker.pid, signal.SIGKILL)
        said = f"Worker (pid:{worker.pid}) was sent SIGKILL!"
        deadline = time.monotonic() + 20
        while not (log.exists() and said in log.read_text()):
            assert time.monotonic() < deadline, "not in the log file:\n" + (
                log.read_text() if log.exists() else "(no file)"
            )
            time.sleep(0.2)
        while not any(said in line for line in server.live):
            assert time.monotonic() < deadline, "not on the console:\n" + "".join(server.live)
            time.sleep(0.2)
    line = next(x for x in log.read_text().splitlines() if said in x)
    assert " ERROR gunicorn.error [" in line  # the app's own format
    assert "Booting worker" not in log.read_text()  # warnings and errors only, as the app's


def test_the_room_logger_keeps_the_console_and_adds_the_file_once(tmp_path, monkeypatch):
    import logging

    from gunicorn.config import Config

    from tournament.room.roomlog import RoomLogger

    log = tmp_path / "log" / "room.log"
    monkeypatch.setenv("LOG_FILE", str(log))
    logger = RoomLogger(Config())
    try:
        logger.setup(logger.cfg)  # a reload (SIGHUP) sets up again: still one file handler
        handlers = logger.error_log.handlers
        files = [h for h in handlers if isinstance(h, logging.FileHandler)]
        assert len(files) == 1 and files[0].baseFilename == str(log)
        assert any(type(h) is logging.StreamHandler for h in handlers)  # the console
        logger.info("Booting worker with pid: 1")
        logger.critical("WORKER TIMEOUT (pid:%s)", 1234)
        assert "WORKER TIMEOUT (pid:1234)" in log.read_text()
        assert "Booting" not in log.read_text()
        monkeypatch.setenv("LOG_FILE", "")  # LOG_FILE empty: the console only
        logger.setup(logger.cfg)
        assert not [h for h in logger.error_log.handlers if isinstance(h, logging.FileHandler)]
    finally:
        for h in list(logger.error_log.handlers):
            h.close()
            logger.error_log.removeHandler(h)


@pytest.mark.django_db(transaction=True)
def test_a_request_after_the_database_dropped_the_connection_succeeds(tmp_path, director):
    """CONN_HEALTH_CHECKS: a kept connection the server killed is replaced, not failed on."""
    if connection.vendor != "postgresql":
        pytest.skip("pg_terminate_backend is PostgreSQL's; SQLite keeps no server connection")
    make_event(director)  # committed: the server sees it, and loads no demo
    db = connection.settings_dict
    url = "postgres://{}:{}@{}:{}/{}".format(
        urllib.parse.quote(db["USER"] or ""),
        urllib.parse.quote(db["PASSWORD"] or ""),
        db["HOST"] or "127.0.0.1",
        db["PORT"] or 5432,
        db["NAME"],
    )
    env = scratch_env(tmp_path, url, WEB_CONCURRENCY="1")  # one worker: one connection
    with running_room(env) as server:
        assert server.get("/events/")[0] == 200
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            assert cursor.fetchall(), "the worker kept no connection to terminate"
        status, _, page = server.get("/events/")
        assert status == 200, page[:300]


def fake_interfaces(monkeypatch, interfaces: dict, down=(), default_route=("eth0",)):
    """psutil's view of the machine, replaced by ``interfaces`` {name: [ipv4, ...]}."""
    from types import SimpleNamespace

    addrs = {
        name: [SimpleNamespace(family=socket.AF_INET, address=a) for a in ips]
        + [SimpleNamespace(family=socket.AF_INET6, address="fe80::1")]
        for name, ips in interfaces.items()
    }
    stats = {name: SimpleNamespace(isup=name not in down) for name in interfaces}
    monkeypatch.setattr(room.psutil, "net_if_addrs", lambda: addrs)
    monkeypatch.setattr(room.psutil, "net_if_stats", lambda: stats)
    monkeypatch.setattr(room, "default_route_interfaces", lambda: set(default_route))


def test_lan_addresses_put_the_room_network_first(monkeypatch):
    fake_interfaces(
        monkeypatch,
        {
            "lo": ["127.0.0.1"],
            "docker0": ["172.17.0.1"],
            "wlan0": ["192.168.1.20", "169.254.3.4"],
            "eth1": ["10.0.0.5"],
            "eth2": ["10.9.9.9"],
            "tailscale0": ["100.101.102.103"],
        },
        down={"eth2"},
        default_route=("wlan0",),
    )
    assert room.lan_addresses() == ["192.168.1.20", "10.0.0.5", "172.17.0.1", "100.101.102.103"]
    assert room.room_addresses("0.0.0.0") == room.lan_addresses()
    assert room.room_addresses("10.0.0.5") == ["10.0.0.5"]
    assert room.room_addresses("127.0.0.1") == [] == room.room_addresses("localhost")
    assert room.room_addresses("bridge.local") == ["bridge.local"]


def test_lan_addresses_read_the_real_interfaces_without_loopback():
    assert all(not a.startswith("127.") for a in room.lan_addresses())


def test_worker_counts():
    assert room.default_workers(sqlite=True, cores=1) == 3
    assert room.default_workers(sqlite=True, cores=2) == 5
    assert room.default_workers(sqlite=True, cores=8) == 5  # one writer at a time anyway
    # PostgreSQL: a core each and one more (docs/decisions/workers.md); 3 keeps one
    # for a slow phone.
    assert room.default_workers(sqlite=False, cores=2) == 3
    assert room.default_workers(sqlite=False, cores=4) == 5


def test_origin_leaves_out_the_scheme_port():
    assert room.origin("192.168.1.20", 8000) == "http://192.168.1.20:8000"
    assert room.origin("192.168.1.20", 80) == "http://192.168.1.20"
    assert room.origin("fd00::2", 8000) == "http://[fd00::2]:8000"
    assert room.origin("bridge.example.org", 443, "https") == "https://bridge.example.org"


@pytest.mark.django_db
def test_table_links_carry_public_url_when_set(client, director, event, settings):
    client.force_login(director)
    url = f"/director/events/{event.pk}/links/"
    assert b"http://testserver/t/" in client.get(url).content
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    page = client.get(url).content
    assert b"http://192.168.1.20:8000/t/" in page and b"testserver/t/" not in page
    cards = client.get(f"/director/events/{event.pk}/table-cards/").content
    token = re.search(rb"http://192\.168\.1\.20:8000/t/([^/]+)/", page).group(1).decode()
    qr = segno.make(f"http://192.168.1.20:8000/t/{token}/", error="m").svg_inline(scale=3)
    assert qr.encode() in cards


@pytest.mark.django_db
def test_a_server_started_without_collectstatic_still_has_its_css_and_script(
    client, settings, tmp_path
):
    """gunicorn started by hand, no collectstatic: plain names, served from the apps'
    folders, instead of a 500 on every page for want of a manifest."""
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "tournament.room.staticstorage.ContentNamedStaticFiles"},
    }
    settings.STATIC_ROOT = tmp_path  # collected nothing
    page = client.get("/login/")
    assert page.status_code == 200
    assert b'href="/static/tournament/site.css"' in page.content
    assert b'src="/static/tournament/poll.js"' in page.content
    for name in ("site.css", "poll.js"):
        response = client.get(f"/static/tournament/{name}")
        assert response.status_code == 200
        assert b"".join(response.streaming_content) == (STATIC / name).read_bytes()
    # A file that exists nowhere is still an error, as in Django.
    storage = storages["staticfiles"]
    with pytest.raises(ValueError):
        storage.url("tournament/no-such-file.css")


def test_an_uncollected_file_is_searched_for_once(settings, tmp_path, monkeypatch):
    """Without collectstatic, a page's static links do not search the apps' folders on
    every page: a name found once keeps its plain name, and a missing one stays an error."""
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "tournament.room.staticstorage.ContentNamedStaticFiles"},
    }
    settings.STATIC_ROOT = tmp_path  # collected nothing
    from django.contrib.staticfiles import finders

    searched: list[str] = []
    find = finders.find

    def counting_find(path, *args, **kwargs):
        searched.append(path)
        return find(path, *args, **kwargs)

    monkeypatch.setattr(finders, "find", counting_find)
    storage = storages["staticfiles"]
    for _ in range(3):
        assert storage.url("tournament/site.css") == "/static/tournament/site.css"
    assert searched == ["tournament/site.css"]
    for _ in range(2):
        with pytest.raises(ValueError):
            storage.url("tournament/no-such-file.css")
    assert searched.count("tournament/no-such-file.css") == 2


def test_a_collected_files_address_is_worked_out_once(settings, tmp_path, monkeypatch):
    """Collected, a file's address is its content-named one from the manifest, worked out
    once a process (every page links the same few files); under DEBUG it is the plain
    name, as Django has it."""
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "tournament.room.staticstorage.ContentNamedStaticFiles"},
    }
    settings.STATIC_ROOT = tmp_path
    named = "tournament/site.0123456789ab.css"
    manifest = {"version": "1.1", "hash": "0", "paths": {"tournament/site.css": named}}
    (tmp_path / "staticfiles.json").write_text(json.dumps(manifest))
    storage = storages["staticfiles"]
    asked: list[str] = []
    stored_name = type(storage).stored_name

    def counting(self, name):
        asked.append(name)
        return stored_name(self, name)

    monkeypatch.setattr(type(storage), "stored_name", counting)
    for _ in range(3):
        assert storage.url("tournament/site.css") == f"/static/{named}"
    assert asked == ["tournament/site.css"]
    settings.DEBUG = True
    assert storage.url("tournament/site.css") == "/static/tournament/site.css"
