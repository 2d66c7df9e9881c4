"""The field's changes during play: a late pair joining and a pair withdrawing
(:mod:`tournament.services.field`).
"""

from __future__ import annotations

from typing import Any

from django import forms

from .fields import OneLineText, WholeNumber


class LatePairForm(forms.Form):
    """A late pair: from which round, which free place, its players."""

    from_round = forms.TypedChoiceField(coerce=int, label="Plays from round")
    place = forms.ChoiceField(required=False, label="Takes the place of")
    # A member as the register offers him, "Name (#number)": a name of 80 and its number.
    player1 = OneLineText(max_length=104, required=False, label="Player 1")
    player2 = OneLineText(max_length=104, required=False, label="Player 2")

    def __init__(self, *args: Any, rounds: Any = (), places: Any = (), **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.fields["from_round"].choices = [(r, f"Round {r}") for r in rounds]  # type: ignore[attr-defined]
        self.fields["place"].choices = [("", "the free place")] + [  # type: ignore[attr-defined]
            (p, label) for p, label in places
        ]


class WithdrawForm(forms.Form):
    """A pair leaves: from which round on."""

    pair = forms.ChoiceField(label="Pair")
    from_round = WholeNumber(min_value=1, max_value=99, label="Leaves before round")
    reason = OneLineText(max_length=300, required=False, label="Note")

    def __init__(self, *args: Any, pairs: Any = (), **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.fields["pair"].choices = [("", "—")] + [  # type: ignore[attr-defined]
            (p.label, f"Pair {p.label}" + (f": {p.names}" if p.names else "")) for p in pairs
        ]
