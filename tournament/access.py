"""Who may reach what: the one gate every view goes through.

One service may host many clubs, each a tenant: whatever belongs to a club (its
events, leagues, contests, members, seasons, files and director accounts) is
reached by that club's directors only (:meth:`Club.ids_of`); to a director of
another club it does not exist (404), and the club-wide pages answer him with
his own club's.  The **site administrator** (a superuser) alone reaches the
Clubs page (:func:`site_view`) and the admin, which see every club.

Three kinds of visitor:
- a **director** sees, runs and corrects every event, league and contest of the
  clubs he directs, whoever made it: a club's directors are its rota, any of whom
  may cover an evening or correct last week's result.  The maker stays the
  event's ``owner`` for the record, and the audit trail names who did each thing.
  To anyone else such an event does not exist (404);
- the **public** sees the results of published events (and of every match or
  section of a published league or contest); while the event is
  being played, only the standings and the **finished** boards (every table
  has played them): see :func:`publication`, the publication rule;
- a **table link** (a tablet) reaches its own table of its own event, once
  its PIN (if the director set one) has been given in this browser; a PIN
  changed since the browser was unlocked locks it again.

The club's accounts (the Directors page) are for its directors only: an active
staff account of the club (:func:`accounts_view`); any other visitor is refused.

The club's member register (names with e-mail and phone), its seasons and settings
are for its directors only (:func:`club_view`); the public sees a member's name and
published evenings, never the contact details.

Views never check access themselves: they are wrapped in
:func:`director_view`, :func:`results_view`, :func:`table_view`,
:func:`accounts_view`, :func:`club_view` or :func:`site_view`.  Each puts the
page on its club's clock (:func:`tournament.room.clubtime.use_clubs_clock`) once
it knows the club.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import wraps
from typing import Any, TypeVar

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpRequest
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render

from .models import Board, Club, Contest, Event, League, Member, Result, Round, Seating, TableLink
from .models.club import is_site_admin
from .queries import tablet
from .room.clubtime import use_clubs_clock
from .services import ServiceError, directors, tablets, user_message

View = Callable[..., HttpResponseBase]
G = TypeVar("G", League, Contest)


def events_for(user: Any) -> QuerySet[Event]:
    """The events a director may see and change: every event of the clubs he directs."""
    if not user.is_authenticated:
        return Event.objects.none()
    return Event.objects.filter(club_id__in=Club.ids_of(user))


def groups_for(user: Any, model: type[G]) -> QuerySet[G]:
    """The leagues or contests a director may see and change: those of his clubs."""
    if not user.is_authenticated:
        return model.objects.none()
    return model.objects.filter(club_id__in=Club.ids_of(user))


def can_direct(user: Any, event: Event) -> bool:
    """A director of the event's club, whoever made the event."""
    return bool(user.is_authenticated) and event.club_id in Club.ids_of(user)


def directs_group(user: Any, group: League | Contest) -> bool:
    """A director of the league's or contest's club, whoever made it."""
    return bool(user.is_authenticated) and group.club_id in Club.ids_of(user)


def can_view(user: Any, event: Event) -> bool:
    """The public sees published results only (an event, or the league or contest it is
    part of: :attr:`Event.is_public`); directors see their events always."""
    return event.is_public or can_direct(user, event)


@dataclass(frozen=True)
class Publication:
    """How far an event has been played: its boards, and those finished everywhere."""

    boards: frozenset[int]
    finished: frozenset[int]

    @property
    def over(self) -> bool:
        """Every board is finished: the event's deals and results may all be public."""
        return self.finished >= self.boards

    @property
    def unfinished(self) -> list[int]:
        return sorted(self.boards - self.finished)


