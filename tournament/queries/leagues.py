"""A league's meetings and table: every meeting drawn so far with its result,
and the teams ranked (:func:`scoring.league.league_standings`).

On the read side because the pages, the files and the Swiss draw
(:func:`tournament.services.league.draw_next_round`, which ranks the teams before
it pairs them) all read it; a meeting's Law G score is its match's
(:func:`tournament.queries.standings.team_match`).
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.league import LeagueMatch, LeagueRow, league_standings

from ..models import Event, League
from . import standings


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


def match_team_names(event: Event) -> tuple[str, str]:
    teams = {t.label: t.name for t in event.team_set.all()}
    return teams.get("A", "A"), teams.get("B", "B")


def meetings(league: League) -> list[Meeting]:
    """Every meeting drawn so far, round by round, with its result once finished."""
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
            home, away = match_team_names(e)
            seated |= {home, away}
            finished = match_finished(e)
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


def match_finished(event: Event) -> bool:
    """A match is over when every round of it is closed and every board played at every
    table (Law G compares nothing less)."""
    rounds = list(event.round_set.all())
    return (
        bool(rounds)
        and all(r.closed_at for r in rounds)
        and not standings.team_boards_pending(event)
    )


def league_table(league: League) -> list[LeagueRow]:
    """The standings: finished meetings, and the byes of rounds whose every match is
    finished (scoring.league.league_standings)."""
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
