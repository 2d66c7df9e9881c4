"""Team events of many teams (issue 17.3): create a league, draw its rounds, rank it.

Each meeting is a two-team match, an :class:`~tournament.models.Event` of form
"teams" with its own movement, tablets and Law G score, so everything a team
match has (guide cards, travellers, exports, Law B) each meeting has too.  The
league draws the meetings (:func:`scoring.league.round_robin` all at once;
:func:`scoring.league.swiss_draw` round by round, once the previous round is
over) and ranks the teams (:func:`scoring.league.league_standings`).  Drawing is
a locked verb: the league's row is locked and the round re-checked under it, so
two clicks draw once.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from scoring import ScoringError
from scoring.league import LeagueMatch, LeagueRow, league_standings, round_robin, swiss_draw
from scoring.wording import count

from ..choices import Form
from ..errors import ServiceError
from ..models import Event, League, LeagueTeam
from .audit import Actor, audit
from .events import create_event, set_group_published

MAX_TEAMS = 40


@transaction.atomic
def create_league(
    owner: Any,
    *,
    name: str,
    date: datetime.date,
    teams: Sequence[str],
    pairs_per_team: int,
    boards_per_round: int,
    draw: str,
    rounds: int | None = None,
    code: str = "1915",
    premium: bool = True,
) -> League:
    """A league with its teams; a round robin's every meeting is drawn at once, a Swiss
    event's first round (in the order the teams are given)."""
    names = [t.strip() for t in teams if t.strip()]
    if len(names) < 3:
        raise ServiceError("a team event of many teams needs at least three teams")
    if len(names) > MAX_TEAMS:
        raise ServiceError(f"up to {MAX_TEAMS} teams")
    if len({n.casefold() for n in names}) != len(names):
        raise ServiceError("two teams have the same name: give each its own")
    if draw not in League.Draw.values:
        raise ServiceError(
            f"the draw is a round robin or a Swiss ({', '.join(League.Draw.values)}), not {draw!r}"
        )
    if draw == League.Draw.SWISS:
        most = len(names) - 1 if len(names) % 2 == 0 else len(names)
        if not rounds or not 1 <= rounds <= most:
            raise ServiceError(f"a Swiss of {len(names)} teams plays 1 to {most} rounds")
    else:
        rounds = None
    league = League.objects.create(
        name=name,
        date=date,
        owner=owner,
        code=code,
        premium=premium,
        pairs_per_team=pairs_per_team,
        boards_per_round=boards_per_round,
        draw=draw,
        rounds=rounds,
    )
    LeagueTeam.objects.bulk_create(
        [LeagueTeam(league=league, name=n, position=i) for i, n in enumerate(names, 1)]
    )
    by = Actor.director(owner)
    if draw == League.Draw.ROUND_ROBIN:
        for r, pairing in enumerate(round_robin(names), 1):
            _make_round(league, r, pairing, by)
    else:
        _make_round(league, 1, swiss_draw(names, names, []), by)
    return league


def _make_round(
    league: League, round_no: int, meetings: Sequence[tuple[str, str | None]], by: Actor
) -> None:
    """Create the round's matches: team A the first named (North-South at table 1)."""
    for a, b in meetings:
        if b is None:
            continue  # a bye: no match; the standings count it
        event = create_event(
            league.owner,
            name=f"{league.name}, round {round_no}: {a} v {b}",
            date=league.date,
            code=league.code,
            premium=league.premium,
            form=Form.TEAMS,
            tables=league.pairs_per_team,
            boards_per_round=league.boards_per_round,
            team_names={"A": a, "B": b},
        )
        event.league = league
        event.league_round = round_no
        event.save(update_fields=["league", "league_round"])
        audit(event, "drawn", f"round {round_no} of {league.name}: {a} v {b}", by=by)


@transaction.atomic
def set_league_published(league: League, published: bool, *, by: Actor) -> None:
    """Publish (or hide) a league's standings, and with them its matches (a match is public
    while its league is: :attr:`Event.is_public`).  Audited as an event's publishing is
    (:func:`tournament.services.events.set_published`): a line in each match's trail,
    which also moves each match's page stamp (:mod:`tournament.pagecache`)."""
    set_group_published(
        league,
        published,
        lambda locked: Event.objects.filter(league=locked).order_by("league_round", "pk"),
        kind="league",
        by=by,
    )