def publication(
    event: Event, versions: Iterable[tuple[int, int, int, bool]] | None = None
) -> Publication:
    """The publication rule: which boards are **finished**, in four queries for any event.

    Published results must never give a deal away while a table has still to
    play it, so a board's traveller, hand record and deal reach the public
    only once it is finished.  A board is finished when every table-round
    scheduled to play it (``Seating.objects.playing``: sit-outs excluded; and
    those the director marked ``absent`` excluded, since they will not play
    it) is **done** with it:

    - the table-round has a live result for the board (entered by the table
      or the director, confirmed or not, or an artificial score): it was
      played there; or
    - its round is closed (``Round.closed_at``) and the table-round never had
      a result for the board: the director ended the round with the board
      unplayed there (time ran out), so it will not be played there.

    A result **voided** at a table-round (Law B: back to that table for
    rectification, or a new deal; or a wrong entry taken out) means the board
    is to be played or scored there again: that table waits for a live
    result even in a closed round, and the director settles it by entering
    the replay or an artificial score.  A table's agreement of its round
    (``Seating.agreed_at``) does not count on its own: a table can agree only
    when each of its boards has a live, confirmed result (so the first case
    already holds), and if the director voids one afterwards the board is
    being played again there.  A board no table plays is finished.  The rule
    is worked out afresh on every request, so a voided result hides its board
    again until it is replayed.  The event is **over** when every board is
    finished.

    ``versions``: (board number, round, table, live) of every result version, when
    the caller has read them already (:class:`tournament.queries.standings.EventRows`).
    """
    number_of = dict(Board.objects.filter(event=event).values_list("pk", "number"))
    boards = frozenset(number_of.values())
    if versions is None:
        versions = (
            (number_of[board_id], round_no, table, is_live)
            for board_id, round_no, table, is_live in Result.objects.filter(event=event)
            .order_by()
            .values_list("board_id", "round", "table", "is_live")
        )
    closed = set(
        Round.objects.filter(event=event, closed_at__isnull=False).values_list("number", flat=True)
    )
    # A line (board, round, table) as one integer, and the sets worked in C: 26,000
    # lines at 1,000 tables, where a tuple each and a Python loop cost a big event's
    # every view (docs/decisions/publication-rule.md).
    versions = list(versions)
    live = {(n << 42) | (r << 21) | t for n, r, t, is_live in versions if is_live}
    # Seating.objects.playing(event, n) for every board n at once: sit-outs excluded.
    scheduled = Seating.objects.filter(
        event=event, absent=False, ns__isnull=False, ew__isnull=False
    ).values_list("round", "table", "first_board", "last_board")
    due = {
        (n << 42) | (r << 21) | t for r, t, first, last in scheduled for n in range(first, last + 1)
    }
    waiting_lines = due - live
    if closed and waiting_lines:  # a closed round's board never entered there: not waited for
        ever = {(n << 42) | (r << 21) | t for n, r, t, _ in versions}
        mask = (1 << 21) - 1
        waiting_lines = {
            x for x in waiting_lines if not ((x >> 21) & mask in closed and x not in ever)
        }
    waiting = {x >> 42 for x in waiting_lines}
    return Publication(boards=boards, finished=boards - waiting)


def finished_boards(event: Event) -> set[int]:
    """The numbers of the event's finished boards (see :func:`publication`)."""
    return set(publication(event).finished)


@dataclass(frozen=True)
class Visibility:
    """What one viewer may see of an event's boards: all of them, or the finished ones."""

    publication: Publication
    everything: bool

    def shows(self, number: int) -> bool:
        """May this viewer see the board's traveller lines and its deal?"""
        return self.everything or number in self.publication.finished

    @property
    def boards(self) -> set[int] | None:
        """The boards an export may hold for this viewer; None for every board (and the seed)."""
        return None if self.everything else set(self.publication.finished)

    @property
    def hidden(self) -> list[int]:
        """The boards kept from this viewer until every table has played them."""
        return [] if self.everything else self.publication.unfinished


def visibility(user: Any, event: Event) -> Visibility:
    """The event's directors see every board throughout; the public, the finished ones
    until the event is over, then everything.  (Standings show all live results to
    everyone: they reveal no hand.)"""
    pub = publication(event)
    return Visibility(publication=pub, everything=pub.over or can_direct(user, event))


def _event(pk: int) -> Event:
    event = Event.objects.filter(pk=pk).select_related("club").first()
    if event is None:
        raise Http404("No such event")
    use_clubs_clock(event.club)
    return event


