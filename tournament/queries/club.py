"""The club across evenings: a member's history, a season's standings, the front page.

Each evening's pair standings are read as its own standings page reads them
(:func:`tournament.queries.standings.pair_contest`, kept under the event's stamp in
the page cache, so a correction or a publication is seen at once and an unchanged
evening is not compared again); the season's rule is :mod:`scoring.season`.
Public readers see published evenings only (:attr:`Event.is_public`); the register's
contact details are never read here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Prefetch, Q

from scoring.fractions_fmt import signed, two_decimals
from scoring.season import SeasonLine, matchpoint_season, total_season
from scoring.teams import MatchResult

from ..choices import Form
from ..models import Club, Event, Individual, Member, Pair, Player, Season
from . import charts, pagecache
from .individual_standings import individual_contest
from .names import public_names
from .standings import StandingRow, pair_contest, team_boards_pending, team_match


def published() -> Q:
    """Events whose results reach the public: published, or in a published league or
    contest (the same reading as :attr:`Event.is_public`)."""
    return Q(published=True) | Q(league__published=True) | Q(contest__published=True)


# The forms of event a season ranks: pair contests, and individuals by player.
SEASON_FORMS = (Form.PAIRS, Form.INDIVIDUAL)


def event_standings(event: Event) -> list[StandingRow]:
    """An evening's standings (a pair contest's by pair, an individual's by player), kept
    under its stamp like its standings page."""
    stamp = pagecache.event_stamp(event)
    read = individual_contest if event.is_individual else pair_contest
    return pagecache.cached("season-rows", event, stamp, "", lambda: read(event))


def entrants(event: Event) -> list[tuple[str, int]]:
    """(the standings' label, the member) of every member who played the evening: a pair
    contest's players by their pair, an individual's by their own number."""
    if event.is_individual:
        rows = Individual.objects.filter(event=event, member__isnull=False)
        return list(rows.values_list("label", "member_id"))
    players = Player.objects.filter(pair__event=event, member__isnull=False)
    return list(players.values_list("pair__label", "member_id"))


def match_result(event: Event) -> tuple[MatchResult | None, int]:
    """A team match's Law G result as its standings page shows it, and the boards not yet
    played at every table (left out of it); kept under the event's stamp."""
    stamp = pagecache.event_stamp(event)
    return pagecache.cached(
        "history-match",
        event,
        stamp,
        "",
        lambda: (team_match(event), len(team_boards_pending(event))),
    )


def team_place(match: MatchResult, team: str, pending: int) -> str:
    """How a team's match ended, in the verdict's words: "won by 410", "lost by 410", "a
    tie"; "leads by 410 so far" while boards are still to be completed."""
    if match.winner is None:
        return "level so far" if pending else "a tie"
    by = (
        "the fraction of a point"
        if match.by_fraction
        else f"{match.margin_rounded} point{'s' if match.margin_rounded != 1 else ''}"
    )
    if pending:
        return f"{'leads' if match.winner == team else 'trails'} by {by} so far"
    return f"{'won' if match.winner == team else 'lost'} by {by}"


@dataclass(frozen=True)
class Played:
    """One evening a member played: his pair (and team), partner, score or percentage and
    place (a pair's "3 of 8", a team match's "won by 410")."""

    event: Event
    pair: str
    partner: str
    score: str  # as the evening's standings show it
    percent: Fraction | None
    points: Fraction | int | None
    rank: str
    field_size: int
    place: str = ""
    individual: bool = False  # an individual: ``pair`` is the player's own number

    @property
    def percent_text(self) -> str:
        return two_decimals(self.percent) if self.percent is not None else ""


def history(member: Member, *, public: bool) -> list[Played]:
    """Every evening the member played, oldest first: published ones only for the public,
    whose partners of the register are named as the public pages name them (.names)."""
    players = (
        Player.objects.filter(member=member, individual__isnull=True)
        .select_related("pair__event", "pair__team")
        .prefetch_related(
            Prefetch(
                "pair__player_set",
                queryset=Player.objects.select_related("member").order_by("position"),
            )
        )
        .order_by("pair__event__date", "pair__event__pk")
    )
    if public:
        players = players.filter(
            Q(pair__event__published=True)
            | Q(pair__event__league__published=True)
            | Q(pair__event__contest__published=True)
        )
    played = list(players)
    partners = [p.member for pl in played for p in pl.pair.player_set.all() if p.member is not None]
    shown = public_names(partners) if public else {}
    out = []
    for player in played:
        pair, event = player.pair, player.pair.event
        partner = " & ".join(
            shown.get(p.member_id or 0, p.name)
            for p in pair.player_set.all()
            if p.pk != player.pk and p.name
        )
        row = None
        size = 0
        place = ""
        if event.form == Form.PAIRS:
            rows = event_standings(event)
            row = next((r for r in rows if r.pair == pair.label), None)
            size = sum(1 for r in rows if row is not None and r.direction == row.direction)
            place = f"{row.rank} of {size}" if row is not None and row.rank else ""
        elif pair.team is not None:
            out.append(_team_played(event, pair.label, pair.team.label, partner))
            continue
        out.append(
            Played(
                event=event,
                pair=pair.label,
                partner=partner,
                score=row.display if row else "",
                percent=row.percent_value if row else None,
                points=row.score if row else None,
                rank=row.rank if row else "",
                field_size=size,
                place=place,
            )
        )
    out += _individuals_played(member, public=public)
    out.sort(key=lambda p: (p.event.date, p.event.pk))
    return out


def _individuals_played(member: Member, *, public: bool) -> list[Played]:
    """The individuals the member played: his own standing in each (one field of
    players, no one partner)."""
    singles = Individual.objects.filter(member=member).select_related("event")
    if public:
        singles = singles.filter(
            Q(event__published=True)
            | Q(event__league__published=True)
            | Q(event__contest__published=True)
        )
    out = []
    for one in singles:
        rows = event_standings(one.event)
        row = next((r for r in rows if r.pair == one.label), None)
        out.append(
            Played(
                event=one.event,
                pair=one.label,
                partner="",
                score=row.display if row else "",
                percent=row.percent_value if row else None,
                points=row.score if row else None,
                rank=row.rank if row else "",
                field_size=len(rows),
                place=f"{row.rank} of {len(rows)}" if row is not None and row.rank else "",
                individual=True,
            )
        )
    return out


def _team_played(event: Event, pair: str, team: str, partner: str) -> Played:
    """A team match played: the team's rounded total (Law G) and how the match ended."""
    match, pending = match_result(event)
    score = match.teams.get(team) if match is not None else None
    return Played(
        event=event,
        pair=pair,
        partner=partner,
        score=f"Team {team} {score.rounded}" if score is not None else "",
        percent=None,
        points=score.rounded if score is not None else None,
        rank="",
        field_size=2,
        place=team_place(match, team, pending) if match is not None else "",
    )


def history_chart(played: list[Played]) -> charts.History | None:
    return charts.history([p.percent for p in played if p.percent is not None])


@dataclass(frozen=True)
class SeasonRow:
    """A season's line for one member, as its page and files show it."""

    member: Member
    played: int
    counted: int
    score: str  # "62.00" (%) or "+105 1/2"
    exact: Fraction
    rank: str
    shown: str = ""  # the member's name as the public pages show it (.names)


def season_events(season: Season, *, public: bool) -> list[Event]:
    events = Event.objects.filter(season=season, club=season.club, form__in=SEASON_FORMS)
    if public:
        events = events.filter(published())
    return list(events.order_by("date", "pk"))


def season_standings(season: Season, *, public: bool = True) -> list[SeasonRow]:
    """The season's standings under its rule, from its published evenings (the director's
    view counts the unpublished too, to see where it stands before publishing)."""
    values: dict[int, list[Fraction]] = {}
    for event in season_events(season, public=public):
        if event.method != season.method:
            continue  # a season holds one kind; an evening of the other kind is left out
        labels = {r.pair: r for r in event_standings(event)}
        for label, member_id in entrants(event):
            row = labels.get(label)
            if row is None:
                continue
            value = row.percent_value if season.by_matchpoints else Fraction(row.score)
            if value is not None:
                values.setdefault(member_id, []).append(value)
    lines: list[SeasonLine[int]]
    if season.by_matchpoints:
        lines = matchpoint_season(values, best=season.best, at_least=season.at_least)
    else:
        lines = total_season(values)
    members = Member.objects.in_bulk([line.member for line in lines])
    shown = public_names(members.values())
    return [
        SeasonRow(
            member=members[line.member],
            played=line.played,
            counted=len(line.counted),
            score=two_decimals(line.score) if season.by_matchpoints else signed_exact(line.score),
            exact=line.score,
            rank=line.rank,
            shown=shown[line.member],
        )
        for line in lines
        if line.member in members
    ]


def signed_exact(x: Fraction) -> str:
    """A season's points: whole when whole, else with its fraction ("+105 1/2")."""
    if x.denominator == 1:
        return signed(x)
    whole = int(x)  # towards zero
    rest = abs(x - whole)
    sign = "-" if x < 0 else "+"
    return f"{sign}{abs(whole)} {rest.numerator}/{rest.denominator}" if whole else f"{sign}{rest}"


def front_page(club: Club) -> tuple[list[Event], list[Season]]:
    """The club's published evenings (latest first; a league's or contest's are on its own
    page, :func:`tournament.views.events.published_events`) and its current seasons."""
    events = list(Event.objects.filter(club=club, published=True).order_by("-date", "-pk")[:30])
    seasons = list(Season.objects.filter(club=club, current=True))
    return events, seasons


def season_candidates(club: Club, season: Season) -> list[Event]:
    """The club's pair events a season of this kind may hold: its own and those in none."""
    return list(
        Event.objects.filter(club=club, form__in=SEASON_FORMS, method=season.method)
        .filter(Q(season__isnull=True) | Q(season=season))
        .order_by("-date", "name")
    )


ALPHABET36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def short_code(pair_pk: int) -> str:
    """A pair's short link code: its key in base 36 ("/p/2s/"), read back by ``int(code, 36)``."""
    n, digits = pair_pk, ""
    while True:
        n, d = divmod(n, 36)
        digits = ALPHABET36[d] + digits
        if n == 0:
            return digits


@dataclass(frozen=True)
class Letter:
    """A member's score card by e-mail: to whom, and what it says."""

    member: Member
    address: str
    subject: str
    body: str


def score_card_letters(event: Event, link: Callable[[Pair], str]) -> list[Letter]:
    """Each member with an e-mail address who played the event: his pair's score, place and
    the short link to its score card (``link(pair)``, a full URL)."""
    rows = {r.pair: r for r in event_standings(event)} if event.form == Form.PAIRS else {}
    players = (
        Player.objects.filter(pair__event=event, member__isnull=False)
        .exclude(member__email="")
        .select_related("member", "pair")
        .prefetch_related("pair__player_set")
        .order_by("pair__label", "position")
    )
    letters = []
    for player in players:
        member, pair = player.member, player.pair
        assert member is not None
        partner = " & ".join(p.name for p in pair.player_set.all() if p.pk != player.pk and p.name)
        said = f"You played as pair {pair.label}" + (f" with {partner}" if partner else "")
        letters.append(_letter(event, member, said, rows.get(pair.label), link(pair)))
    return letters


def _letter(event: Event, member: Member, said: str, row: StandingRow | None, card: str) -> Letter:
    """One member's score-card letter: who he played as (``said``), his score and place
    when the standings have his row, and the link to his card."""
    club = event.club
    if row is not None:
        score = f"{row.percent}%" if row.percent else row.display
        said += f": {score}, place {row.rank}"
    lines = [f"Dear {member.name},", "", f"The results of {event.name} ({event.date}) are out."]
    lines += [said + ".", "", f"Your score card: {card}", "", f"{club.name}"]
    return Letter(
        member=member,
        address=member.email,
        subject=f"{club.short_name or club.name}: your score card, {event.name}",
        body="\n".join(lines) + "\n",
    )


def individual_letters(event: Event, link: Callable[[str], str]) -> list[Letter]:
    """Each member with an e-mail address who played the individual: his own score,
    place and the link to his score card (``link(label)``, a full URL)."""
    rows = {r.pair: r for r in event_standings(event)}
    singles = (
        Individual.objects.filter(event=event, member__isnull=False)
        .exclude(member__email="")
        .select_related("member")
    )
    letters = []
    for one in sorted(singles, key=lambda i: int(i.label) if i.label.isdigit() else 0):
        member = one.member
        assert member is not None
        said = f"You played as player {one.label}"
        letters.append(_letter(event, member, said, rows.get(one.label), link(one.label)))
    return letters
