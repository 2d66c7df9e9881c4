"""The fields every form shares: whole numbers refused in the room's words, the
seats, and a deal's honours and penalty fields read as the laws take them.

At the bottom of the forms so the director's forms, the calculator and the
tablet's form all ask and refuse the same way.
"""

from __future__ import annotations

from typing import Any

from django import forms

from .. import text
from ..choices import Seat


class WholeNumber(forms.IntegerField):
    """A whole-number field whose refusals are the room's words, not Django's ("Ensure
    this value is less than or equal to 13")."""

    default_error_messages = {
        "invalid": "A whole number, please.",
        "min_value": "At least %(limit_value)s.",
        "max_value": "At most %(limit_value)s.",
    }


def whole_numbers(field: Any, **kwargs: Any) -> Any:
    """A model form's ``formfield_callback``: every plain integer of the model as a
    :class:`WholeNumber`, so the model's own limits are refused in the same words.

    Its limits are the model's tightest (its validators and the column's range): a
    positive field with ``MinValueValidator(2)`` says "At least 2." to -2 and to 0 alike,
    not Django's "At least 0." to -2."""
    from django.core.validators import MaxValueValidator, MinValueValidator
    from django.db import models

    if isinstance(field, models.IntegerField) and not field.choices:
        kwargs.setdefault("form_class", WholeNumber)
        lows = [v.limit_value for v in field.validators if isinstance(v, MinValueValidator)]
        highs = [v.limit_value for v in field.validators if isinstance(v, MaxValueValidator)]
        lows, highs = [n for n in lows if type(n) is int], [n for n in highs if type(n) is int]
        if lows:
            kwargs.setdefault("min_value", max(lows))
        if highs:
            kwargs.setdefault("max_value", min(highs))
    return field.formfield(**kwargs)


SEAT_CHOICES = Seat.choices


HONOUR_FIELDS = ("hon_n", "hon_e", "hon_s", "hon_w")


def honours_from(data: dict) -> dict[str, int] | None:
    """Honours held per seat from ``hon_n``..``hon_w`` (all blank: not entered)."""
    counts = [data.get(f) for f in HONOUR_FIELDS]
    if all(c is None for c in counts):
        return None
    return {s: c or 0 for s, c in zip("NESW", counts, strict=True)}


def penalties_from(data: dict) -> tuple[dict, ...]:
    """The one penalty line of a form (``penalty_side/points/law``), if filled in."""
    if data.get("penalty_side") and data.get("penalty_points"):
        return (
            {
                "side": data["penalty_side"],
                "points": data["penalty_points"],
                "law": data.get("penalty_law") or "",
            },
        )
    return ()


class OneLineText(forms.CharField):
    """A one-line text field: a control character, a tab or a line break is refused in
    the director's words (tournament/text.py), before anything reaches a verb."""

    default_validators = [text.one_line]


class LinesText(forms.CharField):
    """A text field typed in a box of several lines: tab, CR and LF are taken, any other
    control character refused (tournament/text.py)."""

    default_validators = [text.lines]
