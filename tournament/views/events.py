"""Results pages: standings, travellers and score cards.

Public once the director publishes; always visible to the event's directors,
live while the event runs (the page polls a fragment).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from scoring import pair_label_key

from .. import standings
from ..access import can_direct, results_view
from ..models import Board, Event, Pair
from ..tables import StandingsTable


def published_events(request: HttpRequest) -> HttpResponse:
    events = Event.objects.filter(published=True).order_by("-date", "name")
    return render(request, "events/list.html", {"events": events})


def _standings_context(request: HttpRequest, event: Event) -> dict:
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
        return context
    rows = standings.pair_contest(event)
    fields: dict[str | None, list] = {}
    for row in rows:
        fields.setdefault(row.direction, []).append(row)
    tables = []
    for direction, field_rows in fields.items():
        table = StandingsTable(
            field_rows, event=event, method=event.method, prefix=f"{direction or 'all'}-"
        )
        table.paginate = False
        order = request.GET.get(f"{direction or 'all'}-sort")
        if order:
            table.order_by = order
        title = {"NS": "North-South", "EW": "East-West", None: "All pairs"}[direction]
        tables.append((title, table))
    context["tables"] = tables
    return context


@results_view
def event_standings(request: HttpRequest, event: Event) -> HttpResponse:
    context = _standings_context(request, event)
    context["boards"] = Board.objects.filter(event=event)
    context["pairs"] = sorted(
        Pair.objects.filter(event=event).values_list("label", flat=True),
        key=pair_label_key,
    )
    template = "events/_standings.html" if request.GET.get("fragment") else "events/standings.html"
    return render(request, template, context)


@results_view
def event_traveller(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    board = get_object_or_404(Board, event=event, number=number)
    lines = standings.traveller(event, board)
    previous, following = board.neighbours()
    return render(
        request,
        "events/traveller.html",
        {
            "event": event,
            "board": board,
            "lines": lines,
            "director": can_direct(request.user, event),
            "previous": previous,
            "next": following,
        },
    )


@results_view
def event_pair(request: HttpRequest, event: Event, label: str) -> HttpResponse:
    pair = get_object_or_404(Pair, event=event, label=label)
    rows = standings.score_card(event, pair)
    return render(request, "events/score_card.html", {"event": event, "pair": pair, "rows": rows})
