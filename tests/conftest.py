"""Settings every test needs.

The static files: the app names them by their content once ``collectstatic``
has run (``manage.py room`` runs it); the tests do not run it, so they link
and serve the files from the apps' folders, under their plain names. The
room's own test (tests/tournament/test_room.py) starts the real server, which
collects and serves them as at the club.
"""

import pytest
from django.conf import settings
from django.test import override_settings


@pytest.fixture(autouse=True, scope="session")
def _static_files_without_collectstatic():
    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    # No STATIC_ROOT: WhiteNoise would warn that the collected folder is missing.
    with override_settings(STORAGES=storages, STATIC_ROOT=None, WHITENOISE_USE_FINDERS=True):
        yield


@pytest.fixture(autouse=True, scope="session")
def _jobs_in_the_request():
    """Long work (tournament.jobs) runs where it is started, so a test sees it finished;
    the thread the server uses is tested on its own (tests/tournament/test_jobs.py)."""
    with override_settings(JOBS_IN_THREAD=False):
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
