"""A contest's tables: its parts (the events of a session, section by section),
one session's standings compared across sections
(:func:`scoring.sessions.session_standings`), and the sessions carried over
(:func:`scoring.sessions.carry_over`).

On the read side because the pages and the files show them and nothing here
writes; a session whose sections hold different hand records for one board is
refused here, naming it, since comparing them would be wrong on any page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring import ScoringError
from scoring.pairs import PairStanding
from scoring.sessions import OverallRow, carry_over, session_standings

from ..errors import ServiceError
from ..models import Board, Contest, Event, Pair
from . import standings


def parts(contest: Contest, session: int | None = None) -> list[Event]:
    """The contest's events, by session then section."""
    qs = contest.parts.order_by("session", "section")
    return list(qs.filter(session=session) if session is not None else qs)


def sessions_of(contest: Contest) -> list[int]:
    return sorted({e.session for e in contest.parts.all() if e.session})


def _check_same_boards(events: list[Event]) -> None:
    """Refuse to compare sections whose hand records differ on a board, naming it."""
    seen: dict[int, tuple[str, str]] = {}
    rows = (
        Board.objects.filter(event__in=events).exclude(deal="").order_by("number", "event__section")
    )
    for number, deal, section in rows.values_list("number", "deal", "event__section"):
        first = seen.setdefault(number, (deal, section))
        if first[0] != deal:
            raise ServiceError(
                f"board {number} is not the same deal in section {first[1]} and section "
                f"{section}: sections are compared only on the same cards (Law H); copy one "
                "section's hand records to the others"
            )


def session_table(contest: Contest, session: int) -> list[PairStanding]:
    """One session's standings, every section's pairs compared across sections."""
    events = parts(contest, session)
    if not events:
        raise ServiceError(f"there is no session {session}")
    _check_same_boards(events)
    first = events[0]
    try:
        return session_standings(
            {e.section or "A": standings.board_results(e) for e in events},
            first.method,
            first.adjusted_values,
        )
    except ScoringError as e:
        raise ServiceError(str(e)) from None


def entrant(seat: str, names: Sequence[str]) -> str:
    """THE identity of a pair across a contest's sessions: who its players are, never
    where it sits, so the carry-over follows a pair re-seeded into another section,
    direction or number.

    Its two players' names, each with its spaces collapsed and its case folded, in
    either order ("Mrs.  Alden" and "mrs. alden" are one player); a pair without both
    names is known by its seat ("A3"), which it then keeps from session to session.
    The one place a pair's identity is decided (docs/decisions/pair-across-sessions.md);
    players taken from the club's register carry its names, and re-seeding carries
    their places in it to the new seats.
    """
    given = sorted(" ".join(n.split()).casefold() for n in names if n and n.strip())
    if len(given) == 2:
        return "players:" + "\n".join(given)
    return "seat:" + seat


def seated(contest: Contest, session: int) -> dict[str, tuple[str, list[str]]]:
    """Each seat of a session ("A3") with its entrant and its players' names, in one query."""
    names: dict[str, list[str]] = {}
    rows = (
        Pair.objects.filter(event__contest=contest, event__session=session)
        .order_by("player__position")
        .values_list("event__section", "label", "player__name")
    )
    for section, label, name in rows:
        names.setdefault((section or "A") + label, []).append(name or "")
    return {seat: (entrant(seat, given), given) for seat, given in names.items()}


def entrants(contest: Contest, session: int) -> dict[str, str]:
    """Each seat of a session ("A3") -> its entrant (:func:`entrant`)."""
    return {seat: who for seat, (who, _) in seated(contest, session).items()}


def overall_table(
    contest: Contest,
    tables: dict[int, list[PairStanding]] | None = None,
    upto: int | None = None,
    one_field: bool | None = None,
) -> list[OverallRow]:
    """The sessions carried over (added, or percentages averaged), each pair followed by
    its players (:func:`entrant`); ``tables``: the sessions' standings when the caller
    has them already (each is computed once); ``upto``: the sessions up to this one
    only (the standings so far, to seed the next); ``one_field``: one ranking of every
    pair, or the movement's fields (False); by default as the director set it."""
    events = parts(contest)
    if not events:
        return []
    numbers = [s for s in sessions_of(contest) if upto is None or s <= upto]
    if tables is None:
        tables = {s: session_table(contest, s) for s in numbers}
    numbers = [s for s in numbers if s in tables]
    try:
        return carry_over(
            [tables[s] for s in numbers],
            events[0].method,
            contest.carry,
            [entrants(contest, s) for s in numbers],
            one_field=contest.one_ranking if one_field is None else one_field,
        )
    except ScoringError as e:
        raise ServiceError(str(e)) from None


