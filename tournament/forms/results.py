"""Forms: every field validated, every message in a director's words."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

from django import forms

from scoring import CODES, Code, Contract, DealResult, Penalty, ScoringError, parse_contract
from scoring.codes import get_code
from scoring.contract import ContractError
from scoring.honours import honour_holding_of, honour_holdings, honours_question

from .choices import (
    Adjusted,
    CodeOfLaws,
    Direction,
    Discovered,
    Even,
    Form,
    MovementKind,
    RevokePenalty,
    Seat,
    SurplusWith,
)
from .models import Contest, Event, League
from .movements import MAX_TABLES
from .services import Entry, user_message


class WholeNumber(forms.IntegerField):
    """A whole-number field whose refusals are the room's words, not Django's ("Ensure
    this value is less than or equal to 13", a trial found on the director's forms)."""

    default_error_messages = {
        "invalid": "A whole number, please.",
        "min_value": "At least %(limit_value)s.",
        "max_value": "At most %(limit_value)s.",
    }


def whole_numbers(field: Any, **kwargs: Any) -> Any:
    """A model form's ``formfield_callback``: every plain integer of the model as a
    :class:`WholeNumber`, so the model's own limits are refused in the same words.

    Its limits are the model's tightest (its validators and the column's range): a
    positive field with ``MinValueValidator(2)`` said "At least 0." to -2 and "At least
    2." to 0 (a new user's trial); now "At least 2." to both."""
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
    from .services.auctions import ruling_penalties  # a ruling's points are not typed

    hon = result.honours or {}
    ruled = ruling_penalties(result.seating, result.board) if result.seating_id else []
    typed = [p for p in result.penalties or () if p not in ruled]
    pen = typed[0] if typed else {}
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


class DealForm(forms.Form):
    """Score one deal by hand: the director's calculator and the base of result entry."""

    code = forms.ChoiceField(choices=[(k, c.name) for k, c in CODES.items()], initial="1915")
    english_slams = forms.BooleanField(required=False, label="English slam rule (1913)")
    english_bidding = forms.BooleanField(required=False, label="English bidding rule (1913)")
    contract = forms.CharField(
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
    penalty_law = forms.CharField(max_length=60, required=False)
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


# --- director forms -------------------------------------------------------------


class EventForm(forms.ModelForm):
    """Create an event: the laws, the form of contest, the movement."""

    class Meta:
        formfield_callback = whole_numbers  # the model's integers in the room's words
        model = Event
        fields = [
            "name",
            "date",
            "code",
            "english_slams",
            "english_bidding",
            "premium",
            "form",
            "method",
            "movement",
            "tables",
            "boards_per_round",
            "even",
            "arrow_switch",
            "pairs_count",
            "record_auctions",
            "tablet_running_score",
            "adjusted_plus_percent",
            "adjusted_minus_percent",
            "adjusted_points",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    # The model's plain positive integers would say "At least 0." for a negative number,
    # while the movement refuses fewer than one board a round (and two tables) in other
    # words: each lower limit is stated once, here or in clean(), in the room's words.
    tables = WholeNumber(label="Tables (for a team match: pairs in each team)")  # clean()
    boards_per_round = WholeNumber(min_value=1, max_value=13, initial=3, label="Boards per round")

    # The form in the order a director decides (one fieldset each); a field a later
    # feature adds and no section names is shown under "Options", never dropped.
    SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
        ("The evening", ("name", "date")),
        ("Code of laws", ("code", "english_slams", "english_bidding", "premium")),
        ("The contest", ("form", "method")),
        (
            "Movement",
            ("movement", "tables", "boards_per_round", "even", "arrow_switch", "pairs_count"),
        ),
        ("At the tables", ("record_auctions", "tablet_running_score")),
        (
            "The director's adjusted scores",
            ("adjusted_plus_percent", "adjusted_minus_percent", "adjusted_points"),
        ),
    )
    # Shown only when they apply (showwhen.js: every condition, space-separated, must
    # hold; without script every field shows, and clean() ignores what does not apply).
    # The even-table choice and the arrow switch are a Mitchell's; a sit-out (one pair
    # short) fits a Mitchell or a Howell, never a team match (Law G: equal teams).
    SHOW_WHEN = {
        "english_slams": "code=1913",
        "english_bidding": "code=1913",
        "method": "form=pairs",
        "movement": "form=pairs",
        "even": "form=pairs movement=mitchell",
        "arrow_switch": "form=pairs movement=mitchell",
        "pairs_count": "form=pairs",
        "adjusted_plus_percent": "method=matchpoints",
        "adjusted_minus_percent": "method=matchpoints",
        "adjusted_points": "method=total",
    }

    ADJUSTED_VALUES = ("adjusted_plus_percent", "adjusted_minus_percent", "adjusted_points")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        for name in self.ADJUSTED_VALUES:  # left blank: the usual value
            self.fields[name].required = False

    def clean_adjusted_plus_percent(self) -> int:
        return self._or_default("adjusted_plus_percent")

    def clean_adjusted_minus_percent(self) -> int:
        return self._or_default("adjusted_minus_percent")

    def clean_adjusted_points(self) -> int:
        return self._or_default("adjusted_points")

    def _or_default(self, name: str) -> int:
        value = self.cleaned_data.get(name)
        return getattr(Event(), name) if value is None else value  # the model's default

    def fieldsets(self) -> list[tuple[str, list[tuple[forms.BoundField, str]]]]:
        """The sections with their bound fields, each with its "show when" condition."""
        named = {n for _, names in self.SECTIONS for n in names}
        sections = [
            (legend, [n for n in names if n in self.fields]) for legend, names in self.SECTIONS
        ]
        extra = [n for n in self.fields if n not in named]
        if extra:
            sections.append(("Options", extra))
        return [
            (legend, [(self[n], self.SHOW_WHEN.get(n, "")) for n in names])
            for legend, names in sections
        ]

    def clean(self):
        data = super().clean()
        assert data is not None  # Form.clean() returns cleaned_data
        form, movement = data.get("form"), data.get("movement")
        if form == Form.TEAMS:
            data["movement"] = MovementKind.TEAMS
        elif movement == MovementKind.TEAMS:
            self.add_error("movement", "A pair contest uses a Mitchell or a Howell.")
        self._ignore_what_does_not_apply(data)
        if data.get("code") != CodeOfLaws.WC1913:
            for option in ("english_slams", "english_bidding"):
                if data.get(option):
                    label = self.fields[option].label
                    self.add_error(option, f"The {label} belongs to the 1913 laws.")
        tables = data.get("tables")
        kind = data.get("movement")
        teams = kind == MovementKind.TEAMS  # "tables" is then the pairs in each team
        if tables and kind and tables > MAX_TABLES[kind]:
            most = MAX_TABLES[kind]
            self.add_error(
                "tables",
                f"Up to {most} pairs a team."
                if teams
                else f"Up to {most} tables for this movement.",
            )
        if tables is not None and tables < 2:
            self.add_error(
                "tables",
                "At least two pairs a team: a team plays each deal both ways, a pair "
                "North-South and a pair East-West (Law G)."
                if teams
                else "At least two tables: duplicate needs a comparison.",
            )
        pc = data.get("pairs_count")
        if pc and tables and pc not in (2 * tables, 2 * tables - 1):
            self.add_error(
                "pairs_count", f"{tables} tables seat {2 * tables - 1} or {2 * tables} pairs."
            )
        return data

    def _ignore_what_does_not_apply(self, data: dict[str, Any]) -> None:
        """Set the fields the movement chosen has no use for back to their defaults: the
        even-table choice and the arrow switch are a Mitchell's; a team match seats two
        full teams (Law G), so no sit-out; a Howell one pair short has one as a Mitchell.

        The form hides them (SHOW_WHEN), but a hidden field keeps what was typed in it
        before, and without script every field shows: what does not apply is ignored,
        not refused with a message on a field the director may not see.
        """
        kind = data.get("movement")
        if kind in (MovementKind.HOWELL, MovementKind.TEAMS):
            data["even"], data["arrow_switch"] = Even.SKIP, False
        if kind == MovementKind.TEAMS:
            data["pairs_count"] = None


class PairNamesForm(forms.Form):
    player1 = forms.CharField(max_length=80, required=False, label="Player 1")
    player2 = forms.CharField(max_length=80, required=False, label="Player 2")


@cache  # a code is one object per code and options; a tablet's form asks on every request
def honours_choices(code: Code) -> tuple:
    """The answers to "how did the honours lie?" that score differently, grouped.

    RULES.md section 2: without a hand record the honours are a required
    answer.  The strain is chosen on the same form, so both groups are
    offered (trump honours, and the aces at no trump); the form checks that
    the answer fits the contract.  Values are ``"trumps:<key>"`` or
    ``"aces:<key>"`` with the keys of :func:`scoring.honours.honour_holdings`.
    """
    if not code.has_honours:
        return ()
    trump = next(s for s in code.strains if s not in ("NT", "NULLO"))
    return (
        ("", "—"),
        (
            "In a trump contract",
            tuple((f"trumps:{h.key}", h.label) for h in honour_holdings(code, f"1{trump}")),
        ),
        ("At no trump", tuple((f"aces:{h.key}", h.label) for h in honour_holdings(code, "1NT"))),
    )


def honours_answer(
    code: Code, contract: Contract, answer: str, *, hand_record: bool
) -> dict[str, int] | None:
    """The honour counts an answer stands for; a ValidationError when it is missing or wrong.

    None when there is nothing to ask (Royalton, passed out, nullo, or a
    hand record gives the honours).
    """
    question = honours_question(code, contract, hand_record=hand_record)
    if question is None:
        return None
    if not answer:
        raise forms.ValidationError(
            'How did the honours lie? A blank is not "no honours": in a trump contract the '
            "five honours (A K Q J 10) lie between the two sides, so one side holds three or "
            "more; at no trump say how the aces lay, 2-2 included."
            if question == "trumps"
            else "How did the aces lie? At no trump say so even when they split 2-2 "
            "(nobody scores): a blank is not an answer."
        )
    kind, _, key = answer.partition(":")
    if kind != question:
        raise forms.ValidationError(
            "That answer is about the aces at no trump; this contract has trumps: "
            "say how the trump honours lay."
            if question == "trumps"
            else "That answer is about trump honours; at no trump say how the aces lay."
        )
    for holding in honour_holdings(code, contract):
        if holding.key == key:
            return dict(holding.counts)
    raise forms.ValidationError("Choose one of the honour holdings offered.")


def honours_initial(code: Code, result) -> str:
    """A stored result's honours as the answer that stands for them (to change it)."""
    if not result.honours or not code.has_honours:
        return ""
    try:
        contract = parse_contract(result.contract, code)
        holding = honour_holding_of(code, contract, result.honours)
    except ScoringError:
        return ""
    return f"{'aces' if contract.strain == 'NT' else 'trumps'}:{holding.key}"


class ResultEntryForm(forms.Form):
    """One traveller line as the scorer writes it.  Blank rows are not saved.

    The contract is read in the notation of the event's code and stored in
    its normal form ("4 h" becomes "4H"); without a hand record the honours
    are a required answer (RULES.md section 2).
    """

    contract = forms.CharField(max_length=12, required=False)
    declarer = forms.ChoiceField(choices=[("", "—"), *SEAT_CHOICES], required=False)
    tricks = WholeNumber(
        min_value=0, max_value=13, required=False, label="Tricks won by declarer's side"
    )
    honours = forms.ChoiceField(choices=[], required=False, label="Honours")
    revokes_ns = WholeNumber(
        min_value=0, max_value=13, required=False, label="Revokes by North-South"
    )
    revokes_ew = WholeNumber(
        min_value=0, max_value=13, required=False, label="Revokes by East-West"
    )
    revoke_penalty = forms.ChoiceField(
        choices=[("", "—"), *RevokePenalty.choices],
        required=False,
        label="Declarer's choice for the defenders' revoke",
    )
    penalty_side = forms.ChoiceField(
        choices=[("", "—"), *Direction.choices], required=False, label="Penalty points to"
    )
    penalty_points = WholeNumber(
        min_value=1, max_value=1000, required=False, label="Penalty points"
    )
    penalty_law = forms.CharField(max_length=60, required=False, label="Law of the penalty")

    def __init__(self, *args, code: Code, hand_record: bool, **kwargs):
        super().__init__(*args, **kwargs)
        self.code = code
        self.hand_record = hand_record
        self.fields["contract"].help_text = f"e.g. {code.notation_hint}"
        if hand_record or not code.has_honours:
            del self.fields["honours"]
        else:
            self.fields["honours"].choices = honours_choices(code)  # type: ignore[attr-defined]
        self._honours: dict[str, int] | None = None

    @property
    def asks_honours(self) -> bool:
        return "honours" in self.fields

    def is_blank(self) -> bool:
        return not (self.cleaned_data.get("contract") or "").strip()

    def clean(self):
        data = super().clean()
        assert data is not None
        text = (data.get("contract") or "").strip()
        if not text:
            return data
        try:
            contract = parse_contract(text, self.code)
        except ScoringError as e:
            self.add_error("contract", user_message(e))
            return data
        data["contract"] = str(contract)  # stored in its normal form
        if not contract.is_pass:
            if not data.get("declarer"):
                self.add_error("declarer", "Who was declarer?")
            if data.get("tricks") is None:
                self.add_error("tricks", "How many tricks did declarer's side win?")
        else:
            for name in ("declarer", "tricks", "revoke_penalty"):
                if data.get(name) not in (None, ""):
                    self.add_error(name, "A passed-out deal is not played: leave this blank.")
        if self.asks_honours:
            try:
                self._honours = honours_answer(
                    self.code, contract, data.get("honours") or "", hand_record=self.hand_record
                )
            except forms.ValidationError as e:
                self.add_error("honours", e)
        if data.get("penalty_points") and not data.get("penalty_side"):
            self.add_error("penalty_side", "Which side receives the penalty?")
        return data

    def entry(self) -> Entry:
        e = entry_from(self.cleaned_data["contract"], self.cleaned_data)
        return replace(e, honours=self._honours)

    def messages(self) -> list[str]:
        """Every error in the scorer's words, each named by its field's label."""
        out: list[str] = []
        for name, errors in self.errors.items():
            # Named by its label ("Penalty points"), never its field ("penalty_points").
            label = self[name].label if name in self.fields else ""
            out += [
                f"{label}: {e}" if label and name != "__all__" else user_message(str(e))
                for e in errors
            ]
        return out

    @classmethod
    def initial_from(cls, result, code: Code) -> dict:
        data = initial_from(result)
        data["honours"] = honours_initial(code, result)
        return data


class CorrectionForm(ResultEntryForm):
    adjusted = forms.ChoiceField(
        choices=[("", "— (use the contract above)"), *Adjusted.choices],
        required=False,
        label="Or an artificial score",
    )
    reason = forms.CharField(
        max_length=300,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2, "cols": 60}),
        help_text="Required once the round is closed (Law E).",
    )

    def clean(self):
        if (self.data.get(self.add_prefix("adjusted")) or "") and self.asks_honours:
            self.fields["honours"].required = False
        data = super().clean()
        if data.get("adjusted"):
            for name in ("contract", "declarer", "tricks", "honours"):
                self.errors.pop(name, None)
        elif not (data.get("contract") or "").strip():
            self.add_error("contract", "Enter the contract, or choose an artificial score.")
        return data

    def entry(self) -> Entry:
        adjusted = self.cleaned_data.get("adjusted") or ""
        return Entry.artificial(adjusted) if adjusted else super().entry()


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
    reason = forms.CharField(
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


class AdjustForm(forms.Form):
    """The director's adjusted score at one table (scoring.adjusted): not played, an
    award to each side, or a weighted score of two or three results."""

    where = forms.ChoiceField(label="Table")
    kind = forms.ChoiceField(
        choices=[
            ("not-played", "Not played (compared like an absent table)"),
            ("assigned", "Average-plus, average or average-minus to each side"),
            ("weighted", "A weighted score (parts of two or three results)"),
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
    reason = forms.CharField(
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
            self.fields[f"weight{i}"] = forms.CharField(
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
            if kind == "weighted" and (weight or score is not None):
                if not weight:
                    self.add_error(f"weight{i}", "Give this part's weight, e.g. 1/3.")
                elif score is None:
                    self.add_error(f"score{i}", "Give this part's net score to North-South.")
                else:
                    parts.append((weight, score))
        if kind == "assigned":
            for side in ("ns_award", "ew_award"):
                if not data.get(side):
                    self.add_error(side, "Choose average-plus, average or average-minus.")
            data["adjusted"] = f"{data.get('ns_award')}/{data.get('ew_award')}"
        elif kind == "weighted":
            data["adjusted"] = "weighted"
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
    reason = forms.CharField(max_length=300, label="Reason")

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


class LatePairForm(forms.Form):
    """A late pair: from which round, which free place, its players."""

    from_round = forms.TypedChoiceField(coerce=int, label="Plays from round")
    place = forms.ChoiceField(required=False, label="Takes the place of")
    player1 = forms.CharField(max_length=80, required=False, label="Player 1")
    player2 = forms.CharField(max_length=80, required=False, label="Player 2")

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
    reason = forms.CharField(max_length=300, required=False, label="Note")

    def __init__(self, *args: Any, pairs: Any = (), **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.fields["pair"].choices = [("", "—")] + [  # type: ignore[attr-defined]
            (p.label, f"Pair {p.label}" + (f": {p.names}" if p.names else "")) for p in pairs
        ]


class ContestForm(EventForm):
    """A pair event of several sections and/or sessions: every part's settings, and how
    many sections and sessions, and how the sessions carry over."""

    sections = WholeNumber(min_value=1, max_value=8, initial=2, label="Sections")
    sessions = WholeNumber(min_value=1, max_value=6, initial=1, label="Sessions")
    carry = forms.ChoiceField(
        choices=Contest.Carry.choices,
        initial=Contest.Carry.TOTAL,
        label="Sessions carried over by",
    )

    # The scoring method before the carry-over, which depends on it (percentages are
    # averaged for matchpoints only).
    SECTIONS = (
        ("The event", ("name", "date")),
        ("Scoring", ("method",)),
        ("Sections and sessions", ("sections", "sessions", "carry")),
        *(s for s in EventForm.SECTIONS if s[0] not in ("The evening", "The contest")),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        del self.fields["form"]  # sections and sessions are for pair events
        self.fields["tables"].label = "Tables in each section"
        # A pair contest's movement: a team match (Law G) is not a section of one.
        movement = self.fields["movement"]
        movement.choices = [  # type: ignore[attr-defined]
            (value, label)
            for value, label in movement.choices  # type: ignore[attr-defined]
            if value != MovementKind.TEAMS
        ]


class LeagueForm(forms.ModelForm):
    """A team event of many teams: its teams, how they are drawn, the matches' settings."""

    teams = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 6, "cols": 40}),
        label="Teams, one a line (the first round of a Swiss pairs them in this order)",
    )

    class Meta:
        formfield_callback = whole_numbers  # the model's integers in the room's words
        model = League
        fields = [
            "name",
            "date",
            "code",
            "premium",
            "pairs_per_team",
            "boards_per_round",
            "draw",
            "rounds",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}
        labels = {"pairs_per_team": "Pairs in each team (tables a match)"}

    SHOW_WHEN = {"rounds": "draw=swiss"}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)

    def rows(self) -> list[tuple[forms.BoundField, str]]:
        return [(self[n], self.SHOW_WHEN.get(n, "")) for n in self.fields]

    def clean_teams(self) -> list[str]:
        names = [n.strip() for n in self.cleaned_data["teams"].splitlines() if n.strip()]
        if len(names) < 3:
            raise forms.ValidationError("Name at least three teams, one a line.")
        if any(len(n) > 80 for n in names):
            raise forms.ValidationError("A team's name is at most 80 letters.")
        return names


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=300, required=False)


__all__ = [
    "AdjustForm",
    "AdjustedValuesForm",
    "ContestForm",
    "CorrectionForm",
    "DealForm",
    "EventForm",
    "FouledForm",
    "IrregularForm",
    "LatePairForm",
    "LeagueForm",
    "MovementForm",
    "PairNamesForm",
    "ReasonForm",
    "ResultEntryForm",
    "WithdrawForm",
]
