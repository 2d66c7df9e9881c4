"""The control panel: the event as it runs, and what the director does from it.

Progress board by board, closing and reopening rounds, absent tables, the room
display and its clock, publishing, a table's call answered, and the audit trail;
the page polls its progress panel, so this is the director's home for the
evening.
"""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from ... import services
from ...access import director_view, publication
from ...choices import Factoring, TimerFollows
from ...models import AuditEntry, Board, Event, Result, Round, Seating
from ...queries import seats as seat_reads
from ...queries import tablet
from ...services import Actor, ServiceError, display, seats, tablets, user_message
from . import director_actor, mail


def _progress(event: Event) -> tuple[list[dict], list[dict]]:
    """Per round, per table: how many of its boards have live results."""
    seatings = list(Seating.objects.filter(event=event).select_related("ns", "ew"))
    done = dict(
        Result.objects.filter(event=event)
        .live()
        .values("seating")
        .annotate(n=Count("id"))
        .values_list("seating", "n")
    )
    unconfirmed = dict(
        Result.objects.filter(event=event, confirmed=False)
        .live()
        .values("seating")
        .annotate(n=Count("id"))
        .values_list("seating", "n")
    )
    rounds = {r.number: r for r in Round.objects.filter(event=event)}
    again = _to_enter_again(event)
    grid: dict[int, list[dict]] = {}
    missing: list[dict] = []
    for s in seatings:
        need = 0 if (s.sit_out or s.absent) else len(s.board_numbers)
        got = done.get(s.pk, 0)
        cell = {
            "seating": s,
            "need": need,
            "got": got,
            "complete": got >= need,
            "unconfirmed": unconfirmed.get(s.pk, 0),
            "again": again.get(s.pk, []),
        }
        grid.setdefault(s.round, []).append(cell)
        if got < need:
            missing.append(cell)
    rows = [
        {
            "round": rounds[r],
            "cells": cells,
            "complete": all(c["complete"] for c in cells),
            "missing": [c for c in cells if c["got"] < c["need"]],
            # Entered but not yet agreed by the opponents: closing agrees them as they are.
            "unconfirmed": [c for c in cells if c["unconfirmed"]],
            "unconfirmed_count": sum(c["unconfirmed"] for c in cells),
            "nothing_yet": not any(c["got"] for c in cells),
        }
        for r, cells in sorted(grid.items())
    ]
    return rows, missing


def _to_enter_again(event: Event) -> dict[int, list[int]]:
    """The boards each table-round had a result for that was taken out of play (Law B's
    replay or new deal, or removed) with none in its place: by table-round, board numbers.

    Why: after Law B a table whose round is agreed has nothing left to do on its tablet,
    and "1/2" on the panel would not say which board must be played and entered again.
    Read from the results no longer live (corrections' old versions
    among them, few), then whether their boards have a live result there now.
    """
    taken = list(
        Result.objects.filter(event=event, is_live=False).values_list(
            "seating_id", "board_id", "board__number"
        )
    )
    if not taken:
        return {}
    live = set(
        Result.objects.filter(event=event, board_id__in={b for _, b, _ in taken})
        .live()
        .values_list("seating_id", "board_id")
    )
    out: dict[int, set[int]] = {}
    for seating, board, number in taken:
        if (seating, board) not in live:
            out.setdefault(seating, set()).add(number)
    return {seating: sorted(numbers) for seating, numbers in out.items()}


@director_view
def control_panel(request: HttpRequest, event: Event) -> HttpResponse:
    fragment = request.GET.get("fragment")
    if fragment == "calls":  # the band at the top, refreshed on its own and often
        calls = {"event": event, "calls": tablet.open_calls(event.pk)}
        return render(request, "director/_calls.html", calls)
    rows, missing = _progress(event)
    timer = display.timer_state(event)
    context = {
        "event": event,
        "rows": rows,
        "missing_count": len(missing),
        # The tables a director may mark absent: open rounds, nothing entered yet.
        "absent_choices": [
            c["seating"]
            for row in rows
            if not row["round"].closed
            for c in row["cells"]
            if not c["seating"].sit_out and not c["seating"].absent and not c["got"]
        ],
        "boards": Board.objects.filter(event=event),
        "audit": AuditEntry.objects.filter(event=event)[:12],
        "calls": tablet.open_calls(event.pk),
        "movement": services.movement_for(event),
        "publication": publication(event),
        "timer": timer,
        "timer_follows": TimerFollows.choices,
        "factorings": Factoring.choices_for(event.is_individual),
        # The round a start (the round in play) or restart (the clock's round) is for.
        "timer_for": _timer_round(event, timer),
        "display_url": _display_url(request, event),
        # The seats the tables key at their first round: still unnamed, or to settle.
        "seat_board": seat_reads.seat_board(event) if event.seats_at_table else None,
    }
    template = "director/_progress.html" if fragment else "director/panel.html"
    return render(request, template, context)


@require_POST
@director_view
def round_action(request: HttpRequest, event: Event, number: int, action: str) -> HttpResponse:
    try:
        if action == "close":
            services.close_round(event, number, by=director_actor(request))
            messages.success(request, f"Round {number} closed: its results are agreed (Law E).")
        elif action == "reopen":
            services.reopen_round(
                event, number, by=director_actor(request, request.POST.get("reason", ""))
            )
            messages.success(request, f"Round {number} reopened.")
        else:
            raise Http404("No such action")
    except ServiceError as e:
        messages.error(request, user_message(e))
    return redirect("director_event", event.pk)


