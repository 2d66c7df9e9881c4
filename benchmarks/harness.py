"""What the benchmarks share: scratch databases, Django in a fresh process, a gunicorn
server to load, the event a round's tablets enter, timing and the figures' print.

Run a benchmark from the repository's root as a module, ``python -m benchmarks.NAME``;
its events are built with the tests' own builders (tests/factories.py), through the
same verbs the app uses.

Databases: SQLite in a temporary folder; PostgreSQL, when one answers on
127.0.0.1:5432 (trust auth), in a database of the run's own, ``<prefix>_<pid>``,
created empty and dropped afterwards whatever happens, so two runs on one server
never collide and nothing is left behind.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import multiprocessing
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"


# --- Databases -----------------------------------------------------------------------


def postgres_answers() -> bool:
    """Whether a PostgreSQL server listens on 127.0.0.1:5432 (says so when not)."""
    try:
        socket.create_connection(("127.0.0.1", 5432), timeout=1).close()
    except OSError:
        print("PostgreSQL: not reachable on 127.0.0.1:5432; skipped")
        return False
    return True


# Seconds a psql command or a fresh process's work may take before the run stops with
# an error: a server that stopped answering fails the run instead of holding it.
PSQL_TIMEOUT = 60
FRESH_PROCESS_TIMEOUT = 600


def database_name(prefix: str) -> str:
    return f"{prefix}_{os.getpid()}"


@contextlib.contextmanager
def scratch_postgres(prefix: str) -> Iterator[str]:
    """An empty PostgreSQL database for this run: its URL; dropped on leaving (FORCE: a
    server the benchmark killed may still hold connections)."""
    name = database_name(prefix)
    drop = f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"
    psql = ["psql", ADMIN, "-qc"]
    subprocess.run([*psql, drop], check=True, capture_output=True, timeout=PSQL_TIMEOUT)
    subprocess.run([*psql, f"CREATE DATABASE {name}"], check=True, timeout=PSQL_TIMEOUT)
    try:
        yield f"postgres://postgres@127.0.0.1:5432/{name}"
    finally:
        subprocess.run([*psql, drop], check=True, capture_output=True, timeout=PSQL_TIMEOUT)


@contextlib.contextmanager
def scratch_sqlite(name: str = "bench") -> Iterator[str]:
    """A SQLite file in a temporary folder, removed on leaving: its URL."""
    with tempfile.TemporaryDirectory() as tmp:
        yield f"sqlite:///{tmp}/{name}.sqlite3"


def run_on_each_database(
    doc: str, prefix: str, runs: int, sql_help: str, run: Callable[[str, str, int, bool], None]
) -> None:
    """The command line of an in-process benchmark (``--runs``, ``--sqlite-only``,
    ``--sql``): ``run(label, url, runs, show_sql)`` on each scratch database in turn."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--runs", type=int, default=runs)
    parser.add_argument("--sqlite-only", action="store_true")
    parser.add_argument("--sql", action="store_true", help=sql_help)
    args = parser.parse_args()
    for label, url in scratch_databases(prefix, postgres=not args.sqlite_only):
        run(label, url, args.runs, args.sql)


def scratch_databases(
    prefix: str, *, sqlite: bool = True, postgres: bool = True
) -> Iterator[tuple[str, str]]:
    """(label, URL) of each database to measure on, one at a time: SQLite, then
    PostgreSQL when it answers; each made empty for the run and removed after it."""
    if sqlite:
        with scratch_sqlite(prefix) as url:
            yield "SQLite", url
    if postgres and postgres_answers():
        with scratch_postgres(prefix) as url:
            yield "PostgreSQL", url


# --- Django --------------------------------------------------------------------------


def django_env(database_url: str, **extra: str) -> dict[str, str]:
    """The environment of a server or a process the benchmark starts: production
    defaults (no debug page), the given database, no log file, the static files
    collected as the room collects them."""
    base = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tournament.settings",
        "DEBUG": "false",
        "SECRET_KEY": "benchmark-only",
        "ALLOWED_HOSTS": "127.0.0.1,testserver",
        "LOG_FILE": "",
    }
    return {**base, "DATABASE_URL": database_url, "STATIC_ROOT": collected_static(base), **extra}


STATIC_ROOT_VAR = "BENCHMARK_STATIC_ROOT"  # the run's collected files, for its child processes


def collected_static(env: dict[str, str]) -> str:
    """A folder of the static files as ``manage.py room`` serves them (collected,
    content-named, compressed), made once a run and removed at its end: the pages
    link and WhiteNoise serves the files as in the room."""
    root = os.environ.get(STATIC_ROOT_VAR)
    if root is None:
        root = tempfile.mkdtemp(prefix="bench-static-")
        atexit.register(shutil.rmtree, root, True)
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
            cwd=ROOT,
            env={**env, "STATIC_ROOT": root},
            check=True,
            timeout=PSQL_TIMEOUT,
        )
        os.environ[STATIC_ROOT_VAR] = root  # inherited by the processes started after
    return root


def setup_django(database_url: str | None = None, **extra: str) -> None:
    """Django in this process on ``database_url`` (or $DATABASE_URL, or a scratch SQLite
    file), migrated."""
    if database_url is None:
        database_url = (
            os.environ.get("DATABASE_URL") or f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
        )
    os.environ.update(django_env(database_url, **extra))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _call_with_env(env: dict[str, str] | None, fn: Callable[..., Any], args: tuple) -> Any:
    if env is not None:
        os.environ.clear()
        os.environ.update(env)
    return fn(*args)


