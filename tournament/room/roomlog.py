"""gunicorn's own log in the app's log file too (``manage.py room`` names this class).

gunicorn writes what happens to its workers (one that crashed, ran out of memory,
or timed out: "WORKER TIMEOUT", "Worker (pid:…) was sent SIGKILL!") to its error
log, the console, and never to the app's log file, where the director or whoever
helps him looks after an evening.  :class:`RoomLogger` keeps the console and adds
the app's file (``LOG_FILE``, the settings' path, which ``manage.py room`` hands
on): its warnings and errors only, in the settings' format, rotated like the
app's own lines.  Imported by gunicorn's master before Django is set up, so it
reads the path from the environment, not from the settings.
"""

from __future__ import annotations

import logging
import os
from logging.handlers import RotatingFileHandler
from pathlib import Path
from typing import Any

from gunicorn.glogging import Logger

from .logline import OneLineFormatter

# The settings' "plain" format and rotation (tournament/settings.py, LOGGING).
FORMAT = "{asctime} {levelname} {name} [{process}] {message}"
MAX_BYTES = 5 * 1024 * 1024
BACKUPS = 5


class RoomLogger(Logger):
    """gunicorn's logger, its error log also written to the app's log file."""

    def setup(self, cfg: Any) -> None:
        # A reload (SIGHUP) sets up again: gunicorn drops the handlers it marked, ours too.
        for old in self.error_log.handlers:
            if getattr(old, "_room_file", False):
                old.close()
        super().setup(cfg)  # the console, as gunicorn sets it
        path = os.environ.get("LOG_FILE", "")
        if not path:
            return  # LOG_FILE empty: the console only, as for the app
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8", delay=True
        )
        handler.setLevel(logging.WARNING)
        handler.setFormatter(OneLineFormatter(FORMAT, style="{"))
        handler._gunicorn = True  # type: ignore[attr-defined]  # gunicorn's reload drops it
        handler._room_file = True  # type: ignore[attr-defined]
        self.error_log.addHandler(handler)
