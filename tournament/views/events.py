"""Results pages: standings, travellers and score cards.

Public once the director publishes; always visible to the event's directors,
live while the event runs (the page polls a fragment).  While the event is
being played the public sees the standings and only the finished boards'
travellers and score-card lines (:func:`tournament.access.visibility`).
"""

from __future__ import annotations

import datetime
import weakref
from collections.abc import Callable, Iterable
from functools import cache

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe
from django.views.decorators.http import condition
from django_tables2 import RequestConfig

from scoring import pair_label_key, parse_pbn_deal
from scoring.every_code import every_code
from scoring.fractions_fmt import two_decimals

from ..access import (
    Visibility,
    can_direct,
    directs_group,
    publication,
    results_view,
    visibility,
)
from ..errors import ServiceError
from ..models import Board, Club, Contest, Event, Individual, League, Pair, Result
from ..queries import (
    charts,
    contests,
    corrections,
    hand_records,
    individual_standings,
    pagecache,
    score_cards,
    standings,
    travellers,
)
from ..queries.club import short_code
from ..queries.names import public_names
from ..room.address import absolute_url
from ..tables import StandingsTable, TravellerTable


def board_list(numbers: Iterable[int]) -> str:
    """Board numbers as a reader says them: "1-4, 7, 9-10"."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def published_events(request: HttpRequest) -> HttpResponse:
    """The public results: published events, leagues and contests, newest first.

    A match or section of a published league or contest is reached from the
    group's page (it is public with it), so it is not listed again on its own.
    """
    events = (
        Event.objects.filter(published=True)
        .exclude(league__published=True)
        .exclude(contest__published=True)
        .select_related("club")
    )
    leagues = League.objects.filter(published=True).select_related("club")
    contests = Contest.objects.filter(published=True).select_related("club")
    entries: list[tuple[datetime.date, str, str, Event | League | Contest]]
    entries = [(e.date, e.name, "event", e) for e in events]
    entries += [(g.date, g.name, "league", g) for g in leagues]
    entries += [(g.date, g.name, "contest", g) for g in contests]
    entries.sort(key=lambda x: x[1])
    entries.sort(key=lambda x: x[0], reverse=True)
    return render(
        request,
        "events/list.html",
        {
            "entries": [(kind, obj) for _, _, kind, obj in entries],
            "events": events,
            # Where the service hosts several clubs, each result says whose it is.
            "clubs_named": Club.objects.count() > 1,
        },
    )


def _scope_context(request: HttpRequest, event: Event, pair: Pair | None = None) -> dict:
    """Whom a section's figures compare, whether the championship's page may be opened
    here, and (a score card) the pair's own figure across the sections beside its own."""
    scope = contests.section_scope(event)
    if scope is None:
        return {}
    contest = scope.contest
    link = contest.published or directs_group(request.user, contest)
    context: dict = {"scope": scope, "scope_link": link}
    if pair is not None and link and scope.across:
        try:
            table = contests.session_table(contest, scope.session)
        except ServiceError:
            table = []  # the sections hold different deals: the contest's page says so
        label = scope.section + pair.label
        row = next((r for r in table if r.pair == label), None)
        if row is not None:
            context["across_row"] = row
            context["across_percent"] = two_decimals(row.percent) if row.percent is not None else ""
    return context


# Standings rows a page, per field: more than a club's field (a 40-table Mitchell
# has 40 pairs a direction), so only a congress-sized field is split.
STANDINGS_PAGE = 50


def _standings_context(
    request: HttpRequest, event: Event, read: Callable[[], standings.EventRows] | None = None
) -> dict:
    context: dict = {"event": event, "director": can_direct(request.user, event)}
    if event.is_team_match:
        match = standings.team_match(event)
        names = {t.label: t.name for t in event.team_set.all()}
        context["match"] = match
        context["pending"] = standings.team_boards_pending(event)
        if match is not None:
            context["team_rows"] = [
                (label, names.get(label, ""), s) for label, s in match.teams.items()
            ]
            context["winner_name"] = names.get(match.winner or "", "")
            context["margin_chart"] = standings.team_margin_chart(event, match)
            context["team_names"] = names
        return context
    if event.is_individual:  # by player, one field (docs/laws/duplicate.md, "Individuals")
        rows = individual_standings.individual_contest(event, read() if read else None)
    else:
        rows = standings.pair_contest(event, read() if read else None)
    context["factor_to"] = standings.factored_to(rows)
    fields: dict[str | None, list] = {}
    for row in rows:
        fields.setdefault(row.direction, []).append(row)
    tables = []
    for direction, field_rows in fields.items():
        table = StandingsTable(
            field_rows,
            event=event,
            method=event.method,
            exact=standings.exact_adds(field_rows),
            prefix=f"{direction or 'all'}-",
            individual=event.is_individual,
        )
        # Sorted as asked ("NS-sort=names"), a page of STANDINGS_PAGE rows at a time
        # ("NS-page=2"): a club's field fits on one page; a field of 1,000 pairs is
        # not rendered whole on every view and poll (docs/decisions/standings-rows.md).
        # A page that does not
        # exist shows the nearest one.
        RequestConfig(request, paginate={"per_page": STANDINGS_PAGE}).configure(table)
        title = {"NS": "North-South", "EW": "East-West", None: "All pairs"}[direction]
        if event.is_individual:
            title = "All players"
        start = table.page.start_index() - 1 if field_rows else 0
        shown = field_rows[start : start + STANDINGS_PAGE]  # the same places as the page
        tables.append((title, table, standings.standings_chart(shown, event)))
    context["tables"] = tables
    return context


