"""A director's own movement, uploaded or pasted in the CSV layout
(scoring.movements.custom, docs/director/movements.md#your-own-movement)."""

from __future__ import annotations

from typing import Any

from django import forms

from scoring.movements.custom import MOST_CHARACTERS

from .fields import LinesText, OneLineText, WholeNumber


class ClubMovementForm(forms.Form):
    """A movement for the club's library: its name and its CSV, pasted or as a file (a
    file's text is shown in the box when it is refused, so nothing is lost)."""

    name = OneLineText(max_length=80, label="Name", help_text="As the chooser will list it.")
    text = LinesText(
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 10, "cols": 60, "spellcheck": "false"}),
        label="Paste the CSV",
        help_text="round,table,ns,ew,boards, one line a table a round.",
    )
    upload = forms.FileField(required=False, label="Or upload a CSV file")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None
        upload = data.get("upload")
        if upload is not None:
            if upload.size > MOST_CHARACTERS:
                self.add_error(
                    "upload", f"A movement's file holds at most {MOST_CHARACTERS} bytes."
                )
                return data
            raw = upload.read()
            try:
                data["text"] = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                self.add_error("upload", "This file is not text in UTF-8: save it as CSV (UTF-8).")
                return data
            shown = dict(self.data.items())  # the file's text shown in the box if refused
            shown["text"] = data["text"]
            self.data = shown
        if not (data.get("text") or "").strip() and "upload" not in self.errors:
            self.add_error("text", "Paste the movement's CSV here, or upload its file.")
        return data


class LibraryCsvForm(forms.Form):
    """Any library movement, by its name, as a CSV file to start one's own from."""

    name = OneLineText(
        max_length=40, label="Movement", help_text="Like howell-7 or mitchell-8-relay."
    )
    boards_per_round = WholeNumber(min_value=1, max_value=13, initial=2, label="Boards a round")
    pairs = WholeNumber(
        min_value=3, max_value=80, required=False, label="Pairs (one short: a sit-out)"
    )
