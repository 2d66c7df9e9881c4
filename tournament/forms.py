"""Forms: every field validated, every message in a director's words."""

from __future__ import annotations

from django import forms

from scoring import CODES, DealResult, Penalty, parse_contract
from scoring.codes import get_code
from scoring.contract import ContractError

from .choices import (
    Adjusted,
    CodeOfLaws,
    Direction,
    Discovered,
    Form,
    MovementKind,
    RevokePenalty,
    Seat,
    SurplusWith,
)
from .models import Event
from .movements import MAX_TABLES
from .services import Entry

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


def entry_from(contract: str, data: dict) -> Entry:
    """The typed boundary: a form's cleaned data as the entry the services take."""
    return Entry(
        contract=contract,
        declarer=data.get("declarer") or "",
        tricks=data.get("tricks"),
        honours=honours_from(data),
        revokes_ns=data.get("revokes_ns") or 0,
        revokes_ew=data.get("revokes_ew") or 0,
        revoke_penalty=data.get("revoke_penalty") or "",
        penalties=penalties_from(data),
    )


def initial_from(result) -> dict:
    """A stored result as a form's initial data (to change it)."""
    hon = result.honours or {}
    pen = result.penalties[0] if result.penalties else {}
    return {
        "contract": result.contract,
        "declarer": result.declarer,
        "tricks": result.tricks,
        **{f"hon_{s.lower()}": hon.get(s) for s in "NESW"},
        "revokes_ns": result.revokes_ns or None,
        "revokes_ew": result.revokes_ew or None,
        "revoke_penalty": result.revoke_penalty,
        "penalty_side": pen.get("side", ""),
        "penalty_points": pen.get("points"),
        "penalty_law": pen.get("law", ""),
    }


class MovementForm(forms.Form):
    """Plan a movement: the schedule and guide cards for a field."""

    kind = forms.ChoiceField(
        choices=MovementKind.choices,
        initial=MovementKind.MITCHELL,
    )
    tables = forms.IntegerField(
        min_value=2,
        max_value=30,
        initial=5,
        help_text="For a team match: the number of pairs in each team.",
    )
    boards_per_round = forms.IntegerField(min_value=1, max_value=13, initial=3)
    even = forms.ChoiceField(
        choices=[("skip", "Skip after half the rounds"), ("relay", "Relay and bystand")],
        initial="skip",
        required=False,
        label="Even Mitchell",
    )
    pairs = forms.IntegerField(
        min_value=3,
        required=False,
        help_text="Leave empty for a full field; one fewer than twice the tables gives a sit-out.",
    )
    arrow_switch = forms.BooleanField(required=False, label="Arrow switch on the last round")

    def clean(self):
        data = super().clean()
        assert data is not None  # Form.clean() returns cleaned_data
        kind, tables = data.get("kind"), data.get("tables")
        if kind and tables and tables > MAX_TABLES[kind]:
            self.add_error(
                "tables",
                f"A {dict(self.fields['kind'].choices)[kind]} is offered for up to "  # type: ignore[attr-defined]
                f"{MAX_TABLES[kind]} tables.",
            )
        if kind != "mitchell" and data.get("arrow_switch"):
            self.add_error("arrow_switch", "The arrow switch belongs to a Mitchell.")
        return data


