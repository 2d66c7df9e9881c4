"""An individual's partnership, as the tables read it: "3&4" in the North-South seats
is "North 3, South 4" (scoring.movements.partnerships: North or East first)."""

from __future__ import annotations

from django import template

from scoring.errors import ScoringError
from scoring.movements.partnerships import partners

register = template.Library()


@register.filter
def seated(label: str, seats: str) -> str:
    """``label`` ("3&4") in ``seats`` ("NS" or "EW") as "North 3, South 4"; a label that
    is no partnership, as it is."""
    try:
        first, second = partners(label)
    except ScoringError:
        return label
    names = {"NS": ("North", "South"), "EW": ("East", "West")}.get(seats, ("", ""))
    return f"{names[0]} {first}, {names[1]} {second}"
