"""Settings every test needs.

The static files: the app names them by their content once ``collectstatic``
has run (``manage.py room`` runs it); the tests do not run it, so they link
and serve the files from the apps' folders, under their plain names. The
room's own test (tests/tournament/test_room.py) starts the real server, which
collects and serves them as at the club.

The double-dummy solvers: both the one-deal solver (``dd_tricks``) and the batch
(``dd_tricks_many``) answer from the stored tables of tests/fixtures/double_dummy.json
and solve for real only the deals not stored (the batch in one call): see "Solved
deals" below.
"""

import copy
import fcntl
import json
import sys
import threading
from pathlib import Path

import pytest
from django.conf import settings
from django.test import override_settings
from hypothesis import settings as hypothesis_settings

from scoring import double_dummy
from scoring.cards import SEATS
from scoring.double_dummy import DD_STRAINS

# No time limit on a hypothesis example (its default is 200 ms): the tests check what
# the code answers, never how fast (speed is measured by benchmarks/), and an example
# that waited for a core while every core runs the suite is not a failure.
hypothesis_settings.register_profile("suite", deadline=None)
hypothesis_settings.load_profile("suite")


@pytest.fixture(autouse=True, scope="session")
def _static_files_without_collectstatic(tmp_path_factory):
    """Also: the prepared files (the "exports" storage) in a folder of the run's own,
    never the developer's var/exports."""
    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        "exports": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": tmp_path_factory.mktemp("exports")},
        },
    }
    # No STATIC_ROOT: WhiteNoise would warn that the collected folder is missing.
    with override_settings(STORAGES=storages, STATIC_ROOT=None, WHITENOISE_USE_FINDERS=True):
        yield


IMMEDIATE_TASKS = {
    "default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend", "QUEUES": []}
}


@pytest.fixture(autouse=True, scope="session")
def _tasks_in_the_request():
    """Long work (tournament.jobs) runs where it is enqueued, through the tasks framework's
    immediate backend, so a test sees it finished; the database backend and its worker
    are tested on their own (tests/tournament/test_jobs.py, test_task_worker.py)."""
    with override_settings(TASKS=IMMEDIATE_TASKS):
        yield


@pytest.fixture
def exports_storage(settings, tmp_path):
    """The "exports" storage in this test's own folder: its path."""
    settings.STORAGES = {
        **settings.STORAGES,
        "exports": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": tmp_path},
        },
    }
    return tmp_path


