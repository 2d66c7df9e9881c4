"""Sections and sessions: create a contest, its standings, its files."""

from __future__ import annotations

import re
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST

from scoring.fractions_fmt import two_decimals
from scoring.pairs import pair_label_key
from scoring.sessions import display_session, display_total
from scoring.wording import count

from .. import exports, services
from ..access import contest_public_view, contest_view
from ..choices import Method
from ..forms import ContestForm, ReseatForm
from ..models import Contest, Event
from ..queries import contests, pagecache
from ..services import Actor, ServiceError, user_message


@login_required
def contest_create(request: HttpRequest) -> HttpResponse:
    form = ContestForm(
        request.POST or None, initial={"code": "1915", "premium": True, "sections": 2}
    )
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        try:
            contest = services.create_contest(request.user, **data)
        except ServiceError as e:
            form.add_error(None, user_message(e))
        else:
            messages.success(
                request,
                f"{contest.name} created: {count(contest.parts.count(), 'part')}, each with "
                "its own movement, table cards and tablets.",
            )
            return redirect("director_contest", contest.pk)
    return render(
        request,
        "director/event_form.html",
        {
            "form": form,
            "heading": "New event of sections or sessions",
            "button": "Create the sections and sessions",
        },
    )


DIRECTIONS = {"NS": "North-South", "EW": "East-West"}


def _fields(rows: list[tuple[Any, ...]]) -> list[tuple[str, list[tuple[Any, ...]]]]:
    """Rows (each a standing first) split by direction, each field under its own heading:
    ranks restart in each field, so one table of both read as a ranking gone wrong.  One
    field (a Howell): one table, no heading."""
    fields: dict[str, list[tuple[Any, ...]]] = {}
    for row in rows:
        fields.setdefault(DIRECTIONS.get(row[0].direction or "", ""), []).append(row)
    return list(fields.items())


def _session_score(row: Any, method: str) -> str:
    """A pair's session score: its percentage to two decimals, exact (matchpoints), or
    its Law H points rounded like Law G."""
    if method != Method.MATCHPOINTS:
        return row.display
    return "—" if row.percent is None else two_decimals(row.percent)


def _context(contest: Contest) -> dict:
    """The contest page's context: its parts read (one query), its standings tables as
    HTML kept in the page cache under the contest's stamp
    (:func:`tournament.queries.pagecache.contest_stamp`), so a repeat view reads two small
    queries.  The first view after a change works out again only the sessions whose
    sections changed (each kept under its sections' stamps), then carries the sessions
    over.  The tables hold nothing that differs between viewers (the section links and
    the share form are around them), so every viewer shares one copy."""
    events = contests.parts(contest)
    parts = pagecache.part_stamps(events)  # before what they cover: see pagecache
    stamp = pagecache.contest_stamp(contest, parts)
    tables = pagecache.cached(
        "contest", contest, stamp, "", lambda: standings_tables(contest, events, parts)
    )
    method = events[0].method if events else "total"
    numbers = sorted({e.session for e in events if e.session})
    sessions = [
        {
            "number": s,
            "events": [e for e in events if e.session == s],
            "html": mark_safe(tables["sessions"].get(s, "")),  # rendered by _session
        }
        for s in numbers
    ]
    return {
        "contest": contest,
        "sessions": sessions,
        "overall_html": mark_safe(tables["overall"]),  # rendered by standings_tables
        "one_field": tables["one_field"],
        "multi_session": len(numbers) > 1,
        "error": tables["error"],
        "matchpoints": method == Method.MATCHPOINTS,
        "method_name": Method(method).label,  # "Matchpoints", "Total points (Law H)"
    }


def standings_tables(
    contest: Contest, events: list[Event], parts: dict[int, str]
) -> dict[str, Any]:
    """The contest's standings as HTML: each session's tables across its sections (each
    kept under its sections' stamps, :func:`_session`) and the sessions carried over;
    and the refusal in words when a session cannot be compared."""
    method = events[0].method if events else "total"
    numbers = contests.sessions_of(contest)
    html: dict[int, str] = {}
    tables: dict[int, list] = {}
    error = ""
    for s in numbers:
        stamp = pagecache.combined([parts[e.pk] for e in events if e.session == s])

        def build(s: int = s) -> dict[str, Any]:
            return _session(contest, s, method)

        kept = pagecache.cached("contest-session", contest, stamp, f"{s}:{method}", build)
        html[s], tables[s] = kept["html"], kept["table"]
        error = error or kept["error"]
    overall = ""
    one_field = False
    if len(numbers) > 1 and not error:
        seated = [contests.seated(contest, s) for s in numbers]
        try:
            rows = [
                (
                    r,
                    display_total(r, method, contest.carry),
                    [display_session(x, method) for x in r.sessions],
                    contests.players_of(r.seats, seated),
                    contests.seats_text(r.seats),
                )
                for r in contests.overall_table(contest, tables)
            ]
        except ServiceError as e:
            error = user_message(e)
        else:
            if rows:
                fields = _fields(rows)
                one_field = len(fields) == 1 and not fields[0][0]
                overall = render_to_string(
                    "contests/_overall.html", {"fields": fields, "numbers": numbers}
                )
    return {"sessions": html, "overall": overall, "one_field": one_field, "error": error}


