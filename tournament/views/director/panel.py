"""The director's pages: set up an event, watch it run, settle its irregularities."""

from __future__ import annotations

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.forms import formset_factory
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from scoring import pair_label_key
from scoring import rulings as rulings_guide
from scoring.wording import count

from .. import services, tablets
from ..access import director_view, events_for, publication
from ..forms import (
    AdjustedValuesForm,
    AdjustForm,
    CorrectionForm,
    EventForm,
    FouledForm,
    IrregularForm,
    LatePairForm,
    PairNamesForm,
    ReasonForm,
    ResultEntryForm,
    WithdrawForm,
)
from ..models import (
    AuditEntry,
    Board,
    Contest,
    DirectorCall,
    Event,
    League,
    Pair,
    Result,
    Round,
    Ruling,
    Seating,
)
from ..queries import travellers
from ..services import Actor, ServiceError, auctions, display, user_message


def _by(request: HttpRequest, reason: str = "") -> Actor:
    return Actor.director(request.user, reason)


@login_required
def event_list(request: HttpRequest) -> HttpResponse:
    events = events_for(request.user).order_by("-date", "name")
    mine = {"owner_id": request.user.pk}
    return render(
        request,
        "director/event_list.html",
        {
            "events": events,
            "leagues": League.objects.filter(**mine),
            "contests": Contest.objects.filter(**mine),
        },
    )


@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None, initial={"code": "1915", "premium": True})
    if request.method == "POST" and form.is_valid():
        try:
            event = services.create_event(request.user, **form.cleaned_data)
        except ServiceError as e:
            form.add_error(None, user_message(e))
        else:
            messages.success(request, f"{event.name} created. Enter the players' names.")
            return redirect("director_players", event.pk)
    return render(request, "director/event_form.html", {"form": form})


@director_view
def players(request: HttpRequest, event: Event) -> HttpResponse:
    pairs = list(Pair.objects.filter(event=event).prefetch_related("player_set"))
    pairs.sort(key=lambda p: pair_label_key(p.label))
    Formset = formset_factory(PairNamesForm, extra=0)
    initial = [{f"player{pl.position}": pl.name for pl in p.player_set.all()} for p in pairs]
    formset = Formset(request.POST or None, initial=initial)
    for pair, f in zip(pairs, formset.forms, strict=True):
        for n in (1, 2):  # the table's columns say "Player 1/2"; a screen reader needs the pair
            f.fields[f"player{n}"].widget.attrs["aria-label"] = f"Pair {pair.label}, player {n}"
    teams = list(event.team_set.all())
    typed = {t.label: request.POST.get(f"team-{t.label}", "").strip()[:80] for t in teams}
    same = [n for n in typed.values() if n] if request.method == "POST" else []
    if len({n.casefold() for n in same}) < len(same):
        # "Hawks v hawks": every traveller's "To Hawks" column would be ambiguous.
        messages.error(
            request,
            f"The two teams need different names (both are {same[0]!r}). "
            "Nothing was saved; what you typed is kept.",
        )
        for team in teams:  # shown as typed, not saved
            team.name = typed[team.label]
    elif request.method == "POST" and formset.is_valid():
        for team in teams:
            name = typed[team.label]
            if name != team.name:
                team.name = name
                team.save(update_fields=["name"])
        names = {
            p.label: [f.cleaned_data.get("player1", ""), f.cleaned_data.get("player2", "")]
            for p, f in zip(pairs, formset.forms, strict=True)
        }
        names = {label: [n.strip() for n in pair] for label, pair in names.items()}
        services.set_player_names(event, names, by=_by(request))
        blank = [label for label, pair in names.items() if not all(pair)]
        if blank:
            messages.warning(
                request,
                f"Players saved. Still without both names: pair {', '.join(blank)}; "
                "their score cards and the standings show the pair number only.",
            )
        else:
            messages.success(request, "Players saved.")
        return redirect("director_event", event.pk)
    starts = _where_pairs_start(event)
    return render(
        request,
        "director/players.html",
        {
            "event": event,
            "rows": [
                (p, f, starts.get(p.pk, "")) for p, f in zip(pairs, formset.forms, strict=True)
            ],
            "formset": formset,
            "teams": teams,
        },
    )