def _score_card_links(event: Event) -> str:
    """The links to every pair's score card, in pair order, as HTML.

    Kept under the event's pairs' labels, which are all they are made of: a result
    entered or corrected moves the event's stamp but changes no link, and a field of
    2,000 pairs' links is 2,000 ``reverse()`` calls (docs/decisions/standings-rows.md).
    """
    entries = Individual if event.is_individual else Pair
    labels = sorted(
        entries.objects.filter(event=event).values_list("label", flat=True), key=pair_label_key
    )
    view, who = ("event_player", "player") if event.is_individual else ("event_pair", "pair")
    return pagecache.cached(
        "pair-links",
        event,
        "pairs",
        "\n".join(labels),
        lambda: format_html_join(
            "",
            '<a href="{}" aria-label="Score card of {} {}">{}</a>',
            ((reverse(view, args=[event.pk, label]), who, label, label) for label in labels),
        ),
    )


# The event's stamp as a request read it: the ETag and the page are named by one reading
# (one query), which must come before anything the page is made of (see pagecache).
_STAMPS: weakref.WeakKeyDictionary[HttpRequest, str] = weakref.WeakKeyDictionary()


def _stamp(request: HttpRequest, event: Event) -> str:
    stamp = _STAMPS.get(request)
    if stamp is None:
        stamp = _STAMPS[request] = pagecache.event_stamp(event)
    return stamp


def _standings_variant(request: HttpRequest, event: Event) -> str:
    """What tells apart the viewers of one state of the standings: a director's view, and
    the sort order and page asked for (not whether it is the polled fragment)."""
    query = request.GET.copy()
    query.pop("fragment", None)
    return f"{can_direct(request.user, event)}?{query.urlencode()}"


def _standings_etag(request: HttpRequest, event: Event) -> str | None:
    """The polled fragment's ETag: its name in the page cache, so a poll whose browser
    already holds this state gets 304 Not Modified (Django's ``condition``).  None for
    the whole page, which carries more than the standings (the viewer's messages)."""
    if not request.GET.get("fragment"):
        return None
    variant = _standings_variant(request, event)
    return pagecache.etag("standings", event, _stamp(request, event), variant)


@results_view
@condition(etag_func=_standings_etag)
def event_standings(request: HttpRequest, event: Event) -> HttpResponse:
    """The standings (polled as a fragment every 15 s while the event runs).

    What costs the whole event's comparison (the standings tables, the publication
    rule) is kept under the event's stamp (:mod:`tournament.queries.pagecache`): a repeat
    view or a poll with nothing new reads one small query, and a poll whose browser
    already holds this state gets 304 Not Modified (:func:`_standings_etag`).
    """
    stamp = _stamp(request, event)  # first: see pagecache on why
    # The event's result rows, read once if the standings or the publication rule
    # must be worked out afresh (both read every line), and not at all if neither.
    rows = cache(lambda: standings.EventRows(event))
    director = can_direct(request.user, event)
    query = request.GET.copy()
    fragment = bool(query.pop("fragment", None))
    variant = _standings_variant(request, event)
    if event.is_team_match:  # two teams: cheap, and its team names are not in the stamp
        html = render_to_string("events/_standings.html", _standings_context(request, event))
    else:
        html = pagecache.cached(
            "standings",
            event,
            stamp,
            variant,
            lambda: render_to_string(
                "events/_standings.html", _standings_context(request, event, rows), request
            ),
        )
    if fragment:
        response = HttpResponse(html)
        response["Cache-Control"] = "private, no-cache"  # the browser asks again each poll
        return response
    pub = pagecache.cached(
        "publication", event, stamp, "", lambda: publication(event, rows().versions())
    )
    vis = Visibility(publication=pub, everything=pub.over or director)
    context: dict = {"event": event, "director": director, "standings_html": mark_safe(html)}
    context.update(_scope_context(request, event))
    context["poll_url"] = f"{request.path}?{query.urlencode()}&fragment=1".replace("?&", "?")
    numbers = list(Board.objects.filter(event=event).values_list("number", flat=True))
    context["boards"] = [n for n in numbers if vis.shows(n)]
    context["hidden"] = board_list(vis.hidden)
    if director and event.is_public and not vis.publication.over:
        context["public_boards"] = board_list(vis.publication.finished) or "none"
        context["public_pending"] = board_list(vis.publication.unfinished)
    context["pair_links"] = pagecache.cached(
        "score-card-links", event, stamp, "", lambda: _score_card_links(event)
    )
    return render(request, "events/standings.html", context)


