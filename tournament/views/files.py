"""Downloads (XLSX, CSV, PBN), hand records, dealing and PBN import."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from scoring.pbn import decode_pbn_bytes

from .. import deals, exports, services
from ..models import Board, Event


def _download(event: Event, fmt: str) -> HttpResponse:
    """The file of one format of :data:`exports.EXPORT_FORMATS`, as an attachment."""
    export = exports.EXPORT_FORMATS.get(fmt)
    if export is None:
        raise Http404("No such format")
    response = HttpResponse(export.render(event), content_type=export.mime)
    response["Content-Disposition"] = f'attachment; filename="{export.filename(event)}"'
    return response


def public_download(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    """Downloads from the results page: published events only (or the event's directors)."""
    event = get_object_or_404(Event, pk=pk)
    if not services.can_view(request.user, event):
        raise Http404("No such event")
    return _download(event, fmt)


def hand_records(request: HttpRequest, pk: int) -> HttpResponse:
    """Printable hand records: four hands, dealer, honours, double-dummy tricks."""
    event = get_object_or_404(Event, pk=pk)
    if not services.can_view(request.user, event):
        raise Http404("No such event")
    records = [r for r in (deals.hand_record(b) for b in Board.objects.filter(event=event)) if r]
    return render(request, "events/hand_records.html", {"event": event, "records": records})


class DealingForm(forms.Form):
    seed = forms.CharField(
        max_length=40,
        required=False,
        help_text="Note it: the same seed deals the same boards. Empty: a new random seed.",
    )


class PbnUploadForm(forms.Form):
    file = forms.FileField(label="PBN file")


def _director_event(request: HttpRequest, pk: int) -> Event:
    event = get_object_or_404(Event, pk=pk)
    if not services.can_direct(request.user, event):
        raise Http404("No such event")
    return event


@login_required
def director_deals(request: HttpRequest, pk: int) -> HttpResponse:
    """Deal the boards from a seed, or import a PBN file of deals; dealing sheets."""
    event = _director_event(request, pk)
    deal_form = DealingForm(request.POST if request.POST.get("action") == "deal" else None)
    upload = PbnUploadForm(
        request.POST if request.POST.get("action") == "import" else None,
        request.FILES if request.POST.get("action") == "import" else None,
    )
    if request.method == "POST":
        try:
            if request.POST.get("action") == "deal" and deal_form.is_valid():
                seed = deals.deal_event(
                    event, seed=deal_form.cleaned_data["seed"], user=request.user
                )
                messages.success(request, f"Boards dealt from seed {seed}.")
                return redirect("director_deals", event.pk)
            if request.POST.get("action") == "import" and upload.is_valid():
                text = decode_pbn_bytes(upload.cleaned_data["file"].read())
                n = deals.import_pbn(event, text, user=request.user)
                messages.success(request, f"{n} deal(s) imported.")
                return redirect("director_deals", event.pk)
        except services.ServiceError as e:
            (upload if request.POST.get("action") == "import" else deal_form).add_error(
                None, str(e)
            )
    boards = list(Board.objects.filter(event=event))
    sheets = [(b, deals.dealing_sheet(b)) for b in boards]
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
        },
    )


@login_required
def director_download(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    return _download(_director_event(request, pk), fmt)