def _session(contest: Contest, session: int, method: str) -> dict[str, Any]:
    """One session's standings across its sections: the table (for the carry-over), its
    HTML, and the refusal in words when its sections cannot be compared."""
    names = contests.pair_names(contest, session)
    marks = contests.pair_marks(contest, session)
    error = ""
    try:
        table = contests.session_table(contest, session)
    except ServiceError as e:
        table, error = [], user_message(e)
    rows = [
        (r, names.get(r.pair, ""), _session_score(r, method), marks.get(r.pair, "")) for r in table
    ]
    html = render_to_string(
        "contests/_session.html",
        {"fields": _fields(rows), "matchpoints": method == Method.MATCHPOINTS},
    )
    return {"table": table, "html": html, "error": error}


@contest_view
def contest_page(request: HttpRequest, contest: Contest) -> HttpResponse:
    return render(request, "contests/director.html", _context(contest))


@require_POST
@contest_view
def contest_action(request: HttpRequest, contest: Contest, action: str) -> HttpResponse:
    try:
        if action == "share":
            text = request.POST.get("session", "").strip()
            if not re.fullmatch(r"[0-9]{1,3}", text):
                raise ServiceError(
                    "there is no such session: copy from the button under the session's table"
                )
            session = int(text)
            n = services.share_deals(contest, session, by=Actor.director(request.user))
            messages.success(request, f"Session {session}: {count(n, 'hand record')} copied.")
        elif action in ("one-ranking", "by-direction"):
            services.set_one_ranking(
                contest, action == "one-ranking", by=Actor.director(request.user)
            )
            messages.success(
                request,
                "One overall ranking: every pair ranked together."
                if contest.one_ranking
                else "Overall ranked by direction.",
            )
        elif action in ("publish", "unpublish"):
            services.set_contest_published(
                contest, action == "publish", by=Actor.director(request.user)
            )
            messages.success(
                request, "Standings public." if contest.published else "Standings hidden."
            )
        else:
            raise Http404("No such action")
    except ServiceError as e:
        messages.error(request, user_message(e))
    return redirect("director_contest", contest.pk)


def _seat_order(seat: str) -> tuple[str, tuple]:
    return (seat[:1], pair_label_key(seat[1:]))


@contest_view
def contest_seat(request: HttpRequest, contest: Contest, session: int) -> HttpResponse:
    """Seat a session's pairs before it is played: by hand (each pair of the session
    before and its seat in this one), or seeded from the standings so far as
    :data:`tournament.services.SEEDING` says.  The pair's players move with it, so the
    carry-over, guide cards and tablets follow."""
    if session < 2 or session not in contests.sessions_of(contest):
        raise Http404("No such session")
    before = contests.seated(contest, session - 1)
    now = contests.seated(contest, session)
    by_entrant = {who: seat for seat, (who, _) in now.items() if not who.startswith("seat:")}
    current = {
        seat: by_entrant.get(who, seat if seat in now else "") for seat, (who, _) in before.items()
    }
    pairs = [(seat, " & ".join(n for n in names if n)) for seat, (_, names) in before.items()]
    pairs.sort(key=lambda p: _seat_order(p[0]))
    seats = sorted(now, key=_seat_order)
    form = ReseatForm(
        request.POST if request.method == "POST" and "seed" not in request.POST else None,
        pairs=pairs,
        seats=seats,
        current=current,
    )
    by = Actor.director(request.user)
    if request.method == "POST":
        try:
            if "seed" in request.POST:
                n = services.seed_from_standings(contest, session, by=by)
            elif form.is_valid():
                n = services.reseed(contest, session, form.seats(), by=by)
            else:
                n = None
        except ServiceError as e:
            form.add_error(None, user_message(e))
        else:
            if n is not None:
                messages.success(
                    request,
                    f"Session {session} seated: {count(n, 'pair')} moved. Its guide cards, "
                    "table cards and tablets name each pair at its new seat.",
                )
                return redirect("director_contest", contest.pk)
    return render(
        request,
        "contests/seat.html",
        {
            "contest": contest,
            "session": session,
            "form": form,
            "rows": [(seat, names, form[f"pair-{seat}"]) for seat, names in pairs],
            "seeding": services.SEEDING,
        },
    )


@contest_public_view
def contest_standings(request: HttpRequest, contest: Contest) -> HttpResponse:
    return render(request, "contests/public.html", _context(contest))


@contest_public_view
def contest_download(request: HttpRequest, contest: Contest, fmt: str) -> HttpResponse:
    try:
        if fmt == "xlsx":
            body = exports.contest_xlsx_bytes(contest)
            kind = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        elif fmt == "csv":
            body, kind = exports.contest_csv_bytes(contest), "text/csv; charset=utf-8"
        else:
            raise Http404("No such format")
    except ServiceError as e:
        messages.error(request, user_message(e))
        return redirect("contest_standings", contest.pk)
    response = HttpResponse(body, content_type=kind)
    response["Content-Disposition"] = (
        f'attachment; filename="{exports.download_name(contest, fmt)}"'
    )
    return response
