"""Pages that cost a whole event's comparison, kept until the event changes.

See docs/decisions/page-cache.md.

The standings of a 1,000-table event take a few hundred milliseconds to work out
and render, and every open standings page polls them every 15 seconds, though
nothing changes between most polls.  So what they cost is kept in the cache
under the event's **stamp**: a fingerprint of everything they are made from,
read in one query, that any change to the event moves on:

* a result entered, corrected or adjusted (every new version is a new row, so the
  largest result id moves);
* anything a director or a tablet does through the services (each verb writes one
  line of the audit trail in the same transaction: a result voided, closing a round,
  marking a table absent, names, a fouled board, a late pair, publication);
* the event's own settings (its fields are part of the stamp: method, adjusted
  values, name...).

The stamp is read *before* what it covers, so a change landing in between is
kept under the old stamp, which no later request asks for: a page is never
served older than the state its stamp names.  The cache is the settings'
(``CACHE_URL``): each worker its own by default (Django's local-memory cache), or
one Redis every server shares, so a page is built once for all of them; the stamp
lives in the database either way, so every worker and server sees a change at once.

A contest's pages (its sessions compared across sections, carried over) are made of
its parts, so its stamp is theirs together with the contest's own fields
(:func:`contest_stamp`), and a session's is its sections' (:func:`combined`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache
from django.db import connection

from ..models import AuditEntry, Contest, Event, Result

T = TypeVar("T")

# How long an entry may stay if nothing asks for it again (a stamp moves on anyway).
TIMEOUT = 15 * 60


def event_stamp(event: Event) -> str:
    """The event's fingerprint now (one query): it changes whenever anything the results
    pages show of the event does."""
    return part_stamps([event])[event.pk]


def part_stamps(events: list[Event]) -> dict[int, str]:
    """Each event's stamp (as :func:`event_stamp` gives it), all read in one statement:
    a contest's parts."""
    activity = _activity([e.pk for e in events])
    return {e.pk: _digest((activity[2 * i : 2 * i + 2], _fields(e))) for i, e in enumerate(events)}


def contest_stamp(contest: Contest, parts: dict[int, str]) -> str:
    """A contest's fingerprint: its parts' stamps (:func:`part_stamps`, read just before)
    and its own fields.  A part added or taken out changes ``parts``."""
    own = tuple(getattr(contest, f.attname) for f in Contest._meta.concrete_fields)
    return combined([*(f"{pk}:{stamp}" for pk, stamp in sorted(parts.items())), repr(own)])


def combined(stamps: list[str]) -> str:
    """One stamp for what is made of several (a session of a contest: its sections')."""
    return _digest(tuple(stamps))


def _activity(pks: list[int]) -> tuple:
    """For each event of ``pks``: its largest result id and its largest audit-trail id,
    in one statement, each the last entry of its own index: the same cost at 10 tables
    and at 5,000.  A void adds no result row, but it is a verb and so moves the audit
    id; a count of the live results would tell it again at a cost that grows with the
    field."""
    if not pks:
        return ()
    results = Result._meta.db_table
    audit = AuditEntry._meta.db_table
    columns = []
    params: list[int] = []
    for pk in pks:
        columns += [
            f"(SELECT MAX(id) FROM {results} WHERE event_id = %s)",
            f"(SELECT MAX(id) FROM {audit} WHERE event_id = %s)",
        ]
        params += [pk, pk]
    with connection.cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(columns), params)
        return tuple(cursor.fetchone())


def _fields(event: Event) -> tuple:
    return tuple(getattr(event, f.attname) for f in Event._meta.concrete_fields)


def _digest(value: object) -> str:
    return hashlib.blake2b(repr(value).encode(), digest_size=12).hexdigest()


def cached(
    kind: str, event: Event | Contest, stamp: str, variant: str, build: Callable[[], T]
) -> T:
    """What ``build()`` makes for this event (or contest) at this stamp, made once and
    then kept.

    ``variant`` tells apart what differs between viewers of the same state (a
    director's view, the sort order, the page): everything ``build`` reads from the
    request must be in it.
    """
    key = etag(kind, event, stamp, variant)
    got = cache.get(key)
    if got is None:
        got = build()
        cache.set(key, got, TIMEOUT)
    return got


def etag(kind: str, event: Event | Contest, stamp: str, variant: str) -> str:
    """A short name for one page of one state: the cache key and the HTTP ETag."""
    digest = hashlib.blake2b(variant.encode(), digest_size=8).hexdigest()
    return f"{kind}-{event.pk}-{stamp}-{digest}"
