"""Python's cyclic garbage collector held back while a page builds a whole event.

See docs/decisions/gc-pause.md.

The standings of a 1,000-table event make about 100,000 small objects (a tuple
per stored line, a named tuple per comparison input, a line per comparison),
none of them in a reference cycle: reference counting frees every one.  Yet
each 700 new objects start a collection, and every tenth of those a larger one
that walks the objects already alive (the whole of Django, the cached pages),
so a third of a view's time, and most of its spread from one view to the next,
went to the collector finding nothing (the figures: docs/decisions/gc-pause.md).

:func:`gc_paused` holds the collector back for the duration of such work and
lets it run again afterwards; nested or in two threads at once (a job beside a
request), it lets go when the last one leaves.  Work that made cycles meanwhile
is collected then, as it would have been.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_holders = 0
_was_enabled = True


@contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic garbage collection inside the ``with`` block (reference counting goes on)."""
    global _holders, _was_enabled
    with _lock:
        if _holders == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _holders += 1
    try:
        yield
    finally:
        with _lock:
            _holders -= 1
            if _holders == 0 and _was_enabled:
                gc.enable()
