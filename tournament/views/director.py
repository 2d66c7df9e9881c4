"""The director's pages: set up an event, watch it run, settle its irregularities."""

from __future__ import annotations

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.forms import formset_factory
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from .. import services, standings, tablets
from ..forms import (
    CorrectionForm,
    EventForm,
    IrregularForm,
    PairNamesForm,
    ReasonForm,
    ResultEntryForm,
)
from ..models import AuditEntry, Board, Event, Pair, Result, Round, Seating
from ..services import ServiceError


def _event(request: HttpRequest, pk: int) -> Event:
    """The event, if this director may run it; otherwise it does not exist for him."""
    event = get_object_or_404(Event, pk=pk)
    if not services.can_direct(request.user, event):
        raise Http404("No such event")
    return event


@login_required
def event_list(request: HttpRequest) -> HttpResponse:
    events = services.events_for(request.user).order_by("-date", "name")
    return render(request, "director/event_list.html", {"events": events})


@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None, initial={"code": "1915", "premium": True})
    if request.method == "POST" and form.is_valid():
        try:
            event = services.create_event(request.user, **form.cleaned_data)
        except ServiceError as e:
            form.add_error(None, str(e))
        else:
            messages.success(request, f"{event.name} created. Enter the players' names.")
            return redirect("director_players", event.pk)
    return render(request, "director/event_form.html", {"form": form})


@login_required
def players(request: HttpRequest, pk: int) -> HttpResponse:
    event = _event(request, pk)
    pairs = list(Pair.objects.filter(event=event).prefetch_related("player_set"))
    pairs.sort(key=lambda p: (p.label[0].isdigit(), p.label.lstrip("AB").zfill(4), p.label))
    Formset = formset_factory(PairNamesForm, extra=0)
    initial = [{f"player{pl.position}": pl.name for pl in p.player_set.all()} for p in pairs]
    formset = Formset(request.POST or None, initial=initial)
    teams = list(event.team_set.all())
    if request.method == "POST" and formset.is_valid():
        for team in teams:
            name = request.POST.get(f"team-{team.label}", "").strip()[:80]
            if name != team.name:
                team.name = name
                team.save(update_fields=["name"])
        names = {
            p.label: [f.cleaned_data.get("player1", ""), f.cleaned_data.get("player2", "")]
            for p, f in zip(pairs, formset.forms, strict=True)
        }
        services.set_player_names(event, names, request.user)
        messages.success(request, "Players saved.")
        return redirect("director_event", event.pk)
    return render(
        request,
        "director/players.html",
        {
            "event": event,
            "rows": list(zip(pairs, formset.forms, strict=True)),
            "formset": formset,
            "teams": teams,
        },
    )


def _progress(event: Event) -> tuple[list[dict], list[dict]]:
    """Per round, per table: how many of its boards have live results."""
    seatings = list(Seating.objects.filter(event=event).select_related("ns", "ew"))
    done = dict(
        Result.objects.filter(event=event, is_live=True)
        .values("seating")
        .annotate(n=Count("id"))
        .values_list("seating", "n")
    )
    unconfirmed = dict(
        Result.objects.filter(event=event, is_live=True, confirmed=False)
        .values("seating")
        .annotate(n=Count("id"))
        .values_list("seating", "n")
    )
    rounds = {r.number: r for r in Round.objects.filter(event=event)}
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
        }
        grid.setdefault(s.round, []).append(cell)
        if got < need:
            missing.append(cell)
    rows = [
        {"round": rounds[r], "cells": cells, "complete": all(c["complete"] for c in cells)}
        for r, cells in sorted(grid.items())
    ]
    return rows, missing


@login_required
def control_panel(request: HttpRequest, pk: int) -> HttpResponse:
    event = _event(request, pk)
    rows, missing = _progress(event)
    context = {
        "event": event,
        "rows": rows,
        "missing": missing[:40],
        "missing_count": len(missing),
        "boards": Board.objects.filter(event=event),
        "audit": AuditEntry.objects.filter(event=event)[:12],
        "calls": tablets.open_calls(event),
        "movement": services.movement_for(event),
    }
    template = "director/_progress.html" if request.GET.get("fragment") else "director/panel.html"
    return render(request, template, context)