class DealForm(forms.Form):
    """Score one deal by hand: the director's calculator and the base of result entry."""

    code = forms.ChoiceField(choices=[(k, c.name) for k, c in CODES.items()], initial="1915")
    english_slams = forms.BooleanField(required=False, label="English slam rule (1913)")
    contract = forms.CharField(
        max_length=10, help_text="e.g. 4H, 3NTX, 2RS (1913), 3SR or 2NULLO (Royalton), or PASS"
    )
    declarer = forms.ChoiceField(choices=[("", "—"), *SEAT_CHOICES], required=False)
    tricks = forms.IntegerField(
        min_value=0, max_value=13, required=False, label="Tricks won by declarer's side"
    )
    dealer = forms.ChoiceField(choices=[("", "—"), *SEAT_CHOICES], required=False)
    hon_n = forms.IntegerField(min_value=0, max_value=5, required=False, label="Honours N")
    hon_e = forms.IntegerField(min_value=0, max_value=5, required=False, label="Honours E")
    hon_s = forms.IntegerField(min_value=0, max_value=5, required=False, label="Honours S")
    hon_w = forms.IntegerField(min_value=0, max_value=5, required=False, label="Honours W")
    revokes_ns = forms.IntegerField(min_value=0, max_value=13, required=False, initial=0)
    revokes_ew = forms.IntegerField(min_value=0, max_value=13, required=False, initial=0)
    revoke_penalty = forms.ChoiceField(
        choices=[("", "—"), *RevokePenalty.choices],
        required=False,
        label="Declarer's choice for a defender's revoke",
    )
    penalty_side = forms.ChoiceField(choices=[("", "—"), *Direction.choices], required=False)
    penalty_points = forms.IntegerField(min_value=1, required=False)
    penalty_law = forms.CharField(max_length=60, required=False)
    premium = forms.BooleanField(required=False, initial=True, label="Duplicate premium")

    def clean(self):
        data = super().clean()
        assert data is not None  # Form.clean() returns cleaned_data
        try:
            code = get_code(
                data.get("code") or "1915", english_slams=bool(data.get("english_slams"))
            )
        except ValueError as e:
            raise forms.ValidationError(str(e)) from None
        text = data.get("contract")
        if not text:
            return data
        try:
            contract = parse_contract(text, code)
        except ContractError as e:
            self.add_error("contract", str(e))
            return data
        if not contract.is_pass:
            if not data.get("declarer"):
                self.add_error("declarer", "Who was declarer?")
            if data.get("tricks") is None:
                self.add_error("tricks", "How many tricks did declarer's side win?")
        if data.get("penalty_points") and not data.get("penalty_side"):
            self.add_error("penalty_side", "Which side receives the penalty points?")
        if self.errors:
            return data
        data["code_obj"] = code
        data["result"] = DealResult(
            contract=contract,
            declarer=data.get("declarer") or None,
            tricks=data.get("tricks") or 0,
            dealer=data.get("dealer") or None,
            honours=honours_from(data),
            revokes={"NS": data.get("revokes_ns") or 0, "EW": data.get("revokes_ew") or 0},
            revoke_penalty=data.get("revoke_penalty") or None,
            penalties=tuple(
                Penalty(p["side"], p["points"], p["law"]) for p in penalties_from(data)
            ),
            premium=bool(data.get("premium")),
        )
        return data


# --- director forms -------------------------------------------------------------


class EventForm(forms.ModelForm):
    """Create an event: the laws, the form of contest, the movement."""

    class Meta:
        model = Event
        fields = [
            "name",
            "date",
            "code",
            "english_slams",
            "premium",
            "form",
            "method",
            "movement",
            "tables",
            "boards_per_round",
            "even",
            "arrow_switch",
            "pairs_count",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}
        labels = {"tables": "Tables (for a team match: pairs in each team)"}

    def clean(self):
        data = super().clean()
        assert data is not None  # Form.clean() returns cleaned_data
        form, movement = data.get("form"), data.get("movement")
        if form == Form.TEAMS:
            data["movement"] = MovementKind.TEAMS
            if data.get("pairs_count"):
                self.add_error("pairs_count", "A team match seats two full teams.")
        elif movement == MovementKind.TEAMS:
            self.add_error("movement", "A pair contest uses a Mitchell or a Howell.")
        if data.get("code") != CodeOfLaws.WC1913 and data.get("english_slams"):
            self.add_error("english_slams", "The English slam rule belongs to the 1913 laws.")
        tables = data.get("tables")
        kind = data.get("movement")
        if tables and kind and tables > MAX_TABLES[kind]:
            self.add_error("tables", f"Up to {MAX_TABLES[kind]} tables for this movement.")
        if tables and tables < 2:
            self.add_error("tables", "At least two tables: duplicate needs a comparison.")
        pc = data.get("pairs_count")
        if pc and tables and pc not in (2 * tables, 2 * tables - 1):
            self.add_error(
                "pairs_count", f"{tables} tables seat {2 * tables - 1} or {2 * tables} pairs."
            )
        return data


