"""Django settings for Duplicate Auction.

The defaults are the production ones (``make run`` serves the room with them);
everything a deployment changes comes from the environment:

``DEBUG``              off unless ``DEBUG=1`` (``make dev`` sets it).
``SECRET_KEY``         when unset, generated on first start and kept in
                       ``SECRET_KEY_FILE`` (default ``var/secret_key``, 0600,
                       outside git), so sessions survive a restart.
``DATABASE_URL``       SQLite in the project folder when unset.
``CONN_MAX_AGE``       seconds a worker keeps its database connection (default 60).
``PREPARED_STATEMENTS``  ``off`` behind a connection pooler in transaction mode
                       (PgBouncer before 1.21); on PostgreSQL they are on.
``ALLOWED_HOSTS``      comma-separated; localhost and PUBLIC_URL's host are
                       always allowed (``manage.py room`` adds the addresses it
                       prints).
``PUBLIC_URL``         the address tablets use (``http://192.168.1.20:8000``,
                       ``https://bridge.example.org``): table links and QR codes
                       carry it. ``manage.py room`` computes it when unset.
``HTTPS``              ``1`` when served over HTTPS: secure cookies, HSTS,
                       redirect to HTTPS (``HSTS_SECONDS``, ``HSTS_PRELOAD``).
``TRUST_X_FORWARDED_PROTO``  ``1`` behind a proxy that terminates HTTPS and
                       sets ``X-Forwarded-Proto`` (and strips the client's).
``LOG_FILE``           server errors with their tracebacks, and gunicorn's own
                       warnings and errors under ``manage.py room`` (default
                       ``var/log/duplicate-auction.log``, rotated; empty: console
                       only).
``STATIC_ROOT``        where ``collectstatic`` puts the files WhiteNoise serves.
``CLUB_TIME_ZONE``     the club's time zone for every time a page or a file
                       shows (``Europe/London``, ``Australia/Sydney``); the
                       machine's own zone when unset.
``TASKS_BACKEND``      where long work waits for the task worker: ``database``
                       (default; ``manage.py worker`` polls the database),
                       ``rq`` (Redis, through ``REDIS_URL``; needs the ``redis``
                       extra) or ``immediate`` (in the request itself).
``REDIS_URL``          the Redis of the ``rq`` backend (and of the cache when
                       ``CACHE_URL`` is ``redis``): ``redis://127.0.0.1:6379/0``.
``CACHE_URL``          ``locmem://`` (default: each process its own),
                       ``redis://host:port/db`` (shared by every server), or
                       ``redis`` (REDIS_URL's; the default with ``rq``);
                       ``dummy://`` keeps nothing.
``EXPORT_DIR``         where prepared files are kept (default ``var/exports``);
                       ``EXPORT_BUCKET`` keeps them in an S3-compatible bucket
                       instead (django-storages; ``AWS_S3_ENDPOINT_URL`` and
                       the ``AWS_*`` credentials from the environment).
``EXPORT_KEEP_HOURS``  how long a prepared file is kept (default 24).
``EXPORT_INLINE_LIMIT``, ``EXPORT_INLINE_LIMIT_TEXT``  above this many results an XLSX
                       (300) or a text file (1500) is written by the task worker
                       (docs/decisions/big-downloads.md).
``HEAVY_JOBS``         files the task workers write at once, all told (default 1).
``DOWNLOAD_FRESH_SECONDS``  an older, still safe kept download is served without
                       writing a newer one while younger than this (default 60).
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import secrets
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.core.management.utils import get_random_secret_key

BASE_DIR = Path(__file__).resolve().parent.parent
# Files the running app keeps for itself (secret key, logs): gitignored.
VAR_DIR = BASE_DIR / "var"
# Files that long work prepares for the director (a big event's XLSX: tournament.jobs),
# kept through the "exports" storage (STORAGES below) and removed after EXPORT_KEEP_HOURS.
EXPORT_DIR = Path(os.environ.get("EXPORT_DIR") or VAR_DIR / "exports")
EXPORT_BUCKET = os.environ.get("EXPORT_BUCKET", "").strip()
EXPORT_KEEP_HOURS = int(os.environ.get("EXPORT_KEEP_HOURS") or 24)
# Above this many live results a file is built by the task worker, not in the request:
# what builds in under about 0.2 s stays in the request (docs/decisions/big-downloads.md).
# The XLSX (the director's with its progress, the public's through tournament.downloads):
EXPORT_INLINE_LIMIT = int(os.environ.get("EXPORT_INLINE_LIMIT") or 300)
# The text files (CSV, PBN, USEBIO), each a fraction of the XLSX's work a result:
EXPORT_INLINE_LIMIT_TEXT = int(os.environ.get("EXPORT_INLINE_LIMIT_TEXT") or 1500)
# How many files (downloads, the director's XLSX) the task workers build at once, all told.
HEAVY_JOBS = int(os.environ.get("HEAVY_JOBS") or 1)
# A file kept for an older state of the event, still safe to serve (no board hidden
# since), is served without building a newer one while it is younger than this.
DOWNLOAD_FRESH_SECONDS = int(os.environ.get("DOWNLOAD_FRESH_SECONDS") or 60)
# Seconds between the room display's refreshes (poll.js reads whole seconds): the clock
# counts down by itself in between, so every screen agrees to within one.
DISPLAY_REFRESH_SECONDS = 5


def _env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or not value.strip():
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


def _env_list(name: str, default: str = "") -> list[str]:
    return [x.strip() for x in os.environ.get(name, default).split(",") if x.strip()]


def _kept_secret_key(path: Path) -> str:
    """The key in ``path``, made on first use: sessions outlive a restart, and
    no key ever sits in the repository or in a default."""
    try:
        key = path.read_text().strip()
        if key:
            return key
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    # Write a private temporary file, then link it into place: two processes
    # starting at once cannot both create the key, nor read a half-written one.
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(8)}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(get_random_secret_key() + "\n")
        with contextlib.suppress(FileExistsError):  # another process was first: use its key
            os.link(tmp, path)
    finally:
        tmp.unlink()
    key = path.read_text().strip()
    if not key:
        raise ImproperlyConfigured(f"{path} is empty: delete it, or set SECRET_KEY")
    return key


DEBUG = _env_bool("DEBUG", False)
SECRET_KEY_FILE = Path(os.environ.get("SECRET_KEY_FILE") or VAR_DIR / "secret_key")
SECRET_KEY = os.environ.get("SECRET_KEY") or _kept_secret_key(SECRET_KEY_FILE)

# The address the tablets use: an origin, scheme://host[:port], no path.
PUBLIC_URL = os.environ.get("PUBLIC_URL", "").strip().rstrip("/")
if PUBLIC_URL:
    _public = urlsplit(PUBLIC_URL)
    if _public.scheme not in ("http", "https") or not _public.hostname or _public.path:
        raise ImproperlyConfigured(
            f"PUBLIC_URL must look like http://192.168.1.20:8000 (no path), not {PUBLIC_URL!r}"
        )

ALLOWED_HOSTS = _env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS: list[str] = []
# A form from a page gone out of date: said in the room's words (tournament/errors.py).
CSRF_FAILURE_VIEW = "tournament.errors.csrf_failure"
if PUBLIC_URL:
    _host = _public.hostname or ""
    ALLOWED_HOSTS.append(f"[{_host}]" if ":" in _host else _host)
    # A proxy that rewrites Host would otherwise fail the CSRF origin check.
    CSRF_TRUSTED_ORIGINS.append(PUBLIC_URL)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # WhiteNoise serves the static files under runserver too (make dev), as in the room.
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    # Django's own widget templates, for the project's widgets that build on them
    # (templates/scorer/widgets/), found through TEMPLATES like every other page.
    "django.forms",
    "django_tables2",
    "axes",
    # Django's tasks framework (the django-tasks backport of Django 6's django.tasks)
    # and its database backend, whose worker is ``manage.py worker``.
    "django_tasks",
    "django_tasks_db",
    "tournament",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Above WhiteNoise, so the static files carry the policy too (an SVG opened alone).
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Outside the session and the views, inside the headers' middleware (its 503 carries
    # them): a read whose database connection dropped is read again, anything else that
    # cannot be served is a 503 (tournament/room/dropped.py).
    "tournament.room.dropped.DroppedConnectionMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "tournament.room.clubtime.ClubTimeMiddleware",
    # Last, as django-axes requires: turns a locked-out login into its page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "tournament.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

FORM_RENDERER = "django.forms.renderers.TemplatesSetting"

WSGI_APPLICATION = "tournament.wsgi.application"
ASGI_APPLICATION = "tournament.asgi.application"

DATABASES = {"default": dj_database_url.config(default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
_sqlite = DATABASES["default"]["ENGINE"].endswith("sqlite3")
# Each worker keeps its connection for a minute instead of opening one per request:
# a PostgreSQL connection is a new server process, and a SQLite one, though only a
# file, is set up afresh (Django's functions registered, the pragmas run) at 1-2 ms,
# a fifth of a tablet's request.  (A SQLite file is restored with the room stopped:
# docs/hosting/backups.md.)
DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ.get("CONN_MAX_AGE") or 60)
# A kept connection the server dropped (restart, failover, idle timeout) is
# noticed at the start of the next request and replaced, not failed on.
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # PostgreSQL: the values travel apart from the SQL, and a statement a connection
    # has run five times is kept prepared on the server, parsed and planned once.
    # See docs/decisions/prepared-statements.md.  Django leaves both off for poolers
    # in transaction mode, which may send a prepared statement's next run to another
    # server connection: PREPARED_STATEMENTS=off there.
    _prepared = os.environ.get("PREPARED_STATEMENTS", "on").strip().lower()
    if _prepared not in ("on", "off"):
        raise ImproperlyConfigured(f"PREPARED_STATEMENTS must be on or off, not {_prepared!r}")
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"server_side_binding": True, "prepare_threshold": 5 if _prepared == "on" else None}
    )
if _sqlite:
    # Several tablets write at once: take the write lock at the start of each
    # transaction and wait for it, instead of failing with "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Long work, the cache: from the environment --------------------------------------
REDIS_URL = os.environ.get("REDIS_URL", "").strip() or "redis://127.0.0.1:6379/0"

# Long work (tournament.jobs) goes through Django's tasks API; the backend decides where
# it waits and what runs it.  The database backend needs nothing beyond the database
# (``make run`` starts its worker beside gunicorn); RQ keeps the queue in Redis, for a
# host with several servers and workers.
TASKS_BACKEND = os.environ.get("TASKS_BACKEND", "").strip().lower() or "database"
_TASK_BACKENDS = {
    "database": "django_tasks_db.DatabaseBackend",
    "rq": "django_tasks_rq.RQBackend",
    "immediate": "django_tasks.backends.immediate.ImmediateBackend",
}
if TASKS_BACKEND not in _TASK_BACKENDS:
    raise ImproperlyConfigured(
        f"TASKS_BACKEND must be one of {', '.join(_TASK_BACKENDS)}, not {TASKS_BACKEND!r}"
    )
TASKS = {"default": {"BACKEND": _TASK_BACKENDS[TASKS_BACKEND], "QUEUES": ["default"]}}
if TASKS_BACKEND == "rq":
    if importlib.util.find_spec("django_tasks_rq") is None:
        raise ImproperlyConfigured(
            "TASKS_BACKEND=rq needs the redis extra: pip install -e '.[redis]'"
        )
    _at = INSTALLED_APPS.index("tournament")
    INSTALLED_APPS[_at:_at] = ["django_rq", "django_tasks_rq"]
    RQ_QUEUES = {"default": {"URL": REDIS_URL, "DEFAULT_TIMEOUT": 3600}}


def _cache(url: str) -> dict:
    """Django's cache from a URL: locmem:// (each process its own), redis://host:port/db
    (Django's own Redis backend, shared by every server), dummy:// (nothing kept)."""
    scheme = urlsplit(url).scheme
    if url == "redis":
        url, scheme = REDIS_URL, "redis"
    if scheme in ("", "locmem"):
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    if scheme == "dummy":
        return {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
    if scheme in ("redis", "rediss", "unix"):
        return {
            # Django's Redis cache, a Redis that does not answer taken as a miss: the room
            # serves on from the database (tournament/room/cache.py).
            "BACKEND": "tournament.room.cache.ForgivingRedisCache",
            "LOCATION": url,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "").strip(),
            # A Redis that stops answering costs a page one second, once a pause, instead
            # of holding the worker and its tablets: a Redis beside the room answers in
            # milliseconds.
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    raise ImproperlyConfigured(
        f"CACHE_URL must be locmem://, redis://host:port/db or dummy://, not {url!r}"
    )


# With the queue in Redis, the cache is there too by default: RQ runs each task in a
# process of its own, which a process's local memory would not outlive.
CACHES = {
    "default": _cache(
        os.environ.get("CACHE_URL", "").strip() or ("redis" if TASKS_BACKEND == "rq" else "")
    )
}

AUTHENTICATION_BACKENDS = [
    # First: refuses a locked-out username from that address before the password is checked.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

# E-mail (the members' score cards, when a club turns it on: off by default): Django's own
# settings, from the environment.  Without EMAIL_HOST nothing leaves the machine: the
# messages are written to the console (the room's log), and the log of what was sent
# says so.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT") or 587)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_SSL = _env_bool("EMAIL_USE_SSL", False)
EMAIL_USE_TLS = _env_bool("EMAIL_USE_TLS", not EMAIL_USE_SSL)
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT") or 20)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "results@localhost")
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)

LANGUAGE_CODE = "en-gb"
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")


def _machine_time_zone() -> str:
    """The machine's own zone by its name (``Europe/London``): the TZ variable, else
    the system's /etc/timezone or /etc/localtime link; UTC when none names one."""
    named = os.environ.get("TZ", "").lstrip(":")
    if not named:
        try:
            named = Path("/etc/timezone").read_text(encoding="utf-8").strip()
        except OSError:
            target = os.path.realpath("/etc/localtime")
            named = target.partition("/zoneinfo/")[2]
    try:
        ZoneInfo(named)
    except (ValueError, ZoneInfoNotFoundError):
        return "UTC"
    return named


CLUB_TIME_ZONE = os.environ.get("CLUB_TIME_ZONE", "").strip() or _machine_time_zone()
try:
    ZoneInfo(CLUB_TIME_ZONE)
except (ValueError, ZoneInfoNotFoundError):
    raise ImproperlyConfigured(
        f"CLUB_TIME_ZONE={CLUB_TIME_ZONE!r} is not a time zone: write one such as "
        "Europe/London or Australia/Sydney"
    ) from None
USE_I18N = True
USE_TZ = True

if EXPORT_BUCKET and importlib.util.find_spec("storages") is None:
    raise ImproperlyConfigured("EXPORT_BUCKET needs the s3 extra: pip install -e '.[s3]'")

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Files long work prepares (tournament/exports/kept.py): a folder of this machine, or
    # a bucket every server reaches.
    "exports": (
        {
            "BACKEND": "storages.backends.s3.S3Storage",
            "OPTIONS": {
                "bucket_name": EXPORT_BUCKET,
                "location": os.environ.get("EXPORT_PREFIX", "exports"),
                "endpoint_url": os.environ.get("AWS_S3_ENDPOINT_URL") or None,
                "file_overwrite": False,
                "default_acl": None,
                "querystring_auth": True,
            },
        }
        if EXPORT_BUCKET
        else {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": EXPORT_DIR},
        }
    ),
    # Compressed and named by content once collected (tablets cache them for
    # good); plain names, never a 500, before (see staticstorage.py). The
    # tests, which do not collect, use the plain storage (tests/conftest.py).
    "staticfiles": {"BACKEND": "tournament.room.staticstorage.ContentNamedStaticFiles"},
}
# Files not collected yet are served from the apps' folders under their plain names.
WHITENOISE_USE_FINDERS = True

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "director_events"
LOGOUT_REDIRECT_URL = "home"

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

# Director (and admin) log in: five wrong passwords for one username from one
# address lock that username from that address for a quarter of an hour; the
# same director can still log in from another device, and a tablet guessing
# cannot lock the director out of the room. A success clears the count.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"

# Served over HTTPS (directly, or behind a proxy that terminates it): cookies
# only over HTTPS, plain HTTP redirected, and browsers told to keep to HTTPS.
# The room's Wi-Fi is usually plain HTTP, where none of this can apply.
HTTPS = _env_bool("HTTPS", False)
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = HTTPS
SECURE_HSTS_SECONDS = int(os.environ.get("HSTS_SECONDS") or 365 * 24 * 3600) if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = _env_bool("HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = _env_bool("HSTS_PRELOAD", False)
if _env_bool("TRUST_X_FORWARDED_PROTO", False):
    # Only behind a proxy that sets this header itself and drops the client's.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# security.W021 asks for HSTS preload: a promise to browser makers that the
# site's owner makes (HSTS_PRELOAD=1), not one a default should make for him.
SILENCED_SYSTEM_CHECKS = [] if SECURE_HSTS_PRELOAD else ["security.W021"]

# Content-Security-Policy (django-csp): the pages load scripts, styles, images and
# their polls from this server only, and nothing inline: a name typed into a form
# can never run as script, nor restyle a page (docs/decisions/content-security-policy.md).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# Logging: warnings and server errors (with their tracebacks) to the console
# and to a rotating file. Each gunicorn worker writes the file itself: server
# errors are rare enough that a rollover racing between workers costs at most
# the order of a few lines.
LOG_FILE = os.environ.get("LOG_FILE", str(VAR_DIR / "log" / "duplicate-auction.log"))
_log_handlers = ["console"]
LOGGING: dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        # One entry, one line: a name with a line break or a traceback is escaped, not split.
        "plain": {
            "()": "tournament.room.logline.OneLineFormatter",
            "format": "{asctime} {levelname} {name} [{process}] {message}",
            "style": "{",
        },
    },
    "filters": {
        # A dropped database connection is logged once, by tournament/room/dropped.py.
        "dropped": {"()": "tournament.room.dropped.LoggedHere"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "plain"},
    },
    "root": {"handlers": _log_handlers, "level": "WARNING"},
    "loggers": {
        # Django's own default sends 500s to ADMINS by mail: there is no mail here.
        "django": {"handlers": [], "level": "INFO", "propagate": True},
        # 5xx (with the traceback); 4xx are the client's own mistakes.
        "django.request": {"level": "ERROR", "filters": ["dropped"]},
        # Lockouts (each failed login is in the admin's Access attempts).
        "axes": {"level": "WARNING"},
        "tournament": {"level": "INFO"},
    },
}
if LOG_FILE:
    Path(LOG_FILE).parent.mkdir(parents=True, exist_ok=True)
    LOGGING["handlers"]["file"] = {
        "class": "logging.handlers.RotatingFileHandler",
        "filename": LOG_FILE,
        "maxBytes": 5 * 1024 * 1024,
        "backupCount": 5,
        "encoding": "utf-8",
        "delay": True,
        "formatter": "plain",
    }
    _log_handlers.append("file")
