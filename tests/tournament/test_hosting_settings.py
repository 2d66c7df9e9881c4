"""What a host sets in the environment: the cache, the tasks backend, where prepared
files are kept.  Each case loads the settings in a fresh interpreter, as a server
starting with that environment would."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.tournament.test_safe_defaults import CLEAN_ENV, ROOT

SHOWN = """
import json
from django.conf import settings
print(json.dumps({
    "cache": settings.CACHES["default"],
    "tasks": settings.TASKS["default"]["BACKEND"],
    "apps": [a for a in settings.INSTALLED_APPS if "task" in a or "rq" in a],
    "exports": settings.STORAGES["exports"],
}, default=str))
"""


HOSTS_OWN = {
    "CACHE_URL",
    "CACHE_KEY_PREFIX",
    "TASKS_BACKEND",
    "REDIS_URL",
    "EXPORT_DIR",
    "EXPORT_BUCKET",
    "AWS_S3_ENDPOINT_URL",
}


def load(tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    full = {
        **{k: v for k, v in CLEAN_ENV.items() if k not in HOSTS_OWN},
        "SECRET_KEY_FILE": str(tmp_path / "secret_key"),
        "LOG_FILE": "",
        "DJANGO_SETTINGS_MODULE": "tournament.settings",
        **env,
    }
    return subprocess.run(
        [sys.executable, "-c", SHOWN], cwd=ROOT, env=full, capture_output=True, text=True
    )


def shown(tmp_path: Path, **env: str) -> dict:
    proc = load(tmp_path, **env)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_the_defaults_need_nothing_installed_or_running(tmp_path):
    s = shown(tmp_path)
    assert s["cache"]["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"
    assert s["tasks"] == "django_tasks_db.DatabaseBackend"
    assert s["apps"] == ["django_tasks", "django_tasks_db"]
    assert s["exports"]["BACKEND"] == "django.core.files.storage.FileSystemStorage"
    assert s["exports"]["OPTIONS"]["location"].endswith("var/exports")


def test_a_shared_cache_in_redis(tmp_path):
    s = shown(tmp_path, CACHE_URL="redis://10.0.0.5:6379/1", CACHE_KEY_PREFIX="county")
    assert s["cache"] == {
        "BACKEND": "tournament.room.cache.ForgivingRedisCache",  # a failure is a miss
        "LOCATION": "redis://10.0.0.5:6379/1",
        "KEY_PREFIX": "county",
        "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},  # never waits for ever
    }
    # "redis": the same Redis as the task queue's.
    s = shown(tmp_path, CACHE_URL="redis", REDIS_URL="redis://10.0.0.6:6379/0")
    assert s["cache"]["LOCATION"] == "redis://10.0.0.6:6379/0"


def test_the_task_queue_in_redis(tmp_path):
    s = shown(tmp_path, TASKS_BACKEND="rq", REDIS_URL="redis://10.0.0.6:6379/0")
    assert s["tasks"] == "django_tasks_rq.RQBackend"
    assert s["apps"] == ["django_tasks", "django_tasks_db", "django_rq", "django_tasks_rq"]
    # The cache beside the queue (RQ runs each task in a process of its own).
    assert s["cache"]["LOCATION"] == "redis://10.0.0.6:6379/0"


def test_prepared_files_in_a_bucket(tmp_path):
    s = shown(tmp_path, EXPORT_BUCKET="auction-exports", AWS_S3_ENDPOINT_URL="http://s3:9000")
    assert s["exports"]["BACKEND"] == "storages.backends.s3.S3Storage"
    assert s["exports"]["OPTIONS"]["bucket_name"] == "auction-exports"
    assert s["exports"]["OPTIONS"]["endpoint_url"] == "http://s3:9000"


def test_a_mistyped_setting_is_named_with_what_it_may_be(tmp_path):
    bad = load(tmp_path, TASKS_BACKEND="celery")
    assert bad.returncode != 0
    assert "TASKS_BACKEND must be one of database, rq, immediate, not 'celery'" in bad.stderr
    bad = load(tmp_path, CACHE_URL="memcached://127.0.0.1:11211")
    assert bad.returncode != 0
    assert "CACHE_URL must be locmem://, redis://host:port/db or dummy://" in bad.stderr