@login_required
def enter_traveller(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Paper traveller entry: one row per table that plays the board, preview, then save."""
    event = _event(request, pk)
    board = get_object_or_404(Board, event=event, number=number)
    seatings = list(
        Seating.objects.filter(event=event, first_board__lte=number, last_board__gte=number)
        .exclude(Q(ns__isnull=True) | Q(ew__isnull=True))
        .select_related("ns", "ew")
        .order_by("round", "table")
    )
    live = {(r.round, r.table): r for r in Result.objects.filter(board=board, is_live=True)}
    open_rows = [s for s in seatings if (s.round, s.table) not in live and not s.absent]
    forms = [
        ResultEntryForm(request.POST or None, prefix=f"r{s.round}t{s.table}") for s in open_rows
    ]
    previews: dict[int, object] = {}
    errors = False
    if request.method == "POST":
        entries = []
        for s, f in zip(open_rows, forms, strict=True):
            if not f.is_valid():
                errors = True
                continue
            if f.is_blank():
                continue
            try:
                previews[s.pk] = services.preview(event, board, f.entry())
                entries.append((s, f.entry()))
            except ServiceError as e:
                f.add_error(None, str(e))
                errors = True
        if not errors and entries and request.POST.get("action") == "save":
            saved = 0
            for s, entry in entries:
                try:
                    services.enter_result(
                        event,
                        board_number=number,
                        round_no=s.round,
                        table=s.table,
                        entry=entry,
                        user=request.user,
                        confirmed=True,
                    )
                    saved += 1
                except ServiceError as e:
                    messages.error(request, str(e))
            messages.success(request, f"Board {number}: {saved} result(s) saved.")
            return redirect("director_traveller", event.pk, number)
        if not entries and not errors:
            messages.info(request, "Nothing entered: fill in a contract on at least one row.")
    rows = [
        {"seating": s, "form": f, "preview": previews.get(s.pk)}
        for s, f in zip(open_rows, forms, strict=True)
    ]
    return render(
        request,
        "director/traveller_entry.html",
        {
            "event": event,
            "board": board,
            "rows": rows,
            "entered": standings.traveller(event, board),
            "previewed": bool(previews) and not errors,
            "hand_record": bool(board.deal),
        },
    )


@login_required
def result_detail(request: HttpRequest, pk: int, result_id: int) -> HttpResponse:
    """A result with its full history, and the correction form (Law E)."""
    event = _event(request, pk)
    result = get_object_or_404(Result, pk=result_id, event=event)
    live = (
        result
        if result.is_live
        else (
            Result.objects.filter(
                board=result.board, round=result.round, table=result.table, is_live=True
            ).first()
        )
    )
    history = (
        Result.objects.filter(board=result.board, round=result.round, table=result.table)
        .select_related("entered_by")
        .order_by("-version")
    )
    form = CorrectionForm(
        request.POST or None, initial=CorrectionForm.initial_from(live) if live else None
    )
    preview = None
    if request.method == "POST" and live is not None and form.is_valid():
        adjusted = form.cleaned_data.get("adjusted") or ""
        entry = None if adjusted else form.entry()
        try:
            if entry is not None:
                preview = services.preview(event, result.board, entry)
            if request.POST.get("action") == "save":
                new = services.correct_result(
                    live,
                    entry=entry,
                    adjusted=adjusted,
                    user=request.user,
                    reason=form.cleaned_data.get("reason", ""),
                    confirmed=True,
                )
                messages.success(request, "Correction saved; the old version is kept.")
                return redirect("director_result", event.pk, new.pk)
        except ServiceError as e:
            form.add_error(None, str(e))
    return render(
        request,
        "director/result.html",
        {
            "event": event,
            "result": live or result,
            "history": history,
            "form": form,
            "preview": preview,
            "closed": services.round_closed(event, result.round),
        },
    )


@login_required
def void(request: HttpRequest, pk: int, result_id: int) -> HttpResponse:
    event = _event(request, pk)
    result = get_object_or_404(Result, pk=result_id, event=event, is_live=True)
    form = ReasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.void_result(result, user=request.user, reason=form.cleaned_data["reason"])
        except ServiceError as e:
            messages.error(request, str(e))
            return redirect("director_result", event.pk, result.pk)
        messages.success(request, "Result removed; it stays in the history.")
        return redirect("director_traveller", event.pk, result.board.number)
    return redirect("director_result", event.pk, result.pk)


@login_required
def irregular(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Duplicate Law B applied from a form: the app decides the procedure."""
    event = _event(request, pk)
    board = get_object_or_404(Board, event=event, number=number)
    form = IrregularForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            procedure = services.apply_irregular(
                event,
                board_number=number,
                round_no=d["round"],
                table=d["table"],
                discovered=d["discovered"],
                short_hand=d.get("short_hand") or None,
                surplus_with=d.get("surplus_with") or None,
                user=request.user,
                reason=d.get("reason", ""),
            )
        except ServiceError as e:
            form.add_error(None, str(e))
        else:
            messages.success(request, f"{procedure.law}: {procedure.explanation}.")
            return redirect("director_traveller", event.pk, number)
    return render(
        request, "director/irregular.html", {"event": event, "board": board, "form": form}
    )


@login_required
@require_POST
def round_action(request: HttpRequest, pk: int, number: int, action: str) -> HttpResponse:
    event = _event(request, pk)
    try:
        if action == "close":
            services.close_round(event, number, user=request.user)
            messages.success(request, f"Round {number} closed: its results are agreed (Law E).")
        elif action == "reopen":
            services.reopen_round(
                event, number, user=request.user, reason=request.POST.get("reason", "")
            )
            messages.success(request, f"Round {number} reopened.")
        else:
            raise Http404("No such action")
    except ServiceError as e:
        messages.error(request, str(e))
    return redirect("director_event", event.pk)


@login_required
@require_POST
def absent(request: HttpRequest, pk: int, number: int, table: int) -> HttpResponse:
    event = _event(request, pk)
    try:
        services.set_absent(
            event,
            number,
            table,
            request.POST.get("absent") == "1",
            user=request.user,
            reason=request.POST.get("reason", ""),
        )
    except ServiceError as e:
        messages.error(request, str(e))
    return redirect("director_event", event.pk)


@login_required
@require_POST
def publish(request: HttpRequest, pk: int) -> HttpResponse:
    event = _event(request, pk)
    services.set_published(event, request.POST.get("published") == "1", user=request.user)
    messages.success(request, "Results published." if event.published else "Results hidden.")
    return redirect("director_event", event.pk)


@login_required
def guide_cards(request: HttpRequest, pk: int) -> HttpResponse:
    event = _event(request, pk)
    movement = services.movement_for(event)
    return render(
        request,
        "director/guide_cards.html",
        {"event": event, "movement": movement, "cards": movement.guide_cards()},
    )


@login_required
def table_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """One printable card per table: the first round and the QR code of its private link."""
    event = _event(request, pk)
    seatings = {
        s.table: s for s in Seating.objects.filter(event=event, round=1).select_related("ns", "ew")
    }
    cards = [
        {**row, "seating": seatings.get(row["link"].table)} for row in _link_rows(request, event)
    ]
    return render(request, "director/table_cards.html", {"event": event, "cards": cards})


@login_required
def audit_log(request: HttpRequest, pk: int) -> HttpResponse:
    event = _event(request, pk)
    entries = AuditEntry.objects.filter(event=event).select_related("user")[:500]
    return render(request, "director/audit.html", {"event": event, "entries": entries})


def _link_rows(request: HttpRequest, event: Event) -> list[dict]:
    """Each table's link and QR code, on the address the tablets use (PUBLIC_URL),
    which need not be the one the director's browser used (127.0.0.1)."""
    from tournament.room import absolute_url  # kept here: only this function needs it

    rows = []
    for link in tablets.links(event):
        url = absolute_url(request, reverse("scorer_home", args=[link.token]))
        rows.append(
            {"link": link, "url": url, "qr": segno.make(url, error="m").svg_inline(scale=3)}
        )
    return rows


@login_required
def table_links(request: HttpRequest, pk: int) -> HttpResponse:
    """Each table's private link (and QR code), its PIN, and reissuing a lost one."""
    event = _event(request, pk)
    if request.method == "POST":
        table = int(request.POST.get("table", "0") or 0)
        action = request.POST.get("action")
        try:
            if action == "reissue":
                tablets.reissue(event, table, user=request.user)
                messages.success(
                    request, f"Table {table} has a new link; the old one no longer works."
                )
            elif action == "pin":
                tablets.set_pin(
                    tablets.link_for(event, table), request.POST.get("pin", ""), user=request.user
                )
                messages.success(request, f"Table {table}: PIN saved.")
            elif action == "random-pins":
                for link in tablets.links(event):
                    tablets.set_pin(link, tablets.random_pin(), user=request.user)
                messages.success(request, "Every table has a new PIN.")
        except ServiceError as e:
            messages.error(request, str(e))
        return redirect("director_links", event.pk)
    return render(
        request, "director/links.html", {"event": event, "rows": _link_rows(request, event)}
    )


@login_required
@require_POST
def answer_call(request: HttpRequest, pk: int, call_id: int) -> HttpResponse:
    event = _event(request, pk)
    tablets.answer_call(event, call_id, user=request.user)
    return redirect("director_event", event.pk)
