"""The public tools' forms: a deal scored by hand (the director's calculator) and
a movement planned (its schedule and guide cards).

Apart from the event's forms because nothing they enter is stored: the tools
pages (:mod:`tournament.views.public`) answer from :mod:`scoring` and
:mod:`scoring.movements` alone.
"""

from __future__ import annotations

from typing import Any

from django import forms

from scoring import CODES, DealResult, Penalty, parse_contract
from scoring.codes import get_code
from scoring.contract import ContractError
from scoring.movements import MAX_TABLES
from scoring.movements.individuals import MAX_PLAYERS, MIN_PLAYERS

from ..choices import Direction, MovementKind, RevokePenalty
from ..services import user_message
from .fields import SEAT_CHOICES, OneLineText, WholeNumber, honours_from, penalties_from

# The players an individual movement of the library seats, fewest and most.
INDIVIDUAL_PLAYERS = (MIN_PLAYERS, MAX_PLAYERS)


class MovementForm(forms.Form):
    """Plan a movement: the schedule and guide cards for a field."""

    # An individual is planned by its players (``manage.py movement individual``).
    kind = forms.ChoiceField(
        choices=[c for c in MovementKind.choices if c[0] != MovementKind.INDIVIDUAL],
        initial=MovementKind.MITCHELL,
    )
    tables = WholeNumber(
        min_value=2,
        max_value=30,
        initial=5,
        help_text="For a team match: the number of pairs in each team.",
    )
    boards_per_round = WholeNumber(min_value=1, max_value=13, initial=3)
    even = forms.ChoiceField(
        choices=[("skip", "Skip after half the rounds"), ("relay", "Relay and bystand")],
        initial="skip",
        required=False,
        label="Even Mitchell",
    )
    pairs = WholeNumber(
        min_value=3,
        required=False,
        help_text="Leave empty for a full field; one fewer than twice the tables gives a sit-out.",
    )
    arrow_switch = forms.BooleanField(required=False, label="Arrow switch on the last round")

    # A Mitchell's own options, shown only for one (static/tournament/showwhen.js), as
    # on the new-event form.
    SHOW_WHEN = {"even": "kind=mitchell", "arrow_switch": "kind=mitchell"}

    @property
    def rows(self) -> list[tuple[forms.BoundField, str]]:
        return [(self[name], self.SHOW_WHEN.get(name, "")) for name in self.fields]

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
        if kind != MovementKind.MITCHELL:
            # Ignored, not refused, as the new-event form does (EventForm's
            # _ignore_what_does_not_apply): without script the options show for any
            # movement, and a box ticked before switching to a Howell stays ticked.
            data["even"], data["arrow_switch"] = "skip", False
        return data


class ChooserForm(forms.Form):
    """The chooser's question: the pairs present and, if the director has one, the
    session's length in boards or minutes (scoring.movements.chooser)."""

    pairs = WholeNumber(min_value=3, max_value=2 * MAX_TABLES["mitchell"], label="Pairs present")
    boards = WholeNumber(
        min_value=1,
        max_value=200,
        required=False,
        label="About how many boards",
        help_text="Each pair's; empty: a club evening of 24-27.",
    )
    minutes = WholeNumber(
        min_value=10,
        max_value=24 * 60,
        required=False,
        label="Or minutes to play",
        help_text="7.5 minutes a board and a minute a change of tables.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("prefix", "choose")
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)

    @classmethod
    def asked(cls, data: Any) -> ChooserForm | None:
        """The form bound to ``data`` when it asks the chooser (has the pairs), else None."""
        return cls(data) if "choose-pairs" in data else None

    def question(self) -> tuple[int, int | None, int | None] | None:
        """(pairs, boards, minutes) when the form is valid, else None."""
        if not self.is_valid():
            return None
        d = self.cleaned_data
        return d["pairs"], d.get("boards"), d.get("minutes")


class IndividualChooserForm(forms.Form):
    """The chooser's question for an individual: the players present and, if the
    director has one, about how many boards each plays (docs/director/individuals.md)."""

    players = WholeNumber(
        min_value=INDIVIDUAL_PLAYERS[0], max_value=INDIVIDUAL_PLAYERS[1], label="Players present"
    )
    boards = WholeNumber(
        min_value=1,
        max_value=200,
        required=False,
        label="About how many boards",
        help_text="Each player's; empty: a club evening of 24-27.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("prefix", "ind")
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)

    @classmethod
    def asked(cls, data: Any) -> IndividualChooserForm | None:
        """The form bound to ``data`` when it asks for an individual, else None."""
        return cls(data) if "ind-players" in data else None

    def question(self) -> tuple[int, int | None] | None:
        """(players, boards) when the form is valid, else None."""
        if not self.is_valid():
            return None
        return self.cleaned_data["players"], self.cleaned_data.get("boards")


class NamedMovementForm(forms.Form):
    """A movement of the library by its name, as the chooser's candidates link to it."""

    name = OneLineText(max_length=40)
    boards_per_round = WholeNumber(min_value=1, max_value=13)
    pairs = WholeNumber(min_value=3, max_value=2 * MAX_TABLES["mitchell"], required=False)


class DealForm(forms.Form):
    """Score one deal by hand: the director's calculator and the base of result entry."""

    code = forms.ChoiceField(choices=[(k, c.name) for k, c in CODES.items()], initial="1915")
    english_slams = forms.BooleanField(required=False, label="English slam rule (1913)")
    english_bidding = forms.BooleanField(required=False, label="English bidding rule (1913)")
    contract = OneLineText(
        max_length=10, help_text="e.g. 4H, 3NTX, 2RS (1913), 3SR or 2NULLO (Royalton), or PASS"
    )
    declarer = forms.ChoiceField(choices=[("", "—"), *SEAT_CHOICES], required=False)
    tricks = WholeNumber(
        min_value=0, max_value=13, required=False, label="Tricks won by declarer's side"
    )
    dealer = forms.ChoiceField(choices=[("", "—"), *SEAT_CHOICES], required=False)
    hon_n = WholeNumber(min_value=0, max_value=5, required=False, label="Honours N")
    hon_e = WholeNumber(min_value=0, max_value=5, required=False, label="Honours E")
    hon_s = WholeNumber(min_value=0, max_value=5, required=False, label="Honours S")
    hon_w = WholeNumber(min_value=0, max_value=5, required=False, label="Honours W")
    revokes_ns = WholeNumber(min_value=0, max_value=13, required=False, initial=0)
    revokes_ew = WholeNumber(min_value=0, max_value=13, required=False, initial=0)
    revoke_penalty = forms.ChoiceField(
        choices=[("", "—"), *RevokePenalty.choices],
        required=False,
        label="Declarer's choice for a defender's revoke",
    )
    penalty_side = forms.ChoiceField(choices=[("", "—"), *Direction.choices], required=False)
    penalty_points = WholeNumber(min_value=1, required=False)
    penalty_law = OneLineText(max_length=60, required=False)
    premium = forms.BooleanField(required=False, initial=True, label="Duplicate premium")

    def clean(self):
        data = super().clean()
        assert data is not None  # Form.clean() returns cleaned_data
        try:
            code = get_code(
                data.get("code") or "1915",
                english_slams=bool(data.get("english_slams")),
                english_bidding=bool(data.get("english_bidding")),
            )
        except ValueError as e:
            raise forms.ValidationError(user_message(e)) from None
        text = data.get("contract")
        if not text:
            return data
        try:
            contract = parse_contract(text, code)
        except ContractError as e:
            self.add_error("contract", user_message(e))
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
