"""Who may reach what: the one gate every view goes through.

Three kinds of visitor:
- a **director** sees and changes the events he owns or was given (the
  event's ``directors``); to anyone else such an event does not exist (404);
- the **public** sees the results of published events;
- a **table link** (a tablet) reaches its own table of its own event, once
  its PIN (if the director set one) has been given in this browser; a PIN
  changed since the browser was unlocked locks it again.

Views never check access themselves: they are wrapped in
:func:`director_view`, :func:`results_view` or :func:`table_view`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from . import tablets
from .models import Event, TableLink
from .services import ServiceError

View = Callable[..., HttpResponse]


def events_for(user: Any) -> QuerySet[Event]:
    """The events a director may see and change: his own and those he was given."""
    if not user.is_authenticated:
        return Event.objects.none()
    return Event.objects.filter(Q(owner=user) | Q(directors=user)).distinct()


def can_direct(user: Any, event: Event) -> bool:
    return bool(user.is_authenticated) and (
        event.owner_id == user.pk or event.directors.filter(pk=user.pk).exists()
    )


def can_view(user: Any, event: Event) -> bool:
    """The public sees published results only; directors see their events always."""
    return event.published or can_direct(user, event)


def _event(pk: int) -> Event:
    event = Event.objects.filter(pk=pk).first()
    if event is None:
        raise Http404("No such event")
    return event


def director_view(view: View) -> View:
    """A director's page of one event: ``view(request, event, ...)``; 404 to anyone else."""

    @login_required
    @wraps(view)
    def wrapped(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        event = _event(pk)
        if not can_direct(request.user, event):
            raise Http404("No such event")
        return view(request, event, *args, **kwargs)

    return wrapped


def results_view(view: View) -> View:
    """A results page of one event: published, or the viewer directs it."""

    @wraps(view)
    def wrapped(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
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
    def wrapped(request: HttpRequest, token: str, *args: Any, **kwargs: Any) -> HttpResponse:
        link = tablets.resolve(token)
        if link is None:
            raise Http404("This table link is not valid; ask the director for the table card.")
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
                error = str(e)
        return render(
            request, "scorer/pin.html", {"link": link, "error": error}, status=403 if error else 200
        )

    return wrapped