def _where_pairs_start(event: Event) -> dict[int, str]:
    """Each pair's seat in the first round ("North-South, table 3"), by the pair's id: the
    players page lists pairs by number only, and a director filling it in at the door
    needs to know who sits where (a new user's trial)."""
    starts: dict[int, str] = {}
    first = Seating.objects.filter(event=event, round=1).order_by("table")
    for table, ns, ew in first.values_list("table", "ns_id", "ew_id"):
        for pair, seat in ((ns, "North-South"), (ew, "East-West")):
            if pair is not None:
                starts[pair] = f"{seat}, table {table}"
    return starts


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
    and "1/2" on the panel did not say which board must be played and entered again (a
    new user's trial).  Read from the results no longer live (corrections' old versions
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
    rows, missing = _progress(event)
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
        "calls": tablets.open_calls(event),
        "movement": services.movement_for(event),
        "publication": publication(event),
        "timer": display.timer_state(event),
        "display_url": _display_url(request, event),
    }
    template = "director/_progress.html" if request.GET.get("fragment") else "director/panel.html"
    return render(request, template, context)


@director_view
def enter_traveller(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """Paper traveller entry: one row per table that plays the board, preview, then save."""
    board = get_object_or_404(Board, event=event, number=number)
    seatings = list(Seating.objects.playing(event, number).select_related("ns", "ew"))
    live = {(r.round, r.table): r for r in Result.objects.filter(board=board).live()}
    open_rows = [s for s in seatings if (s.round, s.table) not in live and not s.absent]
    forms = [
        ResultEntryForm(
            request.POST or None,
            prefix=f"r{s.round}t{s.table}",
            code=event.laws,
            hand_record=bool(board.deal),
        )
        for s in open_rows
    ]
    for s, f in zip(open_rows, forms, strict=True):
        for name, field in f.fields.items():  # a grid of unlabelled cells: name each for AT
            field.widget.attrs["aria-label"] = f"Round {s.round}, table {s.table}: {f[name].label}"
    closed = set(
        Round.objects.filter(event=event, closed_at__isnull=False).values_list("number", flat=True)
    )
    reason = request.POST.get("reason", "").strip()[:300]
    previews: dict[int, object] = {}
    errors = False
    if request.method == "POST":
        # A row typed for a table whose result arrived meanwhile (its tablet, another
        # director): say so and name the result that stands; nothing typed is lost silently.
        for s in seatings:
            typed = request.POST.get(f"r{s.round}t{s.table}-contract", "").strip()
            stands = live.get((s.round, s.table))
            if typed and stands is not None:
                errors = True
                messages.error(
                    request,
                    f"Round {s.round}, table {s.table}: a result was entered there meanwhile "
                    f"by {stands.entered_via or 'the director'} ({stands.summary}); your row "
                    f"({typed[:20]}) was not saved. Correct that result if yours is right.",
                )
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
                f.add_error(None, user_message(e))
                errors = True
        wrong = [s for s, f in zip(open_rows, forms, strict=True) if f.errors]
        if wrong and request.POST.get("action") == "save":
            # Said at the top, where it is seen: the rows' own messages may lie beyond the
            # edge of a wide traveller, and the good rows' previews look as if they were saved.
            messages.error(
                request,
                "Nothing was saved: correct "
                + ", ".join(f"round {s.round}, table {s.table}" for s in wrong)
                + " (the message is under the row), then Save again. What you typed is kept.",
            )
        late = sorted({s.round for s, _ in entries if s.round in closed})
        if late and not reason and request.POST.get("action") == "save":
            messages.error(
                request,
                f"Round {', '.join(map(str, late))} is closed: give a reason for entering "
                "its results now (Law E). Nothing was saved; what you typed is kept.",
            )
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
                        by=_by(request, reason if s.round in closed else ""),
                        confirmed=True,
                    )
                    saved += 1
                except ServiceError as e:
                    messages.error(request, user_message(e))
            messages.success(request, f"Board {number}: {count(saved, 'result')} saved.")
            return redirect("director_traveller", event.pk, number)
        if not entries and not errors:
            messages.info(request, "Nothing entered: fill in a contract on at least one row.")
    # A table whose score was taken out of play (Law B's replay or new deal, a void) is
    # named as such: a blank row alone read as "not played yet" (a trial).
    taken = set(Result.objects.filter(board=board, is_live=False).values_list("round", "table"))
    rows = [
        {
            "seating": s,
            "form": f,
            "preview": previews.get(s.pk),
            "again": (s.round, s.table) in taken,
        }
        for s, f in zip(open_rows, forms, strict=True)
    ]
    previous, following = board.neighbours()
    entered = travellers.traveller(event, board)
    return render(
        request,
        "director/traveller_entry.html",
        {
            **travellers.team_columns(event, entered),
            "event": event,
            "board": board,
            "rows": rows,
            "entered": entered,
            "adjusted_notes": travellers.adjusted_notes(event, board, entered),
            "previewed": bool(previews) and not errors,
            "hand_record": bool(board.deal),
            "asks_honours": bool(forms) and forms[0].asks_honours,
            "closed_rows": any(s.round in closed for s in open_rows),
            "reason": reason,
            "previous": previous,
            "next": following,
        },
    )


