"""The director's pages, one module a page family.

Setting an event up (:mod:`.setup`), watching it run from the control panel
(:mod:`.panel`: progress, rounds, absent tables, the room display, publishing,
calls, the audit trail), entering and correcting results (:mod:`.results`),
settling irregularities (:mod:`.rulings`: Law B, adjusted scores, auction
rulings), changing the field (:mod:`.field`), the cards and links that go on
the tables (:mod:`.cards`), and the club's director accounts (:mod:`.accounts`).
Each page checks access through :mod:`tournament.access` and acts through
:mod:`tournament.services`; :func:`director_actor` is who acts on every one of them.
"""

from __future__ import annotations

from django.http import HttpRequest

from ...services import Actor


def director_actor(request: HttpRequest, reason: str = "") -> Actor:
    return Actor.director(request.user, reason)
