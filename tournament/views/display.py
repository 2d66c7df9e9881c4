"""The room display: a projector or TV page for the whole room, and its refresh.

Reached without a login through its own private link (made on the control
panel), or at the event's address once the results are published.  It shows
the round, the round timer, where everyone goes at the end of the round, calls
for the director and, when the director chooses, the standings: never a hand,
a contract or a board's score.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from scoring.movements import Movement, wording

from ..access import results_view
from ..choices import TimerPhase
from ..models import Event, Seating
from ..queries import individual_standings, standings, tablet
from ..queries import individuals as individual_reads
from ..room.clubtime import use_clubs_clock
from ..services import movement_for
from ..services.display import current_round, timer_state
from .club import results_qr


def _moves(event: Event, movement: Movement, round_no: int) -> list[dict[str, Any]]:
    """Each table's move at the end of ``round_no``, as the guide cards say it: the
    pairs' and boards' moves in short, and in the cards' words the boards' moves that
    are not one table's plain pass (a share, the bystand, a rest)."""
    seatings = Seating.objects.filter(event=event, round=round_no).select_related("ns", "ew")
    out = []
    for s in seatings:
        move = movement.next_move(round_no, s.table)
        words = wording.table_words(movement, round_no, s.table)
        out.append({"seating": s, "move": move, "notes": words.board_notes})
    return out


def display_context(event: Event) -> dict[str, Any]:
    """What the display shows.  While the clock runs it names the round: the headline,
    the clock and the moves are then of one round (during a change-over, the moves of
    the round just played, the clock counting down to the next), never one round's
    clock under another round's number.  Without a clock the round in play is named."""
    rounds = event.round_set.count()
    timer = timer_state(event, rounds=rounds)
    if timer.state != "stopped" and timer.round is not None:
        number: int | None = timer.round
        ended: int | None = timer.round - 1 if timer.phase == TimerPhase.CHANGE else timer.round
    else:
        rnd = current_round(event)
        number = ended = rnd.number if rnd else None
    movement = movement_for(event)
    context: dict[str, Any] = {
        "event": event,
        "round_no": number,
        "moves_round": ended,
        "rounds": rounds,
        "timer": timer,
        "moves": _moves(event, movement, ended) if ended else [],
        # Pairs back from a sit-out and late pairs joining: no table's move names them.
        "arrivals": movement.arrivals(ended) if ended else [],
        "bystand": wording.bystand_words(movement, ended) if ended else "",
        "calls": tablet.open_calls(event.pk),
    }
    if event.is_individual and ended:
        # The players move, not the partnerships: each player's move, and each table's
        # boards in the cards' words (scoring.individual_moves, docs/laws/duplicate.md).
        names = individual_reads.names_of(event)
        context["player_moves"] = [
            {
                "move": m,
                "name": names.get(m.player, ""),
                "stays": (m.now.table, m.now.seat) == (m.next.table, m.next.seat),
            }
            for m in individual_reads.moves_of(event, ended)
        ]
        context["board_moves"] = [
            (m["seating"].table, m["notes"]) for m in context["moves"] if m["notes"]
        ]
        context["arrivals"], context["bystand"] = [], ""
    if event.display_standings:
        if event.is_individual:
            context["standing_rows"] = individual_standings.individual_contest(event)
        elif event.is_team_match:
            context["match"] = standings.team_match(event)
            context["teams"] = {t.label: str(t) for t in event.team_set.all()}
        else:
            context["standing_rows"] = standings.pair_contest(event)
    return context


def _render(request: HttpRequest, event: Event, refresh_url: str) -> HttpResponse:
    context = display_context(event)
    context["refresh_url"] = refresh_url
    context["refresh_seconds"] = settings.DISPLAY_REFRESH_SECONDS
    if context["round_no"] is None and event.is_public:  # the evening is over: where to look
        context["results_url"], context["results_qr"] = results_qr(request, event)
    template = "display/_room.html" if request.GET.get("fragment") else "display/room.html"
    response = render(request, template, context)
    response["Cache-Control"] = "no-store"
    response["X-Robots-Tag"] = "noindex"
    return response


def room_display(request: HttpRequest, token: str) -> HttpResponse:
    """The display's private link: no login, any time (the director made it)."""
    event = (
        Event.objects.filter(display_token=token).select_related("club").first() if token else None
    )
    if event is None:
        raise Http404("This room display link is not (or no longer) valid")
    use_clubs_clock(event.club)
    return _render(request, event, request.path)


@results_view
def event_display(request: HttpRequest, event: Event) -> HttpResponse:
    """The same display at the event's address, for anyone once results are published."""
    return _render(request, event, request.path)