@dataclass(frozen=True)
class Meeting:
    """One meeting of a round as the pages show it."""

    round: int
    home: str
    away: str | None  # None: a bye
    event: Event | None
    finished: bool  # a bye: its round's every match is over (only then does it count)
    points: tuple[str, str] = ("", "")  # rounded Law G points, once finished
    winner: str | None = None
    by_fraction: bool = False


def _names(event: Event) -> tuple[str, str]:
    teams = {t.label: t.name for t in event.team_set.all()}
    return teams.get("A", "A"), teams.get("B", "B")


def meetings(league: League) -> list[Meeting]:
    """Every meeting drawn so far, round by round, with its result once finished."""
    from .. import standings  # the pages' module; it imports the services

    teams = [t.name for t in league.teams.all()]
    out: list[Meeting] = []
    events = list(
        league.matches.order_by("league_round", "pk").prefetch_related("team_set", "round_set")
    )
    drawn = sorted({e.league_round for e in events if e.league_round})
    for r in drawn:
        in_round = [e for e in events if e.league_round == r]
        seated: set[str] = set()
        played: list[Meeting] = []
        for e in in_round:
            home, away = _names(e)
            seated |= {home, away}
            finished = _finished(e)
            result = standings.team_match(e) if finished else None
            if result is None:
                played.append(Meeting(r, home, away, e, finished))
                continue
            pts = (str(result.teams["A"].rounded), str(result.teams["B"].rounded))
            winner = {"A": home, "B": away}.get(result.winner or "")
            played.append(Meeting(r, home, away, e, True, pts, winner, result.by_fraction))
        # A bye is the average of a match, so it counts when the matches beside it do:
        # once every match of its round is over, not when it is drawn (a round robin draws
        # every round's byes on the first evening).
        round_over = all(m.finished for m in played)
        out += played
        out += [Meeting(r, t, None, None, round_over) for t in teams if t not in seated]
    return out


def _finished(event: Event) -> bool:
    """A match is over when every round of it is closed and every board played at every
    table (Law G compares nothing less)."""
    from .. import standings

    rounds = list(event.round_set.all())
    return (
        bool(rounds)
        and all(r.closed_at for r in rounds)
        and not standings.team_boards_pending(event)
    )


def league_table(league: League) -> list[LeagueRow]:
    """The standings: finished meetings, and the byes of rounds whose every match is
    finished (scoring.league.league_standings)."""
    from .. import standings

    teams = [t.name for t in league.teams.all()]
    played: list[LeagueMatch] = []
    for m in meetings(league):
        if m.away is None:
            if m.finished:
                played.append(LeagueMatch(m.home, None))
        elif m.finished and m.event is not None:
            result = standings.team_match(m.event)
            if result is None:
                continue
            played.append(
                LeagueMatch(
                    m.home,
                    m.away,
                    result.teams["A"].score,
                    result.teams["B"].score,
                    {"A": m.home, "B": m.away}.get(result.winner or ""),
                )
            )
    return league_standings(teams, played)


@transaction.atomic
def draw_next_round(league: League, *, by: Actor) -> int:
    """Draw the next Swiss round once every match of the last one is over; returns the
    round drawn.  Locked and re-checked: a second click while the first draws finds the
    round drawn and draws nothing."""
    locked = League.objects.select_for_update(no_key=True).get(pk=league.pk)
    if locked.draw != League.Draw.SWISS:
        raise ServiceError("a round robin draws every round when it is created")
    drawn = (
        Event.objects.filter(league=locked)
        .order_by("-league_round")
        .values_list("league_round", flat=True)
        .first()
        or 0
    )
    if drawn >= (locked.rounds or 0):
        raise ServiceError(f"all {count(locked.rounds or 0, 'round')} are drawn")
    unfinished = [
        e for e in Event.objects.filter(league=locked, league_round=drawn) if not _finished(e)
    ]
    if unfinished:
        playing = ", ".join(" v ".join(_names(e)) for e in unfinished)
        raise ServiceError(
            f"round {drawn} is still being played ({playing}): close its matches first; "
            "the draw follows the results"
        )
    rows = league_table(locked)
    history = meetings(locked)
    met = [(m.home, m.away) for m in history if m.away is not None]
    byes = [m.home for m in history if m.away is None]
    teams = [t.name for t in locked.teams.all()]
    try:
        pairing = swiss_draw(teams, [r.team for r in rows], met, byes)
    except ScoringError as e:
        raise ServiceError(str(e)) from None
    _make_round(locked, drawn + 1, pairing, by)  # each match's audit trail records it
    return drawn + 1
