"""The table's first round, where the event asks it: each seat keys its member number
(or a guest's name), and the table confirms the four names (docs/scorers.md).

The page shows names only, never a member's number or details: a seat's number is on
the screen only as that seat typed it, while the page asks again after a refusal.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from scoring.movements.partnerships import partners

from ...access import table_view
from ...forms.scorer import SeatsForm
from ...models import Seating, SeatName, TableLink
from ...queries import seats as seat_reads
from ...services import Actor, ServiceError, seats, user_message
from ...services.results import MAX_KEY
from .table import current_round, submission_key


def asking(link: TableLink, seating: Seating) -> bool:
    """Whether the table's round page waits for its seats: the event asks, this is the
    table's first round, and some seat it asks is not yet confirmed."""
    if not link.event.seats_at_table:
        return False
    first = seat_reads.first_seating(link.event, link.table)
    if first is None or first.round != seating.round:
        return False
    done = SeatName.objects.filter(event=link.event, table=link.table).exclude(
        state=SeatName.State.KEYED
    )
    return done.count() < len(seat_reads.seat_players(first))


@require_http_methods(["GET", "POST"])
@table_view
def scorer_seats(request: HttpRequest, link: TableLink) -> HttpResponse:
    event = link.event
    first = seat_reads.first_seating(event, link.table)
    if not event.seats_at_table or first is None:
        raise Http404("This event does not ask the players for their numbers")
    current = current_round(link)
    if current is None or not asking(link, current):
        return redirect("scorer_home", link.token)
    asked = seat_reads.seat_players(first)
    by_seat = tuple(asked)
    form = SeatsForm(seats=by_seat)
    if request.method == "POST" and request.POST.get("do") == "confirm":
        key = request.POST.get("key", "")[:32]
        by = Actor.tablet(link.table, submission_key(link, key)[:MAX_KEY] if key else "")
        try:
            confirmed = seats.confirm_seats(event, link.table, by=by)
        except ServiceError as e:
            messages.error(request, user_message(e))
            return redirect("scorer_seats", link.token)
        if any(s.state == SeatName.State.CLASH for s in confirmed):
            messages.info(request, "Names confirmed; the director will check one of them.")
        else:
            messages.success(request, "Names confirmed. Play on.")
        return redirect("scorer_home", link.token)
    if request.method == "POST":
        form = SeatsForm(request.POST, seats=by_seat)
        if form.is_valid():
            typed = [seats.Keyed(s, number, guest) for s, number, guest in form.typed()]
            try:
                refused = seats.key_seats(event, link.table, typed, by=Actor.tablet(link.table))
            except ServiceError as e:
                messages.error(request, user_message(e))
                return redirect("scorer_home", link.token)
            if not refused:
                return redirect("scorer_seats", link.token)
            for seat, why in refused.items():
                form.add_error(f"{seat}-number", why)
    held = {s.seat: s for s in SeatName.objects.filter(event=event, table=link.table)}
    beforehand = not held and seat_reads.named_beforehand(first)
    named = seat_reads.director_names(first) if beforehand else {}
    director = {seat: player.name for seat, player in named.items()}
    rows = [
        {
            "seat": seat,
            "where": seat_reads.SEAT_NAMES[seat],
            # An individual's seat is one player: his own number, not the partnership's.
            "pair": partners(pair.label)[position - 1] if event.is_individual else pair.label,
            "name": held[seat].name if seat in held else director.get(seat, ""),
            "number": form[f"{seat}-number"],
            "guest": form[f"{seat}-guest"],
        }
        for seat, (pair, position) in asked.items()
    ]
    ready = all(r["name"] for r in rows) and not form.errors and "change" not in request.GET
    return render(
        request,
        "scorer/seats.html",
        {
            "link": link,
            "event": event,
            "seating": first,
            "rows": rows,
            "form": form,
            "ready": ready,
            "beforehand": beforehand,
            "key": SeatsForm.new_key(),
        },
    )
