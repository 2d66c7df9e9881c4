"""The director's rulings: Law B's irregular hands, an adjusted score at a table,
a fouled board's versions, and the event's values of average-plus and
average-minus.

Together because each overrides what the table played, under a law the form
names, and each goes to its verb in :mod:`tournament.services.irregular` or
:mod:`tournament.services.adjusted`.
"""

from __future__ import annotations

from typing import Any

from django import forms

from scoring.adjusted import NOT_PLAYED, WEIGHTED

from ..choices import Discovered, SurplusWith
from ..models import Event
from .fields import SEAT_CHOICES, LinesText, OneLineText, WholeNumber, whole_numbers


class IrregularForm(forms.Form):
    """Duplicate Law B: a player found with more or fewer than 13 cards."""

    where = forms.ChoiceField(label="Where was it found?")
    discovered = forms.ChoiceField(
        choices=Discovered.choices,
        label="When was it found?",
    )
    short_hand = forms.ChoiceField(
        choices=[("", "—"), *SEAT_CHOICES], required=False, label="Seat of the short hand"
    )
    surplus_with = forms.ChoiceField(
        choices=[("", "—"), *SurplusWith.choices],
        required=False,
        label="The surplus was held by",
    )
    reason = LinesText(
        max_length=300,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        label="Reason",
        help_text="Kept in the audit trail; needed when a result of an agreed or closed "
        "round changes (Law E).",
    )

    # The short hand and the surplus decide only an artificial score, after the overplay
    # began (Law B(3)): shown then only (static/tournament/showwhen.js).
    SHOW_WHEN = {
        "short_hand": "discovered=after-overplay",
        "surplus_with": "discovered=after-overplay",
    }

    @property
    def rows(self) -> list[tuple[forms.BoundField, str]]:
        return [(self[name], self.SHOW_WHEN.get(name, "")) for name in self.fields]

    def __init__(self, *args, seatings=(), **kwargs):
        """``seatings``: the table-rounds that play the board, to pick from."""
        super().__init__(*args, **kwargs)
        self.fields["where"].choices = [("", "—")] + [  # type: ignore[attr-defined]
            (
                f"{s.round}-{s.table}",
                f"Round {s.round}, table {s.table}: {s.ns.label} (NS) v {s.ew.label} (EW)",
            )
            for s in seatings
        ]

    def clean(self):
        data = super().clean()
        assert data is not None
        where = data.get("where") or ""
        if where:
            data["round"], data["table"] = (int(x) for x in where.split("-"))
        return data


AWARD_CHOICES = [("plus", "Average-plus"), ("average", "Average"), ("minus", "Average-minus")]


WEIGHT_PARTS = 3
# The form's own answer for an award to each side (stored as "ns/ew", scoring.adjusted).
ASSIGNED = "assigned"