@director_view
def result_detail(request: HttpRequest, event: Event, result_id: int) -> HttpResponse:
    """A result with its full history, and the correction form (Law E)."""
    result = get_object_or_404(Result, pk=result_id, event=event)
    live = result if result.is_live else Result.objects.history(result).live().first()
    history = Result.objects.history(result).select_related("entered_by")
    form = CorrectionForm(
        request.POST or None,
        initial=CorrectionForm.initial_from(live, event.laws) if live else None,
        code=event.laws,
        hand_record=bool(result.board.deal),
    )
    preview = None
    seen = request.POST.get("version", "")
    if request.method == "POST" and live is not None and seen and seen != str(live.version):
        # Opened before another correction was saved: never overwrite it unseen.
        form.is_valid()
        form.add_error(
            None,
            f"This result was changed since you opened it: it is now {live.summary} "
            f"(version {live.version}, by {live.entered_via or 'the director'}). Check it, "
            "then save your correction again.",
        )
    elif request.method == "POST" and live is not None and form.is_valid():
        entry = form.entry()
        try:
            if not entry.adjusted:
                preview = services.preview(event, result.board, entry)
            if request.POST.get("action") == "save":
                new = services.correct_result(
                    live,
                    entry=entry,
                    by=_by(request, form.cleaned_data.get("reason", "")),
                    confirmed=True,
                )
                messages.success(request, "Correction saved; the old version is kept.")
                return redirect("director_result", event.pk, new.pk)
        except ServiceError as e:
            form.add_error(None, user_message(e))
            preview = None  # the refusal alone, not a score that was not saved
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


@director_view
def void(request: HttpRequest, event: Event, result_id: int) -> HttpResponse:
    result = get_object_or_404(Result, pk=result_id, event=event, is_live=True)
    form = ReasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.void_result(result, by=_by(request, form.cleaned_data["reason"]))
        except ServiceError as e:
            messages.error(request, user_message(e))
            return redirect("director_result", event.pk, result.pk)
        messages.success(request, "Result removed; it stays in the history.")
        return redirect("director_traveller", event.pk, result.board.number)
    return redirect("director_result", event.pk, result.pk)


