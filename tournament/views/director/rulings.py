"""Settling irregularities: Law B's irregular hands, the director's adjusted
scores and fouled boards, and the rulings on a table's auction with their log.

Together because each overrides what a table played under a law the page
names, and each is undone the same way, by a new version with its reason.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from scoring import rulings as rulings_guide
from scoring.adjusted import NOT_PLAYED
from scoring.wording import count

from ... import services
from ...access import director_view
from ...forms import AdjustedValuesForm, AdjustForm, FouledForm, IrregularForm
from ...models import Board, DirectorCall, Event, Ruling, Seating
from ...queries import auctions as auction_reads
from ...services import ServiceError, auctions, tablets, user_message
from . import director_actor


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
                    by=director_actor(request, d.get("reason", "")),
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
        initial={"where": request.GET.get("where", ""), "kind": NOT_PLAYED},
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
                by=director_actor(request, d["reason"]),
            )
            messages.success(
                request,
                f"Board {number}, round {result.round}, table {result.table}: {result.adjustment}.",
            )
            return redirect("director_traveller", event.pk, number)
        if action == "fouled" and fouled.is_valid():
            d = fouled.cleaned_data
            services.set_fouled(
                event,
                board_number=number,
                second=d["tables"],
                by=director_actor(request, d["reason"]),
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
                by=director_actor(request),
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
def ruling(
    request: HttpRequest, event: Event, number: int, table: int, board_number: int
) -> HttpResponse:
    """The rulings guide at a table (from its call for the director): the auction so
    far, the code's options for each irregularity in plain words with the law, and the
    ruling recorded.  Laid out for a phone: the director is at the table."""
    seating = get_object_or_404(Seating, event=event, round=number, table=table)
    board = get_object_or_404(Board, event=event, number=board_number)
    if board_number not in seating.board_numbers:
        raise Http404("That table does not play that board in that round")
    call = DirectorCall.objects.filter(
        event=event, table=table, board=board_number, answered_at__isnull=True
    ).first()
    seat = request.POST.get("offender") or request.GET.get("seat") or (call.seat if call else "")
    made = request.POST.get("call") or request.GET.get("call") or (call.call if call else "")
    kind = auction_reads.refusal(event, seating, board, seat, made) if seat and made else ""
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
                by=director_actor(request, request.POST.get("reason", "")),
            )
        except ServiceError as e:
            messages.error(request, user_message(e))
        else:
            if call is not None:
                tablets.answer_call(event, call.pk, by=director_actor(request))
            messages.success(
                request,
                f"Ruled: {done.summary}"
                + (f" ({done.points} points, {done.law})." if done.points else f" ({done.law})."),
            )
            return redirect("director_rulings", event.pk)
    auction = auction_reads.auction_of(event, seating, board)
    chosen = request.POST.get("ruling", "")[:60] if request.method == "POST" else ""
    return render(
        request,
        "director/ruling.html",
        {
            "event": event,
            "seating": seating,
            "board": board,
            "auction": auction,
            "grid": auction_reads.grid(auction),
            # The irregularity the table's refused call points at, first.
            "guide": sorted(rulings_guide.guide(event.laws), key=lambda i: i.key != kind),
            "kind": kind,
            # Open: the irregularity chosen before a refusal, else the one the call names.
            "opened": chosen.partition(":")[0] or kind,
            "chosen": chosen,
            "reason": request.POST.get("reason", "")[:300],
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