class PairNamesForm(forms.Form):
    player1 = forms.CharField(max_length=80, required=False, label="Player 1")
    player2 = forms.CharField(max_length=80, required=False, label="Player 2")


class ResultEntryForm(forms.Form):
    """One traveller line as the scorer writes it.  Blank rows are not saved."""

    contract = forms.CharField(max_length=12, required=False)
    declarer = forms.ChoiceField(choices=[("", "—"), *SEAT_CHOICES], required=False)
    tricks = forms.IntegerField(min_value=0, max_value=13, required=False)
    hon_n = forms.IntegerField(min_value=0, max_value=5, required=False, label="N")
    hon_e = forms.IntegerField(min_value=0, max_value=5, required=False, label="E")
    hon_s = forms.IntegerField(min_value=0, max_value=5, required=False, label="S")
    hon_w = forms.IntegerField(min_value=0, max_value=5, required=False, label="W")
    revokes_ns = forms.IntegerField(min_value=0, max_value=13, required=False)
    revokes_ew = forms.IntegerField(min_value=0, max_value=13, required=False)
    revoke_penalty = forms.ChoiceField(choices=[("", "—"), *RevokePenalty.choices], required=False)
    penalty_side = forms.ChoiceField(choices=[("", "—"), *Direction.choices], required=False)
    penalty_points = forms.IntegerField(min_value=1, max_value=1000, required=False)
    penalty_law = forms.CharField(max_length=60, required=False)

    def is_blank(self) -> bool:
        return not (self.cleaned_data.get("contract") or "").strip()

    def clean(self):
        data = super().clean()
        assert data is not None  # Form.clean() returns cleaned_data
        has_contract = bool((data.get("contract") or "").strip())
        if has_contract and data.get("penalty_points") and not data.get("penalty_side"):
            self.add_error("penalty_side", "Which side receives the penalty?")
        return data

    def entry(self) -> Entry:
        return entry_from(self.cleaned_data["contract"].strip().upper(), self.cleaned_data)

    initial_from = staticmethod(initial_from)


class CorrectionForm(ResultEntryForm):
    adjusted = forms.ChoiceField(
        choices=[("", "— (use the contract above)"), *Adjusted.choices],
        required=False,
        label="Or an artificial score",
    )
    reason = forms.CharField(
        max_length=300,
        required=False,
        widget=forms.TextInput(attrs={"size": 60}),
        help_text="Required once the round is closed (Law E).",
    )

    def clean(self):
        data = super().clean()
        if not data.get("adjusted") and not (data.get("contract") or "").strip():
            self.add_error("contract", "Enter the contract, or choose an artificial score.")
        return data

    def entry(self) -> Entry:
        adjusted = self.cleaned_data.get("adjusted") or ""
        return Entry.artificial(adjusted) if adjusted else super().entry()


class IrregularForm(forms.Form):
    """Duplicate Law B: a player found with more or fewer than 13 cards."""

    round = forms.IntegerField(min_value=1, label="Round in which it was found")
    table = forms.IntegerField(min_value=1, label="Table at which it was found")
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
    reason = forms.CharField(max_length=300, required=False, label="Note")


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=300, required=False)


__all__ = [
    "CorrectionForm",
    "DealForm",
    "EventForm",
    "IrregularForm",
    "MovementForm",
    "PairNamesForm",
    "ReasonForm",
    "ResultEntryForm",
]
