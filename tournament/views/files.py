"""Downloads (XLSX, CSV, PBN), hand records, dealing and PBN import."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render

from scoring.machines import MachineFileError
from scoring.pbn import decode_pbn_bytes
from scoring.wording import count

from .. import downloads, exports, jobs
from ..access import can_direct, director_view, results_view, visibility
from ..exports import kept
from ..forms.deals import PbnImportForm
from ..models import Board, Event, Job, Result
from ..queries import pagecache
from ..queries.hand_records import dealing_sheet, hand_record
from ..services import Actor, ServiceError, deals, user_message
from .events import board_list


def _download(event: Event, fmt: str, boards: set[int] | None = None) -> HttpResponse:
    """One format of :data:`exports.EXPORT_FORMATS` as an attachment; only ``boards``' deals
    and traveller lines when given."""
    export = exports.EXPORT_FORMATS.get(fmt)
    if export is None:
        raise Http404("No such format")
    response = HttpResponse(export.render(event, boards=boards), content_type=export.mime)
    response["Content-Disposition"] = f'attachment; filename="{export.filename(event)}"'
    return response


@results_view
def public_download(request: HttpRequest, event: Event, fmt: str) -> HttpResponseBase:
    """Downloads from the results page: published events only (or the event's directors).

    While the event is being played the public's files hold the standings and
    only the finished boards' traveller lines and deals (no deal seed either).  A big
    event's file is built by the task worker and served from storage
    (tournament.downloads).
    """
    if fmt not in exports.EXPORT_FORMATS:
        raise Http404("No such format")
    if downloads.is_big(event, fmt):
        export = exports.EXPORT_FORMATS[fmt]
        found = downloads.at_stamp(request, event, fmt, pagecache.event_stamp(event))
        if found is not None:  # this state's file, or its job: no need of the rule
            return downloads.answer(request, event, export, found)
        stamp, boards = downloads.shown(request, event)
        director = can_direct(request.user, event)
        return downloads.serve(request, event, fmt, boards, stamp, director=director)
    return _download(event, fmt, boards=visibility(request.user, event).boards)


@results_view
def hand_records(request: HttpRequest, event: Event) -> HttpResponse:
    """Printable hand records: four hands, dealer, honours, double-dummy tricks.

    The public sees a board's hands only once every table has played it.
    """
    vis = visibility(request.user, event)
    boards = [
        b for b in Board.objects.filter(event=event).select_related("event") if vis.shows(b.number)
    ]
    records = [r for r in (hand_record(b) for b in boards) if r]
    # The auctions the tables recorded, under each shown board.
    told: dict[int, list[tuple[int, int, str]]] = {}
    rows = (
        Result.objects.filter(event=event, board__in=boards)
        .live()
        .exclude(auction="")
        .order_by("round", "table")
        .values_list("board__number", "round", "table", "auction")
    )
    for number, round_no, table, auction in rows:
        told.setdefault(number, []).append((round_no, table, auction))
    for r in records:
        r["auctions"] = told.get(r["board"].number, [])
    # Four boards to a printed A4 sheet, two across and two down (hand-records.css).
    sheets = [records[i : i + 4] for i in range(0, len(records), 4)]
    return render(
        request,
        "events/hand_records.html",
        {"event": event, "sheets": sheets, "hidden": board_list(vis.hidden)},
    )


class DealingForm(forms.Form):
    seed = forms.CharField(
        max_length=40,
        required=False,
        help_text="Note it: the same seed deals the same boards. Empty: a new random seed.",
    )


@director_view
def director_deals(request: HttpRequest, event: Event) -> HttpResponse:
    """Deal the boards from a seed, or import a PBN file of deals; dealing sheets."""
    deal_form = DealingForm(request.POST if request.POST.get("action") == "deal" else None)
    upload = PbnImportForm(
        request.POST if request.POST.get("action") == "import" else None,
        request.FILES if request.POST.get("action") == "import" else None,
    )
    if request.method == "POST":
        try:
            if request.POST.get("action") == "deal" and deal_form.is_valid():
                by = Actor.director(request.user)
                done = deals.deal_event(
                    event, seed=deal_form.cleaned_data["seed"], by=by, solve=False
                )
                jobs.start_solve(event, by=by)
                messages.success(
                    request,
                    f"{user_message(str(done))}. Their double-dummy tables are being worked "
                    "out (the progress is below; you may leave this page).",
                )
                return redirect("director_deals", event.pk)
            if request.POST.get("action") == "import" and upload.is_valid():
                text = decode_pbn_bytes(upload.cleaned_data["file"].read())
                by = Actor.director(request.user)
                report = deals.import_pbn(event, text, by=by, solve=False, choice=upload.choice())
                jobs.start_solve(event, by=by)
                messages.success(
                    request,
                    f"{count(report.count, 'deal')} imported; their double-dummy tables are "
                    "being worked out (the progress is below).",
                )
                for note in report.notes:
                    messages.info(request, note)
                return redirect("director_deals", event.pk)
        except ServiceError as e:
            (upload if request.POST.get("action") == "import" else deal_form).add_error(
                None, user_message(e)
            )
    boards = list(Board.objects.filter(event=event))
    sheets = [(b, dealing_sheet(b)) for b in boards]
    return render(
        request,
        "director/deals.html",
        {
            "event": event,
            "deal_form": deal_form,
            "upload": upload,
            "sheets": sheets,
            "dealt": sum(1 for b in boards if b.deal),
            "boards": len(boards),
            "machine_formats": list(exports.MACHINE_FORMATS.values()),
            **_job_context(event),
        },
    )


def _job_context(event: Event) -> dict:
    job = jobs.current(event)
    return {"progress": jobs.progress(job) if job else None, "unsolved": len(jobs.unsolved(event))}


@director_view
def director_job(request: HttpRequest, event: Event) -> HttpResponse:
    """The solve's progress card (polled by the deals page), and "Solve the rest" (POST)."""
    if request.method == "POST":
        job = jobs.start_solve(event, by=Actor.director(request.user))
        if job is None:
            messages.info(request, "Every dealt board's double-dummy table is known.")
        return redirect("director_deals", event.pk)
    if not request.headers.get("X-Fragment"):
        # Opened as a page (the browser's Back, a bookmark): the card alone, unstyled,
        # with a "Refresh" note that never went away; the deals page holds the card.
        return redirect("director_deals", event.pk)
    return _fragment(render(request, "director/_job.html", {"event": event, **_job_context(event)}))


def _fragment(response: HttpResponse) -> HttpResponse:
    """A polled card: never kept by the browser for its page at the same address (Back
    showed the bare card), and told apart from the page by the X-Fragment header."""
    response["Cache-Control"] = "no-store"
    response["Vary"] = "X-Fragment"
    return response


@director_view
def director_download(request: HttpRequest, event: Event, fmt: str) -> HttpResponseBase:
    """The director's files; a big event's XLSX is prepared by a job whose progress the
    director watches (tournament.jobs), a big event's other results files are built by
    the task worker as the public's are (tournament.downloads), the rest at once."""
    if fmt == "xlsx" and downloads.is_big(event, fmt):
        jobs.start_export(event, by=Actor.director(request.user))
        return redirect("director_export", event.pk)
    if fmt in exports.EXPORT_FORMATS and downloads.is_big(event, fmt):
        return downloads.serve(request, event, fmt, None, director=True)
    machine = exports.MACHINE_FORMATS.get(fmt)
    if machine is not None:  # a dealing machine's file: every board needs its deal
        try:
            data = machine.render(event)
        except MachineFileError as e:
            messages.error(request, f"No {machine.label} file: {e}.")
            return redirect("director_deals", event.pk)
        response = HttpResponse(data, content_type=machine.mime)
        response["Content-Disposition"] = f'attachment; filename="{machine.filename(event)}"'
        return response
    return _download(event, fmt)


@director_view
def director_export(request: HttpRequest, event: Event) -> HttpResponse:
    """A big XLSX being prepared: its progress (the card alone when polled)."""
    job = jobs.current(event, "xlsx")
    context = {"event": event, "progress": jobs.progress(job) if job else None}
    if request.headers.get("X-Fragment"):
        return _fragment(render(request, "director/_export.html", context))
    return _fragment(render(request, "director/export.html", context))


@director_view
def director_export_file(request: HttpRequest, event: Event, job_id: int) -> HttpResponse:
    job = Job.objects.filter(event=event, pk=job_id, kind="xlsx", state=Job.State.DONE).first()
    name = jobs.export_name(job) if job else None
    if name is None or not kept.storage().exists(name):
        # Prepared files are kept a day (EXPORT_KEEP_HOURS), then removed.
        raise Http404("No such file: prepare it again")
    export = exports.EXPORT_FORMATS["xlsx"]
    with kept.storage().open(name, "rb") as f:
        response = HttpResponse(f.read(), content_type=export.mime)
    response["Content-Disposition"] = f'attachment; filename="{export.filename(event)}"'
    return response
