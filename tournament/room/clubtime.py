"""The club's clock: the time zone every page and file shows times in.

The machine may keep UTC (a server) while the club plays in Sydney; a director
reading "entered at 19:42" on a page and in the spreadsheet must read the
club's 19:42 in both.  :func:`club_zone` is the one place that says which zone
that is: the club's own (``Club.time_zone``, set on its Club page) where the page
or file belongs to a club, else the room's ``CLUB_TIME_ZONE`` setting (the
machine's own zone by default).  Every page starts on the room's clock
(:class:`ClubTimeMiddleware`) and moves to its club's once the access gate knows
the club (:func:`use_clubs_clock`, in :mod:`tournament.access`); the files follow
:func:`club_time`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import timezone


def club_zone(club: Any = None) -> ZoneInfo:
    """``club``'s time zone (:meth:`Club.zone`); without a club, the room's
    (settings.CLUB_TIME_ZONE, checked when the settings load)."""
    if club is not None:
        return club.zone()
    return ZoneInfo(settings.CLUB_TIME_ZONE)


def club_time(moment: datetime, club: Any = None) -> datetime:
    """``moment`` on the club's clock, as a spreadsheet cell takes it: without its zone
    (a spreadsheet has none) and to the second."""
    return moment.astimezone(club_zone(club)).replace(tzinfo=None, microsecond=0)


def use_clubs_clock(club: Any) -> None:
    """The rest of this request renders its times on ``club``'s clock (the middleware
    puts the room's back when it ends)."""
    timezone.activate(club_zone(club))


class ClubTimeMiddleware:
    """Every page renders its times on the club's clock."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        timezone.activate(club_zone())
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