@director_view
def irregular(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """Duplicate Law B applied from a form: the app decides the procedure.

    Two steps: the answers, then what Law B will do with them (the results it takes out
    of play or replaces, those of agreed or closed rounds marked), confirmed as shown.
    """
    board = get_object_or_404(Board, event=event, number=number)
    seatings = Seating.objects.playing(event, number).select_related("ns", "ew")
    form = IrregularForm(request.POST or None, seatings=seatings)
    plan = None
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        answers = {
            "board_number": number,
            "round_no": d["round"],
            "table": d["table"],
            "discovered": d["discovered"],
            "short_hand": d.get("short_hand") or None,
            "surplus_with": d.get("surplus_with") or None,
        }
        try:
            if "confirm" in request.POST:
                procedure = services.apply_irregular(
                    event,
                    **answers,
                    by=_by(request, d.get("reason", "")),
                    expect=request.POST.get("expect", ""),
                )
                messages.success(request, f"{procedure.law}: {procedure.explanation}.")
                return redirect("director_traveller", event.pk, number)
            plan = services.irregular_plan(event, **answers)
        except ServiceError as e:
            form.add_error(None, user_message(e))
            if plan is None and "confirm" in request.POST:
                plan = _plan_or_none(event, answers)
    return render(
        request,
        "director/irregular.html",
        {"event": event, "board": board, "form": form, "plan": plan},
    )


def _plan_or_none(event: Event, answers: dict) -> services.IrregularPlan | None:
    """The plan again after a refused confirmation (say, a reason missing), to show it."""
    try:
        return services.irregular_plan(event, **answers)
    except ServiceError:
        return None


@director_view
def adjust(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """The director's adjusted scores on a board (scoring.adjusted): one table's line
    (not played, average-plus/average/average-minus to each side, weighted), a fouled
    board's versions, and what average-plus and average-minus are worth."""
    board = get_object_or_404(Board, event=event, number=number)
    seatings = list(Seating.objects.playing(event, number).select_related("ns", "ew"))
    action = request.POST.get("action", "") if request.method == "POST" else ""
    posted = request.POST if action else None
    form = AdjustForm(
        posted if action == "adjust" else None,
        seatings=seatings,
        initial={"where": request.GET.get("where", ""), "kind": "not-played"},
    )
    fouled = FouledForm(
        posted if action == "fouled" else None,
        seatings=seatings,
        initial={"second": [f"{r}-{t}" for r, t in board.fouled or ()]},
        prefix="fouled",
    )
    values = AdjustedValuesForm(
        posted if action == "values" else None, instance=Event.objects.get(pk=event.pk)
    )
    try:
        if action == "adjust" and form.is_valid():
            d = form.cleaned_data
            result = services.adjust_score(
                event,
                board_number=number,
                round_no=d["round"],
                table=d["table"],
                adjusted=d["adjusted"],
                weights=d["weights"],
                by=_by(request, d["reason"]),
            )
            messages.success(
                request,
                f"Board {number}, round {result.round}, table {result.table}: {result.adjustment}.",
            )
            return redirect("director_traveller", event.pk, number)
        if action == "fouled" and fouled.is_valid():
            d = fouled.cleaned_data
            services.set_fouled(
                event, board_number=number, second=d["tables"], by=_by(request, d["reason"])
            )
            messages.success(
                request,
                f"Board {number}: "
                + (
                    f"{count(len(d['tables']), 'table')} on the second version; each version "
                    "is compared within itself."
                    if d["tables"]
                    else "not fouled: every table is compared with every other."
                ),
            )
            return redirect("director_traveller", event.pk, number)
        if action == "values" and values.is_valid():
            d = values.values()
            changed = services.set_adjusted_values(
                event,
                plus_percent=d["adjusted_plus_percent"],
                minus_percent=d["adjusted_minus_percent"],
                points=d["adjusted_points"],
                by=_by(request),
            )
            messages.success(
                request,
                f"Adjusted scores are now {changed.adjusted_values.describe(event.method)}.",
            )
            return redirect("director_adjust", event.pk, number)
    except ServiceError as e:
        bound = {"adjust": form, "fouled": fouled, "values": values}[action]
        bound.add_error(None, user_message(e))
    previous, following = board.neighbours()
    return render(
        request,
        "director/adjust.html",
        {
            "event": event,
            "board": board,
            "form": form,
            "fouled": fouled,
            "values": values,
            "values_now": event.adjusted_values.describe(event.method),
            "previous": previous,
            "next": following,
        },
    )


@director_view
def field(request: HttpRequest, event: Event) -> HttpResponse:
    """The field changes during play (issue 17.1): a late pair, a withdrawal."""
    open_rounds = list(
        Round.objects.filter(event=event, closed_at__isnull=True)
        .order_by("number")
        .values_list("number", flat=True)
    )
    action = request.POST.get("action", "") if request.method == "POST" else ""
    posted = request.POST if action else None
    names = {
        p.label: p.names for p in Pair.objects.filter(event=event).prefetch_related("player_set")
    }
    free_from: dict[str, int] = {}  # each free place, from the first open round it is free
    for r in open_rounds:
        for place in services.places_free(event, r):
            free_from.setdefault(place, r)
    places = [
        (
            place,
            (f"pair {place}'s place" + (f" ({names[place]})" if names[place] else ""))
            if place in names
            else f"the phantom's place ({place})",
        )
        for place in free_from
    ]
    places = [(p, f"{label}, free from round {free_from[p]}") for p, label in places]
    late = LatePairForm(
        posted if action == "late" else None, rounds=open_rounds, places=places, prefix="late"
    )
    pairs = sorted(
        Pair.objects.filter(event=event).prefetch_related("player_set"),
        key=lambda p: pair_label_key(p.label),
    )
    withdraw = WithdrawForm(posted if action == "withdraw" else None, pairs=pairs, prefix="out")
    try:
        if action == "late" and late.is_valid():
            d = late.cleaned_data
            pair = services.add_late_pair(
                event,
                d["from_round"],
                place=d["place"],
                names=[d["player1"], d["player2"]],
                by=_by(request),
            )
            messages.success(
                request,
                f"Pair {pair.label} joins from round {d['from_round']}: its table's tablet and "
                "the guide cards show it; print the new guide cards for the room.",
            )
            return redirect("director_field", event.pk)
        if action == "withdraw" and withdraw.is_valid():
            d = withdraw.cleaned_data
            changed = services.withdraw_pair(
                event, d["pair"], d["from_round"], by=_by(request, d["reason"])
            )
            messages.success(
                request,
                f"Pair {d['pair']} withdrawn from round {d['from_round']}: its opponents sit "
                f"out at {count(len(changed), 'table-round')}; its earlier results stand.",
            )
            return redirect("director_field", event.pk)
    except ServiceError as e:
        (late if action == "late" else withdraw).add_error(None, user_message(e))
    return render(
        request,
        "director/field.html",
        {
            "event": event,
            "late": late,
            "withdraw": withdraw,
            "places": places,
            "changes": services.field_changes(event),
            "open_rounds": open_rounds,
        },
    )


@require_POST
@director_view
def round_action(request: HttpRequest, event: Event, number: int, action: str) -> HttpResponse:
    try:
        if action == "close":
            services.close_round(event, number, by=_by(request))
            messages.success(request, f"Round {number} closed: its results are agreed (Law E).")
        elif action == "reopen":
            services.reopen_round(event, number, by=_by(request, request.POST.get("reason", "")))
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
            by=_by(request, request.POST.get("reason", "")),
        )
    except ServiceError as e:
        messages.error(request, user_message(e))
    return redirect("director_event", event.pk)


@director_view
def ruling(
    request: HttpRequest, event: Event, number: int, table: int, board_number: int
) -> HttpResponse:
    """The rulings guide at a table (from its call for the director): the auction so
    far, the code's options for each irregularity in plain words with the law, and the
    ruling recorded (issue 16).  Laid out for a phone: the director is at the table."""
    seating = get_object_or_404(Seating, event=event, round=number, table=table)
    board = get_object_or_404(Board, event=event, number=board_number)
    if board_number not in seating.board_numbers:
        raise Http404("That table does not play that board in that round")
    call = DirectorCall.objects.filter(
        event=event, table=table, board=board_number, answered_at__isnull=True
    ).first()
    seat = request.POST.get("offender") or request.GET.get("seat") or (call.seat if call else "")
    made = request.POST.get("call") or request.GET.get("call") or (call.call if call else "")
    kind = auctions.refusal(event, seating, board, seat, made) if seat and made else ""
    if request.method == "POST":
        irregularity, _, option = request.POST.get("ruling", "").partition(":")
        try:
            done = auctions.rule(
                event,
                seating,
                board,
                irregularity=irregularity,
                option=option,
                offender=seat.strip().upper()[:1],
                call=made.strip()[:12],
                by=_by(request, request.POST.get("reason", "")),
            )
        except ServiceError as e:
            messages.error(request, user_message(e))
        else:
            if call is not None:
                tablets.answer_call(event, call.pk, by=_by(request))
            messages.success(
                request,
                f"Ruled: {done.summary}"
                + (f" ({done.points} points, {done.law})." if done.points else f" ({done.law})."),
            )
            return redirect("director_rulings", event.pk)
    auction = auctions.auction_of(event, seating, board)
    return render(
        request,
        "director/ruling.html",
        {
            "event": event,
            "seating": seating,
            "board": board,
            "auction": auction,
            "grid": auctions.grid(auction),
            # The irregularity the table's refused call points at, first.
            "guide": sorted(rulings_guide.guide(event.laws), key=lambda i: i.key != kind),
            "kind": kind,
            "seat": seat,
            "made": made,
            "call": call,
            "bars": rulings_guide.BARS,
        },
    )


@director_view
def rulings_log(request: HttpRequest, event: Event) -> HttpResponse:
    """Every ruling of the event, with the auctions the tables recorded."""
    log = Ruling.objects.filter(event=event).select_related("board", "seating")
    return render(request, "director/rulings.html", {"event": event, "rulings": log})


@require_POST
@director_view
def room_control(request: HttpRequest, event: Event, action: str) -> HttpResponse:
    """The round timer, the room display and the tablets' running score (issue 14)."""
    by = _by(request)
    try:
        if action == "start":
            text = request.POST.get("minutes", "").strip()
            if not (text.isascii() and text.isdigit()):
                raise ServiceError("give the round's length in whole minutes, e.g. 15")
            display.start_timer(event, int(text), by=by)
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
        elif action == "auctions":
            display.set_record_auctions(event, request.POST.get("shown") == "1", by=by)
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
def publish(request: HttpRequest, event: Event) -> HttpResponse:
    services.set_published(event, request.POST.get("published") == "1", by=_by(request))
    messages.success(request, "Results published." if event.published else "Results hidden.")
    return redirect("director_event", event.pk)


@director_view
def guide_cards(request: HttpRequest, event: Event) -> HttpResponse:
    movement = services.movement_for(event)
    return render(
        request,
        "director/guide_cards.html",
        {"event": event, "movement": movement, "cards": movement.guide_cards()},
    )


@director_view
def table_cards(request: HttpRequest, event: Event) -> HttpResponse:
    """One printable card per table: the first round and the QR code of its private link."""
    seatings = {
        s.table: s for s in Seating.objects.filter(event=event, round=1).select_related("ns", "ew")
    }
    cards = [
        {**row, "seating": seatings.get(row["link"].table)} for row in _link_rows(request, event)
    ]
    return render(request, "director/table_cards.html", {"event": event, "cards": cards})


@director_view
def audit_log(request: HttpRequest, event: Event) -> HttpResponse:
    entries = AuditEntry.objects.filter(event=event).select_related("user")[:500]
    return render(request, "director/audit.html", {"event": event, "entries": entries})


def _display_url(request: HttpRequest, event: Event) -> str:
    """The room display's private link, on the address the room's screens use."""
    from tournament.room.address import absolute_url  # as in _link_rows

    token = event.display_token or display.display_link(event, by=_by(request))
    return absolute_url(request, reverse("room_display", args=[token]))


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
                tablets.reissue(event, table, by=_by(request))
                messages.success(
                    request, f"Table {table} has a new link; the old one no longer works."
                )
            elif action == "pin":
                tablets.set_pin(
                    tablets.link_for(event, table), request.POST.get("pin", ""), by=_by(request)
                )
                messages.success(
                    request, f"Table {table}: PIN saved. A tablet already open there asks for it."
                )
            elif action == "unlock":
                tablets.unlock(tablets.link_for(event, table), by=_by(request))
                messages.success(request, f"Table {table} is unlocked: its tablet may try again.")
            elif action == "random-pins":
                for link in tablets.links(event):
                    tablets.set_pin(link, tablets.random_pin(), by=_by(request))
                messages.success(request, "Every table has a new PIN.")
        except ServiceError as e:
            messages.error(request, user_message(e))
        return redirect("director_links", event.pk)
    return render(
        request, "director/links.html", {"event": event, "rows": _link_rows(request, event)}
    )


@require_POST
@director_view
def answer_call(request: HttpRequest, event: Event, call_id: int) -> HttpResponse:
    tablets.answer_call(event, call_id, by=_by(request))
    return redirect("director_event", event.pk)
