"""Team events of many teams: create one, draw its rounds, its standings."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from .. import exports, services
from ..access import league_public_view, league_view
from ..forms import LeagueForm
from ..models import League
from ..queries import leagues
from ..services import Actor, ServiceError, user_message


@login_required
def league_create(request: HttpRequest) -> HttpResponse:
    form = LeagueForm(
        request.POST or None, initial={"code": "1915", "premium": True, "draw": "round-robin"}
    )
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        try:
            league = services.create_league(request.user, **data)
        except ServiceError as e:
            form.add_error(None, user_message(e))
        else:
            messages.success(
                request,
                f"{league.name} created: {league.matches.count()} matches drawn. Name each "
                "match's players from its control panel.",
            )
            return redirect("director_league", league.pk)
    return render(request, "leagues/form.html", {"form": form})


def _context(league: League) -> dict:
    meetings = leagues.meetings(league)
    rounds: dict[int, list] = {}
    for m in meetings:
        rounds.setdefault(m.round, []).append(m)
    return {"league": league, "rounds": rounds, "table": leagues.league_table(league)}


@league_view
def league_page(request: HttpRequest, league: League) -> HttpResponse:
    ctx = _context(league)
    drawn = max(ctx["rounds"], default=0)
    ctx["can_draw"] = league.draw == League.Draw.SWISS and drawn < (league.rounds or 0)
    ctx["next_round"] = drawn + 1
    return render(request, "leagues/director.html", ctx)


@require_POST
@league_view
def league_action(request: HttpRequest, league: League, action: str) -> HttpResponse:
    try:
        if action == "draw":
            r = services.draw_next_round(league, by=Actor.director(request.user))
            messages.success(request, f"Round {r} drawn: teams with similar records meet.")
        elif action in ("publish", "unpublish"):
            services.set_league_published(
                league, action == "publish", by=Actor.director(request.user)
            )
            messages.success(
                request, "Standings public." if league.published else "Standings hidden."
            )
        else:
            raise Http404("No such action")
    except ServiceError as e:
        messages.error(request, user_message(e))
    return redirect("director_league", league.pk)


@league_public_view
def league_standings(request: HttpRequest, league: League) -> HttpResponse:
    return render(request, "leagues/public.html", _context(league))


@league_public_view
def league_download(request: HttpRequest, league: League, fmt: str) -> HttpResponse:
    if fmt == "xlsx":
        body = exports.league_xlsx_bytes(league)
        kind = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    elif fmt == "csv":
        body, kind = exports.league_csv_bytes(league), "text/csv; charset=utf-8"
    else:
        raise Http404("No such format")
    response = HttpResponse(body, content_type=kind)
    response["Content-Disposition"] = f'attachment; filename="{exports.download_name(league, fmt)}"'
    return response