# Traveller lines a page: a club's board (a few dozen tables) is one page; a board of a
# congress (hundreds of tables) is shown a page at a time, its summary and its chart of
# every line above each page (docs/decisions/big-pages.md).
TRAVELLER_PAGE = 100


@results_view
def event_traveller(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """A board's traveller; while other tables have still to play it, a "not yet" page
    that names no contract and no score of it.

    The traveller (its lines compared, its chart, the page of lines asked for) is
    rendered once a state of the event and kept under its stamp
    (:mod:`tournament.queries.pagecache`); what is read fresh on every view is small: the
    board, the publication rule (kept too), the neighbours and the par (a solve job
    writes a board's double-dummy table without moving the stamp).
    """
    stamp = pagecache.event_stamp(event)  # first: see pagecache on why
    board = get_object_or_404(Board, event=event, number=number)
    director = can_direct(request.user, event)
    pub = pagecache.cached("publication", event, stamp, "", lambda: publication(event))
    pending = not Visibility(publication=pub, everything=pub.over or director).shows(number)
    previous, following = board.neighbours()
    context: dict = {
        "event": event,
        "board": board,
        "pending": pending,
        "director": director,
        "previous": previous,
        "next": following,
        **_scope_context(request, event),
    }
    if not pending:

        def build() -> str:
            return render_to_string(
                "events/_traveller.html", _traveller_context(request, event, board), request
            )

        # Nothing in the traveller differs between viewers who may see it but the query
        # (the page of lines, the pair marked), so that is the variant.  A team match
        # (a board of a few tables) names its teams, which are not in the stamp.
        html = (
            build()
            if event.is_team_match
            else pagecache.cached(
                "traveller", event, stamp, f"{number}?{request.GET.urlencode()}", build
            )
        )
        context["traveller_html"] = mark_safe(html)  # rendered by the template, escaped there
        context["par"] = hand_records.par_of(board)
        # Apart from the traveller: the public reads roles, the directors names
        # (tournament.queries.corrections, kept under the stamp too).
        if corrections.shown(event, director=director):
            context["record"] = corrections.records(event, [number], director=director, stamp=stamp)
    return render(request, "events/traveller.html", context)


def _traveller_context(request: HttpRequest, event: Event, board: Board) -> dict[str, object]:
    """What the traveller fragment shows: every line compared, the page of them asked
    for (django-tables2's pagination, :class:`tournament.tables.TravellerTable`), the
    chart of them all and the notes on its adjusted scores."""
    lines = travellers.traveller(event, board)
    ours = request.GET.get("pair", "")
    table = TravellerTable(lines)
    paginate: dict[str, object] = {"per_page": TRAVELLER_PAGE}
    if ours and table.prefixed_page_field not in request.GET:
        # From a score card: the page that holds the pair's line.
        at = next(
            (i for i, tl in enumerate(lines) if ours in (tl.result.ns.label, tl.result.ew.label)),
            0,
        )
        paginate["page"] = at // TRAVELLER_PAGE + 1
    RequestConfig(request, paginate=paginate).configure(table)
    return {
        "event": event,
        "board": board,
        "lines": lines,
        "table": table,
        "page_lines": [row.record for row in table.paginated_rows],
        "paged": table.paginator.num_pages > 1,
        "adjusted_notes": travellers.adjusted_notes(event, board, lines),
        **_spread_context(event, lines, ours),
        **travellers.team_columns(event, lines),
    }


def _spread_context(
    event: Event, lines: list[travellers.TravellerLine], ours: str = ""
) -> dict[str, object]:
    """The traveller's score-spread charts from the very lines of its table,
    as compared (:func:`tournament.queries.charts.spread_of_lines`): every line with a net score, a
    Law B artificial or a weighted one marked as such, and the average the table's
    "+/- average" columns use (Law H; a team match has none, Law G), one chart a version
    of a fouled board.
    ``ours``: the pair whose score card led here; its line and its bar are marked."""
    compared = [tl.line for tl in lines if tl.line is not None]
    spreads = charts.spread_of_lines(
        compared,
        total_points=not event.by_matchpoints,
        ours=ours,
        team_match=event.is_team_match,  # Law G: no average to compare with
    )
    mine = next(
        (tl.result for tl in lines if ours in (tl.result.ns.label, tl.result.ew.label)), None
    )
    return {"spreads": spreads, "ours": ours if mine is not None else ""}


def _member_links(event: Event, pair: Pair) -> list[tuple[int, str]]:
    """The pair's members whose public pages the score card links: (key, the name the
    public pages show, :mod:`tournament.queries.names`); none before publication."""
    if not event.is_public:
        return []
    linked = [pl.member for pl in pair.player_set.select_related("member") if pl.member]
    shown = public_names(linked)
    return [(m.pk, shown[m.pk]) for m in linked]


@results_view
def event_pair(request: HttpRequest, event: Event, label: str) -> HttpResponse:
    """A pair's score card: the lines of the boards this viewer may see, and how many are not."""
    stamp = pagecache.event_stamp(event)  # first: see pagecache on why
    pair = get_object_or_404(Pair, event=event, label=label)
    # The event's result rows, read once if the publication rule or the field's running
    # best must be worked out afresh (both read every line), and not at all if neither.
    read = cache(lambda: standings.EventRows(event))
    pub = pagecache.cached(
        "publication", event, stamp, "", lambda: publication(event, read().versions())
    )
    director = can_direct(request.user, event)
    vis = Visibility(publication=pub, everything=pub.over or director)
    rows = score_cards.score_card(event, pair, stamp)
    shown = [row for row in rows if vis.shows(row["board"])]
    # The player's evening: only the boards this viewer may see, against par and the field.
    boards_evening, evening_summary = score_cards.evening(event, shown, stamp)
    shown = [{**row, "evening": boards_evening.get(row["board"])} for row in shown]
    # The rounds it has no boards for, each saying why (a sit-out, a late start, a
    # withdrawal), in their places among the boards.
    gaps = [{**g, "gap": True} for g in score_cards.rounds_not_played(event, pair)]
    lines = sorted([*shown, *gaps], key=lambda row: (row["round"], row.get("board", 0)))
    visible = {
        b
        for b in Board.objects.filter(event=event).values_list("number", flat=True)
        if vis.shows(b)
    }
    return render(
        request,
        "events/score_card.html",
        {
            "event": event,
            "pair": pair,
            "rows": lines,
            "mark": standings.field_marks(event).get(pair.label, ""),
            "hidden_count": len(rows) - len(shown),
            "evening_summary": evening_summary,
            "short_url": absolute_url(request, reverse("short_link", args=[short_code(pair.pk)])),
            "members": _member_links(event, pair),
            "record": (
                corrections.records(event, visible, director=director, pair=pair, stamp=stamp)
                if corrections.shown(event, director=director)
                else []
            ),
            **score_cards.score_card_charts(event, pair, visible, rows, stamp, read),
            **_scope_context(request, event, pair),
        },
    )


@results_view
def result_every_code(request: HttpRequest, event: Event, result_id: int) -> HttpResponse:
    """One result scored again under every code and duplicate contract bridge:
    how the laws changed the game.  Only for a board this viewer may see."""
    result = get_object_or_404(
        Result.objects.filter(event=event).live().select_related("board", "ns", "ew"),
        pk=result_id,
    )
    if not visibility(request.user, event).shows(result.board.number) or result.adjusted:
        raise Http404("Not a result this page can show")
    scores = every_code(
        result.contract,
        event.laws,
        declarer=result.declarer or "N",
        tricks=result.tricks or 0,
        board=result.board.number,
        dealer=result.board.dealer,
        honours=result.honours,
        deal=parse_pbn_deal(result.board.deal) if result.board.deal else None,
        had_penalties=bool(result.penalties or result.revokes_ns or result.revokes_ew),
    )
    return render(
        request,
        "events/every_code.html",
        {"event": event, "result": result, "scores": scores},
    )