def in_fresh_process(fn: Callable[..., Any], *args: Any, env: dict[str, str] | None = None) -> Any:
    """``fn(*args)`` in a new interpreter (its own imports, caches, peak memory and
    database connection), with ``env`` as its environment; its answer.  ``fn`` is a
    module-level function of a benchmark (it is pickled by name)."""
    spawn = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=1, mp_context=spawn)
    future = pool.submit(_call_with_env, env, fn, args)
    try:
        future.result(timeout=FRESH_PROCESS_TIMEOUT)
    except TimeoutError:
        # Not waited for: the stuck process is stopped and the run fails with the reason.
        for child in multiprocessing.active_children():
            child.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    except BaseException:
        pass  # the process's own error, raised below once the process has ended
    pool.shutdown(wait=True)
    return future.result()


def prepare_round(
    database_url: str, tables: int, boards_per_round: int = 2
) -> list[tuple[str, int]]:
    """Migrate ``database_url`` and make a pair contest of ``tables`` tables (in a fresh
    process); (table's token, board) of every board of its round 1."""
    return in_fresh_process(_prepare_round, tables, boards_per_round, env=django_env(database_url))


def _prepare_round(tables: int, boards_per_round: int) -> list[tuple[str, int]]:
    setup_django(os.environ["DATABASE_URL"])
    from django.contrib.auth import get_user_model

    from tests.factories import make_event
    from tournament.services import tablets

    owner, _ = get_user_model().objects.get_or_create(username="bench")  # a second round too
    event = make_event(owner, name="Bench", tables=tables, boards_per_round=boards_per_round)
    seats = event.seating_set.filter(round=1).order_by("table")
    return [(tablets.link_for(event, s.table).token, b) for s in seats for b in s.board_numbers]


# --- A server ------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """gunicorn serving ``app`` on a free loopback port, in a process group of its own
    (so it can be killed whole, as a crash would, and started again)."""

    def __init__(
        self,
        env: dict[str, str],
        workers: int,
        *,
        app: str = "tournament.wsgi",
        options: Sequence[str] = ("--backlog", "256"),
        log_level: str = "warning",
    ):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.env = env
        self.command = [sys.executable, "-m", "gunicorn", app, "-b", f"127.0.0.1:{self.port}"]
        self.command += ["-w", str(workers), *options, "--log-level", log_level]
        self.proc: subprocess.Popen | None = None

    def start(self, *, answering: bool = True, timeout: float = 30) -> None:
        """Start it and wait until it listens, or (``answering``) until a worker answers
        an HTTP request, whatever its status."""
        self.proc = subprocess.Popen(self.command, cwd=ROOT, env=self.env, start_new_session=True)
        if not (self.wait_answering(timeout) if answering else self.wait_listening(timeout)):
            self.stop()
            raise RuntimeError(f"the server did not start within {timeout} s")

    def wait_listening(self, timeout: float = 30) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return True
            except OSError:
                time.sleep(0.05)
        return False

    def wait_answering(self, timeout: float = 30) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.base + "/", timeout=2).close()
                return True
            except urllib.error.HTTPError:
                return True
            except (OSError, ValueError):
                time.sleep(0.1)
        return False

    def worker_pids(self) -> list[int]:
        import psutil

        with contextlib.suppress(psutil.NoSuchProcess):
            if self.proc is not None:
                return [p.pid for p in psutil.Process(self.proc.pid).children()]
        return []

    def cpu_seconds(self) -> float:
        """User and system CPU seconds of the master and its workers so far."""
        import psutil

        total = 0.0
        with contextlib.suppress(psutil.NoSuchProcess):
            if self.proc is not None:
                root = psutil.Process(self.proc.pid)
                for proc in [root, *root.children(recursive=True)]:
                    t = proc.cpu_times()
                    total += t.user + t.system
        return total

    def reload(self) -> None:
        if self.proc is not None:
            os.kill(self.proc.pid, signal.SIGHUP)

    def kill(self) -> None:
        """Every process of the server, at once, as a crash or an OOM kill would."""
        if self.proc is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.kill()

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


# --- Timing and figures --------------------------------------------------------------


def timed(fn: Callable[[], object], runs: int, *, warm_up: int = 0) -> list[float]:
    """Each run's wall time in milliseconds (``warm_up`` runs first, not counted)."""
    for _ in range(warm_up):
        fn()
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def spread(values: Iterable[float], unit: str = "ms", fmt: str = "7.1f") -> str:
    """min / median / max of ``values``."""
    v = sorted(values)
    lo, mid, hi = (format(x, fmt) for x in (v[0], statistics.median(v), v[-1]))
    return f"min {lo}  median {mid}  max {hi} {unit}"


def ratio(value: float, floor: float, label: str = "the floor") -> str:
    """``value`` as a multiple of ``floor`` measured in the same run."""
    return f"{value / floor:.2f}x {label}"


def percentile(values: Iterable[float], p: float) -> float:
    """The ``p``-th percentile (0..100) by rank, as the load benchmarks report it."""
    v = sorted(values)
    return v[int(p / 100 * (len(v) - 1))]
