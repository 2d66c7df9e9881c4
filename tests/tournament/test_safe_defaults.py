"""Safe defaults: DEBUG off, a kept secret key, pages that reveal nothing,
errors logged with their tracebacks, HTTPS settings that pass ``check --deploy``."""

from __future__ import annotations

import json
import logging
import logging.handlers
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import path

from tournament import errors
from tournament.urls import handler500
from tournament.urls import urlpatterns as project_urlpatterns

ROOT = Path(__file__).resolve().parents[2]
CLEAN_ENV = {
    k: v
    for k, v in os.environ.items()
    if k
    not in {
        "DEBUG",
        "SECRET_KEY",
        "SECRET_KEY_FILE",
        "HTTPS",
        "PUBLIC_URL",
        "ALLOWED_HOSTS",
        "LOG_FILE",
        "TRUST_X_FORWARDED_PROTO",
        "HSTS_PRELOAD",
        "DJANGO_ALLOW_ASYNC_UNSAFE",  # set by the end-to-end tests' conftest
    }
}


def boom(request):
    raise RuntimeError("boom: the secret detail 4711")


# This module is also the URLconf of the error-page tests: the project's pages
# and handler500, plus one view that fails.
urlpatterns = [*project_urlpatterns, path("boom/", boom)]
assert handler500 == "tournament.errors.server_error"


def run_settings(tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    """Load the settings in a fresh interpreter with ``env`` over a clean environment."""
    code = (
        "import json; from django.conf import settings;"
        "print(json.dumps({k: str(getattr(settings, k)) for k in ("
        "'DEBUG', 'SECRET_KEY', 'ALLOWED_HOSTS', 'SESSION_COOKIE_SECURE', "
        "'SECURE_HSTS_SECONDS', 'CSRF_TRUSTED_ORIGINS')}))"
    )
    full = {
        **CLEAN_ENV,
        "SECRET_KEY_FILE": str(tmp_path / "secret_key"),
        "LOG_FILE": str(tmp_path / "log" / "app.log"),
        "DJANGO_SETTINGS_MODULE": "tournament.settings",
        **env,
    }
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=full, capture_output=True, text=True
    )


def settings_with(tmp_path: Path, **env: str) -> dict[str, str]:
    proc = run_settings(tmp_path, **env)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_debug_is_off_unless_asked_for(tmp_path):
    assert settings_with(tmp_path)["DEBUG"] == "False"
    assert settings_with(tmp_path, DEBUG="1")["DEBUG"] == "True"