class AdjustForm(forms.Form):
    """The director's adjusted score at one table (scoring.adjusted): not played, an
    award to each side, or a weighted score of two or three results."""

    where = forms.ChoiceField(label="Table")
    kind = forms.ChoiceField(
        choices=[
            (NOT_PLAYED, "Not played (compared like an absent table)"),
            (ASSIGNED, "Average-plus, average or average-minus to each side"),
            (WEIGHTED, "A weighted score (parts of two or three results)"),
        ],
        widget=forms.RadioSelect,
        label="Adjusted score",
    )
    ns_award = forms.ChoiceField(
        choices=AWARD_CHOICES, initial="average", required=False, label="North-South"
    )
    ew_award = forms.ChoiceField(
        choices=AWARD_CHOICES, initial="average", required=False, label="East-West"
    )
    reason = LinesText(
        max_length=300,
        label="Reason (shown on the traveller)",
        widget=forms.Textarea(attrs={"rows": 2, "cols": 50}),
    )
    # Fields shown only for their kind (showwhen.js; without script all show).
    SHOW_WHEN = {"ns_award": "kind=assigned", "ew_award": "kind=assigned"}

    def __init__(self, *args: Any, seatings: Any = (), **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.fields["where"].choices = [("", "—")] + [  # type: ignore[attr-defined]
            (
                f"{s.round}-{s.table}",
                f"Round {s.round}, table {s.table}: {s.ns.label} (NS) v {s.ew.label} (EW)",
            )
            for s in seatings
        ]
        for i in range(1, WEIGHT_PARTS + 1):
            self.fields[f"weight{i}"] = OneLineText(
                max_length=12, required=False, label=f"Part {i}: weight (e.g. 1/3)"
            )
            self.fields[f"score{i}"] = WholeNumber(
                min_value=-10000,
                max_value=10000,
                required=False,
                label=f"Part {i}: net score to North-South",
            )
            self.SHOW_WHEN = {
                **self.SHOW_WHEN,
                f"weight{i}": "kind=weighted",
                f"score{i}": "kind=weighted",
            }

    def rows(self) -> list[tuple[forms.BoundField, str]]:
        """Each field with its "show when" condition, for the template."""
        names = [n for n in self.fields if n != "reason"] + ["reason"]
        return [(self[n], self.SHOW_WHEN.get(n, "")) for n in names]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None
        where = data.get("where") or ""
        if where:
            data["round"], data["table"] = (int(x) for x in where.split("-"))
        kind = data.get("kind")
        parts = []
        for i in range(1, WEIGHT_PARTS + 1):
            weight, score = (data.get(f"weight{i}") or "").strip(), data.get(f"score{i}")
            if kind == WEIGHTED and (weight or score is not None):
                if not weight:
                    self.add_error(f"weight{i}", "Give this part's weight, e.g. 1/3.")
                elif score is None:
                    self.add_error(f"score{i}", "Give this part's net score to North-South.")
                else:
                    parts.append((weight, score))
        if kind == ASSIGNED:
            for side in ("ns_award", "ew_award"):
                if not data.get(side):
                    self.add_error(side, "Choose average-plus, average or average-minus.")
            data["adjusted"] = f"{data.get('ns_award')}/{data.get('ew_award')}"
        elif kind == WEIGHTED:
            data["adjusted"] = WEIGHTED
            if len(parts) < 2 and not self.errors:
                self.add_error(None, "A weighted score needs at least two parts.")
        else:
            data["adjusted"] = kind
        data["weights"] = parts or None
        return data


class FouledForm(forms.Form):
    """A fouled board: the tables that played its second version."""

    second = forms.MultipleChoiceField(
        widget=forms.CheckboxSelectMultiple,
        required=False,
        label="Tables that played the second version",
    )
    reason = OneLineText(max_length=300, label="Reason")

    def __init__(self, *args: Any, seatings: Any = (), **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.fields["second"].choices = [  # type: ignore[attr-defined]
            (
                f"{s.round}-{s.table}",
                f"Round {s.round}, table {s.table}: {s.ns.label} (NS) v {s.ew.label} (EW)",
            )
            for s in seatings
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None
        data["tables"] = [tuple(int(x) for x in v.split("-")) for v in data.get("second") or ()]
        return data


class AdjustedValuesForm(forms.ModelForm):
    """What average-plus and average-minus are worth in this event.

    Only the settings of the event's scoring method are offered: a matchpoint
    event's percentages, a total-points event's points (a field that changes
    nothing in this event only puzzles the director); the other keeps its value.
    """

    MATCHPOINT_FIELDS = ("adjusted_plus_percent", "adjusted_minus_percent")
    POINTS_FIELDS = ("adjusted_points",)

    class Meta:
        formfield_callback = whole_numbers  # the model's integers in the room's words
        model = Event
        fields = ["adjusted_plus_percent", "adjusted_minus_percent", "adjusted_points"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        unused = self.POINTS_FIELDS if self.instance.by_matchpoints else self.MATCHPOINT_FIELDS
        for name in unused:
            del self.fields[name]

    def values(self) -> dict[str, int]:
        """The three settings: those on the form as given, the others as they are."""
        return {
            name: self.cleaned_data.get(name, getattr(self.instance, name))
            for name in self.Meta.fields
        }
