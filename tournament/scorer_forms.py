"""The table scorer's form: everything by touch, in the code's own strains."""

from __future__ import annotations

import uuid

from django import forms

from scoring import ScoringError, parse_contract
from scoring.codes import Code

from .choices import RevokePenalty
from .forms import entry_from
from .forms import initial_from as _initial_from
from .services import Entry

SEATS = [("N", "N"), ("E", "E"), ("S", "S"), ("W", "W")]
STRAIN_LABELS = {
    "C": "♣",
    "D": "♦",
    "H": "♥",
    "S": "♠",
    "RS": "Royal ♠",
    "NT": "NT",
    "NULLO": "Nullo",
}


DOUBLES = ("", "X", "XX")


class TabletEntryForm(forms.Form):
    """One board's result, built from taps: level, strain, double, declarer, tricks."""

    level = forms.ChoiceField(
        choices=[("PASS", "Passed out"), *[(str(n), str(n)) for n in range(1, 8)]],
        widget=forms.RadioSelect,
    )
    strain = forms.ChoiceField(required=False, widget=forms.RadioSelect)
    royal = forms.BooleanField(required=False, label="Royal")
    doubled = forms.ChoiceField(
        choices=[("", "Undoubled"), ("X", "Doubled"), ("XX", "Redoubled")],
        required=False,
        widget=forms.RadioSelect,
    )
    declarer = forms.ChoiceField(choices=SEATS, required=False, widget=forms.RadioSelect)
    tricks = forms.TypedChoiceField(
        choices=[(str(n), str(n)) for n in range(14)],
        coerce=int,
        required=False,
        empty_value=None,
        widget=forms.RadioSelect,
        label="Tricks won by declarer's side",
    )
    hon_n = forms.TypedChoiceField(
        choices=[], coerce=int, required=False, empty_value=None, label="North"
    )
    hon_e = forms.TypedChoiceField(
        choices=[], coerce=int, required=False, empty_value=None, label="East"
    )
    hon_s = forms.TypedChoiceField(
        choices=[], coerce=int, required=False, empty_value=None, label="South"
    )
    hon_w = forms.TypedChoiceField(
        choices=[], coerce=int, required=False, empty_value=None, label="West"
    )
    revokes_ns = forms.TypedChoiceField(
        choices=[(str(n), str(n)) for n in range(4)],
        coerce=int,
        required=False,
        empty_value=0,  # type: ignore[arg-type]  # the stubs allow only str | None
        label="Revokes by North-South",
    )
    revokes_ew = forms.TypedChoiceField(
        choices=[(str(n), str(n)) for n in range(4)],
        coerce=int,
        required=False,
        empty_value=0,  # type: ignore[arg-type]  # the stubs allow only str | None
        label="Revokes by East-West",
    )
    revoke_penalty = forms.ChoiceField(
        choices=RevokePenalty.choices,
        required=False,
        widget=forms.RadioSelect,
        label="Declarer's choice for the defenders' revoke",
    )
    penalty_side = forms.ChoiceField(
        choices=[("", "No penalty"), ("NS", "to North-South"), ("EW", "to East-West")],
        required=False,
        label="Penalty points",
    )
    penalty_points = forms.TypedChoiceField(
        choices=[("", "—"), *[(str(p), str(p)) for p in (25, 50, 100, 150, 200)]],
        coerce=int,
        required=False,
        empty_value=None,
        label="Points",
    )
    penalty_law = forms.CharField(max_length=60, required=False, label="Law")
    key = forms.CharField(widget=forms.HiddenInput)

    def __init__(self, *args, code: Code, hand_record: bool, **kwargs):
        super().__init__(*args, **kwargs)
        self.code = code
        self.hand_record = hand_record
        self.fields["strain"].choices = [(s, STRAIN_LABELS[s]) for s in code.strains]  # type: ignore[attr-defined]
        if not code.has_royal:
            del self.fields["royal"]
        if hand_record or not code.has_honours:
            for s in "nesw":
                del self.fields[f"hon_{s}"]
        else:
            choices = [("", "—"), *[(str(n), str(n)) for n in range(6)]]
            for s in "nesw":
                self.fields[f"hon_{s}"].choices = choices  # type: ignore[attr-defined]
        if not self.is_bound and not self.initial.get("key"):
            self.initial["key"] = uuid.uuid4().hex

    def clean(self):
        data = super().clean()
        assert data is not None  # Form.clean() returns cleaned_data
        if data.get("level") and data["level"] != "PASS":
            if not data.get("strain"):
                self.add_error("strain", "Choose the declaration.")
            if not data.get("declarer"):
                self.add_error("declarer", "Who was declarer?")
            if data.get("tricks") is None:
                self.add_error("tricks", "How many tricks did declarer's side win?")
        if data.get("penalty_side") and not data.get("penalty_points"):
            self.add_error("penalty_points", "How many penalty points?")
        return data

    @property
    def choices(self) -> dict[str, list[dict]]:
        """Each choice field's options with the one chosen marked, for the template.

        The tablet's page draws its buttons and lists from these directly:
        Django's widgets render a template per option, and a board's page has
        some sixty options, which made it the slowest page under load.
        """
        out: dict[str, list[dict]] = {}
        for name, field in self.fields.items():
            if not isinstance(field, forms.ChoiceField):
                continue
            current = self[name].value()
            current = "" if current is None else str(current)
            out[name] = [
                {
                    "value": str(v),
                    "label": label,
                    "id": f"id_{name}_{i}",
                    "checked": str(v) == current,
                }
                for i, (v, label) in enumerate(field.choices)  # type: ignore[arg-type]
            ]
        return out

    def contract(self) -> str:
        d = self.cleaned_data
        if d["level"] == "PASS":
            return "PASS"
        royal = "R" if d.get("royal") else ""
        return f"{d['level']}{d['strain']}{royal}{d.get('doubled') or ''}"

    def entry(self) -> Entry:
        d = dict(self.cleaned_data)
        if "hon_n" not in self.fields:  # a hand record, or a code without honours
            d.update(hon_n=None, hon_e=None, hon_s=None, hon_w=None)
        return entry_from(self.contract(), d)

    @staticmethod
    def initial_from(result, code: Code) -> dict:
        """Prefill from a stored result (to change it): the contract back into taps."""
        initial: dict = {}
        try:
            c = parse_contract(result.contract, code)
        except ScoringError:
            c = None  # an artificial score: nothing to prefill
        if c is not None and c.is_pass:
            initial["level"] = "PASS"
        elif c is not None:
            initial.update(
                level=str(c.level), strain=c.strain, royal=c.royal, doubled=DOUBLES[c.doubled]
            )
        initial.update(_initial_from(result))
        del initial["contract"]
        initial.update(revokes_ns=result.revokes_ns, revokes_ew=result.revokes_ew)
        return initial
