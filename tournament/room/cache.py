"""Django's Redis cache, with a Redis that does not answer taken as a cache miss.

The cache only ever holds what can be recomputed (the pages' work under the event's
stamp: docs/decisions/page-cache.md), so a Redis stopped, restarting or out of reach is
no reason for an error page: every read is a miss, every write is dropped, and the room
goes on serving from the database (docs/hosting/workers.md, "Redis stopped").

* **A miss, not an error**: each of the cache's operations catches Redis's own errors
  (``redis.exceptions.RedisError``: refused, timed out, reset) and answers as an empty
  cache does (``get`` its default, ``add`` False, ...).
* **Not asked again at once**: after a failure this process leaves Redis alone for
  :data:`PAUSE` seconds, so a Redis out of reach costs one timeout, not one a read.
* **Logged once a pause**, with the cause; and once when it answers again.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

log = logging.getLogger("tournament.cache")

PAUSE = 5.0  # seconds Redis is left alone after it failed to answer


class _State:
    def __init__(self) -> None:
        self.down_until = 0.0
        self.down = False
        self.lock = threading.Lock()

    def available(self) -> bool:
        return time.monotonic() >= self.down_until

    def failed(self, error: Exception) -> None:
        with self.lock:
            self.down_until = time.monotonic() + PAUSE
            if not self.down:
                log.warning("the cache's Redis does not answer (%s): serving without it", error)
            self.down = True

    def answered(self) -> None:
        if self.down:
            with self.lock:
                if self.down:
                    log.warning("the cache's Redis answers again")
                self.down = False


STATE = _State()


class ForgivingRedisCache(RedisCache):
    """``django.core.cache.backends.redis.RedisCache`` whose failures are misses."""

    def _try(self, call: Any, missed: Any, *args: Any, **kwargs: Any) -> Any:
        if not STATE.available():
            return missed
        try:
            value = call(*args, **kwargs)
        except RedisError as e:
            STATE.failed(e)
            return missed
        STATE.answered()
        return value

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        return self._try(super().get, default, key, default, version)

    def set(self, key: Any, value: Any, timeout: Any = 300, version: int | None = None) -> None:
        self._try(super().set, None, key, value, timeout, version)

    def add(self, key: Any, value: Any, timeout: Any = 300, version: int | None = None) -> bool:
        return bool(self._try(super().add, False, key, value, timeout, version))

    def touch(self, key: Any, timeout: Any = 300, version: int | None = None) -> bool:
        return bool(self._try(super().touch, False, key, timeout, version))

    def delete(self, key: Any, version: int | None = None) -> bool:
        return bool(self._try(super().delete, False, key, version))

    def has_key(self, key: Any, version: int | None = None) -> bool:
        return bool(self._try(super().has_key, False, key, version))

    def get_many(self, keys: Any, version: int | None = None) -> dict[Any, Any]:
        found: dict[Any, Any] = self._try(super().get_many, {}, keys, version)
        return found

    def set_many(self, data: Any, timeout: Any = 300, version: int | None = None) -> list[Any]:
        failed: list[Any] = self._try(super().set_many, list(data), data, timeout, version)
        return failed

    def delete_many(self, keys: Any, version: int | None = None) -> None:
        self._try(super().delete_many, None, keys, version)

    def clear(self) -> None:
        self._try(super().clear, None)
