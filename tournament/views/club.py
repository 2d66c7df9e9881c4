"""The club's public pages (its front page is the home page, :mod:`.public`): a member's
evenings, a season's standings and files, and each pair's short score-card link.

Names only: a member's e-mail and phone never reach these pages or files (they are
the club's directors', :mod:`tournament.views.director.members`).
"""

from __future__ import annotations

import segno
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify

from ..access import can_view
from ..exports import club as club_files
from ..models import Event, Member, Pair, Season
from ..queries import club as club_queries
from ..queries.names import public_name
from ..room.address import absolute_url
from ..room.clubtime import use_clubs_clock

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def results_qr(request: HttpRequest, event: Event) -> tuple[str, str]:
    """Tonight's results as a link and its QR code (inline SVG, no script), on the address
    the players' phones use: for the table cards and the room display at the end."""
    url = absolute_url(request, reverse("event_standings", args=[event.pk]))
    return url, segno.make(url, error="m").svg_inline(scale=3)


def member_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A member's published evenings: name, partner, score, place, and a chart.  A member
    who has played no published evening has no public page."""
    member = get_object_or_404(Member.objects.select_related("club"), pk=pk)
    use_clubs_clock(member.club)
    played = club_queries.history(member, public=True)
    if not played:
        raise Http404("No such player")
    return render(
        request,
        "public/member.html",
        {
            "member": member,
            "shown_name": public_name(member),
            "played": played,
            "chart": club_queries.history_chart(played),
        },
    )


def season_standings(request: HttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season.objects.select_related("club"), pk=pk)
    use_clubs_clock(season.club)
    return render(
        request,
        "public/season.html",
        {
            "season": season,
            "rows": club_queries.season_standings(season),
            "events": club_queries.season_events(season, public=True),
        },
    )


def season_download(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    season = get_object_or_404(Season, pk=pk)
    if fmt == "xlsx":
        body, kind = club_files.season_xlsx_bytes(season), XLSX
    elif fmt == "csv":
        body, kind = club_files.season_csv_bytes(season), "text/csv; charset=utf-8"
    else:
        raise Http404("No such format")
    response = HttpResponse(body, content_type=kind)
    name = slugify(season.name) or "season"
    response["Content-Disposition"] = f'attachment; filename="{name}.{fmt}"'
    return response


def short_link(request: HttpRequest, code: str) -> HttpResponse:
    """A pair's score card by its short link: the card itself keeps its access rule."""
    try:
        pk = int(code, 36)
    except ValueError:
        raise Http404("No such score card") from None
    pair = Pair.objects.filter(pk=pk).select_related("event").first()
    if pair is None or not can_view(request.user, pair.event):
        raise Http404("No such score card")
    return redirect("event_pair", pair.event_id, pair.label)
