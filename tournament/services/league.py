"""Team events of many teams: create a league, draw its rounds, publish it.

Each meeting is a two-team match, an :class:`~tournament.models.Event` of form
"teams" with its own movement, tablets and Law G score, so everything a team
match has (guide cards, travellers, exports, Law B) each meeting has too.  The
league draws the meetings (:func:`scoring.league.round_robin` all at once;
:func:`scoring.league.swiss_draw` round by round, once the previous round is
over, from the table the read side ranks: :mod:`tournament.queries.leagues`).
Drawing is a locked verb: the league's row is locked and the round re-checked
under it, so two clicks draw once.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from django.db import transaction

from scoring import ScoringError
from scoring.league import round_robin, swiss_draw
from scoring.wording import count

from ..choices import Form
from ..errors import ServiceError
from ..models import Event, League, LeagueTeam
from ..queries.leagues import league_table, match_finished, match_team_names, meetings
from . import directors, locks
from .audit import Actor, audit
from .events import check_derived_name, create_event, set_group_published
from .text import checked

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
    checked(name, what="The team event's name", field="name")
    names = [checked(t.strip(), what=f"The team {t.strip()!r}") for t in teams if t.strip()]
    if len(names) < 3:
        raise ServiceError("a team event of many teams needs at least three teams")
    if len(names) > MAX_TEAMS:
        raise ServiceError(f"up to {MAX_TEAMS} teams")
    longest_team = LeagueTeam._meta.get_field("name").max_length or 80
    if any(len(n) > longest_team for n in names):
        raise ServiceError(f"a team's name holds at most {longest_team} characters")
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
    last = rounds or (len(names) - 1 if len(names) % 2 == 0 else len(names))
    a, b = sorted(names, key=len, reverse=True)[:2]
    check_derived_name(
        _match_name(name, last, a, b),
        'each match is named from the league, its round and its two teams ("Winter League, '
        'round 3: Hawks v Owls")',
        "the league's name or the longest teams' names",
    )
    league = League.objects.create(
        club=directors.club_of(owner),
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


def _match_name(league: str, round_no: int, a: str, b: str) -> str:
    return f"{league}, round {round_no}: {a} v {b}"


def _make_round(
    league: League, round_no: int, meetings: Sequence[tuple[str, str | None]], by: Actor
) -> None:
    """Create the round's matches: team A the first named (North-South at table 1)."""
    for a, b in meetings:
        if b is None:
            continue  # a bye: no match; the standings count it
        event = create_event(
            league.owner,
            name=_match_name(league.name, round_no, a, b),
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
    which also moves each match's page stamp (:mod:`tournament.queries.pagecache`)."""
    set_group_published(
        league,
        published,
        lambda locked: Event.objects.filter(league=locked).order_by("league_round", "pk"),
        kind="league",
        by=by,
    )


@transaction.atomic
def draw_next_round(league: League, *, by: Actor) -> int:
    """Draw the next Swiss round once every match of the last one is over; returns the
    round drawn.  Locked and re-checked: a second click while the first draws finds the
    round drawn and draws nothing."""
    locked = locks.group(league)
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
        e for e in Event.objects.filter(league=locked, league_round=drawn) if not match_finished(e)
    ]
    if unfinished:
        playing = ", ".join(" v ".join(match_team_names(e)) for e in unfinished)
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
        raise ServiceError.of(e) from None
    _make_round(locked, drawn + 1, pairing, by)  # each match's audit trail records it
    return drawn + 1