def players_of(seats: tuple[str | None, ...], seated: list[dict]) -> str:
    """A pair's players, as named at its seat in the last session it played."""
    for i in range(len(seats) - 1, -1, -1):
        seat = seats[i]
        if seat is not None and i < len(seated) and seat in seated[i]:
            return " & ".join(n for n in seated[i][seat][1] if n)
    return ""


def seats_text(seats: tuple[str | None, ...]) -> str:
    """A pair's seat in each session, "A3 → B1" when it moved ("—" for a session
    missed), or its one seat."""
    if len({s for s in seats if s is not None}) <= 1:
        return next((s for s in seats if s is not None), "")
    return " → ".join(s or "—" for s in seats)


def pair_marks(contest: Contest, session: int) -> dict[str, str]:
    """Late and withdrawn pairs' marks across sections: "A3" -> "withdrawn from round 3,
    did not play rounds 3-4" (:func:`tournament.queries.standings.field_marks`)."""
    out: dict[str, str] = {}
    for e in parts(contest, session):
        for label, mark in standings.field_marks(e).items():
            out[(e.section or "A") + label] = mark
    return out


def pair_names(contest: Contest, session: int) -> dict[str, str]:
    """Pair names across sections: "A3" -> "Mrs. Alden & Mr. Alden"."""
    out: dict[str, str] = {}
    for e in parts(contest, session):
        for label, names in standings.pair_names(e).items():
            out[(e.section or "A") + label] = names
    return out


@dataclass(frozen=True)
class SectionScope:
    """Whom a section's own pages compare, and where the championship's figures are.

    A section's standings, travellers and score cards compare its pairs among
    themselves; the championship compares every section of the session that held
    the same cards (Law H: "only with other pairs who have played the same hands"),
    so a pair's figures on the two differ.  Each page says which it shows.
    """

    contest: Contest
    section: str
    session: int
    sections: tuple[str, ...]  # the session's sections, this one included
    sessions: int  # how many sessions the contest has

    @property
    def across(self) -> bool:
        """Whether the championship compares more than this section (else the figures agree)."""
        return len(self.sections) > 1

    @property
    def others(self) -> str:
        """The session's other sections, as a reader says them: "B", "B and C"."""
        rest = [s for s in self.sections if s != self.section]
        return rest[0] if len(rest) == 1 else ", ".join(rest[:-1]) + " and " + rest[-1]

    @property
    def alone(self) -> str:
        """What a section's figures compare, for a heading: "section A alone"."""
        return f"section {self.section} alone" if self.across else f"section {self.section}"

    @property
    def together(self) -> str:
        """What the championship's session figures compare: "sections A and B together"."""
        names = list(self.sections)
        if len(names) == 1:
            return f"section {names[0]}"
        return "sections " + ", ".join(names[:-1]) + " and " + names[-1] + " together"


def section_scope(event: Event) -> SectionScope | None:
    """The scope of a section's figures, or None for an event that is no contest's part."""
    if event.contest_id is None or event.session is None:
        return None
    contest = event.contest
    assert contest is not None
    rows = list(contest.parts.values_list("session", "section"))
    sections = tuple(sorted(sec or "A" for ses, sec in rows if ses == event.session))
    return SectionScope(
        contest,
        event.section or "A",
        event.session,
        sections,
        len({ses for ses, _ in rows if ses}),
    )


def scope_heading(scope: SectionScope | None, heading: str) -> str:
    """An export's column heading that compares pairs, saying whom: "Score (section A
    alone)"; unchanged for an event that is no contest's part."""
    if scope is None or not scope.across:
        return heading
    return f"{heading} ({scope.alone})"
