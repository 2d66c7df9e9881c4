"""The deals page's forms: importing a PBN pack (which boards, an offset, a room).

The same choice as ``manage.py import_pbn``'s options, read by the same
:func:`parse_board_range`, so the page and the terminal take a pack alike.
"""

from __future__ import annotations

import re

from django import forms

from scoring.packs import PackChoice

from .fields import OneLineText

_RANGE = re.compile(r"([0-9]{1,6})(?:\s*-\s*([0-9]{1,6}))?")


def parse_board_range(text: str) -> tuple[int | None, int | None]:
    """``"25-30"`` as (25, 30), ``"7"`` as (7, 7), empty as (None, None): every board.

    Raises ValueError with a director's sentence for anything else."""
    text = text.strip()
    if not text:
        return None, None
    m = _RANGE.fullmatch(text)
    if m is None:
        raise ValueError(f'"{text[:20]}" is not a range of boards such as 25-30')
    first = int(m.group(1))
    last = int(m.group(2)) if m.group(2) else first
    if first < 1:
        raise ValueError("board numbers start at 1")
    if last < first:
        raise ValueError(f"the range {first}-{last} runs backwards: write {last}-{first}")
    return first, last


class PbnImportForm(forms.Form):
    """A PBN file and which of its boards to take."""

    file = forms.FileField(label="PBN file")
    boards = OneLineText(
        label="The file's boards",
        required=False,
        max_length=15,
        help_text="Only these boards of the file, e.g. 25-30. Empty: every board.",
    )
    offset = forms.IntegerField(
        label="Offset",
        required=False,
        min_value=-9999,
        max_value=9999,
        help_text="The file's board number less this is the event's: 24 takes the "
        "file's 25 as board 1. Empty: 0.",
    )
    room = OneLineText(
        label="Room",
        required=False,
        max_length=20,
        help_text="A file of several rooms: take this room's deals (e.g. Open). "
        "Empty: every room must hold the same deals.",
    )

    def clean_boards(self) -> tuple[int | None, int | None]:
        try:
            return parse_board_range(self.cleaned_data["boards"])
        except ValueError as e:
            raise forms.ValidationError(str(e)) from None

    def choice(self) -> PackChoice:
        first, last = self.cleaned_data["boards"]
        room = self.cleaned_data["room"].strip()
        return PackChoice(first, last, self.cleaned_data["offset"] or 0, room or None)
