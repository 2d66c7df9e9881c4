"""Results pages: standings, travellers and score cards.

Public once the director publishes; always visible to the event's directors,
live while the event runs (the page polls a fragment).
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from .. import services, standings
from ..models import Board, Event, Pair
from ..tables import StandingsTable


def _visible(request: HttpRequest, pk: int) -> Event:
    event = get_object_or_404(Event, pk=pk)
    if not services.can_view(request.user, event):
        raise Http404("No such event")
    return event


def published_events(request: HttpRequest) -> HttpResponse:
    events = Event.objects.filter(published=True).order_by("-date", "name")
    return render(request, "events/list.html", {"events": events})


def _standings_context(request: HttpRequest, event: Event) -> dict:
    context: dict = {"event": event, "director": services.can_direct(request.user, event)}
    if event.form == "teams":
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


def event_standings(request: HttpRequest, pk: int) -> HttpResponse:
    event = _visible(request, pk)
    context = _standings_context(request, event)
    context["boards"] = Board.objects.filter(event=event)
    context["pairs"] = sorted(
        Pair.objects.filter(event=event).values_list("label", flat=True),
        key=lambda p: (p[0].isdigit(), p.lstrip("AB").zfill(4), p),
    )
    template = "events/_standings.html" if request.GET.get("fragment") else "events/standings.html"
    return render(request, template, context)


def event_traveller(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    event = _visible(request, pk)
    board = get_object_or_404(Board, event=event, number=number)
    lines = standings.traveller(event, board)
    return render(
        request,
        "events/traveller.html",
        {
            "event": event,
            "board": board,
            "lines": lines,
            "director": services.can_direct(request.user, event),
            "previous": number - 1 if number > 1 else None,
            "next": number + 1
            if Board.objects.filter(event=event, number=number + 1).exists()
            else None,
        },
    )


def event_pair(request: HttpRequest, pk: int, label: str) -> HttpResponse:
    event = _visible(request, pk)
    pair = get_object_or_404(Pair, event=event, label=label)
    rows = standings.score_card(event, pair)
    return render(request, "events/score_card.html", {"event": event, "pair": pair, "rows": rows})
