"""The club's seasons: a new season with its rule, and the evenings it holds."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify

from scoring.wording import count

from ...access import club_view
from ...exports import club as club_files
from ...forms.members import SeasonForm
from ...models import Club, Season
from ...queries import club as club_queries
from ...services import ServiceError, user_message
from ...services.seasons import set_season_events
from . import director_actor


@club_view
def season_list(request: HttpRequest, club: Club) -> HttpResponse:
    form = SeasonForm(request.POST or None, initial={"method": "matchpoints", "at_least": 1})
    if request.method == "POST" and form.is_valid():
        season = form.save(commit=False)
        season.club = club
        season.save()
        messages.success(request, f"{season.name} made: now choose its evenings.")
        return redirect("director_season", season.pk)
    seasons = Season.objects.filter(club=club)
    return render(
        request, "director/seasons.html", {"club": club, "seasons": seasons, "form": form}
    )


@club_view
def season_page(request: HttpRequest, club: Club, pk: int) -> HttpResponse:
    season = get_object_or_404(Season, pk=pk, club=club)
    # The kind is fixed once made: the evenings it holds are of that kind.
    rule_posted = request.method == "POST" and "events" not in request.POST
    form = SeasonForm(request.POST if rule_posted else None, instance=season, prefix="rule")
    form.fields["method"].disabled = True
    candidates = club_queries.season_candidates(club, season)
    if request.method == "POST" and "events" in request.POST:
        chosen = [int(x) for x in request.POST.getlist("pick") if x.isdigit()]
        try:
            changed = set_season_events(season, chosen, by=director_actor(request))
        except ServiceError as e:
            messages.error(request, user_message(e))
        else:
            messages.success(request, f"{count(changed, 'evening')} changed.")
            return redirect("director_season", season.pk)
    elif rule_posted and form.is_valid():
        form.save()
        messages.success(request, "The season's rule is saved.")
        return redirect("director_season", season.pk)
    return render(
        request,
        "director/season.html",
        {
            "club": club,
            "season": season,
            "form": form,
            "candidates": candidates,
            "rows": club_queries.season_standings(season, public=False),
        },
    )


@club_view
def season_download(request: HttpRequest, club: Club, pk: int, fmt: str) -> HttpResponse:
    """The directors' file of a season: as their season page counts it (every evening),
    with each member's number beside the name (the public's file names only)."""
    season = get_object_or_404(Season, pk=pk, club=club)
    if fmt == "xlsx":
        body = club_files.season_xlsx_bytes(season, director=True)
        kind = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    elif fmt == "csv":
        body, kind = club_files.season_csv_bytes(season, director=True), "text/csv; charset=utf-8"
    else:
        raise Http404("No such format")
    response = HttpResponse(body, content_type=kind)
    name = slugify(season.name) or "season"
    response["Content-Disposition"] = f'attachment; filename="{name}-director.{fmt}"'
    return response