def test_secret_key_is_made_once_kept_private_and_reused(tmp_path):
    first = settings_with(tmp_path)["SECRET_KEY"]
    key_file = tmp_path / "secret_key"
    assert key_file.read_text().strip() == first and len(first) >= 50
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert settings_with(tmp_path)["SECRET_KEY"] == first  # sessions survive a restart
    assert settings_with(tmp_path, SECRET_KEY="x" * 60)["SECRET_KEY"] == "x" * 60
    # ...and the default file is one git ignores.
    ignored = subprocess.run(
        ["git", "check-ignore", "var/secret_key", "var/log/duplicate-auction.log"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert ignored.stdout.split() == ["var/secret_key", "var/log/duplicate-auction.log"]


def test_public_url_is_allowed_and_must_be_an_origin(tmp_path):
    s = settings_with(tmp_path, PUBLIC_URL="https://bridge.example.org/")
    assert "bridge.example.org" in s["ALLOWED_HOSTS"] and "localhost" in s["ALLOWED_HOSTS"]
    assert s["CSRF_TRUSTED_ORIGINS"] == "['https://bridge.example.org']"
    bad = run_settings(tmp_path, PUBLIC_URL="bridge.example.org/auction")
    assert bad.returncode != 0 and "PUBLIC_URL must look like" in bad.stderr


def run_check_deploy(tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    full = {
        **CLEAN_ENV,
        "SECRET_KEY_FILE": str(tmp_path / "secret_key"),
        "LOG_FILE": str(tmp_path / "log" / "app.log"),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        **env,
    }
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=full,
        capture_output=True,
        text=True,
    )


def test_check_deploy_is_clean_over_https(tmp_path):
    https = run_check_deploy(tmp_path, HTTPS="1")
    assert https.returncode == 0, https.stderr
    assert "no issues" in https.stdout
    s = settings_with(tmp_path, HTTPS="1")
    assert s["SESSION_COOKIE_SECURE"] == "True" and int(s["SECURE_HSTS_SECONDS"]) >= 31536000
    # Over plain HTTP (the room's Wi-Fi) the warnings left are exactly those HTTPS answers.
    plain = run_check_deploy(tmp_path)
    assert plain.returncode != 0
    warned = {w for w in ("W004", "W008", "W012", "W016") if f"security.{w}" in plain.stderr}
    assert warned == {"W004", "W008", "W012", "W016"}
    assert plain.stderr.count("(security.W") == 4, plain.stderr


def revealing(body: str) -> list[str]:
    """Anything in a page that only the server should know."""
    db_name = str(settings.DATABASES["default"]["NAME"])
    leaks = [
        "Traceback",
        "URLconf",
        "urlpatterns",
        "<int:pk>",
        "DATABASE",
        "SECRET_KEY",
        "settings",
        "4711",
        settings.SECRET_KEY,
    ]
    if len(db_name) > 3:
        leaks.append(db_name)
    return [x for x in leaks if x in body]


@pytest.mark.django_db
def test_404_page_reveals_nothing(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    body = response.content.decode()
    assert "Not found" in body and 'href="/static/tournament/site.css"' in body
    assert revealing(body) == []


@pytest.mark.django_db
@pytest.mark.urls(__name__)
def test_500_page_reveals_nothing():
    response = Client(raise_request_exception=False).get("/boom/")
    assert response.status_code == 500
    body = response.content.decode()
    assert "Something went wrong on our side" in body
    assert 'href="/static/tournament/site.css"' in body  # the project's look
    assert revealing(body) == []


@pytest.mark.django_db
@pytest.mark.urls(__name__)
def test_500_page_stands_even_when_its_template_fails(monkeypatch):
    def broken(*args, **kwargs):
        raise ValueError("Missing staticfiles manifest entry")

    monkeypatch.setattr(errors.loader, "render_to_string", broken)
    response = Client(raise_request_exception=False).get("/boom/")
    assert response.status_code == 500
    assert response.content.decode() == errors.PLAIN


@pytest.mark.django_db
def test_a_stale_form_is_refused_in_the_rooms_words(director):
    """A form from a page opened before the director logged in again (its token is gone):
    403, "nothing was saved" and what to do, never Django's "CSRF verification failed"
    with its "DEBUG=True"."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(director)
    response = client.post("/director/events/new/", {"name": "Lost"})
    assert response.status_code == 403
    body = response.content.decode()
    assert "Nothing was saved" in body and "reload" in body
    assert "CSRF" not in body and "DEBUG" not in body
    assert 'href="/static/tournament/site.css"' in body and director.username in body
    assert revealing(body) == []


@pytest.mark.django_db
def test_the_stale_form_page_stands_even_when_its_template_fails(monkeypatch):
    def broken(*args, **kwargs):
        raise ValueError("Missing staticfiles manifest entry")

    monkeypatch.setattr(errors.loader, "render_to_string", broken)
    response = Client(enforce_csrf_checks=True).post("/login/", {"username": "x"})
    assert response.status_code == 403
    assert response.content.decode() == errors.CSRF_PLAIN


@pytest.fixture
def log_file(tmp_path):
    """The configured rotating file handler, writing to a scratch file for the test."""
    handlers = [
        h
        for h in logging.getLogger().handlers
        if isinstance(h, logging.handlers.RotatingFileHandler)
    ]
    assert len(handlers) == 1, "LOGGING has one rotating file handler on the root logger"
    handler = handlers[0]
    assert handler.baseFilename == os.path.abspath(settings.LOG_FILE)
    assert handler.maxBytes > 0 and handler.backupCount > 0
    kept = handler.baseFilename
    handler.close()
    handler.baseFilename = str(tmp_path / "errors.log")
    try:
        yield Path(handler.baseFilename)
    finally:
        handler.close()
        handler.baseFilename = kept


@pytest.mark.django_db
@pytest.mark.urls(__name__)
def test_a_server_error_is_logged_with_its_traceback(log_file):
    assert Client(raise_request_exception=False).get("/boom/").status_code == 500
    logged = log_file.read_text()
    assert "ERROR django.request" in logged and "Internal Server Error: /boom/" in logged
    assert "Traceback (most recent call last)" in logged
    assert "RuntimeError: boom: the secret detail 4711" in logged
    # ...and to the console as well.
    assert any(type(h) is logging.StreamHandler for h in logging.getLogger().handlers), (
        "a console handler on the root logger"
    )


def default_database(tmp_path: Path, url: str, **env: str) -> subprocess.CompletedProcess:
    """The default database's settings for ``url`` (and ``env``), loaded in a fresh
    interpreter: JSON of its connection handling, engine and options."""
    code = (
        "import json; from django.conf import settings; d = settings.DATABASES['default'];"
        "print(json.dumps({k: d.get(k) for k in "
        "('CONN_HEALTH_CHECKS', 'CONN_MAX_AGE', 'ENGINE', 'OPTIONS')}))"
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={
            **CLEAN_ENV,
            "DATABASE_URL": url,
            "SECRET_KEY_FILE": str(tmp_path / "k"),
            "LOG_FILE": str(tmp_path / "log"),
            "DJANGO_SETTINGS_MODULE": "tournament.settings",
            **env,
        },
        capture_output=True,
        text=True,
    )


def test_database_connections_are_checked_and_kept_on_both_databases(tmp_path):
    for url, kept, engine in (
        ("postgres://u@127.0.0.1:5432/x", 60, "django.db.backends.postgresql"),
        ("sqlite:////tmp/x.sqlite3", 60, "django.db.backends.sqlite3"),
    ):
        got = json.loads(default_database(tmp_path, url).stdout)
        assert [got["CONN_HEALTH_CHECKS"], got["CONN_MAX_AGE"], got["ENGINE"]] == [
            True,
            kept,
            engine,
        ]


def test_postgresql_binds_on_the_server_and_prepares_unless_told_off(tmp_path):
    pg = "postgres://u@127.0.0.1:5432/x"
    on = json.loads(default_database(tmp_path, pg).stdout)["OPTIONS"]
    assert (on["server_side_binding"], on["prepare_threshold"]) == (True, 5)
    off = json.loads(default_database(tmp_path, pg, PREPARED_STATEMENTS="Off").stdout)["OPTIONS"]
    assert (off["server_side_binding"], off["prepare_threshold"]) == (True, None)
    sqlite = json.loads(default_database(tmp_path, "sqlite:////tmp/x.sqlite3").stdout)["OPTIONS"]
    assert "server_side_binding" not in sqlite and "prepare_threshold" not in sqlite
    wrong = default_database(tmp_path, pg, PREPARED_STATEMENTS="maybe")
    assert wrong.returncode != 0
    assert "PREPARED_STATEMENTS must be on or off, not 'maybe'" in wrong.stderr
