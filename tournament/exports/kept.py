"""Prepared files kept for the director to download: through Django's storage API.

A big event's XLSX is written by the task worker and fetched later by whichever
server the director's browser reaches, so it lives in the ``exports`` storage
(``STORAGES`` in the settings): a folder on one machine, or an S3-compatible
bucket every server and worker reaches (django-storages).

* **Never half there**: the file is written whole into a private temporary file
  first and handed to the storage only then.  On the file system the temporary
  file sits in the storage's own folder (``.partial/``), so the storage moves it
  into place with one rename; a bucket shows an object only once its upload is
  complete.  Nothing serves a name before its job is done in any case
  (tournament.jobs).
* **Removed after a while**: :func:`remove_old` deletes what is older than
  ``EXPORT_KEEP_HOURS`` (a day by default), and what an interrupted write left in
  ``.partial/``; the task worker runs it every hour (tournament.jobs).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import IO

from django.conf import settings
from django.core.files import File
from django.core.files.storage import FileSystemStorage, Storage, storages
from django.utils import timezone

PARTIAL = ".partial"


def storage() -> Storage:
    return storages["exports"]


class _Written(File):
    """A finished temporary file, offered to the storage by its path: Django's file
    system storage then renames it into place instead of copying it (one step,
    never a half-copied file under the final name)."""

    def temporary_file_path(self) -> str:
        return str(self.name)


@contextlib.contextmanager
def _temporary(where: Storage) -> Iterator[tuple[IO[bytes], str]]:
    """A private temporary file (and its path), on the storage's own file system when
    it has one."""
    folder = None
    if isinstance(where, FileSystemStorage):
        folder = Path(where.location) / PARTIAL
        folder.mkdir(parents=True, exist_ok=True)
    fd, path = tempfile.mkstemp(suffix=".part", dir=folder)
    try:
        with os.fdopen(fd, "w+b") as out:
            yield out, path
    finally:
        Path(path).unlink(missing_ok=True)  # gone already once the storage moved it


def save(name: str, write: Callable[[IO[bytes]], object]) -> str:
    """Write a file through ``write`` and keep it under ``name`` once whole; the name
    it was kept under (the storage may add to it if ``name`` is taken)."""
    where = storage()
    with _temporary(where) as (out, path):
        write(out)
        out.flush()
        out.seek(0)
        if isinstance(where, FileSystemStorage):
            return where.save(name, _Written(out, name=path))
        return where.save(name, File(out, name=name))


def remove_old(now: datetime | None = None) -> int:
    """Delete the kept files older than ``EXPORT_KEEP_HOURS``, and what interrupted
    writes left behind as long ago; how many were removed."""
    where = storage()
    cutoff = (now or timezone.now()) - timedelta(hours=settings.EXPORT_KEEP_HOURS)
    removed = 0
    try:
        _, files = where.listdir("")
    except FileNotFoundError:  # nothing prepared on this machine yet
        return 0
    for name in files:
        with contextlib.suppress(FileNotFoundError):  # another worker was first
            if where.get_modified_time(name) < cutoff:
                where.delete(name)
                removed += 1
    if isinstance(where, FileSystemStorage):
        for part in (Path(where.location) / PARTIAL).glob("*.part"):
            with contextlib.suppress(FileNotFoundError):
                seen = datetime.fromtimestamp(part.stat().st_mtime, tz=cutoff.tzinfo)
                if seen < cutoff:
                    part.unlink()
                    removed += 1
    return removed
