"""The record of corrections: each traveller line's versions and the rulings on it,
as the players may read them after publication.

Read off what the verbs already keep (:mod:`tournament.services.results` writes every
version of a line and an audit line for each, :mod:`tournament.services.auctions` a
ruling), so nothing is stored twice.  The public reads the role that acted ("the
director", "the table"); the event's directors read the person, as the audit trail
names them (docs/decisions/result-history.md).  Only the boards the caller may show
are read: the publication rule decides those (docs/decisions/publication-rule.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime

from scoring.adjusted import is_director_adjustment
from scoring.movements.partnerships import partners

from ..models import AuditEntry, Event, Pair, Result, Ruling
from . import pagecache

# The audit trail's actions that make or unmake a version of a traveller line.
VERSION_ACTIONS = ("entered", "corrected", "voided")

LAW_E = "Duplicate Law E"
LAW_B = "Duplicate Law B"
LAW_B3 = "Duplicate Law B(3)"
ADJUSTED = "the director's adjusted score"


@dataclass(frozen=True, slots=True)
class Change:
    """One step of a line's record: what, when, who, why and the law."""

    at: datetime
    what: str
    who: str
    why: str
    law: str
    kind: str  # "entered", "corrected", "voided", "ruling"


@dataclass(frozen=True, slots=True)
class LineRecord:
    """A traveller line (a board at one table in one round) whose record has more to it
    than its one entry: a correction, a result taken out, or a ruling."""

    board: int
    round: int
    table: int
    ns: str
    ew: str
    changes: tuple[Change, ...]

    @property
    def where(self) -> str:
        return f"board {self.board}, round {self.round}, table {self.table}"


def role(actor: str) -> str:
    """Who acted, as the public reads it: the role, never the person."""
    return "the table" if actor.startswith("table") else "the director"


def shown(event: Event, *, director: bool) -> bool:
    """Does this viewer read the record at all?  The directors always; the public
    unless the event keeps it for the directors (``Event.record_open``)."""
    return director or event.record_open


def _law_of_version(result: Result, previous: Result | None) -> str:
    """The law under which a version was made."""
    if result.adjusted:
        return ADJUSTED if is_director_adjustment(result.adjusted) else LAW_B3
    if previous is not None:
        before = {(p.get("side"), p.get("law")) for p in previous.penalties or []}
        added = [p for p in result.penalties or [] if (p.get("side"), p.get("law")) not in before]
        if added:  # a ruling on the auction carried into the score
            return str(added[0].get("law") or LAW_E)
        return LAW_E
    return ""


def _what(entry: AuditEntry, result: Result) -> str:
    if entry.action == "corrected":
        previous = result.previous
        return f"{previous.summary} → {result.summary}" if previous else result.summary
    if entry.action == "voided":
        return f"{result.summary}, taken out"
    return result.summary


def _law(entry: AuditEntry, result: Result) -> str:
    if entry.action == "voided":
        return LAW_B if entry.reason.startswith("Law B") else LAW_E
    previous = result.previous if entry.action == "corrected" else None
    return _law_of_version(result, previous)


def event_record(event: Event) -> tuple[LineRecord, ...]:
    """The record of every line of the event that was corrected, taken out or ruled on,
    in board, round and table order, each naming who acted as the audit trail does.

    Whole-event and kept with the event's figures under its stamp (:func:`records`):
    the lines that have a record are found first (a correction or a removal, a ruling),
    so an evening without one reads nothing more."""
    changed = set(
        AuditEntry.objects.filter(event=event, action__in=("corrected", "voided")).values_list(
            "result__board__number", "result__round", "result__table"
        )
    )
    rulings = list(
        Ruling.objects.filter(event=event)
        .select_related("board", "seating__ns", "seating__ew")
        .order_by("at", "id")
    )
    ruled = {(ru.board.number, ru.seating.round, ru.seating.table) for ru in rulings}
    keys = {k for k in changed | ruled if None not in k}
    if not keys:
        return ()
    entries = (
        AuditEntry.objects.filter(
            event=event,
            action__in=VERSION_ACTIONS,
            result__board__number__in={b for b, _, _ in keys},
        )
        .select_related("result__board", "result__previous", "result__ns", "result__ew")
        .order_by("at", "id")
    )
    lines: dict[tuple[int, int, int], dict] = {}
    for e in entries:
        r = e.result
        assert r is not None  # filtered on its board
        key = (r.board.number, r.round, r.table)
        if key not in keys:
            continue
        line = lines.setdefault(key, {"ns": r.ns.label, "ew": r.ew.label, "changes": []})
        line["changes"].append(Change(e.at, _what(e, r), e.actor, e.reason, _law(e, r), e.action))
    for ru in rulings:
        s = ru.seating
        if s.ns is None or s.ew is None:
            continue
        line = lines.setdefault(
            (ru.board.number, s.round, s.table),
            {"ns": s.ns.label, "ew": s.ew.label, "changes": []},
        )
        what = f"{ru.offender}: {ru.summary}"
        line["changes"].append(Change(ru.at, what, ru.actor, ru.reason, ru.law, "ruling"))
    return tuple(
        LineRecord(b, rd, t, v["ns"], v["ew"], tuple(sorted(v["changes"], key=lambda c: c.at)))
        for (b, rd, t), v in sorted(lines.items())
    )


def records(
    event: Event,
    boards: Iterable[int],
    *,
    director: bool,
    pair: Pair | None = None,
    player: str | None = None,
    stamp: str = "",
) -> list[LineRecord]:
    """The record of the lines of ``boards`` (only ``pair``'s if given, or only those an
    individual's ``player`` sat at, in either partnership), as this viewer reads it: the
    public, the role; the directors, the person.

    ``boards`` must be the boards this viewer may see (``access.Visibility``): a line of
    any other board is never shown.  With the event's ``stamp`` the whole event's record
    is made once a state and kept (:mod:`tournament.queries.pagecache`)."""
    wanted = set(boards)
    if not wanted:
        return []
    every = (
        pagecache.cached("record", event, stamp, "", lambda: event_record(event))
        if stamp
        else event_record(event)
    )
    label = pair.label if pair is not None else None
    out = []
    for line in every:
        if line.board not in wanted or (label is not None and label not in (line.ns, line.ew)):
            continue
        if player is not None and player not in (*partners(line.ns), *partners(line.ew)):
            continue
        if not director:
            changes = tuple(replace(c, who=role(c.who)) for c in line.changes)
            line = replace(line, changes=changes)
        out.append(line)
    return out