def owner_view(model: type[League] | type[Contest]) -> Callable[[View], View]:
    """A director's page of a league or contest (a group of events): its club's directors
    only, 404 to anyone else; ``view(request, obj, ...)``."""

    def decorate(view: View) -> View:
        @login_required
        @wraps(view)
        def wrapped(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponseBase:
            obj = model.objects.filter(pk=pk).select_related("club").first()
            if obj is None or not directs_group(request.user, obj):
                raise Http404("No such event")
            use_clubs_clock(obj.club)
            return view(request, obj, *args, **kwargs)

        return wrapped

    return decorate


def published_view(model: type[League] | type[Contest]) -> Callable[[View], View]:
    """A league's or contest's results page: published, or a director of its club."""

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapped(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponseBase:
            obj = model.objects.filter(pk=pk).select_related("club").first()
            if obj is None or not (obj.published or directs_group(request.user, obj)):
                raise Http404("No such event")
            use_clubs_clock(obj.club)
            return view(request, obj, *args, **kwargs)

        return wrapped

    return decorate


league_view = owner_view(League)
league_public_view = published_view(League)
contest_view = owner_view(Contest)
contest_public_view = published_view(Contest)


def director_view(view: View) -> View:
    """A director's page of one event: ``view(request, event, ...)``; 404 to anyone else."""

    @login_required
    @wraps(view)
    def wrapped(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponseBase:
        event = _event(pk)
        if not can_direct(request.user, event):
            raise Http404("No such event")
        return view(request, event, *args, **kwargs)

    return wrapped


def _directed_club(request: HttpRequest, refusal: str) -> Club:
    """The club the logged-in director runs, on its clock; a 403 page in his words
    when he is no director or directs no club."""
    if not directors.is_director(request.user):
        raise PermissionDenied(refusal)
    club = Club.of(request.user)
    if club is None:
        raise PermissionDenied(
            "Your account directs no club here; the site's administrator can add you to one."
        )
    use_clubs_clock(club)
    return club


def accounts_view(view: View) -> View:
    """The club's director accounts: its directors only (logged in, active staff),
    ``view(request, club, ...)``; a 403 page to anyone else logged in, the log-in page to
    a visitor."""

    @login_required
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        club = _directed_club(request, "Only a director manages the club's director accounts.")
        return view(request, club, *args, **kwargs)

    return wrapped


def club_view(view: View) -> View:
    """A page of the club's own records (its member register with their contact details,
    its seasons, its settings): its directors only, ``view(request, club, ...)``; a 403
    page to anyone else logged in, the log-in page to a visitor or a table's link."""

    @login_required
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        club = _directed_club(request, "Only the club's directors see its member register.")
        return view(request, club, *args, **kwargs)

    return wrapped


def site_view(view: View) -> View:
    """A page of the whole service (the Clubs page): the site administrator only; a 403
    page to anyone else logged in (a club's director included), the log-in page to a
    visitor."""

    @login_required
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not is_site_admin(request.user):
            raise PermissionDenied("Only the site's administrator manages the clubs.")
        return view(request, *args, **kwargs)

    return wrapped


def club_member(club: Club, pk: int) -> Member:
    """A member of this club's register, or 404 (another club's member does not exist)."""
    member = Member.objects.filter(pk=pk, club=club).first()
    if member is None:
        raise Http404("No such member")
    return member


def results_view(view: View) -> View:
    """A results page of one event: published, or the viewer directs it."""

    @wraps(view)
    def wrapped(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponseBase:
        event = _event(pk)
        if not can_view(request.user, event):
            raise Http404("No such event")
        return view(request, event, *args, **kwargs)

    return wrapped


def _session_key(link: TableLink) -> str:
    return f"table-link-{link.pk}"


def _unlocked(request: HttpRequest, link: TableLink) -> bool:
    return not link.pin or request.session.get(_session_key(link)) == tablets.pin_fingerprint(link)


def table_view(view: View) -> View:
    """A tablet's page: ``view(request, link, ...)`` once the link (and its PIN) is good.

    An unknown or reissued link is a 404 in the scorer's words; a link with
    a PIN not yet given in this browser gets the PIN page, rate-limited.
    """

    @wraps(view)
    def wrapped(request: HttpRequest, token: str, *args: Any, **kwargs: Any) -> HttpResponseBase:
        link = tablet.resolve(token)
        if link is None:
            raise Http404("This table link is not valid; ask the director for the table card.")
        use_clubs_clock(link.event.club)
        if _unlocked(request, link):
            return view(request, link, *args, **kwargs)
        error = None
        if request.method == "POST" and "pin" in request.POST:
            try:
                address = request.META.get("REMOTE_ADDR")
                if tablets.check_pin(link, request.POST.get("pin", ""), address):
                    request.session[_session_key(link)] = tablets.pin_fingerprint(link)
                    return redirect("scorer_home", token)
                error = "That PIN is not right."
            except ServiceError as e:
                error = user_message(e)
        return render(
            request, "scorer/pin.html", {"link": link, "error": error}, status=403 if error else 200
        )

    return wrapped
