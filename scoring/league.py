"""Team events of many teams: round robin, Swiss draw, and the event's standings.

The laws of 1913-1915 know one team contest, the match of two teams (Duplicate
Law G, :mod:`scoring.teams`).  A club's league or a Swiss teams is a series of
such matches; the project's reading:

* **Each meeting is a Law G match**: the winner is the team with more points
  rounded to the whole point, the exact fraction deciding only a rounded tie
  ("by the fraction of a point"); equal exact totals are a tie.
* **Round robin**: every team meets every other once, by the circle method
  (the first team stays, the others rotate); with an odd number of teams one
  team has a bye each round, each team once.
* **Swiss**: the first round pairs the teams in the order given (1 v 2, 3 v 4,
  ...); later rounds rank the teams by their standing so far and pair them
  from the top, each with the highest-ranked team it has not met
  (backtracking when a choice leaves the rest unpairable), so teams with
  similar records meet and no two teams ever meet twice.  With an odd number of
  teams the bye goes first to the lowest-ranked team that has not had one.  If
  no draw avoids a repeat the draw is refused, saying so.
* **Standings**: matches won (a win 1, a tie 1/2, a bye 1/2: the average of a
  match), then the total margin (the exact sum of the team's points less its
  opponents' in each match; a bye 0), exact Fractions rounded only for
  display; teams equal on both share the place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .errors import ScoringError
from .fractions_fmt import exact, round_half_away
from .pairs import rank_labels

__all__ = [
    "LeagueMatch",
    "LeagueRow",
    "check_winner",
    "league_standings",
    "match_winner",
    "round_robin",
    "swiss_draw",
]

Pairing = tuple[str, "str | None"]  # (team, opponent) or (team, None): a bye
HALF = Fraction(1, 2)


def _check_teams(teams: Sequence[str]) -> None:
    if len(teams) < 2:
        raise ScoringError("a team event needs at least two teams")
    if len(set(teams)) != len(teams):
        dup = next(t for t in teams if list(teams).count(t) > 1)
        raise ScoringError(f"team {dup!r} is listed twice")
    if any(not isinstance(t, str) or not t.strip() for t in teams):
        raise ScoringError("every team needs a name")


def round_robin(teams: Sequence[str]) -> list[list[Pairing]]:
    """Every round's meetings, each pair of teams once (the circle method).

    ``n`` teams play ``n - 1`` rounds (``n`` with an odd number: each team has
    one bye, shown as ``(team, None)`` at the end of its round).
    """
    _check_teams(teams)
    field: list[str | None] = list(teams)
    if len(field) % 2:
        field.append(None)
    n = len(field)
    rounds = []
    for r in range(n - 1):
        meetings: list[Pairing] = []
        byes: list[Pairing] = []
        for i in range(n // 2):
            a, b = field[i], field[n - 1 - i]
            if i == 0 and r % 2:  # the fixed team alternates sides
                a, b = b, a
            if a is None or b is None:
                byes.append(((a or b), None))  # type: ignore[arg-type]
            else:
                meetings.append((a, b))
        rounds.append(meetings + byes)
        field = [field[0], field[-1], *field[1:-1]]
    return rounds


@dataclass(frozen=True, slots=True)
class LeagueMatch:
    """One meeting's outcome: each team's exact Law G points, and who won (None: a tie)."""

    team: str
    opponent: str | None  # None: a bye
    points: Fraction | int = 0
    opponent_points: Fraction | int = 0
    winner: str | None = None


@dataclass(frozen=True, slots=True)
class LeagueRow:
    team: str
    played: int
    won: int
    tied: int
    lost: int
    byes: int
    matches: Fraction  # won + (tied + byes) / 2
    margin: Fraction  # exact
    rank: str

    @property
    def margin_display(self) -> str:
        m = round_half_away(self.margin)
        return f"+{m}" if m > 0 else str(m)

    @property
    def matches_display(self) -> str:
        whole, half = divmod(self.matches * 2, 2)
        return f"{int(whole)}{'½' if half else ''}" if whole or not half else "½"

    def to_json(self) -> dict:
        return {
            "team": self.team,
            "played": self.played,
            "won": self.won,
            "tied": self.tied,
            "lost": self.lost,
            "byes": self.byes,
            "matches": exact(self.matches),
            "margin": exact(self.margin),
            "margin_display": self.margin_display,
            "rank": self.rank,
        }


@dataclass
class _Record:
    won: int = 0
    tied: int = 0
    lost: int = 0
    byes: int = 0
    margin: Fraction = Fraction(0)


def match_winner(m: LeagueMatch) -> str | None:
    """Law G's winner of a meeting from its exact points: the team with more points
    rounded to the whole point, the exact fraction deciding a rounded tie; equal exact
    totals are a tie (None).  Rounding never reverses an order, so this is the team
    with more exact points."""
    a, b = Fraction(m.points), Fraction(m.opponent_points)
    return m.team if a > b else m.opponent if b > a else None


def check_winner(m: LeagueMatch) -> None:
    """Refuse a meeting whose winner contradicts its points (Law G)."""
    right = match_winner(m)
    if m.winner == right:
        return
    score = f"{exact(Fraction(m.points))} to {exact(Fraction(m.opponent_points))}"
    if right is None:
        raise ScoringError(
            f"{m.team} v {m.opponent}: {score} is a tie (equal exact totals, Law G), "
            f"not a win for {m.winner}: give no winner (null)"
        )
    said = "a tie" if m.winner is None else f"won by {m.winner}"
    raise ScoringError(
        f"{m.team} v {m.opponent}: {score} is won by {right} (more points; Law G), not {said}: "
        "correct the points or the winner"
    )


def league_standings(teams: Sequence[str], matches: Iterable[LeagueMatch]) -> list[LeagueRow]:
    """The event's standings: matches won, then the total margin; best first.

    ``matches``: one entry per meeting (either team's view) or bye.  A meeting's
    ``winner`` is Law G's (:class:`scoring.teams.MatchResult`); one that contradicts the
    meeting's points is refused (:func:`check_winner`).
    """
    _check_teams(teams)
    rec = {t: _Record() for t in teams}
    for m in matches:
        if m.team not in rec or (m.opponent is not None and m.opponent not in rec):
            raise ScoringError(f"a match names a team not in the event: {m.team} v {m.opponent}")
        if m.opponent is None:
            rec[m.team].byes += 1
            continue
        if m.winner not in (None, m.team, m.opponent):
            raise ScoringError(f"{m.team} v {m.opponent}: the winner must be one of them")
        check_winner(m)
        diff = Fraction(m.points) - Fraction(m.opponent_points)
        for side, sign in ((m.team, 1), (m.opponent, -1)):
            r = rec[side]
            r.margin += sign * diff
            if m.winner is None:
                r.tied += 1
            elif m.winner == side:
                r.won += 1
            else:
                r.lost += 1
    points = {t: r.won + HALF * (r.tied + r.byes) for t, r in rec.items()}
    keys = [(points[t], rec[t].margin) for t in teams]
    # Rank on the pair (matches, margin) exactly: its place among the distinct pairs.
    index = {k: i for i, k in enumerate(sorted(set(keys)))}
    ranks = rank_labels([index[k] for k in keys])
    out = [
        LeagueRow(
            t,
            rec[t].won + rec[t].tied + rec[t].lost,
            rec[t].won,
            rec[t].tied,
            rec[t].lost,
            rec[t].byes,
            points[t],
            rec[t].margin,
            rank,
        )
        for t, rank in zip(teams, ranks, strict=True)
    ]
    return sorted(out, key=lambda row: (-row.matches, -row.margin, list(teams).index(row.team)))


def swiss_draw(
    teams: Sequence[str],
    ranking: Sequence[str],
    met: Iterable[tuple[str, str]],
    byes: Iterable[str] = (),
) -> list[Pairing]:
    """The next Swiss round: pair the teams from the top of ``ranking``, each with the
    highest-ranked team it has not ``met``, backtracking where a choice leaves the rest
    unpairable; an odd field's bye to the lowest-ranked team without one.

    Raises :class:`ScoringError` when no draw avoids a repeat.
    """
    _check_teams(teams)
    if sorted(ranking) != sorted(teams):
        raise ScoringError("the ranking must list every team once")
    seen = {frozenset(p) for p in met}
    had_bye = set(byes)
    order = list(ranking)
    candidates: list[str | None] = [None]
    if len(order) % 2:
        candidates = [t for t in reversed(order) if t not in had_bye] or list(reversed(order))
    for bye in candidates:
        rest = [t for t in order if t != bye]
        pairs = _pair(rest, seen)
        if pairs is not None:
            return pairs + ([(bye, None)] if bye is not None else [])
    raise ScoringError(
        "no draw avoids two teams meeting again: every team has met the others it could "
        "meet; the event has run its course (or play a round robin)"
    )


def _pair(rest: list[str], seen: set[frozenset[str]]) -> list[Pairing] | None:
    """Pair ``rest`` (ranked) top down without a repeat, backtracking; None if impossible."""
    if not rest:
        return []
    top, others = rest[0], rest[1:]
    for i, opp in enumerate(others):
        if frozenset((top, opp)) in seen:
            continue
        tail = _pair(others[:i] + others[i + 1 :], seen)
        if tail is not None:
            return [(top, opp), *tail]
    return None


def ranking_of(rows: Sequence[LeagueRow]) -> list[str]:
    """The teams in standing order (the order :func:`swiss_draw` pairs from)."""
    return [r.team for r in rows]


def met_so_far(rounds: Iterable[Iterable[Pairing]]) -> tuple[set[tuple[str, str]], list[str]]:
    """The meetings and byes of the rounds drawn so far."""
    met: set[tuple[str, str]] = set()
    byes: list[str] = []
    for meetings in rounds:
        for a, b in meetings:
            if b is None:
                byes.append(a)
            else:
                met.add((a, b))
    return met, byes


def outcomes(
    meetings: Iterable[tuple[str, str, Mapping[str, Fraction | int], str | None]],
) -> list[LeagueMatch]:
    """Law G results as league matches: (team, opponent, {team: exact points}, winner)."""
    return [LeagueMatch(a, b, pts[a], pts[b], winner) for a, b, pts, winner in meetings]
