"""The club's clock: the time zone every page and file shows times in.

The machine may keep UTC (a server) while the club plays in Sydney; a director
reading "entered at 19:42" on a page and in the spreadsheet must read the
club's 19:42 in both.  :func:`club_zone` is the one place that says which zone
that is (the ``CLUB_TIME_ZONE`` setting, the machine's own zone by default);
the pages follow it through :class:`ClubTimeMiddleware`, the files through
:func:`club_time`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import timezone


def club_zone() -> ZoneInfo:
    """The club's time zone (settings.CLUB_TIME_ZONE, checked when the settings load)."""
    return ZoneInfo(settings.CLUB_TIME_ZONE)


def club_time(moment: datetime) -> datetime:
    """``moment`` on the club's clock, as a spreadsheet cell takes it: without its zone
    (a spreadsheet has none) and to the second."""
    return moment.astimezone(club_zone()).replace(tzinfo=None, microsecond=0)


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
