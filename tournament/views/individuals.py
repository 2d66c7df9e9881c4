"""An individual's score card: one player's boards, each with his seat, his partner,
his opponents, his side's net score and his comparison (docs/laws/duplicate.md,
"Individuals"), against par and the field with his evening in words
(:mod:`scoring.pairs.evening`, as a pair's), and the record of corrections of the lines
he sat at.  Public once the director publishes, and then only the boards every table
has played (:func:`tournament.access.publication`), as a pair's card."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from ..access import Visibility, can_direct, publication, results_view
from ..models import Board, Event, Individual
from ..queries import corrections, individual_standings, pagecache, score_cards
from ..queries.individuals import places_of


@results_view
def event_player(request: HttpRequest, event: Event, label: str) -> HttpResponse:
    """A player's score card: the lines of the boards this viewer may see, and how many
    are not."""
    if not event.is_individual:
        raise Http404("This event's entries are pairs")
    stamp = pagecache.event_stamp(event)  # first: see pagecache on why
    player = get_object_or_404(Individual, event=event, label=label)
    pub = pagecache.cached("publication", event, stamp, "", lambda: publication(event))
    director = can_direct(request.user, event)
    vis = Visibility(publication=pub, everything=pub.over or director)
    rows = individual_standings.player_card(event, player.label)
    shown = [row for row in rows if vis.shows(row["board"])]
    hidden = len(rows) - len(shown)
    # His evening: only the boards this viewer may see, against par and the field.
    boards_evening, evening_summary = score_cards.evening(
        event, [row for row in shown if row["result"] is not None], stamp
    )
    shown = [{**row, "evening": boards_evening.get(row["board"])} for row in shown]
    # The rounds he sits out, in their places among his boards: a card never silently
    # lacks a round.
    out = [
        {"round": p.round, "gap": True, "why": "sat out"}
        for p in places_of(event).get(player.label, [])
        if p.sits_out
    ]
    shown = sorted([*shown, *out], key=lambda row: (row["round"], row.get("board", 0)))
    visible = {
        b
        for b in Board.objects.filter(event=event).values_list("number", flat=True)
        if vis.shows(b)
    }
    standing = next(
        (r for r in individual_standings.individual_contest(event) if r.pair == player.label),
        None,
    )
    return render(
        request,
        "events/player_card.html",
        {
            "event": event,
            "player": player,
            "rows": shown,
            "standing": standing,
            "hidden_count": hidden,
            "evening_summary": evening_summary,
            "record": (
                corrections.records(
                    event, visible, director=director, player=player.label, stamp=stamp
                )
                if corrections.shown(event, director=director)
                else []
            ),
        },
    )