@pytest.fixture(autouse=True, scope="session")
def _quick_password_hashes():
    """Passwords hashed with one round of MD5 instead of PBKDF2's million: each director
    a test makes and each log-in costs microseconds, not a third of a second (Django's
    advice for test suites).  The server a test starts as a process of its own
    (tests/tournament/test_room.py) keeps the real hasher."""
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache.  The pages' cache (tournament.queries.pagecache) is
    keyed on the database's ids, which a rolled-back test transaction hands out again
    to the next test's rows; a real database never does (AUTOINCREMENT on SQLite,
    sequences on PostgreSQL)."""
    from django.core.cache import cache

    cache.clear()
    yield


# --- Solved deals -------------------------------------------------------------------
# A double-dummy solve takes a tenth of a second or more, and the tests deal the same
# seeds again and again (the demo fixture solves every board it deals).  The tables of
# the deals the tests deal are kept in tests/fixtures/double_dummy.json, keyed by the
# whole PBN deal; a deal not there is solved by the real solver and kept for the rest
# of the run.  Both ways the app solves go through the kept tables: one deal at a time
# (``dd_tricks``) and a batch (``dd_tricks_many``, what dealing, importing and the solve
# job call): a batch takes the deals kept and sends only the others to the real batch
# solver, in one call.  Only what the tests feed the app changes: the app's code is not
# touched, and tests marked ``real_solver`` (and those that call
# scoring.double_dummy's solvers themselves, imported before this is installed) solve
# for real.  ``pytest --record-solved-deals`` writes the deals solved in the run into
# the file.

SOLVED_DEALS = Path(__file__).parent / "fixtures" / "double_dummy.json"


class SolvedDeals:
    """``dd_tricks`` and ``dd_tricks_many`` with their answers kept by deal: the stored
    ones, then those solved."""

    def __init__(self, path: Path, solve, solve_many=None):
        self.solve = solve
        self.solve_many = solve_many or (lambda deals: [solve(d) for d in deals])
        stored = json.loads(path.read_text()) if path.exists() else {}
        self.tables = {deal: self.table(rows) for deal, rows in stored.items()}
        self.new: dict[str, dict[str, dict[str, int]]] = {}
        self.lock = threading.Lock()  # the live server's threads solve too

    @staticmethod
    def table(rows: list[list[int]]) -> dict[str, dict[str, int]]:
        return {
            seat: dict(zip(DD_STRAINS, row, strict=True))
            for seat, row in zip(SEATS, rows, strict=True)
        }

    @staticmethod
    def rows(table: dict[str, dict[str, int]]) -> list[list[int]]:
        return [[table[seat][s] for s in DD_STRAINS] for seat in SEATS]

    def __call__(self, deal: str) -> dict[str, dict[str, int]]:
        with self.lock:
            table = self.tables.get(deal)
        if table is None:
            table = self.solve(deal)
            with self.lock:
                self.tables[deal] = self.new[deal] = table
        return copy.deepcopy(table)  # each caller its own, as from the solver

    def many(self, deals: list[str]) -> list[dict[str, dict[str, int]]]:
        """The tables of ``deals`` in order: those kept, and the others solved together
        by one call of the real batch solver."""
        with self.lock:
            missing = [d for d in dict.fromkeys(deals) if d not in self.tables]
        if missing:
            solved = self.solve_many(missing)
            with self.lock:
                for deal, table in zip(missing, solved, strict=True):
                    self.tables[deal] = self.new[deal] = table
        with self.lock:
            return [copy.deepcopy(self.tables[d]) for d in deals]

    def record(self, path: Path) -> None:
        """Add the deals solved in this run to the file (several xdist workers may)."""
        if not self.new:
            return
        with open(path, "a+") as f:
            fcntl.flock(f, fcntl.LOCK_EX)
            f.seek(0)
            stored = json.loads(f.read() or "{}")
            stored.update({deal: self.rows(t) for deal, t in self.new.items()})
            lines = [f"{json.dumps(d)}: {json.dumps(r)}" for d, r in sorted(stored.items())]
            f.seek(0)
            f.truncate()
            f.write("{\n" + ",\n".join(lines) + "\n}\n")


def pytest_addoption(parser):
    parser.addoption(
        "--record-solved-deals",
        action="store_true",
        help="add the deals this run solved to tests/fixtures/double_dummy.json",
    )


@pytest.fixture(scope="session")
def solved_deals(request):
    memo = SolvedDeals(SOLVED_DEALS, double_dummy.dd_tricks, double_dummy.dd_tricks_many)
    yield memo
    if request.config.getoption("--record-solved-deals"):
        memo.record(SOLVED_DEALS)


@pytest.fixture(autouse=True)
def _solved_deals(request, solved_deals, monkeypatch):
    """For this test, every loaded module of the app that holds a solver (under its name
    ``dd_tricks`` or ``dd_tricks_many``) holds the kept tables instead; the real solvers
    in a test marked ``real_solver``.  A module imported during the test takes what
    scoring.double_dummy holds then; the next test sets it again."""
    real = request.node.get_closest_marker("real_solver")
    names = {
        "dd_tricks": (solved_deals.solve, solved_deals),
        "dd_tricks_many": (solved_deals.solve_many, solved_deals.many),
    }
    for name, module in list(sys.modules.items()):
        if name.partition(".")[0] not in ("scoring", "tournament"):
            continue
        for attr, (solver, memo) in names.items():
            if getattr(module, attr, None) in (solver, memo):
                monkeypatch.setattr(module, attr, solver if real else memo)
