"""How the public pages name a club's members: by name alone (a member's number, e-mail and
phone are the club's directors'), two members of one name told apart by the order they
joined the register.

"John Smith" is the first John Smith on the register; the second is "John Smith (2)",
the third "John Smith (3)", by the order they were entered (their keys), on every public
page alike: the season's standings, a member's page and the score cards that link it.
Names are compared as the register finds them (case and spacing aside).  The
directors' pages name a member with his number instead (:attr:`Member.choice_label`).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..models import Member


def _squeezed(name: str) -> str:
    return " ".join(name.split()).casefold()


def public_names(members: Iterable[Member]) -> dict[int, str]:
    """Each member's name as the public pages show it, by his key (one query)."""
    members = list(members)
    if not members:
        return {}
    wanted = {_squeezed(m.name) for m in members}
    clubs = {m.club_id for m in members}
    same: dict[tuple[int, str], list[int]] = {}
    # The clubs' whole registers, two columns a member: names compared here, not in SQL,
    # whose LOWER folds only ASCII in SQLite ("Ärmel").
    rows = (
        Member.objects.filter(club_id__in=clubs).order_by("pk").values_list("pk", "club_id", "name")
    )
    for pk, club_id, name in rows:
        key = _squeezed(name)
        if key in wanted:
            same.setdefault((club_id, key), []).append(pk)
    shown = {}
    for m in members:
        of_name = same.get((m.club_id, _squeezed(m.name)), [m.pk])
        place = of_name.index(m.pk) + 1 if m.pk in of_name else 1
        # A no-break space: "(2)" never wraps onto a line of its own.
        shown[m.pk] = m.name if place == 1 else f"{m.name}\u00a0({place})"
    return shown


def public_name(member: Member) -> str:
    """One member's name as the public pages show it (:func:`public_names`)."""
    return public_names([member])[member.pk]
