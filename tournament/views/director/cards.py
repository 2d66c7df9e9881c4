"""What goes on the tables: the guide cards from the movement, the table cards
with each table's QR code, and the tablets' links (reissue, PIN, unlock).
"""

from __future__ import annotations

import segno
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from scoring.individual_moves import SEAT_NAMES
from scoring.movements import wording

from ... import services
from ...access import director_view
from ...models import Event, Seating
from ...queries import standings
from ...queries.individuals import names_of
from ...queries.movements import individual_for
from ...services import ServiceError, tablets, user_message
from ..club import results_qr
from . import director_actor


@director_view
def guide_cards(request: HttpRequest, event: Event) -> HttpResponse:
    if event.is_individual:
        return _individual_cards(request, event)
    movement = services.movement_for(event)
    # Who each pair number is and where it starts: after a re-seeding between sessions
    # the numbers are the same and the players at them are not.
    names = standings.pair_names(event)
    starts = []
    for label in movement.pairs:
        first = next(
            (
                (r, *where)
                for r in range(1, movement.rounds + 1)
                if (where := movement.where(label, r))
            ),
            None,
        )
        starts.append({"label": label, "names": names.get(label, ""), "start": first})
    return render(
        request,
        "director/guide_cards.html",
        {
            "event": event,
            "movement": movement,
            "cards": wording.guide_cards(movement),
            "bystand": wording.bystand_rows(movement),
            "starts": starts,
        },
    )


def _individual_cards(request: HttpRequest, event: Event) -> HttpResponse:
    """An individual's guide cards: one a player, each round's table and seat, partner,
    opponents and boards, or that he sits out (the movement's own cards,
    docs/laws/movements.md#individuals)."""
    movement = individual_for(event)
    names = names_of(event)
    cards = [
        {
            **card,
            "name": names.get(card["player"], ""),
            "rounds": [
                {**row, "seat_name": SEAT_NAMES.get(row.get("seat", "").lower(), "")}
                for row in card["rounds"]
            ],
        }
        for card in movement.guide_cards()
    ]
    return render(
        request,
        "director/individual_guide_cards.html",
        {"event": event, "movement": movement, "cards": cards, "names": names},
    )


@director_view
def table_cards(request: HttpRequest, event: Event) -> HttpResponse:
    """One printable card per table: the first round and the QR code of its private link."""
    seatings = {
        s.table: s for s in Seating.objects.filter(event=event, round=1).select_related("ns", "ew")
    }
    # A table that shares a set in some round is told on its card how, round by round,
    # in the guide cards' words; so is a table whose pair sits out the first round.
    words = {c["table"]: c["rounds"] for c in wording.guide_cards(services.movement_for(event))}
    cards = [
        {
            **row,
            "seating": seatings.get(row["link"].table),
            "first": (words.get(row["link"].table) or [None])[0],
            "shares": wording.card_shares(words.get(row["link"].table, [])),
        }
        for row in _link_rows(request, event)
    ]
    results_url, qr = results_qr(request, event)
    return render(
        request,
        "director/table_cards.html",
        {"event": event, "cards": cards, "results_url": results_url, "results_qr": qr},
    )


def _link_rows(request: HttpRequest, event: Event) -> list[dict]:
    """Each table's link and QR code, on the address the tablets use (PUBLIC_URL),
    which need not be the one the director's browser used (127.0.0.1)."""
    from tournament.room.address import absolute_url  # kept here: only this function needs it

    rows = []
    for link in tablets.links(event):
        url = absolute_url(request, reverse("scorer_home", args=[link.token]))
        rows.append(
            {
                "link": link,
                "url": url,
                "qr": segno.make(url, error="m").svg_inline(scale=3),
                "locked": tablets.is_locked(link),
            }
        )
    return rows


@director_view
def table_links(request: HttpRequest, event: Event) -> HttpResponse:
    """Each table's private link (and QR code), its PIN, and reissuing a lost one."""
    if request.method == "POST":
        action = request.POST.get("action")
        table_text = request.POST.get("table", "").strip()
        table = int(table_text) if table_text.isascii() and table_text.isdigit() else 0
        try:
            if action in ("reissue", "pin", "unlock") and not table:
                raise ServiceError(
                    f"there is no table {table_text!r}: choose a table from the list"
                )
            if action == "reissue":
                tablets.reissue(event, table, by=director_actor(request))
                messages.success(
                    request, f"Table {table} has a new link; the old one no longer works."
                )
            elif action == "pin":
                tablets.set_pin(
                    tablets.link_for(event, table),
                    request.POST.get("pin", ""),
                    by=director_actor(request),
                )
                messages.success(
                    request, f"Table {table}: PIN saved. A tablet already open there asks for it."
                )
            elif action == "unlock":
                tablets.unlock(tablets.link_for(event, table), by=director_actor(request))
                messages.success(request, f"Table {table} is unlocked: its tablet may try again.")
            elif action == "random-pins":
                for link in tablets.links(event):
                    tablets.set_pin(link, tablets.random_pin(), by=director_actor(request))
                messages.success(request, "Every table has a new PIN.")
        except ServiceError as e:
            messages.error(request, user_message(e))
        return redirect("director_links", event.pk)
    return render(
        request, "director/links.html", {"event": event, "rows": _link_rows(request, event)}
    )