@require_POST
@director_view
def absent(
    request: HttpRequest, event: Event, number: int | None = None, table: int | None = None
) -> HttpResponse:
    """Mark a table absent (or present again) in a round: from its cell's button, or
    from the panel's one "table absent" form, which names it as ``where=R-T``."""
    if number is None or table is None:
        try:
            number, table = (int(x) for x in request.POST.get("where", "").split("-"))
        except ValueError:
            messages.error(request, "Choose the round and table that is absent.")
            return redirect("director_event", event.pk)
    try:
        services.set_absent(
            event,
            number,
            table,
            request.POST.get("absent") == "1",
            by=director_actor(request, request.POST.get("reason", "")),
        )
    except ServiceError as e:
        messages.error(request, user_message(e))
    return redirect("director_event", event.pk)


@require_POST
@director_view
def room_control(request: HttpRequest, event: Event, action: str) -> HttpResponse:
    """The round timer, the room display and the tablets' running score."""
    by = director_actor(request)
    try:
        if action == "start":
            # The event's round length, or (an older page's form) the minutes it posts.
            text = request.POST.get("minutes", "").strip()
            minutes = _minutes(text, "the round's length") if text else None
            if "changeover" in request.POST and minutes is not None:
                _set_timer(event, request, minutes, by)
            display.start_timer(event, minutes, by=by)
        elif action == "settings":
            _set_timer(
                event, request, _minutes(request.POST.get("minutes", ""), "the round's length"), by
            )
            messages.success(request, "The round timer's settings are saved.")
        elif action == "pause":
            display.pause_timer(event, by=by)
        elif action == "resume":
            display.resume_timer(event, by=by)
        elif action in ("plus", "minus"):
            display.add_minutes(event, 1 if action == "plus" else -1, by=by)
        elif action == "stop":
            display.stop_timer(event, by=by)
        elif action == "standings":
            display.show_standings(event, request.POST.get("shown") == "1", by=by)
        elif action == "running-score":
            display.set_running_score(event, request.POST.get("shown") == "1", by=by)
        elif action == "seats":
            display.set_seats_at_table(event, request.POST.get("shown") == "1", by=by)
        elif action == "auctions":
            display.set_record_auctions(event, request.POST.get("shown") == "1", by=by)
        elif action == "record":
            display.set_record_open(event, request.POST.get("shown") == "1", by=by)
        elif action == "link":
            display.display_link(event, by=by, new=True)
            messages.success(request, "The room display has a new link; the old one stops.")
        else:
            raise Http404("No such control")
    except ServiceError as e:
        messages.error(request, user_message(e))
    return redirect(reverse("director_event", args=[event.pk]) + "#room")


@require_POST
@director_view
def settle_seat(request: HttpRequest, event: Event, table: int, seat: str) -> HttpResponse:
    """A seat whose name at the table differs from the players page: the table's name
    taken, or the director's kept (docs/director/evening.md)."""
    if seat not in seat_reads.SEATS:
        raise Http404("No such seat")
    take_table = request.POST.get("take") == "table"
    try:
        s = seats.settle_seat(event, table, seat, take_table=take_table, by=director_actor(request))
        messages.success(request, f"Table {table}, {s.seat}: {s.name} is named there.")
    except ServiceError as e:
        messages.error(request, user_message(e))
    return redirect(reverse("director_event", args=[event.pk]) + "#seats")


@require_POST
@director_view
def publish(request: HttpRequest, event: Event) -> HttpResponse:
    services.set_published(event, request.POST.get("published") == "1", by=director_actor(request))
    messages.success(request, "Results published." if event.published else "Results hidden.")
    if event.published and event.club.email_score_cards:
        if publication(event).over:
            messages.info(request, mail.said(mail.send(request, event)))
        else:  # a card of half the boards would mislead
            messages.info(
                request,
                "Score cards are e-mailed once every board is finished: send them from the "
                "E-mail page then.",
            )
    return redirect("director_event", event.pk)


@require_POST
@director_view
def factoring(request: HttpRequest, event: Event) -> HttpResponse:
    """The standings' factoring for total points, as played or factored."""
    try:
        changed = services.set_factoring(
            event, request.POST.get("factoring", ""), by=director_actor(request)
        )
    except ServiceError as e:
        messages.error(request, user_message(e))
    else:
        said = dict(Factoring.choices_for(changed.is_individual))[changed.factoring]
        messages.success(request, f"Standings: {said}.")
    return redirect("director_event", event.pk)


@director_view
def audit_log(request: HttpRequest, event: Event) -> HttpResponse:
    entries = AuditEntry.objects.filter(event=event).select_related("user")[:500]
    return render(request, "director/audit.html", {"event": event, "entries": entries})


def _timer_round(event: Event, state: display.TimerState) -> int | None:
    if state.state != "stopped" and state.round is not None:
        return state.round
    playing = display.current_round(event)
    return playing.number if playing else None


def _set_timer(event: Event, request: HttpRequest, minutes: int, by: Actor) -> None:
    display.set_timer(
        event,
        minutes=minutes,
        changeover=_minutes(request.POST.get("changeover", ""), "the change of tables"),
        follows=request.POST.get("follows", ""),
        by=by,
    )


def _minutes(text: str, what: str) -> int:
    """A number of whole minutes typed by the director, or a refusal in their words."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 4:
        raise ServiceError(f"give {what} in whole minutes, e.g. 15")
    return int(text)


def _display_url(request: HttpRequest, event: Event) -> str:
    """The room display's private link, on the address the room's screens use."""
    from tournament.room.address import absolute_url  # as in _link_rows

    token = event.display_token or display.display_link(event, by=director_actor(request))
    return absolute_url(request, reverse("room_display", args=[token]))


@require_POST
@director_view
def answer_call(request: HttpRequest, event: Event, call_id: int) -> HttpResponse:
    tablets.answer_call(event, call_id, by=director_actor(request))
    return redirect("director_event", event.pk)
