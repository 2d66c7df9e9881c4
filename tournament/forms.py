"""Forms: every field validated, every message in a director's words."""

from __future__ import annotations

from django import forms

from scoring import CODES, DealResult, Penalty, parse_contract
from scoring.codes import get_code
from scoring.contract import ContractError

from .movements import MAX_TABLES

SEAT_CHOICES = [("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")]


class MovementForm(forms.Form):
    """Plan a movement: the schedule and guide cards for a field."""

    kind = forms.ChoiceField(
        choices=[("mitchell", "Mitchell"), ("howell", "Howell"), ("teams", "Team match")],
        initial="mitchell",
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
        kind, tables = data.get("kind"), data.get("tables")
        if kind and tables and tables > MAX_TABLES[kind]:
            self.add_error(
                "tables",
                f"A {dict(self.fields['kind'].choices)[kind]} is offered for up to "
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
    honours_n = forms.IntegerField(min_value=0, max_value=5, required=False, label="Honours N")
    honours_e = forms.IntegerField(min_value=0, max_value=5, required=False, label="Honours E")
    honours_s = forms.IntegerField(min_value=0, max_value=5, required=False, label="Honours S")
    honours_w = forms.IntegerField(min_value=0, max_value=5, required=False, label="Honours W")
    revokes_ns = forms.IntegerField(min_value=0, max_value=13, required=False, initial=0)
    revokes_ew = forms.IntegerField(min_value=0, max_value=13, required=False, initial=0)
    revoke_penalty = forms.ChoiceField(
        choices=[("", "—"), ("points", "100 points"), ("tricks", "three tricks")],
        required=False,
        label="Declarer's choice for a defender's revoke",
    )
    penalty_side = forms.ChoiceField(
        choices=[("", "—"), ("NS", "North-South"), ("EW", "East-West")], required=False
    )
    penalty_points = forms.IntegerField(min_value=1, required=False)
    penalty_law = forms.CharField(max_length=60, required=False)
    premium = forms.BooleanField(required=False, initial=True, label="Duplicate premium")

    def clean(self):
        data = super().clean()
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
        counts = {s: data.get(f"honours_{s.lower()}") for s in "NESW"}
        honours = None
        if any(v is not None for v in counts.values()):
            honours = {s: v or 0 for s, v in counts.items()}
        penalties = ()
        if data.get("penalty_points"):
            if not data.get("penalty_side"):
                self.add_error("penalty_side", "Which side receives the penalty points?")
            else:
                penalties = (
                    Penalty(
                        data["penalty_side"], data["penalty_points"], data.get("penalty_law") or ""
                    ),
                )
        if self.errors:
            return data
        data["code_obj"] = code
        data["result"] = DealResult(
            contract=contract,
            declarer=data.get("declarer") or None,
            tricks=data.get("tricks") or 0,
            dealer=data.get("dealer") or None,
            honours=honours,
            revokes={"NS": data.get("revokes_ns") or 0, "EW": data.get("revokes_ew") or 0},
            revoke_penalty=data.get("revoke_penalty") or None,
            penalties=penalties,
            premium=bool(data.get("premium")),
        )
        return data
