"""Results at the director's desk: a board's paper traveller entered row by row,
one result looked at, corrected (a new version, with its reason) or voided.
"""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from scoring.wording import count

from ... import services
from ...access import director_view
from ...forms import CorrectionForm, ReasonForm, ResultEntryForm
from ...models import Board, Event, Result, Round, Seating
from ...queries import travellers
from ...services import ServiceError, user_message
from . import director_actor


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
                f.refuse(e)
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
        if not errors and entries and request.POST.get("action") == "save":
            try:
                _save_rows(request, event, number, entries, reason, closed)
                saved = count(len(entries), "result")
                messages.success(request, f"Board {number}: {saved} saved.")
                return redirect("director_traveller", event.pk, number)
            except ServiceError as e:  # Law E's reason for a closed round, a rival's result
                messages.error(
                    request, f"{user_message(e)}. Nothing was saved; what you typed is kept."
                )
                errors = True
        if not entries and not errors:
            messages.info(request, "Nothing entered: fill in a contract on at least one row.")
    # A table whose score was taken out of play (Law B's replay or new deal, a void) is
    # named as such: a blank row alone reads as "not played yet".
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


def _save_rows(
    request: HttpRequest, event: Event, number: int, entries: list, reason: str, closed: set
) -> None:
    """Save a traveller's rows together, or none of them: the first refusal (which the
    verb words: a closed round without a reason, a result entered there meanwhile) keeps
    the page as typed.  The reason is recorded with the closed rounds' rows."""
    with transaction.atomic():
        for s, entry in entries:
            try:
                services.enter_result(
                    event,
                    board_number=number,
                    round_no=s.round,
                    table=s.table,
                    entry=entry,
                    by=director_actor(request, reason if s.round in closed else ""),
                    confirmed=True,
                )
            except ServiceError as e:
                where = f"round {s.round}, table {s.table}: {e}"
                raise ServiceError(where, code=e.code, field=e.field) from None


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
                    by=director_actor(request, form.cleaned_data.get("reason", "")),
                    confirmed=True,
                )
                messages.success(request, "Correction saved; the old version is kept.")
                return redirect("director_result", event.pk, new.pk)
        except ServiceError as e:
            form.refuse(e)
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
            services.void_result(result, by=director_actor(request, form.cleaned_data["reason"]))
        except ServiceError as e:
            messages.error(request, user_message(e))
            return redirect("director_result", event.pk, result.pk)
        messages.success(request, "Result removed; it stays in the history.")
        return redirect("director_traveller", event.pk, result.board.number)
    return redirect("director_result", event.pk, result.pk)
