"""The club's own movements: upload or paste one (kept when sound), list them, and
download any movement, the club's or the library's, as CSV
(docs/director/movements.md#your-own-movement)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify

from scoring.movements import MovementError, build, figures
from scoring.movements.custom import from_csv, to_csv

from ...access import club_view
from ...forms.movements import ClubMovementForm, LibraryCsvForm
from ...models import Club, ClubMovement
from ...services import ServiceError, user_message
from ...services.movements import keep_movement

CSV = "text/csv; charset=utf-8"


def _csv_response(text: str, name: str) -> HttpResponse:
    response = HttpResponse(text.encode("utf-8"), content_type=CSV)
    response["Content-Disposition"] = f'attachment; filename="{slugify(name) or "movement"}.csv"'
    response["Cache-Control"] = "private, no-store"
    return response


@club_view
def movement_list(request: HttpRequest, club: Club) -> HttpResponse:
    """The club's movements, and the form that keeps a new one."""
    form = ClubMovementForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            kept = keep_movement(club, d["name"], d["text"], by=request.user)
        except ServiceError as e:
            form.add_error("text", user_message(e))
        else:
            messages.success(
                request,
                f"{kept.name} is in the club's library: the new-event form offers it for "
                "as many pairs as it seats.",
            )
            return redirect("director_movements")
    rows: list[dict[str, Any]] = []
    for kept in ClubMovement.objects.filter(club=club).select_related("created_by"):
        try:
            movement = from_csv(kept.csv, name=kept.key, description=kept.name)
        except MovementError as e:  # kept sound; a rule added since refuses it
            rows.append({"kept": kept, "movement": None, "why": user_message(e)})
            continue
        rows.append({"kept": kept, "movement": movement, "figures": figures(movement)})
    return render(
        request,
        "director/movements.html",
        {"club": club, "form": form, "rows": rows, "library": LibraryCsvForm()},
    )


@club_view
def movement_download(request: HttpRequest, club: Club, pk: int) -> HttpResponse:
    """One of the club's movements as the CSV it was kept as."""
    kept = ClubMovement.objects.filter(pk=pk, club=club).first()
    if kept is None:
        raise Http404("No such movement")
    return _csv_response(kept.csv, kept.name)


@club_view
def movement_library_csv(request: HttpRequest, club: Club) -> HttpResponse:
    """Any movement of the library as CSV, to start one's own from."""
    form = LibraryCsvForm(request.GET)
    if form.is_valid():
        d = form.cleaned_data
        try:
            movement = build(d["name"], d["boards_per_round"], d.get("pairs"))
        except MovementError as e:
            messages.error(request, user_message(e))
        else:
            return _csv_response(to_csv(movement), movement.name)
    else:
        for field, errors in form.errors.items():
            label = form.fields[field].label if field in form.fields else ""
            said = " ".join(str(e) for e in errors)
            messages.error(request, f"{label}: {said}" if label else said)
    return redirect("director_movements")
